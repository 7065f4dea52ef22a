//! The firewall's features beyond its tab: changes made with undo and their
//! banner, the guard against locking oneself out ("my address"), the rule
//! sets offered, changes sent one request at a time, and "Undo" from the
//! activity history.

pub mod activity_undo;
pub mod lockout_guard;
pub mod rollback;
pub mod rollback_banner;
pub mod rollback_choice;
pub mod rule_sets;
pub mod sent_list;
