//! Prints the panel's route table for the build's boot script
//! (`scripts/route-table.mjs`): each page's address pattern with the modules
//! its code comes in, as JSON.

fn main() {
    println!("{}", vmdeck_core::route::Route::boot_table());
}
