//! The tests of conformance-wasm: the WebAssembly build against the native tools
//! ([`same_json`]), the workbench's WebAssembly back-end against `serve` ([`workbench`]), and
//! the npm package built on it ([`npm_package`]: the offline install, the in-process certify
//! against the adapter route).

mod npm_package;
mod same_json;
mod workbench;
