//! The simulated service's state: accounts with their VMs (and everything
//! that hangs off them) and address pools.

use crate::catalogue;
use crate::config::Generation;
use crate::records::{Backup, Effect, Interface, IpAddress, IpJoin, OwnTemplate, System, Vm};
use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Next free id of each kind of record, shared by all accounts.
#[derive(Debug)]
pub struct Ids {
    pub vm: u64,
    pub disk: u64,
    pub interface: u64,
    pub ip: u64,
    pub join: u64,
    pub rule: u64,
    pub iso_join: u64,
    pub snapshot: u64,
    pub template: u64,
    pub backup: u64,
    /// How many addresses each network has handed out.
    pub public_addresses: u64,
    pub private_addresses: u64,
    /// Addresses added by hand, which the counters skip.
    pub taken: HashSet<String>,
}

impl Default for Ids {
    fn default() -> Self {
        Self {
            vm: 1001,
            disk: 5001,
            interface: 3001,
            ip: 7001,
            // Far from the addresses' ids, so that a join's id sent where the
            // address's is meant (or the other way round) finds nothing.
            join: 900_000_001,
            rule: 11001,
            iso_join: 13001,
            snapshot: 15001,
            // Far above the catalogue's, so that the account's own never
            // take a catalogue template's id.
            template: 20001,
            backup: 30001,
            public_addresses: 0,
            private_addresses: 0,
            taken: HashSet::new(),
        }
    }
}

macro_rules! next_id_fns {
    ($($name:ident),*) => {
        impl Ids {
            $(pub fn $name(&mut self) -> u64 {
                let id = self.$name;
                self.$name += 1;
                id
            })*
        }
    };
}
next_id_fns!(vm, disk, interface, ip, join, rule, iso_join, snapshot, template, backup);

impl Ids {
    /// A new address record on `network_id`, unique across the service:
    /// the network's next address that was not added by hand.
    pub fn address(&mut self, network_id: u64, reserved: bool, created_at: String) -> IpAddress {
        let public = catalogue::network(network_id).is_none_or(|n| n.public);
        let address = loop {
            let address = if public {
                let n = self.public_addresses;
                self.public_addresses += 1;
                public_address(n)
            } else {
                let n = self.private_addresses;
                self.private_addresses += 1;
                format!("10.{}.{}.{}", (n / 62_500) % 256, (n / 250) % 250, n % 250 + 1)
            };
            if !self.taken.contains(&address) {
                break address;
            }
        };
        self.record(address, network_id, reserved, created_at)
    }

    /// The record of an address given by hand, which no later automatic
    /// one will repeat.
    pub fn address_by_hand(
        &mut self,
        address: String,
        network_id: u64,
        created_at: String,
    ) -> IpAddress {
        self.taken.insert(address.clone());
        self.record(address, network_id, true, created_at)
    }

    /// A public address is on a /24 whose gateway is .254; a private one on
    /// the /8 with its gateway first.
    fn record(
        &mut self,
        address: String,
        network_id: u64,
        reserved: bool,
        created_at: String,
    ) -> IpAddress {
        let public = catalogue::network(network_id).is_none_or(|n| n.public);
        let (netmask, gateway) = if public {
            let net = address.rsplit_once('.').map(|(net, _)| net).unwrap_or("203.0.113");
            ("255.255.255.0", format!("{net}.254"))
        } else {
            ("255.0.0.0", "10.0.0.1".to_owned())
        };
        IpAddress { id: self.ip(), address, network_id, netmask, gateway, reserved, created_at }
    }
}

/// The `n`th public address: documentation ranges first, then the shared
/// address space, so that none is anyone's real address.
pub fn public_address(n: u64) -> String {
    let n = n % 4_000_000;
    match n {
        0..=249 => format!("203.0.113.{}", n + 1),
        250..=499 => format!("198.51.100.{}", n - 249),
        500..=749 => format!("192.0.2.{}", n - 499),
        _ => {
            let (block, host) = ((n - 750) / 250, (n - 750) % 250 + 1);
            format!("100.{}.{}.{host}", 64 + (block / 256) % 64, block % 256)
        }
    }
}

pub struct Account {
    pub id: u64,
    pub token: String,
    pub vms: BTreeMap<u64, Vm>,
    /// Every address of the account, attached or reserved.
    pub ips: BTreeMap<u64, IpAddress>,
    /// The account's own templates (the catalogue's are everyone's).
    pub templates: BTreeMap<u64, OwnTemplate>,
    /// Backups of the account's disks, kept after their disk is gone.
    pub backups: BTreeMap<u64, Backup>,
    /// The panel's workspace file, as last put (`/_store/workspace`).
    pub workspace: Option<StoredFile>,
}

/// A file kept as it was sent, with when (seconds since the Unix epoch).
pub struct StoredFile {
    pub body: axum::body::Bytes,
    pub modified: u64,
}

impl Account {
    /// Notes the locks that have begun since the last request (a VM changes
    /// when its lock begins), applies the effects of the operations whose
    /// time has come and makes the templates ready whose time has come.
    pub fn settle(&mut self, now: Instant) {
        for template in self.templates.values_mut() {
            if template.ready_at.is_some_and(|ready| ready <= now) {
                template.ready_at = None;
                template.status = "active";
            }
        }
        let mut due = Vec::new();
        for vm in self.vms.values_mut() {
            let Some(op) = vm.op.as_mut() else { continue };
            if !op.lock_noted && op.start <= now {
                op.lock_noted = true;
                vm.updated_at = timestamp_at(op.start, now);
            }
            if op.until <= now {
                due.push(vm.id);
            }
        }
        for id in due {
            let Some(vm) = self.vms.get_mut(&id) else { continue };
            let Some(op) = vm.op.take() else { continue };
            vm.updated_at = timestamp_at(op.until, now);
            match op.effect {
                Effect::Nothing => {}
                Effect::Status(status) => vm.status = status,
                Effect::Build { start } => vm.status = if start { "online" } else { "offline" },
                Effect::NewPassword(password) => vm.initial_password = password,
                Effect::Destroy => self.destroy(id),
            }
        }
    }

    /// Removes a VM with its disks, interfaces, addresses, ISO and snapshots;
    /// reserved addresses go back to the account's pool. Its disks' backups
    /// stay, as at the provider: they are what is left to go back to.
    pub fn destroy(&mut self, id: u64) {
        let Some(vm) = self.vms.remove(&id) else { return };
        for nic in &vm.interfaces {
            self.release_ips(nic);
        }
        for other in self.vms.values_mut() {
            if other.strict_virtual_machine_id == Some(id) {
                other.strict_virtual_machine_id = None;
            }
        }
    }

    /// Addresses of a removed interface: reserved ones stay, others go.
    pub fn release_ips(&mut self, nic: &Interface) {
        for join in &nic.ips {
            self.release_ip(join);
        }
    }

    pub fn release_ip(&mut self, join: &IpJoin) {
        if self.ips.get(&join.ip_address_id).is_some_and(|ip| !ip.reserved) {
            self.ips.remove(&join.ip_address_id);
        }
    }

    pub fn address_of(&self, ip_id: u64) -> Option<String> {
        self.ips.get(&ip_id).map(|ip| ip.address.clone())
    }

    /// The VM and interface an address is attached to, if any.
    pub fn attachment(&self, ip_id: u64) -> Option<(&Vm, &Interface)> {
        self.vms.values().find_map(|vm| {
            vm.interfaces
                .iter()
                .find(|nic| nic.ips.iter().any(|j| j.ip_address_id == ip_id))
                .map(|nic| (vm, nic))
        })
    }

    /// The system of a template the account sees (the catalogue's or its
    /// own), and whether VMs may be built from it now.
    pub fn template_system(&self, id: u64) -> Option<(System, bool)> {
        match catalogue::template(id) {
            Some(t) => Some((System::of_catalogue(t), t.active)),
            None => self.templates.get(&id).map(|t| (System::of_own(t), t.status == "active")),
        }
    }

    /// The VM holding a disk, and the disk's place in it.
    pub fn locate_disk(&self, disk_id: u64) -> Option<(u64, usize)> {
        self.vms
            .values()
            .find_map(|vm| vm.disks.iter().position(|d| d.id == disk_id).map(|pos| (vm.id, pos)))
    }

    /// The VM that owns an interface.
    pub fn vm_of_interface(&self, interface_id: u64) -> Option<u64> {
        self.vms
            .values()
            .find(|vm| vm.interfaces.iter().any(|i| i.id == interface_id))
            .map(|vm| vm.id)
    }
}

pub struct Store {
    pub ids: Ids,
    pub accounts: BTreeMap<u64, Account>,
    /// How long a 202 operation keeps a VM locked.
    pub op_time: Duration,
    /// How long after the 202 the lock begins.
    pub lock_delay: Duration,
    /// Which generation's shapes the API answers in.
    pub generation: Generation,
}

/// Seconds since the Unix epoch, now.
pub fn epoch_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// The current time as the service writes dates.
pub fn timestamp_now() -> String {
    timestamp(epoch_now())
}

/// When `then` was (or will be), as the service writes dates, `now` being the
/// current instant.
pub fn timestamp_at(then: Instant, now: Instant) -> String {
    let past = now.saturating_duration_since(then).as_secs();
    let ahead = then.saturating_duration_since(now).as_secs();
    timestamp((epoch_now() + ahead).saturating_sub(past))
}

/// Seconds since the Unix epoch as the service writes dates: ISO 8601, no zone.
pub fn timestamp(secs: u64) -> String {
    let (y, m, d) = date_of(secs);
    format!("{y:04}-{m:02}-{d:02}T{}", time_of_day(secs))
}

/// Seconds since the Unix epoch as HTTP writes a date (IMF-fixdate, for
/// `Last-Modified`): `Sun, 06 Nov 1994 08:49:37 GMT`.
pub fn http_date(secs: u64) -> String {
    // The epoch's first day was a Thursday.
    const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let (y, m, d) = date_of(secs);
    let weekday = WEEKDAYS[(secs / 86_400 % 7) as usize];
    let month = MONTHS.get((m as usize).saturating_sub(1)).unwrap_or(&"Jan");
    format!("{weekday}, {d:02} {month} {y:04} {} GMT", time_of_day(secs))
}

/// The calendar date (year, month, day) in UTC.
fn date_of(secs: u64) -> (i64, u32, u32) {
    // The calendar is the one thing the simulator shares with the core.
    vmdeck_core::time::civil_from_days((secs / 86_400) as i64)
}

/// `HH:MM:SS` in UTC.
fn time_of_day(secs: u64) -> String {
    let rem = secs % 86_400;
    format!("{:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_iso_without_zone() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00");
        assert_eq!(timestamp(19_723 * 86_400 + 3_661), "2024-01-01T01:01:01");
        assert_eq!(timestamp(951_782_400), "2000-02-29T00:00:00");
        assert_eq!(timestamp_now().len(), 19);
    }

    #[test]
    fn dates_of_instants_around_now() {
        let now = Instant::now();
        let secs = |text: String| {
            text[11..].split(':').map(|p| p.parse::<i64>().unwrap()).fold(0, |acc, p| acc * 60 + p)
        };
        let (before, at) =
            (secs(timestamp_at(now - Duration::from_secs(60), now)), secs(timestamp_at(now, now)));
        assert!([60, 60 - 86_400].contains(&(at - before)), "{before} {at}");
    }

    #[test]
    fn dates_as_http_writes_them() {
        assert_eq!(http_date(0), "Thu, 01 Jan 1970 00:00:00 GMT");
        assert_eq!(http_date(784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT");
        assert_eq!(http_date(951_782_400), "Tue, 29 Feb 2000 00:00:00 GMT");
    }

    #[test]
    fn networks_hold_the_addresses_they_hand_out() {
        let (public, private) = (&catalogue::NETWORKS[0], &catalogue::NETWORKS[1]);
        for n in [0, 249, 250, 500, 749, 750, 3_999_999] {
            let address = public_address(n).parse().unwrap();
            assert!(public.contains(address) && !private.contains(address), "{address}");
        }
        for outside in ["203.0.114.1", "100.128.0.1", "8.8.8.8"] {
            assert!(!public.contains(outside.parse().unwrap()), "{outside}");
        }
        let mut ids = Ids::default();
        for _ in 0..300 {
            let ip = ids.address(2, false, String::new());
            assert!(private.contains(ip.address.parse().unwrap()), "{}", ip.address);
        }
        assert!(!private.contains("11.0.0.1".parse().unwrap()));
    }

    #[test]
    fn an_address_added_by_hand_is_never_handed_out_again() {
        let mut ids = Ids::default();
        let by_hand = ids.address_by_hand("203.0.113.2".into(), 1, String::new());
        assert_eq!((by_hand.gateway.as_str(), by_hand.reserved), ("203.0.113.254", true));
        let handed: Vec<String> =
            (0..3).map(|_| ids.address(1, false, String::new()).address).collect();
        assert_eq!(handed, ["203.0.113.1", "203.0.113.3", "203.0.113.4"]);
    }

    #[test]
    fn addresses_are_unique() {
        let mut ids = Ids::default();
        let mut seen = std::collections::HashSet::new();
        for i in 0..30_000 {
            let ip = ids.address(if i % 3 == 0 { 2 } else { 1 }, false, String::new());
            assert!(seen.insert(ip.address.clone()), "{} twice", ip.address);
        }
    }
}
