//! Compiles `variants/`, which holds broken files: the build must fail with `path:line:col`
//! errors and no panic.

fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("variants.rs");
    mbn_codegen::build::Builder::new("variants").runtime("::mbn_runtime").write(out);
}
