//! A third game, to show what one writes (issue 54): tic-tac-toe under a four-article rulebook
//! of our own (`rulebook.yaml`, read by the core's registry loader), one knob (`profile.rs`,
//! the core's `knobs!`, profiles in `profiles/`), YAML cases in the shared case language
//! (`cases/`), and the `Game` trait of the core's command line (`game.rs`) — `run`, `lint`,
//! `coverage`, `explain` and `profiles` are offered, the other shared commands refused by the
//! trait's defaults. Its lines are counted in ARCHITECTURE.md ("Where to add", "A game").

mod cases;
mod command_tests;
mod game;
mod profile;
mod records;
mod rules;
