//! Rules brought in instead of typed one by one: the panel's own JSON and CSV
//! exports, and a short text form, one rule a line:
//!
//! ```text
//! # The office may reach SSH; the web is open.
//! accept tcp 22 from 203.0.113.0/24 # office
//! accept tcp 80,443
//! drop udp any from any
//! ```
//!
//! A line is `accept` or `drop`, `tcp` or `udp`, the ports (any when left
//! out), `from` and the source (everyone when left out), and after a `#` the
//! rule's description; a line that starts with `#` is a comment. Each rule
//! is checked with the rule form's own checks; what cannot be read is listed
//! with its line (or, in JSON, its place in the list) and why.

use crate::api::decode;
use crate::firewall::form::RuleForm;
use crate::i18n::messages as t;
use crate::network::FirewallRule;
use serde_json::Value;

/// More than this is refused: an import is reviewed rule by rule before it is sent.
pub const MAX_RULES: usize = 500;

/// What the text was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Csv,
    Json,
}

/// A rule read, as the rule form would send it, with where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The line (text and CSV) or the place in the list (JSON), from 1.
    pub at: usize,
    pub rule: RuleForm,
}

/// What could not be read, with where it was and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub at: usize,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    pub format: Format,
    pub rules: Vec<Imported>,
    pub refused: Vec<Refused>,
}

/// Reads `text` as the panel's JSON export (it starts with `[`), its CSV
/// export (its first line names the columns `command` and `protocol`), or
/// else the text form.
pub fn read(text: &str) -> Import {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim_start();
    let (format, mut read) = if trimmed.starts_with('[') || trimmed.starts_with('{') {
        (Format::Json, json(trimmed))
    } else if is_csv_header(trimmed.lines().next().unwrap_or_default()) {
        (Format::Csv, csv(text))
    } else {
        (Format::Text, text_form(text))
    };
    if read.0.len() > MAX_RULES {
        let at = read.0.get(MAX_RULES).map_or(0, |rule| rule.at);
        read.0.truncate(MAX_RULES);
        read.1.push(Refused { at, reason: crate::tf!(t::FW_IMPORT_TOO_MANY, max = MAX_RULES) });
    }
    read.1.sort_by_key(|refused| refused.at);
    Import { format, rules: read.0, refused: read.1 }
}

type Read = (Vec<Imported>, Vec<Refused>);

/// The rule checked as the rule form checks it, its messages in the form's order.
fn checked(at: usize, rule: RuleForm, read: &mut Read) {
    let errors = rule.errors();
    if errors.is_empty() {
        read.0.push(Imported { at, rule });
    } else {
        let reason = ["command", "protocol", "port", "address"]
            .iter()
            .filter_map(|field| errors.get(*field).cloned())
            .collect::<Vec<_>>()
            .join(" ");
        read.1.push(Refused { at, reason });
    }
}

/// One rule in the text form: what `line` reads back as the same rule.
pub fn line(rule: &RuleForm) -> String {
    let port = rule.port.trim().replace(' ', "");
    let address = rule.address.trim();
    let mut out = format!(
        "{} {} {} from {}",
        rule.command.to_ascii_lowercase(),
        rule.protocol.to_ascii_lowercase(),
        if port.is_empty() { "any" } else { &port },
        if address.is_empty() { "any" } else { address }
    );
    let description = rule.description.trim();
    if !description.is_empty() {
        out.push_str(" # ");
        // One line each: a description never breaks it.
        out.push_str(&description.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    out
}

fn text_form(text: &str) -> Read {
    let mut read = (Vec::new(), Vec::new());
    for (i, raw) in text.lines().enumerate() {
        let at = i + 1;
        let (rule, description) =
            raw.split_once('#').map_or((raw, ""), |(rule, description)| (rule, description.trim()));
        let words: Vec<&str> = rule.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        match text_rule(&words) {
            Ok((command, protocol, port, address)) => {
                let rule = RuleForm {
                    command,
                    protocol,
                    port,
                    address,
                    description: description.to_owned(),
                };
                checked(at, rule, &mut read);
            }
            Err(reason) => read.1.push(Refused { at, reason }),
        }
    }
    read
}

fn text_rule(words: &[&str]) -> Result<(String, String, String, String), String> {
    let [command, protocol, rest @ ..] = words else {
        let word = words.first().copied().unwrap_or_default();
        return Err(match word.to_ascii_lowercase().as_str() {
            "accept" | "drop" => t::FW_IMPORT_PROTOCOL_MISSING.get().to_owned(),
            _ => crate::tf!(t::FW_IMPORT_COMMAND, word = word),
        });
    };
    let command = match command.to_ascii_lowercase().as_str() {
        "accept" | "drop" => command.to_ascii_uppercase(),
        _ => return Err(crate::tf!(t::FW_IMPORT_COMMAND, word = command)),
    };
    let protocol = match protocol.to_ascii_lowercase().as_str() {
        "tcp" | "udp" => protocol.to_ascii_uppercase(),
        _ => return Err(crate::tf!(t::FW_IMPORT_PROTOCOL, word = protocol)),
    };
    let (ports, source) = match rest.iter().position(|word| word.eq_ignore_ascii_case("from")) {
        Some(from) => (&rest[..from], Some(&rest[from + 1..])),
        None => (rest, None),
    };
    let any = |text: String| if text.eq_ignore_ascii_case("any") { String::new() } else { text };
    // `22, 80` is one list however it is spaced.
    let port = any(ports.concat());
    let address = match source {
        None => String::new(),
        Some([]) => return Err(t::FW_IMPORT_NO_ADDRESS.get().to_owned()),
        Some([address]) => any((*address).to_owned()),
        Some(_) => return Err(t::FW_IMPORT_AFTER_ADDRESS.get().to_owned()),
    };
    Ok((command, protocol, port, address))
}

fn is_csv_header(line: &str) -> bool {
    let names: Vec<String> =
        line.split(',').map(|cell| cell.trim().trim_matches('"').to_ascii_lowercase()).collect();
    names.iter().any(|n| n == "command") && names.iter().any(|n| n == "protocol")
}

/// The panel's CSV export: a header row, then a rule a row; its cells may be
/// quoted (with `""` for a quote) and span lines. A cell the export kept
/// from being read as a formula (a `'` before `=`, `+`, `-`, `@`, a tab or
/// a carriage return) is read back without the `'`.
fn csv(text: &str) -> Read {
    let mut read = (Vec::new(), Vec::new());
    let (records, unclosed) = csv_records(text);
    let mut records = records.into_iter();
    let Some((_, header)) = records.next() else { return read };
    let column = |name: &str| header.iter().position(|cell| cell.trim().eq_ignore_ascii_case(name));
    let columns = ["command", "protocol", "port", "address", "description"].map(column);
    for (at, cells) in records {
        if cells.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let [command, protocol, port, address, description] = columns.map(|c| {
            c.and_then(|c| cells.get(c)).map(|cell| unneutralised(cell)).unwrap_or_default()
        });
        let rule = RuleForm {
            command: command.trim().to_ascii_uppercase(),
            protocol: protocol.trim().to_ascii_uppercase(),
            port,
            address,
            description,
        };
        checked(at, rule, &mut read);
    }
    if let Some(at) = unclosed {
        read.1.push(Refused { at, reason: t::FW_IMPORT_CSV_QUOTE.get().to_owned() });
    }
    read
}

fn unneutralised(cell: &str) -> String {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest.to_owned(),
        _ => cell.to_owned(),
    }
}

/// The records with the line each starts on, and the line of a quote never closed.
fn csv_records(text: &str) -> (Vec<(usize, Vec<String>)>, Option<usize>) {
    let mut records = Vec::new();
    let (mut cells, mut cell) = (Vec::new(), String::new());
    let (mut line, mut start, mut quoted, mut quote_at) = (1, 1, false, 1);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                cell.push(c);
            }
            (false, '"') => {
                quoted = true;
                quote_at = line;
            }
            (false, ',') => cells.push(std::mem::take(&mut cell)),
            (false, '\r') => {}
            (false, '\n') => {
                cells.push(std::mem::take(&mut cell));
                records.push((start, std::mem::take(&mut cells)));
                line += 1;
                start = line;
            }
            (false, c) => cell.push(c),
        }
    }
    if quoted {
        // The record a quote left open is not read: where it ends is anyone's guess.
        return (records, Some(quote_at));
    }
    if !cell.is_empty() || !cells.is_empty() {
        cells.push(cell);
        records.push((start, cells));
    }
    (records, None)
}

/// The panel's JSON export: a list of the API's rules (each bare, or inside
/// `firewall_rule` as the service sends them).
fn json(text: &str) -> Read {
    let mut read = (Vec::new(), Vec::new());
    let list = match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(list)) => list,
        Ok(_) => {
            read.1.push(Refused { at: 1, reason: t::FW_IMPORT_JSON_LIST.get().to_owned() });
            return read;
        }
        Err(error) => {
            read.1.push(Refused {
                at: error.line(),
                reason: crate::tf!(t::FW_IMPORT_JSON, error = error),
            });
            return read;
        }
    };
    for (i, item) in list.iter().enumerate() {
        let Value::Object(map) = item else {
            read.1.push(Refused { at: i + 1, reason: t::FW_IMPORT_JSON_ITEM.get().to_owned() });
            continue;
        };
        let rule = FirewallRule::from_map(decode::unwrap_item_map(map, "firewall_rule"));
        checked(i + 1, RuleForm::of(&rule), &mut read);
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::export;
    use proptest::prelude::*;

    fn rule(
        command: &str,
        protocol: &str,
        port: &str,
        address: &str,
        description: &str,
    ) -> RuleForm {
        RuleForm {
            command: command.into(),
            protocol: protocol.into(),
            port: port.into(),
            address: address.into(),
            description: description.into(),
        }
    }

    #[test]
    fn the_text_form_reads_rules_comments_and_blank_lines() {
        let read = read("# office first\n\naccept tcp 22 from 203.0.113.0/24 # office\nACCEPT TCP 80, 443\ndrop udp any from any\naccept udp from 10.0.0.1-10.0.0.9\n");
        assert_eq!(read.format, Format::Text);
        assert_eq!(read.refused, vec![]);
        let rules: Vec<(usize, RuleForm)> =
            read.rules.into_iter().map(|r| (r.at, r.rule)).collect();
        assert_eq!(
            rules,
            vec![
                (3, rule("ACCEPT", "TCP", "22", "203.0.113.0/24", "office")),
                (4, rule("ACCEPT", "TCP", "80,443", "", "")),
                (5, rule("DROP", "UDP", "", "", "")),
                (6, rule("ACCEPT", "UDP", "", "10.0.0.1-10.0.0.9", "")),
            ]
        );
    }

    #[test]
    fn bad_lines_are_listed_with_their_line_and_reason_and_the_good_ones_kept() {
        let read = read("accept tcp 22\nallow tcp 22\naccept icmp\naccept tcp 70000\naccept tcp 22 from\naccept tcp 22 from 1.2.3.4 5.6.7.8\naccept\naccept tcp 22 from 300.1.1.1\ndrop tcp 443");
        assert_eq!(read.rules.iter().map(|r| r.at).collect::<Vec<_>>(), vec![1, 9]);
        let refused: Vec<(usize, &str)> =
            read.refused.iter().map(|r| (r.at, r.reason.as_str())).collect();
        assert_eq!(
            refused.iter().map(|(at, _)| *at).collect::<Vec<_>>(),
            vec![2, 3, 4, 5, 6, 7, 8]
        );
        assert!(refused[0].1.contains("allow"), "{}", refused[0].1);
        assert!(refused[1].1.contains("icmp"), "{}", refused[1].1);
        assert!(refused[2].1.contains("70000"), "the port check of the form: {}", refused[2].1);
        assert!(
            refused[6].1.contains("300.1.1.1"),
            "the address check of the form: {}",
            refused[6].1
        );
        assert!(refused.iter().all(|(_, reason)| !reason.is_empty()));
    }

    #[test]
    fn the_csv_export_reads_back_as_the_rules_it_holds() {
        let api = |value: Value| match value {
            Value::Object(map) => FirewallRule::from_map(&map),
            _ => unreachable!(),
        };
        let rules = vec![
            api(
                serde_json::json!({ "id": 9, "position": 1, "command": "ACCEPT", "protocol": "TCP", "port": "22", "address": "203.0.113.7", "description": "-office, \"north\"\nwing" }),
            ),
            api(
                serde_json::json!({ "position": 2, "command": "DROP", "protocol": "UDP", "port": "", "address": "" }),
            ),
        ];
        let read = read(&export::csv(&export::rules(&rules)));
        assert_eq!(read.format, Format::Csv);
        assert_eq!(read.refused, vec![]);
        assert_eq!(
            read.rules,
            vec![
                Imported {
                    at: 2,
                    rule: rule("ACCEPT", "TCP", "22", "203.0.113.7", "-office, \"north\"\nwing")
                },
                // The first record spans two lines: the second starts on line 4.
                Imported { at: 4, rule: rule("DROP", "UDP", "", "", "") },
            ]
        );
    }

    #[test]
    fn csv_rows_that_fail_the_checks_and_an_unclosed_quote_are_refused() {
        let read = read(
            "command,protocol,port,address\nACCEPT,TCP,22,\nREJECT,TCP,22,\nACCEPT,TCP,\"80\n",
        );
        assert_eq!(read.rules.iter().map(|r| r.at).collect::<Vec<_>>(), vec![2]);
        assert_eq!(read.refused.iter().map(|r| r.at).collect::<Vec<_>>(), vec![3, 4]);
    }

    #[test]
    fn the_json_export_reads_back_bare_or_wrapped_and_refuses_what_is_not_a_rule() {
        let read = read(
            r#"[{"command":"accept","protocol":"tcp","port":"22","address":"1.2.3.4","description":"x","id":5},
            {"firewall_rule":{"command":"DROP","protocol":"UDP","port":"","address":""}}, 7, {"command":"ACCEPT","protocol":"GRE"}]"#,
        );
        assert_eq!(read.format, Format::Json);
        assert_eq!(
            read.rules,
            vec![
                Imported { at: 1, rule: rule("ACCEPT", "TCP", "22", "1.2.3.4", "x") },
                Imported { at: 2, rule: rule("DROP", "UDP", "", "", "") },
            ]
        );
        assert_eq!(read.refused.iter().map(|r| r.at).collect::<Vec<_>>(), vec![3, 4]);
        assert_eq!(read.refused.len(), 2);
        let broken = super::read("[{\"command\":");
        assert_eq!((broken.rules.len(), broken.refused.len()), (0, 1));
        assert_eq!(super::read("{\"command\":\"ACCEPT\"}").refused.len(), 1);
    }

    #[test]
    fn more_than_the_limit_is_cut_and_said() {
        let text = "accept tcp 22\n".repeat(MAX_RULES + 3);
        let read = read(&text);
        assert_eq!(read.rules.len(), MAX_RULES);
        assert_eq!(read.refused.len(), 1);
        assert_eq!(read.refused[0].at, MAX_RULES + 1);
    }

    fn a_port() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            (1u16..=65_535).prop_map(|p| p.to_string()),
            proptest::collection::vec(1u16..=65_535, 1..4).prop_map(|ps| ps
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(",")),
            (1u16..=65_535, 0u16..1000)
                .prop_map(|(lo, span)| format!("{lo}:{}", lo.saturating_add(span))),
        ]
    }

    fn an_address() -> impl Strategy<Value = String> {
        let ip = any::<[u8; 4]>()
            .prop_map(|[a, b, c, d]| format!("{a}.{b}.{c}.{d}"))
            .prop_filter("not everyone", |ip| ip != "0.0.0.0");
        prop_oneof![
            Just(String::new()),
            ip.clone(),
            (ip, 0u8..=32).prop_map(|(ip, mask)| format!("{ip}/{mask}"))
        ]
    }

    fn a_rule() -> impl Strategy<Value = RuleForm> {
        (
            prop_oneof![Just("ACCEPT"), Just("DROP")],
            prop_oneof![Just("TCP"), Just("UDP")],
            a_port(),
            an_address(),
            "[^\r\n]{0,30}",
        )
            .prop_map(|(command, protocol, port, address, description)| {
                rule(command, protocol, &port, &address, description.trim())
            })
            .prop_filter("a rule the form takes", |rule| rule.errors().is_empty())
    }

    proptest! {
        /// What the text form prints, it reads back as the same rule (a
        /// description's runs of spaces as one, as a line holds it).
        #[test]
        fn printed_rules_read_back(rules in proptest::collection::vec(a_rule(), 0..20)) {
            let text: String = rules.iter().map(|r| format!("{}\n", line(r))).collect();
            let read = read(&text);
            prop_assert_eq!(read.refused, vec![]);
            let expected: Vec<RuleForm> = rules.iter().map(|r| RuleForm { description: r.description.split_whitespace().collect::<Vec<_>>().join(" "), ..r.clone() }).collect();
            prop_assert_eq!(read.rules.into_iter().map(|r| r.rule).collect::<Vec<_>>(), expected);
        }

        /// Whatever is pasted, reading it ends: every line is a rule, refused, or skipped.
        #[test]
        fn any_text_is_read_without_panicking(text in "[ -~\n\"',#]{0,200}") {
            let read = read(&text);
            prop_assert!(read.rules.iter().all(|r| r.rule.errors().is_empty()));
        }
    }
}
