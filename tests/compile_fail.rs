//! The `mbn!` macro's errors, one case per file under `tests/ui/<stage>/`, each with the reviewed
//! compiler output next to it (`.stderr`); and one case per macro form under `tests/ui/pass/`.
//!
//! Every failing case also uses the items the macro was asked for: on error the macro still emits
//! them, so the only errors shown are mbn's. Regenerate the outputs with
//! `TRYBUILD=overwrite cargo test --test compile_fail`, then read every changed `.stderr`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    for stage in ["parse", "expand", "validate", "lower", "variant"] {
        t.compile_fail(format!("tests/ui/{stage}/*.rs"));
    }
    t.pass("tests/ui/pass/*.rs");
}
