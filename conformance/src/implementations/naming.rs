//! How an external engine is named wherever it appears — run reports, match summaries, game
//! records — so that the same engine is called the same thing by `run` and by `match`: the
//! kind, the program's file name (not its full path, which says where it is installed, not
//! what it is) and, once the engine has said it, its `id name`.

use std::path::Path;

/// The display name of a USI engine: `usi:PROGRAM`, or `usi:PROGRAM (ID NAME)` once the engine
/// has answered `usi` with an `id name`. `program` is the command's program as given (a path
/// or a name looked up on `PATH`).
pub fn usi_engine_name(program: &str, id_name: Option<&str>) -> String {
    let file = Path::new(program)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| program.to_owned());
    match id_name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => format!("usi:{file} ({n})"),
        None => format!("usi:{file}"),
    }
}

/// Two names made distinct for a summary keyed by name: when both engines are called the same
/// (the same program twice, or two builds with one `id name`), they become `NAME #1` and
/// `NAME #2`.
pub fn distinct_pair(names: [String; 2]) -> [String; 2] {
    if names[0] == names[1] {
        let [a, b] = names;
        [format!("{a} #1"), format!("{b} #2")]
    } else {
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_is_named_by_its_file_and_its_id() {
        assert_eq!(
            usi_engine_name("/usr/games/fairy-stockfish", None),
            "usi:fairy-stockfish"
        );
        assert_eq!(
            usi_engine_name("/opt/yo/YaneuraOu-by-gcc", Some("YaneuraOu 9.70")),
            "usi:YaneuraOu-by-gcc (YaneuraOu 9.70)"
        );
        assert_eq!(usi_engine_name("gpsusi", Some("  ")), "usi:gpsusi");
    }

    #[test]
    fn equal_names_are_numbered() {
        let same = distinct_pair(["usi:a".to_owned(), "usi:a".to_owned()]);
        assert_eq!(same, ["usi:a #1", "usi:a #2"]);
        let other = distinct_pair(["usi:a".to_owned(), "usi:b".to_owned()]);
        assert_eq!(other, ["usi:a", "usi:b"]);
    }
}
