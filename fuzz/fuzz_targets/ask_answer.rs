//! Any text as a tournament-rules question (the oracle's `questions::answer`) and as an
//! implementation's answer to one (read as YAML and compared like the runner does): a value or
//! a clean error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_conformance::run::runner::same_yaml;
use shogi_spec::profile::Profile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(answer) = serde_norway::from_str::<serde_norway::Value>(text) {
        let expected: serde_norway::Value =
            serde_norway::from_str("{first: thrower}").unwrap_or_default();
        let _ = same_yaml(&expected, &answer);
        let _ = same_yaml(&answer, &answer);
    }
    for name in ["fesa-2017", "ufs-2016", "csa-computer"] {
        if let Ok(profile) = Profile::builtin(name) {
            let _ = shogi_oracle::questions::answer(text, &profile);
        }
    }
});
