//! What was run: the header every report carries ([`RunInfo`]), the one-line contract it
//! certified against, and the warnings of a run that is not complete.

use conformance_core::report::Header;
use serde::Serialize;

/// What was run: the core's header of every report (tool, contract, profile, implementation,
/// filter, shard, stops), with what only shogi's runs add beside it.
#[derive(Debug, Clone, Serialize)]
pub struct RunInfo {
    /// The header every game's report carries, as the published schema names its fields.
    #[serde(flatten)]
    pub header: Header,
    /// Who the engine said it was and what it was sent (USI engines; `None` for the others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineIdentity>,
    /// How to run one case again where the run was not started by the command line, `{case}`
    /// standing for the case's id: the Python package's `python -m shogi_conformance explain
    /// {case} --impl mymodule:Mine`, which a pip user can type (the command line's own
    /// command names a tool the wheel does not install). `None`: the command line's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reproduce_with: Option<String>,
}

impl Default for RunInfo {
    fn default() -> RunInfo {
        RunInfo::of(Header::default())
    }
}

/// A USI engine as the report's header names it: its `id name` and `id author` lines, and every
/// `setoption` it was sent, so that a reader knows what exactly was certified (a build at one
/// thread and 16 MB of hash is not the build at its playing settings).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EngineIdentity {
    /// `id name`, if the engine gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `id author`, if the engine gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The options sent with `setoption`, in the order sent.
    pub options: Vec<SentOption>,
}

/// One `setoption` the driver sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SentOption {
    /// The option's name.
    pub name: String,
    /// The value sent.
    pub value: String,
    /// The driver's own choice (the certification defaults), not the user's `--usi-option`.
    pub default: bool,
}

impl EngineIdentity {
    /// `NAME by AUTHOR`, or whichever of the two the engine gave (`None` if neither).
    pub fn who(&self) -> Option<String> {
        match (&self.name, &self.author) {
            (Some(n), Some(a)) => Some(format!("{n} by {a}")),
            (Some(n), None) => Some(n.clone()),
            (None, Some(a)) => Some(format!("by {a}")),
            (None, None) => None,
        }
    }

    /// The options sent, as `Name=value` with ` (default)` after the driver's own choices;
    /// `none` when nothing was sent.
    pub fn options_line(&self) -> String {
        if self.options.is_empty() {
            return "none".to_owned();
        }
        self.options
            .iter()
            .map(|o| {
                format!(
                    "{}={}{}",
                    o.name,
                    o.value,
                    if o.default { " (default)" } else { "" }
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The header lines every format prints for the engine: who it is, what it was sent.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(who) = self.who() {
            out.push(format!("Engine: {who}"));
        }
        out.push(format!("Options sent: {}", self.options_line()));
        out
    }
}

impl RunInfo {
    /// The tool's name, as the header names it.
    pub const TOOL: &'static str = "shogi-conformance";

    /// A run's information with nothing beside the header; the tool is always this one.
    pub fn of(header: Header) -> RunInfo {
        RunInfo {
            header: Header {
                tool: Self::TOOL.to_owned(),
                ..header
            },
            engine: None,
            reproduce_with: None,
        }
    }

    /// The game-neutral header of this run (the published schema's fields); the engine's
    /// identity is this game's addition beside it.
    pub fn header(&self) -> Header {
        self.header.clone()
    }

    /// How headers name the corpus a run read: `corpus NAME`, or the name alone when it is
    /// itself a folder called `corpus` (`corpus`, `../cases/corpus`), so that no header says
    /// "corpus corpus".
    pub fn corpus_label(&self) -> String {
        self.header.corpus_label()
    }

    /// The one line saying how the run certified moves (see [`Methods`]), counting only the
    /// cases whose answers were checked; `None` for a run that checked no answer (its
    /// implementation did not start, or every case was skipped or errored), which certified
    /// nothing.
    ///
    /// [`Methods`]: crate::run::case_run::Methods
    pub fn certified_by(&self, results: &[crate::run::case_run::CaseResult]) -> Option<String> {
        let m = crate::run::case_run::Methods::of(results);
        conformance_core::report::certified_by_line(
            &self.header,
            m.answered,
            &[
                (m.move_checks, "case(s) of move lists, status and perft"),
                (m.probes, "bestmove probe(s)"),
            ],
        )
    }

    /// The contract a run certified against, in one line: tool version, corpus version and
    /// content hash, and where the corpus was read from. Every format carries it.
    pub fn contract(&self) -> String {
        self.header.contract()
    }

    /// The lines every format puts at the top when the run is not a complete one: the start-up
    /// failure, the interruption with the cases not run.
    pub fn warnings(&self) -> Vec<String> {
        self.header.warnings()
    }
}
