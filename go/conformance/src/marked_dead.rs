//! Dead stones marked by clicking on the workbench's board (`go-conformance serve`).
//!
//! Life and death at the end is the players' agreement (rfg 7.2); a record that does not say
//! it (no `outcomes.yaml` entry, no `TB`/`TW` marks) cannot be counted. On the page the user
//! says it instead: each click on a stone of the final board sends its point (`mark=D4`), and
//! each mark toggles the stone's whole group — a group is dead or alive as one, since its
//! stones share their liberties (rfg 3.2) — from what the record or the outcomes file gives
//! (nothing, for an upload without marks). Two marks on one group cancel, so a second click
//! on a group brings it back to life. The count is then made exactly as for agreed dead stones.

use std::collections::BTreeMap;

use go_oracle::Oracle;
use go_spec::{GoProfile, GoRecord, Point};

use crate::agreed::{Agreed, RecordRules, Verdict};
use crate::judge;
use crate::players_words::parse_coordinate;

/// The dead stones once the user's marks are applied.
#[derive(Debug, Clone)]
pub struct Marked {
    /// The agreed outcome to judge with: the one kept beside the record (or an empty one)
    /// with its dead stones replaced by the marked ones.
    pub agreed: Agreed,
    /// The groups toggled (an odd number of marks on them).
    pub groups: usize,
    /// Marks on points with no stone at the end of the game: ignored, said in a note.
    pub ignored: Vec<String>,
}

/// A mark that is no point of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the marked point `{mark}` is not a point of a {size}x{size} board (a column A to T without I, then a row from 1 at the bottom: D4)"
)]
pub struct MarkError {
    /// The mark as sent.
    pub mark: String,
    /// The board's size.
    pub size: u8,
}

/// The user's `marks` applied to the dead stones of `game` at the end of its main line
/// (the agreed ones, else the territory marks' ones, else none). `None` without marks, or when
/// the record does not replay (the verdict then says why, and there is nothing to count).
///
/// # Errors
/// A mark that is no point of the board.
pub fn apply(
    game: &GoRecord,
    profile: &GoProfile,
    agreed: Option<&Agreed>,
    marks: &[String],
) -> Result<Option<Marked>, MarkError> {
    if marks.is_empty() {
        return Ok(None);
    }
    let points = marks
        .iter()
        .map(|m| {
            parse_coordinate(m, game.size).ok_or_else(|| MarkError {
                mark: m.clone(),
                size: game.size,
            })
        })
        .collect::<Result<Vec<Point>, MarkError>>()?;
    let Ok(spec) = judge::to_spec(game, profile) else {
        return Ok(None);
    };
    let Ok(played) = Oracle::new(profile.clone()).replay_game(&spec) else {
        return Ok(None);
    };
    let board = &played.board;
    let mut dead: Vec<Point> = match agreed {
        Some(a) => judge::agreed_points(&a.dead, game.size).unwrap_or_default(),
        None => judge::dead_stones(game, board),
    };
    // Each group by its first stone, with how many marks fell on it.
    let mut groups: BTreeMap<(u8, u8), (Vec<Point>, usize)> = BTreeMap::new();
    let mut ignored = Vec::new();
    for (mark, p) in marks.iter().zip(points) {
        if board.get(p).is_none() {
            ignored.push(mark.clone());
            continue;
        }
        let stones = board.group(p).0;
        let key = stones
            .iter()
            .map(|q| (q.y, q.x))
            .min()
            .unwrap_or((p.y, p.x));
        groups.entry(key).or_insert((stones, 0)).1 += 1;
    }
    let mut toggled = 0;
    for (stones, n) in groups.into_values() {
        if n % 2 == 0 {
            continue;
        }
        toggled += 1;
        for q in stones {
            if let Some(at) = dead.iter().position(|d| *d == q) {
                dead.remove(at);
            } else {
                dead.push(q);
            }
        }
    }
    let mut marked = agreed.cloned().unwrap_or_else(|| Agreed {
        rules: RecordRules::Unknown,
        dead: Vec::new(),
        fill: Vec::new(),
        seki: Vec::new(),
        count: None,
        result: "none".to_owned(),
        verdict: Verdict::NotJudgeable,
        reason: String::new(),
        notes: String::new(),
    });
    marked.dead = dead.iter().map(ToString::to_string).collect();
    Ok(Some(Marked {
        agreed: marked,
        groups: toggled,
        ignored,
    }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Two black stones, one white: `gc` (G7 on 9x9) and `gd` (G6) form one black group.
    fn game() -> GoRecord {
        go_sgf::parse_game("(;SZ[9]KM[7]RE[0];B[gc];W[aa];B[gd];W[ii])").unwrap()
    }

    fn dead(marks: &[&str]) -> Vec<String> {
        let marks: Vec<String> = marks.iter().map(|s| (*s).to_owned()).collect();
        let m = apply(&game(), &GoProfile::default(), None, &marks)
            .unwrap()
            .unwrap();
        let mut d = m.agreed.dead;
        d.sort();
        d
    }

    #[test]
    fn a_mark_toggles_its_whole_group_and_a_second_mark_undoes_it() {
        assert_eq!(dead(&["G7"]), ["gc", "gd"]);
        assert_eq!(dead(&["G7", "G6"]), Vec::<String>::new());
        assert_eq!(dead(&["G7", "A9"]), ["aa", "gc", "gd"]);
    }

    #[test]
    fn marks_on_empty_points_are_ignored_and_bad_ones_refused() {
        let m = apply(&game(), &GoProfile::default(), None, &["E5".to_owned()])
            .unwrap()
            .unwrap();
        assert_eq!(m.ignored, ["E5"]);
        assert!(m.agreed.dead.is_empty());
        let e = apply(&game(), &GoProfile::default(), None, &["I5".to_owned()]).unwrap_err();
        assert!(e.to_string().contains("`I5`"), "{e}");
        assert!(
            apply(&game(), &GoProfile::default(), None, &[])
                .unwrap()
                .is_none()
        );
    }
}
