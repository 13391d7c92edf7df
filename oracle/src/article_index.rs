//! Which article of FESA 2017 is implemented where: the one list that the crate docs' article
//! index, the rulebook site (`shogi-conformance site`) and the test that every testable article
//! is covered all read.
//!
//! It is data, not scraped from the sources, so that an installed binary (which has no sources)
//! names the same functions as a checkout, and so that a private step of the adjudicator
//! (`pub(super) fn`) is named like any other function. `tests/it/article_index.rs` checks that
//! every testable article has an entry, that every path names an item of the crate with the
//! visibility its field says, and that the table in the crate docs is this list written out.

use shogi_spec::ArticleId;
use shogi_spec::FesaId;

/// Where one article (or sub-clause) of FESA 2017 is implemented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArticleEntry {
    /// The article number as FESA 2017 writes it (`3.11c`), or, in [`OTHER_ARTICLE_INDEX`],
    /// the full id of another rulebook's article (`ufs2016:5.8.6.3`); [`ArticleEntry::id`]
    /// gives the id either way.
    pub article: &'static str,
    /// Public items that implement it: of this crate, as paths from the crate root
    /// (`legality::status`, `position::MakeMove::after`), or of the shared vocabulary, as paths
    /// from `shogi_spec` (`shogi_spec::square::Square`); functions, or, for an article about a
    /// whole part of the game, its module or type.
    pub public: &'static [&'static str],
    /// Private steps of the adjudicator (methods of its game state, `pub(super)`), each as the
    /// module whose file defines it followed by the function's name
    /// (`game::article5_draws::agree_draw` is defined in `src/game/article5_draws.rs`). They
    /// are not part of the API; they are named for readers of the source.
    pub private: &'static [&'static str],
    /// How the items share the work, where the lists alone do not say it; empty otherwise.
    pub note: &'static str,
}

impl ArticleEntry {
    /// The article's id: [`ArticleEntry::article`] itself when it names its rulebook, else
    /// `fesa2017:` followed by it.
    pub fn id(&self) -> ArticleId {
        if !self.article.contains(':') {
            return ArticleId::fesa(self.article);
        }
        match self.article.parse() {
            Ok(id) => id,
            // The rows are literals, every one parsed by `tests/it/article_index.rs`.
            Err(e) => unreachable!("{e}"),
        }
    }

    /// Every item named, public ones first.
    pub fn paths(&self) -> impl Iterator<Item = &'static str> + use<> {
        let (public, private) = (self.public, self.private);
        public.iter().chain(private).copied()
    }
}

/// The entry for an article, if the oracle implements it: a FESA 2017 article's row of
/// [`ARTICLE_INDEX`] (`fesa2017:3.11c`), or another rulebook's own row of
/// [`OTHER_ARTICLE_INDEX`] (`ufs2016:5.8.6.3`). Another rulebook's article without a row of
/// its own gets `None`: what implements it is found through the FESA articles it links to.
pub fn entry(id: &ArticleId) -> Option<&'static ArticleEntry> {
    if id.rulebook() == "fesa2017" {
        ARTICLE_INDEX.iter().find(|e| e.article == id.article())
    } else {
        OTHER_ARTICLE_INDEX
            .iter()
            .find(|e| e.article == id.as_str())
    }
}

/// A row: the article, public items, private steps, a note.
const fn row(
    article: &'static str,
    public: &'static [&'static str],
    private: &'static [&'static str],
    note: &'static str,
) -> ArticleEntry {
    ArticleEntry {
        article,
        public,
        private,
        note,
    }
}

/// Every article of FESA 2017 that the project can test (`testable: true` in the registry), in
/// rulebook order, and where the oracle implements it.
pub const ARTICLE_INDEX: &[ArticleEntry] = &[
    row("1", &["legality", "game::adjudicate::adjudicate"], &[], ""),
    row(
        "1.1",
        &["position::MakeMove::after", "legality::play"],
        &[],
        "the side to move changes with every move",
    ),
    row(
        "1.2",
        &[
            "article1_check::in_check",
            "article1_check::king_safe",
            "legality::status",
        ],
        &[],
        "",
    ),
    row(
        "1.3",
        &["game::article5_draws"],
        &["game::article5_draws::agree_draw"],
        "with 5.4",
    ),
    row("2", &["position", "shogi_spec::square"], &[], ""),
    row(
        "2.1",
        &[
            "shogi_spec::square::Square",
            "shogi_spec::position::Position",
        ],
        &[],
        "",
    ),
    row(
        "2.2",
        &[
            "shogi_spec::piece::Kind",
            "shogi_spec::piece::Kind::set_total",
            "validate::validate",
        ],
        &[],
        "",
    ),
    row(
        "2.3",
        &["shogi_spec::position::Position::startpos"],
        &[],
        "",
    ),
    row(
        "2.4",
        &[
            "article3_moves::in_promotion_zone",
            "article3_moves::relative_rank",
        ],
        &[],
        "",
    ),
    row(
        "3",
        &["article3_moves::board_moves", "legality::legal_moves"],
        &[],
        "",
    ),
    row("3.1", &["position::MakeMove::after"], &[], ""),
    row(
        "3.2",
        &[
            "article3_moves::promotion_options",
            "article3_moves::can_move_again",
        ],
        &[],
        "",
    ),
    row(
        "3.3",
        &["article3_moves::steps", "article1_check::king_safe"],
        &[],
        "",
    ),
    row(
        "3.4",
        &["article3_moves::steps", "article3_moves::destinations"],
        &[],
        "",
    ),
    row(
        "3.5",
        &["article3_moves::steps", "article3_moves::destinations"],
        &[],
        "",
    ),
    row("3.6", &["article3_moves::steps"], &[], ""),
    row("3.7", &["article3_moves::steps"], &[], ""),
    row("3.8", &["article3_moves::steps"], &[], ""),
    row(
        "3.9",
        &["article3_moves::steps", "article3_moves::destinations"],
        &[],
        "",
    ),
    row("3.10", &["article3_moves::steps"], &[], ""),
    row("3.11", &["article3_drops::drop_moves"], &[], ""),
    row("3.11a", &["article3_drops::is_nifu"], &[], ""),
    row("3.11b", &["article3_drops::is_dead_square"], &[], ""),
    row("3.11c", &["article3_drops::is_pawn_drop_mate"], &[], ""),
    row("3.12", &["game::repetition::judge_repetition"], &[], ""),
    row(
        "5",
        &["game::adjudicate::adjudicate"],
        &[],
        "the order in which the articles apply",
    ),
    row("5.1", &["game::adjudicate::adjudicate"], &[], ""),
    row(
        "5.1a",
        &["legality::status", "game::adjudicate::adjudicate"],
        &[],
        "the status finds the mate, the adjudicator applies it",
    ),
    row(
        "5.1b",
        &["game::adjudicate::adjudicate"],
        &[],
        "a `resign` event",
    ),
    row(
        "5.2",
        &["game::repetition::judge_repetition", "game::article5_draws"],
        &[
            "game::article5_draws::claim_repetition",
            "game::article5_draws::apply_repetition",
        ],
        "",
    ),
    row(
        "5.3",
        &["game::article5_declaration::judge_declaration"],
        &["game::article5_declaration::declare"],
        "judged by `judge_declaration`, applied by `declare`",
    ),
    row(
        "5.3.1",
        &["game::article5_declaration::judge_declaration"],
        &[],
        "",
    ),
    row(
        "5.3.2",
        &[
            "game::article5_declaration::points_needed",
            "game::article5_declaration::declaration_count",
        ],
        &[],
        "",
    ),
    row(
        "5.3.3",
        &[
            "game::article5_declaration::piece_points",
            "game::article5_declaration::declaration_count",
        ],
        &[],
        "",
    ),
    row(
        "5.3.4",
        &["game::article5_declaration::judge_declaration"],
        &[],
        "",
    ),
    row(
        "5.3.5",
        &["game::article5_declaration::judge_declaration"],
        &[],
        "",
    ),
    row(
        "5.3.6",
        &["game::article5_declaration::judge_declaration"],
        &[],
        "",
    ),
    row(
        "5.4",
        &["game::article5_draws"],
        &["game::article5_draws::agree_draw"],
        "",
    ),
    row("7", &["game::article7_furigoma"], &[], ""),
    row("7.1", &["game::article7_furigoma::furigoma"], &[], ""),
    row("8", &["game::article8_clock"], &[], ""),
    row(
        "8.1",
        &[
            "game::article8_clock::Clock::runs_out",
            "game::article8_clock::Clock::complete_move",
        ],
        &[],
        "",
    ),
    row("8.2", &["game::article8_clock::Clock::available"], &[], ""),
    row(
        "8.3",
        &["game::article8_clock"],
        &["game::article8_clock::claim_flag"],
        "",
    ),
    row(
        "8.6",
        &["game::article8_arrival::absence"],
        &["game::article8_arrival::arrive"],
        "",
    ),
    row(
        "8.7",
        &["game::article8_clock::Clock::complete_move"],
        &[],
        "",
    ),
    row(
        "8.7a",
        &["game::article8_clock::Clock::complete_move"],
        &[],
        "",
    ),
    row(
        "8.8",
        &["game::article8_clock"],
        &[
            "game::article8_clock::claim_flag",
            "game::article8_clock::flag_is_down",
        ],
        "",
    ),
    row(
        "8.9",
        &["game::article8_clock"],
        &[
            "game::article8_clock::claim_flag",
            "game::article8_clock::automatic_flag_fell",
        ],
        "",
    ),
    row(
        "8.11",
        &["game::article8_clock"],
        &[
            "game::article8_clock::flags_down",
            "game::article8_clock::claim_flag",
        ],
        "",
    ),
    row("9", &["game::article9_illegal"], &[], ""),
    row(
        "9.1",
        &["game::article9_illegal::lasting_illegalities"],
        &[],
        "",
    ),
    row(
        "9.4",
        &["legality::check_move", "game::article9_illegal"],
        &["game::article9_illegal::claim_illegal"],
        "",
    ),
    row(
        "9.4a",
        &[
            "legality::check_move",
            "legality::IllegalMove",
            "game::article9_illegal::lasting_illegalities",
        ],
        &[],
        "",
    ),
    row(
        "9.4b",
        &[
            "game::article9_illegal::lasting_illegalities",
            "article3_drops::is_nifu",
        ],
        &[],
        "",
    ),
    row(
        "9.4c",
        &[
            "game::article9_illegal::lasting_illegalities",
            "article3_moves::can_move_again",
        ],
        &[],
        "",
    ),
    row(
        "9.5",
        &["game::adjudicate::adjudicate", "game::article9_illegal"],
        &["game::adjudicate::moves::fesa9_5_king_taken"],
        "a move that takes a king left in check wins",
    ),
    row("12", &["game::article12_scoring"], &[], ""),
    row("12.1", &["game::article12_scoring::score"], &[], ""),
    row("12.2", &["game::article12_scoring::replay"], &[], ""),
    row("12.3", &["game::article12_scoring::replay"], &[], ""),
    row("14", &["game::article14_pairing"], &[], ""),
    row("14.4", &["game::article14_pairing::check_round"], &[], ""),
    row("14.4a", &["game::article14_pairing::check_round"], &[], ""),
    row("14.4b", &["game::article14_pairing::check_round"], &[], ""),
    row("15", &["game::article15_time_control"], &[], ""),
    row(
        "15.4",
        &["game::article15_time_control::acceptable_for_rating"],
        &[],
        "",
    ),
];

/// The testable articles of the other rulebooks that have no FESA 2017 counterpart to take
/// their functions from (their registry entries link no FESA article the oracle implements),
/// each with the functions that decide it under the profile that follows that rulebook
/// (`ufs-2016`, through its knobs), in rulebook order. Every other article of those rulebooks
/// is implemented by the functions of the FESA articles it links to.
pub const OTHER_ARTICLE_INDEX: &[ArticleEntry] = &[
    row(
        "ru-ch2:draw.2.1",
        &["game::article5_declaration::judge_impasse"],
        &["game::adjudicate::state::event"],
        "knob `impasse: points_24`, as UFS 5.8.6.3",
    ),
    row(
        "ru-ch2:draw.2.2",
        &["game::article5_declaration::judge_impasse"],
        &["game::adjudicate::state::event"],
        "knob `impasse: points_24`, as UFS 5.8.6.3",
    ),
    row(
        "ufs2016:5.8.6.1",
        &["game::article5_declaration::judge_impasse"],
        &["game::adjudicate::state::event"],
        "knob `impasse`: a record's `impasse` event stands for the players' agreement and \
         `event` hands it to `judge_impasse`, which counts nothing unless both kings stand in \
         the opponent's camp; that no mate is possible is left to the players",
    ),
    row(
        "ufs2016:5.8.6.3",
        &["game::article5_declaration::judge_impasse"],
        &["game::adjudicate::state::event"],
        "knob `impasse: points_24`: `judge_impasse` counts, `event` applies the result",
    ),
    row(
        "ufs2016:5.9",
        &[
            "shogi_spec::handicap",
            "shogi_spec::handicap::Handicap",
            "game::article5_declaration::points_needed",
            "game::article5_declaration::needs_sente_threshold",
        ],
        &[],
        "knobs `handicap_declaration` and `handicap_28_points`: the declaration thresholds \
         in a handicap game",
    ),
    row(
        "ufs2016:5.9.1",
        &[
            "shogi_spec::handicap::Handicap::sfen",
            "game::article5_declaration::points_needed",
            "game::article5_declaration::judge_impasse",
        ],
        &[],
        "a handicap changes only the start, fewer pieces and the giver to move; the \
         declaration thresholds (knob `handicap_declaration: unadjusted`) and the impasse \
         count stay",
    ),
    row(
        "ufs2016:5.9.3",
        &[
            "shogi_spec::handicap::Handicap::sfen",
            "shogi_spec::handicap::Handicap::position",
        ],
        &[],
        "the removed pieces are neither on the board nor in hand",
    ),
    row(
        "ufs2016:5.9.5",
        &[
            "shogi_spec::handicap::Handicap",
            "shogi_spec::handicap::Handicap::sfen",
        ],
        &[],
        "the handicaps that remove pieces; which rank difference each suits is for the \
         organisers, not decided by the oracle",
    ),
    row(
        "ufs2016:6.11.1",
        &["game::article8_arrival::absence"],
        &["game::article8_arrival::arrive"],
        "only the first mover's clock runs before the first move, so only its absence costs \
         time",
    ),
];
