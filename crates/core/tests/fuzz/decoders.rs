//! Every decoder and what the panel does next with its result, on arbitrary
//! bytes and JSON: a value or a clear error, never a panic.

use crate::cases;
use crate::strategies::{enveloped, json_token_bytes, json_value};
use plotters::prelude::*;
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::Value;
use vmdeck_core::api::decode::DecodeError;
use vmdeck_core::api::error::messages_from_body;
use vmdeck_core::api::paths;
use vmdeck_core::backup::{of_disks, Backup};
use vmdeck_core::deploy::DeployConfig;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::forms::FormState;
use vmdeck_core::network::form::InterfaceForm;
use vmdeck_core::network::networks::Network;
use vmdeck_core::network::{format_rate_limit, FirewallRule, Interface, IpAddress};
use vmdeck_core::stats::chart::{draw, ChartTheme, LineChart};
use vmdeck_core::stats::{
    axis_precision, bandwidth_chart, cpu_chart, sample_precision, traffic_scale, Bandwidth,
    CpuUsage, BANDWIDTH_PERIODS,
};
use vmdeck_core::template::{offered_by_system, Template};
use vmdeck_core::time::{format_elapsed, moment_label, parse_service_date, MomentStyle};
use vmdeck_core::vm::create::CreateVmForm;
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::edit::EditVmForm;
use vmdeck_core::vm::format_memory;
use vmdeck_core::vm::iso::IsoJoin;
use vmdeck_core::vm::query::search_field;
use vmdeck_core::vm::snapshot::Snapshot;
use vmdeck_core::{validate, ApiError, Vm, VmType};

/// A decode error must name what was expected and what came.
fn check_error(err: &DecodeError) {
    assert!(!err.expected.is_empty() && !err.found.is_empty(), "{err:?}");
    let shown = ApiError::from_decode(200, err.clone()).to_string();
    assert!(shown.contains(err.expected), "{shown}");
}

fn check<T>(result: Result<T, DecodeError>, then: impl FnOnce(T)) {
    match result {
        Ok(value) => then(value),
        Err(err) => check_error(&err),
    }
}

fn use_vm(vm: &Vm) {
    let _ = (
        vm.display_name(),
        vm.os_name(),
        vm.status.label(),
        vm.status.css_class(),
        vm.status.to_string(),
    );
    let _ = vm.vm_type.as_ref().map(VmType::label);
    let _ = vm.memory_mb.map(format_memory);
    for date in [&vm.created_at, &vm.updated_at].into_iter().flatten() {
        let _ = parse_service_date(date).map(format_elapsed);
    }
    for address in &vm.ip_addresses {
        let _ = search_field(address, false);
    }
    let form = EditVmForm::from_vm(vm, vm.disks_size_gb);
    let _ = (form.errors(&form), form.changes(&form), form.consequences(&form));
    let _ = vm.id.as_deref().map(|id| paths::checked_id(id, "VM"));
}

fn use_interface(nic: &Interface) {
    let _ = (nic.name(), format_rate_limit(nic.rate_limit));
    let form = InterfaceForm::from_interface(nic);
    let _ = (form.errors(), form.add_body(), form.edit_body(&form));
}

fn use_rules(rules: &[FirewallRule]) {
    for rule in rules {
        let form = RuleForm {
            command: rule.command.clone().unwrap_or_default(),
            protocol: rule.protocol.clone().unwrap_or_default(),
            address: rule.address.clone().unwrap_or_default(),
            port: rule.port.clone().unwrap_or_default(),
            description: rule.description.clone().unwrap_or_default(),
        };
        let _ = (form.errors(), form.body(), form.warnings(rules));
    }
}

fn render(chart: &LineChart) {
    let mut svg = String::new();
    let area = SVGBackend::with_string(&mut svg, (320, 120)).into_drawing_area();
    if let Ok(geometry) = draw(&area, chart, &ChartTheme::dark(1.5)) {
        let _ = (geometry.index_at(100.0), geometry.point(geometry.count, geometry.y_max));
    }
}

fn use_cpu(cpu: &CpuUsage, draw_charts: bool) {
    let _ = cpu.has_data();
    let chart = cpu_chart(cpu, Vec::new());
    if draw_charts {
        render(&chart);
    }
}

fn use_bandwidth(bandwidth: &Bandwidth, draw_charts: bool) {
    let _ = bandwidth.has_data();
    for traffic in &bandwidth.interfaces {
        let _ = (traffic.step_seconds(bandwidth), traffic_scale(traffic).format(1.0));
        for (period, _) in BANDWIDTH_PERIODS {
            let style = MomentStyle::catalogue();
            let chart = bandwidth_chart(
                bandwidth,
                traffic,
                &|t| moment_label(t, 0, axis_precision(period), &style),
                Vec::new(),
            );
            let _ = bandwidth
                .date_from
                .map(|from| moment_label(from, -720, sample_precision(period), &style));
            if draw_charts {
                render(&chart);
            }
        }
    }
}

/// Runs every decoder the panel uses on one value, then what the panel does
/// with a decoded result; each must answer a value or a clear error.
pub fn decode_everything(value: &Value, draw_charts: bool) {
    check(Vm::from_json(value), |vm| use_vm(&vm));
    check(Vm::list_from_json(value), |(vms, skipped)| {
        if let Value::Array(items) = value {
            assert_eq!(
                vms.len() + skipped,
                items.len(),
                "every item is a VM or counted as skipped"
            );
        }
        vms.iter().for_each(use_vm);
    });
    check(Interface::from_json(value), |nic| use_interface(&nic));
    check(Interface::list_from_json(value), |nics| nics.iter().for_each(use_interface));
    check(IpAddress::list_from_json(value), |addresses| {
        for address in addresses {
            let _ = address.address.as_deref().map(|a| validate::ipv4(a, "address"));
        }
    });
    check(FirewallRule::from_json(value), |rule| use_rules(&[rule]));
    check(FirewallRule::list_from_json(value), |rules| {
        let positions: Vec<i64> = rules.iter().map(|r| r.position.unwrap_or(i64::MAX)).collect();
        assert!(positions.windows(2).all(|w| w[0] <= w[1]), "rules come in order: {positions:?}");
        use_rules(&rules);
    });
    check(Disk::list_from_json(value), |(disks, _)| disks.iter().for_each(|d| drop(d.name())));
    check(Snapshot::list_from_json(value), |snapshots| {
        for snapshot in snapshots.iter().filter_map(|s| s.created_at.as_deref()) {
            let _ = parse_service_date(snapshot);
        }
    });
    check(IsoJoin::mounted_from_json(value), |iso| drop(iso.map(|i| i.name())));
    check(Template::list_from_json(value), |templates| {
        let offered = templates.iter().filter(|t| t.is_offered()).count();
        let grouped: usize = offered_by_system(&templates).iter().map(|(_, ts)| ts.len()).sum();
        assert_eq!(grouped, offered, "every offered template is in one group");
    });
    check(Network::list_from_json(value), |networks| {
        assert!(networks.iter().all(|n| n.id.is_some()), "a network without an id is left out");
    });
    check(Backup::list_from_json(value), |backups| {
        let disks: Vec<String> = backups.iter().filter_map(|b| b.disk_id.clone()).collect();
        assert_eq!(
            of_disks(&backups, &disks).len(),
            backups.iter().filter(|b| b.disk_id.is_some()).count()
        );
        backups.iter().for_each(|b| drop(b.state()));
    });
    check(CpuUsage::from_json(value), |cpu| use_cpu(&cpu, draw_charts));
    check(Bandwidth::from_json(value), |bw| use_bandwidth(&bw, draw_charts));
    let config = DeployConfig::from_json(value);
    if let Some(url) = &config.api_base_url {
        assert!(paths::normalize_base_url(url).is_ok_and(|u| !u.is_empty()), "{url}");
    }
    let catalogue = &config.catalogue;
    for choice in [
        &catalogue.templates,
        &catalogue.isos,
        &catalogue.locations,
        &catalogue.networks,
        &catalogue.data_store_groups,
    ]
    .into_iter()
    .flatten()
    {
        assert!(paths::checked_id(&choice.id, "catalogue").is_ok(), "{choice:?}");
    }
    read_error_body(422, &value.to_string(), None);
}

/// Reads a failed response's body the way the client does, and checks what a
/// user would be shown.
pub fn read_error_body(status: u16, body: &str, retry_after: Option<&str>) {
    let err = ApiError::from_response(status, body, retry_after);
    let shown = err.to_string();
    assert!(!shown.is_empty());
    let _ = err.is_transient();
    assert!(
        err.status() == Some(status) || (status == 400 && matches!(err, ApiError::Validation(_))),
        "{status} became {err:?}"
    );
    if let Some(messages) = err.messages() {
        let form = CreateVmForm::default();
        let mut state = FormState::default();
        state.refused(err.clone(), |field| form.field_for(field));
        let _ = state.top();
        if serde_json::from_str::<Value>(body.trim()).is_err() {
            // A body that is not JSON is one short line, never the page itself.
            let summary = messages.summary();
            assert!(summary.chars().count() <= 201, "{summary}");
            assert!(!summary.contains('\n'), "{summary}");
        }
    }
    if let Err(err) = serde_json::from_str::<Value>(body) {
        // One line that says what came instead, never the page itself.
        let malformed = ApiError::malformed(status, body, &err).to_string();
        assert!(!malformed.contains('\n'), "{malformed}");
        assert!(malformed.chars().count() <= 240, "{malformed}");
    }
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn arbitrary_bytes(bytes in vec(any::<u8>(), 0..512), status in any::<u16>()) {
        if let Ok(value) = serde_json::from_slice::<Value>(&bytes) {
            decode_everything(&value, false);
        }
        let text = String::from_utf8_lossy(&bytes);
        read_error_body(status, &text, Some(&text));
        let _ = messages_from_body(&text);
    }

    #[test]
    fn bytes_of_json_tokens(bytes in json_token_bytes(), status in 400u16..600) {
        if let Ok(value) = serde_json::from_slice::<Value>(&bytes) {
            decode_everything(&value, false);
        }
        read_error_body(status, &String::from_utf8_lossy(&bytes), None);
    }

    #[test]
    fn arbitrary_json(value in json_value()) {
        decode_everything(&value, false);
    }

    #[test]
    fn arbitrary_items_in_every_envelope(value in enveloped()) {
        decode_everything(&value, false);
    }
}
