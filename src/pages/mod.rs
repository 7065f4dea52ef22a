//! One file per page.

pub mod activity;
pub mod interfaces;
pub mod ip_addresses;
pub mod login;
pub mod not_found;
pub mod vm;
pub mod vm_create;
pub mod vm_list;
pub mod workspace;
