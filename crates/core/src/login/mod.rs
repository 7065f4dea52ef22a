//! How a customer logs in (as the provider documents it):
//! the ways a deployment offers (`ways`), the form (`form`),
//! the `Authorization` header each credential goes with (`header`), the
//! answers of the password endpoints (`grant`) and the accounts a
//! credential reaches (`accounts`).

pub mod accounts;
pub mod form;
pub mod grant;
pub mod header;
pub mod ways;

pub use form::{LoginForm, Way};
pub use grant::{Grant, GrantBody, PasswordEndpoint};
pub use ways::LoginWays;
