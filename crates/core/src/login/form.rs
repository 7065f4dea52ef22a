//! The login form: the API address, the way in and what that way takes.
//! Never kept as a draft: it holds a password or a token.

use crate::api::paths;
use crate::forms::FieldErrors;
use crate::i18n::messages as t;

/// A way in (`LoginWays` says which a deployment offers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Way {
    /// An email and password, and a two-factor code where the account has one.
    #[default]
    Password,
    /// An API key made in the provider's own control panel.
    ApiKey,
    /// An account id and a token sent as typed, of the oldest generation.
    Token,
}

impl Way {
    /// Its name in element ids and the first paint's markup.
    pub fn key(self) -> &'static str {
        match self {
            Self::Password => "password",
            Self::ApiKey => "api-key",
            Self::Token => "token",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoginForm {
    pub base_url: String,
    pub way: Way,
    pub email: String,
    pub password: String,
    /// The two-factor code, where typed.
    pub code: String,
    pub key: String,
    /// The account id: typed with a token, or, for the other ways, where the
    /// API does not list the accounts a login reaches.
    pub account: String,
    pub token: String,
    pub remember: bool,
}

/// The longest email address (RFC 5321's path limit).
const EMAIL_MAX: usize = 254;

impl LoginForm {
    /// The two-factor code as sent: its digits, without the spaces an app shows.
    pub fn code_digits(&self) -> Option<String> {
        let digits: String = self.code.chars().filter(|c| !c.is_whitespace()).collect();
        (!digits.is_empty()).then_some(digits)
    }

    /// The problems of the fields the chosen way uses; the others are not looked at.
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check(
            "base_url",
            match paths::normalize_base_url(&self.base_url) {
                Ok(base) if base.is_empty() => Err(t::FORM_ENTER_API_ADDRESS.get().into()),
                Ok(_) => Ok(()),
                Err(e) => Err(e),
            },
        );
        let filled = |text: &str, message: crate::i18n::Text| {
            if text.trim().is_empty() {
                Err(message.get().to_owned())
            } else {
                Ok(())
            }
        };
        match self.way {
            Way::Password => {
                let email = self.email.trim();
                let shaped = email.len() <= EMAIL_MAX
                    && email
                        .split_once('@')
                        .is_some_and(|(name, host)| !name.is_empty() && !host.is_empty())
                    && !email.contains(char::is_whitespace);
                problems.check(
                    "email",
                    if email.is_empty() {
                        Err(t::FORM_ENTER_EMAIL.get().into())
                    } else if shaped {
                        Ok(())
                    } else {
                        Err(t::FORM_EMAIL_SHAPE.get().into())
                    },
                );
                problems.check(
                    "password",
                    if self.password.is_empty() {
                        Err(t::FORM_ENTER_PASSWORD.get().into())
                    } else {
                        Ok(())
                    },
                );
                let code = self.code_digits().unwrap_or_default();
                problems.check(
                    "code",
                    if code.is_empty()
                        || (6..=8).contains(&code.len()) && code.chars().all(|c| c.is_ascii_digit())
                    {
                        Ok(())
                    } else {
                        Err(t::FORM_CODE_DIGITS.get().into())
                    },
                );
            }
            Way::ApiKey => problems.check("key", filled(&self.key, t::FORM_ENTER_API_KEY)),
            Way::Token => problems.check("token", filled(&self.token, t::FORM_ENTER_API_TOKEN)),
        }
        let account = self.account.trim();
        problems.check(
            "account",
            if account.is_empty() {
                if self.way == Way::Token {
                    Err(t::FORM_ENTER_ACCOUNT_ID.get().into())
                } else {
                    Ok(())
                }
            } else if paths::checked_id(account, t::WHAT_ACCOUNT).is_err() {
                Err(t::FORM_ACCOUNT_ID_NUMBER.get().into())
            } else {
                Ok(())
            },
        );
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_login_names_every_missing_or_wrong_field() {
        let errors = LoginForm {
            base_url: "javascript:alert(1)".into(),
            way: Way::Token,
            account: "abc".into(),
            ..Default::default()
        }
        .errors();
        assert!(errors.contains_key("base_url"));
        assert_eq!(errors.get("account").map(String::as_str), Some("The account id is a number."));
        assert_eq!(errors.get("token").map(String::as_str), Some("Enter your API token."));
        let fine = LoginForm {
            base_url: "/api".into(),
            way: Way::Token,
            account: "1".into(),
            token: "t".into(),
            ..Default::default()
        };
        assert!(fine.errors().is_empty());
    }

    #[test]
    fn a_password_login_checks_the_email_password_and_code_only() {
        let form = |email: &str, password: &str, code: &str| LoginForm {
            base_url: "/api".into(),
            email: email.into(),
            password: password.into(),
            code: code.into(),
            ..Default::default()
        };
        assert!(form("ana@example.com", "pw", "").errors().is_empty());
        assert!(
            form("ana@example.com", " ", "123 456").errors().is_empty(),
            "a password is taken as typed"
        );
        assert_eq!(
            form("ana@example.com", "pw", "123 456").code_digits().as_deref(),
            Some("123456")
        );
        let errors = form("ana", "", "12a").errors();
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["code", "email", "password"]);
        assert_eq!(
            form("", "pw", "").errors().get("email").map(String::as_str),
            Some("Enter the email you registered with.")
        );
        assert!(form("a b@example.com", "pw", "").errors().contains_key("email"));
        // The account is asked only where the API cannot list them, then checked.
        assert!(LoginForm { account: "x".into(), ..form("ana@example.com", "pw", "") }
            .errors()
            .contains_key("account"));
    }

    #[test]
    fn a_key_login_asks_for_the_key() {
        let form = LoginForm { base_url: "/api".into(), way: Way::ApiKey, ..Default::default() };
        assert_eq!(form.errors().get("key").map(String::as_str), Some("Enter your API key."));
        assert!(LoginForm { key: "k".into(), ..form }.errors().is_empty());
    }
}
