//! The workbench's model, for any game and any transport: what a game gives it ([`api`]), a
//! choice of rules checked ([`choice`]), where the records come from ([`source`]: folders on
//! disk, [`disk`], or files dropped on a page, [`memory`]), the archive impact table
//! ([`impact`]), and the back-end contract that turns each question of the page into its JSON
//! answer or refusal ([`contract`]).
//!
//! An arbiter opens a record (or pastes or uploads one), replays it move by move, reads the
//! verdict with its chain of articles, changes the profile and its knobs and sees the verdict
//! change, and sees what the change does to the whole archive. The page asks over HTTP of
//! `serve` (the `native` feature) or of the WebAssembly build in a Web Worker (the
//! `conformance-wasm` crate); both answer through [`contract`] alone. Nothing here starts a
//! thread or a process, or opens a socket.

pub mod api;
pub mod choice;
pub mod contract;
pub mod disk;
pub mod impact;
pub mod memory;
pub mod source;

/// The largest record (paste, upload, or served file) the workbench reads: 4 MiB, far above the
/// longest real record (a few hundred KiB), far below what would strain the machine.
pub const DEFAULT_LIMIT: usize = 4 * 1024 * 1024;
