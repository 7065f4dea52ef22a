//! What a firewall rule's port and address fields say: the forms the
//! service reads (one port, a list, a colon range; one address, a CIDR, a
//! range), parsed and explained for the form and the matcher alike.

use crate::i18n::messages as t;
use std::net::Ipv4Addr;

/// Which ports a rule covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ports {
    Any,
    List(Vec<u16>),
    Range(u16, u16),
}

impl Ports {
    pub fn covers(&self, port: u16) -> bool {
        match self {
            Ports::Any => true,
            Ports::List(list) => list.contains(&port),
            Ports::Range(lo, hi) => (*lo..=*hi).contains(&port),
        }
    }
}

fn one_port(text: &str) -> Result<u16, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(t::FW_PORT_MISSING.get().into());
    }
    match text.parse::<u32>() {
        Ok(p) if (1..=65_535).contains(&p) => Ok(p as u16),
        Ok(p) => Err(crate::tf!(t::FW_PORT_OUT_OF_RANGE, p = p)),
        Err(_) => Err(crate::tf!(t::FW_NOT_A_PORT, text = text)),
    }
}

/// Empty (any port), a list `22,80,443`, or a range `1000:2000`.
pub fn parse_ports(text: &str) -> Result<Ports, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Ports::Any);
    }
    if let Some((lo, hi)) = text.split_once(':') {
        if hi.contains(':') || text.contains(',') {
            return Err(t::FW_LIST_OR_RANGE.get().into());
        }
        let (lo, hi) = (one_port(lo)?, one_port(hi)?);
        if lo > hi {
            return Err(crate::tf!(t::FW_PORT_RANGE_REVERSED, lo = lo, hi = hi));
        }
        return Ok(Ports::Range(lo, hi));
    }
    if text.contains('-') {
        return Err(t::FW_PORT_RANGE_COLON.get().into());
    }
    let list = text.split(',').map(one_port).collect::<Result<Vec<_>, _>>()?;
    Ok(Ports::List(list))
}

/// Which sources a rule covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Addresses {
    Everyone,
    One(Ipv4Addr),
    Network(Ipv4Addr, u8),
    Range(Ipv4Addr, Ipv4Addr),
}

fn ip(text: &str) -> Result<Ipv4Addr, String> {
    text.trim().parse().map_err(|_| crate::tf!(t::FORM_NOT_IPV4, value = text.trim()))
}

/// Empty or 0.0.0.0 (everyone), an address, an address with a mask, or a range.
pub fn parse_address(text: &str) -> Result<Addresses, String> {
    let text = text.trim();
    if text.is_empty() || text == "0.0.0.0" || text == "0.0.0.0/0" {
        return Ok(Addresses::Everyone);
    }
    if let Some((addr, mask)) = text.split_once('/') {
        let addr = ip(addr)?;
        return match mask.trim().parse::<u8>() {
            Ok(m) if m <= 32 => Ok(Addresses::Network(addr, m)),
            _ => Err(crate::tf!(t::FW_NOT_A_MASK, mask = mask.trim())),
        };
    }
    if let Some((lo, hi)) = text.split_once('-') {
        let (lo, hi) = (ip(lo)?, ip(hi)?);
        if lo > hi {
            return Err(crate::tf!(t::FW_ADDRESS_RANGE_REVERSED, lo = lo, hi = hi));
        }
        return Ok(Addresses::Range(lo, hi));
    }
    ip(text).map(Addresses::One)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_lists_and_ranges() {
        assert_eq!(parse_ports(""), Ok(Ports::Any));
        assert_eq!(parse_ports("22"), Ok(Ports::List(vec![22])));
        assert_eq!(parse_ports("22, 80,443"), Ok(Ports::List(vec![22, 80, 443])));
        assert_eq!(parse_ports("1000:2000"), Ok(Ports::Range(1000, 2000)));
        assert_eq!(parse_ports("1:65535"), Ok(Ports::Range(1, 65535)));
        assert_eq!(
            parse_ports("2000:1000").unwrap_err(),
            "The port range start (2000) is above its end (1000)."
        );
        assert_eq!(
            parse_ports("0").unwrap_err(),
            "Port 0 is out of range: ports go from 1 to 65535."
        );
        assert_eq!(
            parse_ports("65536").unwrap_err(),
            "Port 65536 is out of range: ports go from 1 to 65535."
        );
        assert_eq!(parse_ports("22,,80").unwrap_err(), "A port is missing between the commas.");
        assert_eq!(parse_ports("ssh").unwrap_err(), "“ssh” is not a port number.");
        assert!(parse_ports("1000-2000").unwrap_err().contains("colon"));
        assert!(parse_ports("22,1000:2000").unwrap_err().contains("not both"));
        assert!(parse_ports("1:2:3").is_err());
        assert!(
            Ports::Range(20, 30).covers(22)
                && !Ports::List(vec![80]).covers(22)
                && Ports::Any.covers(22)
        );
    }

    #[test]
    fn address_forms() {
        assert_eq!(parse_address(""), Ok(Addresses::Everyone));
        assert_eq!(parse_address("0.0.0.0"), Ok(Addresses::Everyone));
        assert_eq!(parse_address("10.0.0.1"), Ok(Addresses::One(Ipv4Addr::new(10, 0, 0, 1))));
        assert_eq!(
            parse_address("10.0.0.0/8"),
            Ok(Addresses::Network(Ipv4Addr::new(10, 0, 0, 0), 8))
        );
        assert_eq!(
            parse_address("10.0.0.1-10.0.0.9"),
            Ok(Addresses::Range(Ipv4Addr::new(10, 0, 0, 1), Ipv4Addr::new(10, 0, 0, 9)))
        );
        assert!(parse_address("10.0.0.0/33").unwrap_err().contains("/0 to /32"));
        assert!(parse_address("10.0.0.9-10.0.0.1").unwrap_err().contains("starts"));
        assert!(parse_address("10.0.0").unwrap_err().contains("not an IPv4 address"));
        assert!(parse_address("example.com").is_err());
    }
}
