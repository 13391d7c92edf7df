//! Any text as a tournament-rules question (the oracle's `tournament_questions::answer`) and as an
//! implementation's answer to one (read as YAML and compared like the runner does): a value or
//! a clean error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_conformance::corpus::yaml::Yaml;
use shogi_spec::profile::Profile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(answer) = Yaml::parse(text) {
        let expected = Yaml::parse("{first: thrower}").unwrap_or_default();
        let _ = expected.same_as(&answer);
        let _ = answer.same_as(&answer);
        let _ = answer.to_string();
    }
    for name in ["fesa-2017", "ufs-2016", "csa-computer"] {
        if let Ok(profile) = Profile::builtin(name) {
            let _ = shogi_oracle::tournament_questions::answer(text, &profile);
        }
    }
});
