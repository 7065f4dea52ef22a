//! The service's limits (the spec's "Limits" table and what OnApp enforces),
//! each a check that answers the message the service gives.

use std::net::Ipv4Addr;

pub fn hostname(value: &str) -> Result<(), &'static str> {
    if value.is_empty() {
        Err("can't be blank")
    } else if value.chars().count() > 25 {
        Err("is too long (maximum is 25 characters)")
    } else if value.starts_with(|c: char| c.is_ascii_digit()) {
        Err("must not start with a digit")
    } else if !value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        Err("may contain only letters, digits and dashes")
    } else {
        Ok(())
    }
}

pub fn password(value: &str) -> Result<(), &'static str> {
    let len = value.chars().count();
    if !(6..=32).contains(&len) {
        Err("must be 6 to 32 characters long")
    } else if !value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        Err("may contain only letters, digits, dashes and underscores")
    } else {
        Ok(())
    }
}

pub fn label(value: &str) -> Result<(), &'static str> {
    if value.trim().is_empty() {
        Err("can't be blank")
    } else if value.chars().count() > 255 {
        Err("is too long (maximum is 255 characters)")
    } else {
        Ok(())
    }
}

pub fn memory(mb: u64) -> Result<(), &'static str> {
    if (128..=262_144).contains(&mb) {
        Ok(())
    } else {
        Err("must be from 128 to 262144 MB")
    }
}

pub fn cpus(n: u64) -> Result<(), &'static str> {
    if (1..=32).contains(&n) {
        Ok(())
    } else {
        Err("must be from 1 to 32")
    }
}

pub fn cpu_shares(n: u64) -> Result<(), &'static str> {
    if (1..=100).contains(&n) {
        Ok(())
    } else {
        Err("must be from 1 to 100")
    }
}

pub fn disk_size(gb: u64) -> Result<(), &'static str> {
    if (1..=2_000).contains(&gb) {
        Ok(())
    } else {
        Err("must be from 1 to 2000 GB")
    }
}

pub fn swap_size(gb: u64) -> Result<(), &'static str> {
    if gb <= 64 {
        Ok(())
    } else {
        Err("must be at most 64 GB")
    }
}

/// Port speed in Mb; 0 is unlimited.
pub fn rate_limit(mb: u64) -> Result<(), &'static str> {
    if mb <= 100_000 {
        Ok(())
    } else {
        Err("must be from 0 (unlimited) to 100000 Mb")
    }
}

pub fn cpu_type(value: &str) -> Result<(), &'static str> {
    if matches!(value, "intel" | "amd") {
        Ok(())
    } else {
        Err("must be intel or amd")
    }
}

pub fn boot_type(value: &str) -> Result<(), &'static str> {
    if matches!(value, "default" | "cdrom") {
        Ok(())
    } else {
        Err("must be default or cdrom")
    }
}

pub fn firewall_policy(value: &str) -> Result<(), &'static str> {
    if matches!(value, "ACCEPT" | "DROP") {
        Ok(())
    } else {
        Err("must be ACCEPT or DROP")
    }
}

/// An ISO URL: http, https, ftp or ftps, with a host.
pub fn iso_url(value: &str) -> Result<(), &'static str> {
    let lower = value.to_ascii_lowercase();
    let rest = ["http://", "https://", "ftp://", "ftps://"]
        .iter()
        .find_map(|scheme| lower.strip_prefix(scheme));
    match rest {
        None => Err("must be an http, https, ftp or ftps URL"),
        Some(rest) if rest.split('/').next().is_none_or(str::is_empty) => Err("must name a host"),
        Some(_) if value.chars().any(char::is_whitespace) => Err("must not contain spaces"),
        Some(_) => Ok(()),
    }
}

/// A unicast MAC address written as six hex pairs separated by colons.
pub fn mac_address(value: &str) -> Result<(), &'static str> {
    let parts: Vec<&str> = value.split(':').collect();
    let bytes: Option<Vec<u8>> = (parts.len() == 6)
        .then(|| {
            parts
                .iter()
                .map(|p| if p.len() == 2 { u8::from_str_radix(p, 16).ok() } else { None })
                .collect()
        })
        .flatten();
    match bytes {
        None => Err("must be six hex pairs separated by colons, e.g. 02:1a:2b:3c:4d:5e"),
        Some(b) if b.iter().all(|x| *x == 0) => Err("must not be all zeros"),
        Some(b) if b[0] & 1 == 1 => Err("must be a unicast address"),
        Some(_) => Ok(()),
    }
}

/// Empty (any port), a comma-separated list, or a colon range, each 1..65535.
pub fn port(value: &str) -> Result<(), &'static str> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(());
    }
    let one = |p: &str| p.trim().parse::<u32>().ok().filter(|n| (1..=65_535).contains(n));
    if let Some((lo, hi)) = value.split_once(':') {
        match (one(lo), one(hi)) {
            (Some(lo), Some(hi)) if lo <= hi => Ok(()),
            (Some(_), Some(_)) => Err("range must go from low to high"),
            _ => Err("must be ports from 1 to 65535"),
        }
    } else if value.split(',').all(|p| one(p).is_some()) {
        Ok(())
    } else {
        Err("must be empty, a port, a list like 22,80,443 or a range like 1000:2000 (1 to 65535)")
    }
}

/// Empty or 0.0.0.0 (everyone), an IPv4 address, one with a mask, or a range.
pub fn address(value: &str) -> Result<(), &'static str> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(());
    }
    let ip = |s: &str| s.trim().parse::<Ipv4Addr>().ok();
    let ok = if let Some((addr, mask)) = value.split_once('/') {
        ip(addr).is_some() && mask.parse::<u8>().is_ok_and(|m| m <= 32)
    } else if let Some((lo, hi)) = value.split_once('-') {
        matches!((ip(lo), ip(hi)), (Some(lo), Some(hi)) if lo <= hi)
    } else {
        ip(value).is_some()
    };
    if ok {
        Ok(())
    } else {
        Err("must be an IPv4 address, an address with a mask (/0 to /32) or a range a.b.c.d-e.f.g.h")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostnames() {
        assert!(hostname("web-01").is_ok());
        assert!(hostname(&"a".repeat(25)).is_ok());
        for bad in ["", "1web", "web_01", "web.example", &"a".repeat(26), "wéb"] {
            assert!(hostname(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords() {
        assert!(password("Abc-12_x").is_ok());
        for bad in ["short", &"a".repeat(33), "has space1", "semi;colon"] {
            assert!(password(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn iso_urls() {
        for good in
            ["http://x.org/a.iso", "https://x.org/a.iso", "ftp://x.org/a.iso", "FTPS://x.org/a.iso"]
        {
            assert!(iso_url(good).is_ok(), "{good}");
        }
        for bad in
            ["file:///etc/passwd", "javascript:alert(1)", "http://", "x.org/a.iso", "http://a b"]
        {
            assert!(iso_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn macs() {
        assert!(mac_address("02:1a:2b:3c:4d:5e").is_ok());
        for bad in [
            "",
            "02:1a:2b:3c:4d",
            "02-1a-2b-3c-4d-5e",
            "00:00:00:00:00:00",
            "01:1a:2b:3c:4d:5e",
            "zz:1a:2b:3c:4d:5e",
        ] {
            assert!(mac_address(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn ports() {
        for good in ["", "22", "22,80,443", "1000:2000", "1:65535"] {
            assert!(port(good).is_ok(), "{good}");
        }
        for bad in ["0", "65536", "2000:1000", "22,", "a", "1-2"] {
            assert!(port(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn addresses() {
        for good in ["", "0.0.0.0", "10.0.0.1", "10.0.0.0/8", "10.0.0.1-10.0.0.9"] {
            assert!(address(good).is_ok(), "{good}");
        }
        for bad in ["10.0.0", "10.0.0.0/33", "10.0.0.9-10.0.0.1", "::1", "host"] {
            assert!(address(bad).is_err(), "{bad}");
        }
    }
}
