//! Judging game records (`shogi-conformance judge`): the verdict on a game record in any format people use (the
//! project's YAML, CSA, KIF/KIFU, KI2/KI2U, JKF), the ending the file writes beside it, and
//! with `--explain` the chain of articles that produced the verdict.
//!
//! ```text
//! $ shogi-conformance judge floodgate.csa --profile csa-computer
//! gote wins by perpetual check (fesa2017:3.12); the record says: draw by repetition — differs
//! ```
//!
//! The importer (crate `shogi-records`) only translates; the oracle decides. A file that
//! cannot be read is an error naming the file, line and ply (`game.csa:14: ply 9: …`); a
//! record whose events contradict the board names the event. Errors go to standard error with
//! exit status 2, as for every command. A CSA file holding several games is judged game by
//! game, each line (or JSON object) naming the game and the line it starts on.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use serde_json::json;
use shogi_oracle::game::record::Event;
use shogi_oracle::game::{Record, play_record};
use shogi_records::{Agreement, Game, Imported};
use shogi_spec::profile::Profile;
use shogi_spec::{ArticleId, Color, Judgement, ReasonKind, Verdict, rulebooks};

use super::judge_formats::{judge_junit, judge_markdown};
use crate::report::board::{self, Mark};
use crate::report::html::{esc, head};

/// How `judge` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JudgeFormat {
    /// One line per game, then the explanation with `--explain`.
    #[default]
    Text,
    /// One JSON object per game (a single object for a single game).
    Json,
    /// A self-contained page per game: the moves, the board where the game was decided, the
    /// chain of articles and the knobs that decided.
    Html,
    /// One JUnit testsuite for the file, a testcase per game, the verdict fields as properties.
    Junit,
    /// A Markdown table, a row per game, with the verdict fields.
    Markdown,
}

/// What `judge` needs: the file's bytes and name, the profile and overrides, and how to print.
#[derive(Debug, Clone)]
pub struct JudgeRequest<'a> {
    /// The record file's bytes.
    pub bytes: &'a [u8],
    /// The file name used in error messages (its extension helps detect the format).
    pub file: &'a str,
    /// The profile name (`fesa-2017`, `ufs-2016`, `csa-computer`).
    pub profile: &'a str,
    /// `knob=value` overrides, applied in order.
    pub set: &'a [String],
    /// Whether to print the explanation.
    pub explain: bool,
    /// Text or JSON.
    pub format: JudgeFormat,
}

/// A game judged: the verdict under the profile actually used, beside the written ending.
#[derive(Debug, Clone)]
pub struct Judged {
    /// The game as read.
    pub game: Game,
    /// The profile used (the record's move limit applied, then the overrides); shared, not
    /// copied, when the record changes nothing in it.
    pub profile: Arc<Profile>,
    /// The verdict and its explanation.
    pub judgement: Judgement,
    /// Illegal moves that stood unclaimed (9.4, under `illegal_move: on_claim`): the move's
    /// number and its offender. Said on the verdict line when they did not decide the game.
    pub unclaimed_illegal: Vec<(usize, Color)>,
    /// The board when the game was decided (or when the record ends), for `diff`'s board at
    /// the ply where two judgements part.
    pub position: shogi_oracle::Position,
    /// Where the game was decided, when something in the record ended it.
    pub decided: Option<shogi_oracle::game::Decided>,
}

/// The version of the judge's JSON output (`schema_version`, and
/// `conformance/schemas/judge.output.json`). 2: `verdict` carries the verdict a reader should
/// take — result, winner, reason kind — for recorded findings too, with `verified`, `source`
/// and `evidence`; the oracle's own verdict on the moves is `moves_verdict`; `agreement` names
/// the standing in one word.
pub const JUDGE_SCHEMA_VERSION: u32 = 2;

/// The built-in profiles, each parsed once per process: judging an archive reads the same
/// profile for every record, and parsing its YAML every time cost a third of the time (and
/// copying it for every game another 5 %: it is shared).
fn builtin_profile(name: &str) -> Result<Arc<Profile>, String> {
    use std::sync::{Mutex, OnceLock};
    /// The profiles read so far, by name.
    type Cache = Mutex<Vec<(String, Arc<Profile>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    if let Ok(cached) = cache.lock() {
        if let Some((_, p)) = cached.iter().find(|(n, _)| n == name) {
            return Ok(p.clone());
        }
    }
    let profile = Arc::new(Profile::builtin(name).map_err(|e| e.to_string())?);
    if let Ok(mut cached) = cache.lock() {
        cached.push((name.to_owned(), profile.clone()));
    }
    Ok(profile)
}

/// Why a record cannot be judged; each names the file.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// Nothing but comments or whitespace.
    #[error(
        "{0}: the record is empty (expected a game: YAML `start`/`events`, CSA, KIF, KI2 or JKF)"
    )]
    Empty(String),
    /// The record cannot be read: where and why.
    #[error("{file}:{line}: {}{message}", ply.map(|p| format!("ply {p}: ")).unwrap_or_default())]
    Import {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// The ply, when a move is at fault.
        ply: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// The profile or an override does not resolve.
    #[error("{0}")]
    Profile(String),
    /// The record's events contradict the board or each other.
    #[error("{0}")]
    Record(String),
}

/// Reads a record file and judges each of its games.
pub fn judge_games(req: &JudgeRequest<'_>) -> Result<(Imported, Vec<Judged>), JudgeError> {
    let imported = import_record(req.bytes, req.file)?;
    let base = builtin_profile(req.profile).map_err(JudgeError::Profile)?;
    let judged = judge_imported(req.file, &imported, &base, req.set)?;
    Ok((imported, judged))
}

/// Reads a record file's games, without judging them: `diff` reads a record once and judges
/// it under two profiles.
pub fn import_record(bytes: &[u8], file: &str) -> Result<Imported, JudgeError> {
    let ext = Path::new(file).extension().and_then(|e| e.to_str());
    shogi_records::import(bytes, ext).map_err(|e| {
        // An empty file (or a YAML record of comments only) is not a game that "continues":
        // it is no record at all.
        if e.message.starts_with(shogi_records::EMPTY) {
            JudgeError::Empty(file.to_owned())
        } else {
            JudgeError::Import {
                file: file.to_owned(),
                line: e.line,
                ply: e.ply,
                message: e.message,
            }
        }
    })
}

/// A built-in profile by name, read once per process and shared.
pub fn shared_profile(name: &str) -> Result<Arc<Profile>, JudgeError> {
    builtin_profile(name).map_err(JudgeError::Profile)
}

/// Judges each game of an imported record under `base` with the `set` overrides (after the
/// record's own move limit, where the profile has one).
pub fn judge_imported(
    file: &str,
    imported: &Imported,
    base: &Arc<Profile>,
    set: &[String],
) -> Result<Vec<Judged>, JudgeError> {
    let mut judged = Vec::with_capacity(imported.games.len());
    for (k, game) in imported.games.iter().enumerate() {
        let mut profile = Arc::clone(base);
        // The record's own move limit replaces the profile's, where the profile has one: a
        // floodgate header means nothing under rules without a limit.
        if let Some(limit) = game.max_moves {
            if profile.rules.max_moves > 0 && profile.rules.max_moves != limit {
                profile = Arc::new(
                    profile
                        .with("max_moves", &limit.to_string())
                        .map_err(|e| JudgeError::Profile(e.to_string()))?,
                );
            }
        }
        for assignment in set {
            profile = Arc::new(
                profile
                    .with_override(assignment)
                    .map_err(|e| JudgeError::Profile(format!("--set {assignment}: {e}")))?,
            );
        }
        let played = play_record(&game.record, &profile).map_err(|e| {
            JudgeError::Record(if imported.games.len() > 1 {
                format!("{file}: game {} (line {}): {e}", k + 1, game.line)
            } else {
                format!("{file}: {e}")
            })
        })?;
        judged.push(Judged {
            game: game.clone(),
            profile,
            judgement: played.judgement,
            unclaimed_illegal: played.unclaimed_illegal,
            position: played.position,
            decided: played.decided,
        });
    }
    Ok(judged)
}

/// The number of moves in a game's events.
fn moves(game: &Game) -> usize {
    game.record
        .events
        .iter()
        .filter(|e| matches!(e, shogi_oracle::game::record::Event::Move { .. }))
        .count()
}

/// Judges a record and returns the report's text, or the error message.
pub fn judge_text(req: &JudgeRequest<'_>) -> Result<String, JudgeError> {
    let (imported, judged) = judge_games(req)?;
    match req.format {
        JudgeFormat::Junit => return Ok(judge_junit(req.file, &imported, &judged)),
        JudgeFormat::Markdown => return Ok(judge_markdown(req.file, &imported, &judged)),
        _ => {}
    }
    let several = judged.len() > 1;
    let mut out = String::new();
    for (k, j) in judged.iter().enumerate() {
        match req.format {
            JudgeFormat::Html => out.push_str(&judge_html(req.file, j)?),
            JudgeFormat::Json => {
                let obj = game_json(j, k, &imported, req.explain);
                let _ = writeln!(out, "{obj}");
            }
            JudgeFormat::Text | JudgeFormat::Junit | JudgeFormat::Markdown => {
                if several {
                    let _ = write!(out, "game {} (line {}): ", k + 1, j.game.line);
                }
                out.push_str(&game_line(j));
                out.push('\n');
                for note in &j.game.notes {
                    let _ = writeln!(out, "note: {note}");
                }
                if j.game.variations > 0 {
                    let _ = writeln!(
                        out,
                        "note: the file holds {} variation(s); only the main line is judged",
                        j.game.variations
                    );
                }
                if req.explain {
                    explain(&mut out, j);
                }
            }
        }
    }
    Ok(out)
}

/// A game's verdict line: the verdict (with any illegal move that stood unclaimed) beside the
/// written ending (agrees, differs, same winner for another reason, unrecognised), or the
/// recorded finding the verdict follows.
pub fn game_line(j: &Judged) -> String {
    let verdict = format!("{}{}", j.judgement.verdict, unclaimed_note(j));
    match (
        &j.game.written,
        j.game.recorded_finding(&j.judgement.verdict),
    ) {
        (Some(w), Some(m)) => recorded_line(w, m),
        (Some(w), None) => format!(
            "{verdict}; the record says: {w} — {}",
            w.compare(&j.judgement.verdict)
        ),
        (None, _) => verdict,
    }
}

/// The illegal moves that stood unclaimed and did not decide the game, in words (empty when
/// none): ` (move 5 by sente was illegal and stood: not claimed before the reply, fesa2017:9.4)`.
fn unclaimed_note(j: &Judged) -> String {
    let decided_by_foul = matches!(
        &j.judgement.verdict,
        Verdict::Win { reason, .. } if matches!(reason.kind, ReasonKind::IllegalMove | ReasonKind::KingCaptured)
    );
    if decided_by_foul || j.unclaimed_illegal.is_empty() {
        return String::new();
    }
    let moves: Vec<String> = j
        .unclaimed_illegal
        .iter()
        .map(|(n, c)| format!("move {n} by {c}"))
        .collect();
    format!(
        " (unclaimed illegal move: {} stood, not claimed before the reply, fesa2017:9.4)",
        moves.join(", ")
    )
}

/// The written ending's standing beside the verdict, in the word the JSON uses.
fn agreement_word(a: Agreement) -> &'static str {
    match a {
        Agreement::Agrees => "agrees",
        Agreement::Differs => "differs",
        Agreement::SameWinnerOtherReason => "same-winner-other-reason",
        Agreement::Unrecognised => "unrecognised",
    }
}

/// The verdict a reader should take, as JSON: the oracle's verdict from the moves
/// (`verified: true`, `source: "moves"`), or the result a recorded finding asserts
/// (`verified: false`, `source: "record"`, with the words and line it comes from).
pub fn verdict_json(j: &Judged) -> serde_json::Value {
    let written = j.game.written.as_ref();
    match written.zip(j.game.recorded_finding(&j.judgement.verdict)) {
        Some((w, m)) => {
            let mut v = match m.outcome {
                shogi_records::Outcome::Win(c) => json!({"result": "win", "winner": c}),
                shogi_records::Outcome::Draw => json!({"result": "draw"}),
                shogi_records::Outcome::Unfinished => json!({"result": "continues"}),
            };
            v["reason"] = json!({"kind": m.kind.reason_word()});
            v["verified"] = json!(false);
            v["source"] = json!("record");
            v["evidence"] = json!({"line": w.line, "text": w.text, "meaning": m.to_string()});
            v
        }
        None => {
            let mut v = json!(j.judgement.verdict);
            v["verified"] = json!(true);
            v["source"] = json!("moves");
            v
        }
    }
}

/// A game as one JSON object (schema version [`JUDGE_SCHEMA_VERSION`]): the verdict to take,
/// the oracle's verdict on the moves, the written ending and how it stands, where the game is,
/// and the reader's notes.
pub fn game_json(j: &Judged, k: usize, imported: &Imported, explain: bool) -> serde_json::Value {
    let written = j.game.written.as_ref();
    let recorded = j.game.recorded_finding(&j.judgement.verdict);
    let agreement = written
        .filter(|_| recorded.is_none())
        .map(|w| w.compare(&j.judgement.verdict));
    let standing = match (written, recorded, agreement) {
        (None, _, _) => "no-ending",
        (Some(_), Some(_), _) => "recorded-not-provable",
        (Some(_), None, Some(a)) => agreement_word(a),
        (Some(_), None, None) => "unrecognised",
    };
    let mut obj = json!({
        "schema_version": JUDGE_SCHEMA_VERSION,
        "verdict": verdict_json(j),
        "moves_verdict": j.judgement.verdict,
        "verified": recorded.is_none(),
        "recorded": recorded.map(|m| m.to_string()),
        "agreement": standing,
        "written": written.map(|w| w.text.clone()),
        "written_line": written.map(|w| w.line),
        "written_meaning": written.and_then(|w| w.meaning.map(|m| m.to_string())),
        "agrees": agreement.and_then(|a| a.as_bool()),
        "moves": moves(&j.game),
        "game": k + 1,
        "line": j.game.line,
        "format": imported.format.name(),
        "encoding": match imported.encoding {
            shogi_records::Encoding::Utf8 => "utf-8",
            shogi_records::Encoding::ShiftJis => "shift_jis",
        },
        "variations": j.game.variations,
        "profile": j.profile.name,
    });
    let note = unclaimed_note(j);
    if !note.is_empty() {
        obj["unclaimed_illegal_moves"] = json!(
            j.unclaimed_illegal
                .iter()
                .map(|(n, c)| json!({"move": n, "offender": c, "article": "fesa2017:9.4"}))
                .collect::<Vec<_>>()
        );
    }
    if !j.game.notes.is_empty() {
        obj["notes"] = json!(
            j.game
                .notes
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
        );
    }
    if explain {
        obj["explanation"] = json!(
            j.judgement
                .explanation
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        );
    }
    obj
}

/// The line for a recorded finding: the result the record asserts, said to be not provable,
/// with the words and line it comes from and what the moves alone give.
pub fn recorded_line(w: &shogi_records::WrittenEnding, m: shogi_records::Meaning) -> String {
    format!(
        "{m} (as recorded; not provable from the moves, which leave the game going on): `{}` (line {}) — recorded",
        w.text, w.line
    )
}

fn explain(out: &mut String, j: &Judged) {
    let _ = writeln!(out, "profile: {} ({})", j.profile.name, j.profile.title);
    if let Some(c) = &j.game.clock_source {
        let _ = writeln!(out, "clock: {c}");
    }
    if let Some(w) = &j.game.written {
        let _ = writeln!(out, "written: `{}` (line {}): {w}", w.text, w.line);
    }
    for step in &j.judgement.explanation {
        let _ = writeln!(out, "  {step}");
    }
    let mut cited: Vec<ArticleId> = j
        .judgement
        .explanation
        .iter()
        .map(|s| s.article.clone())
        .collect();
    let knobs = j.judgement.knobs();
    if !knobs.is_empty() {
        out.push_str("knobs that decided:\n");
        for knob in knobs {
            if let Some(s) = j.profile.setting(knob) {
                let _ = writeln!(out, "  {knob} = {}: {}", s.value, s.source);
                cited.extend(crate::corpus::lint::cited_ids(&s.source));
            }
        }
    }
    out.push_str(&articles_section(&cited));
}

/// The articles an explanation cites (steps, then the sources of the deciding knobs), each once,
/// with its title and our paraphrase from whichever registry holds it (FESA, UFS, …), and its
/// cross-references: the other rulebook's articles on the same rule, and how they compare.
fn articles_section(cited: &[ArticleId]) -> String {
    let mut seen: Vec<&ArticleId> = Vec::new();
    let mut out = String::new();
    for id in cited {
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        if out.is_empty() {
            out.push_str("articles:\n");
        }
        match rulebooks::lookup(id) {
            Some(a) => {
                let _ = writeln!(out, "  {id} {}: {}", a.title, a.paraphrase.trim());
                if !a.cross_refs.is_empty() {
                    let links: Vec<String> = a.cross_refs.iter().map(ToString::to_string).collect();
                    let _ = writeln!(out, "    compare: {}", links.join(", "));
                }
            }
            None => {
                let _ = writeln!(out, "  {id}: (not in the registry)");
            }
        }
    }
    out
}

/// Judges a record and returns an HTML page: the verdict, the chain of articles (linked to
/// nothing outside the page), the knobs that decided, the moves, and the board at the moment
/// the game was decided with the last move played marked.
pub fn judge_html(file: &str, j: &Judged) -> Result<String, JudgeError> {
    let record: &Record = &j.game.record;
    let profile = &j.profile;
    let played =
        play_record(record, profile).map_err(|e| JudgeError::Record(format!("{file}: {e}")))?;
    let judgement = &played.judgement;
    let recorded = j
        .game
        .written
        .as_ref()
        .zip(j.game.recorded_finding(&judgement.verdict))
        .map(|(w, m)| recorded_line(w, m));
    let shown = recorded
        .clone()
        .unwrap_or_else(|| format!("{}{}", judgement.verdict, unclaimed_note(j)));
    let title = format!("{}: {}", file, shown);
    let mut out = head(&title);
    // The same verdict fields as the JSON's `verdict`, for a program reading the page.
    let v = verdict_json(j);
    let field = |k: &str| v[k].as_str().unwrap_or("").to_owned();
    let _ = write!(
        out,
        "<h1 data-verdict=\"{}\" data-result=\"{}\" data-winner=\"{}\" data-reason=\"{}\" data-source=\"{}\" data-verified=\"{}\">{}</h1><p class=\"muted\">{} · profile {} ({})</p>",
        esc(&judgement.verdict.to_string()),
        esc(&field("result")),
        esc(&field("winner")),
        esc(v["reason"]["kind"].as_str().unwrap_or("")),
        esc(&field("source")),
        recorded.is_none(),
        esc(&shown),
        esc(file),
        esc(&profile.name),
        esc(&profile.title)
    );
    // Replay the moves to write them in Japanese too, and to find the last move played
    // before the game was decided.
    let mut pos = record.initial_position();
    let mut last_move: Option<String> = None;
    let mut moves = String::from("<ol class=\"moves\">");
    let mut replaying = true;
    for event in &record.events {
        let mut line = esc(&event.to_string());
        if let (Event::Move { mv, .. }, true) = (event, replaying) {
            let usi = mv.0.to_string();
            if let Some(j) = board::japanese(&pos, &usi) {
                let _ = write!(line, " {}", esc(&j));
            }
            match shogi_oracle::play(&pos, mv.0) {
                Ok(next) => {
                    pos = next;
                    if pos.same_position(&played.position) {
                        last_move = Some(usi);
                    }
                }
                Err(e) => {
                    let _ = write!(
                        line,
                        " <b class=\"n-fail\">(illegal: {})</b>",
                        esc(&e.to_string())
                    );
                    replaying = false;
                }
            }
        }
        let _ = write!(moves, "<li>{line}</li>");
    }
    moves.push_str("</ol>");
    let marks: Vec<(String, Mark)> = last_move
        .iter()
        .map(|m| (m.clone(), Mark::Played))
        .collect();
    let _ = write!(
        out,
        "<div class=\"case-body\"><figure>{}<figcaption>The position when the game was decided</figcaption></figure><div class=\"facts\"><h2>Articles applied</h2><ol class=\"chain\">",
        board::svg(
            &played.position,
            &marks,
            "the position when the game was decided"
        )
    );
    for step in &judgement.explanation {
        let _ = write!(
            out,
            "<li data-article=\"{}\"><b>{}</b> {}{}</li>",
            esc(step.article.as_str()),
            esc(step.article.as_str()),
            esc(&step.fact),
            step.knob
                .as_ref()
                .map(|k| format!(" <span class=\"tag\">knob {}</span>", esc(k)))
                .unwrap_or_default()
        );
    }
    out.push_str("</ol>");
    let knobs = judgement.knobs();
    if !knobs.is_empty() {
        out.push_str("<h2>Knobs that decided</h2><ul>");
        for knob in knobs {
            if let Some(s) = profile.setting(knob) {
                let _ = write!(
                    out,
                    "<li><code>{}</code> = <b>{}</b>: {}</li>",
                    esc(knob),
                    esc(&s.value),
                    esc(s.source.trim())
                );
            }
        }
        out.push_str("</ul>");
    }
    let _ = writeln!(out, "</div></div><h2>The game</h2>{moves}</body></html>");
    Ok(out)
}
