//! Prints what the build writes into the boot script and the static pages'
//! inline script (`scripts/boot-values.mjs`): the route table and the values
//! those scripts share with the panel (`vmdeck_core::boot`), as JSON.

fn main() {
    println!("{}", vmdeck_core::boot::shared_values());
}
