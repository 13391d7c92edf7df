//! The one duration syntax of the command line, for every option that takes a time
//! (`--timeout`, `--max-time`, `--seconds`, `--time`, `--byoyomi`, `--increment`, `--margin`):
//! seconds with an optional fraction (`90`, `0.2`), or a number with a unit — `ms`, `s`, `m`
//! or `h` (`200ms`, `2s`, `1.5m`, `2h`). A time is kept to the millisecond (engine
//! protocols and game records keep milliseconds, so a finer time would be judged by a clock
//! nobody can write down): a finer fraction is refused rather than rounded. At most a week: a
//! longer time is surely a typo, and a deadline past what the clock holds would overflow.

use std::time::Duration;

/// The longest duration accepted, in seconds: a week.
pub const LONGEST_SECS: u64 = 7 * 86_400;

/// Why a duration was refused. Every variant prints the same explanation of the syntax, so
/// that every option says the same thing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a usable duration ({why}): {SYNTAX}")]
pub struct DurationError {
    /// What was given.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

/// The syntax, as every duration error states it.
pub const SYNTAX: &str = "give seconds (`90`, `0.2`) or a number with a unit (`200ms`, `2s`, \
    `15m`, `2h`), to the millisecond, at most a week";

/// Reads a duration of zero or more (a clock setting may be zero).
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let err = |why| DurationError {
        text: text.to_owned(),
        why,
    };
    let t = text.trim();
    let (number, millis_per_unit) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1u64)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1_000)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60_000)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3_600_000)
    } else {
        (t, 1_000)
    };
    // Plain decimal digits only: no sign, exponent, `inf` or `NaN` — read exactly, without
    // the rounding of a float.
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return Err(err("not a number"));
    }
    // Whole and fractional parts in units of 10^-9 of the unit, exactly.
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| err("too long"))?
    };
    // Past a week in any unit: refused before the arithmetic below could overflow.
    if whole > u128::from(LONGEST_SECS) * 1_000 {
        return Err(err("longer than a week"));
    }
    if fraction.len() > 9 {
        return Err(err("finer than the millisecond"));
    }
    let frac: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse::<u128>().map_err(|_| err("not a number"))?
            * 10u128.pow(9 - fraction.len() as u32)
    };
    let nanos = (whole * 1_000_000_000 + frac) * u128::from(millis_per_unit) * 1_000_000;
    let nanos = nanos / 1_000_000_000;
    if nanos % 1_000_000 != 0 {
        return Err(err("finer than the millisecond"));
    }
    let millis = nanos / 1_000_000;
    if millis > u128::from(LONGEST_SECS) * 1_000 {
        return Err(err("longer than a week"));
    }
    Ok(Duration::from_millis(millis as u64))
}

/// Reads a duration that must be more than zero (a timeout, a time limit).
pub fn parse_positive_duration(text: &str) -> Result<Duration, DurationError> {
    let d = parse_duration(text)?;
    if d.is_zero() {
        return Err(DurationError {
            text: text.to_owned(),
            why: "it must be more than zero",
        });
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_and_units_read_to_the_millisecond() {
        let ms = Duration::from_millis;
        assert_eq!(parse_duration("0.2"), Ok(ms(200)));
        assert_eq!(parse_duration("5"), Ok(ms(5_000)));
        assert_eq!(parse_duration("0.213"), Ok(ms(213)));
        assert_eq!(parse_duration(".5"), Ok(ms(500)));
        assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
        assert_eq!(parse_duration("200ms"), Ok(ms(200)));
        assert_eq!(parse_duration("2s"), Ok(ms(2_000)));
        assert_eq!(parse_duration("1.5m"), Ok(ms(90_000)));
        assert_eq!(parse_duration("15m"), Ok(ms(900_000)));
        assert_eq!(parse_duration("2h"), Ok(ms(7_200_000)));
        assert_eq!(parse_duration("0.0005m"), Ok(ms(30)));
        assert_eq!(parse_duration("168h"), Ok(ms(LONGEST_SECS * 1_000)));
    }

    #[test]
    fn bad_durations_are_refused_with_one_explanation() {
        for bad in [
            "0.0001",
            "1.5ms",
            "-1",
            "NaN",
            "inf",
            "1e9",
            "two",
            "",
            ".",
            "169h",
            "5d",
            "1 m",
            "99999999999999999999999999999999999999999",
            "99999999999999999",
        ] {
            let e = parse_duration(bad).expect_err(bad);
            assert!(e.to_string().contains(SYNTAX), "{e}");
            assert!(e.to_string().contains(&format!("`{bad}`")), "{e}");
        }
        assert!(parse_positive_duration("0s").is_err());
        assert_eq!(parse_positive_duration("1ms"), Ok(Duration::from_millis(1)));
    }
}
