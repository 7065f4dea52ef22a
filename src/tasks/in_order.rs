//! The one way to send writes in order: one at a time, each through
//! `Tasks::send` (so each is in the history), each line's end told as it
//! comes (`vmdeck_core::history::Sent`), the first refusal stopping the
//! rest, which are never sent. A firewall import or rule set, a restore
//! with undo, "Undo" from the history. (The rescue flow, which waits for
//! the VM between its steps, sends each with `use_op_with`; its steps stand
//! as `Sent` too.)

use super::Tasks;
use crate::api::{ApiResult, Outcome};
use crate::session::Session;
use serde_json::Value;
use vmdeck_core::api::request::ApiRequest;
use vmdeck_core::history::{Operation, Sent};
use vmdeck_core::ApiError;

/// One write of a sequence: its name in the history and its request.
pub type Line = (Operation, ApiResult<ApiRequest>);

/// How a sequence sent in order ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ended {
    /// Every line went through.
    All,
    /// Line `n` was taken as work the VM does now (202) and more were to
    /// follow: they wait for the VM, so they were not sent.
    Busy(usize),
    /// Line `n` was refused, for this reason; those after it were not sent.
    Refused(usize, ApiError),
}

/// Sends `lines` on the VM `vm` (id, name) in order, one at a time.
/// `report` hears each line's end: `Done` with the answer's body, or
/// `Failed`, then `NotSent` for each line left after a refusal (or after a
/// line that left the VM busy).
pub async fn send_in_order(
    session: Session,
    tasks: Tasks,
    vm: (String, String),
    lines: Vec<Line>,
    mut report: impl FnMut(usize, Sent, &Value),
) -> Ended {
    let count = lines.len();
    let mut ended = Ended::All;
    for (i, (operation, made)) in lines.into_iter().enumerate() {
        if ended != Ended::All {
            report(i, Sent::NotSent, &Value::Null);
            continue;
        }
        match tasks.send(session, operation, vm.clone(), made).await {
            Ok(reply) => {
                if reply.outcome() == Outcome::Started && i + 1 < count {
                    ended = Ended::Busy(i);
                }
                report(i, Sent::Done, &reply.body);
            }
            Err(error) => {
                report(i, Sent::Failed(error.clone()), &Value::Null);
                ended = Ended::Refused(i, error);
            }
        }
    }
    ended
}
