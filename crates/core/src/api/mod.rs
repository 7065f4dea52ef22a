//! Talking to the provider's API, with no browser in sight: tolerant
//! decoding of what it sends, the one error type, its paths, every write as
//! a request value, and paging.

pub mod decode;
pub mod error;
pub mod page;
pub mod paths;
pub mod request;

/// How long one request to the API may take before it is abandoned: the
/// panel's own requests and the boot script's first read alike.
pub const REQUEST_TIMEOUT_MS: u32 = 15_000;

/// The headers every request to the API carries, besides the login's in
/// [`AUTHORIZATION`]; the boot script's first read sends the same.
pub const REQUEST_HEADERS: [(&str, &str); 1] = [("Accept", "application/json")];

/// The header the login's token goes in, as it is.
pub const AUTHORIZATION: &str = "Authorization";
