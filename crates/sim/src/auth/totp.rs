//! Two-factor codes (RFC 6238): HMAC-SHA1, 6 digits, 30-second steps, a code
//! of the step before or after accepted for clocks that drift.

use totp_rs::{Algorithm, TOTP};

pub struct Totp(TOTP);

impl Totp {
    pub fn new(secret: Vec<u8>) -> Self {
        Self::with_digits(secret, 6)
    }

    // Unchecked: the provider's secrets may be shorter than the crate's 128-bit minimum.
    fn with_digits(secret: Vec<u8>, digits: usize) -> Self {
        Self(TOTP::new_unchecked(Algorithm::SHA1, digits, 1, 30, secret))
    }

    /// The code at `unix_seconds`.
    pub fn code_at(&self, unix_seconds: u64) -> String {
        self.0.generate(unix_seconds)
    }

    /// Whether `code` is the one at `unix_seconds`, or the step's before or after.
    pub fn accepts(&self, code: &str, unix_seconds: u64) -> bool {
        // The crate's window starts a step back: no step before the epoch's first.
        unix_seconds >= 30 && self.0.check(code.trim(), unix_seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RFC_SECRET: &[u8] = b"12345678901234567890";

    #[test]
    fn the_rfc_6238_sha1_vector() {
        assert_eq!(Totp::with_digits(RFC_SECRET.to_vec(), 8).code_at(59), "94287082");
        assert_eq!(Totp::with_digits(RFC_SECRET.to_vec(), 8).code_at(1_111_111_109), "07081804");
        assert_eq!(Totp::new(RFC_SECRET.to_vec()).code_at(59), "287082");
    }

    #[test]
    fn a_step_either_side_is_accepted() {
        let totp = Totp::new(RFC_SECRET.to_vec());
        let code = totp.code_at(1_000_000);
        assert!(totp.accepts(&code, 1_000_000));
        assert!(totp.accepts(&code, 1_000_000 + 30));
        assert!(totp.accepts(&code, 1_000_000 - 30));
        assert!(!totp.accepts(&code, 1_000_000 + 90));
        assert!(!totp.accepts(&code[1..], 1_000_000), "a code is all six digits");
        assert!(!totp.accepts("", 1_000_000));
    }
}
