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
    let mut out = Replayed {
        plies: Vec::new(),
        refused: None,
        deciding: 0,
    };
    let Ok(spec) = judge::to_spec(game, profile) else {
        return out;
    };
    let size = game.size;
    if let Err(ReplayError::Illegal(v)) = Oracle::new(profile.clone()).replay_game(&spec) {
        out.refused = Some((v.ply, v.article, v.reason.clone()));
    }
    let mut board = Board::new(spec.size);
    for p in &spec.handicap {
        board.set(*p, Some(Color::Black));
    }
    for (p, c) in &spec.setup {
        board.set(*p, Some(*c));
    }
    let draw = |board: &Board, marks: &Marks, caption: &str| {
        board_svg::svg(size, &board.stones(), marks, caption)
    };
    out.plies.push(Ply {
        label: "the start".to_owned(),
        svg: draw(&board, &Marks::default(), "the start"),
        ..Ply::default()
    });
    let play = |board: &mut Board, plies: &mut Vec<Ply>, label: String, c: Color, mv: Move| {
        let last = match mv {
            Move::Play(p) => {
                if let Err(e) = board.place(p, c) {
                    return Err(format!("{label} cannot be placed: {}", e.describe()));
                }
                Some(p)
            }
            Move::Pass => None,
        };
        let marks = Marks {
            last,
            ..Marks::default()
        };
        plies.push(Ply {
            svg: draw(board, &marks, &label),
            label,
            ..Ply::default()
        });
        Ok(())
    };
    for (k, (c, mv)) in spec.moves.iter().enumerate() {
        let n = k + 1;
        let words = match mv {
            Move::Play(p) => coordinate(*p, size),
            Move::Pass => "pass".to_owned(),
        };
        let label = format!("{n}. {} {words}", colour_letter(*c));
        if out.refused.as_ref().is_some_and(|(ply, _, _)| *ply == n) {
            if let Some(last) = out.plies.last_mut() {
                let _ = write!(
                    last.label,
                    " — move {n}, {} {words}, is refused here",
                    colour_letter(*c)
                );
            }
            out.deciding = n - 1;
            return out;
        }
        if let Err(why) = play(&mut board, &mut out.plies, label, *c, *mv) {
            if let Some(last) = out.plies.last_mut() {
                let _ = write!(last.label, " — {why}");
            }
            out.deciding = out.plies.len() - 1;
            return out;
        }
    }
    out.deciding = out.plies.len() - 1;
    let Some(detail) = &j.count else {
        return out;
    };
    // The end phase as the judge played it: the passes that end the main game, the agreed
    // dead stones taken off (rfg 7.2: they capture nothing during the filling), the written
    // filling first, then the judge's own moves; then the count on the board it leaves.
    let dead = match agreed {
        Some(a) => judge::agreed_points(&a.dead, size).unwrap_or_default(),
        None => judge::dead_stones(game, &board),
    };
    let mut prisoners = [0u32; 2];
    let mut taken_off = dead.is_empty();
    let mut fills = Vec::new();
    let mut take_off = |board: &mut Board, plies: &mut Vec<Ply>| -> bool {
        let label = format!(
            "the agreed dead stones come off: {} stone(s) (rfg 7.2)",
            dead.len()
        );
        plies.push(Ply {
            svg: draw(
                board,
                &Marks {
                    dead: dead.clone(),
                    ..Marks::default()
                },
                &label,
            ),
            label,
            ..Ply::default()
        });
        count::remove_dead(board, &mut prisoners, &dead).is_ok()
    };
    for (k, ((c, mv), text)) in j.end_moves.iter().zip(&j.end_phase).enumerate() {
        if let Move::Play(p) = mv {
            if !taken_off {
                if !take_off(&mut board, &mut out.plies) {
                    return out;
                }
                taken_off = true;
            }
            fills.push(*p);
        }
        let label = format!("end phase {}: {text}", k + 1);
        if play(&mut board, &mut out.plies, label, *c, *mv).is_err() {
            break;
        }
    }
    if !taken_off && !take_off(&mut board, &mut out.plies) {
        return out;
    }
    let counted = board.clone();
    let (_, seki) = count::seki(&counted);
    let (regions, _) = count::regions(&counted);
    let mut marks = Marks {
        dead,
        seki: seki.clone(),
        fills,
        ..Marks::default()
    };
    for r in &regions {
        let by_seki = r.points.iter().any(|q| {
            spec.size
                .neighbours(*q)
                .any(|m| counted.get(m).is_some() && seki.contains(&m))
        });
        match r.owner() {
            Some(owner) if !by_seki => marks.territory[owner.index()].extend(&r.points),
            _ => marks.neutral.extend(&r.points),
        }
    }
    let label = format!(
        "the count: Black {} territory + {} prisoners, White {} territory + {} prisoners, {} neutral, {} stones in seki",
        detail.territory[0],
        detail.prisoners[0],
        detail.territory[1],
        detail.prisoners[1],
        detail.neutral,
        detail.seki_stones
    );
    out.plies.push(Ply {
        svg: draw(&board, &marks, &label),
        label,
        ..Ply::default()
    });
    out.deciding = out.plies.len() - 1;
    out
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
    use crate::impact::{GoSides, diff_game};

    pub(super) fn compare(
        bench: &GoWorkbench,
        record: &RecordInput,
        base: &Choice,
        other: &Choice,
    ) -> Result<Comparison, RecordError> {
        let (game, agreed, _) = bench.read(record, base)?;
        let sides = GoSides::new(&[base.profile.clone(), other.profile.clone()], &other.set)
            .map_err(|e| RecordError::new(&record.name, e.to_string()))?;
        Ok(match diff_game(&game.record, agreed.as_ref(), &sides) {
            None => Comparison {
                before: String::new(),
                after: String::new(),
                parting_ply: None,
                articles: Vec::new(),
                knobs: Vec::new(),
                knobs_together: false,
            },
            Some(c) => Comparison {
                before: c.left,
                after: c.right,
                parting_ply: c.ply,
                articles: c.articles,
                knobs: c.knobs,
                knobs_together: c.knobs_together,
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
