//! The one place that says where the supervisor is built: Linux on x86_64
//! and aarch64, whose system numbers `src/sys/` holds to the headers
//! (`src/sys/check.rs`). There the code is compiled with `cfg(supervised)`;
//! elsewhere the judge runs each program directly (`src/run.rs`).
//!
//! The single-colon `cargo:` form keeps the crate's `rust-version` (1.70):
//! Cargo before 1.77 reads no `cargo::`, and one before 1.80 takes
//! `rustc-check-cfg` for metadata, which nothing reads.

use std::env;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(supervised)");
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if os == "linux" && (arch == "x86_64" || arch == "aarch64") {
        println!("cargo:rustc-cfg=supervised");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
