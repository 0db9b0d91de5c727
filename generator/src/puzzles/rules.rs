//! The puzzle-board rules of docs/puzzles.md#the-puzzle-rules and #the-computers-reply and the board record of docs/formats.md#dataendgamejson-and-datadailyjson.

use engine::{Levels, Outcome, Position, Scoring, Solver, SolverConfig, Square};
use engine::{biggest_flips, level2_best};
use format::{BoardRecord, Display, MoveRecord, Provenance};
use sha2::{Digest, Sha256};

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
    /// A reply search needs more positions than the reply limit (the game's: 300,000).
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

    /// The rule in words, for messages (`discflip diff`).
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Reject::NoWin => "Dark cannot win (rule 1)",
            Reject::FewMoves => "fewer than three first moves (rule 2)",
            Reject::ManyPar => "more than one first move reaches par (rule 3)",
            Reject::AllWin => "every first move wins (rule 4)",
            Reject::BiggestFlipSolves => "a biggest-flip move reaches par (rule 5)",
            Reject::Level2Solves => "Level 2's move reaches par (rule 6)",
            Reject::ReplyLimit => "a reply search is over the reply limit",
        }
    }

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

/// A puzzle board as the generator holds it: its record as the files hold
/// it, and what they do not (the OBF scores, the canonical form). Derefs to
/// the record.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The record, as written to `endgame.json` or `daily.json`.
    pub record: BoardRecord,
    /// OBF scores (empties to the winner), best first: for `*.obf` only.
    pub(crate) obf: Vec<(Square, i32)>,
    /// The canonical form under the 8 symmetries, for duplicates.
    pub(crate) canonical: Position,
}

impl std::ops::Deref for Puzzle {
    type Target = BoardRecord;
    fn deref(&self) -> &BoardRecord {
        &self.record
    }
}

impl std::ops::DerefMut for Puzzle {
    fn deref_mut(&mut self) -> &mut BoardRecord {
        &mut self.record
    }
}

/// Solvers one worker thread reuses, and the levels the rules follow
/// (Level 2's move for rule 6, the reply limit).
pub struct Workbench {
    margin: Solver,
    obf: Solver,
    levels: Levels,
}

impl Default for Workbench {
    /// A workbench on the game's built-in levels.
    fn default() -> Workbench {
        Workbench::new(&Levels::GAME)
    }
}

impl Workbench {
    /// A workbench whose rules follow `levels`.
    pub(crate) fn new(levels: &Levels) -> Workbench {
        Workbench {
            levels: *levels,
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
    pub puzzle: Puzzle,
    /// The largest reply search among its moves.
    pub(crate) heaviest_reply: u64,
}

/// A stable id from the canonical position: empties and 12 hex digits of its hash.
pub fn board_id(canonical: &Position) -> String {
    let hash = Sha256::digest(canonical.to_string().as_bytes());
    let hex: String = hash[..6].iter().map(|b| format!("{b:02x}")).collect();
    format!("e{:02}-{hex}", canonical.empty_count())
}

/// Applies the rules of docs/puzzles.md#the-puzzle-rules to `pos` (Dark to move) and, if it passes,
/// computes the full record.
pub fn judge(pos: &Position, bench: &mut Workbench, provenance: Provenance) -> Result<Judged, Reject> {
    debug_assert_eq!(pos.side(), engine::Color::Dark);
    let legal: Vec<Square> = pos.legal_moves().iter().collect();
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
    let level2 = level2_best(&bench.levels, pos);
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
    let legal: Vec<Square> = pos.legal_moves().iter().collect();
    let values = bench.margin.move_values(pos);
    let (par, par_move) = (values[0].value, values[0].square);
    let mut moves = Vec::with_capacity(legal.len());
    let mut heaviest = 0;
    for &sq in &legal {
        let value = values.iter().find(|m| m.square == sq).expect("every legal move").value;
        let after = pos.play_unchecked(sq);
        let Outcome::Exact(reply) = bench.margin.first_best_move(&after, Some(bench.levels.reply_limit)) else {
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
            line: None,
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
        level2: level2_best(&bench.levels, pos),
        display: Display {
            to_move: "X".to_string(),
            dark_discs: pos.dark().count(),
            light_discs: pos.light().count(),
            legal_moves: legal,
        },
        provenance,
        solution: None,
        themes: None,
    };
    Ok(Judged { puzzle: Puzzle { record, obf, canonical }, heaviest_reply: heaviest })
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

/// A record read back from a data file (kept Daily days, docs/release.md#keeping-published-days):
/// its board is checked and the fields the file does not hold (the OBF
/// scores and the canonical form) are computed again. Answer fields are kept
/// exactly as read.
pub fn restore(record: BoardRecord, bench: &mut Workbench) -> Result<Puzzle, RestoreError> {
    let pos = Position::from_board_str(&record.board, engine::Color::Dark)?;
    if pos.legal_moves().is_empty() {
        return Err(RestoreError::NoMove);
    }
    let obf = bench.obf.move_values(&pos).into_iter().map(|m| (m.square, m.value)).collect();
    Ok(Puzzle { record, obf, canonical: pos.canonical().0 })
}

/// The record of `tests/data/record.json` as a puzzle: a template for tests
/// whose boards only need their id, size and difficulty.
#[cfg(test)]
pub(crate) fn template() -> Puzzle {
    let record: BoardRecord = serde_json::from_str(include_str!("../../tests/data/record.json")).expect("a record");
    restore(record, &mut Workbench::default()).expect("a board Dark can move on")
}

/// The OBF line of a puzzle: `<board> X; c4:+8; …` best first.
pub fn obf_line(r: &Puzzle) -> String {
    let mut line = format!("{} X;", r.board);
    for (sq, v) in &r.obf {
        line += &format!(" {sq}:{v:+};");
    }
    line
}
