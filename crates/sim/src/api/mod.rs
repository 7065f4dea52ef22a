//! The API under `/api`, in the shapes of the spec and of OnApp.
// Handlers answer early with a ready `Response` as the error of their checks.
#![allow(clippy::result_large_err)]

mod backups;
mod disks;
mod network;
mod networks;
mod snapshots;
mod templates;
mod vms;

use crate::auth::Auth;
use crate::body::{Errors, Form};
use crate::config::Generation;
use crate::records::{Effect, Operation, Vm};
use crate::store::{Account, Ids, Store};
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Shared, cloneable handle to the store and the credentials.
#[derive(Clone)]
pub struct AppState {
    store: Arc<Mutex<Store>>,
    pub auth: Auth,
}

impl AppState {
    pub fn new(store: Store, auth: Auth) -> Self {
        Self { store: Arc::new(Mutex::new(store)), auth }
    }

    /// The store, locked. A handler that panicked while holding it must not
    /// take the whole simulator down, so a poisoned lock is used as it is.
    pub fn lock(&self) -> MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Every path of the API. A handler is in the file its path here names:
/// `vms::isos::mount_iso` in `api/vms/isos.rs`, `network::ips::add_ip` in
/// `api/network/ips.rs`.
pub fn router(state: AppState) -> Router {
    let vm = "/account/{account}/virtual_machine/{vm}";
    let nic = "/account/{account}/network_interface/{nic}";
    Router::new()
        .route("/account/{account}/virtual_machines", get(vms::list::list))
        .route("/account/{account}/virtual_machine", post(vms::create::create))
        .route(vm, get(vms::show::show).put(vms::update::update).delete(vms::destroy::destroy))
        .route(&format!("{vm}/segregations"), get(vms::segregation::segregations))
        .route(
            &format!("{vm}/segregation/{{target}}"),
            put(vms::segregation::segregate).delete(vms::segregation::unsegregate),
        )
        .route(&format!("{vm}/reset_password"), post(vms::actions::reset_password))
        .route(&format!("{vm}/reboot"), post(vms::actions::reboot))
        .route(&format!("{vm}/rebuild_network"), post(vms::actions::rebuild_network))
        .route(&format!("{vm}/apply_firewall_rules"), post(vms::actions::apply_firewall_rules))
        .route(&format!("{vm}/template"), post(vms::template::template))
        .route(&format!("{vm}/clone"), post(vms::clone::clone))
        .route(&format!("{vm}/apply_disks"), post(vms::disks::apply_disks))
        .route(&format!("{vm}/disks"), get(vms::disks::disks))
        .route(
            &format!("{vm}/snapshots"),
            get(vms::snapshots::snapshots).delete(vms::snapshots::delete_snapshots),
        )
        .route(&format!("{vm}/isos"), get(vms::isos::mounted_iso))
        .route(&format!("{vm}/iso"), post(vms::isos::mount_iso))
        .route(&format!("{vm}/iso/{{join}}"), axum::routing::delete(vms::isos::unmount_iso))
        .route(&format!("{vm}/cpu_stats"), get(vms::stats::cpu_stats))
        .route(&format!("{vm}/bw_stats"), get(vms::stats::bw_stats))
        .route(&format!("{vm}/network_interfaces"), get(network::interfaces::vm_interfaces))
        .route(&format!("{vm}/network_interface"), post(network::interfaces::add_interface))
        .route(&format!("{vm}/ip_addresses"), get(network::ips::vm_ips))
        .route(&format!("{vm}/firewall_rules"), get(network::firewall::vm_rules))
        .route("/account/{account}/network_interfaces", get(network::interfaces::list_interfaces))
        .route(
            nic,
            get(network::interfaces::show_interface)
                .put(network::interfaces::update_interface)
                .delete(network::interfaces::delete_interface),
        )
        .route(&format!("{nic}/ip_address"), post(network::ips::add_ip))
        .route(&format!("{nic}/ip_address/{{ip}}"), axum::routing::delete(network::ips::remove_ip))
        .route(&format!("{nic}/firewall_rules"), get(network::firewall::interface_rules))
        .route(&format!("{nic}/firewall_rule"), post(network::firewall::add_rule))
        .route("/account/{account}/ip_addresses", get(network::ips::account_ips))
        .route(
            "/account/{account}/firewall_rule/{rule}",
            get(network::firewall::show_rule)
                .put(network::firewall::update_rule)
                .delete(network::firewall::delete_rule),
        )
        .route("/account/{account}/templates", get(templates::list))
        .route(
            "/account/{account}/template/{template}",
            get(templates::show).put(templates::update).delete(templates::delete),
        )
        .route("/account/{account}/template/{template}/clone", post(templates::clone))
        .route("/account/{account}/networks", get(networks::list))
        .route("/account/{account}/network/{network}", get(networks::show))
        .route("/account/{account}/network/{network}/ip_addresses", get(networks::addresses))
        .route("/account/{account}/network/{network}/ip_address", post(networks::add_address))
        .route("/account/{account}/backups", get(backups::list))
        .route("/account/{account}/backup/{backup}", get(backups::show).delete(backups::delete))
        .route("/account/{account}/backup/{backup}/restore", post(backups::restore))
        .route("/account/{account}/backup/{backup}/template", post(backups::template))
        .route("/account/{account}/disks", get(disks::list))
        .route(
            "/account/{account}/disk/{disk}",
            get(disks::show).put(disks::update).delete(disks::delete),
        )
        .route("/account/{account}/disk/{disk}/build", post(disks::build))
        .route("/account/{account}/snapshots", get(snapshots::list))
        .route("/account/{account}/snapshot/{snapshot}", get(snapshots::show))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "No such API path") })
        .with_state(state)
}

/// What a handler returns: `Err` is a ready error response answered early; axum turns either side into the response.
pub type Answer = Result<Response, Response>;

/// An OnApp-shaped error about the request as a whole: `{"errors": {"base": [message]}}`.
pub fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({"errors": {"base": [message]}}))).into_response()
}

pub fn not_found(what: &str) -> Response {
    error(StatusCode::NOT_FOUND, &format!("{what} not found"))
}

/// 422 with OnApp's `{"errors": {"field": ["message"]}}`.
pub fn invalid(errors: Errors) -> Response {
    (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({"errors": errors.0}))).into_response()
}

/// The 422 of a body with problems, every one of them at once, answered
/// before anything is looked up; nothing for a body without any.
pub fn all_valid(f: &mut Form) -> Result<(), Response> {
    if f.errors.is_empty() {
        Ok(())
    } else {
        Err(invalid(std::mem::take(&mut f.errors)))
    }
}

pub fn field_error(field: &str, message: &str) -> Response {
    let mut errors = Errors::default();
    errors.add(field, message);
    invalid(errors)
}

pub fn reply(status: StatusCode, value: Value) -> Response {
    (status, Json(value)).into_response()
}

/// A success with no body (202/204 and "no data" answers).
pub fn empty(status: StatusCode) -> Response {
    status.into_response()
}

/// The request's account, after the credential check ([`Auth::check`]). A
/// missing, unknown or expired credential is 401; one that does not open the
/// account in the path is 403, whether or not the account exists, and so is
/// a read-only token on anything but a read.
pub struct Authed {
    pub state: AppState,
    pub account: u64,
}

impl FromRequestParts<AppState> for Authed {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let params = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(|_| error(StatusCode::NOT_FOUND, "No such API path"))?;
        let access = state.auth.check(&parts.headers, parts.uri.path())?;
        let account = params
            .0
            .get("account")
            .and_then(|a| a.parse::<u64>().ok())
            .filter(|id| access.opens(*id));
        let Some(account) = account else {
            return Err(error(StatusCode::FORBIDDEN, "This token does not open that account"));
        };
        if access.readonly && !matches!(parts.method, Method::GET | Method::HEAD) {
            return Err(error(StatusCode::FORBIDDEN, "This token may only read"));
        }
        Ok(Self { state: state.clone(), account })
    }
}

/// What a handler works with: the account (settled up to now), the id
/// counters, how long operations take and the generation whose shapes to
/// answer in.
pub struct Ctx<'a> {
    pub account: &'a mut Account,
    pub ids: &'a mut Ids,
    pub op_time: Duration,
    pub lock_delay: Duration,
    pub generation: Generation,
    pub now: Instant,
}

impl Authed {
    /// Runs `f` on the account with the store locked, after settling the
    /// operations that have finished.
    pub fn with<R>(&self, f: impl FnOnce(Ctx<'_>) -> R) -> R {
        self.with_others(|ctx, _| f(ctx))
    }

    /// As [`Authed::with`], with the other accounts to read as well: for
    /// what must be unique across the service.
    pub fn with_others<R>(&self, f: impl FnOnce(Ctx<'_>, &[&Account]) -> R) -> R {
        let now = Instant::now();
        let mut store = self.state.lock();
        let Store { ids, accounts, op_time, lock_delay, generation } = &mut *store;
        let (mut mine, mut others) = (None, Vec::new());
        for (id, account) in accounts.iter_mut() {
            if *id == self.account {
                mine = Some(account);
            } else {
                others.push(&*account);
            }
        }
        let account = mine.expect("every account a credential opens exists (checked at startup)");
        account.settle(now);
        let ctx = Ctx {
            account,
            ids,
            op_time: *op_time,
            lock_delay: *lock_delay,
            generation: *generation,
            now,
        };
        f(ctx, &others)
    }
}

impl Ctx<'_> {
    /// The VM with the id in the path, or 404.
    pub fn vm(&mut self, id: &str) -> Result<&mut Vm, Response> {
        id.parse::<u64>()
            .ok()
            .and_then(|id| self.account.vms.get_mut(&id))
            .ok_or_else(|| not_found("Virtual machine"))
    }

    /// The VM, refused while an operation runs on it or is about to: the
    /// service does not queue a second one. OnApp answers 403 for "correct,
    /// but cannot be done now"; the documented generations 422.
    pub fn idle_vm(&mut self, id: &str) -> Result<&mut Vm, Response> {
        let (now, generation) = (self.now, self.generation);
        let vm = self.vm(id)?;
        if vm.is_busy(now) {
            let status = if generation.onapp_shapes() {
                StatusCode::FORBIDDEN
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            return Err(error(status, "The virtual machine is busy with another operation; try again when it has finished"));
        }
        Ok(vm)
    }

    /// Starts an operation whose effect applies when it ends. The lock begins
    /// after the generation's delay; without one the VM changes now, else
    /// when a request finds the lock begun ([`Account::settle`]).
    pub fn start_operation(&self, vm: &mut Vm, effect: Effect) {
        let start = self.now + self.lock_delay;
        let lock_noted = self.lock_delay.is_zero();
        vm.op = Some(Operation { start, until: start + self.op_time, lock_noted, effect });
        if lock_noted {
            vm.updated_at = crate::store::timestamp_now();
        }
    }

    /// The VM resource in the generation's shape.
    pub fn vm_json(&self, vm: &Vm) -> Value {
        vm.to_json(self.now, self.generation, |id| self.account.address_of(id))
    }
}

/// Reads a JSON body, or answers 400 for one that is not a JSON object.
pub fn form(bytes: &[u8], wrapper: &str) -> Result<Form, Response> {
    Form::parse(bytes, wrapper).map_err(|e| error(StatusCode::BAD_REQUEST, e.0))
}

/// As [`form`], for a body that may come wrapped in any of `wrappers`.
pub fn form_either(bytes: &[u8], wrappers: &[&str]) -> Result<Form, Response> {
    Form::parse_either(bytes, wrappers).map_err(|e| error(StatusCode::BAD_REQUEST, e.0))
}

/// A query filter: empty values count as absent.
pub fn filter<'a>(query: &'a HashMap<String, String>, key: &str) -> Option<&'a str> {
    query.get(key).map(|v| v.trim()).filter(|v| !v.is_empty())
}

/// A 0/1 or true/false filter; anything else is a 422 on that field.
pub fn flag_filter(query: &HashMap<String, String>, key: &str) -> Result<Option<bool>, Response> {
    match filter(query, key) {
        None => Ok(None),
        Some("1" | "true") => Ok(Some(true)),
        Some("0" | "false") => Ok(Some(false)),
        Some(_) => Err(field_error(key, "must be 0 or 1")),
    }
}
