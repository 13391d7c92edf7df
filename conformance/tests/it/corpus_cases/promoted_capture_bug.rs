#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The promoted-capture cases catch the bug real libraries had room for (issue 43.4): a
//! deliberately broken oracle puts a captured promoted piece into the captor's hand as a gold
//! (one of the mix-ups the issue names: a horse that becomes a gold). Every case of
//! `moves/promoted-captures.yaml` and the older dragon case fail on it, and cases without a
//! promoted capture still pass — the failures come from that one bug. The game records of
//! `games/promoted-captures-records.yaml` fail on it too, through the adapter's own record
//! replay (`adjudicate`), which calls the drop of the unpromoted piece an illegal move.

use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::run::case_run::{Checked, run_case};
use shogi_oracle::MakeMove;
use shogi_oracle::Oracle;
use shogi_spec::{
    ArticleId, FesaId as _, ImplError, Implementation, PositionSpec, Reason, ReasonKind, Status,
    Verdict,
};
use shogi_spec::{piece::Kind, position::Position, usi::Move};
use shogi_spec::{record::Event, record::Record};

/// The oracle, but a captured promoted piece goes to hand as a gold.
struct PromotedBecomesGold(Oracle);

/// `mv` played on `pos` with the bug: a captured promoted piece lands in hand as a gold.
fn play_with_bug(pos: &Position, mv: Move) -> Position {
    let mover = pos.side_to_move();
    let captured = match mv {
        Move::Board { to, .. } => pos.piece_at(to),
        Move::Drop { .. } => None,
    };
    let mut after = pos.after(mv);
    if let Some(p) = captured.filter(|p| p.kind.is_promoted()) {
        let hand = after.hand_mut(mover);
        let right = p.kind.unpromoted();
        hand.set(right, hand.count(right) - 1);
        hand.set(Kind::Gold, hand.count(Kind::Gold) + 1);
    }
    after
}

impl PromotedBecomesGold {
    /// The position after the spec's moves, replayed with the bug, as a spec of its own.
    fn replay(&self, spec: &PositionSpec) -> Result<PositionSpec, ImplError> {
        let start = PositionSpec {
            sfen: spec.sfen.clone(),
            moves: Vec::new(),
        };
        let mut pos = self
            .0
            .setup(&start)
            .map_err(|e| ImplError::InvalidPosition(e.to_string()))?;
        for text in &spec.moves {
            let mv = Move::parse(text).map_err(|e| ImplError::InvalidPosition(e.to_string()))?;
            pos = play_with_bug(&pos, mv);
        }
        Ok(PositionSpec {
            sfen: shogi_spec::sfen::format(&pos),
            moves: Vec::new(),
        })
    }
}

impl Implementation for PromotedBecomesGold {
    fn name(&self) -> String {
        "oracle-promoted-capture-as-gold".into()
    }

    fn legal_moves(&mut self, position: &PositionSpec) -> Result<Vec<String>, ImplError> {
        let p = self.replay(position)?;
        self.0.legal_moves(&p)
    }

    fn perft(&mut self, position: &PositionSpec, depth: u32) -> Result<u64, ImplError> {
        let p = self.replay(position)?;
        self.0.perft(&p, depth)
    }

    fn divide(
        &mut self,
        position: &PositionSpec,
        depth: u32,
    ) -> Result<Vec<(String, u64)>, ImplError> {
        let p = self.replay(position)?;
        self.0.divide(&p, depth)
    }

    fn status(&mut self, position: &PositionSpec) -> Result<Status, ImplError> {
        let p = self.replay(position)?;
        self.0.status(&p)
    }

    /// A record replayed as such a library would: a move its own position does not allow
    /// loses the game for the mover (9.4), a resignation ends it (5.1b).
    fn adjudicate(&mut self, record_yaml: &str, _: &str) -> Result<Verdict, ImplError> {
        let record = Record::from_yaml(record_yaml).map_err(|e| ImplError::Failed(e.message))?;
        let mut pos = record.initial_position();
        for event in &record.events {
            match event {
                Event::Move { mv, .. } => {
                    if !shogi_oracle::legality::legal_moves(&pos).contains(&mv.0) {
                        return Ok(Verdict::Win {
                            winner: !pos.side_to_move(),
                            reason: Reason {
                                kind: ReasonKind::IllegalMove,
                                article: ArticleId::fesa("9.4"),
                            },
                        });
                    }
                    pos = play_with_bug(&pos, mv.0);
                }
                Event::Resign { player, .. } => {
                    return Ok(Verdict::Win {
                        winner: !*player,
                        reason: Reason {
                            kind: ReasonKind::Resignation,
                            article: ArticleId::fesa("5.1"),
                        },
                    });
                }
                _ => {}
            }
        }
        Ok(Verdict::Continues)
    }
}

#[test]
fn every_promoted_capture_case_fails_on_a_library_that_holds_a_gold() {
    let corpus = Corpus::load(&default_root()).unwrap();
    let mut buggy = PromotedBecomesGold(Oracle::lenient());
    let mut checked = 0;
    for case in &corpus.cases {
        let promoted_capture = case.file.to_string_lossy().contains("promoted-captures")
            || case.slug == "captured-dragon-goes-to-hand-as-rook";
        let unrelated = [
            "hand-of-every-kind-sente",
            "board-edge-rook-in-the-corner",
            "resignation-sente",
            "resignation-gote",
        ]
        .contains(&case.slug.as_str());
        if !promoted_capture && !unrelated {
            continue;
        }
        let result = run_case(&mut buggy, case, "fesa-2017").unwrap();
        let failed = matches!(result.outcome(), Checked::Fail(_));
        assert_eq!(failed, promoted_capture, "{} {}", case.id, case.slug);
        checked += 1;
    }
    // The five promoted kinds for each colour, the dragon, the six game records (every promoted
    // kind, dragon included), and the four unrelated cases (two of them game records).
    assert_eq!(checked, 21);
}
