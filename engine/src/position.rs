//! Validated positions, parsing and printing (docs/rules.md#text-formats).
//!
//! A `Position` stores the mover's discs and the opponent's discs (the mover's
//! view, as fast engines do) plus the side to move. It can only be built
//! through constructors that reject overlapping discs and malformed text, so
//! nothing inside the engine re-checks it.

use crate::bitboard::Bitboard;
use crate::moves;
use crate::square::{Color, Square};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
/// A validated position from the mover's view: the mover's discs, the opponent's
/// (never overlapping) and which colour moves.
///
/// ```
/// use engine::{Color, Position, Square};
///
/// let start = Position::start();
/// let moves: Vec<String> = start.legal_moves().iter().map(|sq| sq.to_string()).collect();
/// assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
///
/// let d3: Square = "d3".parse().unwrap();
/// let next = start.play(d3).unwrap();
/// assert_eq!(next.side(), Color::Light);
/// assert_eq!((next.dark().count(), next.light().count()), (4, 1));
/// assert!(start.play("a1".parse().unwrap()).is_err(), "a1 flips nothing");
///
/// // The text form: 64 squares (a1 … h8, `X` Dark, `O` Light, `-` empty) and the mover.
/// let same: Position = start.to_string().parse().unwrap();
/// assert_eq!(same, start);
/// ```
pub struct Position {
    player: u64,
    opponent: u64,
    side: Color,
}

/// What is wrong with a board or position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The board part does not have 64 squares; `found` is how many it has.
    Length {
        /// How many squares it has.
        found: usize,
    },
    /// A square character other than `X`, `O`, `-`, `.` (either case).
    Character {
        /// The character.
        found: char,
        /// The square it stands for (its place in the board part).
        square: Square,
    },
    /// The side to move is missing.
    MissingSide,
    /// The side to move is not `X` or `O`.
    Side {
        /// What stands where the side should be.
        found: String,
    },
}

/// A malformed board or position string: what is wrong and at which character
/// index (0-based) of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardError {
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// Where: the 0-based index of the offending character in the board text.
    pub index: usize,
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseErrorKind::Length { found } => {
                write!(f, "a board needs 64 squares, found {found}")
            }
            ParseErrorKind::Character { found, square } => write!(
                f,
                "unexpected character {found:?} at position {} (square {square}); expected X, O, - or .",
                self.index
            ),
            ParseErrorKind::MissingSide => {
                write!(f, "missing side to move after the board (X or O) at position {}", self.index)
            }
            ParseErrorKind::Side { found } => {
                write!(f, "side to move must be X or O, found {found:?} at position {}", self.index)
            }
        }
    }
}

impl std::error::Error for ParseBoardError {}

/// A move that cannot be played; carries the unchanged position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The square that was not a legal move.
    pub square: Square,
    /// The position, unchanged.
    pub position: Position,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move for {} in {}", self.square, self.position.side().name(), self.position)
    }
}

impl std::error::Error for IllegalMove {}

/// Two colours claim the same square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverlapError {
    /// The squares claimed by both colours.
    pub squares: Bitboard,
}

impl fmt::Display for OverlapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.squares.iter().map(|s| s.to_string()).collect();
        write!(f, "squares hold both colours: {}", names.join(" "))
    }
}

impl std::error::Error for OverlapError {}

/// Parses the 64 board characters; error indices count from the board's first character.
fn parse_board(text: &str) -> Result<(u64, u64), ParseBoardError> {
    let mut dark = 0u64;
    let mut light = 0u64;
    let mut count = 0usize;
    for (i, c) in text.chars().enumerate() {
        if i >= 64 {
            return Err(ParseBoardError { kind: ParseErrorKind::Length { found: text.chars().count() }, index: i });
        }
        match c {
            'X' | 'x' => dark |= 1 << i,
            'O' | 'o' => light |= 1 << i,
            '-' | '.' => {}
            other => {
                let square = Square::new(i as u8).expect("i < 64 here");
                return Err(ParseBoardError { kind: ParseErrorKind::Character { found: other, square }, index: i });
            }
        }
        count += 1;
    }
    if count != 64 {
        return Err(ParseBoardError { kind: ParseErrorKind::Length { found: count }, index: count });
    }
    Ok((dark, light))
}

impl Position {
    /// The standard start: Light on d4 and e5, Dark on e4 and d5, Dark to move.
    pub const fn start() -> Position {
        Position { player: (1 << 28) | (1 << 35), opponent: (1 << 27) | (1 << 36), side: Color::Dark }
    }

    /// Builds a position from each colour's discs.
    pub fn from_discs(dark: Bitboard, light: Bitboard, side: Color) -> Result<Position, OverlapError> {
        let both = dark & light;
        if !both.is_empty() {
            return Err(OverlapError { squares: both });
        }
        Ok(match side {
            Color::Dark => Position { player: dark.0, opponent: light.0, side },
            Color::Light => Position { player: light.0, opponent: dark.0, side },
        })
    }

    /// From the mover's view; the caller guarantees `player & opponent == 0`.
    #[inline(always)]
    pub(crate) const fn from_mover_unchecked(player: u64, opponent: u64, side: Color) -> Position {
        debug_assert!(player & opponent == 0);
        Position { player, opponent, side }
    }

    /// Parses a 64-character board (docs/rules.md#text-formats) with the given side to move.
    pub fn from_board_str(board: &str, side: Color) -> Result<Position, ParseBoardError> {
        let (dark, light) = parse_board(board)?;
        Ok(Position::from_discs(Bitboard(dark), Bitboard(light), side).expect("a parsed board never overlaps"))
    }

    #[inline(always)]
    /// The discs of the side to move.
    pub const fn player(&self) -> Bitboard {
        Bitboard(self.player)
    }

    #[inline(always)]
    /// The discs of the side not to move.
    pub const fn opponent(&self) -> Bitboard {
        Bitboard(self.opponent)
    }

    #[inline(always)]
    /// The colour to move.
    pub const fn side(&self) -> Color {
        self.side
    }

    /// The discs of `color`.
    pub const fn discs(&self, color: Color) -> Bitboard {
        if matches!((color, self.side), (Color::Dark, Color::Dark) | (Color::Light, Color::Light)) {
            Bitboard(self.player)
        } else {
            Bitboard(self.opponent)
        }
    }

    /// Dark's discs.
    pub const fn dark(&self) -> Bitboard {
        self.discs(Color::Dark)
    }

    /// Light's discs.
    pub const fn light(&self) -> Bitboard {
        self.discs(Color::Light)
    }

    /// The colour of the disc on `sq`, if any.
    pub fn disc_at(&self, sq: Square) -> Option<Color> {
        if self.player & sq.bit() != 0 {
            Some(self.side)
        } else if self.opponent & sq.bit() != 0 {
            Some(self.side.opposite())
        } else {
            None
        }
    }

    /// The squares holding a disc.
    #[inline(always)]
    const fn occupied(&self) -> u64 {
        self.player | self.opponent
    }

    #[inline(always)]
    /// The empty squares.
    pub const fn empties(&self) -> Bitboard {
        Bitboard(!self.occupied())
    }

    #[inline(always)]
    /// How many squares are empty.
    pub const fn empty_count(&self) -> u32 {
        self.occupied().count_zeros()
    }

    #[inline(always)]
    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Bitboard {
        Bitboard(moves::legal_moves(self.player, self.opponent))
    }

    /// The opponent's legal moves, as if it were to move.
    #[inline(always)]
    pub fn opponent_moves(&self) -> Bitboard {
        Bitboard(moves::legal_moves(self.opponent, self.player))
    }

    /// Whether the side to move may play `sq`.
    pub fn is_legal(&self, sq: Square) -> bool {
        self.legal_moves().contains(sq)
    }

    /// The discs a move on `sq` would flip (empty if the move is illegal).
    #[inline(always)]
    pub fn flips(&self, sq: Square) -> Bitboard {
        if self.occupied() & sq.bit() != 0 {
            return Bitboard::EMPTY;
        }
        Bitboard(moves::flips(self.player, self.opponent, sq.index()))
    }

    /// Plays a legal move; the caller guarantees legality.
    #[inline(always)]
    pub fn play_unchecked(&self, sq: Square) -> Position {
        debug_assert!(self.is_legal(sq));
        let (player, opponent) = moves::play(self.player, self.opponent, sq.index());
        Position { player, opponent, side: self.side.opposite() }
    }

    /// Plays a move, or returns an error holding the unchanged position.
    pub fn play(&self, sq: Square) -> Result<Position, IllegalMove> {
        if self.is_legal(sq) { Ok(self.play_unchecked(sq)) } else { Err(IllegalMove { square: sq, position: *self }) }
    }

    /// Hands the move to the opponent (a forced pass when the mover has no move).
    #[inline(always)]
    pub const fn pass(&self) -> Position {
        Position { player: self.opponent, opponent: self.player, side: self.side.opposite() }
    }

    /// The mover has no move but the opponent has: the mover must pass.
    pub fn must_pass(&self) -> bool {
        self.legal_moves().is_empty() && !self.opponent_moves().is_empty()
    }

    /// Neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.legal_moves().is_empty() && self.opponent_moves().is_empty()
    }

    /// Dark discs minus Light discs; empty squares count for nobody (docs/rules.md#scoring-two-conventions).
    pub fn margin(&self) -> i32 {
        self.dark().count() as i32 - self.light().count() as i32
    }

    /// Mover's discs minus opponent's discs.
    #[inline(always)]
    pub const fn mover_margin(&self) -> i32 {
        self.player.count_ones() as i32 - self.opponent.count_ones() as i32
    }

    /// The 64-character board string (docs/rules.md#text-formats), without the side to move.
    pub fn board_string(&self) -> String {
        Square::all()
            .map(|sq| match self.disc_at(sq) {
                Some(c) => c.to_char(),
                None => '-',
            })
            .collect()
    }
}

impl fmt::Display for Position {
    /// `<64 chars> X` (docs/rules.md#text-formats).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.board_string(), self.side.to_char())
    }
}

impl FromStr for Position {
    type Err = ParseBoardError;
    /// Parses `<64 chars> X` or `<64 chars> O` (surrounding whitespace allowed).
    fn from_str(s: &str) -> Result<Position, ParseBoardError> {
        let lead = s.len() - s.trim_start().len();
        let body = s.trim();
        let (board, rest, board_end) = match body.find(char::is_whitespace) {
            Some(i) => (&body[..i], body[i..].trim_start(), i),
            None => (body, "", body.len()),
        };
        let (dark, light) = parse_board(board).map_err(|e| ParseBoardError { index: e.index + lead, ..e })?;
        let side_index = lead + body.len() - rest.len();
        let side = match rest {
            "" => {
                return Err(ParseBoardError { kind: ParseErrorKind::MissingSide, index: lead + board_end });
            }
            "X" | "x" => Color::Dark,
            "O" | "o" => Color::Light,
            other => {
                return Err(ParseBoardError {
                    kind: ParseErrorKind::Side { found: other.to_string() },
                    index: side_index,
                });
            }
        };
        Ok(Position::from_discs(Bitboard(dark), Bitboard(light), side).expect("a parsed board never overlaps"))
    }
}

#[cfg(test)]
mod tests;
