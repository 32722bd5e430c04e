//! Bundles the variant files: every `variants/*.toml` becomes an entry of
//! `$OUT_DIR/bundled_variants.rs`, `pub const BUNDLED: &[(&str, &str)]`, sorted by name (the
//! file stem), each file's text taken by `include_str!` from its absolute path; and every variant
//! is compiled into a specialised move generator in `$OUT_DIR/generated_variants.rs`
//! (`mbn_codegen::build`).

use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = manifest.join("variants");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    if let Ok(entries) = fs::read_dir(&dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "toml") {
                let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                    println!("cargo::warning=skipping a variant file whose name is not UTF-8: {}", path.display());
                    continue;
                };
                files.push((stem.to_string(), path.clone()));
            }
        }
    }
    files.sort();
    let mut out = String::from("/// The bundled variant files: `(name, TOML text)`, sorted by name.\n");
    out.push_str("pub const BUNDLED: &[(&str, &str)] = &[\n");
    for (name, path) in &files {
        println!("cargo::rerun-if-changed={}", path.display());
        out.push_str(&format!("    ({name:?}, include_str!({:?})),\n", absolute(path)));
    }
    out.push_str("];\n");
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    mbn_codegen::build::Builder::new(&dir).runtime("::mbn_runtime").write(out_dir.join("generated_variants.rs"));
    let target = out_dir.join("bundled_variants.rs");
    if fs::read_to_string(&target).ok().as_deref() != Some(out.as_str()) {
        if let Err(e) = fs::write(&target, out) {
            println!("cargo::error=cannot write {}: {e}", target.display());
        }
    }
}

fn absolute(path: &Path) -> String {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf()).display().to_string()
}
