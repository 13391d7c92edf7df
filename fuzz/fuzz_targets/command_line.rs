//! Any text as the command line of `--impl adapter:…` / `usi:…`: split into words or a clean
//! error, never a panic; what splits is written back (`Display`) so that it splits the same.
#![no_main]

use conformance_core::process::CommandLine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(command) = CommandLine::parse(text) {
        let written = command.to_string();
        assert_eq!(
            CommandLine::parse(&written).ok(),
            Some(command),
            "{text:?} written as {written:?}"
        );
    }
});
