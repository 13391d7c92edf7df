//! Judging an SGF record with the oracle: replay its main line under a profile, then set the
//! result the rules give beside the one the record writes (`RE`), the way the shogi tool reports
//! a record's written ending.
//!
//! What a record lets us judge: a resignation, a loss on time or a forfeit is taken from `RE`
//! once the moves replay legally (rfg 10.1, 11a — the record holds no clock to check); a count
//! needs the dead stones, which a record gives through its territory marks (`TB`/`TW`: a stone
//! standing on the other side's territory is dead), and is then made by the oracle (rfg 8–10).
//! Without marks, a game decided by counting is reported as not judgeable rather than guessed:
//! the rules leave life and death to the players (rfg 7.2).

use serde::Serialize;

use go_oracle::Oracle;
use go_oracle::outcome::WinReason;
use go_sgf::{GameResult, SgfGame, SgfMove, WinBy};
use go_spec::{BoardSize, Colour, GameSpec, GoImplError, GoProfile, Komi, Move, Point};

/// How our verdict compares with the record's `RE`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "agreement", content = "detail", rename_all = "snake_case")]
pub enum Agreement {
    /// The rules give the result the record writes.
    Agree,
    /// They give another result (or the record holds an illegal move): why.
    Disagree(String),
    /// The record does not give what a verdict needs: what is missing.
    NotJudgeable(String),
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
    /// The articles our result rests on.
    pub articles: Vec<String>,
    /// The comparison.
    #[serde(flatten)]
    pub agreement: Agreement,
}

/// Judges one game under `profile`.
pub fn judge(game: &SgfGame, profile: &GoProfile) -> Judgement {
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
        agreement: Agreement::NotJudgeable(String::new()),
    };
    let spec = match to_spec(game) {
        Ok(spec) => spec,
        Err(why) => {
            j.agreement = Agreement::NotJudgeable(why);
            return j;
        }
    };
    let oracle = Oracle::new(profile.clone());
    let played = match oracle.replay_game(&spec) {
        Ok(played) => played,
        Err(e) => {
            j.agreement = Agreement::Disagree(format!("the record holds an illegal move: {e}"));
            return j;
        }
    };
    let Some(result) = &game.result else {
        j.agreement = Agreement::NotJudgeable("no RE in the record".to_owned());
        return j;
    };
    let direct = |winner: Colour, reason: WinReason, letter: &str| {
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
            let (ours, article) = direct(colour(*winner), WinReason::Resignation, "R");
            j.ours = Some(ours);
            j.articles.push(article.to_owned());
            j.agreement = Agreement::Agree;
        }
        GameResult::Win {
            winner,
            by: WinBy::Time,
        } => {
            let (ours, article) = direct(colour(*winner), WinReason::Time, "T");
            j.ours = Some(ours);
            j.articles.push(article.to_owned());
            j.agreement = Agreement::Agree;
        }
        GameResult::Win {
            winner,
            by: WinBy::Forfeit,
        } => {
            j.ours = Some(format!("{}+F", colour(*winner).sgf_letter()));
            j.articles.push("rfg:11".to_owned());
            j.agreement = Agreement::Agree;
        }
        GameResult::Win {
            by: WinBy::Score(_) | WinBy::Unspecified,
            ..
        }
        | GameResult::Draw => {
            if game.territory_black.is_empty() && game.territory_white.is_empty() {
                j.agreement = Agreement::NotJudgeable(
                    "a counted result needs the dead stones (TB/TW marks); life and death is the players' (rfg 7.2)"
                        .to_owned(),
                );
                return j;
            }
            let dead = dead_stones(game, &played.board);
            match oracle.count(&spec, &dead) {
                Ok(count) => {
                    let score = count.score(spec.komi, !spec.handicap.is_empty());
                    let ours = score.sgf_result();
                    j.articles = vec![
                        "rfg:8".to_owned(),
                        "rfg:9".to_owned(),
                        "rfg:10.2".to_owned(),
                    ];
                    j.agreement = match compare_count(result, &ours) {
                        Agreement::Disagree(why) => Agreement::Disagree(format!(
                            "{why} (territory {}/{}, prisoners {}/{}, neutral {}, stones in seki {}{})",
                            count.territory[0],
                            count.territory[1],
                            count.prisoners[0],
                            count.prisoners[1],
                            count.neutral,
                            count.seki_stones.len(),
                            if count.seki_stones.is_empty() {
                                ""
                            } else {
                                ": a group touching an unfilled neutral point counts as seki, whose points are nobody's (rfg 7.1, 8.1)"
                            }
                        )),
                        other => other,
                    };
                    j.ours = Some(ours);
                }
                Err(e) => j.agreement = Agreement::NotJudgeable(count_error(&e)),
            }
        }
        GameResult::Void | GameResult::Unknown => {
            j.agreement = Agreement::NotJudgeable(format!("RE[{}] gives no result", j.recorded));
        }
        GameResult::Unrecognised(text) => {
            j.agreement = Agreement::NotJudgeable(format!("RE[{text}] is not an FF[4] result"));
        }
    }
    j
}

fn count_error(e: &GoImplError) -> String {
    format!("the count cannot be made: {e}")
}

/// Same winner and margin: agree; otherwise say what differs.
fn compare_count(recorded: &GameResult, ours: &str) -> Agreement {
    let ours_parsed = GameResult::parse(ours);
    if &ours_parsed == recorded {
        return Agreement::Agree;
    }
    let winner = |r: &GameResult| match r {
        GameResult::Win { winner, .. } => Some(*winner),
        _ => None,
    };
    match (recorded, winner(recorded) == winner(&ours_parsed)) {
        (
            GameResult::Win {
                by: WinBy::Unspecified,
                ..
            },
            true,
        ) => Agreement::Agree,
        (_, true) => Agreement::Disagree(format!(
            "same winner, another margin: the record counts {recorded}, territory plus prisoners (rfg 9.2) gives {ours}"
        )),
        (_, false) => Agreement::Disagree(format!(
            "another winner: the record says {recorded}, the count by rfg 8-10 gives {ours}"
        )),
    }
}

/// The stones the territory marks call dead: a stone on a point marked as the other side's
/// territory.
fn dead_stones(game: &SgfGame, board: &go_oracle::board::Board) -> Vec<Point> {
    let mut dead = Vec::new();
    for (marks, owner) in [
        (&game.territory_black, Colour::Black),
        (&game.territory_white, Colour::White),
    ] {
        for p in marks {
            let p = Point::new(p.x, p.y);
            if board.get(p) == Some(owner.opponent()) {
                dead.push(p);
            }
        }
    }
    dead
}

fn colour(c: go_sgf::Colour) -> Colour {
    match c {
        go_sgf::Colour::Black => Colour::Black,
        go_sgf::Colour::White => Colour::White,
    }
}

/// The record as a game the oracle can replay; why not, when it cannot be one.
pub fn to_spec(game: &SgfGame) -> Result<GameSpec, String> {
    let size = BoardSize::new(game.size).map_err(|_| {
        format!(
            "a {0}x{0} board: the rules know 9, 13 and 19 (rfg 2)",
            game.size
        )
    })?;
    let komi = match game.komi {
        None => Komi::default(),
        Some(k) => Komi::try_from(k).map_err(|e| e.to_string())?,
    };
    if !game.setup_white.is_empty() {
        return Err(
            "white setup stones (AW): the rules place only Black's handicap stones (rfg 10)"
                .to_owned(),
        );
    }
    let handicap: Vec<Point> = game
        .setup_black
        .iter()
        .map(|p| Point::new(p.x, p.y))
        .collect();
    let first = game
        .to_play
        .map(colour)
        .or_else(|| game.moves.first().map(|(c, _)| colour(*c)))
        .unwrap_or(if handicap.is_empty() {
            Colour::Black
        } else {
            Colour::White
        });
    let moves = game
        .moves
        .iter()
        .map(|(c, m)| {
            let mv = match m {
                SgfMove::Pass => Move::Pass,
                SgfMove::Play(p) => Move::Play(Point::new(p.x, p.y)),
            };
            (colour(*c), mv)
        })
        .collect();
    Ok(GameSpec {
        size,
        komi,
        handicap,
        first,
        moves,
        ..GameSpec::new(size, komi)
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn judged(sgf: &str) -> Judgement {
        judge(&go_sgf::parse_game(sgf).unwrap(), &GoProfile::rfg())
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

    #[test]
    fn boards_outside_the_rules_are_not_judged() {
        let j = judged("(;SZ[7]RE[B+R];B[dd])");
        assert!(matches!(j.agreement, Agreement::NotJudgeable(ref why) if why.contains("rfg 2")));
    }
}
