//! What the core crate says: errors, validation, titles, summaries.

crate::catalogue! {
}
