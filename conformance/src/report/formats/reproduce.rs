//! The command that runs one case again against the implementation that made a report,
//! printed beside every failure so a reader can reproduce it in one paste.

use super::RunInfo;
use crate::run::case_run::CaseResult;

/// The `--impl` argument that made a report, recovered from the implementation's name
/// (`usi:fairy-stockfish (Fairy-Stockfish 11.1)` → `usi:fairy-stockfish`).
pub fn impl_argument(info: &RunInfo) -> String {
    let name = info.header.implementation.as_str();
    match name.find(" (") {
        Some(i) if name.ends_with(')') => name[..i].to_owned(),
        _ => name.to_owned(),
    }
}

/// A one-line shell command that runs just this case again against the same implementation
/// and shows the case, the oracle's view and the implementation's answers.
pub fn reproduce_command(info: &RunInfo, r: &CaseResult) -> String {
    if let Some(template) = &info.reproduce_with {
        return template.replace("{case}", &r.case.id);
    }
    let imp = impl_argument(info);
    let quoted = if imp
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_:./=".contains(c))
    {
        imp
    } else {
        format!("'{}'", imp.replace('\'', "'\\''"))
    };
    format!(
        "shogi-conformance explain {} --impl {quoted} --profile {}",
        r.case.id, info.header.profile
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::formats::fixtures::{fail, info, result};

    #[test]
    fn a_run_started_elsewhere_names_its_own_command() {
        let r = result("0a1b2c3d", "fesa2017:3.11c", "", fail());
        let mut info = info();
        info.reproduce_with = Some("python -m shogi_conformance explain {case} --impl m:C".into());
        assert_eq!(
            reproduce_command(&info, &r),
            "python -m shogi_conformance explain 0a1b2c3d --impl m:C"
        );
    }

    #[test]
    fn the_reproduce_command_names_the_implementation_as_given() {
        let r = result("0a1b2c3d", "fesa2017:3.11c", "", fail());
        assert_eq!(
            reproduce_command(&info(), &r),
            "shogi-conformance explain 0a1b2c3d --impl 'usi:engine --flag' --profile fesa-2017"
        );
    }
}
