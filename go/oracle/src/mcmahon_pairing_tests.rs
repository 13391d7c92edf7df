//! Tests of the McMahon pairing procedure (rfg MM C, MM D), kept apart for the module's size.

use super::{PairingPlayer, RoundPairing};

/// A player with a McMahon score, a rating and the opponents met, nothing else.
fn p(name: &str, mm: f64, rating: i32, met: &[&str]) -> PairingPlayer {
    PairingPlayer {
        name: name.to_owned(),
        mm,
        rating,
        points: 0.0,
        opponents: met.iter().map(|s| (*s).to_owned()).collect(),
        point_without_play: false,
        floats: Vec::new(),
    }
}

/// The round's pairs as `A-B`.
fn pairs(r: &RoundPairing) -> Vec<String> {
    r.pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect()
}

mod basics {
    use super::super::*;
    use super::{p, pairs};

    #[test]
    fn d1_order_is_the_texts_example() {
        let got = d1_transfers(&[5, 6, 7, 8]);
        let want: [[u32; 4]; 7] = [
            [5, 6, 8, 7],
            [5, 7, 6, 8],
            [5, 7, 8, 6],
            [5, 8, 6, 7],
            [5, 8, 7, 6],
            [6, 5, 7, 8],
            [6, 5, 8, 7],
        ];
        assert_eq!(got.len(), 23);
        for (g, w) in got.iter().zip(want) {
            assert_eq!(g.as_slice(), w.as_slice());
        }
    }

    #[test]
    fn d2_order_starts_as_the_texts_example() {
        let got = d2_exchanges(&[1, 2, 3, 4], &[5, 6, 7, 8]);
        let one: Vec<(Vec<u32>, Vec<u32>)> = got
            .iter()
            .filter(|e| e.from_s1.len() == 1)
            .take(3)
            .map(|e| (e.from_s1.clone(), e.from_s2.clone()))
            .collect();
        assert_eq!(
            one,
            [(vec![4], vec![5]), (vec![4], vec![6]), (vec![3], vec![5])]
        );
        let two: Vec<(Vec<u32>, Vec<u32>)> = got
            .iter()
            .filter(|e| e.from_s1.len() == 2)
            .take(3)
            .map(|e| (e.from_s1.clone(), e.from_s2.clone()))
            .collect();
        assert_eq!(
            two,
            [
                (vec![3, 4], vec![5, 6]),
                (vec![3, 4], vec![5, 7]),
                (vec![2, 4], vec![5, 6])
            ]
        );
    }

    #[test]
    fn first_round_pairs_top_half_against_bottom_half() {
        // MM E.2 / C.5: one group of four: 1-3, 2-4.
        let list = [
            p("A", 0.0, 2000, &[]),
            p("B", 0.0, 1900, &[]),
            p("C", 0.0, 1800, &[]),
            p("D", 0.0, 1700, &[]),
        ];
        let r = pair_round(&list, None).unwrap();
        assert_eq!(pairs(&r), ["A-C", "B-D"]);
        assert_eq!(r.bye, None);
    }

    #[test]
    fn a_rematch_is_refused_by_a_transfer() {
        // A met C: C.5 gives A-C, B-D; the first transfer (D.1) 4-3 gives A-D, B-C.
        let list = [
            p("A", 0.0, 2000, &["C"]),
            p("B", 0.0, 1900, &[]),
            p("C", 0.0, 1800, &["A"]),
            p("D", 0.0, 1700, &[]),
        ];
        let r = pair_round(&list, None).unwrap();
        assert_eq!(pairs(&r), ["A-D", "B-C"]);
    }

    #[test]
    fn an_odd_round_gives_the_lowest_eligible_player_the_bye() {
        let mut list = vec![
            p("A", 0.0, 2000, &[]),
            p("B", 0.0, 1900, &[]),
            p("C", 0.0, 1800, &[]),
        ];
        assert_eq!(pair_round(&list, None).unwrap().bye.as_deref(), Some("C"));
        list[2].point_without_play = true;
        let r = pair_round(&list, None).unwrap();
        assert_eq!(r.bye.as_deref(), Some("B"));
        assert_eq!(pairs(&r), ["A-C"]);
    }

    #[test]
    fn everyone_has_met_everyone_is_no_pairing() {
        let list = [p("A", 0.0, 2, &["B"]), p("B", 0.0, 1, &["A"])];
        assert_eq!(pair_round(&list, None), Err(PairingError::NoPairing));
        let twice = [p("A", 0.0, 2, &[]), p("A", 0.0, 1, &[])];
        assert_eq!(
            pair_round(&twice, None),
            Err(PairingError::DuplicateName("A".into()))
        );
    }
}

mod procedure_tests {
    use super::super::*;
    use super::{p, pairs};

    #[test]
    fn an_exchange_when_no_transfer_works() {
        // S1 A,B; S2 C,D; A met C and D, so no transfer pairs A (C.6); the first exchange
        // of D.2 swaps 2 and 3: S1 A,C; S2 B,D: A-B, C-D (C.7).
        let list = [
            p("A", 0.0, 4, &["C", "D"]),
            p("B", 0.0, 3, &[]),
            p("C", 0.0, 2, &["A"]),
            p("D", 0.0, 1, &["A"]),
        ];
        assert_eq!(pairs(&pair_round(&list, None).unwrap()), ["A-B", "C-D"]);
    }

    #[test]
    fn a_player_without_opponent_moves_down() {
        // A and B (2 points) met: each has no opponent in the group (C.1) and both move
        // down; the lower group then has two of four who came down, half, so it is split as
        // homogeneous (A.3, A.6): A-C, B-D.
        let list = [
            p("A", 2.0, 4, &["B"]),
            p("B", 2.0, 3, &["A"]),
            p("C", 1.0, 2, &[]),
            p("D", 1.0, 1, &[]),
        ];
        assert_eq!(pairs(&pair_round(&list, None).unwrap()), ["A-C", "B-D"]);
    }

    #[test]
    fn a_repeated_up_float_is_avoided_by_a_transfer() {
        // A alone at 2 moves down; the group at 1 is mixed (1 of 4 came down): S1 A, S2 B,
        // C, D. A-B would float B up again right after an up float (B.4); the transfer C-B-D
        // gives A-C, then the remainder B-D.
        let mut list = vec![
            p("A", 2.0, 4, &[]),
            p("B", 1.0, 3, &[]),
            p("C", 1.0, 2, &[]),
            p("D", 1.0, 1, &[]),
        ];
        assert_eq!(pairs(&pair_round(&list, None).unwrap()), ["A-B", "C-D"]);
        list[1].floats = vec![Float::Up];
        assert_eq!(pairs(&pair_round(&list, None).unwrap()), ["A-C", "B-D"]);
    }

    #[test]
    fn the_lowest_group_is_joined_to_the_one_above() {
        // A-B at 1; C and D at 0 met, so the lowest group cannot be paired (C.1, C.11): the
        // two groups are joined; A and B count as come down, half of four, homogeneous:
        // A-C, B-D.
        let list = [
            p("A", 1.0, 4, &[]),
            p("B", 1.0, 3, &[]),
            p("C", 0.0, 2, &["D"]),
            p("D", 0.0, 1, &["C"]),
        ];
        assert_eq!(pairs(&pair_round(&list, None).unwrap()), ["A-C", "B-D"]);
    }

    fn met(list: &mut [PairingPlayer], a: &str, b: &str) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(p) = list.iter_mut().find(|p| p.name == x) {
                p.opponents.push(y.to_owned());
            }
        }
    }

    #[test]
    fn c10_the_group_above_sends_down_another_player() {
        // Groups 2: A B C; 1: D E F; 0: G H. C has met D, E and F. Group 2 (homogeneous,
        // p = 1): S1 A, S2 B C, C.5 gives A-B and C comes down; in group 1 C has no possible
        // opponent (C.1, first case), so C.10 undoes group 2: the next transfer (D.1) gives
        // A-C and B comes down; group 1 is mixed, S1 B, S2 D E F: B-D, remainder E-F; group
        // 0: G-H.
        let mut list = vec![
            p("A", 2.0, 8, &[]),
            p("B", 2.0, 7, &[]),
            p("C", 2.0, 6, &[]),
            p("D", 1.0, 5, &[]),
            p("E", 1.0, 4, &[]),
            p("F", 1.0, 3, &[]),
            p("G", 0.0, 2, &[]),
            p("H", 0.0, 1, &[]),
        ];
        for x in ["D", "E", "F"] {
            met(&mut list, "C", x);
        }
        let r = pair_round(&list, None).unwrap();
        assert_eq!(pairs(&r), ["A-C", "B-D", "E-F", "G-H"]);
    }

    #[test]
    fn c10_with_no_other_player_to_send_the_floater_moves_on() {
        // Groups 2: A; 1: C D; 0: E F G. A has met C and D. A has no opponent in group 2
        // and moves down (C.1, third case); in group 1 A has no possible opponent (C.1, first
        // case), but group 2 has no other pairing sending another player down (C.10), so A
        // moves on (the registry's reading of C.10). Group 1: C-D. Group 0 is mixed (1 of 4
        // came down): S1 A, S2 E F G: A-E, remainder F-G.
        let mut list = vec![
            p("A", 2.0, 8, &[]),
            p("C", 1.0, 6, &[]),
            p("D", 1.0, 5, &[]),
            p("E", 0.0, 4, &[]),
            p("F", 0.0, 3, &[]),
            p("G", 0.0, 2, &[]),
        ];
        met(&mut list, "A", "C");
        met(&mut list, "A", "D");
        let r = pair_round(&list, None).unwrap();
        assert_eq!(pairs(&r), ["C-D", "A-E", "F-G"]);
    }

    #[test]
    fn c11_another_pairing_above_before_joining() {
        // Groups 1: A B C; 0: D E F. C has met E and F; E and F have met. Group 1: A-B and C
        // comes down; group 0 (C, D, E, F; mixed, S1 C) can only pair C-D and leaves E, F,
        // who have met: the lowest group cannot be paired. C.11 undoes group 1: the next
        // transfer gives A-C and B comes down; group 0, S1 B, S2 D E F: B-D leaves E-F (met),
        // the next transfer B-E leaves D-F. No groups are joined.
        let mut list = vec![
            p("A", 1.0, 6, &[]),
            p("B", 1.0, 5, &[]),
            p("C", 1.0, 4, &[]),
            p("D", 0.0, 3, &[]),
            p("E", 0.0, 2, &[]),
            p("F", 0.0, 1, &[]),
        ];
        met(&mut list, "C", "E");
        met(&mut list, "C", "F");
        met(&mut list, "E", "F");
        let r = pair_round(&list, None).unwrap();
        assert_eq!(pairs(&r), ["A-C", "B-E", "D-F"]);
    }
}

mod size_tests {
    use super::super::*;

    #[test]
    fn a_larger_round_is_paired_within_the_budget_and_keeps_b1() {
        // 30 players in three McMahon groups; each has met the player placed next below in
        // their group. Whatever pairing comes out must meet MM B.1 and pair everyone.
        let mut list = Vec::new();
        for i in 0..30_i32 {
            let mm = f64::from(2 - i / 10);
            let name = format!("P{i:02}");
            let mut met = Vec::new();
            if i % 10 != 9 {
                met.push(format!("P{:02}", i + 1));
            }
            if i % 10 != 0 {
                met.push(format!("P{:02}", i - 1));
            }
            list.push(PairingPlayer {
                name,
                mm,
                rating: 3000 - i,
                points: 0.0,
                opponents: met,
                point_without_play: false,
                floats: Vec::new(),
            });
        }
        let r = pair_round(&list, None).unwrap();
        assert_eq!(r.pairs.len(), 15);
        assert!(check_absolute(&list, &r.pairs, r.bye.as_deref()).is_empty());
    }
}
