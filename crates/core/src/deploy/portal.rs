//! The provider's portal (its billing or customer site): how a customer
//! arrives from it already logged in, and where the panel leads back to it.
//!
//! `config.json`'s `portal` names it and says which handoffs the panel takes:
//!
//! ```json
//! "portal": {
//!   "name": "Nube Portal",
//!   "url": "https://portal.nube.example/services",
//!   "logout_url": "https://portal.nube.example/",
//!   "link_login": true,
//!   "origins": ["https://portal.nube.example"]
//! }
//! ```
//!
//! A handoff is an account and its token, and the page to open: either in a
//! link's fragment (`#account=42&token=…&next=/vms/7`, taken out of the
//! address bar by the boot script before anything else runs), or posted by
//! a portal window that opened the panel's `/portal` page, from one of
//! `origins`. Never an API address: the panel uses the deployment's own.

use crate::api::decode;
use crate::deploy::web_address;
use crate::i18n::messages as t;
use serde_json::Value;

/// The keys a handoff may carry; any other refuses it (a portal that sends
/// an API address must not have it silently replaced by the deployment's).
const KEYS: [&str; 3] = ["account", "token", "next"];

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Portal {
    /// What the portal is called: "Back to <name>".
    pub name: Option<String>,
    /// Where "Back to <name>" leads (https).
    pub url: Option<String>,
    /// Where a logout leads instead of the login page (https).
    pub logout_url: Option<String>,
    /// Whether a link's fragment may log in.
    pub link_login: bool,
    /// The origins (`https://host[:port]`) that may post a handoff to `/portal`.
    pub origins: Vec<String>,
}

/// An origin as the browser writes `MessageEvent.origin`: a scheme, a host
/// and an optional port, lower case, with no path. `http://` only for this
/// machine (`localhost`, `127.0.0.1`), for trying it out.
fn origin(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches('/').to_ascii_lowercase();
    let (scheme, host) = text.split_once("://")?;
    let name = host.rsplit_once(':').map_or(host, |(name, port)| {
        if !port.is_empty() && port.chars().all(|c| c.is_ascii_digit()) {
            name
        } else {
            host
        }
    });
    let host_ok = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
        && !name.starts_with(['.', '-']);
    let scheme_ok =
        scheme == "https" || (scheme == "http" && (name == "localhost" || name == "127.0.0.1"));
    (host_ok && scheme_ok).then_some(text)
}

impl Portal {
    /// Reads `config.json`'s `portal`; a bad value is left out and named in `warnings`.
    pub fn from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> Portal {
        let mut portal = Portal::default();
        let Some(value) = value.filter(|v| !v.is_null()) else { return portal };
        portal.name = decode::text(value.get("name"))
            .map(|n| n.trim().chars().take(60).collect::<String>())
            .filter(|n| !n.is_empty());
        let mut address = |key: &str| {
            let given = decode::text(value.get(key))?;
            let address = web_address(&given);
            if address.is_none() {
                warnings.push(format!("config.json: portal.{key} “{given}” is not an https:// address; it is left out."));
            }
            address
        };
        portal.url = address("url");
        portal.logout_url = address("logout_url");
        // A link's login only where the portal is named by its address: the
        // panel then says where such links come from, and a deployment that
        // sets the flag alone has not thought about who makes its links.
        portal.link_login = value.get("link_login").and_then(Value::as_bool).unwrap_or(false);
        if portal.link_login && portal.url.is_none() {
            warnings.push("config.json: portal.link_login needs portal.url, the portal's https:// address; links do not log in.".to_owned());
            portal.link_login = false;
        }
        if let Some(Value::Array(origins)) = value.get("origins") {
            for given in origins {
                match given.as_str().and_then(origin) {
                    Some(origin) => portal.origins.push(origin),
                    None => warnings.push(format!("config.json: portal.origins holds {given}, which is not an origin such as https://portal.example; it is left out.")),
                }
            }
        }
        portal
    }

    /// Whether a message from `origin` may log in.
    pub fn trusts(&self, origin: &str) -> bool {
        self.origins.iter().any(|o| o == origin)
    }

    /// The portal's name, or "your provider's portal".
    pub fn label(&self) -> String {
        self.name.clone().unwrap_or_else(|| t::PORTAL_UNNAMED.get().to_owned())
    }
}

/// An account and its token handed over by the portal, with the page to open.
#[derive(Clone, PartialEq, Eq)]
pub struct Handoff {
    pub account: String,
    pub token: String,
    /// As given; the panel goes there only if `route::safe_next` keeps it.
    pub next: Option<String>,
}

impl std::fmt::Debug for Handoff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handoff")
            .field("account", &self.account)
            .field("token", &"…")
            .field("next", &self.next)
            .finish()
    }
}

/// Why a handoff is not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// This deployment does not take it this way.
    NotAccepted,
    /// A key other than account, token and next (an API address, say).
    UnknownKey(String),
    /// A key twice, text that is not percent-encoded UTF-8, or not an object.
    Malformed,
    /// No account, or not a number.
    Account,
    /// No token, or one with spaces.
    Token,
}

impl Refused {
    pub fn message(&self) -> String {
        match self {
            Refused::NotAccepted => t::HANDOFF_NOT_ACCEPTED.get().to_owned(),
            Refused::UnknownKey(key) => crate::tf!(t::HANDOFF_UNKNOWN_KEY, key = key),
            Refused::Malformed => t::HANDOFF_MALFORMED.get().to_owned(),
            Refused::Account => t::FORM_ACCOUNT_ID_NUMBER.get().to_owned(),
            Refused::Token => t::FORM_ENTER_API_TOKEN.get().to_owned(),
        }
    }
}

/// `%XX` decoded as UTF-8 (a `+` stays a plus: tokens may hold one).
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        if byte == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(byte);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// What makes an address's fragment (`location.hash`, `#` included) a
/// handoff, as the source of a regular expression that reads the same in
/// JavaScript: it names an account or a token. The boot script tests every
/// fragment with it and takes a handoff out of the address bar before
/// anything else runs; the build writes it there (`crate::boot`).
pub const HANDOFF_FRAGMENT_PATTERN: &str = "(?:^#|&)(?:account|token)=";

impl Handoff {
    /// From a link's fragment, `#account=42&token=…&next=%2Fvms%2F7`.
    pub fn from_fragment(fragment: &str) -> Result<Handoff, Refused> {
        let mut fields: Vec<(String, String)> = Vec::new();
        for pair in fragment.trim_start_matches('#').split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let key = percent_decoded(key).ok_or(Refused::Malformed)?;
            let value = percent_decoded(value).ok_or(Refused::Malformed)?;
            fields.push((key, value));
        }
        Self::from_fields(fields)
    }

    /// From a posted message, `{"type": "vmdeck:login", "account": …}`;
    /// `type` is how the panel knew it for one.
    pub fn from_message(data: &Value) -> Result<Handoff, Refused> {
        let Value::Object(object) = data else { return Err(Refused::Malformed) };
        let fields = object
            .iter()
            .filter(|(key, _)| key.as_str() != "type")
            .map(|(key, value)| {
                Ok((key.clone(), decode::text(Some(value)).ok_or(Refused::Malformed)?))
            })
            .collect::<Result<Vec<_>, Refused>>()?;
        Self::from_fields(fields)
    }

    fn from_fields(fields: Vec<(String, String)>) -> Result<Handoff, Refused> {
        let mut handoff = Handoff { account: String::new(), token: String::new(), next: None };
        let mut seen: Vec<&str> = Vec::new();
        for (key, value) in &fields {
            let Some(known) = KEYS.iter().find(|k| **k == key) else {
                return Err(Refused::UnknownKey(key.chars().take(40).collect()));
            };
            if seen.contains(known) {
                return Err(Refused::Malformed);
            }
            seen.push(known);
            match *known {
                "account" => handoff.account = value.trim().to_owned(),
                "token" => handoff.token = value.trim().to_owned(),
                _ => handoff.next = Some(value.clone()),
            }
        }
        if !crate::validate::is_id(&handoff.account) {
            return Err(Refused::Account);
        }
        if handoff.token.is_empty()
            || handoff.token.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(Refused::Token);
        }
        Ok(handoff)
    }

    /// Where to go once logged in: `next` if it is one of the panel's pages.
    pub fn destination(&self) -> String {
        crate::route::safe_next(self.next.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_link_gives_the_account_the_token_and_the_page() {
        let handoff =
            Handoff::from_fragment("#account=42&token=ab%2Bc%3D%3D&next=%2Fvms%2F7%2Ffirewall")
                .expect("a good link");
        assert_eq!((handoff.account.as_str(), handoff.token.as_str()), ("42", "ab+c=="));
        assert_eq!(handoff.destination(), "/vms/7/firewall");
        // A plus written as is stays a plus.
        assert_eq!(
            Handoff::from_fragment("account=1&token=a+b").map(|h| h.token),
            Ok("a+b".to_owned())
        );
        assert_eq!(
            Handoff::from_fragment("account=1&token=t").map(|h| h.destination()),
            Ok("/vms".to_owned())
        );
    }

    #[test]
    fn a_foreign_page_leads_to_the_list() {
        for next in [
            "https%3A%2F%2Fevil.example",
            "%2F%2Fevil.example",
            "%2Flogin",
            "javascript%3Aalert(1)",
            "%2Fvms%2Fabc",
        ] {
            let handoff = Handoff::from_fragment(&format!("account=1&token=t&next={next}"))
                .expect("the login holds");
            assert_eq!(handoff.destination(), "/vms", "{next}");
        }
    }

    #[test]
    fn an_api_address_or_anything_unknown_refuses_the_link() {
        assert_eq!(
            Handoff::from_fragment("account=1&token=t&api=https%3A%2F%2Fevil.example"),
            Err(Refused::UnknownKey("api".into()))
        );
        assert_eq!(
            Handoff::from_fragment("account=1&token=t&base_url=x"),
            Err(Refused::UnknownKey("base_url".into()))
        );
        assert_eq!(Handoff::from_fragment("account=1&account=2&token=t"), Err(Refused::Malformed));
        assert_eq!(Handoff::from_fragment("account=1&token=%ZZ"), Err(Refused::Malformed));
        assert_eq!(Handoff::from_fragment("account=1&token=%FF"), Err(Refused::Malformed));
        assert_eq!(Handoff::from_fragment("account=x1&token=t"), Err(Refused::Account));
        assert_eq!(Handoff::from_fragment("token=t"), Err(Refused::Account));
        assert_eq!(Handoff::from_fragment("account=1&token="), Err(Refused::Token));
        assert_eq!(Handoff::from_fragment("account=1&token=a%20b"), Err(Refused::Token));
        assert!(Refused::UnknownKey("api".into()).message().contains("api"));
    }

    #[test]
    fn a_message_is_read_as_a_link_is() {
        let handoff = Handoff::from_message(
            &json!({"type": "vmdeck:login", "account": 42, "token": "t", "next": "/interfaces"}),
        );
        assert_eq!(
            handoff.map(|h| (h.destination(), h.account)),
            Ok(("/interfaces".into(), "42".into()))
        );
        assert_eq!(
            Handoff::from_message(&json!({"account": "1", "token": "t", "api_base_url": "x"})),
            Err(Refused::UnknownKey("api_base_url".into()))
        );
        assert_eq!(Handoff::from_message(&json!("account=1&token=t")), Err(Refused::Malformed));
        assert_eq!(
            Handoff::from_message(&json!({"account": "1", "token": {"a": 1}})),
            Err(Refused::Malformed)
        );
    }

    #[test]
    fn the_token_never_shows_in_debug() {
        let handoff = Handoff { account: "1".into(), token: "s3cret".into(), next: None };
        assert!(!format!("{handoff:?}").contains("s3cret"));
    }

    #[test]
    fn which_fragments_are_handoffs() {
        let handoff = regex::Regex::new(HANDOFF_FRAGMENT_PATTERN).unwrap();
        for fragment in ["#account=1&token=t", "#next=/vms&token=t", "#token=t", "#account=x1"] {
            assert!(handoff.is_match(fragment), "{fragment:?}");
        }
        for fragment in ["#main", "", "#next=/vms", "#accounts=1", "#x=account=1", "#a&tokens=t"] {
            assert!(!handoff.is_match(fragment), "{fragment:?}");
        }
        // Every link a handoff is read from is taken out of the address.
        let link = "#account=42&token=ab%2Bc%3D%3D&next=%2Fvms%2F7";
        assert!(Handoff::from_fragment(link).is_ok() && handoff.is_match(link));
    }

    #[test]
    fn the_portal_is_read_and_bad_values_are_left_out() {
        let mut warnings = Vec::new();
        let portal = Portal::from_json(
            Some(&json!({
                "name": " Nube Portal ",
                "url": "https://portal.nube.example/services",
                "logout_url": "javascript:alert(1)",
                "link_login": true,
                "origins": ["https://Portal.Nube.example/", "http://localhost:8080", "http://portal.example", "https://a.example/path", 7]
            })),
            &mut warnings,
        );
        assert_eq!(portal.name.as_deref(), Some("Nube Portal"));
        assert_eq!(portal.url.as_deref(), Some("https://portal.nube.example/services"));
        assert_eq!(portal.logout_url, None);
        assert!(portal.link_login);
        assert_eq!(
            portal.origins,
            vec!["https://portal.nube.example".to_owned(), "http://localhost:8080".to_owned()]
        );
        // Links log in only where the portal is named by its address.
        let mut unnamed = Vec::new();
        assert!(
            !Portal::from_json(Some(&json!({"name": "Demo", "link_login": true})), &mut unnamed)
                .link_login
        );
        assert_eq!(unnamed.len(), 1);
        assert!(
            portal.trusts("https://portal.nube.example") && !portal.trusts("https://evil.example")
        );
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        assert!(warnings.iter().any(|w| w.contains("portal.logout_url")));
        assert_eq!(Portal::from_json(None, &mut warnings), Portal::default());
    }
}
