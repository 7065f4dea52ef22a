//! Deterministic sample data: the same seed gives the same accounts. A VM's
//! disks and backups are in `storage`.

mod storage;

use crate::catalogue::TEMPLATES;
use crate::records::{Effect, FirewallRule, Interface, IsoJoin, Operation, Snapshot, Vm};
use crate::rng::Rng;
use crate::store::{timestamp, Account, Ids};
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

const PROJECTS: [&str; 16] = [
    "shop", "blog", "crm", "api", "erp", "wiki", "git", "chat", "mon", "vpn", "mx", "dns", "build",
    "media", "search", "stage",
];
/// Host name part and the words people use for it in a label.
const ROLES: [(&str, &str); 10] = [
    ("web", "web server"),
    ("db", "database"),
    ("cache", "cache"),
    ("worker", "worker"),
    ("lb", "load balancer"),
    ("mail", "mail server"),
    ("backup", "backup"),
    ("proxy", "proxy"),
    ("app", "app server"),
    ("queue", "queue"),
];
const NOTES: [&str; 4] = [
    "Managed by the ops team",
    "Do not reboot during business hours",
    "Migrated from the old cluster",
    "Staging copy",
];
/// 2024-01-01 and the span of days after it in which VMs were made and
/// changed: it ends on 2026-11-01, so that no seeded date lies ahead.
const FIRST_DAY: u64 = 19_723;
const DAYS: u64 = 1_035;
const LAST_SECOND: u64 = (FIRST_DAY + DAYS) * 86_400;

/// An account with `count` VMs, the same for the same seed.
pub fn account(
    ids: &mut Ids,
    seed: u64,
    id: u64,
    token: &str,
    count: usize,
    now: Instant,
) -> Account {
    let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(id));
    let mut account = Account {
        id,
        token: token.to_owned(),
        vms: BTreeMap::new(),
        ips: BTreeMap::new(),
        templates: BTreeMap::new(),
        backups: BTreeMap::new(),
        workspace: None,
    };
    let mut per_name = HashMap::<(usize, usize), u32>::new();
    for i in 0..count {
        let (vm, created_secs) = vm(ids, &mut rng, &mut account, &mut per_name, i == 0, now);
        storage::backups(ids, &mut account, &vm, created_secs, i % 3 == 0);
        account.vms.insert(vm.id, vm);
    }
    // Three reserved addresses, free to be attached by id.
    for _ in 0..3 {
        let ip = ids.address(1, true, date(&mut rng));
        account.ips.insert(ip.id, ip);
    }
    account
}

fn date(rng: &mut Rng) -> String {
    timestamp((FIRST_DAY + rng.below(DAYS)) * 86_400 + rng.below(86_400))
}

fn vm(
    ids: &mut Ids,
    rng: &mut Rng,
    account: &mut Account,
    per_name: &mut HashMap<(usize, usize), u32>,
    first: bool,
    now: Instant,
) -> (Vm, u64) {
    let project = rng.below(PROJECTS.len() as u64) as usize;
    let role = rng.below(ROLES.len() as u64) as usize;
    let n = per_name.entry((project, role)).or_insert(0);
    *n += 1;
    let (role_host, role_words) = ROLES[role];
    let hostname = format!("{}-{role_host}-{n:02}", PROJECTS[project]);
    // Some people label their VMs in words, some just reuse the host name.
    let label = if rng.chance(0.15) {
        hostname.clone()
    } else {
        format!("{} {role_words} {n}", capitalise(PROJECTS[project]))
    };
    // The first VM is always an idle, running one, so demos and tests have one.
    let status = if first {
        "online"
    } else {
        rng.weighted(&[("online", 62), ("offline", 24), ("unbuilt", 8), ("recovery", 3)])
    };
    let vm_type = rng.weighted(&[
        ("standard", 85),
        ("autoscaled", 5),
        ("balancer", 4),
        ("balancer_failover", 2),
        ("firewall", 4),
    ]);
    let template = rng.pick(&[0usize, 1, 2, 3]);
    let template = &TEMPLATES[template];
    let memory =
        rng.weighted(&[(512u64, 10), (1024, 25), (2048, 30), (4096, 20), (8192, 10), (16384, 5)]);
    let cpus = (memory / 2048).clamp(1, 8) + rng.below(2);
    let created_secs = (FIRST_DAY + rng.below(DAYS)) * 86_400 + rng.below(86_400);
    let created_at = timestamp(created_secs);
    // Changed within 200 days of being made, but not after the seeded span.
    let updated_at =
        timestamp(created_secs + rng.below((LAST_SECOND - created_secs).clamp(1, 200 * 86_400)));
    // Busy from the start: locked at once, whatever the generation's delay.
    let op = (!first && rng.chance(0.03)).then(|| Operation {
        start: now,
        until: now + Duration::from_millis(2_000 + rng.below(6_000)),
        lock_noted: true,
        effect: Effect::Nothing,
    });

    let disks = storage::disks(ids, rng, template, &created_at);

    let mut interfaces = vec![interface(ids, rng, account, 1, true, &created_at)];
    if rng.chance(0.3) {
        interfaces.push(interface(ids, rng, account, 2, false, &created_at));
    }

    let snapshots = (0..rng.pick(&[0, 0, 0, 1, 2, 3]))
        .map(|k| {
            let (id, size) = (ids.snapshot(), 1 + rng.below(20));
            Snapshot::new(id, format!("Snapshot {}", k + 1), size, date(rng))
        })
        .collect();
    let iso = (status != "unbuilt" && rng.chance(0.05)).then(|| IsoJoin {
        id: ids.iso_join(),
        iso_id: Some(rng.pick(&[1, 2])),
        iso_url: None,
        created_at: updated_at.clone(),
    });

    let vm = Vm {
        id: ids.vm(),
        label,
        hostname,
        memory,
        cpus,
        cpu_shares: rng.pick(&[25, 50, 100]),
        cpu_type: rng.pick(&["intel", "amd"]).to_owned(),
        template_id: Some(template.id),
        initial_password: password(rng),
        remote_access_password: password(rng),
        note: rng.chance(0.25).then(|| rng.pick(&NOTES).to_owned()),
        hypervisor_id: Some(1 + rng.below(6)),
        vm_type: vm_type.to_owned(),
        status,
        op,
        suspended: rng.chance(0.03),
        strict_virtual_machine_id: None,
        created_at,
        updated_at,
        boot_type: if iso.is_some() && rng.chance(0.5) { "cdrom" } else { "default" }.to_owned(),
        location_id: rng.pick(&[1, 2]),
        disk_type: rng.pick(&["vd", "vd", "sd"]).to_owned(),
        identifier: identifier(rng),
        user_id: 100 + account.id,
        disks,
        interfaces,
        iso,
        snapshots,
        stats_seed: rng.next_u64(),
    };
    (vm, created_secs)
}

fn interface(
    ids: &mut Ids,
    rng: &mut Rng,
    account: &mut Account,
    network_id: u64,
    primary: bool,
    created_at: &str,
) -> Interface {
    let ip = ids.address(network_id, false, created_at.to_owned());
    let join = crate::records::IpJoin {
        id: ids.join(),
        ip_address_id: ip.id,
        created_at: created_at.to_owned(),
    };
    account.ips.insert(ip.id, ip);
    let id = ids.interface();
    let mut rules = Vec::new();
    if primary && rng.chance(0.4) {
        for (position, (port, description)) in
            [("22", "SSH"), ("80,443", "Web")].into_iter().enumerate()
        {
            rules.push(FirewallRule {
                id: ids.rule(),
                command: "ACCEPT".into(),
                protocol: "TCP".into(),
                address: None,
                port: Some(port.into()),
                description: Some(description.into()),
                position: position as u64 + 1,
                created_at: created_at.to_owned(),
            });
        }
    }
    Interface {
        id,
        label: if primary { "eth0".into() } else { "eth1".into() },
        network_id,
        primary,
        rate_limit: if network_id == 1 { 1000 } else { 0 },
        default_firewall_policy: if primary && rng.chance(0.3) { "DROP" } else { "ACCEPT" }.into(),
        mac_address: mac(rng),
        created_at: created_at.to_owned(),
        ips: vec![join],
        rules,
    }
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn from_alphabet(rng: &mut Rng, alphabet: &[u8], len: usize) -> String {
    (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize] as char).collect()
}

/// A password within the spec's rules: 6–32 of letters, digits, - and _.
pub fn password(rng: &mut Rng) -> String {
    from_alphabet(rng, b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_", 14)
}

pub fn identifier(rng: &mut Rng) -> String {
    from_alphabet(rng, b"abcdefghijklmnopqrstuvwxyz0123456789", 14)
}

/// A locally administered unicast MAC address.
pub fn mac(rng: &mut Rng) -> String {
    let n = rng.next_u64();
    let bytes = [0x02, (n >> 32) as u8, (n >> 24) as u8, (n >> 16) as u8, (n >> 8) as u8, n as u8];
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(":")
}

/// Text that runs script if a page ever treats it as HTML or as a link. Each
/// payload sets `window.__hostile`, which the end-to-end tests look for.
pub const HOSTILE: [&str; 4] = [
    "<img src=x onerror=\"window.__hostile=1\">",
    "\"><svg onload=window.__hostile=1>",
    "javascript:window.__hostile=1",
    "</td><script>window.__hostile=1</script><b>bold",
];

/// Gives the account's first VMs, and everything they hold, hostile names and notes.
pub fn make_hostile(ids: &mut Ids, account: &mut Account) {
    for (n, vm) in account.vms.values_mut().take(3).enumerate() {
        let text = |k: usize| format!("{} {}", HOSTILE[(n + k) % HOSTILE.len()], n + 1);
        vm.label = text(0);
        vm.hostname = text(1);
        vm.note = Some(text(2));
        for (k, disk) in vm.disks.iter_mut().enumerate() {
            disk.label = text(k);
        }
        vm.snapshots.push(Snapshot::new(ids.snapshot(), text(3), 1, vm.created_at.clone()));
        for (k, interface) in vm.interfaces.iter_mut().enumerate() {
            interface.label = text(k + 1);
            interface.rules.push(FirewallRule {
                id: ids.rule(),
                command: "ACCEPT".into(),
                protocol: "TCP".into(),
                address: None,
                port: Some("8080".into()),
                description: Some(text(k + 2)),
                position: interface.rules.len() as u64 + 1,
                created_at: vm.created_at.clone(),
            });
        }
        vm.iso = Some(IsoJoin {
            id: ids.iso_join(),
            iso_id: None,
            iso_url: Some(HOSTILE[2].to_owned()),
            created_at: vm.created_at.clone(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeded(seed: u64, count: usize) -> Account {
        account(&mut Ids::default(), seed, 1, "t", count, Instant::now())
    }

    #[test]
    fn seeding_is_deterministic_and_varied() {
        let a = seeded(5, 200);
        let b = seeded(5, 200);
        let c = seeded(6, 200);
        let now = Instant::now();
        let names =
            |acc: &Account| acc.vms.values().map(|vm| vm.hostname.clone()).collect::<Vec<_>>();
        assert_eq!(names(&a), names(&b));
        assert_ne!(names(&a), names(&c));
        for status in ["online", "offline", "unbuilt", "recovery"] {
            assert!(a.vms.values().any(|vm| vm.status == status), "{status}");
        }
        assert!(a.vms.values().any(|vm| vm.is_locked(now)));
        assert!(a.vms.values().any(|vm| vm.suspended));
        assert!(a.vms.values().any(|vm| vm.interfaces.len() == 2));
        assert!(a.vms.values().all(|vm| vm.hostname.len() <= 25));
        assert_eq!(a.ips.values().filter(|ip| ip.reserved).count(), 3);
    }

    #[test]
    fn ten_thousand_vms_with_unique_names_and_addresses() {
        let acc = seeded(1, 10_000);
        let hosts: std::collections::HashSet<_> = acc.vms.values().map(|vm| &vm.hostname).collect();
        let addresses: std::collections::HashSet<_> =
            acc.ips.values().map(|ip| &ip.address).collect();
        assert_eq!(hosts.len(), 10_000);
        assert_eq!(addresses.len(), acc.ips.len());
    }

    #[test]
    fn seeded_dates_lie_in_the_seeded_past_and_in_order() {
        let acc = seeded(7, 2_000);
        let last = timestamp(LAST_SECOND);
        for vm in acc.vms.values() {
            // The same fixed-width format sorts as the dates do.
            assert!(vm.created_at <= vm.updated_at, "{} after {}", vm.created_at, vm.updated_at);
            assert!(vm.updated_at <= last, "{} is after the seeded span ({last})", vm.updated_at);
        }
    }

    #[test]
    fn macs_are_well_formed() {
        let mut rng = Rng::new(3);
        let m = mac(&mut rng);
        assert_eq!(m.len(), 17);
        assert!(m.starts_with("02:"));
    }
}
