//! Go in the workbench (`go-conformance serve`): the game's side of
//! `conformance_core::workbench::api::Workbench`.
//!
//! A record is judged exactly as `judge` judges it ([`judge::judge_read`], with the agreed
//! outcome kept beside a served record in `outcomes.yaml`), so the page says what `judge` says.
//! An SGF collection of several games is listed once per game, each judged alone (`judge`
//! judges a collection's first game).
//! The boards are drawn by [`crate::board_svg`]; a counted game ends on one more board, the
//! count: the end phase's fills (rfg 7.1) played and numbered, the dead stones crossed, each
//! side's territory, the neutral points and the stones in seki marked, beside the count's table.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use conformance_core::report::escape::html as esc;
use conformance_core::workbench::api::{
    Choice, Comparison, GameInfo, KnobUsed, Ply, ProfileInfo, RecordError, RecordInput, Step,
    Verdict, Workbench,
};
use conformance_core::workbench::choice::ChoiceError;
use go_oracle::Oracle;
use go_oracle::board::Board;
use go_oracle::count;
use go_oracle::play::ReplayError;
use go_spec::{Color, GoProfile, GoRecord, Move, ReadRecord};

use crate::agreed::{Agreed, Finder};
use crate::board_svg::{self, Marks, coordinate};
use crate::case::LoadedCase;
use crate::certify;
use crate::judge::{self, Agreement, Judgement};
use crate::marked_dead::{self, Marked};
use crate::not_judgeable::NotJudgeable;
use crate::players_words::{points_html, refusal_words};

/// Go's workbench: the corpus whose cases the rulebook pages list, and the outcomes files read
/// so far (each read once).
pub struct GoWorkbench {
    cases: Vec<LoadedCase>,
    finder: Mutex<Finder>,
}

impl GoWorkbench {
    /// The workbench over a corpus (for the rulebook pages' case lists).
    pub fn new(cases: Vec<LoadedCase>) -> GoWorkbench {
        GoWorkbench {
            cases,
            finder: Mutex::new(Finder::default()),
        }
    }

    /// The workbench over records given without a disk beside them (files dropped on a page,
    /// the WebAssembly build): the agreed outcomes are looked for among `outcomes` (the
    /// `outcomes.yaml` files given, by path), a record's path compared as given.
    pub fn among(cases: Vec<LoadedCase>, outcomes: BTreeMap<PathBuf, String>) -> GoWorkbench {
        GoWorkbench {
            cases,
            finder: Mutex::new(Finder::among(outcomes)),
        }
    }

    /// The record read, its agreed outcome (for a served record), and the profile.
    fn read(
        &self,
        record: &RecordInput,
        choice: &Choice,
    ) -> Result<(ReadRecord, Option<Agreed>, GoProfile), RecordError> {
        let profile = certify::profile_with(&choice.profile, &choice.set)
            .map_err(|e| RecordError::new(&record.name, e.to_string()))?;
        let game =
            go_sgf::read_game_bytes_at(&record.bytes, record.game).map_err(|e| RecordError {
                file: record.name.clone(),
                line: Some(e.location.line),
                message: e.kind.to_string(),
            })?;
        // An agreed outcome is kept for a file, that is for its first game.
        let agreed = match &record.path {
            Some(path) if record.game == 0 => self
                .finder
                .lock()
                .map_err(|_| {
                    RecordError::new(&record.name, "the outcomes files could not be read")
                })?
                .agreed_for(path)
                .map_err(|e| RecordError::new(&record.name, e.to_string()))?,
            _ => None,
        };
        Ok((game, agreed, profile))
    }
}

/// A result as the page says it: SGF's `0` is a draw, jigo (rfg 10.2: equal sums with a
/// whole-number komi name no winner).
fn result_words(result: &str) -> &str {
    if result == "0" { "draw (jigo)" } else { result }
}

/// The verdict in one line: our result and how it stands beside the record's `RE`.
fn headline(j: &Judgement) -> String {
    let ours = result_words(j.ours.as_deref().unwrap_or("no result"));
    let re = &j.recorded;
    match &j.agreement {
        Agreement::Agree => format!("{ours}: agrees with the record (RE[{re}])"),
        Agreement::Differs(_) => {
            format!(
                "{ours}: differs from the record (RE[{re}]) by a documented difference of rules"
            )
        }
        Agreement::Disagree(_) => format!("{ours}: disagrees with the record (RE[{re}])"),
        Agreement::NotJudgeable(_) => format!("{ours}: not judgeable (RE[{re}])"),
    }
}

fn word(a: &Agreement) -> &'static str {
    match a {
        Agreement::Agree => "agree",
        Agreement::Differs(_) => "differs",
        Agreement::Disagree(_) => "disagree",
        Agreement::NotJudgeable(_) => "not_judgeable",
    }
}

fn colour_letter(c: Color) -> char {
    c.sgf_letter()
}

/// The boards of the game, the article the oracle refused a move by (if it did), and the
/// deciding ply.
struct Replayed {
    plies: Vec<Ply>,
    refused: Option<Refusal>,
    deciding: usize,
    /// The dead stones the count took off (none without a count).
    dead: Vec<go_spec::Point>,
}

/// A move the oracle refuses: its ply, its article, and the oracle's sentence (`move 132
/// (black ac): …`).
struct Refusal {
    ply: usize,
    article: &'static str,
    sentence: String,
}

/// Replays the record for the page: a board per move, then the fills and the count for a
/// counted game. The oracle decides legality; the board here only draws.
fn replay(
    game: &GoRecord,
    profile: &GoProfile,
    agreed: Option<&Agreed>,
    j: &Judgement,
) -> Replayed {
    let Ok(spec) = judge::to_spec(game, profile) else {
        return Replayed {
            plies: Vec::new(),
            refused: None,
            deciding: 0,
            dead: Vec::new(),
        };
    };
    let refused = refusal(&spec, profile);
    let mut boards = Boards::at_start(&spec, game.size);
    let mut dead = Vec::new();
    let deciding = match draw_main_game(&spec, refused.as_ref(), &mut boards) {
        Some(stopped) => stopped,
        None => {
            let main_game = boards.plies.len() - 1;
            match draw_end_and_count(game, &spec, agreed, j, &mut boards) {
                Some(taken) => {
                    dead = taken;
                    boards.plies.len() - 1
                }
                None => main_game,
            }
        }
    };
    Replayed {
        plies: boards.plies,
        refused,
        deciding,
        dead,
    }
}

/// The move the oracle refuses in the game, if it refuses one.
fn refusal(spec: &go_spec::GameSpec, profile: &GoProfile) -> Option<Refusal> {
    match Oracle::new(profile.clone()).replay_game(spec) {
        Err(ReplayError::Illegal(v)) => Some(Refusal {
            ply: v.ply,
            article: v.article,
            sentence: v.to_string(),
        }),
        _ => None,
    }
}

/// The board as the page draws it, with the pictures drawn so far.
struct Boards {
    board: Board,
    size: u8,
    plies: Vec<Ply>,
    /// Whether the boards drawn from now on let the user click stones to mark them dead: the
    /// final board of the main game and every board after it.
    clickable: bool,
}

/// A stone the replay cannot place (off the board, or on a stone), told on the last picture
/// instead of drawn.
#[derive(Debug, thiserror::Error)]
#[error("{label} cannot be placed: {why}")]
struct Unplaceable {
    /// The move's label (`12. B D4`).
    label: String,
    /// Which article refuses it, in words.
    why: &'static str,
}

impl Boards {
    /// The start: handicap stones and setup placed, drawn as the first picture.
    fn at_start(spec: &go_spec::GameSpec, size: u8) -> Boards {
        let mut board = Board::new(spec.size);
        for p in &spec.handicap {
            board.set(*p, Some(Color::Black));
        }
        for (p, c) in &spec.setup {
            board.set(*p, Some(*c));
        }
        let mut boards = Boards {
            board,
            size,
            plies: Vec::new(),
            clickable: spec.moves.is_empty(),
        };
        boards.push("the start".to_owned(), &Marks::default());
        boards
    }

    /// Draws the board as it stands, with `marks`, as the next picture labelled `label`.
    fn push(&mut self, label: String, marks: &Marks) {
        let marks = Marks {
            clickable: self.clickable,
            ..marks.clone()
        };
        let svg = board_svg::svg(self.size, &self.board.stones(), &marks, &label);
        self.plies.push(Ply {
            svg,
            label,
            ..Ply::default()
        });
    }

    /// Plays `c`'s `mv` on the board and draws it with the stone marked; a stone that cannot
    /// be placed is told, not drawn.
    fn play(&mut self, label: String, c: Color, mv: Move) -> Result<(), Unplaceable> {
        let last = match mv {
            Move::Play(p) => {
                if let Err(e) = self.board.place(p, c) {
                    return Err(Unplaceable {
                        label,
                        why: e.describe(),
                    });
                }
                Some(p)
            }
            Move::Pass => None,
        };
        let marks = Marks {
            last,
            ..Marks::default()
        };
        self.push(label, &marks);
        Ok(())
    }

    /// Draws the agreed dead stones crossed, then takes them off (rfg 7.2); `false` when they
    /// cannot be taken off.
    fn take_off(&mut self, dead: &[go_spec::Point], prisoners: &mut [u32; 2]) -> bool {
        let label = format!(
            "the dead stones come off: {} stone(s) (rfg 7.2)",
            dead.len()
        );
        let marks = Marks {
            dead: dead.to_vec(),
            ..Marks::default()
        };
        self.push(label, &marks);
        count::remove_dead(&mut self.board, prisoners, dead).is_ok()
    }

    /// Adds `note` to the last picture's label.
    fn note_on_last(&mut self, note: std::fmt::Arguments<'_>) {
        if let Some(last) = self.plies.last_mut() {
            let _ = last.label.write_fmt(note);
        }
    }
}

/// Draws the main game's moves; `Some(deciding ply)` when it stops early, at the move the
/// oracle refuses or at a stone that cannot be placed, the last picture's label saying so.
fn draw_main_game(
    spec: &go_spec::GameSpec,
    refused: Option<&Refusal>,
    boards: &mut Boards,
) -> Option<usize> {
    for (k, (c, mv)) in spec.moves.iter().enumerate() {
        let n = k + 1;
        let words = match mv {
            Move::Play(p) => coordinate(*p, boards.size),
            Move::Pass => "pass".to_owned(),
        };
        let label = format!("{n}. {} {words}", colour_letter(*c));
        boards.clickable = n == spec.moves.len();
        if refused.is_some_and(|r| r.ply == n) {
            boards.note_on_last(format_args!(
                " — move {n}, {} {words}, is refused here",
                colour_letter(*c)
            ));
            return Some(n - 1);
        }
        if let Err(why) = boards.play(label, *c, *mv) {
            boards.note_on_last(format_args!(" — {why}"));
            return Some(boards.plies.len() - 1);
        }
    }
    None
}

/// For a counted game, the end phase as the judge played it and the count on the board it
/// leaves; the dead stones taken off, or `None` when there is no count or they cannot be
/// taken off.
fn draw_end_and_count(
    game: &GoRecord,
    spec: &go_spec::GameSpec,
    agreed: Option<&Agreed>,
    j: &Judgement,
    boards: &mut Boards,
) -> Option<Vec<go_spec::Point>> {
    let detail = j.count.as_ref()?;
    let dead = match agreed {
        Some(a) => judge::agreed_points(&a.dead, game.size).unwrap_or_default(),
        None => judge::dead_stones(game, &boards.board),
    };
    let written = agreed.map_or(0, |a| a.fill.len());
    let fills = draw_end_phase(j, &dead, written, boards)?;
    let marks = count_marks(&boards.board, spec.size, dead.clone(), fills);
    boards.push(count_label(detail), &marks);
    Some(dead)
}

/// The end phase as the judge played it: the passes that end the main game, the agreed dead
/// stones taken off (rfg 7.2: they capture nothing during the filling), the written filling
/// first, then the judge's own moves. The points filled, or `None` when the dead stones
/// cannot be taken off.
fn draw_end_phase(
    j: &Judgement,
    dead: &[go_spec::Point],
    written: usize,
    boards: &mut Boards,
) -> Option<Vec<go_spec::Point>> {
    let mut prisoners = [0u32; 2];
    let mut taken_off = dead.is_empty();
    let mut fills = Vec::new();
    for (k, ((c, mv), text)) in j.end_moves.iter().zip(&j.end_phase).enumerate() {
        if let Move::Play(p) = mv {
            if !taken_off {
                if !boards.take_off(dead, &mut prisoners) {
                    return None;
                }
                taken_off = true;
            }
            fills.push(*p);
        }
        // The judge's own steps name points as players do; the filling written beside the
        // record is in SGF letters there, so it is told again from its move.
        let label = if k < written {
            let words = match mv {
                Move::Play(p) => coordinate(*p, boards.size),
                Move::Pass => "pass".to_owned(),
            };
            format!(
                "end phase {}: {} {words} (written beside the record, rfg:7.1)",
                k + 1,
                colour_letter(*c)
            )
        } else {
            format!("end phase {}: {text}", k + 1)
        };
        if boards.play(label, *c, *mv).is_err() {
            break;
        }
    }
    if !taken_off && !boards.take_off(dead, &mut prisoners) {
        return None;
    }
    Some(fills)
}

/// The count's marks on the counted board: dead stones, fills, stones in seki, each side's
/// territory, and the neutral points (a region bordering seki is nobody's, rfg 8.1).
fn count_marks(
    counted: &Board,
    size: go_spec::BoardSize,
    dead: Vec<go_spec::Point>,
    fills: Vec<go_spec::Point>,
) -> Marks {
    let (_, seki) = count::seki(counted);
    let (regions, _) = count::regions(counted);
    let mut marks = Marks {
        dead,
        seki: seki.clone(),
        fills,
        ..Marks::default()
    };
    for r in &regions {
        let by_seki = r.points.iter().any(|q| {
            size.neighbours(*q)
                .any(|m| counted.get(m).is_some() && seki.contains(&m))
        });
        match r.owner() {
            Some(owner) if !by_seki => marks.territory[owner.index()].extend(&r.points),
            _ => marks.neutral.extend(&r.points),
        }
    }
    marks
}

/// The count board's label: each side's territory and prisoners, the neutral points and the
/// stones in seki.
fn count_label(detail: &judge::CountDetail) -> String {
    format!(
        "the count: Black {} territory + {} prisoners, White {} territory + {} prisoners, {} neutral, {} stones in seki",
        detail.territory[0],
        detail.prisoners[0],
        detail.territory[1],
        detail.prisoners[1],
        detail.neutral,
        detail.seki_stones
    )
}

/// The count as a table, for the page, with the dead stones it took off named (players'
/// coordinates, the SGF letters in their tooltips) and where they come from.
fn count_html(j: &Judgement, komi: f64, fills: usize, dead: &[go_spec::Point]) -> String {
    let Some(c) = &j.count else {
        return String::new();
    };
    let black = c.territory[0] + c.prisoners[0];
    let white = f64::from(c.territory[1] + c.prisoners[1]) + komi;
    let outcome = match j.ours.as_deref() {
        Some("0") => format!(
            "Black {black}, White {white}: equal sums with a whole-number komi, a draw (jigo): rfg 10.2 names no winner"
        ),
        Some(ours) => format!("Black {black}, White {white}: {ours} (rfg 10.2)"),
        None => String::new(),
    };
    let named = if dead.is_empty() {
        "none".to_owned()
    } else {
        points_html(dead, j.size)
    };
    format!(
        "<h3>The count (rfg 8–10)</h3><table id=\"count\" data-black=\"{black}\" data-white=\"{white}\" data-neutral=\"{}\" data-seki=\"{}\" data-dead=\"{}\">\
         <tr><th></th><th>territory</th><th>prisoners</th><th>komi</th><th>total</th></tr>\
         <tr><td>Black</td><td>{}</td><td>{}</td><td></td><td>{black}</td></tr>\
         <tr><td>White</td><td>{}</td><td>{}</td><td>{komi}</td><td>{white}</td></tr></table>\
         <p id=\"count-result\">{}</p>\
         <p id=\"count-dead\">Dead stones ({}): {named} — {}.</p>\
         <p>{} neutral points (grey dots), {} stones in seki (blue rings), dead stones crossed in red; {fills} fills of the end phase (green, numbered).</p>",
        c.neutral,
        c.seki_stones,
        dead.len(),
        c.territory[0],
        c.prisoners[0],
        c.territory[1],
        c.prisoners[1],
        esc(&outcome),
        dead.len(),
        esc(j.dead_from.as_deref().unwrap_or("-")),
        c.neutral,
        c.seki_stones,
    )
}

/// Where the dead stones came from, in the user's words.
fn dead_from_words(from: &str, marked: Option<&Marked>, had_outcome: bool) -> String {
    match marked {
        Some(m) => format!(
            "marked by you on the board ({} group(s) clicked, each toggled from {}; click a stone again to undo)",
            m.groups,
            if had_outcome {
                "the dead stones agreed beside the record"
            } else {
                "the record's own marks, or none"
            }
        ),
        None if from == crate::agreed::OUTCOMES_FILE => {
            "as agreed beside the record (the outcomes.yaml of its folder); click a stone to change them".to_owned()
        }
        None => format!("from the record's {from}; click a stone to change them"),
    }
}

/// What the page says of a record that needs the dead stones and does not give them: in the
/// user's terms, with the two ways to give them.
fn no_dead_stones_words() -> String {
    "This game ends in a count, and a count needs to know which stones are dead: the players agree on that at the end (rfg 7.2), and this record does not say it. Click the dead stones on the last board (a click marks the whole group; click again to undo) and the game is counted with them. Or add territory marks to the file — TB[..] on Black's territory and TW[..] on White's, the dead stones included — and open it again.".to_owned()
}

/// The note on the komi used: the record's `KM` or the profile's, by `komi_source`.
fn komi_note(game: &GoRecord, profile: &GoProfile, komi: f64) -> Option<String> {
    let k = game.komi?;
    Some(match profile.rules.komi_source {
        go_spec::KomiSource::Record => format!(
            "komi {k} from the record's KM (komi_source=record); the profile's komi applies to records without KM, or to every record with komi_source=profile (rfg 9.3)"
        ),
        go_spec::KomiSource::Profile => format!(
            "komi {komi} from the profile (komi_source=profile; 0 in a handicap game): the record's KM[{k}] set aside (rfg 9.3)"
        ),
    })
}

impl Workbench for GoWorkbench {
    fn info(&self) -> GameInfo {
        let profiles = ProfileInfo::shipped::<go_spec::GoRules>();
        GameInfo {
            title: "go-conformance workbench".to_owned(),
            game: "Go".to_owned(),
            extensions: vec![".sgf".to_owned()],
            profiles,
        }
    }

    fn check(&self, choice: &Choice) -> Result<(), ChoiceError> {
        conformance_core::workbench::choice::check::<go_spec::GoRules>(choice)
    }

    fn is_record(&self, path: &Path) -> bool {
        conformance_core::walk::has_extension(path, &["sgf"])
    }

    /// The game trees of the SGF collection: each is listed, and judged on its own.
    fn games(&self, record: &RecordInput) -> usize {
        go_sgf::count_games_bytes(&record.bytes).max(1)
    }

    fn judge(&self, record: &RecordInput, choice: &Choice) -> Result<Verdict, RecordError> {
        let (read, agreed, profile) = self.read(record, choice)?;
        let marked = marked_dead::apply(&read.record, &profile, agreed.as_ref(), &choice.marks)
            .map_err(|e| RecordError::new(&record.name, e.to_string()))?;
        let used = marked.as_ref().map(|m| &m.agreed).or(agreed.as_ref());
        let mut j = judge::judge_read(&read, &profile, used);
        if let Some(from) = j.dead_from.clone() {
            j.dead_from = Some(dead_from_words(&from, marked.as_ref(), agreed.is_some()));
        }
        let game = read.record;
        let r = replay(&game, &profile, used, &j);
        let size = game.size;
        let mut chain: Vec<Step> = Vec::new();
        if let Some(refused) = &r.refused {
            chain.push(Step {
                article: refused.article.to_owned(),
                link: article_link(refused.article),
                fact: refusal_words(&refused.sentence, size),
                knob: (refused.article == "rfg:5.2").then(|| "repetition".to_owned()),
            });
        }
        chain.extend(j.articles.iter().map(|id| article_step(id)));
        // The knobs that decided, proved by counterfactual: the game re-judged with each knob
        // set to every value another shipped profile gives it and to each value it lists.
        let decided = crate::impact::knobs_that_decided(&game, &profile, used);
        let mut knobs = KnobUsed::list(&profile, &decided);
        for k in &mut knobs {
            k.gives = refusal_words(&k.gives, size);
        }
        let komi = judge::to_spec(&game, &profile).map_or(0.0, |s| f64::from(s.komi));
        let mut notes = Vec::new();
        if j.count.is_some() {
            notes.extend(komi_note(&game, &profile, komi));
        }
        if let Some(m) = &marked {
            notes.extend(m.ignored.iter().map(|p| {
                format!("the point {p} you marked holds no stone at the end of the game: ignored")
            }));
        }
        let fills = j
            .end_moves
            .iter()
            .filter(|(_, mv)| matches!(mv, Move::Play(_)))
            .count();
        let detail = match &j.agreement {
            Agreement::Agree => None,
            Agreement::NotJudgeable(why) if *why == NotJudgeable::NoDeadStones.to_string() => {
                Some(no_dead_stones_words())
            }
            Agreement::Differs(why) | Agreement::Disagree(why) | Agreement::NotJudgeable(why) => {
                Some(refusal_words(why, size))
            }
        };
        Ok(Verdict {
            headline: headline(&j),
            result: word(&j.agreement).to_owned(),
            detail,
            chain,
            knobs,
            knobs_together: decided.together,
            plies: r.plies,
            deciding_ply: Some(r.deciding),
            extra_html: count_html(&j, komi, fills, &r.dead),
            notes,
        })
    }

    fn compare(
        &self,
        record: &RecordInput,
        base: &Choice,
        other: &Choice,
    ) -> Result<Comparison, RecordError> {
        two_judgements::compare(self, record, base, other)
    }

    fn rulebook_pages(&self) -> Vec<(String, String)> {
        crate::site::pages(go_spec::rfg(), &self.cases)
    }
}

/// A step of the chain for an article our result rests on: its title as the fact.
fn article_step(id: &str) -> Step {
    let title = id
        .parse()
        .ok()
        .and_then(|id| go_spec::rfg().get(&id))
        .map(|a| a.title.clone())
        .unwrap_or_default();
    Step {
        article: id.to_owned(),
        link: article_link(id),
        fact: title,
        knob: None,
    }
}

/// The article's page in the rulebook browser, when the registry holds it.
fn article_link(id: &str) -> Option<String> {
    let id: conformance_rulebook::ArticleId = id.parse().ok()?;
    go_spec::rfg()
        .get(&id)
        .map(|_| conformance_rulebook::site::article_path(&id))
}

/// The impact table's row: the record read once and judged under both choices by the archive
/// `diff` ([`crate::impact::diff_game`]: first parting ply, articles and knobs responsible). The
/// base is a profile as it stands; the page's overrides go to the other side.
mod two_judgements {
    use super::*;
    use crate::impact::{GoSides, diff_game_reached};

    pub(super) fn compare(
        bench: &GoWorkbench,
        record: &RecordInput,
        base: &Choice,
        other: &Choice,
    ) -> Result<Comparison, RecordError> {
        let (game, agreed, _) = bench.read(record, base)?;
        let sides = GoSides::new(&[base.profile.clone(), other.profile.clone()], &other.set)
            .map_err(|e| RecordError::new(&record.name, e.to_string()))?;
        let (change, reach) = diff_game_reached(&game.record, agreed.as_ref(), &sides);
        let size = game.record.size;
        Ok(Comparison::of(reach, change, |v| refusal_words(v, size)))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn judged(bytes: &[u8]) -> Result<Verdict, RecordError> {
        let choice = Choice {
            profile: "rfg".to_owned(),
            set: Vec::new(),
            marks: Vec::new(),
        };
        let record = RecordInput {
            name: "upload.sgf".to_owned(),
            bytes: bytes.to_vec(),
            path: None,
            game: 0,
        };
        GoWorkbench::new(Vec::new()).judge(&record, &choice)
    }

    #[test]
    fn an_upload_that_is_not_a_record_is_refused_as_judge_refuses_it() {
        let e = judged(b"(;GM[1]FF[4]\nC[the game follows in the next mail])").unwrap_err();
        assert!(e.message.contains("not a Go record"), "{}", e.message);
        assert_eq!(e.line, Some(1));
        let mut utf16 = vec![0xFF, 0xFE];
        for unit in "(;SZ[9]KM[6.5]RE[W+R];B[ee];W[cc])".encode_utf16() {
            utf16.extend(unit.to_le_bytes());
        }
        assert!(judged(&utf16).is_ok());
        let e = judged(b"Dear committee,\n\nthe game is attached.").unwrap_err();
        assert!(e.message.contains("no game tree"), "{}", e.message);
    }

    fn record(rel: &str) -> RecordInput {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../real-records/go")
            .join(rel);
        RecordInput {
            name: rel.to_owned(),
            bytes: std::fs::read(&path).unwrap(),
            path: Some(path),
            game: 0,
        }
    }

    fn choice(set: &[&str]) -> Choice {
        Choice {
            profile: "rfg".to_owned(),
            set: set.iter().map(|s| (*s).to_owned()).collect(),
            marks: Vec::new(),
        }
    }

    /// reading41's move 132 repeats an earlier whole-board position: rfg 5.2 (positional
    /// superko) refuses it, the simple ko allows it (`outcomes.yaml`). So `repetition` decided
    /// the verdict, proved by judging again under `simple_ko`.
    #[test]
    fn repetition_decides_a_superko_record() {
        let bench = GoWorkbench::new(Vec::new());
        let v = bench
            .judge(&record("gnugo/reading41.sgf"), &choice(&[]))
            .unwrap();
        let named: Vec<&str> = v.knobs.iter().map(|k| k.knob.as_str()).collect();
        assert!(named.contains(&"repetition"), "{named:?}");
        let k = v.knobs.iter().find(|k| k.knob == "repetition").unwrap();
        assert_eq!(k.set_to, "simple_ko");
    }

    /// An SGF collection of two games: two listed, each judged alone (its own `RE`), no third.
    #[test]
    fn each_game_of_a_collection_is_judged_alone() {
        let bench = GoWorkbench::new(Vec::new());
        let mut record = RecordInput {
            name: "two.sgf".to_owned(),
            bytes: b"(;GM[1]SZ[9]KM[6.5]RE[W+R];B[ee];W[cc])\n(;GM[1]SZ[9]KM[6.5]RE[B+R];B[aa])"
                .to_vec(),
            path: None,
            game: 0,
        };
        assert_eq!(bench.games(&record), 2);
        let first = bench.judge(&record, &choice(&[])).unwrap();
        assert!(first.headline.contains("RE[W+R]"), "{}", first.headline);
        record.game = 1;
        let second = bench.judge(&record, &choice(&[])).unwrap();
        assert!(second.headline.contains("RE[B+R]"), "{}", second.headline);
        record.game = 2;
        assert!(bench.judge(&record, &choice(&[])).is_err());
    }

    /// rfg 9.3 gives White the komi: a negative one is refused with the article and domain.
    #[test]
    fn a_komi_outside_its_domain_is_refused() {
        let bench = GoWorkbench::new(Vec::new());
        let Err(e) = bench.judge(&record("gnugo/reading41.sgf"), &choice(&["komi=-6.5"])) else {
            panic!("judged under a negative komi");
        };
        assert!(e.message.contains("rfg:9.3"), "{e}");
    }

    fn fixture(name: &str) -> Vec<u8> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/jigo")
            .join(name);
        std::fs::read(path).unwrap()
    }

    fn judged_with_marks(bytes: &[u8], marks: &[&str]) -> Verdict {
        let choice = Choice {
            profile: "rfg".to_owned(),
            set: Vec::new(),
            marks: marks.iter().map(|s| (*s).to_owned()).collect(),
        };
        let record = RecordInput {
            name: "walls.sgf".to_owned(),
            bytes: bytes.to_vec(),
            path: None,
            game: 0,
        };
        GoWorkbench::new(Vec::new())
            .judge(&record, &choice)
            .unwrap()
    }

    /// The hand-made walls record (its comment works the count): Black 36 territory; White 27
    /// territory + 2 prisoners + komi 7 = 36 (rfg 8.2, 9.2b, 9.3). Equal sums with a
    /// whole-number komi: a draw (rfg 10.2), said as one on the page.
    #[test]
    fn a_jigo_is_a_draw_in_words() {
        let v = judged_with_marks(&fixture("walls-jigo.sgf"), &[]);
        assert_eq!(v.result, "agree", "{}", v.headline);
        assert!(
            v.headline
                .starts_with("draw (jigo): agrees with the record (RE[0])"),
            "{}",
            v.headline
        );
        assert!(
            v.extra_html.contains("data-black=\"36\" data-white=\"36\""),
            "{}",
            v.extra_html
        );
        assert!(v.extra_html.contains("a draw (jigo)"), "{}", v.extra_html);
        // The dead stones named as players read them, the SGF letters in the tooltip.
        assert!(
            v.extra_html.contains("title=\"SGF gc\">G7</span>"),
            "{}",
            v.extra_html
        );
    }

    /// Without territory marks the record cannot be counted: the page says what to do in the
    /// user's terms; the two stones clicked dead (G7 and G3, each its own group) give the
    /// count above, and the count says they were marked.
    #[test]
    fn dead_stones_marked_by_clicking_are_counted() {
        let text = String::from_utf8(fixture("walls-jigo.sgf")).unwrap();
        let unmarked = text.replace("\n;TB[aa:di]TW[ga:ii]", "");
        assert_ne!(unmarked, text);
        let v = judged_with_marks(unmarked.as_bytes(), &[]);
        assert_eq!(v.result, "not_judgeable");
        let detail = v.detail.unwrap_or_default();
        assert!(
            detail.contains("Click the dead stones") && detail.contains("TB["),
            "{detail}"
        );
        assert!(!detail.contains("outcomes.yaml"), "{detail}");
        let last = v.plies.last().unwrap();
        assert!(
            last.svg.contains("data-mark=\"G7\""),
            "the final board is clickable"
        );
        assert!(
            !v.plies[1].svg.contains("data-mark"),
            "earlier boards are not"
        );
        let v = judged_with_marks(unmarked.as_bytes(), &["G7", "G3"]);
        assert!(v.headline.starts_with("draw (jigo)"), "{}", v.headline);
        assert!(v.extra_html.contains("data-dead=\"2\""), "{}", v.extra_html);
        assert!(v.extra_html.contains("marked by you"), "{}", v.extra_html);
        // A second click on a group brings it back: G7 twice leaves G3 alone dead.
        let v = judged_with_marks(unmarked.as_bytes(), &["G7", "G3", "G7"]);
        assert!(v.extra_html.contains("data-dead=\"1\""), "{}", v.extra_html);
    }

    /// reading41's refused move 132 is SGF `ac`: on the page it is A17, in the chain and in
    /// the detail alike, as the ply labels write it.
    #[test]
    fn a_refused_move_is_named_in_players_coordinates() {
        let bench = GoWorkbench::new(Vec::new());
        let v = bench
            .judge(&record("gnugo/reading41.sgf"), &choice(&[]))
            .unwrap();
        let fact = &v.chain[0].fact;
        assert!(
            fact.starts_with("move 132, Black A17: A17 recreates"),
            "{fact}"
        );
        let detail = v.detail.unwrap_or_default();
        assert!(
            detail.contains("Black A17") && !detail.contains(" ac "),
            "{detail}"
        );
        let last = &v.plies.last().unwrap().label;
        assert!(last.ends_with("move 132, B A17, is refused here"), "{last}");
    }

    /// `komi_source=profile` with komi 6.5 turns GIGN2 (KM 5.5, written and hand-counted
    /// B+0.5: 55 against 47 + 2 + 5.5) into W+0.5: 55 against 49 + 6.5 = 55.5 (rfg 9.2, 9.3,
    /// 10.2); the note says the record's KM was set aside.
    #[test]
    fn the_profiles_komi_can_win_over_the_records() {
        let bench = GoWorkbench::new(Vec::new());
        let rec = record("gnugo/mertin13x13/GIGN2.sgf");
        let v = bench.judge(&rec, &choice(&[])).unwrap();
        assert!(v.headline.starts_with("B+0.5"), "{}", v.headline);
        let v = bench
            .judge(&rec, &choice(&["komi_source=profile", "komi=6.5"]))
            .unwrap();
        assert!(v.headline.starts_with("W+0.5"), "{}", v.headline);
        assert!(
            v.notes.iter().any(|n| n.contains("KM[5.5] set aside")),
            "{:?}",
            v.notes
        );
    }

    /// A komi that is no number is refused on its field before anything is judged, with
    /// what 9.3 lets it be (a multiple of half a point), and no command-line flag in the words.
    #[test]
    fn a_komi_that_is_no_number_is_refused_on_its_field() {
        let bench = GoWorkbench::new(Vec::new());
        let Err(e) = bench.check(&choice(&["komi=abc"])) else {
            panic!("komi=abc accepted");
        };
        assert_eq!(e.knob.as_deref(), Some("komi"), "{e}");
        assert_eq!(e.article.as_deref(), Some("rfg:9.3"), "{e}");
        assert!(
            e.domain
                .as_deref()
                .is_some_and(|d| d.contains("half a point")),
            "{e}"
        );
        assert!(!e.message.contains("--set"), "{e}");
        assert_eq!(bench.check(&choice(&["komi=7.5"])), Ok(()));
    }
}
