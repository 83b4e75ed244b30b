//! Embeds the debuggee shim (`src/adapter/sitecustomize.py`) deflated: it is text the
//! binary only writes out, and compressed it takes a third of the room its plain text
//! would in the shipped binary, which has a size limit (scripts/binary-size).

fn main() {
    const SHIM: &str = "src/adapter/sitecustomize.py";
    println!("cargo:rerun-if-changed={SHIM}");
    let text = std::fs::read(SHIM).expect("the shim is part of the crate");
    let deflated = miniz_oxide::deflate::compress_to_vec(&text, 10);
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    std::fs::write(out.join("sitecustomize.py.deflate"), deflated).expect("OUT_DIR is writable");
}
