//! The rule list's filters (the Firewall tab's URL): the panel reads an
//! interface's rules once, all of them, and shows those the filters pick,
//! as the API's filters of the same names would.

use crate::network::FirewallRule;

/// The filters on the rules, as the API names them.
pub const RULE_FILTERS: &[&str] = &["command", "port", "address"];

/// The rules `wanted` picks: the command in any case, the port and the
/// address as written; an empty value or an unknown filter picks all.
pub fn picked(rules: Vec<FirewallRule>, wanted: &[(&str, String)]) -> Vec<FirewallRule> {
    let matches = |rule: &FirewallRule, key: &str, value: &str| match key {
        "command" => {
            rule.command.as_deref().is_some_and(|command| command.eq_ignore_ascii_case(value))
        }
        "port" => rule.port.as_deref() == Some(value),
        "address" => rule.address.as_deref() == Some(value),
        _ => true,
    };
    rules
        .into_iter()
        .filter(|rule| {
            wanted
                .iter()
                .map(|(key, value)| (*key, value.trim()))
                .all(|(key, value)| value.is_empty() || matches(rule, key, value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(command: &str, port: &str, address: &str) -> FirewallRule {
        let sent = serde_json::json!({"command": command, "port": port, "address": address});
        FirewallRule::from_map(sent.as_object().unwrap())
    }

    #[test]
    fn filters_pick_as_the_api_would() {
        let rules = vec![
            rule("ACCEPT", "22", "203.0.113.0/24"),
            rule("DROP", "22", "0.0.0.0"),
            rule("ACCEPT", "443", "0.0.0.0"),
        ];
        let ports = |list: Vec<FirewallRule>| {
            list.into_iter()
                .map(|r| (r.command.unwrap_or_default(), r.port.unwrap_or_default()))
                .collect::<Vec<_>>()
        };
        assert_eq!(picked(rules.clone(), &[]).len(), 3);
        assert_eq!(
            ports(picked(rules.clone(), &[("command", "accept".into())])),
            [("ACCEPT".into(), "22".into()), ("ACCEPT".into(), "443".into())]
        );
        assert_eq!(
            ports(picked(rules.clone(), &[("command", "drop".into()), ("port", " 22 ".into())])),
            [("DROP".into(), "22".into())]
        );
        assert_eq!(picked(rules.clone(), &[("address", "203.0.113.0/24".into())]).len(), 1);
        assert_eq!(
            picked(rules.clone(), &[("port", "2".into())]).len(),
            0,
            "a port is matched whole"
        );
        assert_eq!(picked(rules, &[("port", String::new()), ("nothing", "x".into())]).len(), 3);
    }
}
