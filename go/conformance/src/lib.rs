//! Certifying Go implementations against the Russian Go Federation rules: the GTP driver
//! ([`gtp`]) that makes an engine answer the runner's questions.

pub mod gtp;
