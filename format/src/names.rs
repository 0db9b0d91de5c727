//! Squares and players written by name (`"c4"`, `"level2"`), a pass as
//! `"pass"`, read back by parsing: the serde `with` modules of the records.

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serializer};
use std::fmt::Display;
use std::str::FromStr;

fn parse<T: FromStr<Err: Display>, E: Error>(text: &str) -> Result<T, E> {
    text.parse().map_err(|e| E::custom(format!("`{text}`: {e}")))
}

/// A value written and read by name.
pub(crate) trait Named: Sized + Display + FromStr<Err: Display> {}
impl Named for engine::Square {}
impl Named for engine::PlayerKind {}
impl Named for crate::Theme {}

/// One value by name.
pub(crate) mod one {
    use super::*;

    pub(crate) fn serialize<T: Named, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    pub(crate) fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        parse(&String::deserialize(d)?)
    }
}

/// A list of values by name.
pub(crate) mod list {
    use super::*;

    pub(crate) fn serialize<T: Named, S: Serializer>(v: &[T], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(ToString::to_string))
    }

    pub(crate) fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<Vec<T>, D::Error> {
        Vec::<String>::deserialize(d)?.iter().map(|t| parse(t)).collect()
    }
}

/// A move as the files write it: its square, or `pass`.
pub fn move_name(m: &Option<engine::Square>) -> String {
    m.map_or_else(|| "pass".to_string(), |sq| sq.to_string())
}

/// A par line as people read it: numbered moves, each number Dark's move
/// then the computer's reply (`pass` when a side must pass), two spaces
/// between numbers: `1. a7 pass  2. a1 pass  3. b2`.
pub fn line_text(line: &[Option<engine::Square>]) -> String {
    line.chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let moves: Vec<String> = pair.iter().map(move_name).collect();
            format!("{}. {}", i + 1, moves.join(" "))
        })
        .collect::<Vec<String>>()
        .join("  ")
}

/// `n` and a noun, singular or plural: `1 par line`, `3 par lines`.
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

fn parse_move<E: Error>(text: &str) -> Result<Option<engine::Square>, E> {
    if text == "pass" { Ok(None) } else { parse(text).map(Some) }
}

/// A move, or `"pass"` for `None`.
pub(crate) mod reply {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(v: &Option<engine::Square>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&move_name(v))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<engine::Square>, D::Error> {
        parse_move(&String::deserialize(d)?)
    }
}

/// A list of values by name that may be absent (`None` is skipped on writing).
pub(crate) mod opt_list {
    use super::*;

    pub(crate) fn serialize<T: Named, S: Serializer>(v: &Option<Vec<T>>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().flatten().map(ToString::to_string))
    }

    pub(crate) fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<T>>, D::Error> {
        list::deserialize(d).map(Some)
    }
}

/// One line of moves that may be absent, each a move or `"pass"`.
pub(crate) mod opt_line {
    use super::*;
    use engine::Square;

    pub(crate) fn serialize<S: Serializer>(v: &Option<Vec<Option<Square>>>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().flatten().map(move_name))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Option<Square>>>, D::Error> {
        let text = Vec::<String>::deserialize(d)?;
        text.iter().map(|m| parse_move(m)).collect::<Result<_, _>>().map(Some)
    }
}

/// Lines of moves, each a move or `"pass"`.
pub(crate) mod lines {
    use super::*;
    use engine::Square;

    pub(crate) fn serialize<S: Serializer>(v: &[Vec<Option<Square>>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|line| line.iter().map(move_name).collect::<Vec<String>>()))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Option<Square>>>, D::Error> {
        let text = Vec::<Vec<String>>::deserialize(d)?;
        text.iter().map(|line| line.iter().map(|m| parse_move(m)).collect()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_by_dark_move_and_reply() {
        let sq = |n: &str| Some(n.parse::<engine::Square>().unwrap());
        assert_eq!(
            line_text(&[sq("e7"), sq("f7"), sq("g6"), sq("h2"), sq("g1"), None]),
            "1. e7 f7  2. g6 h2  3. g1 pass"
        );
        assert_eq!(line_text(&[sq("a7"), None, sq("a1")]), "1. a7 pass  2. a1");
        assert_eq!(line_text(&[]), "");
    }

    #[test]
    fn counts_say_one_or_many() {
        assert_eq!(counted(1, "par line"), "1 par line");
        assert_eq!(counted(0, "par line"), "0 par lines");
        assert_eq!(counted(12, "par line"), "12 par lines");
    }
}
