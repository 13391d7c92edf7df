//! Converting records (`shogi-conformance convert`): a record in another format, with the
//! ending the oracle judged written in the target format's own words.
//!
//! Only CSA holds several games in one file; converting a multi-game CSA file to another
//! format is refused rather than silently keeping one game. Output is UTF-8 (KIF written this
//! way is what the `.kifu` extension names).

use shogi_records::Format;

use super::judge::{JudgeFormat, JudgeRequest, judge_games};

/// Why a record cannot be converted.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    /// The target is not a format this tool writes.
    #[error("--to {0}: expected yaml, csa, kif, ki2 or jkf")]
    Target(String),
    /// The record could not be read or judged.
    #[error("{0}")]
    Judge(#[from] super::judge::JudgeError),
    /// Several games, and the target holds one.
    #[error("{file} holds {games} games; only CSA holds several in one file (convert --to csa)")]
    SeveralGames {
        /// The input file.
        file: String,
        /// How many games it holds.
        games: usize,
    },
    /// A game cannot be written in the target format.
    #[error("{file}: {error}")]
    Export {
        /// The input file.
        file: String,
        /// Why.
        error: shogi_records::export::ExportError,
    },
}

/// The record `bytes` (read from `file`) in the format `to` (an extension: `yaml`, `csa`,
/// `kif`, `ki2`, `jkf`), each game judged under `profile` with the `set` overrides so that its ending
/// is the verdict's.
pub fn convert(
    bytes: &[u8],
    file: &str,
    to: &str,
    profile: &str,
    set: &[String],
) -> Result<String, ConvertError> {
    let target = Format::from_extension(to).ok_or_else(|| ConvertError::Target(to.to_owned()))?;
    let (_, judged) = judge_games(&JudgeRequest {
        bytes,
        file,
        profile,
        set,
        explain: false,
        format: JudgeFormat::Text,
    })
    .map_err(ConvertError::Judge)?;
    if judged.len() > 1 && target != Format::Csa {
        return Err(ConvertError::SeveralGames {
            file: file.to_owned(),
            games: judged.len(),
        });
    }
    let mut text = String::new();
    for (k, j) in judged.iter().enumerate() {
        if k > 0 {
            text.push_str("/\n");
        }
        let part = shogi_records::export::write(&j.game.record, &j.judgement.verdict, target)
            .map_err(|error| ConvertError::Export {
                file: file.to_owned(),
                error,
            })?;
        text.push_str(&part);
    }
    Ok(text)
}
