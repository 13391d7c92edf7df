//! The integration tests of `conformance-core`, in one test binary
//! (`cargo test -p conformance-core --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`serve_http::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod crate_graph;
// The records in memory, as the WebAssembly back-end holds them (no `native` needed).
mod workbench_memory;
// The HTTP server is part of the `native` feature.
#[cfg(feature = "native")]
mod serve_guard;
#[cfg(feature = "native")]
mod serve_http;
#[cfg(feature = "native")]
mod serve_load;
