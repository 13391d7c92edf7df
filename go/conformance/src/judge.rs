//! Judging a Go record with the oracle: replay its main line under a profile, then set the
//! result the rules give beside the one the record writes (`RE`), the way the shogi tool reports
//! a record's written ending.
//!
//! The judge takes the record model of `go-spec` ([`GoRecord`]), which the SGF reader
//! (`go-sgf`) produces; it never sees the file format, so another format's reader is judged
//! here unchanged. Its words name SGF's properties (`RE`, `KM`, `TB`/`TW`) because SGF is the
//! format Go records are written in.
//!
//! What a record lets us judge: a resignation, a loss on time or a forfeit is taken from `RE`
//! once the moves replay legally (rfg 10.1, 11a — the record holds no clock to check). A count
//! needs the dead stones, which the rules leave to the players (rfg 7.2): they come from the
//! agreed outcome kept beside the record ([`crate::agreed`], `outcomes.yaml`) or from the
//! record's territory marks (`TB`/`TW`: a stone standing on the other side's territory is dead);
//! the oracle then counts (rfg 8–10). Without either, a counted game is reported as not
//! judgeable rather than guessed.
//!
//! Beside `RE` the verdict is one of: agree; differs, for a documented difference of rules (a
//! record counted by area, a server that forfeits a refused move), named by article; disagree,
//! with no rule to explain it; not judgeable, with what is missing.

use serde::Serialize;

use go_oracle::Oracle;
use go_oracle::end_phase;
use go_oracle::outcome::WinReason;
use go_spec::{
    Color, GameResult, GameSpec, GoProfile, GoRecord, Komi, KomiSource, Move, Point, ReadRecord,
    Repetition, Use, WinBy,
};

use crate::agreed::{Agreed, RecordRules};
use crate::not_judgeable::NotJudgeable;
use crate::record_game::read_spec;
pub use crate::record_game::{placement_moves, to_spec};

/// How our verdict compares with the record's `RE`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "agreement", content = "detail", rename_all = "snake_case")]
pub enum Agreement {
    /// The rules give the result the record writes.
    Agree,
    /// They give another result for a documented difference of rules: which, by article.
    Differs(String),
    /// They give another result (or the record holds an illegal move): why.
    Disagree(String),
    /// The record does not give what a verdict needs: what is missing.
    NotJudgeable(String),
}

impl Agreement {
    /// The verdict's kind, as an outcomes file writes it.
    pub fn verdict(&self) -> crate::agreed::Verdict {
        use crate::agreed::Verdict;
        match self {
            Agreement::Agree => Verdict::Agree,
            Agreement::Differs(_) => Verdict::Differs,
            Agreement::Disagree(_) => Verdict::Disagree,
            Agreement::NotJudgeable(_) => Verdict::NotJudgeable,
        }
    }
}

/// The count behind a counted verdict, per side (Black, White).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CountDetail {
    /// Territory points (rfg 8.1, 8.2).
    pub territory: [u32; 2],
    /// Prisoners: captures and dead stones (rfg 9.2b).
    pub prisoners: [u32; 2],
    /// Empty points that are nobody's (rfg 8.3, and the points of seki, 8.1).
    pub neutral: u32,
    /// Stones the oracle found in seki.
    pub seki_stones: usize,
}

/// The judgement of one record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// Board size.
    pub size: u8,
    /// Moves in the main line.
    pub moves: usize,
    /// `RE` as written (`-` when absent).
    pub recorded: String,
    /// Our result in SGF spelling (`B+R`, `W+3.5`), when we reach one.
    pub ours: Option<String>,
    /// The articles our result rests on, the one that gives the result last
    /// ([`Judgement::deciding_article`]).
    pub articles: Vec<String>,
    /// The count, for a counted game.
    pub count: Option<CountDetail>,
    /// Where the dead stones came from: `outcomes.yaml`, `TB/TW marks`, or nothing.
    pub dead_from: Option<String>,
    /// How the record was read where it can mean more than its letters say: a free handicap
    /// placement written as the first `HA[n]` Black moves (rfg 2.2). Empty when it was read as
    /// written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<String>,
    /// The end phase the judge played before a count (rfg 7.1, 7.2): each pass, fill, forced
    /// connection and capture in words with its article, after the filling written beside the
    /// record (`fill` in outcomes.yaml), if any. Empty when nothing was counted.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub end_phase: Vec<String>,
    /// Where the record stops before the main game has ended (fewer passes in a row than the
    /// profile needs) and the other reading of who moves first gives another result: that
    /// result, who moves first in it, and why the judge takes its own (the registry's decision
    /// under rfg 7.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative: Option<String>,
    /// What the reader did with every property of the file (counts by use, the encoding),
    /// when the record was judged from a file ([`judge_read`]); absent for a record built in
    /// code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub properties: Option<PropertyCounts>,
    /// With [`Judgement::alternative`]: the two results, the one better for Black first — the
    /// range the rules' text leaves open.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<[String; 2]>,
    /// With [`Judgement::alternative`]: the end phase of the other reading, move by move as
    /// [`Judgement::end_phase`].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alternative_end_phase: Vec<String>,
    /// The moves of that end phase (the written filling first), each with the sentence of
    /// [`Judgement::end_phase`] at the same index: for the workbench's boards.
    #[serde(skip)]
    pub end_moves: Vec<(Color, Move)>,
    /// The knobs whose situation the game met, each at its first ply (go-oracle's
    /// `reach::REACH_RULES`): the moves' own, a move refused by rfg 5.2, and the profile's
    /// komi taken for a count.
    #[serde(skip)]
    pub reach: conformance_rulebook::profile::reach::Reach,
    /// The comparison.
    #[serde(flatten)]
    pub agreement: Agreement,
}

impl Judgement {
    /// The article of the rule that decided our result, at the end of the record: the one the
    /// result is given by — 10.1 for a resignation, 11a for time, 11 for a forfeit, 10.2 for a
    /// count (the articles of the end phase and the count before it lead there; 10.2 turns the
    /// sums into the result). `None` without a result of ours. `diff` names it among the
    /// articles whose branch the game took.
    pub fn deciding_article(&self) -> Option<&str> {
        self.ours.as_ref()?;
        self.articles.last().map(String::as_str)
    }
}

/// The reader's ledger in counts: what was done with every property of the record's file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PropertyCounts {
    /// The counts in one line: "312 properties: 4 headers, 122 moves, …, 5 ignored (…)".
    pub summary: String,
    /// How many properties the file holds (every occurrence, every game tree).
    pub total: usize,
    /// How many of each use: `header`, `setup`, `move`, `result`, `territory`, `comment`,
    /// `variation`, and `ignored_<reason>` for each reason of [`go_spec::Ignored`].
    pub by_use: std::collections::BTreeMap<String, usize>,
    /// The encoding the bytes were decoded under, and why that one.
    pub encoding: String,
}

impl PropertyCounts {
    /// The counts of a reader's ledger.
    pub fn of(read: &ReadRecord) -> PropertyCounts {
        let by_use = read
            .ledger
            .counts()
            .into_iter()
            .map(|(used, n)| (use_key(used), n))
            .fold(std::collections::BTreeMap::new(), |mut m, (k, n)| {
                *m.entry(k).or_insert(0) += n;
                m
            });
        PropertyCounts {
            summary: read.ledger.summary(),
            total: read.ledger.entries.len(),
            by_use,
            encoding: read.encoding.clone(),
        }
    }
}

/// A use as the JSON names it (`move`, `ignored_unknown`).
fn use_key(used: Use) -> String {
    match used {
        Use::Ignored(why) => format!(
            "ignored_{}",
            serde_json::to_value(why)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        ),
        Use::Territory => "territory".to_owned(),
        other => other.word().to_owned(),
    }
}

/// Judges a record as a reader read it: [`judge_with`], with the ledger's counts and its notes
/// (each dialect reading, cited by property and place) among the readings, so that nothing
/// read past the letter of the format is silent.
pub fn judge_read(read: &ReadRecord, profile: &GoProfile, agreed: Option<&Agreed>) -> Judgement {
    let mut j = judge_with(&read.record, profile, agreed);
    let mut readings = read.ledger.notes();
    readings.append(&mut j.readings);
    j.readings = readings;
    j.properties = Some(PropertyCounts::of(read));
    j
}

/// Judges one game under `profile`, with no agreed outcome beside it.
pub fn judge(game: &GoRecord, profile: &GoProfile) -> Judgement {
    judge_with(game, profile, None)
}

/// Judges one game under `profile`; `agreed` gives the players' dead stones and how the
/// record's own result was counted.
pub fn judge_with(game: &GoRecord, profile: &GoProfile, agreed: Option<&Agreed>) -> Judgement {
    let recorded = game
        .result
        .as_ref()
        .map_or_else(|| "-".to_owned(), ToString::to_string);
    let mut j = Judgement {
        size: game.size,
        moves: game.moves.len(),
        recorded,
        ours: None,
        articles: Vec::new(),
        count: None,
        dead_from: None,
        readings: Vec::new(),
        end_phase: Vec::new(),
        alternative: None,
        properties: None,
        range: None,
        alternative_end_phase: Vec::new(),
        end_moves: Vec::new(),
        reach: Default::default(),
        agreement: Agreement::NotJudgeable(String::new()),
    };
    let spec = match read_spec(game, profile) {
        Ok((spec, readings)) => {
            j.readings = readings;
            spec
        }
        Err(why) => {
            j.agreement = Agreement::NotJudgeable(why.to_string());
            return j;
        }
    };
    let oracle = Oracle::new(profile.clone());
    let played = match oracle.replay_game(&spec) {
        Ok(played) => {
            j.reach = played.reach.clone();
            played
        }
        Err(e) => {
            if let go_oracle::play::ReplayError::Illegal(v) = &e {
                if v.article == "rfg:5.2" {
                    j.reach.mark("repetition", v.ply);
                }
            }
            j.agreement = illegal_record(&spec, profile, &e.to_string());
            return j;
        }
    };
    let Some(result) = &game.result else {
        j.agreement = Agreement::NotJudgeable("no RE in the record".to_owned());
        return j;
    };
    let direct = |winner: Color, reason: WinReason, letter: &str| {
        (
            format!("{}+{letter}", winner.sgf_letter()),
            reason.article(),
        )
    };
    match result {
        GameResult::Win {
            winner,
            by: WinBy::Resignation,
        } => {
            let (ours, article) = direct(*winner, WinReason::Resignation, "R");
            j.ours = Some(ours);
            j.articles.push(article.to_owned());
            j.agreement = Agreement::Agree;
        }
        GameResult::Win {
            winner,
            by: WinBy::Time,
        } => {
            let (ours, article) = direct(*winner, WinReason::Time, "T");
            j.ours = Some(ours);
            j.articles.push(article.to_owned());
            j.agreement = Agreement::Agree;
        }
        GameResult::Win {
            winner,
            by: WinBy::Forfeit,
        } => {
            j.ours = Some(format!("{}+F", winner.sgf_letter()));
            j.articles.push("rfg:11".to_owned());
            j.agreement = Agreement::Agree;
        }
        GameResult::Win {
            by: WinBy::Score(_) | WinBy::Unspecified,
            ..
        }
        | GameResult::Draw => {
            let as_it_stands = match counted(&mut j, game, &oracle, &spec, &played.board, agreed) {
                Ok(r) => r,
                Err(why) => {
                    j.agreement = Agreement::NotJudgeable(why.to_string());
                    return j;
                }
            };
            let ours = j.ours.clone().unwrap_or_default();
            let rules = agreed.map_or(RecordRules::Unknown, |a| a.rules);
            j.agreement = match compare_count(result, &ours, rules) {
                Agreement::Disagree(_) if &GameResult::parse(&as_it_stands) == result => {
                    Agreement::Differs(format!(
                        "RE {result} counts the position as the record leaves it; rfg 7.1 has the end phase played first (neutral points filled, borders closed, the connections the fills force made), which gives {ours}"
                    ))
                }
                Agreement::Disagree(why) => Agreement::Disagree(match &j.count {
                    Some(c) => format!(
                        "{why} (rfg count: territory {}/{}, prisoners {}/{}, neutral {}, stones in seki {})",
                        c.territory[0],
                        c.territory[1],
                        c.prisoners[0],
                        c.prisoners[1],
                        c.neutral,
                        c.seki_stones
                    ),
                    None => why,
                }),
                other => other,
            };
        }
        GameResult::Void | GameResult::Unknown => {
            j.agreement = Agreement::NotJudgeable(format!("RE[{}] gives no result", j.recorded));
        }
        GameResult::Unrecognised(text) => {
            if let Some(winner) = illegal_forfeit(text) {
                j.agreement = Agreement::Differs(format!(
                    "RE[{text}]: the server gave the game to {winner} because the other side tried a move it refused; under rfg 13.4b a first or second impossible move costs time and only the third loses, so the rules give no result from this record"
                ));
                return j;
            }
            // A result in free text: the count is still made when the dead stones are agreed,
            // so that a reader can set it beside the text.
            let counted_ok = agreed.is_some()
                && counted(&mut j, game, &oracle, &spec, &played.board, agreed).is_ok();
            j.agreement = Agreement::NotJudgeable(if counted_ok {
                format!(
                    "RE[{text}] is not an FF[4] result; the count by rfg 8-10 gives {}",
                    j.ours.as_deref().unwrap_or("-")
                )
            } else {
                format!("RE[{text}] is not an FF[4] result")
            });
        }
    }
    j
}

/// A record the oracle refuses: a documented difference when only positional superko refuses it
/// (the record's server knew simple ko alone), a disagreement otherwise.
fn illegal_record(spec: &GameSpec, profile: &GoProfile, why: &str) -> Agreement {
    if profile.rules.repetition == Repetition::PositionalSuperko {
        let simple = profile.with("repetition", &Repetition::SimpleKo.to_string());
        if simple.is_ok_and(|simple| Oracle::new(simple).replay_game(spec).is_ok()) {
            return Agreement::Differs(format!(
                "{why}; the record's server forbade only the immediate retake of a ko and allowed this repetition of a whole-board position, which rfg 5.2 forbids: the rules give no result for the game as played"
            ));
        }
    }
    Agreement::Disagree(format!("the record holds an illegal move: {why}"))
}

/// `B+Illegal` / `W+Illegal`, as CGOS writes a game won because the other side tried a move
/// the server refused: the winner in words.
fn illegal_forfeit(text: &str) -> Option<&'static str> {
    let t = text.trim().to_ascii_lowercase();
    match t.strip_suffix("illegal")? {
        "b+" => Some("Black"),
        "w+" => Some("White"),
        _ => None,
    }
}

/// Marks the komi knobs a counted game reached (`go_oracle::reach::REACH_RULES`): `komi` when
/// the profile's komi went into the count of an even game (the record writes none, or
/// `komi_source=profile` set the record's aside; a handicap game takes 0 whatever `komi` says,
/// rfg 9.3 as the registry reads it); `komi_source` when the record writes a komi other than
/// the profile's for its kind of game, so that which one wins changes the count.
fn mark_komi_reach(j: &mut Judgement, game: &GoRecord, profile: &GoProfile, handicap_game: bool) {
    let ply = game.moves.len();
    let rules = &profile.rules;
    let from_profile = game.komi.is_none() || rules.komi_source == KomiSource::Profile;
    if from_profile && !handicap_game {
        j.reach.mark("komi", ply);
    }
    if let Some(written) = game.komi
        && Komi::try_from(written).map_or(true, |k| k != rules.komi_for(handicap_game))
    {
        j.reach.mark("komi_source", ply);
    }
}

/// Counts the game with the agreed dead stones (or the territory marks) after the end phase
/// (rfg 7.1, 7.2: the filling written beside the record, then the judge's,
/// [`end_phase::play_out`]) and sets our result, the count, the end phase and its other order
/// on `j`. Returns the result of the position as the record leaves it (no end phase), which is
/// how a server that counts the final position wrote `RE`; why not, when it cannot count.
fn counted(
    j: &mut Judgement,
    game: &GoRecord,
    oracle: &Oracle,
    spec: &GameSpec,
    board: &go_oracle::board::Board,
    agreed: Option<&Agreed>,
) -> Result<String, NotJudgeable> {
    let dead = match agreed {
        Some(a) => {
            j.dead_from = Some(crate::agreed::OUTCOMES_FILE.to_owned());
            agreed_points(&a.dead, game.size)?
        }
        None if !game.territory_black.is_empty() || !game.territory_white.is_empty() => {
            j.dead_from = Some("TB/TW marks".to_owned());
            dead_stones(game, board)
        }
        None => return Err(NotJudgeable::NoDeadStones),
    };
    let mut filled = spec.clone();
    let written = agreed.map_or(&[][..], |a| &a.fill[..]);
    let mut end_moves = Vec::new();
    for m in written {
        let mv = agreed_move(m, game.size)?;
        filled.moves.push(mv);
        end_moves.push(mv);
    }
    let played = oracle
        .replay_game(&filled)
        .map_err(|e| NotJudgeable::Filling(e.to_string()))?;
    let result = |count: &go_oracle::count::Count| {
        count
            .score(spec.komi, !spec.handicap.is_empty())
            .sgf_result()
    };
    let standing = go_oracle::count::count(&played.board, played.prisoners, &dead)
        .map_err(|e| NotJudgeable::Count(e.to_string()))?;
    let as_it_stands = result(&standing);
    let end = end_phase::play_out(&played, &dead, end_phase::Order::ToMove)
        .map_err(|e| NotJudgeable::Count(e.to_string()))?;
    let ours = result(&end.count);
    if played.phase() == go_oracle::play::Phase::Main {
        // The record stops before the main game has ended: the text leaves open whether its
        // stop was the players' end (the missing passes made at once) or the side to move
        // may still play; the registry takes the second (rfg 1.1, 7.1).
        if let Ok(other) = end_phase::play_out(&played, &dead, end_phase::Order::PassesFirst) {
            let theirs = result(&other.count);
            if theirs != ours {
                set_alternative(j, &played, &other, &ours, &theirs);
            }
        }
    }
    j.end_phase = written
        .iter()
        .map(|m| format!("{m} (written in {}, rfg:7.1)", crate::agreed::OUTCOMES_FILE))
        .chain(end_phase_lines(&end, game.size))
        .collect();
    end_moves.extend(end.steps.iter().map(|s| (s.colour, s.mv)));
    j.end_moves = end_moves;
    let count = end.count;
    mark_komi_reach(j, game, &oracle.profile, !spec.handicap.is_empty());
    j.ours = Some(ours);
    j.articles = vec![
        "rfg:7.1".to_owned(),
        "rfg:8".to_owned(),
        "rfg:9".to_owned(),
        "rfg:10.2".to_owned(),
    ];
    j.count = Some(CountDetail {
        territory: count.territory,
        prisoners: count.prisoners,
        neutral: count.neutral,
        seki_stones: count.seki_stones.len(),
    });
    Ok(as_it_stands)
}

/// The end phase in words: each move, then the stones of the filling that are dead at the
/// count, and a note where a part was too big to search.
fn end_phase_lines(end: &end_phase::EndPhase, size: u8) -> Vec<String> {
    let mut out: Vec<String> = end.steps.iter().map(|s| s.text.clone()).collect();
    if !end.dead_in_filling.is_empty() {
        let board = go_spec::BoardSize::new(size).ok();
        let names = board.map_or_else(
            || format!("{} stone(s)", end.dead_in_filling.len()),
            |b| end_phase::vertices(b, &end.dead_in_filling),
        );
        out.push(format!(
            "stones of the end phase that cannot be joined to their side's live stones are dead at the count and come off as prisoners: {names} (rfg:8.1 commentary, rfg:7.2 commentary)"
        ));
    }
    if !end.searched {
        out.push(end_phase::fallback_note());
    }
    out
}

/// Sets the other reading of who moves first on `j`: its result, the range, its end phase,
/// and why the judge takes its own (the registry's decision under rfg 7.1).
fn set_alternative(
    j: &mut Judgement,
    played: &go_oracle::play::Game,
    other: &end_phase::EndPhase,
    ours: &str,
    theirs: &str,
) {
    let name = |c: Color| match c {
        Color::Black => "Black",
        Color::White => "White",
    };
    let first_other = other
        .steps
        .iter()
        .find(|s| s.kind != end_phase::StepKind::MainPass)
        .map_or(played.to_move.opponent(), |s| s.colour);
    j.alternative = Some(format!(
        "{theirs} if the record's stop is read as the end of the main game (the missing passes made at once, {} moving first in the filling); the judge takes {ours}: the record stops before the passes rfg 7.1 needs, so {} is to move (rfg:1.1) and may still play or pass (registry decision under rfg:7.1)",
        name(first_other),
        name(played.to_move)
    ));
    let margin = |r: &str| match GameResult::parse(r) {
        GameResult::Win {
            winner,
            by: WinBy::Score(m),
        } => match winner {
            Color::Black => m,
            Color::White => -m,
        },
        _ => 0.0,
    };
    let mut both = [ours.to_owned(), theirs.to_owned()];
    if margin(&both[1]) > margin(&both[0]) {
        both.swap(0, 1);
    }
    j.range = Some(both);
    j.alternative_end_phase = end_phase_lines(other, j.size);
}

/// One agreed filling move, `B ba` / `W pass`; an unreadable one is named.
pub(crate) fn agreed_move(text: &str, size: u8) -> Result<(Color, Move), NotJudgeable> {
    let bad = || NotJudgeable::FillingMove {
        text: text.to_owned(),
        size,
    };
    let (who, what) = text.trim().split_once(' ').ok_or_else(bad)?;
    let colour = match who {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return Err(bad()),
    };
    if what.trim() == "pass" {
        return Ok((colour, Move::Pass));
    }
    let point = agreed_points(&[what.trim().to_owned()], size).map_err(|_| bad())?;
    Ok((colour, Move::Play(point[0])))
}

/// The agreed points as board points; an unreadable one is named.
pub(crate) fn agreed_points(points: &[String], size: u8) -> Result<Vec<Point>, NotJudgeable> {
    points
        .iter()
        .map(|p| {
            let b = p.as_bytes();
            match b {
                [x @ b'a'..=b'z', y @ b'a'..=b'z'] if x - b'a' < size && y - b'a' < size => {
                    Ok(Point::new(x - b'a', y - b'a'))
                }
                _ => Err(NotJudgeable::DeadStone {
                    point: p.clone(),
                    size,
                }),
            }
        })
        .collect()
}

/// Same winner and margin: agree; a record counted by area that differs: differs, by
/// article; otherwise say what differs.
fn compare_count(recorded: &GameResult, ours: &str, rules: RecordRules) -> Agreement {
    let ours_parsed = GameResult::parse(ours);
    if &ours_parsed == recorded {
        return Agreement::Agree;
    }
    let winner = |r: &GameResult| match r {
        GameResult::Win { winner, .. } => Some(*winner),
        _ => None,
    };
    let same_winner = winner(recorded) == winner(&ours_parsed);
    if let (
        GameResult::Win {
            by: WinBy::Unspecified,
            ..
        },
        true,
    ) = (recorded, same_winner)
    {
        return Agreement::Agree;
    }
    if rules == RecordRules::Area {
        return Agreement::Differs(format!(
            "the record was counted by {}, rfg 9.2 counts territory and prisoners: RE {recorded}, rfg {ours}{}",
            rules.words(),
            if same_winner {
                " (same winner)"
            } else {
                " (the winner changes with the counting)"
            }
        ));
    }
    let draw_words = |r: &GameResult, text: String| match r {
        GameResult::Draw => "a draw (jigo, 0)".to_owned(),
        _ => text,
    };
    if recorded == &GameResult::Draw || ours_parsed == GameResult::Draw {
        // A draw names no winner (rfg 10.2): "another winner" would say one of them has one.
        Agreement::Disagree(format!(
            "another result: the record says {}, the count by rfg 8-10 gives {}",
            draw_words(recorded, recorded.to_string()),
            draw_words(&ours_parsed, ours.to_owned())
        ))
    } else if same_winner {
        Agreement::Disagree(format!(
            "same winner, another margin: the record counts {recorded}, territory plus prisoners (rfg 9.2) gives {ours}"
        ))
    } else {
        Agreement::Disagree(format!(
            "another winner: the record says {recorded}, the count by rfg 8-10 gives {ours}"
        ))
    }
}

/// The stones the territory marks call dead: a stone on a point marked as the other side's
/// territory.
pub(crate) fn dead_stones(game: &GoRecord, board: &go_oracle::board::Board) -> Vec<Point> {
    let mut dead = Vec::new();
    for (marks, owner) in [
        (&game.territory_black, Color::Black),
        (&game.territory_white, Color::White),
    ] {
        for &p in marks {
            if board.get(p) == Some(owner.opponent()) {
                dead.push(p);
            }
        }
    }
    dead
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn judged(sgf: &str) -> Judgement {
        judge(&go_sgf::parse_game(sgf).unwrap(), &GoProfile::default())
    }

    #[test]
    fn resignation_is_taken_from_the_record() {
        let j = judged("(;SZ[9]KM[6.5]RE[W+R];B[ee];W[cc])");
        assert_eq!(j.agreement, Agreement::Agree);
        assert_eq!(j.ours.as_deref(), Some("W+R"));
        assert_eq!(j.articles, ["rfg:10.1"]);
    }

    #[test]
    fn an_illegal_move_disagrees_with_any_result() {
        // Black plays on an occupied point (rfg 3.1).
        let j = judged("(;SZ[9]RE[B+R];B[ee];W[cc];B[cc])");
        assert!(matches!(j.agreement, Agreement::Disagree(ref why) if why.contains("illegal")));
    }

    #[test]
    fn a_count_without_marks_is_not_judged() {
        let j = judged("(;SZ[9]KM[6.5]RE[W+6.5];B[ee];W[cc])");
        assert!(matches!(j.agreement, Agreement::NotJudgeable(_)));
    }

    // A 9x9 board split by a black wall on column e (x = 4) and a white wall on column f
    // (x = 5): Black owns columns a-d (4 x 9 = 36 points), White columns g-i (3 x 9 = 27).
    // With komi 6.5 Black leads by 36 - 27 - 6.5 = 2.5 (rfg 9.2, 9.3, 10.2).
    fn walls(result: &str, extra: &str) -> String {
        let mut moves = String::new();
        for y in 0..9u8 {
            let row = char::from(b'a' + y);
            moves.push_str(&format!(";B[e{row}];W[f{row}]"));
        }
        format!("(;SZ[9]KM[6.5]RE[{result}]{moves}{extra};B[];W[];B[]\n;TB[aa:di]TW[ga:ii])")
    }

    #[test]
    fn a_count_from_territory_marks_agrees() {
        let j = judged(&walls("B+2.5", ""));
        assert_eq!(j.ours.as_deref(), Some("B+2.5"));
        assert_eq!(j.agreement, Agreement::Agree);
    }

    #[test]
    fn a_dead_stone_on_marked_territory_is_a_prisoner() {
        // A white stone inside Black's area (cc), marked as Black territory: dead. Black gains
        // its point as territory (rfg 8.2) and the stone as a prisoner (rfg 9.2b): 36 + 1 = 37
        // against 27 + 6.5, Black by 3.5. Black passes first so that turns alternate.
        let j = judged(&walls("B+3.5", ";B[];W[cc]"));
        assert_eq!(j.ours.as_deref(), Some("B+3.5"));
        assert_eq!(j.agreement, Agreement::Agree);
        let j = judged(&walls("W+1.5", ";B[];W[cc]"));
        assert!(
            matches!(j.agreement, Agreement::Disagree(ref why) if why.contains("another winner"))
        );
    }

    fn agreed(rules: RecordRules, dead: &[&str], fill: &[&str]) -> Agreed {
        Agreed {
            rules,
            dead: dead.iter().map(|s| (*s).to_owned()).collect(),
            fill: fill.iter().map(|s| (*s).to_owned()).collect(),
            seki: Vec::new(),
            count: None,
            result: String::new(),
            verdict: crate::agreed::Verdict::Agree,
            reason: String::new(),
            notes: String::new(),
        }
    }

    fn walls_unmarked(result: &str, extra: &str) -> GoRecord {
        let mut moves = String::new();
        for y in 0..9u8 {
            let row = char::from(b'a' + y);
            moves.push_str(&format!(";B[e{row}];W[f{row}]"));
        }
        go_sgf::parse_game(&format!("(;SZ[9]KM[6.5]RE[{result}]{moves}{extra})")).unwrap()
    }

    #[test]
    fn the_agreed_dead_stones_make_a_count_without_marks() {
        // As a_dead_stone_on_marked_territory_is_a_prisoner, with the dead White stone on cc
        // given by the agreed outcome instead of TB/TW: 37 against 33.5, Black by 3.5.
        let game = walls_unmarked("B+3.5", ";B[];W[cc]");
        let a = agreed(RecordRules::Territory, &["cc"], &[]);
        let j = judge_with(&game, &GoProfile::default(), Some(&a));
        assert_eq!(j.ours.as_deref(), Some("B+3.5"));
        assert_eq!(j.agreement, Agreement::Agree);
        assert_eq!(j.dead_from.as_deref(), Some("outcomes.yaml"));
        assert_eq!(j.count.unwrap().prisoners, [1, 0]);
        // Without the agreement the same record is not judged.
        let j = judge(&game, &GoProfile::default());
        assert!(matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("rfg 7.2")));
    }

    #[test]
    fn an_area_counted_record_differs_by_article_and_a_territory_one_disagrees() {
        // The walls game counted by area: Black 36 + 9 stones = 45, White 27 + 9 + 6.5 = 42.5,
        // B+2.5 by area as by territory; write B+3.5 to make the margins differ.
        let game = walls_unmarked("B+3.5", "");
        let j = judge_with(
            &game,
            &GoProfile::default(),
            Some(&agreed(RecordRules::Area, &[], &[])),
        );
        assert!(
            matches!(j.agreement, Agreement::Differs(ref why) if why.contains("rfg 9.2") && why.contains("area")),
            "{}",
            serde_json::to_string(&j.agreement).unwrap()
        );
        let j = judge_with(
            &game,
            &GoProfile::default(),
            Some(&agreed(RecordRules::Territory, &[], &[])),
        );
        assert!(matches!(j.agreement, Agreement::Disagree(_)));
    }

    #[test]
    fn agreed_filling_moves_are_played_before_the_count() {
        // White fills a point of Black's side (aa) after the record, Black passes in turn: the
        // stone stands on Black's territory, so the count changes only if the move is played;
        // marked dead as well, it is a prisoner: 36 + 1 against 27 + 6.5, B+3.5.
        let game = walls_unmarked("B+3.5", "");
        let a = agreed(RecordRules::Territory, &["aa"], &["B pass", "W aa"]);
        let j = judge_with(&game, &GoProfile::default(), Some(&a));
        assert_eq!(j.ours.as_deref(), Some("B+3.5"));
        let bad = agreed(RecordRules::Territory, &[], &["B zz9"]);
        let j = judge_with(&game, &GoProfile::default(), Some(&bad));
        assert!(
            matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("'B zz9'") && why.contains("outcomes.yaml"))
        );
        let bad = agreed(RecordRules::Territory, &["jj"], &[]);
        let j = judge_with(&game, &GoProfile::default(), Some(&bad));
        assert!(
            matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("'jj'") && why.contains("9x9"))
        );
    }

    #[test]
    fn a_record_without_komi_gets_the_profiles() {
        // The walls game with no KM: an even game, so rfg's 6.5 (GoProfile::komi_for, rfg 9.3):
        // 36 against 27 + 6.5, B+2.5 (with no komi at all it would be B+9).
        let text = walls("B+2.5", "").replace("KM[6.5]", "");
        let j = judged(&text);
        assert_eq!(j.ours.as_deref(), Some("B+2.5"));
        assert_eq!(j.agreement, Agreement::Agree);
    }

    #[test]
    fn a_server_forfeit_for_a_refused_move_differs_by_13_4b() {
        let j = judged("(;SZ[9]KM[7.5]RE[B+Illegal];B[ee];W[cc])");
        assert!(
            matches!(j.agreement, Agreement::Differs(ref why) if why.contains("13.4b") && why.contains("Black"))
        );
        assert_eq!(j.ours, None);
    }

    #[test]
    fn a_free_placement_written_as_moves_is_the_handicap() {
        // KGS writes a free placement of HA[2] as two Black moves. Read as the placement
        // (rfg 2.2), White moves first after it (1.1) and nothing is two moves in a row.
        let j = judged("(;SZ[9]HA[2]KM[0.5]RE[W+R];B[cc];B[gg];W[ee];B[ce])");
        assert_eq!(j.agreement, Agreement::Agree);
        assert_eq!(j.readings.len(), 1);
        assert!(j.readings[0].contains("HA[2]") && j.readings[0].contains("cc gg"));
        assert!(j.readings[0].contains("rfg 2.2"));
        // The same moves with no HA are Black moving twice: 11d, whatever RE says.
        let j = judged("(;SZ[9]KM[0.5]RE[W+R];B[cc];B[gg];W[ee];B[ce])");
        assert!(
            matches!(j.agreement, Agreement::Disagree(ref why) if why.contains("rfg:11d")),
            "{}",
            serde_json::to_string(&j.agreement).unwrap()
        );
        assert!(j.readings.is_empty());
    }

    #[test]
    fn a_double_move_after_the_placement_stays_a_breach() {
        // Placement cc gg, then White ee, Black ce and Black cg: the second Black move in a row
        // comes after the placement, so it is 11d's.
        let j = judged("(;SZ[9]HA[2]RE[B+R];B[cc];B[gg];W[ee];B[ce];B[cg])");
        assert!(
            matches!(j.agreement, Agreement::Disagree(ref why) if why.contains("rfg:11d")),
            "{}",
            serde_json::to_string(&j.agreement).unwrap()
        );
        // HA[3] with only two Black moves before White's: no placement can be read, and the
        // two Black moves are two moves in a row.
        let j = judged("(;SZ[9]HA[3]RE[B+R];B[cc];B[gg];W[ee])");
        assert!(matches!(j.agreement, Agreement::Disagree(ref why) if why.contains("rfg:11d")));
        assert!(j.readings.is_empty());
        // HA[2] whose moves alternate from the start is read as written (no placement): legal.
        let j = judged("(;SZ[9]HA[2]RE[B+R];B[cc];W[gg];B[ee])");
        assert_eq!(j.agreement, Agreement::Agree);
        assert!(j.readings.is_empty());
        // A repeated point is no placement either: Black's second stone on cc is refused.
        let j = judged("(;SZ[9]HA[2]RE[B+R];B[cc];B[cc];W[ee])");
        assert!(matches!(j.agreement, Agreement::Disagree(_)));
    }

    #[test]
    fn a_placement_written_as_moves_is_counted_as_handicap_stones() {
        // The walls game (Black column e, White column f) with Black's ea and eb written as
        // the placement of HA[2] and no KM: a handicap game, so komi 0 (rfg 9.3, the one komi
        // rule). After the placement White moves first and the walls alternate; Black passes
        // once White's wall is left one stone short, and three passes end it (7.1). Black
        // 4 x 9 = 36, White 3 x 9 = 27: B+9 (10.2).
        let mut moves = String::from(";B[ea];B[eb]");
        for y in 0..9u8 {
            let row = char::from(b'a' + y);
            moves.push_str(&format!(";W[f{row}]"));
            if y + 2 < 9 {
                moves.push_str(&format!(";B[e{}]", char::from(b'a' + y + 2)));
            } else {
                moves.push_str(";B[]");
            }
        }
        let text = format!("(;SZ[9]HA[2]RE[B+9]{moves};W[];B[]\n;TB[aa:di]TW[ga:ii])");
        let j = judged(&text);
        assert_eq!(
            j.ours.as_deref(),
            Some("B+9"),
            "{}",
            serde_json::to_string(&j.agreement).unwrap()
        );
        assert_eq!(j.agreement, Agreement::Agree);
        assert_eq!(j.readings.len(), 1);
    }

    #[test]
    fn a_result_komi_cannot_change_is_judged_whatever_komi_says() {
        // KM[3.75] is no whole number of half points (rfg 9.3); a resignation (10.1) and a
        // loss on time (11a) name their winner without a count, so they are judged, with the
        // komi set aside and said so; a counted result is not.
        for (re, ours) in [("W+R", "W+R"), ("B+T", "B+T"), ("W+F", "W+F")] {
            let j = judged(&format!("(;SZ[9]KM[3.75]RE[{re}];B[ee];W[cc])"));
            assert_eq!(j.agreement, Agreement::Agree, "{re}");
            assert_eq!(j.ours.as_deref(), Some(ours));
            assert!(
                j.readings[0].contains("komi 3.75") && j.readings[0].contains("set aside"),
                "{:?}",
                j.readings
            );
        }
        let j = judged("(;SZ[9]KM[3.75]RE[W+2.5];B[ee];W[cc])");
        assert!(
            matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("komi 3.75"))
        );
    }

    #[test]
    fn boards_outside_the_rules_are_not_judged() {
        let j = judged("(;SZ[7]RE[B+R];B[dd])");
        assert!(matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("rfg 2")));
    }
}
