//! How a judged game's written ending stands beside the verdict: decided here once, and read
//! by every output (the verdict line, the JSON's `agreement` and `standing`, the archive
//! summary, JUnit, Markdown, HTML, Python's `judge_archive`) and by the exit status.

use shogi_records::Agreement;

use super::judge::Judged;

/// What a game's written ending comes to beside the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// The record's ending and the verdict give the same result.
    Agrees,
    /// They give different results.
    Differs,
    /// The same winner (or draw) for another reason (issue 37.6): not agreement, but not a
    /// different result either, so not an exit status of 1.
    SameWinnerOtherReason,
    /// The record asserts what its moves cannot show; the verdict follows it.
    Recorded,
    /// The ending's words are not known.
    Unrecognised,
    /// The record writes no ending.
    NoEnding,
}

impl Standing {
    /// Every standing, in the order the summary lists them.
    pub const ALL: [Standing; 6] = [
        Standing::Agrees,
        Standing::Differs,
        Standing::SameWinnerOtherReason,
        Standing::Recorded,
        Standing::Unrecognised,
        Standing::NoEnding,
    ];

    /// How `game` stands: no written ending; a recorded finding the moves cannot show; else
    /// the written ending compared with the verdict.
    pub fn of(game: &Judged) -> Standing {
        let verdict = &game.judgement.verdict;
        match &game.game.written {
            None => Standing::NoEnding,
            Some(_) if game.game.recorded_finding(verdict).is_some() => Standing::Recorded,
            Some(w) => match w.compare(verdict) {
                Agreement::Agrees => Standing::Agrees,
                Agreement::Differs => Standing::Differs,
                Agreement::SameWinnerOtherReason => Standing::SameWinnerOtherReason,
                Agreement::Unrecognised => Standing::Unrecognised,
            },
        }
    }

    /// The word used in lines, JSON and the summary.
    pub fn word(self) -> &'static str {
        match self {
            Standing::Agrees => "agrees",
            Standing::Differs => "differs",
            Standing::SameWinnerOtherReason => "same-winner-other-reason",
            Standing::Recorded => "recorded-not-provable",
            Standing::Unrecognised => "unrecognised",
            Standing::NoEnding => "no-ending",
        }
    }

    /// Whether the standing makes a `judge` run exit 1: only a written result the rules do
    /// not give.
    pub fn fails(self) -> bool {
        self == Standing::Differs
    }
}
