//! Where each line of writes sent in order stands (a firewall import, a
//! restore, the rescue flow's steps): the one state of such a line.

use crate::ApiError;

/// How one write of a sequence sent in order stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    /// Not sent yet.
    Waiting,
    /// On its way; for a step the VM carries out, accepted and running
    /// while the VM is busy with it.
    Sending,
    /// Accepted, and done.
    Done,
    /// Refused, with why.
    Failed(ApiError),
    /// Never sent: a line before it was refused (or left the VM busy).
    NotSent,
}

impl Sent {
    /// Whether the line has yet to end: waiting for its turn or on its way.
    pub fn pending(&self) -> bool {
        matches!(self, Self::Waiting | Self::Sending)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_pending_until_it_ends() {
        assert!(Sent::Waiting.pending() && Sent::Sending.pending());
        let ended = [Sent::Done, Sent::Failed(ApiError::Invalid("no".into())), Sent::NotSent];
        assert!(ended.iter().all(|s| !s.pending()));
    }
}
