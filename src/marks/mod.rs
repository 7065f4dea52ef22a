//! What the panel keeps of the account's VMs in this browser, per account:
//! pins, tags, saved views of the list and protection from destroy, and
//! each VM's marks drawn together.

pub mod pins;
pub mod protection;
pub mod tags;
pub mod views;
pub mod vm_marks;
