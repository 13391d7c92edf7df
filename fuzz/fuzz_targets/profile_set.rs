//! Any text as a profile name, as `--set KNOB=VALUE` overrides and as a profile file (the
//! core's reader, for shogi's and Go's knobs): a profile or a clean error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_spec::profile::{Profile, builtin_names};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Profile::resolve(text);
    let _ = Profile::builtin(text);
    let _ = Profile::from_yaml("fuzz.yaml", text);
    let _ = go_spec::GoProfile::from_yaml("fuzz.yaml", text);
    if let Ok(go) = go_spec::GoProfile::resolve(text) {
        let _ = go.listing();
    }
    for name in builtin_names() {
        let Ok(base) = Profile::builtin(name) else {
            continue;
        };
        let mut profile = base.clone();
        for assignment in text.lines() {
            if let Ok(next) = profile.with_override(assignment) {
                profile = next;
            }
        }
        let _ = base.differences(&profile);
        let _ = profile.settings();
    }
});
