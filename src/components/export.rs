use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, shell as t};
use wasm_bindgen::JsCast;

/// What an export writes: the same rows as CSV and as JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Export {
    csv: String,
    json: Json,
}

/// The JSON of an export: API resources, whose secrets are left out unless
/// asked for, or a table made by the panel.
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Resources(Vec<serde_json::Map<String, serde_json::Value>>),
    Table(String),
}

impl Export {
    /// API resources: the table's columns as CSV, every field as JSON.
    pub fn of<'a>(
        table: &vmdeck_core::history::export::Table,
        raw: impl IntoIterator<Item = &'a serde_json::Map<String, serde_json::Value>>,
    ) -> Self {
        Self {
            csv: vmdeck_core::history::export::csv(table),
            json: Json::Resources(raw.into_iter().cloned().collect()),
        }
    }

    /// Downloads the CSV or the JSON as `name` with the extension added;
    /// passwords and other secrets only with `include_secrets`.
    pub fn save(self, name: &str, json: bool, include_secrets: bool) -> Result<(), String> {
        let (text, extension, mime) = if json {
            let text = match self.json {
                Json::Resources(items) => {
                    vmdeck_core::history::export::json(&items, include_secrets)
                }
                Json::Table(text) => text,
            };
            (text, "json", "application/json")
        } else {
            (self.csv, "csv", "text/csv;charset=utf-8")
        };
        download_file(&format!("{name}.{extension}"), mime, &text)
    }

    /// Data with no API fields of its own (a chart's samples): the table as both.
    pub fn table(table: &vmdeck_core::history::export::Table) -> Self {
        Self {
            csv: vmdeck_core::history::export::csv(table),
            json: Json::Table(vmdeck_core::history::export::table_json(table)),
        }
    }
}

/// "Include passwords": exports leave every secret out unless this is ticked.
#[component]
fn IncludeSecrets(
    /// The checkbox's element id.
    id: String,
    checked: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <label class="checkbox export-secrets">
            <input type="checkbox" id=id prop:checked=move || checked.get() on:change=move |ev| checked.set(event_target_checked(&ev))/>
            {c::EXPORT_INCLUDE_SECRETS.get()}
        </label>
    }
}

/// Saves `text` as a file named `name` through the browser's download.
pub fn download_file(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let failed = |_| t::EXPORT_NOT_SAVED.get().to_owned();
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let link = document()
        .create_element("a")
        .map_err(failed)?
        .unchecked_into::<web_sys::HtmlAnchorElement>();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The download has its own reference to the data by now.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// "Export CSV" and "Export JSON", the one pair of export buttons. Either
/// `export` makes the files' text from what the page shows when a button is
/// pressed (`name` is the file name without its extension), or, for an
/// export that reads more (every page of a list), `ask` hears (JSON?,
/// include secrets?) and `progress` says how far it is: the buttons wait
/// while it runs. `id` prefixes the elements' ids.
#[component]
pub fn ExportButtons(
    id: &'static str,
    #[prop(optional, into)] name: Option<Signal<String>>,
    #[prop(optional)] export: Option<Callback<(), Option<Export>>>,
    #[prop(optional)] ask: Option<Callback<(bool, bool)>>,
    #[prop(optional)] progress: Option<Signal<Option<String>>>,
    /// The resources may carry passwords: offer "Include passwords".
    #[prop(optional)]
    secrets: bool,
) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let include_secrets = RwSignal::new(false);
    let busy = move || progress.is_some_and(|p| p.with(Option::is_some));
    let save = move |json: bool| {
        let include = include_secrets.get_untracked();
        // A second click while one runs does nothing.
        if let Some(ask) = ask.filter(|_| !busy()) {
            ask.run((json, include));
        }
        let Some(export) = export.and_then(|export| export.run(())) else { return };
        let name = name.map(|n| n.get_untracked()).unwrap_or_default();
        problem.set(export.save(&name, json, include).err());
    };
    view! {
        <span class="export-buttons" aria-busy=move || busy().to_string()>
            <button type="button" class="button button-small" id=format!("{id}-export-csv") disabled=busy on:click=move |_| save(false)>{c::EXPORT_CSV.get()}</button>
            <button type="button" class="button button-small" id=format!("{id}-export-json") disabled=busy on:click=move |_| save(true)>{c::EXPORT_JSON.get()}</button>
            {secrets.then(|| view! { <IncludeSecrets id=format!("{id}-export-secrets") checked=include_secrets/> })}
            {progress.map(|p| view! { <span class="muted small" id=format!("{id}-export-progress") role="status">{move || p.get()}</span> })}
            {move || problem.get().map(|p| view! { <span class="field-error" role="alert">{p}</span> })}
        </span>
    }
}
