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
use shogi_oracle::game::{AdjudicationError, ReadFrom, play_record_read};
use shogi_records::{Agreement, Game, Imported};
use shogi_spec::profile::{Profile, ProfileError};
use shogi_spec::record::Event;
use shogi_spec::{ArticleId, Color, Judgement, ReasonKind, Verdict, rulebooks};

use super::judged_file::JudgedFile;
use super::standing::Standing;
use super::taken::Taken;

/// How `judge` prints: the one list of report formats every command shares (text, json,
/// junit, markdown, html), for a record as for a folder.
pub use conformance_core::report::Format as JudgeFormat;

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
    pub position: shogi_spec::position::Position,
    /// Where the game was decided, when something in the record ended it.
    pub decided: Option<shogi_oracle::game::Decided>,
    /// The knobs whose situation the game met under this profile, each at its first ply
    /// (`shogi_oracle::game::reach::REACH_RULES`).
    pub reach: conformance_rulebook::profile::reach::Reach,
}

/// The version of the judge's JSON output (`schema_version`, and `schemas/shogi/judge.json`):
/// the one version of every published schema (`conformance-schemas`). Since 2, `verdict`
/// carries the verdict a reader should take — result, winner, reason kind — for recorded
/// findings too, with `verified`, `source` and `evidence`; the oracle's own verdict on the
/// moves is `moves_verdict`; `agreement` names the standing in one word.
pub const JUDGE_SCHEMA_VERSION: u32 = conformance_schemas::SCHEMA_VERSION;

/// The built-in profiles, each parsed once per process: judging an archive reads the same
/// profile for every record, and parsing its YAML every time cost a third of the time (and
/// copying it for every game another 5 %: it is shared).
fn builtin_profile(name: &str) -> Result<Arc<Profile>, ProfileError> {
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
    let profile = Arc::new(Profile::builtin(name)?);
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
    /// The profile does not resolve (an unknown name, a record's move limit it cannot take).
    #[error("{0}")]
    Profile(ProfileError),
    /// An override (`--set KNOB=VALUE`, or one written after the profile's name) does not apply.
    #[error("--set {assignment}: {error}")]
    Override {
        /// The override as written.
        assignment: String,
        /// Why it does not apply.
        error: ProfileError,
    },
    /// `diff` was given neither two profiles nor one with overrides.
    #[error("diff: give --profile twice, or once with --set KNOB=VALUE")]
    DiffSides,
    /// The record's events contradict the board or each other.
    #[error("{file}: {}{error}", game.map(|(n, line)| format!("game {n} (line {line}): ")).unwrap_or_default())]
    Record {
        /// The file.
        file: String,
        /// Which game of a file that holds several, and the line it starts on.
        game: Option<(usize, usize)>,
        /// What contradicts what.
        error: AdjudicationError,
    },
}

impl JudgeError {
    /// Whether the error is in the profile or its overrides (the command line's), not in the
    /// record.
    pub fn is_profile_error(&self) -> bool {
        matches!(
            self,
            JudgeError::Profile(_) | JudgeError::Override { .. } | JudgeError::DiffSides
        )
    }
}

/// Reads a record file and judges each of its games.
pub fn judge_games(req: &JudgeRequest<'_>) -> Result<(Imported, Vec<Judged>), JudgeError> {
    let imported = import_record(req.bytes, req.file)?;
    let (name, set) = profile_spec(req.profile, req.set);
    let base = builtin_profile(name).map_err(JudgeError::Profile)?;
    let judged = judge_imported(req.file, &imported, &base, &set)?;
    Ok((imported, judged))
}

/// `--profile` takes what `match` writes in `summary.json` too: a name, then any
/// `knob=value` overrides after commas (`fesa-2017,max_moves=60`, `Profile::resolve`'s form),
/// applied as `--set` is, before the `--set` overrides (issue 43.6). Returns the name and every
/// override in order.
pub fn profile_spec<'a>(profile: &'a str, set: &[String]) -> (&'a str, Vec<String>) {
    let mut spec = profile.split(',').map(str::trim);
    let name = spec.next().unwrap_or_default();
    let overrides = spec
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .chain(set.iter().cloned())
        .collect();
    (name, overrides)
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
                profile = with_move_limit(base, limit).map_err(JudgeError::Profile)?;
            }
        }
        for assignment in set {
            profile = Arc::new(profile.with_override(assignment).map_err(|error| {
                JudgeError::Override {
                    assignment: assignment.clone(),
                    error,
                }
            })?);
        }
        judged.push(judge_game(file, imported, k, profile)?);
    }
    Ok(judged)
}

/// `base` with the record's move limit, made once per process for each profile and limit and
/// shared: every game of a floodgate archive names the same limit in its header, and making the
/// profile anew for each game was 2 % of judging many short records (issue 51). The cache
/// holds the base it was made from, so a base is never mistaken for another that took its
/// place in memory; it keeps a few dozen pairs, more are made each time as before.
fn with_move_limit(base: &Arc<Profile>, limit: u32) -> Result<Arc<Profile>, ProfileError> {
    use std::sync::{Mutex, OnceLock};
    /// The base profile, the limit, the profile with it.
    type Cache = Mutex<Vec<(Arc<Profile>, u32, Arc<Profile>)>>;
    const KEPT: usize = 32;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    if let Ok(cached) = cache.lock() {
        if let Some((_, _, p)) = cached
            .iter()
            .find(|(b, l, _)| Arc::ptr_eq(b, base) && *l == limit)
        {
            return Ok(Arc::clone(p));
        }
    }
    let limited = Arc::new(base.with("max_moves", &limit.to_string())?);
    if let Ok(mut cached) = cache.lock() {
        if cached.len() < KEPT {
            cached.push((Arc::clone(base), limit, Arc::clone(&limited)));
        }
    }
    Ok(limited)
}

/// Judges game `k` of an imported record under exactly `profile` (the record's move limit and
/// the overrides already in it): the one judgement `judge`, `diff` and the counterfactuals that
/// name the deciding knobs all make.
pub fn judge_game(
    file: &str,
    imported: &Imported,
    k: usize,
    profile: Arc<Profile>,
) -> Result<Judged, JudgeError> {
    let game = &imported.games[k];
    judge_one(game, profile).map_err(|error| JudgeError::Record {
        file: file.to_owned(),
        game: (imported.games.len() > 1).then_some((k + 1, game.line)),
        error,
    })
}

/// A game judged under exactly `profile`: the oracle plays the record, and the written ending
/// is explained beside the verdict.
///
/// # Errors
/// The record's events contradict the board or each other.
pub fn judge_one(game: &Game, profile: Arc<Profile>) -> Result<Judged, AdjudicationError> {
    let played = play_record_read(&game.record, &profile, ending_event(game))?;
    let mut judgement = played.judgement;
    judgement.explanation.extend(written_ending_step(
        game,
        &judgement.verdict,
        &played.position,
    ));
    Ok(Judged {
        game: game.clone(),
        profile,
        judgement,
        unclaimed_illegal: played.unclaimed_illegal,
        position: played.position,
        decided: played.decided,
        reach: played.reach,
    })
}

/// The written ending, when the reader turned it into the record's last event (a KIF's
/// `千日手` into a claim of repetition by the side to move, `投了` into a resignation: the table
/// of `shogi_records::ending`): the oracle then explains a claim as the reading of these words,
/// not as something a player was seen to do. A record in a format with written endings has
/// no other way to write an event after its last move, so the last event is the ending's.
pub fn ending_event(game: &Game) -> Option<ReadFrom<'_>> {
    use shogi_records::EndingKind as K;
    use shogi_spec::record::ClaimKind as C;
    let w = game.written.as_ref()?;
    let kind = w.meaning?.kind;
    // The event each kind of words is read as (the `event` column of that table).
    let read_as = match game.record.events.last()? {
        Event::Resign { .. } => matches!(kind, K::Resignation | K::Unspecified),
        Event::Claim {
            claim: C::Repetition,
            ..
        } => {
            matches!(kind, K::Repetition | K::PerpetualCheck)
        }
        Event::Claim { claim: C::Flag, .. } => kind == K::TimeUp,
        Event::Claim {
            claim: C::IllegalMove,
            ..
        } => matches!(kind, K::IllegalMove | K::IllegalAction | K::Unspecified),
        Event::Declare { .. } => kind == K::Declaration,
        Event::Impasse { .. } => kind == K::Impasse,
        Event::AgreeDraw { .. } => kind == K::Agreement,
        Event::Move { .. } | Event::Arrive { .. } | Event::FlagsDown { .. } => false,
    };
    read_as.then_some(ReadFrom {
        text: &w.text,
        line: w.line,
    })
}

/// The step that explains the written ending where the verdict is not simply the oracle's
/// agreeing with it (issue 43.5): for a recorded finding, the article the words mean (9.4 for a
/// recorded foul) and that the moves do not show it — so that the chain never ends on "nothing
/// ended the game" beside a win; for a written ending the moves do not bear out, the article it
/// names and the fact that fails (for a claimed mate, the king's escapes, captures and
/// interpositions). `None` when the written ending agrees or is unrecognised.
fn written_ending_step(
    game: &Game,
    verdict: &Verdict,
    position: &shogi_spec::position::Position,
) -> Option<shogi_spec::Step> {
    use shogi_spec::FesaId as _;
    let w = game.written.as_ref()?;
    let m = w.meaning?;
    let article = ArticleId::fesa(m.kind.article().unwrap_or("5"));
    if game.recorded_finding(verdict).is_some() {
        return Some(shogi_spec::Step::new(
            article,
            format!(
                "the record says `{}` (line {}): {m}; the moves do not show it (they leave the game going on), so the verdict follows the record, not provable from the moves",
                w.text, w.line
            ),
        ));
    }
    if w.compare(verdict) == Agreement::Agrees {
        return None;
    }
    let fact = match (m.kind, m.outcome) {
        (shogi_records::EndingKind::Checkmate, shogi_records::Outcome::Win(winner)) => {
            mate_fails(position, !winner)
        }
        _ => format!("the moves give: {verdict}"),
    };
    Some(shogi_spec::Step::new(
        article,
        format!(
            "the record says `{}` (line {}): {m}; it is not borne out: {fact}",
            w.text, w.line
        ),
    ))
}

/// Why `loser` is not mated in `pos`, in words: not to move, not in check, or the legal replies
/// to the check — king steps, captures and interpositions, a few of each.
fn mate_fails(pos: &shogi_spec::position::Position, loser: Color) -> String {
    use shogi_spec::usi::Move;
    if pos.side_to_move() != loser {
        return format!(
            "{loser} is not to move after the last move written, so cannot be the side mated"
        );
    }
    if !shogi_oracle::article1_check::in_check(pos, loser) {
        return format!("{loser}'s king is not in check (fesa2017:1.2)");
    }
    let king = pos
        .pieces()
        .find(|(_, p)| p.color == loser && p.kind == shogi_spec::piece::Kind::King)
        .map(|(sq, _)| sq);
    let (mut escapes, mut captures, mut interpositions) = (Vec::new(), Vec::new(), Vec::new());
    for mv in shogi_oracle::legal_moves(pos) {
        match mv {
            Move::Board { from, to, .. } if Some(from) == king => escapes.push(to.to_string()),
            Move::Board { to, .. } if pos.piece_at(to).is_some() => captures.push(mv.to_string()),
            _ => interpositions.push(mv.to_string()),
        }
    }
    let list = |v: &mut Vec<String>| {
        v.dedup();
        let more = v.len().saturating_sub(6);
        v.truncate(6);
        let mut s = v.join(", ");
        if more > 0 {
            s.push_str(&format!(" and {more} more"));
        }
        s
    };
    let mut ways = Vec::new();
    if !escapes.is_empty() {
        ways.push(format!("the king can escape to {}", list(&mut escapes)));
    }
    if !captures.is_empty() {
        ways.push(format!(
            "the checking piece can be captured ({})",
            list(&mut captures)
        ));
    }
    if !interpositions.is_empty() {
        ways.push(format!(
            "a piece can be interposed ({})",
            list(&mut interpositions)
        ));
    }
    format!(
        "{loser}'s king is in check but not mated (fesa2017:1.2): {}",
        ways.join("; ")
    )
}

/// The number of moves in a game's events.
fn moves(game: &Game) -> usize {
    game.record
        .events
        .iter()
        .filter(|e| matches!(e, shogi_spec::record::Event::Move { .. }))
        .count()
}

/// Judges a record and returns the report's text in the format asked, or the error message.
/// The record is judged once, whatever the format ([`JudgedFile`]).
pub fn judge_text(req: &JudgeRequest<'_>) -> Result<String, JudgeError> {
    Ok(JudgedFile::judge(req)?.render(req.format, req.explain))
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
/// none): ` (unclaimed illegal move: move 5 by sente stood, not claimed before the reply,
/// fesa2017:9.4)`. An illegal move that is the last thing the record holds has had no reply:
/// nothing says it stood, and the claim window is still open (issue 43.2), so the note says so.
fn unclaimed_note(j: &Judged) -> String {
    let decided_by_foul = matches!(
        &j.judgement.verdict,
        Verdict::Win { reason, .. } if matches!(reason.kind, ReasonKind::IllegalMove | ReasonKind::KingCaptured)
    );
    if decided_by_foul || j.unclaimed_illegal.is_empty() {
        return String::new();
    }
    let last = moves(&j.game);
    let ends_on_move = matches!(j.game.record.events.last(), Some(Event::Move { .. }));
    let (open, stood): (Vec<_>, Vec<_>) = j
        .unclaimed_illegal
        .iter()
        .partition(|(n, _)| *n == last && ends_on_move);
    let words = |v: &[&(usize, Color)]| {
        v.iter()
            .map(|(n, c)| format!("move {n} by {c}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = String::new();
    if !stood.is_empty() {
        out.push_str(&format!(
            " (unclaimed illegal move: {} stood, not claimed before the reply, fesa2017:9.4)",
            words(&stood)
        ));
    }
    if !open.is_empty() {
        out.push_str(&format!(
            " (illegal move: {} is the last move written and has had no reply: the opponent may still claim it, fesa2017:9.4; the record does not say whether it was claimed)",
            words(&open)
        ));
    }
    out
}

/// The verdict a reader should take, as JSON: the oracle's verdict from the moves
/// (`verified: true`, `source: "moves"`), or the result a recorded finding asserts
/// (`verified: false`, `source: "record"`, with the words and line it comes from).
pub fn verdict_json(j: &Judged) -> serde_json::Value {
    Taken::of(j).json()
}

/// A game as one JSON object (schema version [`JUDGE_SCHEMA_VERSION`]): the verdict to take,
/// the oracle's verdict on the moves, the written ending and how it stands, where the game is,
/// the reader's notes, and the file's ledger (what the reader did with each line: counts per
/// kind and the lines left out with their reasons).
pub fn game_json(j: &Judged, k: usize, imported: &Imported, explain: bool) -> serde_json::Value {
    let written = j.game.written.as_ref();
    let recorded = j.game.recorded_finding(&j.judgement.verdict);
    let agreement = written
        .filter(|_| recorded.is_none())
        .map(|w| w.compare(&j.judgement.verdict));
    let standing = Standing::of(j).word();
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
        "encoding": imported.encoding.name(),
        "ledger": imported.ledger.json(),
        "variations": j.game.variations,
        "profile": j.profile.name,
        "decided": decided_json(j),
    });
    let note = unclaimed_note(j);
    if !note.is_empty() {
        obj["unclaimed_illegal_moves"] = json!(
            j.unclaimed_illegal
                .iter()
                .map(|(n, c)| {
                    // The last move written, with no reply after it: its claim window is open.
                    let open = *n == moves(&j.game)
                        && matches!(j.game.record.events.last(), Some(Event::Move { .. }));
                    json!({"move": n, "offender": c, "article": "fesa2017:9.4", "claim_open": open})
                })
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
        let decided = super::impact::knobs_that_decided(j);
        obj["knobs_that_decided"] = json!({
            "together": decided.together,
            "knobs": decided.knobs.iter().filter_map(|k| j.profile.setting(&k.knob).map(|s| json!({
                "knob": k.knob,
                "value": s.value,
                "source": s.source.trim(),
                "set_to": k.value,
                "gives": k.verdict,
            }))).collect::<Vec<_>>(),
        });
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

/// Where the verdict became final, as JSON: `{"ply", "event", "claimed"}` — the moves made
/// (the deciding move counted), the deciding event's number among the record's events (`null`
/// for 9.1's wrong setup, which no event decides), the illegal move a claim was about — or
/// `null` when nothing decided the game. The adjudicator's one value
/// ([`shogi_oracle::game::Decided`]), as the workbench, HTML and `--explain` show it.
fn decided_json(j: &Judged) -> serde_json::Value {
    match j.decided {
        Some(d) => json!({"ply": d.ply, "event": d.event, "claimed": d.claimed}),
        None => serde_json::Value::Null,
    }
}

/// Where the verdict became final, in words, for `--explain`: the ply and, when an event after
/// it decided, the event (a claim names the move it claims); or that nothing decided.
pub fn decided_words(j: &Judged) -> String {
    let r = super::replay::Replay::of(j);
    let Some(ply) = r.deciding else {
        return "nothing in the moves or events decided the game: no deciding ply".to_owned();
    };
    if j.decided.is_some_and(|d| d.event.is_none()) {
        return format!(
            "decided where the record stops (ply {ply}): no move or event decided, the verdict holds wherever the record stops"
        );
    }
    let mut out = if ply == 0 {
        "decided at the start (ply 0, before any move)".to_owned()
    } else {
        let m = &r.moves[ply - 1];
        format!("decided at ply {ply} ({} {})", m.usi, m.words)
    };
    if let Some(what) = &r.deciding_event {
        out.push_str(&format!(", by what followed it: {what}"));
    }
    if let Some(n) = r.claimed {
        out.push_str(&format!(" (the claim of move {n}, fesa2017:9.4)"));
    }
    out
}

/// The line for a recorded finding: the result the record asserts, said to be not provable,
/// with the words and line it comes from and what the moves alone give.
pub fn recorded_line(w: &shogi_records::WrittenEnding, m: shogi_records::Meaning) -> String {
    format!(
        "{m} (as recorded; not provable from the moves, which leave the game going on): `{}` (line {}) — recorded",
        w.text, w.line
    )
}

/// The explanation of a judged game, as the text format prints it under `--explain`.
pub(crate) fn explain(out: &mut String, j: &Judged) {
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
    let _ = writeln!(out, "{}", decided_words(j));
    let mut cited: Vec<ArticleId> = j
        .judgement
        .explanation
        .iter()
        .map(|s| s.article.clone())
        .collect();
    let decided = super::impact::knobs_that_decided(j);
    out.push_str(&knobs_section(&decided, &j.profile));
    for k in &decided.knobs {
        // The article the knob reads (its Domain), which an override's source does not cite.
        cited.extend(
            k.article
                .as_deref()
                .and_then(|a| a.parse::<ArticleId>().ok()),
        );
        if let Some(s) = j.profile.setting(&k.knob) {
            cited.extend(crate::corpus::lint::cited_ids(&s.source));
        }
    }
    out.push_str(&articles_section(&cited));
}

/// The knobs that decided a verdict, as `--explain` prints them: each knob with its value and
/// source, and the value that changes the verdict with the verdict it gives; a combination is
/// said to act only together; none, said with what was tried.
pub(crate) fn knobs_section(
    decided: &conformance_core::report::impact::Deciding,
    profile: &Profile,
) -> String {
    let mut out = String::new();
    if decided.knobs.is_empty() {
        out.push_str(NO_KNOB_DECIDED);
        out.push('\n');
        return out;
    }
    if decided.together {
        out.push_str("knobs that decided (only together: none changes the verdict alone):\n");
    } else {
        out.push_str("knobs that decided (each alone changes the verdict):\n");
    }
    for k in &decided.knobs {
        if let Some(s) = profile.setting(&k.knob) {
            let _ = writeln!(out, "  {} = {}: {}", k.knob, s.value, s.source.trim());
        }
        if !decided.together {
            let _ = writeln!(out, "      set to {}: {}", k.value, k.verdict);
        }
    }
    if let Some(k) = decided.knobs.first().filter(|_| decided.together) {
        let set: Vec<String> = decided
            .knobs
            .iter()
            .map(|k| format!("{}={}", k.knob, k.value))
            .collect();
        let _ = writeln!(out, "  set together to {}: {}", set.join(", "), k.verdict);
    }
    out
}

/// What `--explain` and the workbench say when no knob decided: nothing tried changed the
/// verdict.
pub const NO_KNOB_DECIDED: &str = "knobs that decided: none (no knob set alone to another shipped profile's value or to another of its words, and no other shipped profile, changes this verdict)";

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
