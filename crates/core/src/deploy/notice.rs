//! What the provider tells its customers on every page: a notice
//! (maintenance, an incident) for a window of time, and links to its status
//! page, billing, documentation and terms.
//!
//! ```json
//! "notice": {
//!   "text": {"en": "Maintenance on 3 December, 02:00–04:00 UTC.", "es": "Mantenimiento el 3 de diciembre, de 02:00 a 04:00 UTC."},
//!   "level": "warning",
//!   "starts": "2026-12-01T00:00:00Z",
//!   "ends": "2026-12-03T04:00:00Z",
//!   "dismissible": true
//! },
//! "links": {"status": "https://status.nube.example", "billing": "https://portal.nube.example/invoices"}
//! ```

use crate::api::decode;
use crate::deploy::web_address;
use crate::i18n::{common as c, Text};
use serde_json::Value;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Level {
    #[default]
    Info,
    Warning,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// Per language code; a plain string in the file is every language's.
    texts: Vec<(String, String)>,
    pub level: Level,
    /// Milliseconds since the epoch; shown from `starts` until before `ends`.
    pub starts: Option<f64>,
    pub ends: Option<f64>,
    pub dismissible: bool,
}

/// Longest text shown: a notice is a line or two, not a page.
const MAX_TEXT: usize = 500;

impl Notice {
    /// Reads `config.json`'s `notice`; `None` without one or when it cannot
    /// be shown (named in `warnings`). A bad optional value is left out.
    pub fn from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> Option<Notice> {
        let value = value.filter(|v| !v.is_null())?;
        let clean = |text: &str| -> Option<String> {
            let text: String =
                text.trim().chars().filter(|c| !c.is_control()).take(MAX_TEXT).collect();
            (!text.is_empty()).then_some(text)
        };
        let texts: Vec<(String, String)> = match value.get("text") {
            Some(Value::String(text)) => {
                clean(text).map(|t| vec![(String::new(), t)]).unwrap_or_default()
            }
            Some(Value::Object(by_lang)) => by_lang
                .iter()
                .filter_map(|(lang, text)| {
                    Some((lang.trim().to_ascii_lowercase(), clean(text.as_str()?)?))
                })
                .collect(),
            _ => Vec::new(),
        };
        if texts.is_empty() {
            warnings.push("config.json: notice.text must be a text, or texts by language ({\"en\": …, \"es\": …}); no notice is shown.".to_owned());
            return None;
        }
        let level = match value.get("level").and_then(Value::as_str) {
            None | Some("info") => Level::Info,
            Some("warning") => Level::Warning,
            Some(other) => {
                warnings.push(format!("config.json: notice.level “{other}” is neither info nor warning; info is used."));
                Level::Info
            }
        };
        let mut moment = |key: &str| {
            let given = decode::text(value.get(key))?;
            let read = crate::time::parse_service_date(&given).filter(|_| {
                given.ends_with('Z') || given.rfind(['+', '-']).is_some_and(|p| p > 10)
            });
            if read.is_none() {
                warnings.push(format!("config.json: notice.{key} “{given}” is not a date and time with its zone, such as 2026-12-03T04:00:00Z; it is left out."));
            }
            read.map(|ms| ms as f64)
        };
        let starts = moment("starts");
        let ends = moment("ends");
        let dismissible = value.get("dismissible").and_then(Value::as_bool).unwrap_or(true);
        Some(Notice { texts, level, starts, ends, dismissible })
    }

    /// Whether it shows at `now` (ms since the epoch).
    pub fn shows_at(&self, now: f64) -> bool {
        self.starts.is_none_or(|starts| now >= starts) && self.ends.is_none_or(|ends| now < ends)
    }

    /// The next moment after `now` at which it appears or goes, if any.
    pub fn next_change(&self, now: f64) -> Option<f64> {
        [self.starts, self.ends].into_iter().flatten().filter(|at| *at > now).reduce(f64::min)
    }

    /// Its text in the language `code` (`es`, or one a deployment added,
    /// `de`), else in English, else the first given.
    pub fn text(&self, code: &str) -> &str {
        let code = code.to_ascii_lowercase();
        let find = |code: &str| {
            self.texts.iter().find(|(l, _)| l == code || l.is_empty()).map(|(_, t)| t.as_str())
        };
        find(&code)
            .or_else(|| find("en"))
            .or_else(|| self.texts.first().map(|(_, t)| t.as_str()))
            .unwrap_or_default()
    }

    /// What a dismissal is remembered by: another notice (another text or
    /// window) shows again.
    pub fn key(&self) -> String {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut add = |text: &str| {
            for byte in text.bytes().chain([0]) {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        };
        for (lang, text) in &self.texts {
            add(lang);
            add(text);
        }
        add(&format!("{:?}{:?}", self.starts, self.ends));
        format!("{hash:016x}")
    }
}

/// One of the provider's links, in the order they are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    Status,
    Billing,
    Docs,
    Terms,
}

impl LinkKind {
    pub const ALL: [LinkKind; 4] =
        [LinkKind::Status, LinkKind::Billing, LinkKind::Docs, LinkKind::Terms];

    pub fn key(self) -> &'static str {
        match self {
            LinkKind::Status => "status",
            LinkKind::Billing => "billing",
            LinkKind::Docs => "docs",
            LinkKind::Terms => "terms",
        }
    }

    pub fn label(self) -> &'static Text {
        match self {
            LinkKind::Status => &c::LINK_STATUS,
            LinkKind::Billing => &c::LINK_BILLING,
            LinkKind::Docs => &c::LINK_DOCS,
            LinkKind::Terms => &c::LINK_TERMS,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub kind: LinkKind,
    pub url: String,
}

/// Reads `config.json`'s `links`, in [`LinkKind::ALL`]'s order; what is not
/// an https address or not a known kind is left out with a warning.
pub fn links_from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> Vec<Link> {
    let Some(value) = value.filter(|v| !v.is_null()) else { return Vec::new() };
    let Value::Object(given) = value else {
        warnings.push("config.json: links must be an object such as {\"status\": \"https://…\"}; no links are shown.".to_owned());
        return Vec::new();
    };
    for key in
        given.keys().filter(|key| !LinkKind::ALL.iter().any(|kind| kind.key() == key.as_str()))
    {
        warnings.push(format!(
            "config.json: links.{key} is not one of status, billing, docs, terms; it is left out."
        ));
    }
    LinkKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let text = decode::text(given.get(kind.key()))?;
            match web_address(&text) {
                Some(url) => Some(Link { kind, url }),
                None => {
                    warnings.push(format!("config.json: links.{} “{text}” is not an https:// address; it is left out.", kind.key()));
                    None
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const DEC_1: f64 = 1_796_083_200_000.0; // 2026-12-01T00:00:00Z

    #[test]
    fn a_notice_shows_in_its_window_only() {
        let mut warnings = Vec::new();
        let notice = Notice::from_json(
            Some(&json!({"text": {"en": "Maintenance", "ES": "Mantenimiento"}, "level": "warning", "starts": "2026-12-01T00:00:00Z", "ends": "2026-12-01T01:00:00+01:00"})),
            &mut warnings,
        )
        .expect("a notice");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(notice.starts, Some(DEC_1));
        assert_eq!(notice.ends, Some(DEC_1), "01:00 at +01:00 is midnight UTC");
        assert!(!notice.shows_at(DEC_1 - 1.0) && !notice.shows_at(DEC_1));
        let open = Notice { ends: Some(DEC_1 + 3_600_000.0), ..notice.clone() };
        assert!(
            open.shows_at(DEC_1)
                && open.shows_at(DEC_1 + 3_599_999.0)
                && !open.shows_at(DEC_1 + 3_600_000.0)
        );
        assert_eq!(open.next_change(DEC_1 - 5.0), Some(DEC_1));
        assert_eq!(open.next_change(DEC_1), Some(DEC_1 + 3_600_000.0));
        assert_eq!(open.next_change(DEC_1 + 3_600_000.0), None);
        assert_eq!((notice.level, notice.dismissible), (Level::Warning, true));
        assert_eq!(
            (notice.text("es"), notice.text("en"), notice.text("de")),
            ("Mantenimiento", "Maintenance", "Maintenance")
        );
    }

    #[test]
    fn texts_fall_back_to_english_then_to_the_first() {
        let mut warnings = Vec::new();
        let only_es = Notice::from_json(Some(&json!({"text": {"es": "Hola"}})), &mut warnings)
            .expect("a notice");
        assert_eq!(only_es.text("en"), "Hola");
        let plain = Notice::from_json(
            Some(&json!({"text": "  Hello\u{7}  ", "dismissible": false})),
            &mut warnings,
        )
        .expect("a notice");
        assert_eq!((plain.text("es"), plain.dismissible, plain.starts), ("Hello", false, None));
        assert!(plain.shows_at(0.0));
        assert!(warnings.is_empty());
    }

    #[test]
    fn bad_values_are_left_out_with_a_warning() {
        let mut warnings = Vec::new();
        assert_eq!(Notice::from_json(Some(&json!({"text": ""})), &mut warnings), None);
        assert_eq!(Notice::from_json(Some(&json!({"text": 7})), &mut warnings), None);
        let notice = Notice::from_json(Some(&json!({"text": "x", "level": "panic", "starts": "tomorrow", "ends": "2026-12-01T00:00:00"})), &mut warnings).expect("a notice");
        assert_eq!((notice.level, notice.starts, notice.ends), (Level::Info, None, None));
        assert_eq!(warnings.len(), 5, "{warnings:?}");
        assert!(warnings.iter().any(|w| w.contains("notice.ends") && w.contains("with its zone")));
        assert_eq!(Notice::from_json(None, &mut warnings), None);
    }

    #[test]
    fn another_text_or_window_is_another_notice() {
        let mut warnings = Vec::new();
        let a = Notice::from_json(Some(&json!({"text": "x"})), &mut warnings).expect("a notice");
        let b = Notice::from_json(Some(&json!({"text": "y"})), &mut warnings).expect("a notice");
        assert_ne!(a.key(), b.key());
        assert_ne!(a.key(), Notice { starts: Some(DEC_1), ..a.clone() }.key());
        assert_eq!(a.key(), a.clone().key());
    }

    #[test]
    fn links_in_their_order_and_bad_ones_left_out() {
        let mut warnings = Vec::new();
        let links = links_from_json(
            Some(
                &json!({"terms": "https://nube.example/terms", "status": "https://status.nube.example", "billing": "http://x.example", "blog": "https://b.example"}),
            ),
            &mut warnings,
        );
        assert_eq!(
            links.iter().map(|l| l.kind).collect::<Vec<_>>(),
            vec![LinkKind::Status, LinkKind::Terms]
        );
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(links_from_json(Some(&json!(["https://x.example"])), &mut warnings).is_empty());
        assert_eq!(warnings.len(), 3);
    }
}
