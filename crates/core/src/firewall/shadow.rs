//! Shadowing: whether the rules before a rule already decide every packet it
//! would match, so that it never decides anything, and which of them do.
//! Exact over the whole IPv4 space and port range, not sampled.

use crate::firewall::matcher::{merge, Matcher};

/// Whether the merged `union` contains every interval of `wanted`; a merged
/// interval is maximal, so each wanted interval must fit in a single one.
fn contains_all(union: &[(u16, u16)], wanted: &[(u16, u16)]) -> bool {
    wanted
        .iter()
        .all(|&(lo, hi)| union.iter().any(|&(union_lo, union_hi)| union_lo <= lo && hi <= union_hi))
}

/// Whether `earlier` rules (same protocol) together match every packet `rule` would.
///
/// The address axis is cut at every end of an earlier rule's interval inside
/// the rule's own; within a piece the same earlier rules apply throughout, so
/// checking the piece's first address checks the whole piece.
fn covered_by(rule: &Matcher, earlier: &[&Matcher]) -> bool {
    let (lo, hi) = (u64::from(rule.addresses.0), u64::from(rule.addresses.1));
    let mut starts = vec![lo];
    for other in earlier {
        for cut in [u64::from(other.addresses.0), u64::from(other.addresses.1) + 1] {
            if lo < cut && cut <= hi {
                starts.push(cut);
            }
        }
    }
    starts.sort_unstable();
    starts.dedup();
    starts.into_iter().all(|start| {
        let ports = earlier
            .iter()
            .filter(|other| {
                u64::from(other.addresses.0) <= start && start <= u64::from(other.addresses.1)
            })
            .flat_map(|other| other.ports.iter().copied())
            .collect();
        contains_all(&merge(ports), &rule.ports)
    })
}

fn without_indexes<'a>(rules: &[(usize, &'a Matcher)]) -> Vec<&'a Matcher> {
    rules.iter().map(|&(_, rule)| rule).collect()
}

/// The earlier rules that together cover `rule`, none of them needless,
/// in evaluation order; `None` when they do not cover it.
pub(super) fn covering(rule: &Matcher, earlier: &[(usize, &Matcher)]) -> Option<Vec<usize>> {
    // Only rules that share packets with this one can cover any of them.
    let mut cover: Vec<(usize, &Matcher)> =
        earlier.iter().filter(|(_, other)| other.overlaps(rule)).copied().collect();
    if !covered_by(rule, &without_indexes(&cover)) {
        return None;
    }
    // Most often one rule is enough; the search below is for unions.
    if let Some(&(index, _)) = cover.iter().find(|(_, other)| covered_by(rule, &[other])) {
        return Some(vec![index]);
    }
    // Drop later rules first, so the message names the earliest ones that suffice.
    for position in (0..cover.len()).rev() {
        let mut without = cover.clone();
        without.remove(position);
        if covered_by(rule, &without_indexes(&without)) {
            cover = without;
        }
    }
    Some(cover.into_iter().map(|(index, _)| index).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::firewall::matcher::matcher;
    use crate::firewall::matcher::tests::rule;
    use crate::network::FirewallRule;

    /// The rules before the last one that cover it, every rule well formed
    /// and evaluated in list order.
    fn cover_of_last(rules: &[FirewallRule]) -> Option<Vec<usize>> {
        let matchers: Vec<Matcher> = rules.iter().map(|rule| matcher(rule).unwrap()).collect();
        let (last, earlier) = matchers.split_last().unwrap();
        covering(last, &earlier.iter().enumerate().collect::<Vec<_>>())
    }

    #[test]
    fn one_earlier_rule_covers() {
        let rules = [
            rule("DROP", "TCP", "10.0.0.0/8", "1:1024"),
            rule("ACCEPT", "UDP", "", ""),
            rule("ACCEPT", "TCP", "10.1.2.0/24", "22"),
        ];
        assert_eq!(cover_of_last(&rules), Some(vec![0]));
    }

    #[test]
    fn a_union_covers() {
        // Two halves of the address range, and two halves of the port range.
        let addresses = [
            rule("DROP", "TCP", "10.0.0.0/25", "22"),
            rule("ACCEPT", "TCP", "10.0.0.128-10.0.0.255", "22"),
            rule("ACCEPT", "TCP", "10.0.0.0/24", "22"),
        ];
        assert_eq!(cover_of_last(&addresses), Some(vec![0, 1]));
        let ports = [
            rule("ACCEPT", "UDP", "", "1:100"),
            rule("ACCEPT", "UDP", "", "101:200"),
            rule("DROP", "UDP", "192.0.2.1", "50:150"),
        ];
        assert_eq!(cover_of_last(&ports), Some(vec![0, 1]));
        // Abutting port ranges join: 1:5 and 6:10 cover 3:8.
        let abutting = [
            rule("ACCEPT", "TCP", "", "1:5"),
            rule("ACCEPT", "TCP", "", "6:10"),
            rule("DROP", "TCP", "", "3:8"),
        ];
        assert_eq!(cover_of_last(&abutting), Some(vec![0, 1]));
        // A needless earlier rule is left out.
        let needless = [
            rule("ACCEPT", "TCP", "10.0.0.1", "22"),
            rule("ACCEPT", "TCP", "", "22"),
            rule("DROP", "TCP", "10.0.0.0/30", "22"),
        ];
        assert_eq!(cover_of_last(&needless), Some(vec![1]));
    }

    #[test]
    fn a_gap_leaves_a_rule_alive() {
        let address_gap = [
            rule("DROP", "TCP", "10.0.0.0/25", "22"),
            rule("ACCEPT", "TCP", "10.0.0.129-10.0.0.255", "22"),
            rule("ACCEPT", "TCP", "10.0.0.0/24", "22"),
        ];
        assert_eq!(cover_of_last(&address_gap), None);
        let port_gap = [
            rule("ACCEPT", "TCP", "", "1:100"),
            rule("ACCEPT", "TCP", "", "102:200"),
            rule("DROP", "TCP", "", "50:150"),
        ];
        assert_eq!(cover_of_last(&port_gap), None);
        // Each piece needs its own cover: ports 1:10 on the first half and 11:20 on the second is not enough.
        let crossed = [
            rule("ACCEPT", "TCP", "10.0.0.0/25", "1:10"),
            rule("ACCEPT", "TCP", "10.0.0.128/25", "11:20"),
            rule("DROP", "TCP", "10.0.0.0/24", "1:20"),
        ];
        assert_eq!(cover_of_last(&crossed), None);
        let other_protocol = [rule("ACCEPT", "UDP", "", ""), rule("ACCEPT", "TCP", "", "22")];
        assert_eq!(cover_of_last(&other_protocol), None);
        // Port 0 is a port too: 1:65535 leaves it to "any port".
        let all_but_zero = [rule("ACCEPT", "TCP", "", "1:65535"), rule("DROP", "TCP", "", "")];
        assert_eq!(cover_of_last(&all_but_zero), None);
    }
}
