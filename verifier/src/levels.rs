//! The verifier's own reading of `levels.json` (docs/formats.md#datalevelsjson):
//! only what its checks need — the square table in both corner states,
//! Level 2's mobility weight and reading (rule 6) and the reply limit — and
//! the data files' `levels_sha256` against the file's bytes.

use crate::input::{parse_json, read};
use crate::report::{InputError, Report};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::path::Path;

pub use crate::input::LEVELS;

/// What the checks need of the levels file.
#[derive(Clone, Debug, PartialEq)]
pub struct Levels {
    /// Square values while the quadrant's corner is empty, a1 = 0 … h8 = 63.
    pub corner_empty: [i32; 64],
    /// Square values once the quadrant's corner is taken.
    pub corner_taken: [i32; 64],
    /// Level 2's points per extra legal move, in hundredths.
    pub level2_mobility_hundredths: i64,
    /// Level 2 counts only its own legal moves (`"mover"`), not its minus the opponent's.
    pub level2_own_mobility: bool,
    /// The computer's reply limit, in positions.
    pub reply_limit: u64,
    /// The SHA-256 of the file's bytes.
    pub sha256: String,
}

#[derive(Deserialize)]
struct File {
    squares: Squares,
    level2: Level2,
    reply_limit: u64,
}

#[derive(Deserialize)]
struct Squares {
    corner_empty: [[i32; 8]; 8],
    corner_taken: [[i32; 8]; 8],
}

#[derive(Deserialize)]
struct Level2 {
    mobility_weight: f64,
    mobility: String,
}

fn flatten(rows: &[[i32; 8]; 8]) -> [i32; 64] {
    let mut out = [0; 64];
    for r in 0..8 {
        out[r * 8..r * 8 + 8].copy_from_slice(&rows[r]);
    }
    out
}

impl Levels {
    /// Reads `dir/levels.json`.
    pub fn read(dir: &Path) -> Result<Levels, InputError> {
        let file: File = parse_json(dir, LEVELS)?;
        let bad = |place: &str, message: String| InputError::Malformed {
            file: dir.join(LEVELS),
            place: place.to_string(),
            message,
        };
        let hundredths = file.level2.mobility_weight * 100.0;
        if !hundredths.is_finite() || (hundredths - hundredths.round()).abs() > 1e-6 {
            return Err(bad(
                "level2.mobility_weight",
                format!("{} is not whole hundredths", file.level2.mobility_weight),
            ));
        }
        let own = match file.level2.mobility.as_str() {
            "mover-minus-opponent" => false,
            "mover" => true,
            other => return Err(bad("level2.mobility", format!("`{other}` is not `mover-minus-opponent` or `mover`"))),
        };
        let digest = Sha256::digest(read(dir, LEVELS)?);
        Ok(Levels {
            corner_empty: flatten(&file.squares.corner_empty),
            corner_taken: flatten(&file.squares.corner_taken),
            level2_mobility_hundredths: hundredths.round() as i64,
            level2_own_mobility: own,
            reply_limit: file.reply_limit,
            sha256: digest.iter().map(|b| format!("{b:02x}")).collect(),
        })
    }

    /// The value of square `sq` on a board whose occupied squares are
    /// `occupied`: the corner of its quadrant decides which face counts.
    pub fn square_value(&self, occupied: u64, sq: u8) -> i32 {
        let (c, r) = (sq % 8, sq / 8);
        let corner = (if r < 4 { 0 } else { 7 }) * 8 + if c < 4 { 0 } else { 7 };
        if occupied >> corner & 1 == 1 { self.corner_taken[sq as usize] } else { self.corner_empty[sq as usize] }
    }
}

/// Each data file whose header names the levels file must name these bytes.
pub(crate) fn check_headers(dir: &Path, levels: &Levels, report: &mut Report) -> Result<(), InputError> {
    #[derive(Deserialize)]
    struct Header {
        levels_sha256: Option<String>,
    }
    for name in ["endgame.json", "daily.json", crate::input::GAME_ENDGAME, crate::input::GAME_DAILY] {
        let header: Header = parse_json(dir, name)?;
        match header.levels_sha256 {
            None => report.fail(name, "no levels_sha256 (the levels file it was made under)".to_string()),
            Some(h) if h != levels.sha256 => {
                report.fail(
                    name,
                    format!("levels_sha256 {h} names another levels file than {LEVELS} ({})", levels.sha256),
                );
            }
            Some(_) => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixture's levels file with `from` replaced by `to`, read.
    fn read_with(from: &str, to: &str) -> Result<Levels, InputError> {
        let crate_dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo");
        let fixture = Path::new(&crate_dir).join("tests/fixture/levels.json");
        let text = std::fs::read_to_string(fixture).unwrap();
        assert!(text.contains(from), "{from}");
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::write(dir.path().join(LEVELS), text.replacen(from, to, 1)).unwrap();
        Levels::read(dir.path())
    }

    #[test]
    fn level2s_mobility_weight_must_be_whole_hundredths() {
        let from = "\"mobility_weight\": 0.15,";
        assert!(read_with(from, "\"mobility_weight\": 0.07,").is_ok());
        let err = read_with(from, "\"mobility_weight\": 0.155,").expect_err("0.155").to_string();
        assert!(err.contains("level2.mobility_weight") && err.contains("0.155 is not whole hundredths"), "{err}");
        let err =
            read_with("\"mobility\": \"mover-minus-opponent\"", "\"mobility\": \"both\"").unwrap_err().to_string();
        assert!(err.contains("`both` is not `mover-minus-opponent` or `mover`"), "{err}");
    }

    #[test]
    fn a_squares_value_follows_the_corner_of_its_own_quadrant() {
        // corner_taken of d1 11, e1 12, a4 13, a5 14 (the other face as shipped); only a1 taken.
        let crate_dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo");
        let text = std::fs::read_to_string(Path::new(&crate_dir).join("tests/fixture/levels.json")).unwrap();
        let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
        let taken = &mut file["squares"]["corner_taken"];
        (taken[0][3], taken[0][4], taken[3][0], taken[4][0]) = (11.into(), 12.into(), 13.into(), 14.into());
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::write(dir.path().join(LEVELS), file.to_string()).unwrap();
        let levels = Levels::read(dir.path()).unwrap();
        let a1_only = 1u64;
        let value = |sq: u8| levels.square_value(a1_only, sq);
        assert_eq!((value(3), value(4)), (11, 5), "d1 in a1's quadrant, e1 in h1's");
        assert_eq!((value(24), value(32)), (13, 5), "a4 in a1's quadrant, a5 in a8's");
        assert_eq!(levels.square_value(0, 3), 5, "a1 empty: the empty face");
    }
}
