//! Talking to the provider's API, with no browser in sight: tolerant
//! decoding of what it sends, the one error type, its paths, every write as
//! a request value, and paging.

pub mod decode;
pub mod error;
pub mod page;
pub mod paths;
pub mod request;
