//! The shogi and Go conformance suites' game logic for WebAssembly: the oracles, the record
//! readers, `judge` (with `--explain`'s chain and the reader's ledger), the impact `diff`, the
//! oracle's run of the built-in corpus, perft and legal moves, and the profiles — each
//! answering the very text the command-line tools print with `--format json` (docs/wasm.md).
//!
//! The crate builds natively too (an rlib), so the workspace's clippy and tests cover it: the
//! functions of [`shogi`] and [`go`] are plain Rust; [`bindings`] is the JavaScript face
//! wasm-bindgen gives them (`wasm/build.sh` builds the `.wasm` and its glue). Nothing here
//! starts a process, a thread or a server: USI and GTP engines stay with the native tools.
//!
//! [`workbench`] is the workbench page's back-end (the questions it asks `serve` over HTTP,
//! answered in a Web Worker over the files dropped on the page).
//!
//! Records are given as the workbench's
//! [`Memory`](conformance_core::workbench::memory::Memory) (JavaScript's `Files`) — a path
//! (under the folder the user dropped or picked, `/`-separated) and the bytes — and are taken
//! in the order the native tools walk a folder, so that the two builds print the same lines in
//! the same order.

pub mod bindings;
pub mod certify;
pub mod error;
pub mod go;
pub mod options;
pub mod position;
pub mod shogi;
pub mod workbench;

pub use error::WasmError;
