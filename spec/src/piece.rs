//! The pieces of FESA 2.2 and their promoted forms (3.2).

use crate::Color;

/// The kind of a piece, unpromoted or promoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 歩 P
    Pawn,
    /// 香 L
    Lance,
    /// 桂 N
    Knight,
    /// 銀 S
    Silver,
    /// 金 G
    Gold,
    /// 角 B
    Bishop,
    /// 飛 R
    Rook,
    /// 玉 K
    King,
    /// と +P
    ProPawn,
    /// 成香 +L
    ProLance,
    /// 成桂 +N
    ProKnight,
    /// 成銀 +S
    ProSilver,
    /// 馬 +B
    Horse,
    /// 龍 +R
    Dragon,
}

/// The kinds that can be held in hand, in the order SFEN writes them (R B G S N L P).
pub const HAND_KINDS: [Kind; 7] = [
    Kind::Rook,
    Kind::Bishop,
    Kind::Gold,
    Kind::Silver,
    Kind::Knight,
    Kind::Lance,
    Kind::Pawn,
];

impl Kind {
    /// The promoted form, for the six kinds FESA 3.2 (with 3.8 for the knight) lets promote.
    pub fn promoted(self) -> Option<Kind> {
        match self {
            Kind::Pawn => Some(Kind::ProPawn),
            Kind::Lance => Some(Kind::ProLance),
            Kind::Knight => Some(Kind::ProKnight),
            Kind::Silver => Some(Kind::ProSilver),
            Kind::Bishop => Some(Kind::Horse),
            Kind::Rook => Some(Kind::Dragon),
            _ => None,
        }
    }

    /// The unpromoted form: what a captured piece becomes in hand (FESA 3.2, last sentence).
    pub fn unpromoted(self) -> Kind {
        match self {
            Kind::ProPawn => Kind::Pawn,
            Kind::ProLance => Kind::Lance,
            Kind::ProKnight => Kind::Knight,
            Kind::ProSilver => Kind::Silver,
            Kind::Horse => Kind::Bishop,
            Kind::Dragon => Kind::Rook,
            k => k,
        }
    }

    /// Whether this is a promoted kind.
    pub fn is_promoted(self) -> bool {
        self.unpromoted() != self
    }

    /// Index into a hand array (see [`HAND_KINDS`]), for unpromoted non-king kinds.
    #[inline]
    pub fn hand_index(self) -> Option<usize> {
        HAND_KINDS.iter().position(|&k| k == self)
    }

    /// The SFEN letter of the unpromoted kind, uppercase.
    pub fn letter(self) -> char {
        match self.unpromoted() {
            Kind::Pawn => 'P',
            Kind::Lance => 'L',
            Kind::Knight => 'N',
            Kind::Silver => 'S',
            Kind::Gold => 'G',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            _ => 'K',
        }
    }

    /// The name kifu give this kind in moves and hands (KIF, KI2, the reports' notation):
    /// promoted minors in full (成香, not 杏), the king as 玉.
    ///
    /// The one table of Japanese piece names; [`Kind::glyph`] differs only for the promoted
    /// minors.
    pub fn kanji(self) -> &'static str {
        match self {
            Kind::Pawn => "歩",
            Kind::Lance => "香",
            Kind::Knight => "桂",
            Kind::Silver => "銀",
            Kind::Gold => "金",
            Kind::Bishop => "角",
            Kind::Rook => "飛",
            Kind::King => "玉",
            Kind::ProPawn => "と",
            Kind::ProLance => "成香",
            Kind::ProKnight => "成桂",
            Kind::ProSilver => "成銀",
            Kind::Horse => "馬",
            Kind::Dragon => "龍",
        }
    }

    /// The one-character name a board diagram prints in a square: the promoted minors have
    /// their own glyphs there (杏, 圭, 全); every other kind is written as in [`Kind::kanji`].
    pub fn glyph(self) -> &'static str {
        match self {
            Kind::ProLance => "杏",
            Kind::ProKnight => "圭",
            Kind::ProSilver => "全",
            k => k.kanji(),
        }
    }

    /// Reads an uppercase or lowercase SFEN letter as an unpromoted kind.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            'L' => Kind::Lance,
            'N' => Kind::Knight,
            'S' => Kind::Silver,
            'G' => Kind::Gold,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'K' => Kind::King,
            _ => return None,
        })
    }

    /// How many pieces of this (unpromoted) kind a full set has for both players together
    /// (FESA 2.2: 20 pieces each).
    pub fn set_total(self) -> u8 {
        match self.unpromoted() {
            Kind::Pawn => 18,
            Kind::Lance | Kind::Knight | Kind::Silver | Kind::Gold => 4,
            _ => 2,
        }
    }
}

/// A piece on the board: a kind and the colour it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[inline]
    pub fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_round_trips() {
        for k in [
            Kind::Pawn,
            Kind::Lance,
            Kind::Knight,
            Kind::Silver,
            Kind::Bishop,
            Kind::Rook,
        ] {
            let p = k.promoted().unwrap();
            assert!(p.is_promoted());
            assert_eq!(p.unpromoted(), k);
            assert_eq!(p.promoted(), None);
        }
        assert_eq!(Kind::Gold.promoted(), None);
        assert_eq!(Kind::King.promoted(), None);
    }

    #[test]
    fn set_has_twenty_pieces_a_side() {
        let total: u32 = HAND_KINDS
            .iter()
            .map(|k| u32::from(k.set_total()))
            .sum::<u32>()
            + u32::from(Kind::King.set_total());
        assert_eq!(total, 40);
    }

    #[test]
    fn japanese_names_follow_kifu_usage() {
        // The names of FESA 2.2's pieces and 3.2's promoted forms as kifu print them: moves
        // name promoted minors in full, diagrams by their one-character forms.
        assert_eq!(Kind::Pawn.kanji(), "歩");
        assert_eq!(Kind::Dragon.kanji(), "龍");
        assert_eq!(Kind::ProLance.kanji(), "成香");
        assert_eq!(Kind::ProLance.glyph(), "杏");
        assert_eq!(Kind::ProKnight.glyph(), "圭");
        assert_eq!(Kind::ProSilver.glyph(), "全");
        assert_eq!(Kind::Horse.glyph(), "馬");
        for kind in HAND_KINDS {
            assert_eq!(
                kind.kanji(),
                kind.glyph(),
                "{kind:?} is one character either way"
            );
        }
    }
}
