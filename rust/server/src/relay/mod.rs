//! One process owns the state: a `stdio` client started beside a running server (the
//! IDE's, or another `serve`) finds it through the discovery files (`discovery.rs`) and
//! relays to it (`proxy.rs`) over its HTTP endpoint (`upstream.rs`).

pub mod discovery;
pub mod proxy;
pub mod upstream;
