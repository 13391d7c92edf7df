//! Any bytes as a KI2 record: the importer gives games or a clean error, never a panic; every
//! game it gives can be judged, and written back as CSA and read again without an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_oracle::game::adjudicate;
use shogi_records::{Format, encoding, export, import_text};
use shogi_spec::profile::Profile;

fuzz_target!(|data: &[u8]| {
    let text = encoding::decode(data).text;
    let Ok(games) = import_text(&text, Format::Ki2) else {
        return;
    };
    for game in games {
        let _ = game.written.as_ref().map(|w| w.to_string());
        let Ok(judgement) = adjudicate(&game.record, &Profile::fesa2017()) else {
            continue;
        };
        if let Ok(csa) = export::write(&game.record, &judgement.verdict, Format::Csa) {
            if let Err(e) = import_text(&csa, Format::Csa) {
                panic!("the CSA writer wrote what the reader refuses: {e}\n{csa}");
            }
        }
    }
});
