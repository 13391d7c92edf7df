//! The check every record-format target makes, shared so that the four targets differ only in
//! the format they read.

use shogi_oracle::game::adjudicate;
use shogi_records::{Format, encoding, export, import_text};
use shogi_spec::profile::Profile;

/// Any bytes read as a `format` record: the importer gives games or a clean error, never a
/// panic; every game it gives can be judged, and written back as CSA and read again without an
/// error.
pub fn check(data: &[u8], format: Format) {
    let text = encoding::decode(data).text;
    let Ok(games) = import_text(&text, format) else {
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
}
