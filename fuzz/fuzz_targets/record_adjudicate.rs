//! Game records for the adjudicator, not only legal ones: the fuzzer's bytes either as the
//! record's YAML text, or as a structured record whose events (moves drawn from legal-looking
//! and illegal USI strings, resignations, declarations, claims, arrivals, flags, impasse, draw
//! offers, with times running anywhere) need not make sense together. Reading and judging give
//! a verdict or a clean error under every built-in profile, never a panic.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shogi_oracle::game::adjudicate;
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;

const STARTS: [&str; 5] = [
    "startpos",
    "{handicap: two-piece}",
    "\"7lk/7p1/8G/9/9/9/9/9/K8 b P 1\"",
    "\"+R+BGG+S+N+L+P1/4K4/+P+P+P6/9/9/9/9/9/4k4 b RB2GSNL3P 1\"",
    "\"4k4/9/9/9/9/9/9/9/4K4 w - 1\"",
];
const MOVES: [&str; 16] = [
    "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "P*5e", "P*1b", "8h2b+", "2b3a", "5i5h",
    "5a5b", "5h5i", "5b5a", "7g7f+", "9a9i",
];
const COLORS: [&str; 2] = ["sente", "gote"];
const CLAIMS: [&str; 3] = ["flag", "illegal_move", "repetition"];

#[derive(Debug, Arbitrary)]
enum Ev {
    Move(u8, Option<u16>),
    Resign(bool, Option<u16>),
    Declare(bool),
    Claim(u8, bool, Option<u16>),
    Arrive(bool, u16),
    FlagsDown(u8),
    Impasse,
    AgreeDraw,
}

#[derive(Debug, Arbitrary)]
enum Input {
    Text(String),
    Built {
        start: u8,
        main: Option<u16>,
        byoyomi: Option<u8>,
        events: Vec<Ev>,
    },
}

fn time(t: Option<u16>) -> String {
    t.map(|t| format!(", time: {}.{}", t / 10, t % 10))
        .unwrap_or_default()
}

fn build(start: u8, main: Option<u16>, byoyomi: Option<u8>, events: &[Ev]) -> String {
    let mut y = format!("start: {}\n", STARTS[usize::from(start) % STARTS.len()]);
    if let Some(main) = main {
        y.push_str(&format!(
            "time_control: {{main: {main}, byoyomi: {}}}\n",
            byoyomi.unwrap_or(0)
        ));
    }
    y.push_str("events:\n");
    for e in events {
        let line = match e {
            Ev::Move(m, t) => format!(
                "{{move: {}{}}}",
                MOVES[usize::from(*m) % MOVES.len()],
                time(*t)
            ),
            Ev::Resign(c, t) => format!("{{resign: {}{}}}", COLORS[usize::from(*c)], time(*t)),
            Ev::Declare(c) => format!("{{declare: {}}}", COLORS[usize::from(*c)]),
            Ev::Claim(k, c, t) => format!(
                "{{claim: {}, by: {}{}}}",
                CLAIMS[usize::from(*k) % CLAIMS.len()],
                COLORS[usize::from(*c)],
                time(*t)
            ),
            Ev::Arrive(c, at) => format!("{{arrive: {}, at: {at}}}", COLORS[usize::from(*c)]),
            Ev::FlagsDown(k) => format!(
                "{{flags_down: {}}}",
                ["unknown", "sente", "gote"][usize::from(*k) % 3]
            ),
            Ev::Impasse => "{impasse: true}".to_owned(),
            Ev::AgreeDraw => "{agree_draw: true}".to_owned(),
        };
        y.push_str(&format!("  - {line}\n"));
    }
    y
}

fuzz_target!(|input: Input| {
    let text = match &input {
        Input::Text(t) => t.clone(),
        Input::Built {
            start,
            main,
            byoyomi,
            events,
        } => build(*start, *main, *byoyomi, &events[..events.len().min(200)]),
    };
    let Ok(record) = Record::from_yaml(&text) else {
        return;
    };
    for name in ["fesa-2017", "ufs-2016", "csa-computer"] {
        if let Ok(profile) = Profile::builtin(name) {
            let _ = adjudicate(&record, &profile);
        }
    }
});
