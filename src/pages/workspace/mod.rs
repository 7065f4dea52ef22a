//! What this browser keeps for the account (`/workspace`): each thing, where
//! it is kept and whether it travels; the file that carries it to another
//! browser (`vmdeck_core::workspace`), and such a file taken in here,
//! merged, with what it would change shown first; and the copy a
//! deployment's store keeps (`store`).

mod store;

use crate::components::{download_file, Cell, Column, DataTable, TableId};

use crate::firewall::lockout_guard::{my_address, save_my_address};

use crate::firewall::rule_sets::{saved_sets, write_saved_sets};

use crate::marks::pins::use_pins;

use crate::marks::protection::use_protection;

use crate::marks::tags::use_tags;

use crate::marks::views::use_views;
use crate::session::{use_session, Session};
use crate::storage::kept::Kept;
use crate::storage::keys;
use crate::tasks::use_tasks;
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, integer, or_dash, workspace as t, Text};
use vmdeck_core::vm::columns::Columns;
use vmdeck_core::workspace::{Merge, Section, Sections, Workspace, MAX_FILE_BYTES};
use wasm_bindgen::JsCast;

/// Where each thing the panel keeps lives, and the stores a file merges into.
#[derive(Clone, Copy)]
struct Stores {
    session: Session,
    tags: Option<Kept<vmdeck_core::vm::tags::Tags>>,
    pins: Option<Kept<vmdeck_core::vm::pins::Pins>>,
    views: Option<Kept<vmdeck_core::vm::views::Views>>,
    protection: Option<Kept<vmdeck_core::vm::protection::Marks>>,
    history: Kept<vmdeck_core::history::TaskList>,
    columns: Kept<Columns>,
}

impl Stores {
    fn new() -> Self {
        Self {
            session: use_session(),
            tags: use_tags().map(|s| s.tags),
            pins: use_pins().map(|s| s.pins),
            views: use_views().map(|s| s.views),
            protection: use_protection().map(|s| s.marks),
            history: use_tasks().list(),
            columns: Kept::new(keys::columns),
        }
    }

    /// Everything as this browser holds it now (another tab may just have changed it).
    fn sections(self) -> Sections {
        fn latest<T: crate::storage::kept::Keep + Clone>(kept: Option<Kept<T>>) -> T {
            kept.map(|k| k.with_latest(T::clone)).unwrap_or_default()
        }
        let session = self.session;
        Sections {
            tags: latest(self.tags),
            pins: latest(self.pins),
            views: latest(self.views),
            protection: latest(self.protection),
            rule_sets: saved_sets(session),
            history: latest(Some(self.history)),
            my_address: my_address(),
            columns: latest(Some(self.columns)),
        }
    }

    /// Keeps `sections` in place of what is kept; whether the browser kept all of it.
    fn keep(self, sections: Sections) -> bool {
        fn put<T: crate::storage::kept::Keep>(kept: Option<Kept<T>>, value: T) -> bool {
            kept.is_none_or(|k| {
                k.update(|v| *v = value);
                !k.memory_only_untracked()
            })
        }
        let session = self.session;
        let mut kept = write_saved_sets(session, &sections.rule_sets);
        save_my_address(sections.my_address);
        kept &= put(self.tags, sections.tags);
        kept &= put(self.pins, sections.pins);
        kept &= put(self.views, sections.views);
        kept &= put(self.protection, sections.protection);
        kept &= put(Some(self.history), sections.history);
        kept &= put(Some(self.columns), sections.columns);
        kept
    }
}

/// A file chosen, as far as it got.
#[derive(Clone)]
enum Taking {
    Reading,
    Refused(String),
    Preview { file: Box<Workspace>, merge: Box<Merge> },
    Done { kept: bool },
}

#[component]
pub fn WorkspacePage() -> impl IntoView {
    let session = use_session();
    let stores = Stores::new();
    let who = move || {
        session
            .credentials()
            .map(|c| (c.account_id.clone(), c.host(), c.base_url.clone()))
            .unwrap_or_default()
    };
    let current = move || {
        let (account, _, api) = who();
        Workspace::new(js_sys::Date::now() as u64, &api, &account, stores.sections())
    };
    let taking = RwSignal::new(None::<Taking>);
    // Counted again as the page is drawn and after a file is taken in.
    let counted = RwSignal::new(stores.sections());

    let export = move |_| {
        let workspace = current();
        let day = vmdeck_core::time::iso_from_millis(workspace.exported as f64)
            .chars()
            .take(10)
            .collect::<String>();
        let name = format!("vmdeck-workspace-{}-{day}.json", file_safe(&workspace.account));
        if let Err(error) = download_file(&name, "application/json", &workspace.to_file_text()) {
            taking.set(Some(Taking::Refused(error)));
        }
    };
    let choose = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            taking.set(Some(Taking::Refused(t::NOT_A_FILE.get().to_owned())));
            return;
        };
        // Chosen again, the same file is read again.
        input.set_value("");
        if file.size() > MAX_FILE_BYTES as f64 {
            taking.set(Some(Taking::Refused(
                vmdeck_core::workspace::WorkspaceError::TooLarge.message(),
            )));
            return;
        }
        taking.set(Some(Taking::Reading));
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|text| text.as_string());
            let next = match text.map(|text| Workspace::read(&text)) {
                None => Taking::Refused(t::NOT_A_FILE.get().to_owned()),
                Some(Err(error)) => Taking::Refused(error.message()),
                Some(Ok(file)) => {
                    let merge = file.merge_into(&current());
                    Taking::Preview { file: Box::new(file), merge: Box::new(merge) }
                }
            };
            taking.try_set(Some(next));
        });
    };
    let take_in = move |_| {
        let Some(Taking::Preview { file, .. }) = taking.get_untracked() else { return };
        // Merged again into what is kept now: another tab may have changed it since the preview.
        let merged = file.merge_into(&current()).result.sections;
        let kept = stores.keep(merged);
        counted.set(stores.sections());
        taking.set(Some(Taking::Done { kept }));
    };

    view! {
        <section class="page workspace-page">
            <header class="page-header"><h1>{t::TITLE.get()}</h1></header>
            <p class="muted">{move || { let (account, host, _) = who(); vmdeck_core::tf!(t::INTRO, account = account, host = host) }}</p>
            <KeptTable counted=counted/>
            <div class="card workspace-actions">
                <p class="small">{t::FILE_HOLDS.get()}</p>
                <button type="button" class="button button-primary" id="workspace-export" on:click=export>{t::EXPORT.get()}</button>
                <label class="field">
                    <span class="field-label">{t::IMPORT.get()}</span>
                    <input type="file" id="workspace-import" accept=".json,application/json" aria-describedby="workspace-import-hint" on:change=choose/>
                    <span class="hint" id="workspace-import-hint">{t::IMPORT_HINT.get()}</span>
                </label>
                {move || taking.get().map(|state| match state {
                    Taking::Reading => view! { <p class="muted" role="status">{t::READING.get()}</p> }.into_any(),
                    Taking::Refused(reason) => view! { <p class="field-error" role="alert" id="workspace-refused">{reason}</p> }.into_any(),
                    Taking::Done { kept } => view! {
                        <p class="notice notice-success" role="status" id="workspace-taken">{t::TAKEN_IN.get()}</p>
                        {(!kept).then(|| view! { <p class="field-error" role="alert">{t::NOT_KEPT.get()}</p> })}
                    }.into_any(),
                    Taking::Preview { file, merge } => {
                        let (account, _, api) = who();
                        let other = (!file.account.is_empty() && file.account != account) || (!file.api.is_empty() && file.api != api);
                        let when = crate::locale::moment((file.exported / 1000) as i64, vmdeck_core::time::Precision::Full);
                        view! {
                            <div class="workspace-preview" id="workspace-preview" role="region" aria-labelledby="workspace-preview-title">
                                <h2 id="workspace-preview-title">{t::PREVIEW_TITLE.get()}</h2>
                                <p class="small muted">{vmdeck_core::tf!(t::PREVIEW_FROM, when = when, account = file.account.clone(), host = vmdeck_core::api::paths::host_of(&file.api))}</p>
                                {other.then(|| view! { <p class="notice notice-warning" id="workspace-other-account">{t::OTHER_ACCOUNT.get()}</p> })}
                                <ul id="workspace-changes">{merge.lines().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}</ul>
                                <div class="modal-actions">
                                    <button type="button" class="button" on:click=move |_| taking.set(None)>{c::CANCEL.get()}</button>
                                    <button type="button" class="button button-primary" id="workspace-take-in" disabled=merge.is_noop() on:click=take_in>{t::TAKE_IN.get()}</button>
                                </div>
                            </div>
                        }.into_any()
                    }
                })}
            </div>
            <store::StoreCard taking=taking current=Callback::new(move |()| current())/>
        </section>
    }
}

/// Each thing kept, where, how many entries, and whether the file carries it.
#[component]
fn KeptTable(counted: RwSignal<Sections>) -> impl IntoView {
    fn count<P: Section>(section: &P) -> (Text, Option<String>) {
        (P::NAME.label, Some(integer(section.entries() as i64)))
    }
    move || {
        counted.with(|sections| {
        let [kept_in, entries, in_file] = [Column::text(t::COL_KEPT_IN.get()), Column::number(t::COL_ENTRIES.get()), Column::text(t::COL_IN_FILE.get())];
        let row = |what: Text, place: Text, number: Option<String>, carried: bool| view! {
            <tr>
                <th scope="row">{what.get()}</th>
                <Cell of=&kept_in>{place.get()}</Cell>
                <Cell of=&entries>{or_dash(number)}</Cell>
                <Cell of=&in_file>{if carried { c::YES.get() } else { c::NO.get() }}</Cell>
            </tr>
        };
        let columns = if sections.columns.is_default() { t::COLUMNS_DEFAULT.get().to_owned() } else { integer(sections.columns.list().len() as i64) };
        let per_account = [
            count(&sections.tags),
            count(&sections.pins),
            count(&sections.views),
            (Columns::NAME.label, Some(columns)),
            count(&sections.protection),
            count(&sections.rule_sets),
            count(&sections.history),
        ];
        let rows = view! {
            {per_account.into_iter().map(|(what, number)| row(what, t::WHERE_ACCOUNT, number, true)).collect_view()}
            {row(Option::<std::net::Ipv4Addr>::NAME.label, t::WHERE_BROWSER, Some(integer(i64::from(sections.my_address.is_some()))), true)}
            {row(t::ROW_SEEN, t::WHERE_ACCOUNT, None, false)}
            {row(t::ROW_PREFERENCES, t::WHERE_BROWSER, None, false)}
            {row(t::ROW_LOGIN, t::WHERE_LOGIN, None, false)}
        };
        let headings = vec![Column::text(t::COL_WHAT.get()), kept_in, entries, in_file];
        view! {
            <DataTable id=TableId::Exact("workspace-kept") columns=headings blocks=true>{rows}</DataTable>
        }
    })
    }
}

/// An account id as part of a file name: letters, digits, `-` and `_`.
fn file_safe(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
        .take(40)
        .collect()
}
