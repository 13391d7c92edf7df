//! The reference oracle.
