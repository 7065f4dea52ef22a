//! The spec's limits as checks on what a user typed. Each answers a message
//! that says exactly what is wrong, in words a form can show under the field.

use crate::i18n::messages as t;
use crate::i18n::Text;
use crate::tf;
use std::net::Ipv4Addr;

pub type Check = Result<(), String>;

fn fail(message: &Text) -> Check {
    Err(message.get().to_owned())
}

/// Up to 25 characters; not starting with a digit; letters A–Z, digits and dashes.
pub fn hostname(value: &str) -> Check {
    let value = value.trim();
    if value.is_empty() {
        return fail(&t::VAL_ENTER_HOSTNAME);
    }
    if value.starts_with(|c: char| c.is_ascii_digit()) {
        return fail(&t::VAL_HOSTNAME_DIGIT_FIRST);
    }
    if let Some(bad) = value.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '-')) {
        return Err(tf!(t::VAL_HOSTNAME_BAD_CHAR, bad = bad));
    }
    let len = value.chars().count();
    if len > 25 {
        return Err(tf!(t::VAL_HOSTNAME_TOO_LONG, len = len));
    }
    Ok(())
}

/// 6 to 32 characters of letters, digits, dashes and underscores; empty
/// means the service picks a random one.
pub fn root_password(value: &str) -> Check {
    if value.is_empty() {
        return Ok(());
    }
    if let Some(bad) =
        value.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        let shown = if bad.is_whitespace() {
            t::VAL_A_SPACE.get().to_owned()
        } else {
            tf!(t::VAL_QUOTED_CHAR, bad = bad)
        };
        return Err(tf!(t::VAL_PASSWORD_BAD_CHAR, shown = shown));
    }
    let len = value.chars().count();
    if len < 6 {
        return Err(tf!(t::VAL_PASSWORD_TOO_SHORT, len = len));
    }
    if len > 32 {
        return Err(tf!(t::VAL_PASSWORD_TOO_LONG, len = len));
    }
    Ok(())
}

pub fn label(value: &str) -> Check {
    let len = value.trim().chars().count();
    if len == 0 {
        fail(&t::VAL_ENTER_LABEL)
    } else if len > 255 {
        Err(tf!(t::VAL_LABEL_TOO_LONG, len = len))
    } else {
        Ok(())
    }
}

/// A whole number, answered as such, or a message naming `what`.
pub fn whole_number(value: &str, what: impl std::fmt::Display) -> Result<u64, String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(tf!(t::VAL_ENTER_THE, what = what));
    }
    if value.starts_with('-') {
        return Err(tf!(t::VAL_NOT_NEGATIVE, what = what));
    }
    value.parse::<u64>().map_err(|_| {
        if value.contains(['.', ',']) {
            tf!(t::VAL_WHOLE_NUMBER, what = what)
        } else {
            tf!(t::VAL_A_NUMBER, what = what)
        }
    })
}

/// A whole number of at least 1, e.g. a size or a count.
pub fn positive(value: &str, what: impl std::fmt::Display) -> Result<u64, String> {
    match whole_number(value, &what)? {
        0 => Err(tf!(t::VAL_AT_LEAST_ONE, what = what)),
        n => Ok(n),
    }
}

/// Port speed in Mb: a whole number, 0 meaning unlimited; empty is the default.
pub fn rate_limit(value: &str) -> Check {
    if value.trim().is_empty() {
        return Ok(());
    }
    whole_number(value, t::WHAT_RATE_LIMIT)
        .map(|_| ())
        .map_err(|m| tf!(t::VAL_RATE_LIMIT_UNLIMITED, message = m))
}

/// An ISO's address: http, https, ftp or ftps, with a host, and without a
/// user name or password (an `@` in its authority; one in the path is fine).
pub fn iso_url(value: &str) -> Check {
    let value = value.trim();
    if value.is_empty() {
        return fail(&t::VAL_ENTER_ISO_URL);
    }
    let lower = value.to_ascii_lowercase();
    let Some(rest) =
        ["http://", "https://", "ftp://", "ftps://"].iter().find_map(|s| lower.strip_prefix(s))
    else {
        return fail(&t::VAL_ISO_URL_SCHEME);
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.is_empty() {
        return fail(&t::VAL_ISO_URL_HOST);
    }
    if authority.contains('@') {
        return fail(&t::VAL_ISO_URL_USER_INFO);
    }
    if value.chars().any(char::is_whitespace) {
        return fail(&t::VAL_ISO_URL_SPACES);
    }
    Ok(())
}

/// An IPv4 address in dotted form.
pub fn ipv4(value: &str, what: impl std::fmt::Display) -> Check {
    value.trim().parse::<Ipv4Addr>().map(|_| ()).map_err(|_| tf!(t::VAL_IPV4, what = what))
}

/// A netmask: dotted (255.255.255.0) with contiguous ones, or a prefix (/24).
pub fn netmask(value: &str) -> Check {
    let value = value.trim();
    if let Some(prefix) = value.strip_prefix('/') {
        return match prefix.parse::<u8>() {
            Ok(p) if p <= 32 => Ok(()),
            _ => fail(&t::VAL_NETMASK_PREFIX),
        };
    }
    match value.parse::<Ipv4Addr>() {
        Ok(mask) => {
            let bits = u32::from(mask);
            if bits.leading_ones() + bits.trailing_zeros() == 32 {
                Ok(())
            } else {
                fail(&t::VAL_NETMASK_CONTIGUOUS)
            }
        }
        Err(_) => fail(&t::VAL_NETMASK_FORM),
    }
}

/// Whether `value` is an id as the service writes them: 1 to 20 ASCII
/// digits, spaces around them ignored. The one rule for ids: a form's field
/// ([`id`]), a path ([`crate::api::paths::checked_id`]) and the list's
/// filters all ask it.
pub fn is_id(value: &str) -> bool {
    let value = value.trim();
    (1..=20).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit())
}

/// An id as [`is_id`] takes it, spaces apart, as the source of a regular
/// expression that reads the same in JavaScript: the build writes it into
/// the boot script and the static pages (`crate::boot`), which test the
/// ids in the address and the storage with it.
pub const ID_PATTERN: &str = "[0-9]{1,20}";

/// An id of the catalogue (template, ISO, location, network…), as a form checks it.
pub fn id(value: &str, what: impl std::fmt::Display) -> Check {
    if is_id(value) {
        Ok(())
    } else {
        Err(tf!(t::VAL_CHOOSE, what = what))
    }
}

/// A MAC address: six hex pairs separated by colons, unicast, not all zeros.
pub fn mac_address(value: &str) -> Check {
    let parts: Vec<&str> = value.trim().split(':').collect();
    let bytes: Option<Vec<u8>> = (parts.len() == 6)
        .then(|| {
            parts
                .iter()
                .map(|p| if p.len() == 2 { u8::from_str_radix(p, 16).ok() } else { None })
                .collect()
        })
        .flatten();
    match bytes {
        None => fail(&t::VAL_MAC_FORM),
        Some(b) if b.iter().all(|x| *x == 0) => fail(&t::VAL_MAC_ZEROS),
        Some(b) if b[0] & 1 == 1 => fail(&t::VAL_MAC_UNICAST),
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostname_edges() {
        assert!(hostname("a").is_ok());
        assert!(hostname("web-01").is_ok());
        assert!(hostname("A-Z09").is_ok());
        assert!(hostname(&"a".repeat(25)).is_ok());
        assert!(hostname(&"a".repeat(26))
            .unwrap_err()
            .contains("at most 25 characters long (26 now)"));
        assert_eq!(hostname("").unwrap_err(), "Enter a hostname.");
        assert_eq!(hostname("   ").unwrap_err(), "Enter a hostname.");
        assert_eq!(hostname("1web").unwrap_err(), "The hostname may not start with a digit.");
        assert_eq!(hostname("0").unwrap_err(), "The hostname may not start with a digit.");
        assert!(hostname("-web").is_ok(), "only a leading digit is forbidden by the spec");
        assert!(hostname("web_01").unwrap_err().contains("not “_”"));
        assert!(hostname("web.example.com").unwrap_err().contains("not “.”"));
        assert!(hostname("wéb").unwrap_err().contains("not “é”"));
        assert!(hostname("web 01").is_err());
    }

    #[test]
    fn password_edges() {
        assert!(root_password("").is_ok(), "empty: a random one");
        assert!(root_password("abcdef").is_ok());
        assert!(root_password("Ab-_09").is_ok());
        assert!(root_password(&"x".repeat(32)).is_ok());
        assert!(root_password("abcde").unwrap_err().contains("at least 6 characters (5 now)"));
        assert!(root_password(&"x".repeat(33))
            .unwrap_err()
            .contains("at most 32 characters long (33 now)"));
        assert!(root_password("abc def").unwrap_err().contains("not a space"));
        assert!(root_password("abc$def").unwrap_err().contains("not “$”"));
        assert!(root_password("пароль123").is_err());
    }

    #[test]
    fn numbers() {
        assert_eq!(whole_number("0", "size"), Ok(0));
        assert_eq!(whole_number(" 42 ", "size"), Ok(42));
        assert_eq!(whole_number("", "size").unwrap_err(), "Enter the size.");
        assert_eq!(whole_number("-1", "size").unwrap_err(), "The size cannot be negative.");
        assert_eq!(whole_number("1.5", "size").unwrap_err(), "The size must be a whole number.");
        assert_eq!(whole_number("ten", "size").unwrap_err(), "The size must be a number.");
        assert_eq!(
            whole_number("99999999999999999999999", "size").unwrap_err(),
            "The size must be a number."
        );
        assert_eq!(positive("0", "disk size").unwrap_err(), "The disk size must be at least 1.");
        assert_eq!(positive("1", "disk size"), Ok(1));
    }

    #[test]
    fn rate_limits() {
        for ok in ["", "0", "100", " 1000 "] {
            assert!(rate_limit(ok).is_ok(), "{ok}");
        }
        assert!(rate_limit("-5").unwrap_err().contains("negative"));
        assert!(rate_limit("1.5").unwrap_err().contains("whole number"));
        assert!(rate_limit("fast").unwrap_err().ends_with("Use 0 for unlimited."));
    }

    #[test]
    fn iso_urls() {
        for ok in [
            "http://a.org/x.iso",
            "https://a.org/x.iso",
            "ftp://a.org/x.iso",
            "ftps://a.org/x.iso",
            "HTTPS://A.ORG/x.iso",
            "http://a.org",
        ] {
            assert!(iso_url(ok).is_ok(), "{ok}");
        }
        assert!(iso_url("").is_err());
        assert!(iso_url("file:///x.iso")
            .unwrap_err()
            .contains("http://, https://, ftp:// or ftps://"));
        assert!(iso_url("javascript:alert(1)").is_err());
        assert!(iso_url("sftp://a.org/x.iso").is_err());
        assert!(iso_url("a.org/x.iso").is_err());
        assert!(iso_url("https://").unwrap_err().contains("host"));
        assert!(iso_url("https:///x.iso").unwrap_err().contains("host"));
        assert!(iso_url("https://a.org/my file.iso").unwrap_err().contains("spaces"));
    }

    #[test]
    fn an_iso_url_with_a_login_is_refused() {
        let refused = t::VAL_ISO_URL_USER_INFO.get().to_owned();
        for bad in [
            "https://user:pass@a.org/x.iso",
            "https://user@a.org/x.iso",
            "ftp://u:p@a.org:21",
            "https://:@a.org/x.iso",
            "http://a.org@b.org?x",
        ] {
            assert_eq!(iso_url(bad), Err(refused.clone()), "{bad}");
        }
        for ok in [
            "https://a.org/files/@latest/x.iso",
            "https://a.org/x.iso?by=@me",
            "https://a.org/x.iso#@",
            "ftp://a.org:2121/d/x.iso",
        ] {
            assert!(iso_url(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn addresses_and_masks() {
        assert!(ipv4("192.0.2.10", "gateway").is_ok());
        assert!(ipv4("192.0.2", "gateway").unwrap_err().contains("gateway"));
        assert!(ipv4("256.0.0.1", "gateway").is_err());
        assert!(ipv4("::1", "gateway").is_err());
        for ok in ["255.255.255.0", "255.255.255.255", "0.0.0.0", "255.0.0.0", "/24", "/0", "/32"] {
            assert!(netmask(ok).is_ok(), "{ok}");
        }
        assert!(netmask("255.0.255.0").unwrap_err().contains("ones must come first"));
        assert!(netmask("/33").is_err());
        assert!(netmask("24").is_err());
    }

    #[test]
    fn ids_are_digits() {
        for good in ["3", " 42 ", "00", &"9".repeat(20)] {
            assert!(is_id(good), "{good:?}");
        }
        for bad in ["", " ", "4a", "../1", "1/2", "-1", "+1", "1.0", "１２", &"9".repeat(21)] {
            assert!(!is_id(bad), "{bad:?}");
        }
    }

    #[test]
    fn the_id_pattern_takes_what_is_id_takes() {
        let pattern = regex::Regex::new(&format!("^{ID_PATTERN}$")).unwrap();
        let twenty = "9".repeat(20);
        let twenty_one = "9".repeat(21);
        for value in ["3", "00", "42", &twenty, &twenty_one, "", "4a", "../1", "-1", "1.0", "１２"]
        {
            assert_eq!(pattern.is_match(value), is_id(value), "{value:?}");
        }
    }

    #[test]
    fn ids_and_macs() {
        assert!(id("3", "template").is_ok());
        assert_eq!(id("", "template").unwrap_err(), "Choose a template.");
        assert!(id("x", "template").is_err());
        assert!(mac_address("02:1a:2b:3c:4d:5e").is_ok());
        assert!(mac_address("02:1A:2B:3C:4D:5E").is_ok());
        assert!(mac_address("02-1a-2b-3c-4d-5e").is_err());
        assert!(mac_address("00:00:00:00:00:00").unwrap_err().contains("zeros"));
        assert!(mac_address("01:00:5e:00:00:01").unwrap_err().contains("unicast"));
    }

    #[test]
    fn labels() {
        assert!(label("Web").is_ok());
        assert_eq!(label(" ").unwrap_err(), "Enter a label.");
        assert!(label(&"x".repeat(256)).is_err());
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;

    #[test]
    fn checks_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(hostname("").unwrap_err(), "Escribe un nombre de host.");
        assert_eq!(
            hostname("web_1").unwrap_err(),
            "El nombre de host solo puede contener letras A–Z, dígitos y guiones, no «_»."
        );
        assert_eq!(positive("0", t::WHAT_MEMORY).unwrap_err(), "El mínimo para la memoria es 1.");
        assert_eq!(
            whole_number("1.5", t::WHAT_SWAP_SIZE).unwrap_err(),
            "Usa un número entero para el tamaño de la swap."
        );
        assert_eq!(id("", t::WHAT_TEMPLATE).unwrap_err(), "Elige la plantilla.");
        assert_eq!(root_password("abc def").unwrap_err(), "La contraseña solo puede contener letras, dígitos, guiones y guiones bajos, no un espacio.");
        assert!(iso_url("https://user:pass@a.org/x.iso")
            .unwrap_err()
            .starts_with("Quita el nombre de usuario y la contraseña de la dirección"));
    }
}
