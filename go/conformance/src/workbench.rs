//! Go in the workbench (`go-conformance serve`): the game's side of
//! `conformance_core::serve::api::Workbench`.
//!
//! A record is judged exactly as `judge` judges it ([`judge::judge_read`], with the agreed
//! outcome kept beside a served record in `outcomes.yaml`), so the page says what `judge` says.
//! The boards are drawn by [`crate::board_svg`]; a counted game ends on one more board, the
//! count: the end phase's fills (rfg 7.1) played and numbered, the dead stones crossed, each
//! side's territory, the neutral points and the stones in seki marked, beside the count's table.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;

use conformance_core::report::escape::html as esc;
use conformance_core::serve::api::{
    Choice, Comparison, GameInfo, KnobUsed, Ply, ProfileInfo, RecordError, RecordInput, Step,
    Verdict, Workbench,
};
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

    /// The record read, its agreed outcome (for a served record), and the profile.
    fn read(
        &self,
        record: &RecordInput,
        choice: &Choice,
    ) -> Result<(ReadRecord, Option<Agreed>, GoProfile), RecordError> {
        let profile = certify::profile_with(&choice.profile, &choice.set)
            .map_err(|e| RecordError::new(&record.name, e.to_string()))?;
        let game = go_sgf::read_game_bytes(&record.bytes).map_err(|e| RecordError {
            file: record.name.clone(),
            line: Some(e.location.line),
            message: e.kind.to_string(),
        })?;
        let agreed = match &record.path {
            Some(path) => self
                .finder
                .lock()
                .map_err(|_| {
                    RecordError::new(&record.name, "the outcomes files could not be read")
                })?
                .agreed_for(path)
                .map_err(|e| RecordError::new(&record.name, e.to_string()))?,
            None => None,
        };
        Ok((game, agreed, profile))
    }
}

/// The verdict in one line: our result and how it stands beside the record's `RE`.
fn headline(j: &Judgement) -> String {
    let ours = j.ours.as_deref().unwrap_or("no result");
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
    refused: Option<(usize, &'static str, String)>,
    deciding: usize,
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
        };
    };
    let refused = refusal(&spec, profile);
    let mut boards = Boards::at_start(&spec, game.size);
    let deciding = match draw_main_game(&spec, refused.as_ref(), &mut boards) {
        Some(stopped) => stopped,
        None => {
            let main_game = boards.plies.len() - 1;
            if draw_end_and_count(game, &spec, agreed, j, &mut boards) {
                boards.plies.len() - 1
            } else {
                main_game
            }
        }
    };
    Replayed {
        plies: boards.plies,
        refused,
        deciding,
    }
}

/// The move the oracle refuses in the game, if it refuses one: its ply, article and reason.
fn refusal(spec: &go_spec::GameSpec, profile: &GoProfile) -> Option<(usize, &'static str, String)> {
    match Oracle::new(profile.clone()).replay_game(spec) {
        Err(ReplayError::Illegal(v)) => Some((v.ply, v.article, v.reason.clone())),
        _ => None,
    }
}

/// The board as the page draws it, with the pictures drawn so far.
struct Boards {
    board: Board,
    size: u8,
    plies: Vec<Ply>,
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
        };
        boards.push("the start".to_owned(), &Marks::default());
        boards
    }

    /// Draws the board as it stands, with `marks`, as the next picture labelled `label`.
    fn push(&mut self, label: String, marks: &Marks) {
        let svg = board_svg::svg(self.size, &self.board.stones(), marks, &label);
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
            "the agreed dead stones come off: {} stone(s) (rfg 7.2)",
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
    refused: Option<&(usize, &'static str, String)>,
    boards: &mut Boards,
) -> Option<usize> {
    for (k, (c, mv)) in spec.moves.iter().enumerate() {
        let n = k + 1;
        let words = match mv {
            Move::Play(p) => coordinate(*p, boards.size),
            Move::Pass => "pass".to_owned(),
        };
        let label = format!("{n}. {} {words}", colour_letter(*c));
        if refused.is_some_and(|(ply, _, _)| *ply == n) {
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
/// leaves; `false` when there is no count or the dead stones cannot be taken off.
fn draw_end_and_count(
    game: &GoRecord,
    spec: &go_spec::GameSpec,
    agreed: Option<&Agreed>,
    j: &Judgement,
    boards: &mut Boards,
) -> bool {
    let Some(detail) = &j.count else {
        return false;
    };
    let dead = match agreed {
        Some(a) => judge::agreed_points(&a.dead, game.size).unwrap_or_default(),
        None => judge::dead_stones(game, &boards.board),
    };
    let Some(fills) = draw_end_phase(j, &dead, boards) else {
        return false;
    };
    let marks = count_marks(&boards.board, spec.size, dead, fills);
    boards.push(count_label(detail), &marks);
    true
}

/// The end phase as the judge played it: the passes that end the main game, the agreed dead
/// stones taken off (rfg 7.2: they capture nothing during the filling), the written filling
/// first, then the judge's own moves. The points filled, or `None` when the dead stones
/// cannot be taken off.
fn draw_end_phase(
    j: &Judgement,
    dead: &[go_spec::Point],
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
        let label = format!("end phase {}: {text}", k + 1);
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

/// The count as a table, for the page.
fn count_html(j: &Judgement, komi: f64, fills: usize) -> String {
    let Some(c) = &j.count else {
        return String::new();
    };
    let black = c.territory[0] + c.prisoners[0];
    let white = f64::from(c.territory[1] + c.prisoners[1]) + komi;
    format!(
        "<h3>The count (rfg 8–10)</h3><table id=\"count\" data-black=\"{black}\" data-white=\"{white}\" data-neutral=\"{}\" data-seki=\"{}\">\
         <tr><th></th><th>territory</th><th>prisoners</th><th>komi</th><th>total</th></tr>\
         <tr><td>Black</td><td>{}</td><td>{}</td><td></td><td>{black}</td></tr>\
         <tr><td>White</td><td>{}</td><td>{}</td><td>{komi}</td><td>{white}</td></tr></table>\
         <p>{} neutral points (grey dots), {} stones in seki (blue rings), dead stones crossed in red; {fills} fills of the end phase (green, numbered). Dead stones from {}.</p>",
        c.neutral,
        c.seki_stones,
        c.territory[0],
        c.prisoners[0],
        c.territory[1],
        c.prisoners[1],
        c.neutral,
        c.seki_stones,
        esc(j.dead_from.as_deref().unwrap_or("-"))
    )
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

    fn is_record(&self, path: &Path) -> bool {
        conformance_core::walk::has_extension(path, &["sgf"])
    }

    fn judge(&self, record: &RecordInput, choice: &Choice) -> Result<Verdict, RecordError> {
        let (read, agreed, profile) = self.read(record, choice)?;
        let j = judge::judge_read(&read, &profile, agreed.as_ref());
        let game = read.record;
        let r = replay(&game, &profile, agreed.as_ref(), &j);
        let registry = go_spec::rfg();
        let mut chain: Vec<Step> = Vec::new();
        if let Some((ply, article, reason)) = &r.refused {
            chain.push(Step {
                article: (*article).to_owned(),
                link: article_link(article),
                fact: format!("move {ply}: {reason}"),
                knob: (*article == "rfg:5.2").then(|| "repetition".to_owned()),
            });
        }
        for id in &j.articles {
            let title = id
                .parse()
                .ok()
                .and_then(|id| registry.get(&id))
                .map(|a| a.title.clone())
                .unwrap_or_default();
            chain.push(Step {
                article: id.clone(),
                link: article_link(id),
                fact: title,
                knob: None,
            });
        }
        let mut notes = Vec::new();
        // The knobs that decided, proved by counterfactual: the game re-judged with each knob
        // set to every value another shipped profile gives it and to each value it lists.
        let decided = crate::impact::knobs_that_decided(&game, &profile, agreed.as_ref());
        let knobs = KnobUsed::list(&profile, &decided);
        let komi = judge::to_spec(&game, &profile).map_or(0.0, |s| f64::from(s.komi));
        if j.count.is_some() {
            if let Some(k) = game.komi {
                notes.push(format!(
                    "komi {k} from the record's KM; the profile's komi applies to records without KM (rfg 9.3)"
                ));
            }
        }
        let fills = j
            .end_moves
            .iter()
            .filter(|(_, mv)| matches!(mv, Move::Play(_)))
            .count();
        let detail = match &j.agreement {
            Agreement::Agree => None,
            Agreement::Differs(why) | Agreement::Disagree(why) | Agreement::NotJudgeable(why) => {
                Some(why.clone())
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
            extra_html: count_html(&j, komi, fills),
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
        let reached = Comparison {
            reached: reach.knobs,
            reached_articles: reach.articles,
            ..Comparison::default()
        };
        Ok(match change {
            None => reached,
            Some(c) => Comparison {
                before: c.left,
                after: c.right,
                parting_ply: c.ply,
                articles: c.articles,
                knobs: c.knobs,
                knobs_together: c.knobs_together,
                ..reached
            },
        })
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
        };
        let record = RecordInput {
            name: "upload.sgf".to_owned(),
            bytes: bytes.to_vec(),
            path: None,
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
        }
    }

    fn choice(set: &[&str]) -> Choice {
        Choice {
            profile: "rfg".to_owned(),
            set: set.iter().map(|s| (*s).to_owned()).collect(),
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

    /// rfg 9.3 gives White the komi: a negative one is refused with the article and domain.
    #[test]
    fn a_komi_outside_its_domain_is_refused() {
        let bench = GoWorkbench::new(Vec::new());
        let Err(e) = bench.judge(&record("gnugo/reading41.sgf"), &choice(&["komi=-6.5"])) else {
            panic!("judged under a negative komi");
        };
        assert!(e.message.contains("rfg:9.3"), "{e}");
    }
}
