//! Links the `parley` binary at a fixed address (not position-independent): a position-
//! independent executable of this size carries some 48,000 relocations that the loader applies,
//! page by page, at every start, which was most of what `parley adjudicate` cost as a process.
fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.contains("linux") {
        println!("cargo:rustc-link-arg-bin=parley=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
