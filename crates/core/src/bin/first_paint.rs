//! Prints what a page's first paint shows of a deployment's `config.json`
//! (the file's path is the argument), as JSON, for the build's static pages
//! (`scripts/first-paint.mjs`): the brand's name, the notice and the links,
//! read as the panel reads them, with their texts in each language the panel
//! is written in.

use serde_json::{json, Map, Value};
use vmdeck_core::deploy::notice::Level;
use vmdeck_core::deploy::DeployConfig;
use vmdeck_core::i18n::{shell, Lang};

fn by_lang(text: impl Fn(Lang) -> String) -> Value {
    Value::Object(
        Lang::ALL
            .into_iter()
            .map(|lang| (lang.code().to_owned(), Value::String(text(lang))))
            .collect::<Map<_, _>>(),
    )
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("first_paint: give the path of config.json");
        std::process::exit(2);
    };
    // A missing or broken file is what the panel meets too: its defaults.
    let value = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    let config = DeployConfig::from_json(&value);
    let brand = config.brand.name.clone();
    // Texts made of the file's values, by the keys the static pages name them with.
    let mut texts = Map::new();
    let lifetime = config.session;
    texts.insert(
        "deploy.remember_hint".to_owned(),
        by_lang(|lang| {
            shell::LOGIN_REMEMBER_HINT
                .of(lang)
                .replace("{days}", &lifetime.remember_days.to_string())
                .replace("{minutes}", &lifetime.idle_minutes.to_string())
        }),
    );
    texts.insert(
        "deploy.api_key_hint".to_owned(),
        by_lang(|lang| shell::LOGIN_API_KEY_HINT.of(lang).replace("{provider}", &brand)),
    );
    let login_ways: Vec<&str> = config.login.offered().into_iter().map(|way| way.key()).collect();
    let notice = config.notice.as_ref().map(|notice| {
        texts.insert(
            "deploy.notice_text".to_owned(),
            by_lang(|lang| notice.text(lang.code()).to_owned()),
        );
        texts.insert(
            "deploy.notice_label".to_owned(),
            by_lang(|lang| shell::NOTICE_LABEL.of(lang).replace("{provider}", &brand)),
        );
        json!({
            "key": notice.key(),
            "level": match notice.level { Level::Info => "info", Level::Warning => "warning" },
            "starts": notice.starts,
            "ends": notice.ends,
            "dismissible": notice.dismissible,
        })
    });
    let links: Vec<Value> = config
        .links
        .iter()
        .map(|link| {
            let key = format!("deploy.link_{}", link.kind.key());
            texts.insert(key.clone(), by_lang(|lang| link.kind.label().of(lang).to_owned()));
            json!({ "kind": link.kind.key(), "url": link.url, "text": key })
        })
        .collect();
    println!(
        "{}",
        json!({ "brand": brand, "api_base_url": config.login_base_url(), "login_ways": login_ways, "notice": notice, "links": links, "texts": texts })
    );
}
