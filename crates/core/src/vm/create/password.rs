//! A root password for a new VM, made from random bytes.

/// A password the spec accepts, from random bytes the caller supplies
/// (the browser's crypto in the panel): 16 characters of letters and
/// digits with a dash or underscore, at least one of each case and a digit.
pub fn generate_password(random: &[u8; 16]) -> String {
    const LOWER: &[u8] = b"abcdefghijkmnpqrstuvwxyz";
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const DIGITS: &[u8] = b"23456789";
    const ALL: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_";
    let pick = |set: &[u8], byte: u8| set[byte as usize % set.len()] as char;
    let mut out: Vec<char> = random.iter().map(|b| pick(ALL, *b)).collect();
    // Fixed places for the required kinds, chosen by the random bytes too.
    out[random[0] as usize % 4] = pick(LOWER, random[1]);
    out[4 + random[2] as usize % 4] = pick(UPPER, random[3]);
    out[8 + random[4] as usize % 4] = pick(DIGITS, random[5]);
    out.into_iter().collect()
}
