//! Writes the catalogue of texts from the panel's language files,
//! `i18n/en.json` and `i18n/es.json`: flat JSON, one `"<area>.<KEY>": "text"`
//! per text, the format translation tools read. Each area (`common`,
//! `shell`…) becomes the module `i18n::<area>`, each text a `Text` constant
//! with both languages, numbered in the files' sorted order (the order a
//! deployment's language file is read in, `i18n::file`). The build fails on
//! a text missing from a language, empty, or naming other `{values}` than
//! its English.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

#[path = "src/i18n/placeholders.rs"]
mod placeholders;

const AREAS: [&str; 7] = ["common", "firewall", "messages", "network", "shell", "vm", "workspace"];

fn read(name: &str) -> BTreeMap<String, String> {
    let path = format!("i18n/{name}.json");
    println!("cargo:rerun-if-changed={path}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not flat JSON of texts: {e}"))
}

fn main() {
    println!("cargo:rerun-if-changed=src/i18n/placeholders.rs");
    let en = read("en");
    let es = read("es");
    let mut problems = Vec::new();
    for key in en.keys().filter(|k| !es.contains_key(*k)) {
        problems.push(format!("{key}: in en.json, not in es.json"));
    }
    for key in es.keys().filter(|k| !en.contains_key(*k)) {
        problems.push(format!("{key}: in es.json, not in en.json"));
    }
    let mut modules: BTreeMap<&str, (String, Vec<&str>)> =
        AREAS.iter().map(|a| (*a, Default::default())).collect();
    for (index, (key, english)) in en.iter().enumerate() {
        let Some(spanish) = es.get(key) else { continue };
        let area_and_name = key.split_once('.').filter(|(_, name)| {
            !name.is_empty()
                && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        });
        let Some((area, name)) = area_and_name else {
            problems.push(format!("{key}: a key is <area>.<NAME>, the name in capitals"));
            continue;
        };
        let Some((code, names)) = modules.get_mut(area) else {
            problems.push(format!("{key}: the area is one of {}", AREAS.join(", ")));
            continue;
        };
        if english.trim().is_empty() || spanish.trim().is_empty() {
            problems.push(format!("{key}: empty"));
        }
        if !placeholders::same_names(english, spanish) {
            problems.push(format!("{key}: the Spanish names other {{values}} than the English"));
        }
        let _ = writeln!(code, "pub const {name}: crate::i18n::Text = crate::i18n::Text::new({index}, {english:?}, {spanish:?});");
        names.push(name);
    }
    if !problems.is_empty() {
        panic!("the language files do not agree:\n{}", problems.join("\n"));
    }
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for (area, (mut code, names)) in modules {
        let _ = writeln!(
            code,
            "#[cfg(test)]\npub const ALL: &[(&str, crate::i18n::Text)] = &[{}];",
            names.iter().map(|n| format!("({n:?}, {n})")).collect::<Vec<_>>().join(", ")
        );
        std::fs::write(Path::new(&out).join(format!("i18n_{area}.rs")), code)
            .expect("OUT_DIR is writable");
    }
    // What a deployment's file is read against: how many texts, and which.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in en.keys().flat_map(|k| k.bytes().chain([b'\n'])) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    let index = format!("/// How many texts the panel has.\npub const COUNT: usize = {};\n/// FNV-1a of the keys in order, each ended by a line break.\npub const KEYS_HASH: u64 = {hash:#x};\n", en.len());
    std::fs::write(Path::new(&out).join("i18n_index.rs"), index).expect("OUT_DIR is writable");
}
