//! Rescue in one flow: booting a VM from an ISO (mount it, boot from the
//! CD-ROM, reboot) and back to normal (unmount, boot from the disk, reboot),
//! one step after the other, each waiting for the VM to be free again.
//! Each step stands as any write sent in order does ([`Sent`]).

use crate::api::request::{self, ApiRequest, IsoSource};
use crate::history::{Operation, Sent};
use crate::i18n::{common as c, messages as t};
use crate::ApiError;
use serde_json::{json, Map};

/// What a step's request depends on besides the step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepFacts {
    /// The ISO to mount.
    pub iso: String,
    /// The join of the ISO mounted now, if any.
    pub mounted: Option<String>,
    /// An offline VM is started rather than rebooted: it boots from the new
    /// device all the same.
    pub offline: bool,
}

/// One step of a flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RescueStep {
    MountIso,
    BootFromCd,
    UnmountIso,
    BootFromDisk,
    Reboot,
}

impl RescueStep {
    /// What the history records the step as.
    pub fn operation(self) -> Operation {
        match self {
            Self::MountIso => Operation::RescueMountIso,
            Self::BootFromCd => Operation::RescueBootFromCd,
            Self::UnmountIso => Operation::RescueUnmountIso,
            Self::BootFromDisk => Operation::RescueBootFromDisk,
            Self::Reboot => Operation::Reboot,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::MountIso => t::RESCUE_MOUNT_ISO.get(),
            Self::BootFromCd => t::RESCUE_BOOT_FROM_CD.get(),
            Self::UnmountIso => t::RESCUE_UNMOUNT_ISO.get(),
            Self::BootFromDisk => t::RESCUE_BOOT_FROM_DISK.get(),
            Self::Reboot => c::REBOOT.get(),
        }
    }

    /// The label inside a sentence: English writes it in lower case, Spanish
    /// only lowers its first letter (it keeps "ISO" and "CD-ROM").
    fn in_sentence(self) -> String {
        let label = self.label();
        match crate::i18n::lang() {
            crate::i18n::Lang::En => label.to_lowercase(),
            _ => {
                let mut chars = label.chars();
                chars
                    .next()
                    .map(|first| first.to_lowercase().chain(chars).collect())
                    .unwrap_or_default()
            }
        }
    }

    /// The request the step sends; none to unmount when nothing is mounted.
    pub fn request(
        self,
        account: &str,
        vm: &str,
        facts: &StepFacts,
    ) -> Result<Option<ApiRequest>, ApiError> {
        let boot = |device: &str| {
            let mut changes = Map::new();
            changes.insert("boot_type".into(), json!(device));
            changes
        };
        Ok(Some(match self {
            Self::MountIso => request::mount_iso(account, vm, &IsoSource::Id(facts.iso.clone()))?,
            Self::BootFromCd => request::edit_vm(account, vm, boot("cdrom"))?,
            Self::UnmountIso => match &facts.mounted {
                Some(join) => request::unmount_iso(account, vm, join)?,
                None => return Ok(None),
            },
            Self::BootFromDisk => request::edit_vm(account, vm, boot("default"))?,
            Self::Reboot if facts.offline => request::start_vm(account, vm)?,
            Self::Reboot => request::reboot_vm(account, vm, false)?,
        }))
    }
}

/// The requests of a whole flow, for showing before it starts.
pub fn flow_requests(
    steps: &[RescueStep],
    account: &str,
    vm: &str,
    facts: &StepFacts,
) -> Result<Vec<ApiRequest>, ApiError> {
    steps.iter().filter_map(|step| step.request(account, vm, facts).transpose()).collect()
}

/// Booting from an ISO.
pub const INTO_RESCUE: [RescueStep; 3] =
    [RescueStep::MountIso, RescueStep::BootFromCd, RescueStep::Reboot];
/// Back to booting from the disk.
pub const BACK_TO_NORMAL: [RescueStep; 3] =
    [RescueStep::UnmountIso, RescueStep::BootFromDisk, RescueStep::Reboot];

/// A flow under way: its steps and how far each is; a step sent stays
/// [`Sent::Sending`] while the VM is busy with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flow {
    pub steps: Vec<(RescueStep, Sent)>,
}

impl Flow {
    pub fn new(steps: &[RescueStep]) -> Self {
        Self { steps: steps.iter().map(|s| (*s, Sent::Waiting)).collect() }
    }

    /// The step to send next, when none runs and none failed.
    pub fn next(&self) -> Option<(usize, RescueStep)> {
        if self.steps.iter().any(|(_, s)| matches!(s, Sent::Sending | Sent::Failed(_))) {
            return None;
        }
        self.first(&Sent::Waiting)
    }

    /// The step running now.
    pub fn running(&self) -> Option<(usize, RescueStep)> {
        self.first(&Sent::Sending)
    }

    fn first(&self, state: &Sent) -> Option<(usize, RescueStep)> {
        self.steps
            .iter()
            .enumerate()
            .find(|(_, (_, s))| s == state)
            .map(|(i, (step, _))| (i, *step))
    }

    pub fn set(&mut self, index: usize, state: Sent) {
        if let Some(step) = self.steps.get_mut(index) {
            step.1 = state;
        }
    }

    pub fn finished(&self) -> bool {
        self.steps.iter().all(|(_, s)| *s == Sent::Done)
    }

    pub fn failed(&self) -> bool {
        self.steps.iter().any(|(_, s)| matches!(s, Sent::Failed(_)))
    }

    /// One line for the live region: where the flow is, or which step failed and why.
    pub fn summary(&self) -> String {
        let count = self.steps.len();
        for (i, (step, state)) in self.steps.iter().enumerate() {
            match state {
                Sent::Failed(why) => {
                    return crate::tf!(
                        t::RESCUE_STEP_FAILED,
                        n = i + 1,
                        count = count,
                        step = step.in_sentence(),
                        why = why
                    )
                }
                Sent::Sending => {
                    return crate::tf!(
                        t::RESCUE_STEP_RUNNING,
                        n = i + 1,
                        count = count,
                        step = step.in_sentence()
                    )
                }
                _ => {}
            }
        }
        if self.finished() {
            t::RESCUE_ALL_DONE.get().to_owned()
        } else {
            crate::tf!(
                t::RESCUE_STEPS_DONE,
                done = self.steps.iter().filter(|(_, s)| *s == Sent::Done).count(),
                count = count
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flow_goes_step_by_step_and_stops_at_a_failure() {
        let mut flow = Flow::new(&INTO_RESCUE);
        assert_eq!(flow.next(), Some((0, RescueStep::MountIso)));
        flow.set(0, Sent::Sending);
        assert_eq!(flow.next(), None, "nothing else while a step runs");
        assert_eq!(flow.running(), Some((0, RescueStep::MountIso)));
        assert_eq!(flow.summary(), "Step 1 of 3: mount the iso…");
        flow.set(0, Sent::Done);
        assert_eq!(flow.next(), Some((1, RescueStep::BootFromCd)));
        flow.set(1, Sent::Failed(ApiError::Invalid("The VM is busy.".into())));
        assert_eq!(flow.next(), None);
        assert!(flow.failed() && !flow.finished());
        assert_eq!(
            flow.summary(),
            "Step 2 of 3 (set the boot device to cd-rom) failed: The VM is busy."
        );
    }

    #[test]
    fn a_flow_ends_when_every_step_is_done() {
        let mut flow = Flow::new(&BACK_TO_NORMAL);
        for i in 0..3 {
            assert_eq!(flow.next().map(|(n, _)| n), Some(i));
            flow.set(i, Sent::Done);
        }
        assert!(flow.finished());
        assert_eq!(flow.next(), None);
        assert_eq!(flow.summary(), "All steps done.");
        flow.set(9, Sent::Done);
    }

    #[test]
    fn each_step_sends_its_request() {
        let facts = StepFacts { iso: "3".into(), mounted: Some("8".into()), offline: false };
        let into = flow_requests(&INTO_RESCUE, "1", "42", &facts).unwrap();
        let said: Vec<_> =
            into.iter().map(|r| (r.method.as_str(), r.path.as_str(), r.body.clone())).collect();
        assert_eq!(
            said,
            [
                ("POST", "/account/1/virtual_machine/42/iso", Some(json!({"iso_id": "3"}))),
                ("PUT", "/account/1/virtual_machine/42", Some(json!({"boot_type": "cdrom"}))),
                ("POST", "/account/1/virtual_machine/42/reboot", Some(json!({"force": false}))),
            ]
        );
        let back = flow_requests(
            &BACK_TO_NORMAL,
            "1",
            "42",
            &StepFacts { offline: true, ..facts.clone() },
        )
        .unwrap();
        assert_eq!(back[0].path, "/account/1/virtual_machine/42/iso/8");
        assert_eq!(back[1].body, Some(json!({"boot_type": "default"})));
        assert_eq!(back[2].body, Some(json!({"status": "online"})), "an offline VM is started");
        // Nothing mounted: nothing to unmount.
        let bare = StepFacts { mounted: None, ..facts };
        assert_eq!(RescueStep::UnmountIso.request("1", "42", &bare), Ok(None));
        assert_eq!(flow_requests(&BACK_TO_NORMAL, "1", "42", &bare).unwrap().len(), 2);
        assert!(
            RescueStep::MountIso.request("1", "42", &StepFacts::default()).is_err(),
            "no ISO chosen"
        );
    }
}
