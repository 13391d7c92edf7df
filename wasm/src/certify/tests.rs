//! The in-process route over a Rust stand-in for the JavaScript bridge: how methods, declines
//! and errors become the runner's answers, skips and failures.

use serde_json::{Value, json};

use shogi_oracle::Oracle;
use shogi_spec::{ImplError, Implementation, PositionSpec};

use super::session::Session;
use super::{Ask, CertifyOptions, JsImplementation, Reply, certify};

/// A stand-in object: the methods named, `legalMoves` answered by the oracle unless told to
/// decline or to throw.
struct Fake {
    methods: Vec<&'static str>,
    legal: Result<(), Reply>,
    calls: Vec<String>,
}

impl Fake {
    fn with(methods: &[&'static str]) -> Fake {
        Fake {
            methods: methods.to_vec(),
            legal: Ok(()),
            calls: Vec::new(),
        }
    }
}

impl Ask for Fake {
    fn name(&self) -> String {
        "javascript:fake 1.0".into()
    }

    fn has(&self, method: &str) -> bool {
        self.methods.contains(&method)
    }

    fn call(&mut self, method: &str, args: &Value) -> Reply {
        self.calls.push(method.to_owned());
        if let Err(r) = &self.legal {
            return r.clone();
        }
        let position = PositionSpec {
            sfen: args[0].as_str().unwrap_or_default().to_owned(),
            moves: serde_json::from_value(args[1].clone()).unwrap_or_default(),
        };
        match method {
            "legalMoves" => match Oracle::lenient().legal_moves(&position) {
                Ok(moves) => Reply::Answer(json!(moves)),
                Err(e) => Reply::Error(format!("Error: {e}")),
            },
            "status" => Reply::Answer(json!("normal")),
            _ => Reply::Error("TypeError: not here".into()),
        }
    }
}

fn startpos() -> PositionSpec {
    PositionSpec::startpos()
}

#[test]
fn perft_is_counted_from_the_move_lists_without_a_perft_method() {
    let mut imp = JsImplementation::new(Fake::with(&["legalMoves"]));
    // Shogi Programming wiki, "Perft": 30 and 900 from the initial position.
    assert_eq!(imp.perft(&startpos(), 1).ok(), Some(30));
    assert_eq!(imp.perft(&startpos(), 2).ok(), Some(900));
    let divide = imp.divide(&startpos(), 1).unwrap_or_default();
    assert_eq!(divide.len(), 30);
    assert!(divide.iter().all(|(_, n)| *n == 1));
}

#[test]
fn a_missing_method_is_a_skip_naming_it() {
    let mut imp = JsImplementation::new(Fake::with(&["legalMoves"]));
    match imp.status(&startpos()) {
        Err(ImplError::Unsupported(reason)) => {
            assert_eq!(
                reason,
                "javascript:fake 1.0 has no method `status` (it has: legalMoves)"
            );
        }
        other => panic!("expected a skip, got {other:?}"),
    }
}

#[test]
fn a_decline_is_a_skip_with_its_message_and_a_throw_a_failure() {
    let mut declining = Fake::with(&["legalMoves"]);
    declining.legal = Err(Reply::Unsupported("no drops here".into()));
    let mut imp = JsImplementation::new(declining);
    assert!(matches!(imp.legal_moves(&startpos()),
        Err(ImplError::Unsupported(r)) if r == "no drops here"));
    let mut throwing = Fake::with(&["legalMoves"]);
    throwing.legal = Err(Reply::Error("RangeError: out of board".into()));
    let mut imp = JsImplementation::new(throwing);
    assert!(matches!(imp.legal_moves(&startpos()),
        Err(ImplError::Failed(m)) if m == "`legal_moves` failed: RangeError: out of board"));
}

#[test]
fn an_answer_of_the_wrong_shape_is_a_failure_quoting_it() {
    struct Numbers;
    impl Ask for Numbers {
        fn name(&self) -> String {
            "javascript:numbers".into()
        }
        fn has(&self, _: &str) -> bool {
            true
        }
        fn call(&mut self, _: &str, _: &Value) -> Reply {
            Reply::Answer(json!([1, 2]))
        }
    }
    let mut imp = JsImplementation::new(Numbers);
    assert!(matches!(imp.legal_moves(&startpos()),
        Err(ImplError::Failed(m)) if m == "`legalMoves` returned [1,2], not an array of USI strings"));
    assert!(matches!(
        imp.perft(&startpos(), 1),
        Err(ImplError::Failed(_))
    ));
}

#[test]
fn certify_gives_the_run_report_with_skips_for_what_the_object_lacks() {
    let opts = CertifyOptions {
        filter: Some("tag:perft".into()),
        ..CertifyOptions::default()
    };
    let text = certify(Fake::with(&["legalMoves"]), &opts).unwrap_or_default();
    let report: Value = serde_json::from_str(&text).unwrap_or_default();
    assert_eq!(
        conformance_core::report::validate(&report),
        Ok(()),
        "{text}"
    );
    assert_eq!(report["header"]["implementation"], "javascript:fake 1.0");
    assert_eq!(report["header"]["filter"], "tag:perft");
    assert!(
        report["summary"]["passed"].as_u64().unwrap_or(0) > 0,
        "{text}"
    );
    assert_eq!(report["summary"]["failed"], 0, "{text}");
}

#[test]
fn an_unknown_profile_is_an_error_before_any_question() {
    let opts = CertifyOptions {
        profile: Some("fesa-1999".into()),
        ..CertifyOptions::default()
    };
    let fake = Fake::with(&["legalMoves"]);
    let e = certify(fake, &opts).err().map(|e| e.to_string());
    assert!(e.is_some_and(|m| m.contains("fesa-1999")));
}

#[test]
fn a_session_runs_cases_one_by_one_and_reports_them_as_one_run() {
    let opts = CertifyOptions {
        filter: Some("tag:perft".into()),
        ..CertifyOptions::default()
    };
    let mut session = Session::new(Fake::with(&["legalMoves"]), &opts)
        .ok()
        .unwrap_or_else(|| panic!("session"));
    let cases: Vec<Value> = serde_json::from_str(session.cases()).unwrap_or_default();
    assert!(cases.len() >= 2);
    assert!(
        cases[0]["articles"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
    );
    for case in &cases[..2] {
        let id = case["id"].as_str().unwrap_or_default();
        let outcome: Value =
            serde_json::from_str(&session.run_case(id).unwrap_or_default()).unwrap_or_default();
        assert_eq!(outcome["id"], id);
        assert_eq!(outcome["outcome"], "pass", "{outcome}");
    }
    let report: Value =
        serde_json::from_str(&session.report().unwrap_or_default()).unwrap_or_default();
    assert_eq!(report["summary"]["passed"], 2);
    assert_eq!(report["header"]["filter"], "tag:perft");
    assert!(session.run_case("no-such-case").is_err());
}
