//! Never built: its build script fails (see `build.rs`).
