//! An interface's firewall: what its rules' fields say (`parse`), a rule read
//! for matching (`matcher`), which earlier rules cover a rule (`shadow`), how
//! the service reads a list of rules (`rules`: which rule decides a packet,
//! what to look at, the lockout guard), which rules the list's filters pick
//! (`filter`), and the rule form (`form`).

pub mod filter;
pub mod form;
mod matcher;
pub mod parse;
pub mod rules;
mod shadow;
