//! `build.rs` errors: tests/build-error-crate compiles broken variant files with
//! `mbn_codegen::build::Builder`; building it must fail with one `path:line:col: message` per
//! problem (as cargo renders `cargo::error=`), and nothing may panic.

use std::path::Path;
use std::process::Command;

#[test]
fn build_script_errors_are_located_and_do_not_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let krate = root.join("tests/build-error-crate");
    // The same versions as the workspace, so the build needs no network.
    std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).expect("copy Cargo.lock");
    let output = Command::new(env!("CARGO"))
        .args(["build", "--offline", "--quiet", "--manifest-path"])
        .arg(krate.join("Cargo.toml"))
        // Its own target directory (nothing shared with the workspace's build), cached between runs.
        .env("CARGO_TARGET_DIR", root.join("target/build-error-crate"))
        .env("CARGO_TERM_COLOR", "never")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "the build should fail:\n{stderr}");
    // Cargo shows each as `error: <package>@<version>: <message>`.
    for expected in [
        ": variants/bad-key.toml:7:1: unknown field `castling_partners`",
        "(did you mean `castling-partners`?)",
        ": variants/bad-pieces.toml:6:23: unexpected white space: expected `:` closing the leaper `:m,n:`",
        "error: build script logged errors",
    ] {
        assert!(stderr.contains(expected), "missing `{expected}` in:\n{stderr}");
    }
    for unwanted in ["panicked", "RUST_BACKTRACE", "stack backtrace"] {
        assert!(!stderr.contains(unwanted), "`{unwanted}` in:\n{stderr}");
    }
}
