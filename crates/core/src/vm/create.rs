//! The create-VM form: what the user typed, its checks, and the request
//! body the spec describes.

use crate::i18n::messages as t;
use crate::deploy::plans::Plan;
use crate::api::request::number;
use crate::vm::disk::Disk;
use crate::forms::{next_row, row_key, FieldErrors};
use crate::vm::Vm;
use crate::validate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// Where the VM is installed from: exactly one of the spec's three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    #[default]
    Template,
    IsoId,
    IsoUrl,
}

/// A new disk. Its `row` stays with it while rows above it come and go,
/// and keys its fields' messages (`secondary_disk_size.ROW`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecondaryDisk {
    pub row: u32,
    pub size: String,
    pub data_store_group_id: String,
}

/// The form as typed: every value is the text of its input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CreateVmForm {
    pub label: String,
    pub hostname: String,
    pub memory: String,
    pub cpus: String,
    pub cpu_type: String,
    pub cpu_shares: String,
    pub source: Source,
    pub template_id: String,
    pub iso_id: String,
    pub iso_url: String,
    pub location_id: String,
    pub primary_disk_size: String,
    pub swap_disk_size: String,
    pub data_store_group_primary_id: String,
    pub data_store_group_swap_id: String,
    pub secondary_disks: Vec<SecondaryDisk>,
    pub primary_network_id: String,
    pub primary_network_group_id: String,
    pub selected_ip_address: String,
    pub selected_ip_netmask: String,
    pub selected_ip_gateway: String,
    pub rate_limit: String,
    pub default_firewall_policy: String,
    pub initial_root_password: String,
    pub note: String,
    pub required_virtual_machine_build: bool,
    /// The provider's plan the sizes come from; empty: sizes typed in.
    pub plan: String,
}

impl Default for CreateVmForm {
    fn default() -> Self {
        Self {
            label: String::new(),
            hostname: String::new(),
            memory: "1024".into(),
            cpus: "1".into(),
            cpu_type: String::new(),
            cpu_shares: String::new(),
            source: Source::Template,
            template_id: String::new(),
            iso_id: String::new(),
            iso_url: String::new(),
            location_id: String::new(),
            primary_disk_size: "20".into(),
            swap_disk_size: String::new(),
            data_store_group_primary_id: String::new(),
            data_store_group_swap_id: String::new(),
            secondary_disks: Vec::new(),
            primary_network_id: String::new(),
            primary_network_group_id: String::new(),
            selected_ip_address: String::new(),
            selected_ip_netmask: String::new(),
            selected_ip_gateway: String::new(),
            rate_limit: String::new(),
            default_firewall_policy: String::new(),
            initial_root_password: String::new(),
            note: String::new(),
            required_virtual_machine_build: true,
            plan: String::new(),
        }
    }
}

/// The form's fields, by the API's names (secondary disks aside).
pub const FIELDS: [&str; 23] = [
    "label", "hostname", "memory", "cpus", "cpu_type", "cpu_shares", "template_id", "iso_id", "iso_url",
    "location_id", "primary_disk_size", "swap_disk_size", "data_store_group_primary_id", "data_store_group_swap_id",
    "primary_network_id", "primary_network_group_id", "selected_ip_address", "selected_ip_netmask",
    "selected_ip_gateway", "rate_limit", "default_firewall_policy", "initial_root_password", "note",
];

impl CreateVmForm {
    /// Where a server message about `server_field` belongs in the form: the
    /// API's repeated fields come back without an index, so they go to the
    /// first disk; a field the form does not have goes to the top (`None`).
    pub fn field_for(&self, server_field: &str) -> Option<String> {
        match server_field {
            "secondary_disk_size" | "data_store_group_secondary_id" => {
                self.secondary_disks.first().map(|disk| row_key(server_field, disk.row))
            }
            other if FIELDS.contains(&other) => Some(other.to_owned()),
            _ => None,
        }
    }

    /// Every problem of the form, one message per field.
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("label", validate::label(&self.label));
        problems.check("hostname", validate::hostname(&self.hostname));
        problems.check("memory", validate::positive(&self.memory, t::WHAT_MEMORY).map(|_| ()));
        problems.check("cpus", validate::positive(&self.cpus, t::WHAT_CPUS).map(|_| ()));
        problems.check("cpu_type", match self.cpu_type.as_str() {
            "" | "intel" | "amd" => Ok(()),
            _ => Err(t::FORM_CPU_TYPE_VALUES.get().into()),
        });
        problems.check_optional("cpu_shares", &self.cpu_shares, |v| validate::positive(v, t::WHAT_CPU_SHARE).map(|_| ()));
        match self.source {
            Source::Template => problems.check("template_id", validate::id(&self.template_id, t::WHAT_TEMPLATE)),
            Source::IsoId => problems.check("iso_id", validate::id(&self.iso_id, t::WHAT_ISO).map_err(|_| t::FORM_CHOOSE_ISO.get().to_owned())),
            Source::IsoUrl => problems.check("iso_url", validate::iso_url(&self.iso_url)),
        }
        problems.check_optional("location_id", &self.location_id, |v| validate::id(v, t::WHAT_LOCATION));
        problems.check("primary_disk_size", validate::positive(&self.primary_disk_size, t::WHAT_PRIMARY_DISK_SIZE).map(|_| ()));
        problems.check_optional("swap_disk_size", &self.swap_disk_size, |v| validate::whole_number(v, t::WHAT_SWAP_SIZE).map(|_| ()));
        problems.check_optional("data_store_group_primary_id", &self.data_store_group_primary_id, |v| validate::id(v, t::WHAT_DATA_STORE_GROUP));
        problems.check_optional("data_store_group_swap_id", &self.data_store_group_swap_id, |v| validate::id(v, t::WHAT_DATA_STORE_GROUP));
        for disk in &self.secondary_disks {
            problems.check(row_key("secondary_disk_size", disk.row), validate::positive(&disk.size, t::WHAT_DISK_SIZE).map(|_| ()));
            problems.check_optional(row_key("data_store_group_secondary_id", disk.row), &disk.data_store_group_id, |v| {
                validate::id(v, t::WHAT_DATA_STORE_GROUP)
            });
        }
        problems.check_optional("primary_network_id", &self.primary_network_id, |v| validate::id(v, t::WHAT_NETWORK));
        problems.check_optional("primary_network_group_id", &self.primary_network_group_id, |v| validate::id(v, t::WHAT_NETWORK_GROUP));
        problems.check_optional("selected_ip_address", &self.selected_ip_address, |v| validate::ipv4(v, t::WHAT_IP_ADDRESS));
        problems.check_optional("selected_ip_netmask", &self.selected_ip_netmask, validate::netmask);
        problems.check_optional("selected_ip_gateway", &self.selected_ip_gateway, |v| validate::ipv4(v, t::WHAT_GATEWAY));
        problems.check("rate_limit", validate::rate_limit(&self.rate_limit));
        problems.check("default_firewall_policy", match self.default_firewall_policy.as_str() {
            "" | "ACCEPT" | "DROP" => Ok(()),
            _ => Err(t::FORM_DEFAULT_FIREWALL_POLICY_VALUES.get().into()),
        });
        problems.check("initial_root_password", validate::root_password(&self.initial_root_password));
        problems
    }

    /// What may be kept as a draft: everything but the password.
    pub fn without_secrets(&self) -> Self {
        Self { initial_root_password: String::new(), ..self.clone() }
    }

    /// The request body, or the form's errors. Optional fields left empty
    /// are not sent, so the service's defaults apply.
    pub fn body(&self) -> Result<Value, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        let mut text = |key: &str, value: &str| {
            let value = value.trim();
            if !value.is_empty() {
                body.insert(key.to_owned(), Value::String(value.to_owned()));
            }
        };
        text("label", &self.label);
        text("hostname", &self.hostname);
        text("cpu_type", &self.cpu_type);
        text("location_id", &self.location_id);
        text("data_store_group_primary_id", &self.data_store_group_primary_id);
        text("data_store_group_swap_id", &self.data_store_group_swap_id);
        text("primary_network_id", &self.primary_network_id);
        text("primary_network_group_id", &self.primary_network_group_id);
        text("selected_ip_address", &self.selected_ip_address);
        text("selected_ip_netmask", &self.selected_ip_netmask);
        text("selected_ip_gateway", &self.selected_ip_gateway);
        text("default_firewall_policy", &self.default_firewall_policy);
        match self.source {
            Source::Template => text("template_id", &self.template_id),
            Source::IsoId => text("iso_id", &self.iso_id),
            Source::IsoUrl => text("iso_url", &self.iso_url),
        }
        // Already checked: these parse.
        let n = |value: &str| value.trim().parse::<u64>().ok().map(number);
        for (key, value) in [
            ("memory", &self.memory),
            ("cpus", &self.cpus),
            ("cpu_shares", &self.cpu_shares),
            ("primary_disk_size", &self.primary_disk_size),
            ("swap_disk_size", &self.swap_disk_size),
            ("rate_limit", &self.rate_limit),
        ] {
            if let Some(v) = n(value) {
                body.insert(key.to_owned(), v);
            }
        }
        put_secondary_disks(&self.secondary_disks, &mut body);
        // The password goes as typed (spaces are already refused); empty means random.
        if !self.initial_root_password.is_empty() {
            body.insert("initial_root_password".into(), Value::String(self.initial_root_password.clone()));
        }
        if !self.note.trim().is_empty() {
            body.insert("note".into(), Value::String(self.note.clone()));
        }
        body.insert("required_virtual_machine_build".into(), json!(self.required_virtual_machine_build));
        Ok(Value::Object(body))
    }
}

/// New secondary disks as the spec wants them: sizes in order and, only
/// when every disk names one, the data store groups in the same order (the
/// two lists pair up by position).
pub fn put_secondary_disks(disks: &[SecondaryDisk], body: &mut Map<String, Value>) {
    if disks.is_empty() {
        return;
    }
    let sizes = disks.iter().filter_map(|d| d.size.trim().parse::<u64>().ok().map(number)).collect();
    body.insert("secondary_disk_size".into(), Value::Array(sizes));
    if disks.iter().all(|d| !d.data_store_group_id.trim().is_empty()) {
        let groups = disks.iter().map(|d| Value::String(d.data_store_group_id.trim().to_owned())).collect();
        body.insert("data_store_group_secondary_id".into(), Value::Array(groups));
    }
}

/// A new disk at the end of `disks`, with a row id of its own.
pub fn add_secondary_disk(disks: &mut Vec<SecondaryDisk>) -> u32 {
    let row = next_row(disks.iter().map(|d| d.row));
    disks.push(SecondaryDisk { row, size: "10".into(), data_store_group_id: String::new() });
    row
}

/// Removes the disk of that row, if it is there.
pub fn remove_secondary_disk(disks: &mut Vec<SecondaryDisk>, row: u32) {
    disks.retain(|d| d.row != row);
}

/// A password the spec accepts, from random bytes the caller supplies
/// (the browser's crypto in the panel): 16 characters of letters and
/// digits with a dash or underscore, at least one of each case and a digit.
pub fn generate_password(random: &[u8; 16]) -> String {
    const LOWER: &[u8] = b"abcdefghijkmnpqrstuvwxyz";
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const DIGITS: &[u8] = b"23456789";
    const ALL: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_";
    let pick = |set: &[u8], byte: u8| set[byte as usize % set.len()] as char;
    let mut out: Vec<char> = random.iter().map(|b| pick(ALL, *b)).collect();
    // Fixed places for the required kinds, chosen by the random bytes too.
    out[random[0] as usize % 4] = pick(LOWER, random[1]);
    out[4 + random[2] as usize % 4] = pick(UPPER, random[3]);
    out[8 + random[4] as usize % 4] = pick(DIGITS, random[5]);
    out.into_iter().collect()
}

impl CreateVmForm {
    /// Takes its sizes from `plan` (memory, CPUs, the primary disk); none:
    /// the sizes are typed in, starting from the plan's.
    pub fn choose_plan(&mut self, plan: Option<&Plan>) {
        match plan {
            Some(plan) => {
                self.plan = plan.name.clone();
                self.memory = plan.memory.to_string();
                self.cpus = plan.cpus.to_string();
                self.primary_disk_size = plan.disk.to_string();
            }
            None => self.plan.clear(),
        }
    }
    /// A new VM like `vm`: its sizes, template, location and network (its
    /// primary interface's), never its name, hostname or password.
    pub fn like(vm: &Vm, disks: &[Disk], network_id: Option<&str>) -> Self {
        let defaults = Self::default();
        let number = |n: Option<i64>, default: &str| n.filter(|n| *n > 0).map_or_else(|| default.to_owned(), |n| n.to_string());
        let primary = Disk::system_size(disks);
        Self {
            memory: number(vm.memory_mb, &defaults.memory),
            cpus: number(vm.cpus, &defaults.cpus),
            cpu_type: vm.cpu_type.clone().filter(|t| matches!(t.as_str(), "intel" | "amd")).unwrap_or_default(),
            cpu_shares: number(vm.cpu_shares, ""),
            source: Source::Template,
            template_id: vm.template_id.clone().unwrap_or_default(),
            location_id: vm.location_id.clone().unwrap_or_default(),
            primary_disk_size: number(primary, &defaults.primary_disk_size),
            primary_network_id: network_id.unwrap_or_default().to_owned(),
            ..defaults
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> CreateVmForm {
        CreateVmForm { label: "Web".into(), hostname: "web-01".into(), template_id: "1".into(), ..Default::default() }
    }

    #[test]
    fn a_plan_gives_the_sizes_sent() {
        let plan = Plan { name: "M".into(), memory: 2048, cpus: 2, disk: 40, price: None, transfer: None };
        let mut form = valid();
        form.choose_plan(Some(&plan));
        assert_eq!(form.plan, "M");
        let body = form.body().unwrap();
        assert_eq!((body["memory"].clone(), body["cpus"].clone(), body["primary_disk_size"].clone()), (json!("2048"), json!("2"), json!("40")));
        // Back to typing the sizes: they start from the plan's.
        form.choose_plan(None);
        assert_eq!((form.plan.as_str(), form.memory.as_str()), ("", "2048"));
    }

    #[test]
    fn a_filled_form_makes_the_spec_body_with_numbers_as_strings() {
        let form = CreateVmForm {
            swap_disk_size: "2".into(),
            rate_limit: "0".into(),
            location_id: "2".into(),
            secondary_disks: vec![
                SecondaryDisk { row: 0, size: "50".into(), data_store_group_id: "2".into() },
                SecondaryDisk { row: 1, size: "100".into(), data_store_group_id: "1".into() },
            ],
            initial_root_password: "Secret_pass-1".into(),
            note: "first one".into(),
            ..valid()
        };
        let body = form.body().unwrap();
        assert_eq!(body["memory"], "1024");
        assert_eq!(body["cpus"], "1");
        assert_eq!(body["primary_disk_size"], "20");
        assert_eq!(body["swap_disk_size"], "2");
        assert_eq!(body["rate_limit"], "0", "0 is unlimited, and sent");
        assert_eq!(body["template_id"], "1");
        assert!(body.get("iso_id").is_none() && body.get("iso_url").is_none());
        assert_eq!(body["secondary_disk_size"], json!(["50", "100"]));
        assert_eq!(body["data_store_group_secondary_id"], json!(["2", "1"]));
        assert_eq!(body["initial_root_password"], "Secret_pass-1");
        assert_eq!(body["required_virtual_machine_build"], true);
        assert!(body.get("cpu_shares").is_none(), "empty optional fields are not sent");
        assert!(body.get("selected_ip_address").is_none());
    }

    #[test]
    fn exactly_one_source_is_sent() {
        let iso = CreateVmForm { source: Source::IsoUrl, iso_url: "https://x.org/a.iso".into(), ..valid() };
        let body = iso.body().unwrap();
        assert_eq!(body["iso_url"], "https://x.org/a.iso");
        assert!(body.get("template_id").is_none(), "the template typed before switching is not sent");
        let by_id = CreateVmForm { source: Source::IsoId, iso_id: "2".into(), ..valid() };
        assert_eq!(by_id.body().unwrap()["iso_id"], "2");
        let missing = CreateVmForm { source: Source::IsoId, ..valid() };
        assert_eq!(missing.errors()["iso_id"], "Choose an ISO.");
        assert!(missing.body().is_err());
    }

    #[test]
    fn every_field_is_checked() {
        let form = CreateVmForm {
            label: "".into(),
            hostname: "9lives".into(),
            memory: "0".into(),
            cpus: "two".into(),
            cpu_type: "arm".into(),
            cpu_shares: "-1".into(),
            template_id: "".into(),
            location_id: "x".into(),
            primary_disk_size: "1.5".into(),
            swap_disk_size: "-2".into(),
            secondary_disks: vec![SecondaryDisk { row: 0, size: "0".into(), data_store_group_id: "z".into() }],
            primary_network_id: "net".into(),
            selected_ip_address: "10.0.0".into(),
            selected_ip_netmask: "255.0.255.0".into(),
            selected_ip_gateway: "gw".into(),
            rate_limit: "fast".into(),
            default_firewall_policy: "REJECT".into(),
            initial_root_password: "abc".into(),
            ..Default::default()
        };
        let errors = form.errors();
        for field in [
            "label", "hostname", "memory", "cpus", "cpu_type", "cpu_shares", "template_id", "location_id",
            "primary_disk_size", "swap_disk_size", "secondary_disk_size.0", "data_store_group_secondary_id.0",
            "primary_network_id", "selected_ip_address", "selected_ip_netmask", "selected_ip_gateway", "rate_limit",
            "default_firewall_policy", "initial_root_password",
        ] {
            assert!(errors.contains_key(field), "{field} should be refused: {errors:?}");
        }
        assert_eq!(errors["hostname"], "The hostname may not start with a digit.");
        assert_eq!(form.body(), Err(errors));
    }

    #[test]
    fn disks_keep_their_order_and_groups_pair_up_only_when_all_are_given() {
        let form = CreateVmForm {
            secondary_disks: vec![
                SecondaryDisk { row: 0, size: "10".into(), data_store_group_id: "".into() },
                SecondaryDisk { row: 1, size: "30".into(), data_store_group_id: "2".into() },
                SecondaryDisk { row: 2, size: "20".into(), data_store_group_id: "".into() },
            ],
            ..valid()
        };
        let body = form.body().unwrap();
        assert_eq!(body["secondary_disk_size"], json!(["10", "30", "20"]));
        assert!(body.get("data_store_group_secondary_id").is_none());
    }

    #[test]
    fn server_field_errors_find_their_fields() {
        let mut form = valid();
        assert_eq!(form.field_for("hostname").as_deref(), Some("hostname"));
        assert_eq!(form.field_for("secondary_disk_size"), None, "no disk: the message goes to the top");
        assert_eq!(form.field_for("base"), None);
        add_secondary_disk(&mut form.secondary_disks);
        let second = add_secondary_disk(&mut form.secondary_disks);
        remove_secondary_disk(&mut form.secondary_disks, 0);
        assert_eq!(form.field_for("secondary_disk_size"), Some(format!("secondary_disk_size.{second}")));
    }

    #[test]
    fn a_disks_messages_stay_with_it_when_a_row_above_goes() {
        let mut form = valid();
        add_secondary_disk(&mut form.secondary_disks);
        let second = add_secondary_disk(&mut form.secondary_disks);
        if let Some(disk) = form.secondary_disks.iter_mut().find(|d| d.row == second) {
            disk.size = "0".into();
        }
        assert!(form.errors().contains_key(&format!("secondary_disk_size.{second}")));
        remove_secondary_disk(&mut form.secondary_disks, 0);
        let errors = form.errors();
        assert!(errors.contains_key(&format!("secondary_disk_size.{second}")));
        assert!(!errors.contains_key("secondary_disk_size.0"));
        // A new row never takes the id of a living one.
        assert_ne!(add_secondary_disk(&mut form.secondary_disks), second);
    }

    #[test]
    fn a_draft_never_holds_the_password() {
        let form = CreateVmForm { initial_root_password: "Secret_pass-1".into(), ..valid() };
        let draft = serde_json::to_string(&form.without_secrets()).unwrap();
        assert!(!draft.contains("Secret_pass-1"));
        let back: CreateVmForm = serde_json::from_str(&draft).unwrap();
        assert_eq!(back, CreateVmForm { initial_root_password: String::new(), ..form });
    }

    #[test]
    fn generated_passwords_pass_the_rules_and_mix_kinds() {
        for seed in 0..=255u8 {
            let bytes: [u8; 16] = std::array::from_fn(|i| seed.wrapping_mul(31).wrapping_add(i as u8 * 17));
            let p = generate_password(&bytes);
            assert!(validate::root_password(&p).is_ok(), "{p}");
            assert_eq!(p.len(), 16);
            assert!(p.chars().any(|c| c.is_ascii_lowercase()), "{p}");
            assert!(p.chars().any(|c| c.is_ascii_uppercase()), "{p}");
            assert!(p.chars().any(|c| c.is_ascii_digit()), "{p}");
        }
    }

    #[test]
    fn a_new_vm_like_another_takes_its_sizes_and_never_its_names() {
        let vm = Vm::from_json(&json!({"id": "7", "label": "db", "hostname": "db-01", "memory": 4096, "cpus": 2, "cpu_type": "amd",
            "template_id": "3", "location_id": "2", "initial_root_password": "secret-pass"})).unwrap();
        let disks = Disk::list_from_json(&json!([{"id": "1", "primary": true, "disk_size": 40}, {"id": "2", "primary": false, "disk_size": 100}])).unwrap().0;
        let form = CreateVmForm::like(&vm, &disks, Some("5"));
        assert_eq!((form.memory.as_str(), form.cpus.as_str(), form.cpu_type.as_str()), ("4096", "2", "amd"));
        assert_eq!((form.template_id.as_str(), form.location_id.as_str(), form.primary_disk_size.as_str()), ("3", "2", "40"));
        assert_eq!(form.primary_network_id, "5");
        assert_eq!(form.source, Source::Template);
        assert!(form.label.is_empty() && form.hostname.is_empty() && form.initial_root_password.is_empty());
        // What the API does not say stays at the form's defaults.
        let bare = CreateVmForm::like(&Vm::from_json(&json!({"id": "8"})).unwrap(), &[], None);
        assert_eq!(bare.memory, CreateVmForm::default().memory);
        assert_eq!(bare.primary_disk_size, CreateVmForm::default().primary_disk_size);
    }
}
