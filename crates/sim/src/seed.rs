//! Deterministic sample data: the same seed gives the same account.

use crate::model::{VmRecord, TEMPLATES};
use crate::rng::Rng;
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

/// Seeds `count` VMs with ids from `first_id` on. `now` anchors the few VMs
/// that start out busy, so that they become free a while after start-up.
pub fn vms(seed: u64, account_id: u64, count: usize, first_id: u64, now: Instant) -> Vec<VmRecord> {
    let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(account_id));
    let mut per_name = std::collections::HashMap::<(usize, usize), u32>::new();
    (0..count)
        .map(|i| {
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
            let status = rng.weighted(&[("online", 62), ("offline", 24), ("unbuilt", 8), ("recovery", 3)]);
            let status = if i == 0 { "online" } else { status };
            let vm_type = rng.weighted(&[
                ("standard", 85),
                ("autoscaled", 5),
                ("balancer", 4),
                ("balancer_failover", 2),
                ("firewall", 4),
            ]);
            let template = rng.pick(&TEMPLATES);
            let memory = rng.weighted(&[(512u64, 10), (1024, 25), (2048, 30), (4096, 20), (8192, 10), (16384, 5)]);
            let cpus = (memory / 2048).clamp(1, 8) + rng.below(2);
            let created_days = 19_723 + rng.below(1_035); // 2024-01-01 .. 2026-11-01
            let created_secs = created_days * 86_400 + rng.below(86_400);
            let updated_secs = created_secs + rng.below(200 * 86_400);
            let locked_until = (i > 0 && rng.chance(0.03))
                .then(|| now + Duration::from_millis(2_000 + rng.below(6_000)));
            let id = first_id + i as u64;
            VmRecord {
                id,
                label,
                hostname,
                memory,
                cpus,
                cpu_shares: rng.pick(&[25, 50, 100]),
                cpu_type: rng.pick(&["intel", "amd"]),
                template_id: template.0,
                initial_password: password(&mut rng),
                note: rng.chance(0.25).then(|| {
                    rng.pick(&[
                        "Managed by the ops team",
                        "Do not reboot during business hours",
                        "Migrated from the old cluster",
                        "Staging copy",
                    ])
                    .to_string()
                }),
                hypervisor_id: 1 + rng.below(6),
                vm_type,
                status,
                locked_until,
                suspended: rng.chance(0.03),
                strict_virtual_machine_id: None,
                created_at: timestamp(created_secs),
                updated_at: timestamp(updated_secs.min(20_393 * 86_400)),
                cdrom: false,
                boot_type: "default",
                location_id: 1 + rng.below(2),
                disk_type: rng.pick(&["vd", "vd", "sd"]),
                primary_disk_size: rng.pick(&[10, 20, 40, 80, 160]),
                swap_disk_size: if template.2 == "windows" { 0 } else { rng.pick(&[0, 1, 2]) },
                identifier: identifier(&mut rng),
                ip_addresses: if status == "unbuilt" { Vec::new() } else { vec![public_ip(id.saturating_sub(FIRST_VM_ID))] },
            }
        })
        .collect()
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn password(rng: &mut Rng) -> String {
    const CHARS: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_";
    (0..14).map(|_| CHARS[rng.below(CHARS.len() as u64) as usize] as char).collect()
}

fn identifier(rng: &mut Rng) -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    (0..14).map(|_| CHARS[rng.below(CHARS.len() as u64) as usize] as char).collect()
}

/// The id of the first VM of the first account; ids go on from there.
pub const FIRST_VM_ID: u64 = 1001;

/// The `n`th public address: documentation ranges first, then the shared
/// address space, so that none is anyone's real address.
pub fn public_ip(n: u64) -> String {
    let n = n % 4_000_000;
    match n {
        0..=253 => format!("203.0.113.{}", n + 1),
        254..=507 => format!("198.51.100.{}", n - 253),
        _ => {
            let (block, host) = (n / 250, n % 250 + 1);
            format!("100.{}.{}.{host}", 64 + (block / 256) % 64, block % 256)
        }
    }
}

/// Seconds since the Unix epoch as the service writes dates: ISO 8601, no zone.
pub fn timestamp(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let rem = secs % 86_400;
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60)
}

/// Days since 1970-01-01 to a proleptic Gregorian date.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_iso_without_zone() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00");
        assert_eq!(timestamp(19_723 * 86_400 + 3_661), "2024-01-01T01:01:01");
        assert_eq!(timestamp(951_782_400), "2000-02-29T00:00:00");
    }

    #[test]
    fn seeding_is_deterministic_and_varied() {
        let now = Instant::now();
        let a = vms(5, 1, 200, FIRST_VM_ID, now);
        let b = vms(5, 1, 200, FIRST_VM_ID, now);
        let c = vms(6, 1, 200, FIRST_VM_ID, now);
        let names = |v: &[VmRecord]| v.iter().map(|vm| vm.hostname.clone()).collect::<Vec<_>>();
        assert_eq!(names(&a), names(&b));
        assert_ne!(names(&a), names(&c));
        for status in ["online", "offline", "unbuilt", "recovery"] {
            assert!(a.iter().any(|vm| vm.status == status), "{status}");
        }
        assert!(a.iter().any(|vm| vm.is_locked(now)));
        assert!(a.iter().any(|vm| vm.suspended));
        assert!(a.iter().all(|vm| vm.hostname.len() <= 25));
    }

    #[test]
    fn ten_thousand_unique_hostnames_and_addresses() {
        let all = vms(1, 1, 10_000, FIRST_VM_ID, Instant::now());
        let hosts: std::collections::HashSet<_> = all.iter().map(|vm| &vm.hostname).collect();
        let ips: std::collections::HashSet<_> = all.iter().flat_map(|vm| &vm.ip_addresses).collect();
        assert_eq!(hosts.len(), 10_000);
        assert_eq!(ips.len(), all.iter().map(|vm| vm.ip_addresses.len()).sum::<usize>());
    }
}
