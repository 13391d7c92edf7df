//! The tests of conformance-wasm: the WebAssembly build against the native tools
//! ([`same_json`]).

mod same_json;
