//! Running one operation: one request at a time, the task recorded, on a
//! VM's page the VM shown busy at once after a 202 (the page then polls it
//! until free). An operation whose input may need no request (what it would
//! do is so already) and whose name depends on its input is made with
//! `use_op_with` (the rescue flow's steps); one about the account rather
//! than a VM page (a backup, a template, an address) with `use_account_op`.
//! The one who runs it may hear how it ended.

use super::VmCtx;
use crate::api::client::Pending;
use crate::api::{ApiResult, Outcome, Reply};
use crate::hooks::Form;
use crate::session::{use_session, Session};
use crate::tasks::use_tasks;
use leptos::prelude::*;
use vmdeck_core::api::request::ApiRequest;
use vmdeck_core::firewall::edit::Before;
use vmdeck_core::history::{Operation, Started};
use vmdeck_core::i18n::vm as t;
use vmdeck_core::ApiError;

/// Told how a run ended (see `Op::submit`, `Op::run_then`).
type Settle = Box<dyn FnOnce(Result<Outcome, &ApiError>)>;

/// Makes an operation's request from the account, the VM and the input;
/// none when there is nothing to send.
type MakeRequest<I> = Box<dyn Fn(&str, &str, &I) -> Result<Option<ApiRequest>, ApiError>>;

/// What the history keeps of a firewall rule before the write (`Op::knowing`).
type KnowBefore<I> = Box<dyn Fn(&I) -> Option<Before>>;

/// The VM the history records a run against, and the name it shows.
type Subject<I> = Box<dyn Fn(&I) -> (String, String)>;

/// An operation of a VM page (`ctx`), or of an account page (no `ctx`).
/// `run` sends nothing while one is in flight, so a double click sends one
/// request.
pub struct Op<I: 'static> {
    action: Action<I, ApiResult<Outcome>>,
    /// Why the last try failed, for the card that started it (a form shows
    /// its own refusals).
    pub error: RwSignal<Option<ApiError>>,
    settle: StoredValue<Option<Settle>, LocalStorage>,
    make: StoredValue<MakeRequest<I>, LocalStorage>,
    before: StoredValue<Option<KnowBefore<I>>, LocalStorage>,
    ctx: Option<VmCtx>,
    session: Session,
}

impl<I: 'static> Clone for Op<I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: 'static> Copy for Op<I> {}

impl<I: Clone + Send + Sync + 'static> Op<I> {
    pub fn run(self, input: I) {
        if !self.action.pending().get_untracked() {
            self.action.dispatch(input);
        }
    }

    /// Runs `input`; `ended` hears how it ended (done, or started and the
    /// VM busy with it, or why not), even if the page moved on.
    pub fn run_then(self, input: I, ended: impl FnOnce(Result<Outcome, &ApiError>) + 'static) {
        if !self.action.pending().get_untracked() {
            self.settle.set_value(Some(Box::new(ended)));
            self.action.dispatch(input);
        }
    }

    /// Sends a form's value; the form hears how it ended, even if its
    /// dialog has closed by then.
    pub fn submit<F: Clone + PartialEq + Send + Sync + 'static>(self, form: Form<F>, input: I) {
        self.run_then(input, move |result| form.settled(result.map(|_| ())));
    }

    /// A form's submit: its value made into the input (none: nothing to
    /// send) and sent.
    pub fn sender<F, O>(self, form: Form<F>, input: Callback<F, O>) -> Callback<F>
    where
        F: Clone + PartialEq + Send + Sync + 'static,
        O: Into<Option<I>> + 'static,
    {
        Callback::new(move |value| {
            if let Some(input) = input.run(value).into() {
                self.submit(form, input);
            }
        })
    }

    /// The request `input` makes, exactly as it would be sent now.
    pub fn request(self, input: &I) -> Option<ApiRequest> {
        let account = self.session.credentials()?.account_id;
        let vm = self.ctx.map(|ctx| ctx.id.get()).unwrap_or_default();
        self.make.with_value(|make| make(&account, &vm, input)).ok().flatten()
    }

    /// The request the form would send now; none while it has mistakes.
    pub fn preview<F, O>(self, form: Form<F>, input: Callback<F, O>) -> Signal<Vec<ApiRequest>>
    where
        F: Clone + PartialEq + Send + Sync + 'static,
        O: Into<Option<I>> + 'static,
    {
        Signal::derive(move || {
            form.checked()
                .and_then(|value| input.run(value).into())
                .and_then(|input| self.request(&input))
                .into_iter()
                .collect()
        })
    }

    /// The operation edits or deletes a firewall rule: `before` says, from
    /// the input, the rule as it was, which the history keeps to undo it.
    pub fn knowing(self, before: impl Fn(&I) -> Option<Before> + 'static) -> Self {
        self.before.set_value(Some(Box::new(before)));
        self
    }

    pub fn pending(self) -> Memo<bool> {
        self.action.pending()
    }

    /// Why the operation cannot be started now, if so (see
    /// [`blocked_reason`]); on an account page, only its request on its way.
    pub fn blocked(self) -> Signal<Option<&'static str>> {
        Signal::derive(move || match self.ctx {
            Some(ctx) => blocked_reason(ctx, self.pending()),
            None => self.pending().get().then(|| vmdeck_core::i18n::common::SENDING_REQUEST.get()),
        })
    }
}

/// Makes the operation `name` (as the history records it), whose
/// request `make` builds from the account, the VM and the input; `then`
/// runs when the service has accepted it (e.g. to close its dialog).
pub fn use_op<I>(
    ctx: VmCtx,
    name: Operation,
    then: impl Fn(&I, &Reply) + 'static,
    make: impl Fn(&str, &str, &I) -> Result<ApiRequest, ApiError> + 'static,
) -> Op<I>
where
    I: Clone + Send + Sync + 'static,
{
    use_op_with(
        ctx,
        move |_| name,
        then,
        move |account, vm, input| make(account, vm, input).map(Some),
    )
}

/// `use_op` for an operation named after its input (`name`), whose `make`
/// may find nothing to send: then the history records it as done at once
/// (`Tasks::nothing_to_send`), so that it tells a whole flow.
pub fn use_op_with<I>(
    ctx: VmCtx,
    name: impl Fn(&I) -> Operation + 'static,
    then: impl Fn(&I, &Reply) + 'static,
    make: impl Fn(&str, &str, &I) -> Result<Option<ApiRequest>, ApiError> + 'static,
) -> Op<I>
where
    I: Clone + Send + Sync + 'static,
{
    let subject = Box::new(move |_: &I| (ctx.id.get_untracked(), ctx.name()));
    make_op(Some(ctx), subject, name, then, make)
}

/// An operation about the account rather than one VM page: `subject` says,
/// from the input, the VM the history records it against (an empty id for
/// none) and the name it shows; `make` builds the request from the account
/// and the input. A 202 is followed on that VM by the history.
pub fn use_account_op<I>(
    name: Operation,
    subject: impl Fn(&I) -> (String, String) + 'static,
    then: impl Fn(&I, &Reply) + 'static,
    make: impl Fn(&str, &I) -> Result<ApiRequest, ApiError> + 'static,
) -> Op<I>
where
    I: Clone + Send + Sync + 'static,
{
    make_op(
        None,
        Box::new(subject),
        move |_| name,
        then,
        move |account, _, input| make(account, input).map(Some),
    )
}

fn make_op<I>(
    ctx: Option<VmCtx>,
    subject: Subject<I>,
    name: impl Fn(&I) -> Operation + 'static,
    then: impl Fn(&I, &Reply) + 'static,
    make: impl Fn(&str, &str, &I) -> Result<Option<ApiRequest>, ApiError> + 'static,
) -> Op<I>
where
    I: Clone + Send + Sync + 'static,
{
    let session = use_session();
    let tasks = use_tasks();
    let error = RwSignal::new(None);
    let settle = StoredValue::new_local(None::<Settle>);
    let make = StoredValue::new_local(Box::new(make) as MakeRequest<I>);
    let before = StoredValue::new_local(None::<KnowBefore<I>>);
    let then = std::rc::Rc::new(then);
    let action = Action::new_local(move |input: &I| {
        let then = std::rc::Rc::clone(&then);
        let input = input.clone();
        let operation = name(&input);
        let (vm_id, vm_name) = subject(&input);
        // Made once: the history records the request that is sent.
        let made = session
            .account_id()
            .and_then(|account| make.with_value(|make| make(&account, &vm_id, &input)));
        let known = before.with_value(|before| before.as_ref().and_then(|before| before(&input)));
        error.set(None);
        let reply: Option<Pending<Reply>> = match made.transpose() {
            Some(made) => {
                Some(tasks.send_knowing(session, operation, (vm_id, vm_name), made, known))
            }
            None => {
                tasks.nothing_to_send(Started { action: operation, vm_id, vm_name, request: None });
                None
            }
        };
        async move {
            let result = match reply {
                Some(reply) => Some(reply.await),
                None => None,
            };
            let outcome = match &result {
                Some(result) => result.as_ref().map(Reply::outcome).map_err(Clone::clone),
                None => Ok(Outcome::Done),
            };
            match (&outcome, ctx) {
                (Ok(Outcome::Started), Some(ctx)) => ctx.mark_busy(),
                (Ok(Outcome::Done), Some(ctx)) => ctx.refresh(),
                (Err(e), _) => error.set(Some(e.clone())),
                (Ok(_), None) => {}
            }
            if let Some(settle) = settle.try_update_value(Option::take).flatten() {
                settle(outcome.as_ref().copied());
            }
            if let Some(Ok(reply)) = &result {
                then(&input, reply);
            }
            outcome
        }
    });
    Op { action, error, settle, make, before, ctx, session }
}

/// Why an action button is disabled, if it is: the VM is busy, or this
/// action's request is on its way.
pub fn blocked_reason(ctx: VmCtx, pending: Memo<bool>) -> Option<&'static str> {
    if pending.get() {
        Some(vmdeck_core::i18n::common::SENDING_REQUEST.get())
    } else {
        busy_reason(ctx)
    }
}

/// Why nothing can be started on the VM now, if that is so: it is busy.
pub fn busy_reason(ctx: VmCtx) -> Option<&'static str> {
    ctx.busy().then(|| t::VM_OP_BUSY.get())
}
