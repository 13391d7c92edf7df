//! `--shard I/N`: one part of a run, chosen by case id, so CI can split a corpus over jobs.

/// Which shard of a run to keep: `I/N` with 1 ≤ I ≤ N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 1-based.
    pub index: u32,
    /// How many shards.
    pub count: u32,
}

/// A `--shard` that is not `I/N` with 1 ≤ I ≤ N.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// No `/`.
    #[error("`{0}`: expected I/N, e.g. 2/4")]
    Form(String),
    /// I is not a number.
    #[error("`{0}`: I is not a number")]
    Index(String),
    /// N is not a number.
    #[error("`{0}`: N is not a number")]
    Count(String),
    /// Out of range.
    #[error("`{0}`: need 1 <= I <= N")]
    Range(String),
}

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| ShardError::Form(s.to_owned()))?;
        let index: u32 = i
            .trim()
            .parse()
            .map_err(|_| ShardError::Index(s.to_owned()))?;
        let count: u32 = n
            .trim()
            .parse()
            .map_err(|_| ShardError::Count(s.to_owned()))?;
        if count == 0 || index == 0 || index > count {
            return Err(ShardError::Range(s.to_owned()));
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether the case with this id belongs to the shard. Assignment is by the id's value,
    /// so it does not move when cases are added or removed elsewhere.
    pub fn contains(&self, id: &str) -> bool {
        let n = u32::from_str_radix(id, 16).unwrap_or_else(|_| {
            id.bytes()
                .fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)))
        });
        n % self.count == self.index - 1
    }
}
