//! An interface's firewall: what its rules' fields say (`parse`), a rule read
//! for matching (`matcher`), which earlier rules cover a rule (`shadow`), how
//! the service reads a list of rules (`rules`: which rule decides a packet,
//! what to look at, the lockout guard), which rules the list's filters pick
//! (`filter`), the rule form (`form`), rules brought in from a text, CSV or
//! JSON (`import`), what rules brought together would be on an interface
//! (`sets`), sets written down by name, the provider's and the user's
//! (`saved`), what brings an interface back as it was (`rollback`), what
//! undoes a firewall write of the history (`reverse`), a rule edited or
//! deleted and its guard (`edit`), and the changes made and not applied yet
//! (`unapplied`).

pub mod edit;
pub mod filter;
pub mod form;
pub mod import;
mod matcher;
pub mod parse;
pub mod reverse;
pub mod rollback;
pub mod rules;
pub mod saved;
pub mod sets;
mod shadow;
pub mod unapplied;
