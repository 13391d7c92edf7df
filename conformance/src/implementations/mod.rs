//! The implementations a run can certify, and how we talk to them.
//!
//! Built in: the oracle and the bitboard engine, chosen by name in [`select`]. External: a USI
//! engine ([`usi`], named by [`naming`], its handshake in [`usi_handshake`], reading `go perft` replies in [`usi_perft`], engine options in
//! [`usi_options`]) or any program speaking the JSON-lines adapter protocol ([`adapter`],
//! its messages typed in [`protocol`] (the schemas are generated from those types), validated by
//! [`schema`], probed by [`check_adapter`]). Both external kinds run as child
//! processes under one timeout-and-restart policy ([`process`]).

#[cfg(feature = "native")]
pub mod adapter;
#[cfg(feature = "native")]
pub mod check_adapter;
pub mod naming;
pub mod pipeline;
#[cfg(feature = "native")]
pub mod process;
pub mod protocol;
pub mod schema;
#[cfg(feature = "native")]
pub mod select;
#[cfg(feature = "native")]
pub mod usi;
#[cfg(feature = "native")]
pub mod usi_handshake;
pub mod usi_options;
pub mod usi_perft;
