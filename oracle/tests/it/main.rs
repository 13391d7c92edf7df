//! The integration tests of `shogi-oracle`, in one test binary
//! (`cargo test -p shogi-oracle --test it`): one module per subject, named as the test
//! binary it used to be, so a test's name (`adjudicate::…`) still says what it checks. One binary
//! links the crate graph once instead of once per subject.

mod adjudicate;
mod adjudicate_articles;
mod article_index;
mod clock_evidence;
mod draw_agreement;
mod handicap_positions;
mod perft;
mod rules;
