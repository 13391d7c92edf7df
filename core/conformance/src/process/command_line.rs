//! The command line an external implementation is started from: split like a shell splits it
//! (quotes, backslashes), its program found on the `PATH` or beside the working folder, and
//! written back so that it splits the same way again. Separate from the process: it is
//! parsed and shown long before anything is started.

use std::path::{Path, PathBuf};

/// A command line: the program and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine {
    /// The program, as given.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandLineError {
    /// Nothing but whitespace.
    #[error("empty command")]
    Empty,
    /// A quote was opened and never closed, or the line ends in a lone backslash.
    #[error("unterminated quote or escape in `{0}`")]
    Unterminated(String),
}

impl CommandLine {
    /// Splits a command line into words as a POSIX shell would (quotes, backslash escapes,
    /// `#` comments), with the `shlex` crate; no variable expansion, no globbing.
    pub fn parse(text: &str) -> Result<CommandLine, CommandLineError> {
        let mut words =
            shlex::split(text).ok_or_else(|| CommandLineError::Unterminated(text.to_owned()))?;
        if words.is_empty() {
            return Err(CommandLineError::Empty);
        }
        let program = words.remove(0);
        Ok(CommandLine {
            program,
            args: words,
        })
    }

    /// The program to start: the name as given when it contains a `/` or is found on `PATH`;
    /// otherwise the first of Debian's games folders (`/usr/games`, `/usr/local/games`) that
    /// holds it, since Debian installs packaged game engines there and those folders are not
    /// on every `PATH`.
    pub fn resolved_program(&self) -> PathBuf {
        let p = Path::new(&self.program);
        if self.program.contains('/') {
            return p.to_owned();
        }
        let on_path = std::env::var_os("PATH")
            .map(|path| std::env::split_paths(&path).any(|dir| dir.join(&self.program).is_file()))
            .unwrap_or(false);
        if !on_path {
            for dir in ["/usr/games", "/usr/local/games"] {
                let candidate = Path::new(dir).join(&self.program);
                if candidate.is_file() {
                    return candidate;
                }
            }
        }
        p.to_owned()
    }
}

/// A word quoted so that [`CommandLine::parse`] reads it back as it is (`shlex`'s quoting; a
/// word with a NUL byte, which `shlex` refuses to quote, in single quotes).
fn quote_word(word: &str) -> String {
    match shlex::try_quote(word) {
        Ok(q) => q.into_owned(),
        Err(_) => format!("'{}'", word.replace('\'', "'\\''")),
    }
}

impl std::fmt::Display for CommandLine {
    /// The command line as [`CommandLine::parse`] reads it back, word for word.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&quote_word(&self.program))?;
        for a in &self.args {
            write!(f, " {}", quote_word(a))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let c = CommandLine::parse("python3 -u 'my adapter.py' --name \"a b\" x\\ y").unwrap();
        assert_eq!(c.program, "python3");
        assert_eq!(c.args, vec!["-u", "my adapter.py", "--name", "a b", "x y"]);
        assert_eq!(CommandLine::parse("   "), Err(CommandLineError::Empty));
        assert!(matches!(
            CommandLine::parse("a 'b"),
            Err(CommandLineError::Unterminated(_))
        ));
        assert_eq!(
            CommandLine::parse(&c.to_string()).unwrap(),
            c,
            "display round-trips"
        );
        // Backslashes and a program with a space survive the round trip too (found by the
        // command_line fuzz target's property).
        let odd = CommandLine {
            program: "/opt/my engine/run".into(),
            args: vec!["a\\b".into(), String::new(), "it's".into()],
        };
        assert_eq!(CommandLine::parse(&odd.to_string()).unwrap(), odd);
        // Words shlex would take for a comment or refuses to quote come back as they were.
        for word in ["#x", "a\0b", "~", "a\nb", "$HOME", "*"] {
            let c = CommandLine {
                program: "p".into(),
                args: vec![word.into()],
            };
            assert_eq!(CommandLine::parse(&c.to_string()).ok(), Some(c), "{word:?}");
        }
    }
}
