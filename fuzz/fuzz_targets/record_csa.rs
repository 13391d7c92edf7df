//! Any bytes as a CSA record: the importer gives games or a clean error, never a panic; every
//! game it gives can be judged, and written back as CSA and read again without an error (the
//! check is in `common/record.rs`, shared by the four record targets).
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_records::Format;

#[path = "common/record.rs"]
mod record;

fuzz_target!(|data: &[u8]| record::check(data, Format::Csa));
