//! The provider's customers as the password logins know them: email (in any
//! case), password, the accounts they reach, and two-factor authentication.

use super::totp::Totp;
use crate::config::logins::UserSpec;
use std::collections::BTreeSet;

pub struct User {
    pub email: String,
    password: String,
    pub accounts: BTreeSet<u64>,
    pub totp: Option<Totp>,
}

pub struct Users(Vec<User>);

impl Users {
    /// The users of `specs`, `*` standing for every one of `all` accounts.
    pub fn new(specs: &[UserSpec], all: &[u64]) -> Self {
        Self(
            specs
                .iter()
                .map(|spec| User {
                    email: spec.email.to_lowercase(),
                    password: spec.password.clone(),
                    accounts: spec.accounts.resolve(all).into_iter().collect(),
                    totp: spec.totp.as_ref().map(|secret| Totp::new(secret.bytes.clone())),
                })
                .collect(),
        )
    }

    pub fn find(&self, email: &str) -> Option<&User> {
        let email = email.trim().to_lowercase();
        self.0.iter().find(|user| user.email == email)
    }

    /// The user the email and password log in, with the current two-factor
    /// code where it is on: a missing or wrong code fails as a wrong password.
    pub fn login(
        &self,
        email: &str,
        password: &str,
        code: Option<&str>,
        unix_seconds: u64,
    ) -> Option<&User> {
        let user = self.find(email).filter(|user| user.password == password)?;
        match (&user.totp, code) {
            (None, _) => Some(user),
            (Some(totp), Some(code)) if totp.accepts(code, unix_seconds) => Some(user),
            (Some(_), _) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::logins::{parse_user, AccountSet};

    #[test]
    fn email_in_any_case_password_and_code() {
        let users =
            Users::new(&[parse_user("a@example.com:pw:*:JBSWY3DPEHPK3PXP").unwrap()], &[1, 2, 3]);
        let now = 1_700_000_000;
        let code = users
            .find("A@EXAMPLE.COM")
            .and_then(|u| u.totp.as_ref())
            .map(|t| t.code_at(now))
            .unwrap();
        assert!(users.login("A@Example.com", "pw", Some(&code), now).is_some());
        assert!(users.login("a@example.com", "pw", None, now).is_none());
        let wrong = if code == "000000" { "111111" } else { "000000" };
        assert!(users.login("a@example.com", "pw", Some(wrong), now).is_none());
        assert!(users.login("a@example.com", "wrong", Some(&code), now).is_none());
        assert!(users.login("b@example.com", "pw", Some(&code), now).is_none());
        let every = &users.find("a@example.com").unwrap().accounts;
        assert_eq!(
            every.iter().copied().collect::<Vec<_>>(),
            AccountSet::Every.resolve(&[1, 2, 3])
        );
    }
}
