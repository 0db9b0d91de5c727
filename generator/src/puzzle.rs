//! The puzzle-board rules of docs/puzzles.md §1–2 and the board record of docs/formats.md §1.

use engine::players::{biggest_flips, level2_best};
use engine::{Outcome, PlayerKind, Position, Scoring, Solver, SolverConfig, Square};
use serde::{Deserialize, Serialize};

/// The game's reply-search limit.
pub const REPLY_LIMIT: u64 = 300_000;

/// Why a candidate was turned down. Rules are checked cheapest first, in the
/// order 2, 1, 5, 6, 3, 4, then the reply limit; a candidate counts under the
/// first one it fails.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum Reject {
    /// Rule 1: Dark cannot win (par ≤ 0).
    NoWin,
    /// Rule 2: fewer than three legal first moves.
    FewMoves,
    /// Rule 3: more than one first move reaches par.
    ManyPar,
    /// Rule 4: every first move wins.
    AllWin,
    /// Rule 5: a biggest-flip move reaches par.
    BiggestFlipSolves,
    /// Rule 6: a Level 2 (no wobble) move reaches par.
    Level2Solves,
    /// A reply search needs more than 300,000 positions.
    ReplyLimit,
}

impl Reject {
    /// Every reason, in the order of the `generation.csv` columns.
    pub const ALL: [Reject; 7] = [
        Reject::NoWin,
        Reject::FewMoves,
        Reject::ManyPar,
        Reject::AllWin,
        Reject::BiggestFlipSolves,
        Reject::Level2Solves,
        Reject::ReplyLimit,
    ];

    /// Column name in `generation.csv`.
    pub fn column(self) -> &'static str {
        match self {
            Reject::NoWin => "failed_rule1_win",
            Reject::FewMoves => "failed_rule2_three_moves",
            Reject::ManyPar => "failed_rule3_unique_par",
            Reject::AllWin => "failed_rule4_losing_move",
            Reject::BiggestFlipSolves => "failed_rule5_biggest_flip",
            Reject::Level2Solves => "failed_rule6_level2",
            Reject::ReplyLimit => "failed_reply_limit",
        }
    }
}

/// One legal first move of a board record (docs/formats.md §1).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The move.
    #[serde(rename = "move", with = "by_name")]
    pub square: Square,
    /// Exact final margin (Dark − Light, empties for nobody) after this move with perfect play.
    pub value: i32,
    /// Discs the move flips.
    pub flips: u32,
    /// The computer's reply: optimal, first in square order among equals; `None` (`"pass"`) for a pass.
    #[serde(with = "reply_name")]
    pub reply: Option<Square>,
    /// Positions the reply search used (a fresh search, root moves in square order).
    pub reply_positions: u64,
}

/// Display fields, kept apart from the answers.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Display {
    /// Always `"X"`: Dark moves first on every puzzle board.
    pub to_move: String,
    /// Dark's discs on the board.
    pub dark_discs: u32,
    /// Light's discs on the board.
    pub light_discs: u32,
    /// Dark's legal moves, in square order.
    #[serde(with = "by_name")]
    pub legal_moves: Vec<Square>,
}

/// Where a board came from (docs/puzzles.md §3).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// How it was made: `"self-play"`.
    pub method: String,
    /// The candidate's derived random stream.
    pub seed: u64,
    /// The candidate's index in its empty count's stream.
    pub candidate: u64,
    /// The sampling player that played Dark.
    #[serde(with = "by_name")]
    pub dark_player: PlayerKind,
    /// The sampling player that played Light.
    #[serde(with = "by_name")]
    pub light_player: PlayerKind,
    /// Whether the colours were swapped to put Dark on move.
    pub colours_swapped: bool,
}

/// A puzzle board with its answers, display fields and provenance (docs/formats.md §1).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct BoardRecord {
    /// Stable id: `eNN-` and 12 hex digits of the canonical position's SHA-256.
    pub id: String,
    /// The 64-character board string, Dark to move.
    pub board: String,
    /// Empty squares.
    pub empties: u32,
    /// The best final margin Dark can force.
    pub par: i32,
    /// The one first move that reaches par.
    #[serde(with = "by_name")]
    pub par_move: Square,
    /// One entry per legal first move, in square order.
    pub moves: Vec<MoveRecord>,
    /// The moves tied for the most flips, in square order.
    #[serde(with = "by_name")]
    pub biggest_flip: Vec<Square>,
    /// The moves tied for Level 2's best score without the wobble, in square order.
    #[serde(with = "by_name")]
    pub level2: Vec<Square>,
    /// Display fields.
    pub display: Display,
    /// Where the board came from.
    pub provenance: Provenance,
    /// Par lines and difficulty (docs/puzzles.md §7); absent only while a board is being made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<crate::solution::Solution>,
    /// OBF scores (empties to the winner), best first: for `*.obf` only.
    #[serde(skip)]
    pub obf: Vec<(Square, i32)>,
    /// The canonical form (mover's and opponent's discs), for duplicates.
    #[serde(skip)]
    pub canonical: (u64, u64),
}

/// Squares and players written by name (`"c4"`, `"level2"`), read back by parsing.
mod by_name {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    /// A value, or a list of values, written and read by name.
    pub trait Named: Sized {
        fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error>;
        fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error>;
    }

    macro_rules! named {
        ($($t:ty),*) => {$(
            impl Named for $t {
                fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.collect_str(self)
                }
                fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    parse(&String::deserialize(d)?)
                }
            }
            impl Named for Vec<$t> {
                fn write<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.collect_seq(self.iter().map(|x| x.to_string()))
                }
                fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    Vec::<String>::deserialize(d)?.iter().map(|t| parse(t)).collect()
                }
            }
        )*};
    }
    named!(engine::Square, engine::PlayerKind);

    fn parse<T: FromStr<Err: Display>, E: Error>(text: &str) -> Result<T, E> {
        text.parse().map_err(|e| E::custom(format!("`{text}`: {e}")))
    }

    pub fn serialize<T: Named, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        v.write(s)
    }

    pub fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        T::read(d)
    }
}

/// A reply square, or `"pass"`.
mod reply_name {
    use engine::Square;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(sq) => s.collect_str(sq),
            None => s.serialize_str("pass"),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Square>, D::Error> {
        match String::deserialize(d)?.as_str() {
            "pass" => Ok(None),
            text => text.parse().map(Some).map_err(|e| D::Error::custom(format!("`{text}`: {e}"))),
        }
    }
}

/// Solvers one worker thread reuses.
pub struct Workbench {
    margin: Solver,
    obf: Solver,
}

impl Default for Workbench {
    fn default() -> Workbench {
        Workbench {
            margin: Solver::new(SolverConfig { scoring: Scoring::Margin, table_bits: 18, ..SolverConfig::default() }),
            obf: Solver::new(SolverConfig {
                scoring: Scoring::EmptiesToWinner,
                table_bits: 18,
                ..SolverConfig::default()
            }),
        }
    }
}

/// A board that passed the rules, before ids and provenance.
pub struct Judged {
    /// The full record.
    pub record: BoardRecord,
    /// The largest reply search among its moves.
    pub heaviest_reply: u64,
}

/// A stable id from the canonical position: empties and 12 hex digits of its hash.
pub fn board_id(canonical: &Position) -> String {
    let hash = crate::output::sha256_hex(canonical.to_string().as_bytes());
    format!("e{:02}-{}", canonical.empty_count(), &hash[..12])
}

/// Applies the rules of docs/puzzles.md §1 to `pos` (Dark to move) and, if it passes,
/// computes the full record.
pub fn judge(pos: &Position, bench: &mut Workbench, provenance: Provenance) -> Result<Judged, Reject> {
    debug_assert_eq!(pos.side(), engine::Color::Dark);
    let legal: Vec<Square> = pos.legal_moves().collect();
    if legal.len() < 3 {
        return Err(Reject::FewMoves);
    }
    let best = bench.margin.fast_best_move(pos).expect("has moves");
    let par = best.value;
    if par <= 0 {
        return Err(Reject::NoWin);
    }
    // A move reaches par when it is the best move found, or when Light's
    // value after it is at most −par. Rules 5 and 6 ask it of every tied move.
    let mut reaches = |sq: Square| sq == best.square || !bench.margin.value_at_least(&pos.play_unchecked(sq), 1 - par);
    let biggest = biggest_flips(pos);
    if biggest.iter().any(|&sq| reaches(sq)) {
        return Err(Reject::BiggestFlipSolves);
    }
    let level2 = level2_best(pos);
    if level2.iter().any(|&sq| reaches(sq)) {
        return Err(Reject::Level2Solves);
    }
    // Another move reaching par: Light's value after it is at most −par.
    for &sq in legal.iter().filter(|&&s| s != best.square) {
        if !bench.margin.value_at_least(&pos.play_unchecked(sq), 1 - par) {
            return Err(Reject::ManyPar);
        }
    }
    // Some move that does not win: Light's value after it is at least 0.
    if !legal.iter().any(|&sq| bench.margin.value_at_least(&pos.play_unchecked(sq), 0)) {
        return Err(Reject::AllWin);
    }
    full_record(pos, bench, provenance)
}

/// The full record of `pos` (Dark to move, with a legal move), whatever the
/// rules say of it: every move's value, flips and reply, the tied moves of
/// rules 5 and 6, the par move (the first best move). `Err` only for a reply
/// search over the limit. `judge` calls it on the boards the rules accept;
/// the tests build rule-breaking boards with it.
pub fn full_record(pos: &Position, bench: &mut Workbench, provenance: Provenance) -> Result<Judged, Reject> {
    let legal: Vec<Square> = pos.legal_moves().collect();
    let values = bench.margin.move_values(pos);
    let (par, par_move) = (values[0].value, values[0].square);
    let mut moves = Vec::with_capacity(legal.len());
    let mut heaviest = 0;
    for &sq in &legal {
        let value = values.iter().find(|m| m.square == sq).expect("every legal move").value;
        let after = pos.play_unchecked(sq);
        let Outcome::Exact(reply) = bench.margin.first_best_move(&after, Some(REPLY_LIMIT)) else {
            return Err(Reject::ReplyLimit);
        };
        let positions = bench.margin.positions();
        heaviest = heaviest.max(positions);
        moves.push(MoveRecord {
            square: sq,
            value,
            flips: pos.flips(sq).count(),
            reply: reply.square,
            reply_positions: positions,
        });
    }
    let obf = bench.obf.move_values(pos).into_iter().map(|m| (m.square, m.value)).collect();
    let (canonical, _) = pos.canonical();
    let record = BoardRecord {
        id: board_id(&canonical),
        board: pos.board_string(),
        empties: pos.empty_count(),
        par,
        par_move,
        moves,
        biggest_flip: biggest_flips(pos),
        level2: level2_best(pos),
        display: Display {
            to_move: "X".to_string(),
            dark_discs: pos.dark().count(),
            light_discs: pos.light().count(),
            legal_moves: legal,
        },
        provenance,
        solution: None,
        obf,
        canonical: (canonical.player().0, canonical.opponent().0),
    };
    Ok(Judged { record, heaviest_reply: heaviest })
}

/// Why a record read back from a file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The board string does not parse.
    #[error("bad board: {0}")]
    Board(#[from] engine::ParseBoardError),
    /// Dark has no legal move on the board.
    #[error("Dark has no legal move")]
    NoMove,
}

/// A record read back from a data file (kept Daily days, docs/release.md §3):
/// its board is checked and the fields the file does not hold (the OBF
/// scores and the canonical form) are computed again. Answer fields are kept
/// exactly as read.
pub fn restore(mut record: BoardRecord, bench: &mut Workbench) -> Result<BoardRecord, RestoreError> {
    let pos = Position::from_board_str(&record.board, engine::Color::Dark)?;
    if pos.legal_moves().is_empty() {
        return Err(RestoreError::NoMove);
    }
    record.obf = bench.obf.move_values(&pos).into_iter().map(|m| (m.square, m.value)).collect();
    let (canonical, _) = pos.canonical();
    record.canonical = (canonical.player().0, canonical.opponent().0);
    Ok(record)
}

/// The OBF line of a record: `<board> X; c4:+8; …` best first.
pub fn obf_line(r: &BoardRecord) -> String {
    let mut line = format!("{} X;", r.board);
    for (sq, v) in &r.obf {
        line += &format!(" {sq}:{v:+};");
    }
    line
}
