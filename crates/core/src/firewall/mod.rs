//! An interface's firewall: what its rules' fields say (`parse`), how the
//! service reads a list of rules (`rules`: the matcher and what to look at),
//! and the rule form (`form`).

pub mod form;
pub mod parse;
pub mod rules;
