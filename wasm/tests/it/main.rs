//! The tests of conformance-wasm: the WebAssembly build against the native tools
//! ([`same_json`]), and the workbench's WebAssembly back-end against `serve` ([`workbench`]).

mod same_json;
mod workbench;
