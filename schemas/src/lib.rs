//! Every JSON Schema the conformance suites publish, in one folder under one version.
//!
//! A consumer of our JSON (an archive pipeline, a CI dashboard, an adapter author) finds every
//! output's shape here: the files are the folder `schemas/` of the repository, and this crate
//! hands their text to the binaries and tests that validate against them. Each schema's `$id`
//! is `urn:shogi-conformance:schemas:v{SCHEMA_VERSION}:{name}` (a URN: it names the schema
//! without promising a web address), and every JSON output that has a schema carries
//! `"schema_version": SCHEMA_VERSION`, which its schema requires. One number for all of them,
//! as Bowtie does: a consumer checks one field, and a change to any published shape bumps it
//! (docs/reports.md lists what each version changed).
//!
//! The crate names games only as the file names of their schemas; it holds no code.

/// The version every published schema and every JSON output with a schema carries.
///
/// 3 (2026-12-06): one folder and one version for all outputs; run reports and Go's judge
/// output gained `schema_version`; the shogi judge (2) and the impact report (2) moved to 3
/// without another change of shape.
pub const SCHEMA_VERSION: u32 = 3;

/// The prefix of every schema's `$id`, before its name.
pub const ID_PREFIX: &str = "urn:shogi-conformance:schemas:v3:";

/// One published schema: its name (the file's path under `schemas/` without `.json`) and text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schema {
    /// The path under `schemas/` without the `.json` suffix: `run-report`,
    /// `adapter/hello.request`.
    pub name: &'static str,
    /// The schema's JSON text.
    pub text: &'static str,
}

impl Schema {
    /// The `$id` the schema declares: [`ID_PREFIX`] and its name.
    pub fn id(&self) -> String {
        format!("{ID_PREFIX}{}", self.name)
    }
}

macro_rules! schemas {
    ($($(#[$doc:meta])* $konst:ident = $path:literal;)*) => {
        $($(#[$doc])* pub const $konst: Schema = Schema {
            name: $path,
            text: include_str!(concat!("../", $path, ".json")),
        };)*
        /// Every published schema, in the order of this file.
        pub const ALL: &[Schema] = &[$($konst),*];
    };
}

schemas! {
    /// A conformance run's JSON report, for every game (`run --format json`).
    RUN_REPORT = "run-report";
    /// One line of `diff --format json` (archive impact), for every game.
    IMPACT = "impact";
    /// One line of shogi's `judge --format json`.
    SHOGI_JUDGE = "shogi/judge";
    /// Go's `judge --format json`.
    GO_JUDGE = "go/judge";
    /// One file of the shogi corpus's cases (the case language, `INTERPRETING.md`).
    SHOGI_CASE = "shogi/case";
    /// One file of the Go corpus's cases (the same case language, `INTERPRETING.md`).
    GO_CASE = "go/case";
    /// The adapter protocol: the `hello` request.
    ADAPTER_HELLO_REQUEST = "adapter/hello.request";
    /// The adapter protocol: the `hello` reply.
    ADAPTER_HELLO_REPLY = "adapter/hello.reply";
    /// The adapter protocol: the `legal_moves` request.
    ADAPTER_LEGAL_MOVES_REQUEST = "adapter/legal_moves.request";
    /// The adapter protocol: the `perft` request.
    ADAPTER_PERFT_REQUEST = "adapter/perft.request";
    /// The adapter protocol: the `divide` request.
    ADAPTER_DIVIDE_REQUEST = "adapter/divide.request";
    /// The adapter protocol: the `status` request.
    ADAPTER_STATUS_REQUEST = "adapter/status.request";
    /// The adapter protocol: the `adjudicate` request.
    ADAPTER_ADJUDICATE_REQUEST = "adapter/adjudicate.request";
    /// The adapter protocol: the `ask` request.
    ADAPTER_ASK_REQUEST = "adapter/ask.request";
    /// The adapter protocol: the `quit` request.
    ADAPTER_QUIT_REQUEST = "adapter/quit.request";
    /// The adapter protocol: the `legal_moves` result.
    ADAPTER_LEGAL_MOVES_RESULT = "adapter/legal_moves.result";
    /// The adapter protocol: the `perft` result.
    ADAPTER_PERFT_RESULT = "adapter/perft.result";
    /// The adapter protocol: the `divide` result.
    ADAPTER_DIVIDE_RESULT = "adapter/divide.result";
    /// The adapter protocol: the `status` result.
    ADAPTER_STATUS_RESULT = "adapter/status.result";
    /// The adapter protocol: the `adjudicate` result.
    ADAPTER_ADJUDICATE_RESULT = "adapter/adjudicate.result";
    /// The adapter protocol: the `ask` result.
    ADAPTER_ASK_RESULT = "adapter/ask.result";
    /// The adapter protocol: a `skipped` reply.
    ADAPTER_SKIPPED_REPLY = "adapter/skipped.reply";
    /// The adapter protocol: an `errored` reply.
    ADAPTER_ERRORED_REPLY = "adapter/errored.reply";
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_prefix_names_the_version() {
        assert_eq!(
            ID_PREFIX,
            format!("urn:shogi-conformance:schemas:v{SCHEMA_VERSION}:")
        );
    }

    #[test]
    fn every_schema_declares_its_id_and_requires_the_version() {
        for schema in ALL {
            let value: serde_json::Value = serde_json::from_str(schema.text)
                .unwrap_or_else(|e| panic!("{}: not JSON: {e}", schema.name));
            assert_eq!(value["$id"], schema.id(), "{}: $id", schema.name);
            assert_eq!(
                value["$schema"], "https://json-schema.org/draft/2020-12/schema",
                "{}: draft",
                schema.name
            );
        }
    }

    /// The folder holds exactly the schemas [`ALL`] lists: none unpublished, none missing.
    #[test]
    fn the_folder_holds_every_schema_and_nothing_else() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut found = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in
                std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            {
                let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "json") {
                    let rel = path.strip_prefix(root).unwrap_or(&path);
                    found.push(
                        rel.to_string_lossy()
                            .trim_end_matches(".json")
                            .replace('\\', "/"),
                    );
                }
            }
        }
        found.sort();
        let mut listed: Vec<String> = ALL.iter().map(|s| s.name.to_string()).collect();
        listed.sort();
        assert_eq!(found, listed);
    }
}
