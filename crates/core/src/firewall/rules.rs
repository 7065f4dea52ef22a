//! Firewall rules as an interface applies them: which rule decides a packet,
//! what is wrong with a rule set, and whether it would lock the user out.
//!
//! Each rule is read once into a matcher (`matcher`), and whether earlier
//! rules cover it is `shadow`'s question; both are exact over the whole
//! IPv4 space rather than sampled. Values come from the API and may be
//! anything: a rule that does not parse never matches and is reported,
//! nothing panics.

use crate::firewall::matcher::{matcher, Matcher};
use crate::firewall::shadow::covering;
use crate::i18n::messages as t;
use crate::network::FirewallRule;
use crate::tf;
use std::net::Ipv4Addr;

pub use crate::firewall::matcher::{describe, Command, Packet, Protocol};

/// How a rule set is read, in the panel's language.
pub fn semantics() -> &'static str {
    t::RULES_SEMANTICS.get()
}

const SSH: u16 = 22;
const RDP: u16 = 3389;

/// Which rule or the policy decided a packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The first matching rule: its index into the slice given to
    /// [`RuleSet::new`] and its command.
    Rule { index: usize, command: Command },
    /// No rule matched: the default policy, `None` when it is unknown.
    Policy(Option<Command>),
}

impl Decision {
    /// What happens to the packet; `None` when the policy decided and is unknown.
    pub fn command(self) -> Option<Command> {
        match self {
            Self::Rule { command, .. } => Some(command),
            Self::Policy(policy) => policy,
        }
    }
}

/// What kind of problem a check found, so the panel can group and mark them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// A stored value does not parse: the rule never matches.
    Malformed,
    /// Earlier rules cover every packet the rule would match: it never decides.
    Shadowed,
    /// The rule repeats an earlier one exactly: it never decides.
    Duplicate,
    /// The rule lists a port more than once.
    OverlappingPorts,
    /// The default policy drops SSH and RDP from everyone and no rule lets them in.
    NoRemoteAccess,
}

/// One problem in a rule set, with the rules concerned and a sentence for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What kind of problem it is.
    pub kind: FindingKind,
    /// Indexes into the slice given to [`RuleSet::new`], the rule concerned
    /// first (then the rules that cover or repeat it); empty for the policy.
    pub rules: Vec<usize>,
    /// A plain sentence for the user, e.g. "Rule 3 (ACCEPT TCP 22 from
    /// 10.0.0.0/8) can never match: rule 1 covers every packet it would.";
    /// rules are numbered as the user sees them, by their 1-based place in
    /// evaluation order.
    pub message: String,
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => tf!(t::RULES_AND_LIST, init = init.join(", "), last = last),
    }
}

/// A firewall's rules and default policy, parsed once, in evaluation order.
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// As given, kept to build the "what if" variants.
    rules: Vec<FirewallRule>,
    /// Per given rule: its matcher or why it has none.
    parsed: Vec<Result<Matcher, Vec<String>>>,
    /// Indexes into `rules` in evaluation order.
    order: Vec<usize>,
    /// Per given rule: its 1-based place in evaluation order, as the user numbers it.
    places: Vec<usize>,
    policy: Option<Command>,
}

impl RuleSet {
    /// `rules` as the API lists them (any order); they are evaluated by
    /// `position` (rules without one after those with one, in list order),
    /// ties in list order. `policy` is the interface's default policy text;
    /// text that is neither ACCEPT nor DROP leaves the policy unknown.
    pub fn new(rules: &[FirewallRule], policy: Option<&str>) -> Self {
        Self::build(rules.to_vec(), policy.and_then(Command::parse))
    }

    fn build(rules: Vec<FirewallRule>, policy: Option<Command>) -> Self {
        let parsed = rules.iter().map(matcher).collect();
        let mut order: Vec<usize> = (0..rules.len()).collect();
        // A stable sort keeps list order among equal positions and among rules without one.
        order.sort_by_key(|&index| {
            rules.get(index).and_then(|rule| rule.position).map_or((1, 0), |position| (0, position))
        });
        let mut places = vec![0; rules.len()];
        for (place, &index) in order.iter().enumerate() {
            if let Some(slot) = places.get_mut(index) {
                *slot = place + 1;
            }
        }
        Self { rules, parsed, order, places, policy }
    }

    /// The indexes (into the given slice) in evaluation order.
    pub fn order(&self) -> Vec<usize> {
        self.order.clone()
    }

    /// The well-formed rules in evaluation order, with their indexes.
    fn matchers(&self) -> impl Iterator<Item = (usize, &Matcher)> + '_ {
        self.order.iter().filter_map(|&index| match self.parsed.get(index) {
            Some(Ok(rule)) => Some((index, rule)),
            _ => None,
        })
    }

    fn place(&self, index: usize) -> usize {
        self.places.get(index).copied().unwrap_or(0)
    }

    /// Which rule, or the policy, decides `packet`: the first well-formed rule
    /// in evaluation order that matches it.
    pub fn decide(&self, packet: &Packet) -> Decision {
        self.matchers().find(|(_, rule)| rule.matches(packet)).map_or(
            Decision::Policy(self.policy),
            |(index, rule)| Decision::Rule { index, command: rule.command },
        )
    }

    /// Malformed rules, shadowed rules, duplicates, overlapping ports within a
    /// rule, and a DROP default with no rule accepting SSH (TCP 22) or RDP
    /// (TCP 3389) from any address: what a careful colleague would point out.
    ///
    /// Findings come rule by rule in evaluation order, the policy's last.
    pub fn checks(&self) -> Vec<Finding> {
        let mut findings = Vec::new();
        let mut earlier: Vec<(usize, &Matcher)> = Vec::new();
        for &index in &self.order {
            let place = self.place(index);
            let rule = match self.parsed.get(index) {
                Some(Ok(rule)) => rule,
                Some(Err(problems)) => {
                    findings.push(Finding {
                        kind: FindingKind::Malformed,
                        rules: vec![index],
                        message: tf!(
                            t::RULES_FINDING_MALFORMED,
                            place = place,
                            problems = problems.join(" ")
                        ),
                    });
                    continue;
                }
                None => continue,
            };
            let label = &rule.label;
            if let Some(&(first, _)) = earlier.iter().find(|(_, other)| other.same_effect(rule)) {
                findings.push(Finding {
                    kind: FindingKind::Duplicate,
                    rules: vec![index, first],
                    message: tf!(
                        t::RULES_FINDING_DUPLICATE,
                        place = place,
                        label = label,
                        first = self.place(first)
                    ),
                });
            } else if let Some(cover) = covering(rule, &earlier) {
                let places: Vec<String> =
                    cover.iter().map(|&other| self.place(other).to_string()).collect();
                let who = if places.len() == 1 {
                    tf!(t::RULES_WHO_COVERS_ONE, places = and_list(&places))
                } else {
                    tf!(t::RULES_WHO_COVER_OTHER, places = and_list(&places))
                };
                findings.push(Finding {
                    kind: FindingKind::Shadowed,
                    rules: std::iter::once(index).chain(cover).collect(),
                    message: tf!(
                        t::RULES_FINDING_SHADOWED,
                        place = place,
                        label = label,
                        who = who
                    ),
                });
            }
            if !rule.repeated.is_empty() {
                let ports: Vec<String> = rule.repeated.iter().map(u16::to_string).collect();
                let text = if ports.len() == 1 {
                    &t::RULES_FINDING_REPEATED_PORT_ONE
                } else {
                    &t::RULES_FINDING_REPEATED_PORT_OTHER
                };
                findings.push(Finding {
                    kind: FindingKind::OverlappingPorts,
                    rules: vec![index],
                    message: tf!(text, place = place, label = label, ports = and_list(&ports)),
                });
            }
            earlier.push((index, rule));
        }
        if self.policy == Some(Command::Drop)
            && !self.accepts_from_somewhere(SSH)
            && !self.accepts_from_somewhere(RDP)
        {
            findings.push(Finding {
                kind: FindingKind::NoRemoteAccess,
                rules: Vec::new(),
                message: t::RULES_FINDING_NO_REMOTE_ACCESS.get().to_owned(),
            });
        }
        findings
    }

    /// The set with another default policy (for "what would happen if").
    pub fn with_policy(&self, policy: Command) -> Self {
        Self { policy: Some(policy), ..self.clone() }
    }

    /// The set with one more rule at the end (for "what would happen if").
    /// The rule is evaluated last whatever its `position`, and its index is the
    /// number of rules given before.
    pub fn with_rule(&self, rule: &FirewallRule) -> Self {
        let mut rules = self.rules.clone();
        rules.push(FirewallRule { position: None, ..rule.clone() });
        Self::build(rules, self.policy)
    }

    /// Every outcome TCP `port` can have, over the whole IPv4 space: the
    /// address axis is cut at every end of a rule that applies to the port, and
    /// the first address of each piece stands for the whole piece.
    fn outcomes(&self, port: u16) -> Vec<Option<Command>> {
        let applying: Vec<&Matcher> = self
            .matchers()
            .map(|(_, rule)| rule)
            .filter(|rule| {
                rule.protocol == Protocol::Tcp
                    && rule.ports.iter().any(|&(lo, hi)| (lo..=hi).contains(&port))
            })
            .collect();
        let mut starts = vec![0u32];
        for rule in &applying {
            starts.push(rule.addresses.0);
            if let Some(after) = rule.addresses.1.checked_add(1) {
                starts.push(after);
            }
        }
        starts.sort_unstable();
        starts.dedup();
        starts
            .into_iter()
            .map(|start| {
                applying
                    .iter()
                    .find(|rule| (rule.addresses.0..=rule.addresses.1).contains(&start))
                    .map_or(self.policy, |rule| Some(rule.command))
            })
            .collect()
    }

    /// Whether TCP `port` is accepted from at least one source address (exact
    /// over the whole IPv4 space, not sampled).
    ///
    /// Packets left to an unknown policy do not count as accepted.
    pub fn accepts_from_somewhere(&self, port: u16) -> bool {
        self.outcomes(port).contains(&Some(Command::Accept))
    }

    /// What the lockout guard says before a change is saved: a plain sentence
    /// when the set would deny both SSH (22) and RDP (3389) from every
    /// address, or, when `my_address` is given, both from that address; `None`
    /// otherwise. E.g. "With these rules nobody can reach SSH (22) or RDP
    /// (3389) on this interface." / "With these rules your address
    /// 203.0.113.9 cannot reach SSH (22) or RDP (3389)."
    ///
    /// Denied means dropped for sure: a packet left to an unknown policy is
    /// not. When nobody can reach either port, that sentence wins over the one
    /// about `my_address`, as it says more.
    pub fn lockout(&self, my_address: Option<Ipv4Addr>) -> Option<String> {
        let denied_everywhere =
            |port| self.outcomes(port).iter().all(|&outcome| outcome == Some(Command::Drop));
        if denied_everywhere(SSH) && denied_everywhere(RDP) {
            return Some(t::RULES_LOCKOUT_EVERYONE.get().to_owned());
        }
        let address = my_address?;
        let denied = |port| {
            self.decide(&Packet { source: address, protocol: Protocol::Tcp, port }).command()
                == Some(Command::Drop)
        };
        (denied(SSH) && denied(RDP)).then(|| tf!(t::RULES_LOCKOUT_YOUR_ADDRESS, address = address))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::firewall::matcher::tests::{rule, tcp};

    fn at(position: i64, rule: FirewallRule) -> FirewallRule {
        FirewallRule { position: Some(position), ..rule }
    }

    fn kinds(set: &RuleSet) -> Vec<(FindingKind, Vec<usize>)> {
        set.checks().into_iter().map(|finding| (finding.kind, finding.rules)).collect()
    }

    #[test]
    fn how_a_rule_set_is_read_in_words() {
        assert!(semantics().starts_with("Rules are checked in order; the first rule"));
    }

    #[test]
    fn the_first_match_decides() {
        let rules = [
            rule("DROP", "TCP", "10.0.0.66", "22"),
            rule("ACCEPT", "TCP", "10.0.0.0/24", "22"),
            rule("DROP", "TCP", "", ""),
        ];
        let set = RuleSet::new(&rules, Some("ACCEPT"));
        assert_eq!(
            set.decide(&tcp("10.0.0.66", 22)),
            Decision::Rule { index: 0, command: Command::Drop }
        );
        assert_eq!(
            set.decide(&tcp("10.0.0.7", 22)),
            Decision::Rule { index: 1, command: Command::Accept }
        );
        assert_eq!(
            set.decide(&tcp("10.0.0.7", 80)),
            Decision::Rule { index: 2, command: Command::Drop }
        );
        assert_eq!(set.decide(&tcp("10.0.0.7", 80)).command(), Some(Command::Drop));
    }

    #[test]
    fn the_default_policy_decides_when_nothing_matches() {
        let rules = [rule("ACCEPT", "TCP", "10.0.0.0/8", "22")];
        let outside = tcp("192.0.2.1", 22);
        assert_eq!(
            RuleSet::new(&rules, Some("ACCEPT")).decide(&outside),
            Decision::Policy(Some(Command::Accept))
        );
        assert_eq!(
            RuleSet::new(&rules, Some("drop")).decide(&outside),
            Decision::Policy(Some(Command::Drop))
        );
        assert_eq!(RuleSet::new(&rules, Some("MAYBE")).decide(&outside), Decision::Policy(None));
        assert_eq!(RuleSet::new(&rules, None).decide(&outside).command(), None);
        assert_eq!(
            RuleSet::new(&rules, None).with_policy(Command::Drop).decide(&outside),
            Decision::Policy(Some(Command::Drop))
        );
        assert_eq!(
            RuleSet::new(&[], Some("ACCEPT")).decide(&outside),
            Decision::Policy(Some(Command::Accept))
        );
    }

    #[test]
    fn rules_are_evaluated_by_position() {
        let rules = [
            at(3, rule("DROP", "TCP", "", "22")),
            rule("DROP", "TCP", "", "80"),
            at(1, rule("ACCEPT", "TCP", "", "22")),
            at(1, rule("DROP", "TCP", "", "22")),
            rule("ACCEPT", "TCP", "", "80"),
            at(-5, rule("ACCEPT", "TCP", "", "443")),
        ];
        let set = RuleSet::new(&rules, None);
        assert_eq!(set.order(), [5, 2, 3, 0, 1, 4]);
        assert_eq!(
            set.decide(&tcp("10.0.0.1", 22)),
            Decision::Rule { index: 2, command: Command::Accept }
        );
        assert_eq!(
            set.decide(&tcp("10.0.0.1", 80)),
            Decision::Rule { index: 1, command: Command::Drop }
        );
        // The largest position still comes before no position.
        assert_eq!(
            RuleSet::new(
                &[
                    rule("DROP", "TCP", "", ""),
                    at(i64::MAX, rule("ACCEPT", "TCP", "", "")),
                    at(i64::MIN, rule("DROP", "UDP", "", ""))
                ],
                None
            )
            .order(),
            [2, 1, 0]
        );
        // Messages number rules by their place in evaluation order, not in the list.
        let repeated =
            set.checks().into_iter().find(|finding| finding.rules.first() == Some(&0)).unwrap();
        assert_eq!(repeated.rules, [0, 3]);
        assert_eq!(
            repeated.message,
            "Rule 4 (DROP TCP 22 from anywhere) repeats rule 3, so it can never match."
        );
    }

    #[test]
    fn a_rule_one_earlier_rule_covers_is_shadowed() {
        let rules = [
            rule("DROP", "TCP", "10.0.0.0/8", "1:1024"),
            rule("ACCEPT", "UDP", "", ""),
            rule("ACCEPT", "TCP", "10.1.2.0/24", "22"),
        ];
        let findings = RuleSet::new(&rules, Some("ACCEPT")).checks();
        assert_eq!(findings, [Finding {
            kind: FindingKind::Shadowed,
            rules: vec![2, 0],
            message: "Rule 3 (ACCEPT TCP 22 from 10.1.2.0/24) can never match: rule 1 covers every packet it would.".into(),
        }]);
    }

    #[test]
    fn a_rule_only_a_union_covers_is_shadowed() {
        // Two halves of the address range.
        let addresses = [
            rule("DROP", "TCP", "10.0.0.0/25", "22"),
            rule("ACCEPT", "TCP", "10.0.0.128-10.0.0.255", "22"),
            rule("ACCEPT", "TCP", "10.0.0.0/24", "22"),
        ];
        let findings = RuleSet::new(&addresses, None).checks();
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].rules, [2, 0, 1]);
        assert_eq!(findings[0].message, "Rule 3 (ACCEPT TCP 22 from 10.0.0.0/24) can never match: rules 1 and 2 cover every packet it would.");
    }

    #[test]
    fn duplicates() {
        let rules = [
            rule("ACCEPT", "TCP", "10.0.0.0/24", "22,80"),
            rule("accept", "tcp", "10.0.0.0-10.0.0.255", "80, 22"),
            rule("DROP", "TCP", "10.0.0.0/24", "22,80"),
        ];
        let findings = RuleSet::new(&rules, None).checks();
        assert_eq!(findings[0], Finding {
            kind: FindingKind::Duplicate,
            rules: vec![1, 0],
            message: "Rule 2 (ACCEPT TCP 80,22 from 10.0.0.0-10.0.0.255) repeats rule 1, so it can never match.".into(),
        });
        // Another command is not a duplicate, but still never decides.
        assert_eq!(findings[1].kind, FindingKind::Shadowed);
        assert_eq!(findings[1].rules, [2, 0]);
        assert_eq!(findings.len(), 2);
        assert_eq!(
            kinds(&RuleSet::new(
                &[rule("ACCEPT", "TCP", "", "20:22"), rule("ACCEPT", "TCP", "", "20,21,22")],
                None
            )),
            [(FindingKind::Duplicate, vec![1, 0])]
        );
    }

    #[test]
    fn ports_listed_twice() {
        let rules =
            [rule("ACCEPT", "TCP", "", "22,80,22"), rule("ACCEPT", "UDP", "", "53,80,53,80,80")];
        let findings = RuleSet::new(&rules, None).checks();
        assert_eq!(findings.iter().map(|finding| finding.message.as_str()).collect::<Vec<_>>(), [
            "Rule 1 (ACCEPT TCP 22,80,22 from anywhere) lists port 22 more than once.",
            "Rule 2 (ACCEPT UDP 53,80,53,80,80 from anywhere) lists ports 53 and 80 more than once.",
        ]);
        assert!(findings.iter().all(|finding| finding.kind == FindingKind::OverlappingPorts));
    }

    #[test]
    fn no_remote_access() {
        let web = [rule("ACCEPT", "TCP", "", "80,443"), rule("ACCEPT", "UDP", "", "22")];
        let findings = RuleSet::new(&web, Some("DROP")).checks();
        assert_eq!(findings, [Finding {
            kind: FindingKind::NoRemoteAccess,
            rules: vec![],
            message: "The default policy is DROP and no rule accepts SSH (22) or RDP (3389) from any address: nobody can reach this interface remotely.".into(),
        }]);
        assert!(RuleSet::new(&web, Some("ACCEPT")).checks().is_empty());
        assert!(RuleSet::new(&web, None).checks().is_empty());
        let rdp_from_office = RuleSet::new(&web, Some("DROP")).with_rule(&rule(
            "ACCEPT",
            "TCP",
            "198.51.100.0/24",
            "3389",
        ));
        assert!(rdp_from_office.checks().is_empty());
    }

    #[test]
    fn malformed_rules_never_match_and_are_reported() {
        let rules = [
            rule("ACCEPT", "TCP", "10.0.0", "22"),
            rule("REJECT", "ICMP", "", "0"),
            FirewallRule {
                command: None,
                protocol: Some(" ".into()),
                ..rule("", "", "", "1000-2000")
            },
            rule("DROP", "TCP", "", "22"),
        ];
        let set = RuleSet::new(&rules, Some("ACCEPT"));
        assert_eq!(
            set.decide(&tcp("10.0.0.1", 22)),
            Decision::Rule { index: 3, command: Command::Drop }
        );
        assert_eq!(set.decide(&tcp("10.0.0.1", 1500)), Decision::Policy(Some(Command::Accept)));
        let messages: Vec<_> = set
            .checks()
            .into_iter()
            .map(|finding| (finding.kind, finding.rules, finding.message))
            .collect();
        assert_eq!(messages, [
            (FindingKind::Malformed, vec![0], "Rule 1 is not valid, so it never matches: “10.0.0” is not an IPv4 address.".to_owned()),
            (
                FindingKind::Malformed,
                vec![1],
                "Rule 2 is not valid, so it never matches: “REJECT” is not a command: use ACCEPT or DROP. “ICMP” is not a protocol: use TCP or UDP. Port 0 is out of range: ports go from 1 to 65535."
                    .to_owned()
            ),
            (
                FindingKind::Malformed,
                vec![2],
                "Rule 3 is not valid, so it never matches: It has no command: ACCEPT or DROP. It has no protocol: TCP or UDP. Write a port range with a colon: 1000:2000.".to_owned()
            ),
        ]);
        // A malformed rule covers nothing: the rule after it is not shadowed.
        assert_eq!(
            kinds(&RuleSet::new(
                &[rule("DROP", "TCP", "x", ""), rule("ACCEPT", "TCP", "", "22")],
                None
            )),
            [(FindingKind::Malformed, vec![0])]
        );
    }

    #[test]
    fn accepted_from_somewhere_is_exact() {
        let all_but_last = [rule("DROP", "TCP", "0.0.0.0-255.255.255.254", "22")];
        assert!(RuleSet::new(&all_but_last, Some("ACCEPT")).accepts_from_somewhere(22));
        assert!(!RuleSet::new(&all_but_last, Some("DROP")).accepts_from_somewhere(22));
        let halves =
            [rule("DROP", "TCP", "0.0.0.0/1", "22"), rule("DROP", "TCP", "128.0.0.0/1", "22")];
        assert!(!RuleSet::new(&halves, Some("ACCEPT")).accepts_from_somewhere(22));
        assert!(RuleSet::new(&halves, Some("ACCEPT")).accepts_from_somewhere(3389));
        let one_address = [rule("ACCEPT", "TCP", "203.0.113.9", "22")];
        assert!(RuleSet::new(&one_address, Some("DROP")).accepts_from_somewhere(22));
        assert!(!RuleSet::new(&one_address, None).accepts_from_somewhere(23));
        let udp = [rule("ACCEPT", "UDP", "", "22")];
        assert!(!RuleSet::new(&udp, Some("DROP")).accepts_from_somewhere(22));
        // A single address left between two drops still gets through.
        let one_gap = [
            rule("DROP", "TCP", "0.0.0.0-10.0.0.4", "22"),
            rule("DROP", "TCP", "10.0.0.6-255.255.255.255", "22"),
        ];
        assert!(RuleSet::new(&one_gap, Some("ACCEPT")).accepts_from_somewhere(22));
        assert_eq!(RuleSet::new(&one_gap, Some("ACCEPT")).lockout(None), None);
        let no_gap = [
            rule("DROP", "TCP", "0.0.0.0-10.0.0.5", "22"),
            rule("DROP", "TCP", "10.0.0.6-255.255.255.255", "22"),
        ];
        assert!(!RuleSet::new(&no_gap, Some("ACCEPT")).accepts_from_somewhere(22));
    }

    #[test]
    fn lockout_sentences() {
        let nobody = "With these rules nobody can reach SSH (22) or RDP (3389) on this interface.";
        let me: Ipv4Addr = "203.0.113.9".parse().unwrap();
        let open = RuleSet::new(&[], Some("ACCEPT"));
        assert_eq!(open.lockout(None), None);
        assert_eq!(open.lockout(Some(me)), None);
        assert_eq!(open.with_policy(Command::Drop).lockout(None).as_deref(), Some(nobody));
        assert_eq!(open.with_policy(Command::Drop).lockout(Some(me)).as_deref(), Some(nobody));
        let drop_remote = open.with_rule(&rule("DROP", "TCP", "", "22,3389"));
        assert_eq!(drop_remote.lockout(Some(me)).as_deref(), Some(nobody));
        // SSH from the office only: others still reach it, but not this address.
        let office = RuleSet::new(&[rule("ACCEPT", "TCP", "198.51.100.0/24", "22")], Some("DROP"));
        assert_eq!(office.lockout(None), None);
        assert_eq!(
            office.lockout(Some(me)).as_deref(),
            Some("With these rules your address 203.0.113.9 cannot reach SSH (22) or RDP (3389).")
        );
        assert_eq!(office.lockout(Some("198.51.100.7".parse().unwrap())), None);
        // RDP alone is enough to get in.
        let rdp = RuleSet::new(&[rule("DROP", "TCP", "", "22")], Some("ACCEPT"));
        assert_eq!(rdp.lockout(Some(me)), None);
        // An unknown policy is not a sure drop.
        assert_eq!(RuleSet::new(&[], None).lockout(Some(me)), None);
    }

    #[test]
    fn a_new_rule_goes_last() {
        let set = RuleSet::new(
            &[at(2, rule("ACCEPT", "TCP", "", "22")), rule("ACCEPT", "TCP", "", "80")],
            Some("ACCEPT"),
        );
        let with = set.with_rule(&at(1, rule("DROP", "TCP", "", "")));
        assert_eq!(with.order(), [0, 1, 2]);
        assert_eq!(
            with.decide(&tcp("10.0.0.1", 443)),
            Decision::Rule { index: 2, command: Command::Drop }
        );
        assert_eq!(
            with.decide(&tcp("10.0.0.1", 22)),
            Decision::Rule { index: 0, command: Command::Accept }
        );
        assert_eq!(set.order(), [0, 1]);
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;
    use crate::firewall::matcher::tests::rule;

    #[test]
    fn rule_checks_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        let rules = [rule("ACCEPT", "TCP", "", "22"), rule("ACCEPT", "TCP", "", "22")];
        let findings = RuleSet::new(&rules, None).checks();
        assert_eq!(findings[0].message, "La regla 2 (ACCEPT TCP 22 desde cualquier lugar) repite la regla 1, así que nunca se puede aplicar.");
        assert!(semantics().starts_with("Las reglas se comprueban en orden"));
    }
}
