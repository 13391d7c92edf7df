//! The back-end contract (`serve/assets/app.js`'s head comment): each question the page asks,
//! answered as the JSON the page reads, or refused with a status and a JSON body — over any
//! [`Source`] of records. `serve`'s routes (HTTP) and the WebAssembly back-end (the page's
//! Web Worker) are both transports over these functions alone, so the page cannot get
//! different answers from the two.
//!
//! | question | answer | refused |
//! | --- | --- | --- |
//! | [`Bench::info`] | the game, its formats, profiles and knobs | never |
//! | [`Bench::records`] | `{folders, records, files, games, refused}` | 500 a folder unreadable |
//! | [`Bench::record`] | `{name, text}` of a listed record | 403 outside, 404 not there, 413 past the limit |
//! | [`Bench::check`] | `{}` | 400 `{error, knob, value, domain, article}` |
//! | [`Bench::judge`] | the [`Verdict`] | 400 as check, 404/403/413 as record, 422 `{error, file, line, message}` unreadable |
//! | [`Bench::impact`] | the [`super::impact::Impact`] table | 400 as check |
//!
//! A request given as JSON ([`request`]) that does not parse is refused 400.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::api::{Choice, RecordError, RecordInput, Verdict, Workbench};
use super::choice::ChoiceError;
use super::impact;
use super::source::{FileError, Source, list, name_of, size_words};

/// What every answer is computed over: the game, its records, the largest record read, and
/// how many workers compare an archive (one where there are no threads).
#[derive(Clone, Copy)]
pub struct Bench<'a> {
    /// The game.
    pub game: &'a dyn Workbench,
    /// Where its records are.
    pub source: &'a dyn Source,
    /// The largest record read (a served file, a paste or an upload), in bytes.
    pub limit: usize,
    /// Workers of the impact table.
    pub jobs: usize,
}

/// A question refused: the status (an HTTP code, on either transport) and the JSON body.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {body}")]
pub struct Refusal {
    /// The HTTP-like status (400, 403, 404, 413, 422, 500).
    pub status: u16,
    /// The JSON body, `{"error": …}` with what the status says more.
    pub body: String,
}

impl Refusal {
    fn json(status: u16, value: &impl Serialize) -> Refusal {
        Refusal {
            status,
            body: to_json(value),
        }
    }

    /// `{"error": message}`.
    pub fn new(status: u16, message: &str) -> Refusal {
        Refusal::json(status, &json!({ "error": message }))
    }

    /// A record that cannot be judged: 422, the file, the line and what is wrong.
    pub fn record(e: &RecordError) -> Refusal {
        Refusal::json(
            422,
            &json!({ "error": e.to_string(), "file": e.file, "line": e.line, "message": e.message }),
        )
    }

    /// A choice of rules refused: 400, the refusal in words and the field at fault.
    pub fn choice(e: &ChoiceError) -> Refusal {
        Refusal::json(
            400,
            &json!({ "error": e.message, "knob": e.knob, "value": e.value, "domain": e.domain, "article": e.article }),
        )
    }

    /// A record refused or unreadable where it is kept.
    pub fn file(e: &FileError) -> Refusal {
        Refusal::new(e.status(), &e.to_string())
    }

    /// A paste or upload past the limit: 413.
    pub fn upload_too_large(limit: usize) -> Refusal {
        Refusal::new(
            413,
            &format!(
                "the record is larger than {}, the limit of a paste or upload",
                size_words(limit)
            ),
        )
    }
}

/// A value as the page reads it.
pub fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".to_owned())
}

/// A request given as JSON text, read.
///
/// # Errors
/// 400 when it is not the request's JSON, naming what is wrong.
pub fn request<T: DeserializeOwned>(text: &str) -> Result<T, Refusal> {
    serde_json::from_str(text).map_err(|e| {
        Refusal::new(
            400,
            &format!("the request is not the JSON it should be: {e}"),
        )
    })
}

/// A choice of rules as asked: a profile (the default one when none is named) and the knobs
/// set on top of it, and the points marked on the board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct ChoiceRequest {
    /// The profile's name; none: the game's default.
    #[serde(default)]
    pub profile: Option<String>,
    /// `knob=value` overrides (empty ones are dropped).
    #[serde(default)]
    pub set: Vec<String>,
    /// Points clicked on the board (empty ones are dropped).
    #[serde(default)]
    pub marks: Vec<String>,
}

/// A served record asked for: `{root, path}` (as listed by [`Bench::records`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct RecordRequest {
    /// The folder's index.
    pub root: usize,
    /// The path relative to it.
    #[serde(default)]
    pub path: String,
}

/// The bytes of a paste or upload: text (read as its UTF-8 bytes) or the bytes as numbers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Bytes {
    /// Text, taken as UTF-8.
    Text(String),
    /// The bytes themselves, each 0 to 255.
    Octets(Vec<u8>),
}

/// The record a judgement is of.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum RecordRef {
    /// A listed record: folder, path, and which game of the file (from 0).
    Served {
        /// The folder's index.
        root: usize,
        /// The path relative to it.
        #[serde(default)]
        path: String,
        /// Which game of the file.
        #[serde(default)]
        game: usize,
    },
    /// A paste or upload: its file name (for the format and the errors) and its bytes.
    Given {
        /// The name; empty: `pasted record`.
        #[serde(default)]
        name: String,
        /// The bytes.
        bytes: Bytes,
    },
}

/// `judge({record, choice})`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct JudgeRequest {
    /// The record.
    pub record: RecordRef,
    /// The rules.
    #[serde(default)]
    pub choice: ChoiceRequest,
}

/// `impact({base, choice})`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ImpactRequest {
    /// The base profile's name; none: the game's default.
    #[serde(default)]
    pub base: Option<String>,
    /// The rules compared with it.
    #[serde(default)]
    pub choice: ChoiceRequest,
}

impl Bench<'_> {
    /// `info()`: the game, its formats, profiles and knobs.
    pub fn info(&self) -> String {
        to_json(&self.game.info())
    }

    /// `records()`: every game of the folders (a file of several once per game), the files and
    /// games counted apart, the refused files with the reason.
    ///
    /// # Errors
    /// A folder that cannot be listed.
    pub fn records(&self) -> Result<String, Refusal> {
        let listing = list(self.source, self.game, self.limit).map_err(|e| Refusal::file(&e))?;
        let folders: Vec<String> = self.source.folders().into_iter().map(|f| f.name).collect();
        Ok(to_json(&json!({
            "folders": folders,
            "records": listing.records,
            "files": listing.files,
            "games": listing.games,
            "refused": listing.refused,
        })))
    }

    /// `record({root, path})`: a listed record's text, for the page to show.
    ///
    /// # Errors
    /// The record is not there, outside the folders, or past the limit.
    pub fn record(&self, rq: &RecordRequest) -> Result<String, Refusal> {
        let r = self.served(rq.root, &rq.path, 0)?;
        Ok(to_json(
            &json!({ "name": r.name, "text": String::from_utf8_lossy(&r.bytes) }),
        ))
    }

    /// `check(choice)`: `{}` when the rules resolve.
    ///
    /// # Errors
    /// 400 naming the field at fault.
    pub fn check(&self, choice: &ChoiceRequest) -> Result<String, Refusal> {
        self.checked(&[&self.choice(choice)])?;
        Ok(to_json(&json!({})))
    }

    /// `judge({record, choice})`: the verdict.
    ///
    /// # Errors
    /// The rules refused (400, before the record is read), the record not found or refused,
    /// or unreadable (422).
    pub fn judge(&self, rq: &JudgeRequest) -> Result<String, Refusal> {
        let c = self.choice(&rq.choice);
        self.checked(&[&c])?;
        let record = match &rq.record {
            RecordRef::Served { root, path, game } => self.served(*root, path, *game)?,
            RecordRef::Given { name, bytes } => self.given(name, bytes)?,
        };
        let verdict: Verdict = self
            .game
            .judge(&record, &c)
            .map_err(|e| Refusal::record(&e))?;
        Ok(to_json(&verdict))
    }

    /// `impact({base, choice})`: every listed game compared under the base profile and the
    /// choice; `progress` hears (records done, records in all) after each.
    ///
    /// # Errors
    /// Either choice refused (400), or a folder that cannot be listed.
    pub fn impact(
        &self,
        rq: &ImpactRequest,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<String, Refusal> {
        let base = self.choice(&ChoiceRequest {
            profile: rq.base.clone(),
            ..ChoiceRequest::default()
        });
        let other = self.choice(&rq.choice);
        self.checked(&[&base, &other])?;
        let listing = list(self.source, self.game, self.limit).map_err(|e| Refusal::file(&e))?;
        let listed: Vec<_> = listing.games().cloned().collect();
        Ok(to_json(&impact::impact(
            self,
            &listed,
            (&base, &other),
            progress,
        )))
    }

    /// The choice asked, the default profile where none is named.
    pub fn choice(&self, rq: &ChoiceRequest) -> Choice {
        let nonempty = |v: &[String]| v.iter().filter(|s| !s.is_empty()).cloned().collect();
        Choice {
            profile: rq.profile.clone().unwrap_or_else(|| self.default_profile()),
            set: nonempty(&rq.set),
            marks: nonempty(&rq.marks),
        }
    }

    fn default_profile(&self) -> String {
        self.game
            .info()
            .profiles
            .first()
            .map(|p| p.name.clone())
            .unwrap_or_default()
    }

    /// Checks every choice a question is answered under; the first refused is the answer.
    fn checked(&self, choices: &[&Choice]) -> Result<(), Refusal> {
        choices
            .iter()
            .try_for_each(|c| self.game.check(c))
            .map_err(|e| Refusal::choice(&e))
    }

    /// A listed record, read.
    fn served(&self, root: usize, path: &str, game: usize) -> Result<RecordInput, Refusal> {
        let real = self
            .source
            .resolve(root, path, self.game)
            .map_err(|e| Refusal::file(&e))?;
        let name = name_of(&self.source.folders(), root, path);
        let bytes = self
            .source
            .read(&real, &name, self.limit)
            .map_err(|e| Refusal::file(&e))?;
        Ok(RecordInput {
            name,
            bytes,
            path: Some(real),
            game,
        })
    }

    /// A paste or upload, within the limit.
    fn given(&self, name: &str, bytes: &Bytes) -> Result<RecordInput, Refusal> {
        let bytes = match bytes {
            Bytes::Text(t) => t.as_bytes().to_vec(),
            Bytes::Octets(b) => b.clone(),
        };
        if bytes.len() > self.limit {
            return Err(Refusal::upload_too_large(self.limit));
        }
        let name = if name.trim().is_empty() {
            "pasted record"
        } else {
            name
        };
        Ok(RecordInput {
            name: name.to_owned(),
            bytes,
            path: None,
            game: 0,
        })
    }
}
