//! How long the core takes over a fleet of 10,000 VMs for what the list and
//! the switcher run on a choice or a keystroke: reading the list, a tag's
//! VMs, the groups by tag, the pinned VMs first, and a search typed. The
//! browser's budget from keystroke to table is 100 ms; the core's share
//! should be far under it. Prints figures, asserts nothing.
//!
//! `cargo bench -p vmdeck-core --bench fleet`. Each figure is a line
//! `BENCH <name>\t<median ms>\t<min ms>\t<max ms>\t<runs>` on stdout for
//! scripts/bench/core.mjs, and one for people on stderr.

use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::error::Error;
use std::hint::black_box;
use std::time::Instant;
use vmdeck_core::shortcuts::{places, tag_places};
use vmdeck_core::vm::columns::Columns;
use vmdeck_core::vm::pins::Pins;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::sort::Order;
use vmdeck_core::vm::tag_read::{is_tagged, TagRead};
use vmdeck_core::vm::tags::{group_by_tag, Tag, Tags};
use vmdeck_core::Vm;

const FLEET: usize = 10_000;
/// Every tenth VM has a tag: 1,000 tagged.
const TAGGED_EVERY: usize = 10;
/// One tag is on every hundredth VM: 100 of them.
const RARE_TAG: &str = "web";
const RARE_EVERY: usize = 100;
/// The other tags, one to each tagged VM in turn.
const TAGS: [&str; 4] = ["db", "prod", "eu west", "backup"];
/// Pins tried, spread over the list; an account keeps at most
/// `vmdeck_core::vm::pins::MAX_PINS` of them.
const PINS_TRIED: usize = 50;
const WARM_UP: usize = 3;
const RUNS: usize = 15;

/// One VM as the service lists it (the simulator's shape).
fn vm_json(i: usize) -> Value {
    let id = 1001 + i;
    let name = format!("{}-{i}", ["web", "db", "cache", "worker", "mail"][i % 5]);
    json!({
        "id": id.to_string(), "label": name, "hostname": format!("{name}.example.net"),
        "memory": 1024 << (i % 4), "cpus": 1 + i % 8, "cpu_shares": 100,
        "template_id": (1 + i % 4).to_string(), "initial_password": "Zx8-k2pQ_r",
        "note": if i % 7 == 0 { Value::from("kept for the customer") } else { Value::Null },
        "hypervisor_id": (1 + i % 9).to_string(), "type": "standard", "vip": false,
        "status": (["online", "offline", "online", "rebooting"][i % 4]), "locked": 0, "suspended": u8::from(i % 50 == 0),
        "strict_virtual_machine_id": null, "operating_system": "linux", "operating_system_distro": "Debian 12",
        "created_at": "2026-03-14T09:26:53", "updated_at": "2026-11-02T18:00:01", "cdrom": 0,
        "boot_type": "default", "location_id": (1 + i % 2).to_string(), "template_label": "Debian 12",
        "cpu_type": "kvm64", "disk_type": "ssd", "identifier": format!("vm{id:08x}"), "total_disk_size": 20 + i % 200,
        "ip_addresses": [{"ip_address": {"address": format!("100.{}.{}.{}", 64 + i / 62_500, i / 250 % 250, i % 250 + 1)}}],
    })
}

/// The list's answer of `count` VMs from the `from`th, as its text.
fn list_text(from: usize, count: usize) -> String {
    Value::Array((from..from + count).map(vm_json).collect()).to_string()
}

fn tag(text: &str) -> Result<Tag, String> {
    Tag::parse(text).map_err(|e| e.message())
}

/// The account's tags: 1,000 VMs with one of [`TAGS`], every hundredth with
/// [`RARE_TAG`] too.
fn fleet_tags() -> Result<Tags, String> {
    let (rare, others) =
        (tag(RARE_TAG)?, TAGS.iter().map(|t| tag(t)).collect::<Result<Vec<_>, _>>()?);
    let mut tags = Tags::default();
    for i in (0..FLEET).step_by(TAGGED_EVERY) {
        let id = (1001 + i).to_string();
        let refused = |why| format!("VM {id} refused a tag: {why:?}");
        tags.add(&id, &others[i / TAGGED_EVERY % others.len()]).map_err(refused)?;
        if i % RARE_EVERY == 0 {
            tags.add(&id, &rare).map_err(refused)?;
        }
    }
    Ok(tags)
}

fn fleet_pins() -> Pins {
    let mut pins = Pins::default();
    for n in 0..PINS_TRIED {
        pins.pin(&(1001 + n * 197 % FLEET).to_string());
    }
    pins
}

/// The median, fastest and slowest of [`RUNS`] runs of `run` in ms, after
/// [`WARM_UP`] more; what `prepare` makes for each run is not timed.
fn time<S, R>(mut prepare: impl FnMut() -> S, mut run: impl FnMut(S) -> R) -> (f64, f64, f64) {
    let mut ms: Vec<f64> = (0..WARM_UP + RUNS)
        .map(|_| {
            let input = prepare();
            let start = Instant::now();
            black_box(run(black_box(input)));
            start.elapsed().as_secs_f64() * 1e3
        })
        .skip(WARM_UP)
        .collect();
    ms.sort_by(f64::total_cmp);
    (ms[RUNS / 2], ms[0], ms[RUNS - 1])
}

/// A figure for people on stderr, and for scripts/bench/core.mjs on stdout.
fn report(name: &str, (median, min, max): (f64, f64, f64)) {
    eprintln!("fleet {name}: {median:.3} ms (min {min:.3}, max {max:.3}, {RUNS} runs)");
    println!("BENCH {name}\t{median:.4}\t{min:.4}\t{max:.4}\t{RUNS}");
}

/// What the panel does with a list's answer: its text read as JSON, the
/// VMs read from it; the JSON is let go after.
fn decode(text: &str) -> Result<usize, Box<dyn Error>> {
    Ok(Vm::list_from_json(&serde_json::from_str(text)?)?.0.len())
}

/// What the list does when a tag of more than a hundred VMs is chosen: the
/// tag's VMs by id, the view read (here all of it, decoded) kept where
/// they have it, kept for the view's other orders and pages, a page of
/// them cut in the view's order.
fn filter_by_tag(tags: &Tags, chosen: &Tag, read: Vec<Vm>) -> usize {
    let tagged: BTreeSet<String> = tags.vms_with(chosen).into_iter().map(str::to_owned).collect();
    let found: Vec<Vm> = read.into_iter().filter(|vm| is_tagged(vm, &tagged)).collect();
    let query = tag_view(chosen);
    TagRead::new(&query, tagged, found, 0, 0.0).page(&query).items.len()
}

/// The list's first page of a tag, sorted by label.
fn tag_view(chosen: &Tag) -> VmQuery {
    VmQuery {
        sort: Some("label"),
        order: Order::Asc,
        limit: 50,
        tag: Some(chosen.clone()),
        ..VmQuery::default()
    }
}

/// What the list does when a tag of at most a hundred VMs is chosen: each
/// VM's answer read (`answers`, one per VM), the VMs put in the view's
/// order, a page of them cut.
fn read_tag_by_id(tags: &Tags, chosen: &Tag, answers: &[String]) -> Result<usize, Box<dyn Error>> {
    let tagged: BTreeSet<String> = tags.vms_with(chosen).into_iter().map(str::to_owned).collect();
    let mut found = Vec::with_capacity(answers.len());
    for answer in answers {
        found.extend(Vm::list_from_json(&serde_json::from_str(answer)?)?.0);
    }
    let query = tag_view(chosen);
    Ok(TagRead::new(&query, tagged, found, 0, 0.0).page(&query).items.len())
}

/// What the pinned section and the switcher do with the VMs: the pinned
/// ones by id, and each VM named with its tags, the pinned first. Here
/// over the whole fleet, where the switcher has only the VMs it found.
fn pins_first(pins: &Pins, tags: &Tags, vms: &[Vm]) -> usize {
    let shown: BTreeSet<&String> = pins.ids().iter().collect();
    let mut named: Vec<(bool, String)> = vms
        .iter()
        .filter_map(|vm| {
            let id = vm.id.as_deref()?;
            let tagged: Vec<&str> = tags.of(id).map(Tag::as_str).collect();
            Some((pins.contains(id), format!("{} · {}", vm.display_name(), tagged.join(", "))))
        })
        .collect();
    named.sort_by_key(|(pinned, _)| !pinned);
    shown.len() + named.len()
}

/// What a keystroke in the search box does: the view with the text,
/// its address, the view read back from it, what is asked of the API;
/// the switcher's pages and tags for the text; the answer's page read.
fn search_keystroke(tags: &Tags, text: &str, page_of_50: &str) -> Result<usize, Box<dyn Error>> {
    let typed = VmQuery::default().with_search(text, false);
    let href = typed.href();
    let pairs = typed.params();
    let view =
        VmQuery::from_params(|key| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str()))
            .or_columns(&Columns::default());
    let asked = view.read_part().params();
    let offered = places(text, None).len() + tag_places(text, &tags.in_use()).len();
    Ok(href.len() + asked.len() + offered + decode(page_of_50)?)
}

fn main() -> Result<(), Box<dyn Error>> {
    let text = list_text(0, FLEET);
    let page_of_50 = list_text(4_000, 50);
    let page_of_1000 = list_text(4_000, 1000);
    let (tags, pins) = (fleet_tags()?, fleet_pins());
    let (rare, common) = (tag(RARE_TAG)?, tag(TAGS[0])?);
    let (vms, _) = Vm::list_from_json(&serde_json::from_str(&text)?)?;
    let ids: Vec<String> = vms.iter().filter_map(|vm| vm.id.clone()).collect();
    eprintln!(
        "fleet: {} VMs ({} KB of JSON), {} tagged, {} with \"{RARE_TAG}\", {} pinned (of {PINS_TRIED} tried)",
        vms.len(),
        text.len() / 1000,
        tags.pairs().map(|(vm, _)| vm).collect::<BTreeSet<_>>().len(),
        tags.vms_with(&rare).len(),
        pins.ids().len()
    );

    // Once outside the timing, to say what fails.
    search_keystroke(&tags, "web-12", &page_of_50)?;
    let rare_answers: Vec<String> =
        (0..FLEET).step_by(RARE_EVERY).map(|i| list_text(i, 1)).collect();
    if read_tag_by_id(&tags, &rare, &rare_answers)? != 50 {
        return Err(format!(
            "the {} answers for \"{RARE_TAG}\" did not make a page of 50",
            rare_answers.len()
        )
        .into());
    }

    report("decode 10000 VMs", time(|| (), |()| decode(&text)));
    report("decode a page of 1000 VMs", time(|| (), |()| decode(&page_of_1000)));
    report(
        "a tag of 100 read by id, in order (of 10000)",
        time(|| (), |()| read_tag_by_id(&tags, &rare, &rare_answers).ok()),
    );
    report(
        &format!("a tag of {} kept from 10000 read", tags.vms_with(&common).len()),
        time(|| vms.clone(), |read| filter_by_tag(&tags, &common, read)),
    );
    // The whole fleet: the list groups a page, of 1,000 VMs at the most.
    report(
        "group by tag (10000 VMs)",
        time(|| (), |()| group_by_tag(ids.iter().map(String::as_str), &tags).len()),
    );
    report(
        "pins first + switcher order (10000 VMs)",
        time(|| (), |()| pins_first(&pins, &tags, &vms)),
    );
    report(
        "search keystroke (query, switcher places, page of 50 read)",
        time(|| (), |()| search_keystroke(&tags, "web-12", &page_of_50).ok()),
    );
    Ok(())
}
