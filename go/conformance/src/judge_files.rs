//! Judging SGF record files, side by side, each with the agreed outcome beside it: the work of
//! `go-conformance judge`, given the files and how to read them, so that the command line and
//! the WebAssembly build (records given as bytes, wasm/) judge by the one function.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use go_spec::GoProfile;

use crate::agreed::{Agreed, Finder, OutcomesError};
use crate::judge;
use crate::judge_report::{JudgedRecord, Unreadable};

/// How a record's bytes are read: from disk ([`std::fs::read`]) or from files given.
pub type Read<'a> = dyn Fn(&Path) -> std::io::Result<Vec<u8>> + Sync + 'a;

/// A record's agreed outcome, or why the outcomes file beside it could not be read (shared by
/// every record that file covers).
type AgreedOutcome = Result<Option<Agreed>, Arc<OutcomesError>>;

/// Judges every file of `files` on `jobs` workers (the core's pool), the agreed outcomes found
/// by `finder` first, in order (each outcomes file is read once); the records come back in the
/// order of `files`. A judge that panics on a file makes that file's record
/// [`Unreadable::WorkerStopped`], not a lost run.
pub fn judge_files(
    files: &[PathBuf],
    finder: &mut Finder,
    read: &Read<'_>,
    profile: &GoProfile,
    jobs: usize,
    explain: bool,
) -> Vec<JudgedRecord> {
    let work: Vec<(String, AgreedOutcome)> = files
        .iter()
        .map(|f| {
            let agreed = finder.agreed_for(f).map_err(Arc::new);
            (f.display().to_string(), agreed)
        })
        .collect();
    let items: Vec<(&PathBuf, &(String, AgreedOutcome))> = files.iter().zip(&work).collect();
    let mut records = Vec::with_capacity(items.len());
    conformance_core::pool::for_each_ordered(
        &items,
        jobs,
        || (),
        |(), (path, (name, agreed))| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                judge_file(path, name, agreed, read, profile, explain)
            }))
            .unwrap_or_else(|_| {
                vec![JudgedRecord {
                    file: path.display().to_string(),
                    judged: Err(Unreadable::WorkerStopped),
                    decided: None,
                    game: None,
                }]
            })
        },
        |_, games| records.extend(games),
    );
    records
}

/// Every game of one file (an SGF collection holds several), each judged; a file that cannot
/// be read is one record saying why.
fn judge_file(
    path: &Path,
    name: &str,
    agreed: &AgreedOutcome,
    read: &Read<'_>,
    profile: &GoProfile,
    explain: bool,
) -> Vec<JudgedRecord> {
    let unreadable = |why: Unreadable| {
        vec![JudgedRecord {
            file: name.to_owned(),
            judged: Err(why),
            decided: None,
            game: None,
        }]
    };
    let bytes = match read(path) {
        Ok(b) => b,
        Err(e) => return unreadable(Unreadable::Read(Arc::new(e))),
    };
    let n = go_sgf::count_games_bytes(&bytes);
    if n <= 1 {
        return vec![judge_one(&bytes, None, name, agreed, profile, explain)];
    }
    // The agreed outcomes name a file, so they are its first game's (outcomes.yaml keys files).
    (0..n)
        .map(|k| {
            let own = if k == 0 { agreed } else { &Ok(None) };
            judge_one(&bytes, Some((k, n)), name, own, profile, explain)
        })
        .collect()
}

/// One game (`game`: its index from 0 and the file's count, in a file of several): parsed
/// and judged, or why not; with `explain`, the knobs that decided, proved by judging the
/// record again with each knob changed.
fn judge_one(
    bytes: &[u8],
    game: Option<(usize, usize)>,
    name: &str,
    agreed: &AgreedOutcome,
    profile: &GoProfile,
    explain: bool,
) -> JudgedRecord {
    let mut decided = None;
    let judged = (|| {
        let agreed = agreed
            .as_ref()
            .map_err(|e| Unreadable::Outcomes(Arc::clone(e)))?;
        let read = match game {
            None => go_sgf::read_game_bytes(bytes)?,
            Some((k, _)) => go_sgf::read_game_bytes_at(bytes, k)?,
        };
        if explain {
            decided = Some(crate::impact::knobs_that_decided(
                &read.record,
                profile,
                agreed.as_ref(),
            ));
        }
        Ok(judge::judge_read(&read, profile, agreed.as_ref()))
    })();
    JudgedRecord {
        file: name.to_owned(),
        judged,
        decided,
        game: game.map(|(k, n)| (k + 1, n)),
    }
}
