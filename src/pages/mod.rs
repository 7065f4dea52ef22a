//! One file per page.

pub mod activity;
pub mod backups;
pub mod interfaces;
pub mod ip_addresses;
pub mod login;
pub mod not_found;
pub mod snapshots;
pub mod templates;
pub mod vm;
pub mod vm_create;
pub mod vm_list;
pub mod workspace;
