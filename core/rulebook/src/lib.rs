//! Rulebooks as data, for any game: articles with ids and paraphrases, cross-references, the
//! copy check, coverage, and the rulebook browser.
