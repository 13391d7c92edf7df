//! `shogi-conformance fuzz`: random legal games played against an implementation and the
//! oracle at once; the first divergence is shrunk and written as a corpus case file.
//!
//! At every ply of a game (from [`crate::generate`], cycling through its biases) the
//! implementation is asked for the legal moves, and — where it answers them — the status and,
//! every few plies, perft 2 (a wrong count is walked down with [`crate::bisect`] to the node
//! where the move lists differ). The first position where the answers differ is shrunk: it is
//! written as a standalone SFEN, then pieces are removed from the board and the hands one at a
//! time for as long as the position stays a legal game position and the implementation still
//! departs from the oracle in the same way (the same kind of wrong move, judged by the article
//! the oracle cites). The result is written to `DIR/fuzz-<id>.yaml` — never over an existing
//! file — as a case expecting the differing moves to be legal or illegal, citing the articles.
//!
//! The expectation comes from the oracle, which the corpus otherwise never does: the case's
//! `source` says so, and it belongs in `corpus/staging/` until someone has checked it against
//! the articles.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use shogi_oracle::{Kind, Move, Oracle, Position, check_move, legal_moves, sfen, validate};
use shogi_spec::{ImplError, Implementation, PositionSpec, Status};

use crate::bisect::{bisect, compare_moves};
use crate::generate::{Bias, Rng, random_game};

/// What `fuzz` was asked to do.
#[derive(Debug, Clone)]
pub struct FuzzOptions {
    /// How long to look.
    pub seconds: u64,
    /// The seed of the first game; game `n` uses `seed + n`.
    pub seed: u64,
    /// Where to write the case file.
    pub out: PathBuf,
    /// The longest game.
    pub plies: usize,
    /// The corpus, whose ids the new case must not reuse.
    pub corpus: crate::corpus::CorpusSource,
    /// Known divergences to look past: a difference made only of extra moves that the oracle
    /// refuses under one of these articles (e.g. `fesa2017:3.11c`) is counted, not reported.
    pub ignore: Vec<String>,
}

/// A difference between the implementation and the oracle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The position where they differ.
    pub position: PositionSpec,
    /// Legal moves the implementation did not list.
    pub missing: Vec<String>,
    /// Moves it listed that are not legal.
    pub extra: Vec<String>,
    /// A status that differs: (oracle, implementation).
    pub status: Option<(Status, Status)>,
    /// How it was found: seed, bias, ply.
    pub origin: String,
}

/// What kind of wrong each differing move is: `missing`, or the oracle's reason for refusing an
/// extra move. Shrinking keeps a position only when this overlaps the original's.
fn signature(pos: &Position, missing: &[String], extra: &[String]) -> BTreeSet<String> {
    let mut s: BTreeSet<String> = missing.iter().map(|_| "missing".to_owned()).collect();
    for m in extra {
        s.insert(match Move::parse(m.split(' ').next().unwrap_or(m)) {
            Err(_) => "malformed".to_owned(),
            Ok(mv) => match check_move(pos, mv) {
                Err(why) => format!("{why:?}"),
                Ok(()) => "duplicate".to_owned(),
            },
        });
    }
    s
}

/// Whether every extra move is refused by the oracle under one of the `ignore` articles.
fn known(pos: &Position, extra: &[String], ignore: &[String]) -> bool {
    !ignore.is_empty()
        && extra.iter().all(|m| {
            Move::parse(m)
                .ok()
                .and_then(|mv| check_move(pos, mv).err())
                .is_some_and(|why| ignore.iter().any(|a| a == why.article().as_str()))
        })
}

fn moves_of(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(pos).iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// Removes pieces for as long as the implementation keeps departing from the oracle in the same
/// way; returns the smallest position found and its differing moves.
pub fn shrink(
    imp: &mut dyn Implementation,
    start: &Position,
    sig: &BTreeSet<String>,
) -> (Position, Vec<String>, Vec<String>) {
    let diff =
        |imp: &mut dyn Implementation, pos: &Position| -> Option<(Vec<String>, Vec<String>)> {
            let got = imp
                .legal_moves(&PositionSpec::from_sfen(sfen::format(pos)))
                .ok()?;
            let (missing, extra) = compare_moves(&moves_of(pos), &got);
            let s = signature(pos, &missing, &extra);
            (!s.is_disjoint(sig)).then_some((missing, extra))
        };
    let mut best = start.clone();
    let Some((mut missing, mut extra)) = diff(imp, &best) else {
        return (best, vec![], vec![]);
    };
    loop {
        let mut improved = false;
        let mut candidates: Vec<Position> = Vec::new();
        for (sq, piece) in best.pieces().collect::<Vec<_>>() {
            if piece.kind != Kind::King {
                let mut p = best.clone();
                p.set_piece(sq, None);
                candidates.push(p);
            }
        }
        for color in shogi_spec::Color::ALL {
            for kind in best.hand(color).kinds().collect::<Vec<_>>() {
                for n in [0, best.hand(color).count(kind).saturating_sub(1)] {
                    let mut p = best.clone();
                    p.hand_mut(color).set(kind, n);
                    candidates.push(p);
                }
            }
        }
        for c in candidates {
            if !validate(&c).is_empty() {
                continue;
            }
            if let Some((m, e)) = diff(imp, &c) {
                best = c;
                missing = m;
                extra = e;
                improved = true;
                break;
            }
        }
        if !improved {
            return (best, missing, extra);
        }
    }
}

/// Plays games until the first divergence or until time is up.
pub fn fuzz(
    imp: &mut dyn Implementation,
    opts: &FuzzOptions,
    log: &mut dyn FnMut(&str),
) -> Option<Finding> {
    let deadline = Instant::now() + Duration::from_secs(opts.seconds);
    let mut ask_status = true;
    let mut ask_perft = true;
    let mut game_no: u64 = 0;
    let mut positions: u64 = 0;
    let mut ignored: u64 = 0;
    while Instant::now() < deadline {
        let seed = opts.seed.wrapping_add(game_no);
        let bias = Bias::ALL[(game_no % Bias::ALL.len() as u64) as usize];
        game_no += 1;
        let game = random_game(&mut Rng::new(seed), bias, opts.plies);
        let Ok(mut pos) = sfen::parse(&game.start) else {
            continue;
        };
        for ply in 0..=game.moves.len() {
            if Instant::now() >= deadline {
                break;
            }
            positions += 1;
            let spec = game.spec(ply);
            let origin = format!("seed {seed}, bias {}, ply {ply}", bias.name());
            match imp.legal_moves(&spec) {
                Ok(got) => {
                    let (missing, extra) = compare_moves(&moves_of(&pos), &got);
                    if missing.is_empty() && !extra.is_empty() && known(&pos, &extra, &opts.ignore)
                    {
                        ignored += 1;
                    } else if !missing.is_empty() || !extra.is_empty() {
                        log(&format!(
                            "divergence after {positions} positions ({origin}): {spec}"
                        ));
                        return Some(Finding {
                            position: spec,
                            missing,
                            extra,
                            status: None,
                            origin,
                        });
                    }
                }
                Err(e) => log(&format!("{origin}: {e}")),
            }
            if ask_status {
                match imp.status(&spec) {
                    Ok(s) if s != shogi_oracle::status(&pos) => {
                        return Some(Finding {
                            position: spec,
                            missing: vec![],
                            extra: vec![],
                            status: Some((shogi_oracle::status(&pos), s)),
                            origin,
                        });
                    }
                    Err(ImplError::Unsupported(why)) => {
                        log(&format!("not asking status: {why}"));
                        ask_status = false;
                    }
                    _ => {}
                }
            }
            if ask_perft && ply % 8 == 4 {
                match imp.perft(&spec, 2) {
                    Ok(n) if n != shogi_oracle::perft(&pos, 2) => {
                        let d = bisect(imp, &spec, 2).ok().flatten();
                        let is_known = d.as_ref().is_some_and(|d| {
                            d.missing.is_empty()
                                && Oracle::lenient()
                                    .setup(&d.position)
                                    .is_ok_and(|p| known(&p, &d.extra, &opts.ignore))
                        });
                        if is_known {
                            ignored += 1;
                        } else if let Some(d) = d {
                            log(&format!(
                                "perft 2 differs ({origin}); first differing node: {}",
                                d.position
                            ));
                            return Some(Finding {
                                position: d.position,
                                missing: d.missing,
                                extra: d.extra,
                                status: None,
                                origin,
                            });
                        }
                    }
                    Err(ImplError::Unsupported(why)) => {
                        log(&format!("not asking perft: {why}"));
                        ask_perft = false;
                    }
                    _ => {}
                }
            }
            if let Some(mv) = game.moves.get(ply).and_then(|m| Move::parse(m).ok()) {
                pos = pos.after(mv);
            }
        }
    }
    log(&format!(
        "no divergence in {game_no} games, {positions} positions{}",
        if opts.ignore.is_empty() {
            String::new()
        } else {
            format!(
                " ({ignored} known ones under {} looked past)",
                opts.ignore.join(", ")
            )
        }
    ));
    None
}

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
    use crate::case::{CaseFile, RawCase, RawExpectation, Setup};
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
            refs: refs
                .iter()
                .filter_map(|r| shogi_spec::ArticleId::try_from(r.clone()).ok())
                .collect(),
            tags,
            source: Some(format!(
                "shogi-conformance fuzz: the oracle's answer, where {imp_name} differed; check it against the articles before moving this case out of staging"
            )),
            note: None,
            profiles: None,
            setup: Setup {
                position: Some(sfen_text.to_owned()),
                ..Setup::default()
            },
            expect,
        }],
    };
    serde_yaml::to_string(&file).unwrap_or_else(|e| format!("# cannot write the case: {e}\n"))
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
) -> Result<(PathBuf, Finding), String> {
    let pos = shogi_oracle::Oracle::lenient()
        .setup(&f.position)
        .map_err(|e| e.to_string())?;
    let (small, finding) = if f.status.is_none() {
        let sig = signature(&pos, &f.missing, &f.extra);
        let (small, missing, extra) = shrink(imp, &pos, &sig);
        if missing.is_empty() && extra.is_empty() {
            // Not reproducible from the SFEN alone (the implementation needs the history):
            // keep the game as it was.
            (pos.clone(), f.clone())
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
        (pos.clone(), f.clone())
    };
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("{}: {e}", opts.out.display()))?;
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
        .map_err(|e| format!("{}: {e}", path.display()))?;
    file.write_all(text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((path, finding))
}

/// The `fuzz` command: exit status 1 when a divergence was found (and written), 0 otherwise.
pub fn command(
    imp: &mut dyn Implementation,
    opts: &FuzzOptions,
) -> Result<std::process::ExitCode, String> {
    let mut log = |line: &str| eprintln!("fuzz: {line}");
    let Some(finding) = fuzz(imp, opts, &mut log) else {
        return Ok(std::process::ExitCode::SUCCESS);
    };
    let (path, small) = write_finding(imp, &finding, opts)?;
    println!("divergence: {}", small.position);
    if !small.extra.is_empty() {
        println!(
            "  extra:   {}",
            crate::annotate::extra_moves(Some(&small.position), &small.extra).join(" ")
        );
    }
    if !small.missing.is_empty() {
        println!("  missing: {}", small.missing.join(" "));
    }
    if let Some((want, got)) = small.status {
        println!("  status: oracle {want}, implementation {got}");
    }
    println!("wrote {}", path.display());
    Ok(std::process::ExitCode::FAILURE)
}
