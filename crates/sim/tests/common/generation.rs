//! The simulator in one `--generation`, and reading the shapes of its
//! answers: an object's keys, a list's items, a record's id.

use super::Sim;
use serde_json::{json, Value};
use vmdeck_sim::config::{Config, Generation};

pub const ALL: [Generation; 3] = [Generation::Documented, Generation::Onapp, Generation::Oldest];

pub fn sim(generation: Generation, vms: usize) -> Sim {
    Sim::with(Config { generation, ..super::config(vms) })
}

pub fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap_or_else(|| panic!("an object: {value}"))
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

pub fn sorted(mut names: Vec<&str>) -> Vec<&str> {
    names.sort_unstable();
    names
}

pub fn items(value: Value) -> Vec<Value> {
    value.as_array().unwrap_or_else(|| panic!("a list: {value}")).clone()
}

pub fn id(value: &Value) -> String {
    value["id"].as_str().unwrap_or_else(|| panic!("an id: {value}")).to_owned()
}

pub fn create_body(template: &str) -> Value {
    json!({
        "label": "New", "hostname": "new-01", "memory": "1024", "cpus": "1", "primary_disk_size": "20",
        "template_id": template, "swap_disk_size": "1", "secondary_disk_size": ["50"],
    })
}
