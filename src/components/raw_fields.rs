use super::DataTable;
use leptos::prelude::*;
use serde_json::{Map, Value};

/// Everything the API sent for one resource, as text, behind a disclosure:
/// fields the panel does not know are still there to read. Secrets stay masked.
#[component]
pub fn RawFields(
    /// The resource's fields.
    map: Map<String, Value>,
    /// The disclosure's text.
    #[prop(into)]
    summary: String,
    #[prop(optional)] id: &'static str,
) -> impl IntoView {
    let mut rows: Vec<(String, String)> = map
        .iter()
        .map(|(key, value)| {
            let text = vmdeck_core::secrets::shown_value(key, value);
            (key.clone(), text)
        })
        .collect();
    rows.sort();
    view! {
        <details class="raw-fields" id=id>
            <summary>{summary}</summary>
            <DataTable class="raw-table" bare=true>
                {rows.into_iter().map(|(key, value)| view! {
                    <tr><th scope="row" class="mono">{key}</th><td class="mono">{value}</td></tr>
                }).collect_view()}
            </DataTable>
        </details>
    }
}
