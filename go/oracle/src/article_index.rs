//! Which article of the RFG rules is implemented where: the one list that the rulebook site
//! (`go-conformance site`) and the test that every testable article is indexed both read.
//!
//! It is data, not scraped from the sources, so that an installed binary (which has no sources)
//! names the same functions as a checkout. `tests/it/article_index.rs` checks that every testable
//! article of the registry has exactly one row, that no row is for an unknown or untestable
//! article, that every path names an item of the crate, and that each item's doc comment
//! cites the article. A testable article the oracle does not decide would have a row with no
//! items and a note saying so: it is listed, never hidden.

use conformance_rulebook::ArticleId;

/// Where one article (or clause) of the RFG rules is implemented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArticleEntry {
    /// The article number as the registry writes it (`5.2`, `TB1.2.1.1`, `MM.E8`).
    pub article: &'static str,
    /// Items of this crate that implement it, as paths from the crate root
    /// (`board::Board::place`, `count::count`), private functions included.
    pub items: &'static [&'static str],
    /// How the items share the work, or why there are none; empty otherwise.
    pub note: &'static str,
}

impl ArticleEntry {
    /// The article's id, `rfg:` followed by [`ArticleEntry::article`].
    ///
    /// # Panics
    /// Never for a row of [`ARTICLE_INDEX`] (the tests parse every one).
    pub fn id(&self) -> ArticleId {
        match format!("rfg:{}", self.article).parse() {
            Ok(id) => id,
            Err(e) => panic!("{e}"),
        }
    }
}

/// The entry for an article (`rfg:5.2`), if the index has one.
pub fn entry(id: &ArticleId) -> Option<&'static ArticleEntry> {
    if id.rulebook() != "rfg" {
        return None;
    }
    ARTICLE_INDEX.iter().find(|e| e.article == id.article())
}

const fn row(
    article: &'static str,
    items: &'static [&'static str],
    note: &'static str,
) -> ArticleEntry {
    ArticleEntry {
        article,
        items,
        note,
    }
}

/// Every testable RFG article, in registry order, with the items that implement it.
pub const ARTICLE_INDEX: &[ArticleEntry] = &[
    row(
        "1",
        &["play::Game::play", "count::count"],
        "the game as a whole: moves in turn, then the count",
    ),
    row("1.1", &["play::Game::check"], ""),
    row("2", &["play::Game::start"], ""),
    row("2.2", &["play::Game::start"], ""),
    row(
        "2.3",
        &["board::Board::new"],
        "the sizes themselves are go_spec::BoardSize",
    ),
    row(
        "2.4",
        &["board::Board::new"],
        "the sizes themselves are go_spec::BoardSize",
    ),
    row("3", &["board::Board::place", "play::Game::play"], ""),
    row("3.1", &["play::Game::play"], ""),
    row("3.1a", &["board::Board::place"], ""),
    row("3.1b", &["play::Game::play"], ""),
    row("3.2", &["board::Board::group", "board::Board::place"], ""),
    row(
        "3.3",
        &["board::Board::place", "count::remove_dead"],
        "stones captured in play, and dead stones at the end",
    ),
    row("5", &["board::Board::place", "play::Game::check"], ""),
    row("5.1", &["board::Board::place"], ""),
    row(
        "5.2",
        &["play::Game::check_repetition"],
        "positional superko or simple ko, by the profile",
    ),
    row("6", &["count::seki", "play::Game::check_repetition"], ""),
    row("6.1", &["count::seki"], ""),
    row("6.1a", &["count::has_two_eyes", "count::seki"], ""),
    row(
        "6.3",
        &["play::Game::check_repetition"],
        "cycles the simple-ko reading lets through",
    ),
    row("7", &["play::Game::phase"], ""),
    row(
        "7.1",
        &[
            "play::Game::play",
            "count::fill_neutral",
            "count::fill_plainly",
            "end_phase::play_out",
            "end_phase::holds",
            "end_search::Search::value",
            "end_search::dead_in_filling",
        ],
        "",
    ),
    row("7.2", &["count::remove_dead", "end_phase::play_out"], ""),
    row("7.3", &["outcome::by_resignation"], ""),
    row("8", &["count::count"], ""),
    row(
        "8.1",
        &[
            "count::Region::owner",
            "count::count",
            "end_search::dead_in_filling",
        ],
        "",
    ),
    row("8.2", &["count::remove_dead", "count::count"], ""),
    row("8.3", &["count::Region::owner", "count::count"], ""),
    row("9", &["count::count", "count::Count::score"], ""),
    row("9.1", &["outcome::by_points"], ""),
    row("9.2", &["count::Count::score"], ""),
    row("9.2a", &["count::count"], ""),
    row("9.2b", &["count::Count::score"], ""),
    row("9.3", &["count::Count::score"], ""),
    row("10", &["count::Count::score", "outcome::by_points"], ""),
    row("10.1", &["outcome::by_resignation"], ""),
    row("10.2", &["outcome::by_points"], ""),
    row(
        "11",
        &[
            "clock::TimeControl::loser",
            "outcome::by_late_arrival",
            "play::Game::check",
        ],
        "",
    ),
    row("11a", &["clock::TimeControl::loser"], ""),
    row(
        "11b",
        &[
            "clock::TimeControl::late_arrival_loses",
            "outcome::by_late_arrival",
        ],
        "",
    ),
    row("11d", &["play::Game::check"], ""),
    row("12", &["clock::TimeControl::overrun"], ""),
    row("12.1", &["clock::TimeControl::overrun"], ""),
    row("12.2", &["clock::TimeControl::overrun"], ""),
    row("12.2a", &["clock::TimeControl::overrun"], ""),
    row("12.2b", &["clock::TimeControl::overrun"], ""),
    row("12.2.1", &["clock::TimeControl::overrun"], ""),
    row("12.2.2", &["clock::TimeControl::overrun"], ""),
    row("12.3", &["clock::TimeControl::overrun"], ""),
    row("12.5", &["clock::TimeControl::late_arrival_loses"], ""),
    row("12.6", &["outcome::by_late_arrival"], ""),
    row("12.7", &["clock::TimeControl::late_arrival_loses"], ""),
    row("12.10", &["clock::TimeControl::loser"], ""),
    row("12.15", &["clock::TimeControl::overrun"], ""),
    row("12.16", &["clock::TimeControl::overrun"], ""),
    row("13", &["play::Game::play", "outcome::impossible_moves"], ""),
    row("13.2", &["play::Game::play"], ""),
    row("13.4", &["outcome::impossible_moves"], ""),
    row(
        "13.4a",
        &["play::Game::play"],
        "the refused move leaves the game unchanged",
    ),
    row("13.4b", &["outcome::impossible_moves"], ""),
    row("15", &["tournament::indicators"], ""),
    row("TB", &["tournament::indicators"], ""),
    row("TB1", &["tournament::indicators"], ""),
    row("TB1.1.1", &["tournament::indicators"], ""),
    row("TB1.1.2", &["tournament_events::match_points"], ""),
    row(
        "TB1.1.4",
        &["tournament::head_to_head", "tournament::indicators"],
        "",
    ),
    row("TB1.1.5", &["tournament::indicators"], ""),
    row("TB1.2.1.1", &["tournament::indicators"], ""),
    row("TB1.2.1.2", &["tournament::indicators"], ""),
    row("TB1.2.2.1", &["tournament::indicators"], ""),
    row("TB1.2.3.1", &["tournament::indicators"], ""),
    row("TB1.2.3.2", &["tournament::indicators"], ""),
    row("TB1.2.3.3", &["tournament::indicators"], ""),
    row("TB1.2.3.4", &["tournament::indicators"], ""),
    row(
        "TB1.3.1",
        &["tournament::average_rating", "tournament::indicators"],
        "",
    ),
    row(
        "TB2",
        &[
            "tournament_events::recommended_indicators",
            "tournament_events::check_choice",
        ],
        "",
    ),
    row("MM", &["tournament::indicators"], ""),
    row("MM.A", &["tournament::indicators"], ""),
    row(
        "MM.A2",
        &["mcmahon::pairing_order", "mcmahon::sorted_for_pairing"],
        "",
    ),
    row("MM.A5", &["tournament::indicators"], ""),
    row("MM.A6", &["mcmahon::subgroups"], ""),
    row(
        "MM.B",
        &["mcmahon::check_absolute", "mcmahon::float_verdict"],
        "",
    ),
    row(
        "MM.B1",
        &[
            "mcmahon::check_absolute",
            "mcmahon::may_meet",
            "mcmahon::may_get_bye",
        ],
        "",
    ),
    row("MM.B3", &["mcmahon::score_difference"], ""),
    row(
        "MM.B4",
        &["mcmahon::float_verdict", "mcmahon::float_allowed"],
        "",
    ),
    row(
        "MM.C",
        &["mcmahon_pairing::pair_round"],
        "C.10 and C.11 undo the group directly above only; what follows when C.10 finds no other player is decided in the registry's interpretation",
    ),
    row(
        "MM.D",
        &[
            "mcmahon_pairing::d1_transfers",
            "mcmahon_pairing::d2_exchanges",
        ],
        "",
    ),
    row("MM.E", &["tournament::indicators"], ""),
    row("MM.E8", &["tournament::indicators"], ""),
];
