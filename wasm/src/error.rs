//! The one error of the WebAssembly functions: what the command-line tool would have printed
//! on standard error (before exit status 2), in the user's terms.

/// Why a function could not give its answer.
#[derive(Debug, thiserror::Error)]
pub enum WasmError {
    /// The options were not the JSON object the function documents.
    #[error("options: {0}")]
    Options(#[from] serde_json::Error),
    /// No record file among the files given (none with a record extension).
    #[error("no record files (.{extensions}) among the {given} file(s) given")]
    NoRecords {
        /// The extensions looked for, joined with `, .`.
        extensions: String,
        /// How many files were given.
        given: usize,
    },
    /// A shogi record could not be judged, or a profile or override does not resolve.
    #[error("{0}")]
    ShogiJudge(#[from] shogi_conformance::games::judge::JudgeError),
    /// The shogi corpus run could not be made.
    #[error("{0}")]
    ShogiRun(#[from] shogi_conformance::run::RunError),
    /// A position (SFEN, `startpos`, `… moves …`) could not be read.
    #[error("bad position: {0}")]
    Position(String),
    /// The oracle refused a question (an unreachable position it was not asked to accept).
    #[error("{0}")]
    Oracle(#[from] shogi_spec::ImplError),
    /// A Go profile or override does not resolve.
    #[error("{0}")]
    GoProfile(#[from] go_spec::ProfileError),
    /// The two sides of a Go `diff` do not resolve.
    #[error("{0}")]
    GoSides(#[from] go_conformance::impact::SidesError),
    /// The Go corpus run could not be made.
    #[error("{0}")]
    GoRun(#[from] go_conformance::oracle_run::OracleRunError),
}
