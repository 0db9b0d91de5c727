//! Keeping the Daily days players already have: a release can copy the
//! trios of the cycle's first days from an older `daily.json` unchanged and
//! build only the rest anew (docs/release.md §3).

use crate::dates::Date;
use crate::puzzle::{BoardRecord, RestoreError, Workbench, restore};
use crate::schedule::{CYCLE_DAYS, EPOCH, day_empties, day_of};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Why the old days cannot be kept.
#[derive(Debug, thiserror::Error)]
pub enum KeepError {
    /// The old `daily.json` could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The file.
        file: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The old `daily.json` does not parse as a Daily file.
    #[error("{file}: malformed: {source}")]
    Json {
        /// The file.
        file: String,
        /// The cause.
        source: serde_json::Error,
    },
    /// The old table's layout cannot be kept.
    #[error("{file}: {what}")]
    Layout {
        /// The file.
        file: String,
        /// What is wrong.
        what: String,
    },
    /// A kept board is unusable.
    #[error("{file}: day {day}, board {id}: {source}")]
    Board {
        /// The file.
        file: String,
        /// The day.
        day: usize,
        /// The board's id.
        id: String,
        /// The cause.
        source: RestoreError,
    },
}

/// Where kept days came from, written into `daily.json` as `kept_days`.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct KeptProvenance {
    /// Days 0 through this one were copied.
    pub through_day: usize,
    /// The date given with `--through`.
    pub through: String,
    /// The old file's `generator`, `seed` and SHA-256.
    pub from_generator: String,
    /// The old file's `seed`.
    pub from_seed: u64,
    /// The SHA-256 of the old `daily.json`.
    pub from_daily_sha256: String,
}

/// The kept days' records and their provenance.
#[derive(Clone, Debug)]
pub struct KeptDays {
    /// `days[d]` is day `d`'s trio, for d = 0 ..= `provenance.through_day`.
    pub days: Vec<Vec<BoardRecord>>,
    /// Where they came from.
    pub provenance: KeptProvenance,
}

impl KeptDays {
    /// Day `d`'s kept trio, if `d` is kept.
    pub fn day(&self, d: usize) -> Option<&[BoardRecord]> {
        self.days.get(d).map(Vec::as_slice)
    }

    /// Every kept record.
    pub fn records(&self) -> impl Iterator<Item = &BoardRecord> {
        self.days.iter().flatten()
    }
}

#[derive(Deserialize)]
struct OldDaily {
    generator: String,
    seed: u64,
    epoch: String,
    cycle_days: usize,
    days: Vec<OldDay>,
}

#[derive(Deserialize)]
struct OldDay {
    day: usize,
    boards: Vec<BoardRecord>,
}

/// Reads `old_dir/daily.json` and keeps its days 0 through the day of `through`.
pub fn load(old_dir: &Path, through: Date) -> Result<KeptDays, KeepError> {
    let path = old_dir.join("daily.json");
    let file = path.display().to_string();
    let bytes = std::fs::read(&path).map_err(|source| KeepError::Io { file: file.clone(), source })?;
    let old: OldDaily =
        serde_json::from_slice(&bytes).map_err(|source| KeepError::Json { file: file.clone(), source })?;
    let layout = |what: String| KeepError::Layout { file: file.clone(), what };
    if old.epoch != EPOCH || old.cycle_days != CYCLE_DAYS || old.days.len() != CYCLE_DAYS {
        return Err(layout(format!(
            "epoch {} with {} of {} days; only a {CYCLE_DAYS}-day table from epoch {EPOCH} can be kept",
            old.epoch,
            old.days.len(),
            old.cycle_days
        )));
    }
    let through_day = day_of(through);
    let mut bench = Workbench::default();
    let mut days = Vec::with_capacity(through_day + 1);
    for (d, day) in old.days.into_iter().take(through_day + 1).enumerate() {
        let empties: Vec<u32> = day.boards.iter().map(|b| b.empties).collect();
        if day.day != d || empties != day_empties(d) {
            return Err(layout(format!("day {d} is numbered {} with empties {empties:?}", day.day)));
        }
        let trio = day
            .boards
            .into_iter()
            .map(|b| {
                let id = b.id.clone();
                restore(b, &mut bench).map_err(|source| KeepError::Board { file: file.clone(), day: d, id, source })
            })
            .collect::<Result<Vec<_>, _>>()?;
        days.push(trio);
    }
    let provenance = KeptProvenance {
        through_day,
        through: through.to_string(),
        from_generator: old.generator,
        from_seed: old.seed,
        from_daily_sha256: crate::output::sha256_hex(&bytes),
    };
    Ok(KeptDays { days, provenance })
}
