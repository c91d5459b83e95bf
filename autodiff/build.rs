// Nothing to build: cargo requires a build script for the `links` key of Cargo.toml, which
// keeps two versions of this crate (each defining Enzyme's marker globals) out of one program.
fn main() {}
