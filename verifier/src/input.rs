//! Reading the data directory: whole files, JSON with line and column in
//! its errors, and board strings (docs/verification.md#output-and-exit-codes).

use crate::data::BoardRecord;
use crate::report::InputError;
use crate::rules::{Board, parse_square};
use std::path::Path;

/// The compact Endgame file's name.
pub const GAME_ENDGAME: &str = "game-endgame.json";
/// The compact Daily file's name.
pub const GAME_DAILY: &str = "game-daily.json";
/// The blocklist's file name.
pub const BLOCKLIST: &str = "blocklist.txt";
/// The levels file's name.
pub const LEVELS: &str = "levels.json";

/// The files `SHA256SUMS` covers, in the order they are checked.
pub const FILES: [&str; 8] =
    ["endgame.json", "daily.json", "endgame.obf", "daily.obf", GAME_ENDGAME, GAME_DAILY, BLOCKLIST, LEVELS];

/// Every file of a data release: [`FILES`] and `SHA256SUMS`, which lists them.
pub const RELEASE_FILES: [&str; 9] =
    [FILES[0], FILES[1], FILES[2], FILES[3], FILES[4], FILES[5], FILES[6], FILES[7], "SHA256SUMS"];

/// The bytes of `dir/name`.
pub fn read(dir: &Path, name: &str) -> Result<Vec<u8>, InputError> {
    let path = dir.join(name);
    std::fs::read(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            InputError::Missing(path)
        } else {
            InputError::Io { file: path, source: e }
        }
    })
}

/// `dir/name` parsed as JSON into `T`.
pub fn parse_json<T: serde::de::DeserializeOwned>(dir: &Path, name: &str) -> Result<T, InputError> {
    let bytes = read(dir, name)?;
    serde_json::from_slice(&bytes).map_err(|e| InputError::Json {
        file: dir.join(name),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })
}

/// A record's board string as a [`Board`] (its move squares checked too).
pub fn parse_board(file: &Path, rec: &BoardRecord) -> Result<Board, InputError> {
    let malformed = |message: String| InputError::Malformed {
        file: file.to_path_buf(),
        place: format!("board {}", rec.id),
        message,
    };
    let chars: Vec<char> = rec.board.chars().collect();
    if chars.len() != 64 {
        return Err(malformed(format!("board string has {} characters, expected 64", chars.len())));
    }
    let mut b = Board { own: 0, other: 0 };
    for (i, c) in chars.iter().enumerate() {
        match c {
            'X' | 'x' => b.own |= 1 << i,
            'O' | 'o' => b.other |= 1 << i,
            '-' | '.' => {}
            other => return Err(malformed(format!("unexpected character {other:?} at position {i}"))),
        }
    }
    for m in &rec.moves {
        if parse_square(&m.square).is_none() {
            return Err(malformed(format!("`{}` is not a square", m.square)));
        }
    }
    Ok(b)
}
