//! The puzzle-board rules of docs/puzzles.md §1–2 and the board record of docs/formats.md §1.

use engine::players::{biggest_flips, level2_best};
use engine::{Outcome, Position, Scoring, Solver, SolverConfig, Square};
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

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    #[serde(rename = "move")]
    pub square: String,
    /// Exact final margin (Dark − Light, empties for nobody) after this move with perfect play.
    pub value: i32,
    pub flips: u32,
    /// The computer's reply: optimal, first in square order among equals; or "pass".
    pub reply: String,
    pub reply_positions: u64,
}

/// Display fields, kept apart from the answers.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Display {
    pub to_move: String,
    pub dark_discs: u32,
    pub light_discs: u32,
    pub legal_moves: Vec<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    pub method: String,
    pub seed: u64,
    pub candidate: u64,
    pub dark_player: String,
    pub light_player: String,
    pub colours_swapped: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BoardRecord {
    pub id: String,
    pub board: String,
    pub empties: u32,
    pub par: i32,
    pub par_move: String,
    /// One entry per legal first move, in square order.
    pub moves: Vec<MoveRecord>,
    pub biggest_flip: Vec<String>,
    pub level2: Vec<String>,
    pub display: Display,
    pub provenance: Provenance,
    /// OBF scores (empties to the winner), best first: for `*.obf` only.
    #[serde(skip)]
    pub obf: Vec<(Square, i32)>,
    #[serde(skip)]
    pub canonical: (u64, u64),
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
    pub record: BoardRecord,
    pub heaviest_reply: u64,
}

fn names(sqs: &[Square]) -> Vec<String> {
    sqs.iter().map(|s| s.to_string()).collect()
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
    let biggest = biggest_flips(pos);
    if biggest.contains(&best.square) {
        return Err(Reject::BiggestFlipSolves);
    }
    let level2 = level2_best(pos);
    if level2.contains(&best.square) {
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

    // Accepted by the rules: the full record.
    let values = bench.margin.move_values(pos);
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
            square: sq.to_string(),
            value,
            flips: pos.flips(sq).count(),
            reply: reply.square.map_or("pass".to_string(), |r| r.to_string()),
            reply_positions: positions,
        });
    }
    debug_assert_eq!(values[0].value, par);
    let obf = bench.obf.move_values(pos).into_iter().map(|m| (m.square, m.value)).collect();
    let (canonical, _) = pos.canonical();
    let record = BoardRecord {
        id: board_id(&canonical),
        board: pos.board_string(),
        empties: pos.empty_count(),
        par,
        par_move: best.square.to_string(),
        moves,
        biggest_flip: names(&biggest),
        level2: names(&level2),
        display: Display {
            to_move: "X".to_string(),
            dark_discs: pos.dark().count(),
            light_discs: pos.light().count(),
            legal_moves: names(&legal),
        },
        provenance,
        obf,
        canonical: (canonical.player().0, canonical.opponent().0),
    };
    Ok(Judged { record, heaviest_reply: heaviest })
}

/// Why a record read back from a file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("bad board: {0}")]
    Board(#[from] engine::ParseBoardError),
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
