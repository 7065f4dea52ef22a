//! The password endpoints (as the provider documents it): what is sent to each, and
//! the token each answers with, read tolerantly: times as numbers or
//! strings, absolute (`expires`) or from now (`expires_in`), extra fields
//! ignored, the refresh token absent in the oldest generation.

use super::header;
use crate::api::decode::{self, DecodeError};
use serde_json::{json, Map, Value};

/// Which endpoint takes a customer's email and password.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PasswordEndpoint {
    /// OpenID Connect, form-encoded, the only one documented taking a
    /// two-factor code; its token goes after `Bearer`.
    #[default]
    OpenId,
    /// `POST /token` with JSON, of the newest generation: a token after `Bearer`.
    Token,
    /// `POST /token` of the oldest generation: its token sent raw.
    TokenRaw,
}

/// What the OpenID Connect endpoints call the panel.
const CLIENT_ID: &str = "external";

impl PasswordEndpoint {
    /// Its path under the API address.
    pub fn path(self) -> &'static str {
        match self {
            Self::OpenId => "/auth/api/openid-connect/token",
            Self::Token | Self::TokenRaw => "/token",
        }
    }

    /// Where a token of this endpoint is revoked, where the API offers it.
    pub fn revoke_path(self) -> Option<&'static str> {
        (self == Self::OpenId).then_some("/auth/api/openid-connect/revoke")
    }

    /// The name `config.json` gives it.
    pub fn from_name(name: &str) -> Option<Self> {
        match name.trim().to_ascii_lowercase().as_str() {
            "openid" | "openid-connect" => Some(Self::OpenId),
            "token" => Some(Self::Token),
            "token-raw" => Some(Self::TokenRaw),
            _ => None,
        }
    }

    /// The login with an email, a password and, when typed, a two-factor code.
    pub fn password_request(self, email: &str, password: &str, code: Option<&str>) -> GrantBody {
        let email = email.trim();
        match self {
            Self::OpenId => {
                let mut pairs = vec![
                    ("grant_type", "password".to_owned()),
                    ("client_id", CLIENT_ID.to_owned()),
                    ("username", email.to_owned()),
                    ("password", password.to_owned()),
                ];
                pairs.extend(code.map(|code| ("totp", code.to_owned())));
                GrantBody::Form(pairs)
            }
            Self::Token | Self::TokenRaw => {
                let mut body = json!({"login": email, "password": password, "readonly": false});
                if let (Some(code), Some(map)) = (code, body.as_object_mut()) {
                    map.insert("totp".to_owned(), Value::from(code));
                }
                GrantBody::Json(body)
            }
        }
    }

    /// A new token for a refresh token (not documented beyond the fields:
    /// OpenID Connect's grant, and the same field sent to `/token`).
    pub fn refresh_request(self, refresh_token: &str) -> GrantBody {
        match self {
            Self::OpenId => GrantBody::Form(vec![
                ("grant_type", "refresh_token".to_owned()),
                ("client_id", CLIENT_ID.to_owned()),
                ("refresh_token", refresh_token.to_owned()),
            ]),
            Self::Token | Self::TokenRaw => {
                GrantBody::Json(json!({"refresh_token": refresh_token}))
            }
        }
    }

    /// Revoking a token at logout (`revoke_path`): the token without its scheme.
    pub fn revoke_request(self, authorization: &str) -> GrantBody {
        GrantBody::Form(vec![("token", header::bare(authorization).to_owned())])
    }

    /// The token of an answer: the header value it is sent as, when it ends
    /// and how it is renewed. `now_ms` makes `expires_in` a moment.
    pub fn grant_from_json(self, value: &Value, now_ms: f64) -> Result<Grant, DecodeError> {
        let expected = "a login token";
        let Value::Object(map) = value else {
            return Err(DecodeError { expected, found: decode::kind_of(value) });
        };
        let token = ["access_token", "token"].iter().find_map(|key| {
            decode::text(map.get(*key)).filter(|t| !t.contains(char::is_whitespace))
        });
        let token = token.ok_or(DecodeError { expected, found: "an object without a token" })?;
        let raw = self == Self::TokenRaw
            && !decode::text(map.get("token_type"))
                .is_some_and(|t| t.eq_ignore_ascii_case("bearer"));
        let refresh_token =
            decode::text(map.get("refresh_token")).filter(|t| !t.contains(char::is_whitespace));
        Ok(Grant {
            authorization: if raw { token } else { header::bearer(&token) },
            expires_at: moment(map, "expires", "expires_in", now_ms),
            refresh_expires_at: refresh_token
                .as_ref()
                .and_then(|_| moment(map, "refresh_expires", "refresh_expires_in", now_ms)),
            refresh_token,
        })
    }
}

/// A request body of the login endpoints.
#[derive(Clone, Debug, PartialEq)]
pub enum GrantBody {
    Json(Value),
    /// Form-encoded pairs, in order.
    Form(Vec<(&'static str, String)>),
}

/// A password login's token.
#[derive(Clone, Debug, PartialEq)]
pub struct Grant {
    /// The `Authorization` header's value.
    pub authorization: String,
    /// When the token ends (ms since the epoch), when the answer says.
    pub expires_at: Option<f64>,
    pub refresh_token: Option<String>,
    pub refresh_expires_at: Option<f64>,
}

/// The most a token is renewed before it ends: a minute, as clocks and
/// networks go; a shorter-lived token a third of its life before.
const RENEW_AHEAD_MS: f64 = 60_000.0;

/// When a token given at `issued_at` and ending at `expires_at` (ms since
/// the epoch) is renewed: ahead of its end by a minute, or by a third of its
/// life when that is shorter; a token given before its end was known (or
/// with a clock gone back), a minute ahead.
pub fn renew_at(issued_at: f64, expires_at: f64) -> f64 {
    let life = expires_at - issued_at;
    let ahead =
        if issued_at > 0.0 && life > 0.0 { RENEW_AHEAD_MS.min(life / 3.0) } else { RENEW_AHEAD_MS };
    expires_at - ahead
}

/// A moment of an answer, in ms since the epoch: `absolute` in seconds since
/// the epoch (or ms, when it is that large), else `relative` seconds from now.
fn moment(map: &Map<String, Value>, absolute: &str, relative: &str, now_ms: f64) -> Option<f64> {
    let seconds = |key: &str| decode::float(map.get(key)).filter(|s| s.is_finite() && *s > 0.0);
    seconds(absolute)
        .map(|at| if at > 1e11 { at } else { at * 1000.0 })
        .or_else(|| seconds(relative).map(|s| now_ms + s * 1000.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NOW: f64 = 1_800_000_000_000.0;

    #[test]
    fn reads_the_openid_connect_answer() {
        let answer = json!({"access_token": "eyJ.a.b", "expires_in": 300, "refresh_token": "r1", "refresh_expires_in": "1800", "token_type": "Bearer", "scope": "profile"});
        let grant = PasswordEndpoint::OpenId.grant_from_json(&answer, NOW).unwrap();
        assert_eq!(
            grant,
            Grant {
                authorization: "Bearer eyJ.a.b".into(),
                expires_at: Some(NOW + 300_000.0),
                refresh_token: Some("r1".into()),
                refresh_expires_at: Some(NOW + 1_800_000.0)
            }
        );
    }

    #[test]
    fn reads_both_generations_of_the_token_endpoint() {
        let newest = json!({"token": "eyJ.x.y", "expires": 1_800_000_300_i64, "refresh_token": "r", "refresh_expires": "1800003600"});
        let grant = PasswordEndpoint::Token.grant_from_json(&newest, NOW).unwrap();
        assert_eq!(grant.authorization, "Bearer eyJ.x.y");
        assert_eq!(grant.expires_at, Some(1_800_000_300_000.0));
        assert_eq!(grant.refresh_expires_at, Some(1_800_003_600_000.0));

        let oldest = json!({"token": "0a1b2c", "expires": "1800001800"});
        let grant = PasswordEndpoint::TokenRaw.grant_from_json(&oldest, NOW).unwrap();
        assert_eq!(
            grant,
            Grant {
                authorization: "0a1b2c".into(),
                expires_at: Some(1_800_001_800_000.0),
                refresh_token: None,
                refresh_expires_at: None
            }
        );
    }

    #[test]
    fn an_answer_without_a_usable_token_is_an_error() {
        for odd in [
            json!([]),
            json!({"expires": 3}),
            json!({"token": ""}),
            json!({"token": "a b"}),
            json!("t"),
        ] {
            assert!(PasswordEndpoint::OpenId.grant_from_json(&odd, NOW).is_err(), "{odd}");
        }
        // Times that cannot be read are left unknown, not guessed.
        let grant = PasswordEndpoint::OpenId
            .grant_from_json(
                &json!({"access_token": "t", "expires_in": "soon", "refresh_expires_in": 60}),
                NOW,
            )
            .unwrap();
        assert_eq!((grant.expires_at, grant.refresh_expires_at), (None, None));
    }

    #[test]
    fn a_token_is_renewed_a_minute_or_a_third_of_its_life_ahead() {
        assert_eq!(renew_at(NOW, NOW + 300_000.0), NOW + 240_000.0);
        assert_eq!(renew_at(NOW, NOW + 9_000.0), NOW + 6_000.0);
        assert_eq!(renew_at(0.0, NOW), NOW - 60_000.0);
        assert_eq!(renew_at(NOW + 5.0, NOW), NOW - 60_000.0, "a clock gone back");
    }

    #[test]
    fn the_requests_of_each_endpoint() {
        let GrantBody::Form(pairs) =
            PasswordEndpoint::OpenId.password_request(" ana@example.com ", "p w", Some("123456"))
        else {
            panic!("a form")
        };
        assert_eq!(
            pairs,
            vec![
                ("grant_type", "password".into()),
                ("client_id", "external".into()),
                ("username", "ana@example.com".into()),
                ("password", "p w".into()),
                ("totp", "123456".into())
            ]
        );
        assert_eq!(
            PasswordEndpoint::Token.password_request("a@b.c", "pw", None),
            GrantBody::Json(json!({"login": "a@b.c", "password": "pw", "readonly": false}))
        );
        assert_eq!(
            PasswordEndpoint::Token.refresh_request("r"),
            GrantBody::Json(json!({"refresh_token": "r"}))
        );
        assert_eq!(PasswordEndpoint::OpenId.revoke_path(), Some("/auth/api/openid-connect/revoke"));
        assert_eq!(PasswordEndpoint::TokenRaw.revoke_path(), None);
        assert_eq!(
            PasswordEndpoint::OpenId.revoke_request("Bearer eyJ.a.b"),
            GrantBody::Form(vec![("token", "eyJ.a.b".into())])
        );
    }
}
