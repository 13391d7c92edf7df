//! FESA 2017 5.3: the declaration of victory on points, and the impasse counts of UFS 5.8.6
//! (24 points) and 5.8.7.1 (27 points).
//!
//! 5.3 counts, for the declarer only, the pieces standing in the opponent's camp (the three
//! ranks farthest from the declarer, 2.4) and the pieces in hand: rooks and bishops 5, every
//! other piece 1, promoted pieces at the value of their unpromoted face, the king nothing
//! (5.3.2, 5.3.3; the registry notes on 5.3.1 and 5.3.2 record these readings).
//!
//! The UFS impasse count instead takes every piece the player owns, wherever it stands on the
//! board, plus the pieces in hand (UFS 5.8.6.2).

use shogi_spec::ReasonKind;
use shogi_spec::profile::{DeclarationFailure, DeclarationRule};
use shogi_spec::profile::{Handicap28Points, HandicapDeclaration, ImpasseRule, Rules};
use shogi_spec::{ArticleId, Color, Step};

use crate::article1_check::in_check;
use crate::article3_moves::in_promotion_zone;
use shogi_spec::FesaId;
use shogi_spec::handicap::Handicap;
use shogi_spec::position::Position;
use shogi_spec::{piece::HAND_KINDS, piece::Kind};

/// 5.3.2: the points of a piece: 5 for a rook or bishop (promoted or not), 1 for any other
/// piece, 0 for the king.
pub fn piece_points(kind: Kind) -> u32 {
    match kind.unpromoted() {
        Kind::Rook | Kind::Bishop => 5,
        Kind::King => 0,
        _ => 1,
    }
}

/// The facts 5.3 looks at, for one player in one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeclarationCount {
    /// 5.3.1: the player's king stands in the opponent's camp.
    pub king_in_zone: bool,
    /// 5.3.2 with 5.3.3: points of the pieces in the opponent's camp and in hand.
    pub points: u32,
    /// 5.3.4: the player's pieces in the opponent's camp, the king excluded.
    pub pieces_in_zone: u32,
    /// 5.3.6: the player's king is in check.
    pub in_check: bool,
}

/// Counts what 5.3 needs for `player`.
pub fn declaration_count(pos: &Position, player: Color) -> DeclarationCount {
    let mut count = DeclarationCount {
        king_in_zone: false,
        points: 0,
        pieces_in_zone: 0,
        in_check: in_check(pos, player),
    };
    for (sq, piece) in pos.pieces() {
        if piece.color != player || !in_promotion_zone(sq, player) {
            continue;
        }
        if piece.kind == Kind::King {
            count.king_in_zone = true;
        } else {
            count.points += piece_points(piece.kind);
            count.pieces_in_zone += 1;
        }
    }
    count.points += hand_points(pos, player);
    count
}

fn hand_points(pos: &Position, player: Color) -> u32 {
    HAND_KINDS
        .iter()
        .map(|&k| u32::from(pos.hand(player).count(k)) * piece_points(k))
        .sum()
}

/// Whether `player` needs the sente threshold of 5.3.2 (28 points). In an even game that is
/// Sente. In a handicap game the rulebooks disagree (registry note on 5.3.2, knob
/// `handicap_28_points`): FESA 1.1 calls the player who starts sente, and the giver (gote in
/// the record) starts; UFS 5.9.4 calls the giver gote, leaving the threshold to the receiver.
/// This is one of the two ways the rules of UFS 5.9 (handicap games) reach the declaration.
pub fn needs_sente_threshold(rules: &Rules, player: Color, handicap: Option<Handicap>) -> bool {
    match (handicap, rules.handicap_28_points) {
        (Some(_), Handicap28Points::Giver) => player == Color::Gote,
        (Some(_), Handicap28Points::Receiver) | (None, _) => player == Color::Sente,
    }
}

/// The points `player` needs under the profile (5.3.2), adjusted for a handicap when the
/// profile says so: the giver — gote in a handicap game — then needs the points of the removed
/// pieces fewer. Neither rulebook says so (UFS 5.9.1 keeps every rule but the start in a
/// handicap game), so both built-in profiles keep the thresholds (knob `handicap_declaration`,
/// UFS 5.9).
pub fn points_needed(rules: &Rules, player: Color, handicap: Option<Handicap>) -> u32 {
    let base = if needs_sente_threshold(rules, player, handicap) {
        rules.declaration_points_sente
    } else {
        rules.declaration_points_gote
    };
    match (rules.handicap_declaration, handicap, player) {
        (HandicapDeclaration::GiverReduced, Some(h), Color::Gote) => {
            base.saturating_sub(h.removed_points())
        }
        _ => base,
    }
}

/// 5.3: whether a declaration by `player` in `pos` meets each condition, one step per
/// condition in the article's order. Being on move is not among the conditions: it is what
/// makes the announcement a declaration at all, and the adjudicator refuses one made off turn. `time_left` is `None` in a game without a clock, where
/// 5.3.5 is taken as met (registry note on 5.3.5), else whether the declarer's clock still
/// had time (main or byo-yomi) when the declaration was made.
pub fn judge_declaration(
    pos: &Position,
    player: Color,
    rules: &Rules,
    handicap: Option<Handicap>,
    time_left: Option<bool>,
) -> (bool, Vec<Step>) {
    let c = declaration_count(pos, player);
    let needed = points_needed(rules, player, handicap);
    let needed_pieces = rules.declaration_pieces_in_zone;
    let mut steps = Vec::new();
    let mut ok = true;
    let mut check = |met: bool, article: &str, fact: String, knob: Option<&str>| {
        ok &= met;
        let verdict = if met { "met" } else { "NOT met" };
        let fact = format!("{fact} — {verdict}");
        steps.push(match knob {
            Some(k) => Step::by_knob(ArticleId::fesa(article), fact, k),
            None => Step::new(ArticleId::fesa(article), fact),
        });
    };
    check(
        c.king_in_zone,
        "5.3.1",
        format!(
            "{player}'s king is {}in the opponent's camp",
            if c.king_in_zone { "" } else { "not " }
        ),
        None,
    );
    let knob = match (handicap, needs_sente_threshold(rules, player, handicap)) {
        (Some(_), _) => "handicap_28_points",
        (None, true) => "declaration_points_sente",
        (None, false) => "declaration_points_gote",
    };
    let adjusted = if handicap.is_some()
        && player == Color::Gote
        && rules.handicap_declaration == HandicapDeclaration::GiverReduced
    {
        " (lowered for the handicap giver)"
    } else {
        ""
    };
    check(
        c.points >= needed,
        "5.3.2",
        format!(
            "{player} has {} points counting the pieces in the opponent's camp and in hand (5.3.3), needs {needed}{adjusted}",
            c.points
        ),
        Some(knob),
    );
    check(
        c.pieces_in_zone >= needed_pieces,
        "5.3.4",
        format!(
            "{player} has {} pieces besides the king in the opponent's camp, needs {needed_pieces}",
            c.pieces_in_zone
        ),
        Some("declaration_pieces_in_zone"),
    );
    match time_left {
        None => check(
            true,
            "5.3.5",
            "the game has no clock; the time condition is taken as met".into(),
            None,
        ),
        Some(t) => check(
            t,
            "5.3.5",
            format!(
                "{player}'s clock {} time left (main or byo-yomi)",
                if t { "has" } else { "has no" }
            ),
            None,
        ),
    }
    check(
        !c.in_check,
        "5.3.6",
        format!(
            "{player}'s king is {}in check",
            if c.in_check { "" } else { "not " }
        ),
        None,
    );
    (ok, steps)
}

/// UFS 5.8.6.2: the impasse points of `player`: every piece owned, on the board anywhere or in
/// hand, at its unpromoted value.
pub fn impasse_points(pos: &Position, player: Color) -> u32 {
    let board: u32 = pos
        .pieces()
        .filter(|(_, p)| p.color == player)
        .map(|(_, p)| piece_points(p.kind))
        .sum();
    board + hand_points(pos, player)
}

/// What an impasse count gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImpasseOutcome {
    /// The rule does not apply (no impasse rule, or a king has not entered): play goes on.
    NoEffect,
    /// Both reach the threshold, or (only possible with missing material) neither: a draw.
    Draw,
    /// This side wins.
    Win(Color),
}

/// UFS 5.8.6 and 5.8.7.1: the count when both kings have entered the opponent's camp.
///
/// The players' agreement to stop and count (UFS 5.8.6.1) is the record's `impasse` event; a
/// count asked for before both kings have entered changes nothing. The same count with the
/// same threshold is the textbook's (ru-ch2 draw.2.1, draw.2.2), and it is applied unchanged in
/// handicap games (UFS 5.9.1).
///
/// Under `points_24` a side below 24 loses and both at 24 or more draw (UFS 5.8.6.3). Under
/// `points_27` a side below 27 loses and at 27 each gote wins (5.8.7.1), i.e. sente needs 28
/// and gote 27. With 54 points on the board exactly one side falls short or none does; with
/// fewer (a handicap game) both may, which the text does not cover: project decision, a draw.
pub fn judge_impasse(pos: &Position, rule: ImpasseRule) -> (ImpasseOutcome, Vec<Step>) {
    let (article, sente_needs, gote_needs) = match rule {
        ImpasseRule::None => {
            let step = Step::by_knob(
                ArticleId::fesa("5.4"),
                "the profile has no impasse count; stopping to count changes nothing (1.3, 5.4)",
                "impasse",
            );
            return (ImpasseOutcome::NoEffect, vec![step]);
        }
        ImpasseRule::Points24 => ("ufs2016:5.8.6.3", 24, 24),
        ImpasseRule::Points27 => ("ufs2016:5.8.7.1", 28, 27),
    };
    let article: ArticleId = match article.parse() {
        Ok(a) => a,
        Err(e) => unreachable!("literal article id: {e}"),
    };
    let entered = |c: Color| pos.king_square(c).is_some_and(|k| in_promotion_zone(k, c));
    let mut steps = Vec::new();
    for c in Color::ALL {
        if !entered(c) {
            steps.push(Step::by_knob(
                article.clone(),
                format!("{c}'s king has not entered the opponent's camp; no count is made"),
                "impasse",
            ));
            return (ImpasseOutcome::NoEffect, steps);
        }
    }
    let (s, g) = (
        impasse_points(pos, Color::Sente),
        impasse_points(pos, Color::Gote),
    );
    let (s_ok, g_ok) = (s >= sente_needs, g >= gote_needs);
    let outcome = match (s_ok, g_ok) {
        (true, false) => ImpasseOutcome::Win(Color::Sente),
        (false, true) => ImpasseOutcome::Win(Color::Gote),
        _ => ImpasseOutcome::Draw,
    };
    steps.push(Step::by_knob(
        article,
        format!(
            "both kings have entered; sente has {s} points (needs {sente_needs}), gote has {g} (needs {gote_needs})"
        ),
        "impasse",
    ));
    (outcome, steps)
}

/// The adjudicator's part of this article: applied by [`super::adjudicate`] in the order the
/// game brings it in.
impl super::adjudicate::Game<'_> {
    /// The knobs a declaration judged on move reaches: its threshold (the one `player` needs,
    /// [`needs_sente_threshold`]), the pieces in the zone, and in a handicap game the two
    /// handicap knobs.
    fn reach_declaration(&mut self, player: Color) {
        let ply = self.moves_played;
        let threshold = if needs_sente_threshold(self.rules, player, self.handicap) {
            "declaration_points_sente"
        } else {
            "declaration_points_gote"
        };
        self.reach.mark(threshold, ply);
        self.reach.mark("declaration_pieces_in_zone", ply);
        if self.handicap.is_some() {
            self.reach.mark("handicap_declaration", ply);
            self.reach.mark("handicap_28_points", ply);
        }
    }

    /// 5.3: a player declares victory on their own turn; the conditions 5.3.1–5.3.6 decide it,
    /// and a failed declaration costs what the profile's `declaration_failure` says.
    pub(super) fn declare(&mut self, player: Color) {
        self.reach.mark("declaration", self.moves_played);
        if self.rules.declaration == DeclarationRule::Disabled {
            self.note(Step::by_knob(
                ArticleId::fesa("5.3"),
                format!("{player} declares, but the profile has no declaration: no effect"),
                "declaration",
            ));
            return;
        }
        let on_move = self.pos().side_to_move();
        if on_move != player {
            // 5.3: the declarer announces on their own turn, before moving. A declaration
            // off turn is not a declaration at all (the conditions 5.3.1-5.3.6 are never
            // examined), so it neither wins nor fails.
            self.note(Step::new(
                ArticleId::fesa("5.3"),
                format!("{player} declares while {on_move} is on move: 5.3 lets only the player on move declare, so this is no declaration; refused, play goes on"),
            ));
            return;
        }
        let time_left = self.clocks.as_ref().map(|c| {
            let clock = &c[player.index()];
            !(clock.flag_down() || (on_move == player && clock.runs_out(self.turn_elapsed)))
        });
        self.reach_declaration(player);
        let (ok, steps) =
            judge_declaration(self.pos(), player, self.rules, self.handicap, time_left);
        if !ok {
            self.reach.mark("declaration_failure", self.moves_played);
        }
        self.steps.extend(steps);
        if ok {
            self.win(
                player,
                ReasonKind::Declaration,
                ArticleId::fesa("5.3"),
                Step::new(
                    ArticleId::fesa("5.3"),
                    format!("every condition is met: {player} wins by declaration"),
                ),
            );
            return;
        }
        match self.rules.declaration_failure {
            DeclarationFailure::Loss => self.win(
                !player,
                ReasonKind::FailedDeclaration,
                ArticleId::fesa("5.3"),
                Step::by_knob(
                    ArticleId::fesa("5.3"),
                    format!("the declaration fails: {player} loses"),
                    "declaration_failure",
                ),
            ),
            DeclarationFailure::NoEffect => self.note(Step::by_knob(
                ArticleId::fesa("5.3"),
                "the declaration fails and has no effect: play goes on",
                "declaration_failure",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::sfen;

    #[test]
    fn values_of_5_3_2() {
        assert_eq!(piece_points(Kind::Dragon), 5);
        assert_eq!(piece_points(Kind::Horse), 5);
        assert_eq!(piece_points(Kind::ProPawn), 1);
        assert_eq!(piece_points(Kind::Gold), 1);
        assert_eq!(piece_points(Kind::King), 0);
    }

    #[test]
    fn start_position_is_27_each_for_the_impasse_count() {
        let pos = shogi_spec::position::Position::startpos();
        assert_eq!(impasse_points(&pos, Color::Sente), 27);
        assert_eq!(impasse_points(&pos, Color::Gote), 27);
        let c = declaration_count(&pos, Color::Sente);
        assert_eq!((c.king_in_zone, c.points, c.pieces_in_zone), (false, 0, 0));
    }

    #[test]
    fn only_the_camp_and_the_hand_count() {
        // Sente: king 5b, dragon 1a, pawn 5d (outside the camp), 2 golds in hand.
        let pos = sfen::parse("+R8/4K4/9/4P4/9/9/9/9/4k4 b 2G 1").unwrap();
        let c = declaration_count(&pos, Color::Sente);
        assert_eq!((c.king_in_zone, c.points, c.pieces_in_zone), (true, 7, 1));
    }
}
