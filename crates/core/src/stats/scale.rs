//! Units scaled for people: bytes in B to TB, rates in bps to Gbps, chosen
//! for the largest value a chart or a table shows.

use crate::i18n::fixed;

/// A unit chosen for a largest value: divide by `divisor`, write `unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub divisor: f64,
    pub unit: &'static str,
}

impl Scale {
    pub fn format(&self, value: f64) -> String {
        let v = value / self.divisor;
        // Three significant digits at most, none wasted on a whole number.
        let decimals = if v >= 100.0 || v == v.trunc() {
            0
        } else if v >= 10.0 {
            1
        } else {
            2
        };
        format!("{} {}", fixed(v, decimals), self.unit)
    }
}

/// Bytes in B, KB, MB, GB or TB (1024-based) for values up to `max`.
pub fn byte_scale(max: f64) -> Scale {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut divisor = 1.0;
    let mut unit = 0;
    while max / divisor >= 1024.0 && unit < UNITS.len() - 1 {
        divisor *= 1024.0;
        unit += 1;
    }
    Scale { divisor, unit: UNITS[unit] }
}

/// Bits per second in bps, Kbps, Mbps or Gbps (1000-based) for rates up to `max`.
pub fn rate_scale(max_bits_per_second: f64) -> Scale {
    const UNITS: [&str; 4] = ["bps", "Kbps", "Mbps", "Gbps"];
    let mut divisor = 1.0;
    let mut unit = 0;
    while max_bits_per_second / divisor >= 1000.0 && unit < UNITS.len() - 1 {
        divisor *= 1000.0;
        unit += 1;
    }
    Scale { divisor, unit: UNITS[unit] }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_scale() {
        assert_eq!(byte_scale(500.0).unit, "B");
        assert_eq!(byte_scale(2048.0).unit, "KB");
        assert_eq!(byte_scale(5.0 * 1024.0 * 1024.0).unit, "MB");
        assert_eq!(byte_scale(3.0e9).unit, "GB");
        assert_eq!(byte_scale(2048.0).format(3072.0), "3 KB");
        assert_eq!(byte_scale(2048.0).format(1536.0), "1.50 KB");
        assert_eq!(rate_scale(999.0).unit, "bps");
        assert_eq!(rate_scale(1.5e6).unit, "Mbps");
        assert_eq!(rate_scale(2.0e9).format(1.25e9), "1.25 Gbps");
    }
}
