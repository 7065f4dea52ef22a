//! Exports: what a page lists, as CSV (chosen columns, for a spreadsheet)
//! or JSON (every field as the API sent it, for a script).

use crate::network::{FirewallRule, Interface, IpAddress};
use crate::secrets;
use crate::stats::{Bandwidth, CpuUsage};
use crate::vm::columns::{cell_number, cell_text, Columns};
use crate::vm::tags::Tags;
use crate::vm::Vm;
use serde_json::{Map, Value};

/// Rows of text under a header, ready to be written as CSV.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub headers: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
}

/// The table as CSV (RFC 4180, CRLF line ends). Every cell is quoted, the
/// headers too: a spreadsheet set to split on `;` (Spanish, German or French
/// Excel) would split an unquoted `web;=cmd` into two cells, the second a
/// formula. A cell a spreadsheet would run as a formula (it begins with `=`,
/// `+`, `-`, `@`, a tab or a carriage return) is neutralised with a leading
/// `'`: data from the API never becomes a formula on the user's machine.
pub fn csv(table: &Table) -> String {
    let mut out = String::new();
    let mut line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut first = true;
        for cell in cells {
            if !first {
                out.push(',');
            }
            first = false;
            write_cell(cell, &mut out);
        }
        out.push_str("\r\n");
    };
    line(&mut table.headers.iter().copied());
    for row in &table.rows {
        line(&mut row.iter().map(String::as_str));
    }
    out
}

fn write_cell(cell: &str, out: &mut String) {
    out.push('"');
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        out.push('\'');
    }
    for c in cell.chars() {
        if c == '"' {
            out.push('"');
        }
        out.push(c);
    }
    out.push('"');
}

/// Every field of each item as the API sent it, as a JSON array. Unless
/// `include_secrets`, each item is as [`secrets::without_secrets`] leaves
/// it: no secret key's pair, no credential in an address.
pub fn json<'a>(
    items: impl IntoIterator<Item = &'a Map<String, Value>>,
    include_secrets: bool,
) -> String {
    let list: Vec<Value> = items
        .into_iter()
        .map(|map| {
            Value::Object(if include_secrets { map.clone() } else { secrets::without_secrets(map) })
        })
        .collect();
    serde_json::to_string_pretty(&list).unwrap_or_else(|_| "[]".to_owned())
}

/// A table as a JSON array of objects, a header a key: for data that has no
/// API fields of its own (a chart's samples).
pub fn table_json(table: &Table) -> String {
    let list: Vec<Value> = table
        .rows
        .iter()
        .map(|row| {
            Value::Object(
                table
                    .headers
                    .iter()
                    .zip(row)
                    .map(|(h, c)| ((*h).to_owned(), Value::String(c.clone())))
                    .collect(),
            )
        })
        .collect();
    serde_json::to_string_pretty(&list).unwrap_or_else(|_| "[]".to_owned())
}

/// The VMs: who they are, then the list's columns as data, the tags the
/// user gave them in this panel among them.
pub fn vms(list: &[Vm], tags: &Tags, columns: &Columns) -> Table {
    let mut headers = vec!["id", "label", "hostname"];
    headers.extend(columns.list().iter().flat_map(|c| c.csv_headers().iter().copied()));
    Table {
        headers,
        rows: list
            .iter()
            .map(|vm| {
                let mut row =
                    vec![cell_text(&vm.id), cell_text(&vm.label), cell_text(&vm.hostname)];
                columns.list().iter().for_each(|c| c.csv_cells(vm, tags, &mut row));
                row
            })
            .collect(),
    }
}

pub fn ips(list: &[IpAddress]) -> Table {
    let flag = |f: Option<bool>| f.map(|f| f.to_string()).unwrap_or_default();
    Table {
        headers: vec![
            "address",
            "netmask",
            "gateway",
            "network_id",
            "interface_id",
            "vm_id",
            "free",
            "reserved",
        ],
        rows: list
            .iter()
            .map(|ip| {
                vec![
                    cell_text(&ip.address),
                    cell_text(&ip.netmask),
                    cell_text(&ip.gateway),
                    cell_text(&ip.network_id),
                    cell_text(&ip.interface_id),
                    cell_text(&ip.vm_id),
                    flag(ip.free),
                    flag(ip.reserved),
                ]
            })
            .collect(),
    }
}

pub fn interfaces(list: &[Interface]) -> Table {
    Table {
        headers: vec![
            "id",
            "label",
            "vm_id",
            "network_id",
            "primary",
            "rate_limit_mb",
            "default_firewall_policy",
            "mac_address",
            "status",
        ],
        rows: list
            .iter()
            .map(|nic| {
                vec![
                    cell_text(&nic.id),
                    cell_text(&nic.label),
                    cell_text(&nic.vm_id),
                    cell_text(&nic.network_id),
                    nic.primary.to_string(),
                    cell_number(nic.rate_limit),
                    cell_text(&nic.default_firewall_policy),
                    cell_text(&nic.mac_address),
                    cell_text(&nic.status),
                ]
            })
            .collect(),
    }
}

pub fn rules(list: &[FirewallRule]) -> Table {
    Table {
        headers: vec!["position", "command", "protocol", "address", "port", "description", "id"],
        rows: list
            .iter()
            .map(|rule| {
                vec![
                    cell_number(rule.position),
                    cell_text(&rule.command),
                    cell_text(&rule.protocol),
                    cell_text(&rule.address),
                    cell_text(&rule.port),
                    cell_text(&rule.description),
                    cell_text(&rule.id),
                ]
            })
            .collect(),
    }
}

/// One row per unit of the period: its index from the start and the CPU use.
pub fn cpu(usage: &CpuUsage) -> Table {
    Table {
        headers: vec!["unit", "cpu_percent"],
        rows: usage
            .data
            .iter()
            .enumerate()
            .map(|(i, v)| vec![i.to_string(), v.map(|v| format!("{v:.2}")).unwrap_or_default()])
            .collect(),
    }
}

/// One row per sample and interface: bytes in and out, with the sample's
/// start (UNIX seconds, and ISO 8601 as `iso` writes it from milliseconds)
/// where the report says when it starts.
pub fn bandwidth(data: &Bandwidth, iso: &dyn Fn(f64) -> String) -> Table {
    let mut rows = Vec::new();
    for traffic in &data.interfaces {
        let step = traffic.step_seconds(data);
        for (i, sample) in traffic.samples.iter().enumerate() {
            let (at, iso_at) = match (data.date_from, step) {
                (Some(from), Some(step)) => {
                    let at = from + (step * i as f64) as i64;
                    (at.to_string(), iso(at as f64 * 1000.0))
                }
                _ => Default::default(),
            };
            let (bytes_in, bytes_out) =
                sample.map(|(i, o)| (format!("{i}"), format!("{o}"))).unwrap_or_default();
            rows.push(vec![
                cell_text(&traffic.interface_id),
                i.to_string(),
                at,
                iso_at,
                bytes_in,
                bytes_out,
            ]);
        }
    }
    Table {
        headers: vec!["interface_id", "sample", "start_unix", "start", "bytes_in", "bytes_out"],
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::tags::Tag;
    use serde_json::json;

    fn table(rows: &[&[&str]]) -> Table {
        Table {
            headers: vec!["a", "b"],
            rows: rows.iter().map(|r| r.iter().map(|c| (*c).to_owned()).collect()).collect(),
        }
    }

    #[test]
    fn csv_quotes_every_cell() {
        let out = csv(&table(&[&["plain", "with, comma"], &["say \"hi\"", "two\nlines"]]));
        assert_eq!(
            out,
            "\"a\",\"b\"\r\n\"plain\",\"with, comma\"\r\n\"say \"\"hi\"\"\",\"two\nlines\"\r\n"
        );
    }

    #[test]
    fn csv_stays_one_cell_in_a_spreadsheet_that_splits_on_semicolons() {
        let out = csv(&table(&[&["a;=1+1;", "x\ty"], &["web;=cmd|' /C calc'!A0", "\tcalc"]]));
        assert_eq!(
            out,
            "\"a\",\"b\"\r\n\"a;=1+1;\",\"x\ty\"\r\n\"web;=cmd|' /C calc'!A0\",\"'\tcalc\"\r\n"
        );
    }

    #[test]
    fn csv_neutralises_formulas() {
        for cell in ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            let out = csv(&table(&[&[cell, "ok"]]));
            let line = out.lines().nth(1).unwrap_or_default();
            assert!(line.starts_with("\"'"), "{cell:?} gave {line:?}");
        }
        assert_eq!(csv(&table(&[&["a=b", "x@y"]])), "\"a\",\"b\"\r\n\"a=b\",\"x@y\"\r\n");
    }

    #[test]
    fn json_keeps_every_field() {
        let vm = Vm::from_json(&json!({"id": "1", "label": "web", "custom_field": 7})).unwrap();
        let out: Value = serde_json::from_str(&json([&vm.raw], false)).unwrap();
        assert_eq!(out, json!([{"id": "1", "label": "web", "custom_field": 7}]));
        assert_eq!(json(std::iter::empty(), false), "[]");
        let rows: Value = serde_json::from_str(&table_json(&table(&[&["1", "x"]]))).unwrap();
        assert_eq!(rows, json!([{"a": "1", "b": "x"}]));
    }

    #[test]
    fn json_leaves_secrets_out_unless_asked() {
        let vm = json!({
            "id": "1",
            "label": "web",
            "initial_password": "hunter2",
            "remote_access_password": "r3m0te",
            "x": {"api_token": "t0k3n", "y": 2},
            "iso_url": "https://u:p@isos.example/x.iso?sig=abc",
        });
        let map = vm.as_object().cloned().unwrap_or_default();
        let without: Value = serde_json::from_str(&json([&map], false)).unwrap();
        assert_eq!(
            without,
            json!([{"id": "1", "label": "web", "x": {"y": 2}, "iso_url": "https://isos.example/x.iso"}])
        );
        let with: Value = serde_json::from_str(&json([&map], true)).unwrap();
        assert_eq!(with, json!([vm]));
    }

    #[test]
    fn no_table_has_a_secret_column() {
        let tables = [
            vms(&[], &Tags::default(), &Columns::parse_list("status,memory,cpus,cpu_shares,cpu_type,disk,disk_type,os,template,ip,location,type,tags,note,created").unwrap()),
            ips(&[]),
            interfaces(&[]),
            rules(&[]),
            cpu(&CpuUsage { lapse: None, time_units: None, data: vec![] }),
            bandwidth(&Bandwidth { date_from: None, date_to: None, interfaces: vec![] }, &crate::time::iso_from_millis),
            crate::history::table(&[], &crate::time::iso_from_millis),
        ];
        for table in tables {
            assert!(!table.headers.is_empty());
            for header in &table.headers {
                assert!(!secrets::is_secret_key(header), "{header} would hold a secret");
            }
        }
    }

    #[test]
    fn tables_have_a_cell_per_header() {
        let vm = Vm::from_json(
            &json!({"id": "1", "label": "=cmd", "ip_addresses": ["203.0.113.1", "10.0.0.1"]}),
        )
        .unwrap();
        let mut tags = Tags::default();
        tags.add("1", &Tag::parse("web").unwrap()).unwrap();
        tags.add("1", &Tag::parse("eu west").unwrap()).unwrap();
        let t = vms(std::slice::from_ref(&vm), &tags, &Columns::default());
        assert!(t.rows.iter().all(|r| r.len() == t.headers.len()));
        assert_eq!(t.rows[0][10], "203.0.113.1 10.0.0.1");
        assert_eq!(t.rows[0][13], "eu west, web");
        let chosen = vms(&[vm], &tags, &Columns::parse_list("tags,memory").unwrap());
        assert_eq!(
            chosen.headers,
            ["id", "label", "hostname", "tags", "memory_mb"],
            "the list's columns, in its order"
        );
        assert_eq!(chosen.rows, [["1", "=cmd", "", "eu west, web", ""]]);
        assert!(csv(&t).contains("\"'=cmd\""));
        let cpu_table =
            cpu(&CpuUsage { lapse: None, time_units: None, data: vec![Some(12.345), None] });
        assert_eq!(
            cpu_table.rows,
            vec![vec!["0".to_owned(), "12.35".to_owned()], vec!["1".to_owned(), String::new()]]
        );
    }
}
