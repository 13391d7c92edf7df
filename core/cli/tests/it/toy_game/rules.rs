//! The rules of tic-tac-toe, article by article, and the implementations `--impl` names: the
//! oracle and a library that forgot the diagonals.

use super::profile::{FirstPlayer, TttRules};

/// A board: nine squares, row by row from the top left, each `X`, `O` or `.` (empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(try_from = "Vec<String>")]
pub struct Board(pub [char; 9]);

/// Why a case's board cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a board is three rows of three signs (`X`, `O` or `.`), got {0}")]
pub struct BoardError(String);

impl TryFrom<Vec<String>> for Board {
    type Error = BoardError;
    fn try_from(rows: Vec<String>) -> Result<Board, BoardError> {
        let signs: Vec<char> = rows
            .iter()
            .flat_map(|r| r.split_whitespace())
            .flat_map(str::chars)
            .collect();
        match <[char; 9]>::try_from(signs.as_slice()) {
            Ok(squares) if squares.iter().all(|c| "XO.".contains(*c)) => Ok(Board(squares)),
            _ => Err(BoardError(rows.join(" / "))),
        }
    }
}

/// The rows, columns and diagonals (0-based squares); the diagonals last.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// What an implementation answers.
pub trait Rules {
    /// The sign to move (ttt:1).
    fn to_move(&self, board: &Board, rules: &TttRules) -> char {
        let first = match rules.first_player {
            FirstPlayer::X => 'X',
            FirstPlayer::O => 'O',
        };
        let second = if first == 'X' { 'O' } else { 'X' };
        let count = |sign| board.0.iter().filter(|c| **c == sign).count();
        if count(first) == count(second) {
            first
        } else {
            second
        }
    }
    /// The squares that may be marked, 1-based (ttt:2): none once the game has ended.
    fn legal(&self, board: &Board) -> Vec<u8> {
        if self.result(board) != "continues" {
            return Vec::new();
        }
        (1..=9)
            .filter(|&n| board.0[usize::from(n) - 1] == '.')
            .collect()
    }
    /// `X` or `O` (the winner, ttt:3), `draw` (ttt:4) or `continues`.
    fn result(&self, board: &Board) -> String {
        ended(board, &LINES)
    }
}

/// The winner along `lines` (ttt:3), else a draw on a full board or `continues` (ttt:4).
fn ended(board: &Board, lines: &[[usize; 3]]) -> String {
    let b = &board.0;
    match lines
        .iter()
        .find(|l| b[l[0]] != '.' && l.iter().all(|&i| b[i] == b[l[0]]))
    {
        Some(line) => b[line[0]].to_string(),
        None if b.contains(&'.') => "continues".to_owned(),
        None => "draw".to_owned(),
    }
}

/// The reference implementation.
pub struct Oracle;
impl Rules for Oracle {}

/// A library that looks for rows and columns only.
pub struct NoDiagonals;
impl Rules for NoDiagonals {
    fn result(&self, board: &Board) -> String {
        ended(board, &LINES[..6])
    }
}

/// The implementation `--impl` names, if the toy game knows it.
pub fn implementation(name: &str) -> Option<&'static dyn Rules> {
    match name {
        "oracle" => Some(&Oracle),
        "no-diagonals" => Some(&NoDiagonals),
        _ => None,
    }
}
