//! A record ([`GoRecord`], the model every record reader produces) as the game the oracle plays:
//! the board, komi, handicap (set up, or a free placement written as moves), the first player
//! and the moves. The judge, the workbench and the impact report read a record through here and
//! never see its file format, so a second Go record format adds a reader producing the model
//! (beside `go-sgf`) and leaves all of this alone.

use go_spec::{
    BoardSize, Color, GameResult, GameSpec, GoProfile, GoRecord, Komi, KomiSource, Move, Point,
    WinBy,
};

use crate::not_judgeable::NotJudgeable;

/// The record as a game the oracle can replay under `profile`; why not, when it cannot be one.
/// A record without `KM` gets the profile's komi for its kind of game (`GoProfile::komi_for`:
/// rfg 9.3, none in a handicap game); so does every record under `komi_source=profile`. A free handicap placement written as moves is read as
/// the placement ([`placement_moves`]).
pub fn to_spec(game: &GoRecord, profile: &GoProfile) -> Result<GameSpec, NotJudgeable> {
    read_spec(game, profile).map(|(spec, _)| spec)
}

/// How many of the record's first moves are its handicap placement: `HA[n]` (n of 2 or more)
/// with no `AB` setup and the first n moves Black stones on n different points — the way KGS
/// writes a free placement. Those moves are the handicap stones of rfg 2.2 (the registry's
/// reading: any set of distinct points), not n moves in a row (11d). `None` when the record
/// does not read so: its moves are then its moves, and Black moving twice is 11d's.
pub fn placement_moves(game: &GoRecord) -> Option<usize> {
    let n = usize::try_from(game.handicap?).ok()?;
    if n < 2 || !game.setup_black.is_empty() || game.moves.len() < n {
        return None;
    }
    let mut points = Vec::with_capacity(n);
    for (c, m) in &game.moves[..n] {
        match (c, m) {
            (Color::Black, Move::Play(p)) if !points.contains(p) => points.push(*p),
            _ => return None,
        }
    }
    Some(n)
}

/// How the record's result was won when komi cannot change it (resignation, rfg 10.1; time,
/// 11a; forfeit, 11), in words.
fn uncounted(game: &GoRecord) -> Option<&'static str> {
    match &game.result {
        Some(GameResult::Win { by, .. }) => match by {
            WinBy::Resignation => Some("by resignation (rfg 10.1)"),
            WinBy::Time => Some("on time (rfg 11a)"),
            WinBy::Forfeit => Some("by forfeit (rfg 11)"),
            WinBy::Score(_) | WinBy::Unspecified => None,
        },
        _ => None,
    }
}

/// [`to_spec`], with the readings it made (for [`Judgement::readings`]).
pub(crate) fn read_spec(
    game: &GoRecord,
    profile: &GoProfile,
) -> Result<(GameSpec, Vec<String>), NotJudgeable> {
    let size = BoardSize::new(game.size).map_err(|_| NotJudgeable::BoardSize(game.size))?;
    let mut readings = Vec::new();
    let handicap_game = !game.setup_black.is_empty() || game.handicap.is_some_and(|h| h > 0);
    let default_komi = profile.rules.komi_for(handicap_game);
    let komi = match game.komi {
        None => default_komi,
        Some(k) if profile.rules.komi_source == KomiSource::Profile => {
            readings.push(format!(
                "KM[{k}] set aside: komi_source=profile gives every game the profile's komi, here {default_komi} ({}, rfg:9.3)",
                if handicap_game { "a handicap game" } else { "an even game" }
            ));
            default_komi
        }
        Some(k) => match Komi::try_from(k) {
            Ok(komi) => komi,
            Err(e) => match uncounted(game) {
                Some(by) => {
                    readings.push(format!(
                        "{e}; the game was won {by}, which no komi changes (rfg 9.3 gives komi to a count only): judged with the komi set aside"
                    ));
                    default_komi
                }
                None => return Err(e.into()),
            },
        },
    };
    if !game.setup_white.is_empty() {
        return Err(NotJudgeable::WhiteSetup);
    }
    let placed = placement_moves(game).unwrap_or(0);
    let handicap: Vec<Point> = if placed > 0 {
        let points: Vec<String> = game.moves[..placed]
            .iter()
            .filter_map(|(_, m)| match m {
                Move::Play(p) => Some(p.to_string()),
                Move::Pass => None,
            })
            .collect();
        readings.push(format!(
            "HA[{placed}] with no AB: the first {placed} Black moves ({}) are read as the free handicap placement (rfg 2.2), not as moves in a row (rfg 11d); White moves first after them (rfg 1.1)",
            points.join(" ")
        ));
        game.moves[..placed]
            .iter()
            .filter_map(|(_, m)| match m {
                Move::Play(p) => Some(*p),
                Move::Pass => None,
            })
            .collect()
    } else {
        game.setup_black.clone()
    };
    let played = &game.moves[placed..];
    // A root `PL` speaks of the moves after the setup; with the placement written as moves,
    // those are the placement's own, so the turn after it comes from the moves that follow.
    let to_play = if placed > 0 { None } else { game.to_play };
    let first = to_play
        .or_else(|| played.first().map(|(c, _)| *c))
        .unwrap_or(if handicap.is_empty() {
            Color::Black
        } else {
            Color::White
        });
    let moves = played.to_vec();
    Ok((
        GameSpec {
            size,
            komi,
            handicap,
            first,
            moves,
            ..GameSpec::new(size, komi)
        },
        readings,
    ))
}
