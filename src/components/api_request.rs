//! "Show as API request": what a form or dialog would send, as `curl`
//! commands made from the very requests the panel sends
//! (`vmdeck_core::api::request`), with `$VMDECK_TOKEN` in place of the token.

use super::CopyButton;
use crate::session::use_session;
use leptos::html::Details;
use leptos::prelude::*;
use vmdeck_core::api::request::ApiRequest;
use vmdeck_core::i18n::{common as c, shell as t};

/// A closed `<details>` with the requests as `curl`, one after the other;
/// while `requests` is empty (the form has mistakes), a note saying so. The
/// commands are only made while it is open.
#[component]
pub fn ApiRequestView(
    #[prop(into)] requests: Signal<Vec<ApiRequest>>,
    /// Prefix of the ids: `<id>`, `<id>-curl`, `<id>-copy`, `<id>-pending`.
    id: &'static str,
    /// What the requests are, e.g. "What “Create VM” sends".
    what: &'static str,
) -> impl IntoView {
    let session = use_session();
    let details = NodeRef::<Details>::new();
    let open = RwSignal::new(false);
    let text = Memo::new(move |_| {
        if !open.get() {
            return None;
        }
        let base = session.credentials()?.base_url;
        // A base on the panel's own origin ("/api") is made absolute, so the
        // command works from a shell.
        let base = crate::deploy::on_this_site(&base);
        let (commands, mut secrets) = requests.with(|list| {
            (
                list.iter().map(|r| r.curl(&base)).collect::<Vec<_>>(),
                list.iter().flat_map(ApiRequest::secret_variables).collect::<Vec<_>>(),
            )
        });
        vmdeck_core::sort_short(&mut secrets);
        secrets.dedup();
        (!commands.is_empty()).then(|| (commands.join("\n\n"), secrets))
    });
    view! {
        <details class="api-request" id=id node_ref=details on:toggle=move |_| open.set(details.get_untracked().is_some_and(|d| d.open()))>
            <summary>{c::SHOW_AS_API_REQUEST.get()}</summary>
            {move || open.get().then(|| match text.get() {
                Some((commands, secrets)) => view! {
                    <p class="muted small">{vmdeck_core::tf!(t::API_REQUEST_FOR_SCRIPT, what = what)}</p>
                    {(!secrets.is_empty()).then(|| view! {
                        <p class="muted small" id=format!("{id}-secrets")>{vmdeck_core::tf!(t::API_REQUEST_SECRETS, names = secrets.join(", "))}</p>
                    })}
                    <pre class="mono" id=format!("{id}-curl")>{commands.clone()}</pre>
                    <CopyButton text=commands what=t::API_REQUEST_WHAT.get() id=format!("{id}-copy")/>
                }.into_any(),
                None => view! { <p class="muted" id=format!("{id}-pending")>{t::API_REQUEST_PENDING.get()}</p> }.into_any(),
            })}
        </details>
    }
}
