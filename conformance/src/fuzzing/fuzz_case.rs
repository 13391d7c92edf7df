//! The case file a `fuzz` finding becomes: the finding shrunk, tagged and cited by the articles
//! the oracle names, written as a corpus case under a fresh id — never over an existing file.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use shogi_oracle::check_move;
use shogi_spec::{Implementation, PositionSpec};
use shogi_spec::{position::Position, sfen, usi::Move};

use crate::fuzzing::fuzz_external::{Finding, FuzzError, FuzzOptions, shrink, signature};
use crate::fuzzing::random_games::Rng;

fn tags_and_refs(
    pos: &Position,
    missing: &[String],
    extra: &[String],
) -> (Vec<String>, Vec<String>) {
    let mut tags = BTreeSet::new();
    let mut refs = BTreeSet::new();
    for m in extra {
        let Ok(mv) = Move::parse(m) else { continue };
        if let Err(why) = check_move(pos, mv) {
            refs.insert(why.article().as_str().to_owned());
            use shogi_oracle::IllegalMove as I;
            let t: &[&str] = match why {
                I::PawnDropMate => &["uchifuzume", "drop"],
                I::Nifu => &["nifu", "drop"],
                I::DeadDrop => &["dead-square", "drop"],
                I::NotInHand | I::DropOnOccupied => &["drop"],
                I::KingLeftInCheck | I::CapturesKing => &["king-safety"],
                I::PromotionNotAllowed | I::PromotionRequired => &["promotion"],
                _ => &["movement"],
            };
            tags.extend(t.iter().map(|s| (*s).to_owned()));
        }
    }
    for m in missing {
        let drop = m.contains('*');
        refs.insert(if drop {
            "fesa2017:3.11".into()
        } else {
            "fesa2017:3".into()
        });
        tags.insert(if drop {
            "drop".into()
        } else {
            "movement".into()
        });
    }
    if refs.is_empty() {
        refs.insert("fesa2017:1.2".into());
    }
    tags.insert(match pos.side_to_move() {
        shogi_spec::Color::Sente => "sente".into(),
        shogi_spec::Color::Gote => "gote".into(),
    });
    (tags.into_iter().collect(), refs.into_iter().collect())
}

/// The case file for a (shrunk) finding, written through the corpus reader's own types so that
/// any implementation name or move text is quoted correctly.
pub fn case_yaml(id: &str, imp_name: &str, sfen_text: &str, pos: &Position, f: &Finding) -> String {
    use crate::corpus::case::{CaseFile, RawCase, RawExpectation, Setup};
    let (tags, refs) = tags_and_refs(pos, &f.missing, &f.extra);
    let mut expect = Vec::new();
    if !f.extra.is_empty() {
        expect.push(RawExpectation {
            illegal: Some(f.extra.clone()),
            ..RawExpectation::default()
        });
    }
    if !f.missing.is_empty() {
        expect.push(RawExpectation {
            legal: Some(f.missing.clone()),
            ..RawExpectation::default()
        });
    }
    if let Some((want, _)) = f.status {
        expect.push(RawExpectation {
            status: Some(want),
            ..RawExpectation::default()
        });
    }
    let title = match (f.extra.first(), f.missing.first(), f.status) {
        (Some(e), _, _) => format!("{e} is not a legal move here"),
        (None, Some(m), _) => format!("{m} is a legal move here"),
        (None, None, Some((want, got))) => format!("the status is {want}, not {got}"),
        _ => "the implementation departs from the rules here".into(),
    };
    let file = CaseFile {
        description: Some(format!(
            "Found by `shogi-conformance fuzz` against {imp_name} ({}) and shrunk.",
            f.origin
        )),
        cases: vec![RawCase {
            id: id.to_owned(),
            slug: format!("fuzz-{id}"),
            title,
            articles: refs
                .iter()
                .filter_map(|r| shogi_spec::ArticleId::try_from(r.clone()).ok())
                .collect(),
            primary: None,
            tags,
            source: Some(format!(
                "shogi-conformance fuzz: the oracle's answer, where {imp_name} differed; check it against the articles before moving this case out of staging"
            )),
            note: None,
            profiles: None,
            mirror_of: None,
            setup: Setup {
                position: Some(sfen_text.to_owned()),
                ..Setup::default()
            },
            expect,
        }],
    };
    serde_norway::to_string(&file).unwrap_or_else(|e| format!("# cannot write the case: {e}\n"))
}

/// A fresh case id: not in the corpus, not retired, not a file in `out`.
fn fresh_id(corpus: &crate::corpus::CorpusSource, out: &Path, rng: &mut Rng) -> String {
    // A folder is read leniently (a malformed file elsewhere must not hide the other ids).
    let loaded = match corpus {
        crate::corpus::CorpusSource::Dir(dir) => {
            crate::corpus::Corpus::load_all(dir).map(|(c, _)| c)
        }
        built_in => built_in.load(),
    };
    let taken: BTreeSet<String> = loaded
        .map(|c| {
            c.cases
                .iter()
                .map(|c| c.id.clone())
                .chain(c.retired_ids.iter().cloned())
                .collect()
        })
        .unwrap_or_default();
    loop {
        let id = format!("{:08x}", rng.next_u64() as u32);
        if !taken.contains(&id) && !out.join(format!("fuzz-{id}.yaml")).exists() {
            return id;
        }
    }
}

/// Shrinks a finding and writes it as a case file; returns the file's path.
pub fn write_finding(
    imp: &mut dyn Implementation,
    f: &Finding,
    opts: &FuzzOptions,
) -> Result<(PathBuf, Finding), FuzzError> {
    let pos = shogi_oracle::Oracle::lenient()
        .setup(&f.position)
        .map_err(FuzzError::Position)?;
    let (small, finding) = if f.status.is_none() {
        let sig = signature(&pos, &f.missing, &f.extra);
        let (small, missing, extra) = shrink(imp, &pos, &sig);
        if missing.is_empty() && extra.is_empty() {
            // Not reproducible from the SFEN alone (the implementation needs the history):
            // keep the game as it was.
            (pos, f.clone())
        } else {
            let spec = PositionSpec::from_sfen(sfen::format(&small));
            (
                small,
                Finding {
                    position: spec,
                    missing,
                    extra,
                    ..f.clone()
                },
            )
        }
    } else {
        (pos, f.clone())
    };
    std::fs::create_dir_all(&opts.out).map_err(|source| FuzzError::Write {
        path: opts.out.clone(),
        source,
    })?;
    let id = fresh_id(&opts.corpus, &opts.out, &mut Rng::new(opts.seed ^ 0x5eed));
    let sfen_text = if finding.position.moves.is_empty() {
        finding.position.sfen.clone()
    } else {
        finding.position.to_string()
    };
    let text = case_yaml(&id, &imp.name(), &sfen_text, &small, &finding);
    let path = opts.out.join(format!("fuzz-{id}.yaml"));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|source| FuzzError::Write {
            path: path.clone(),
            source,
        })?;
    file.write_all(text.as_bytes())
        .map_err(|source| FuzzError::Write {
            path: path.clone(),
            source,
        })?;
    Ok((path, finding))
}
