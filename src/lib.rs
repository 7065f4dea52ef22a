//! vmdeck: a self-service control panel for the virtual machines and network
//! interfaces of one account on a hosting provider's API.

pub mod api;
pub mod app;
pub mod components;
pub mod deploy;
pub mod firewall;
pub mod hooks;
pub mod locale;
pub mod marks;
pub mod pages;
pub mod session;
pub mod shell;
pub mod start;
pub mod storage;
pub mod tasks;
