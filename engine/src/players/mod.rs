//! The computer players of docs/players.md: three bots and Levels 1–5.
//!
//! Every player chooses through one interface, with an explicit seeded ChaCha
//! generator and no clock (an optional time limit exists for interactive use
//! of Level 5 only). Each choice reports the positions its search visited.

use crate::eval::{club_score, mobility_difference, square_score};
use crate::isa::Isa;
use crate::moves::{flips, legal_moves};
use crate::position::Position;
use crate::square::Square;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;
use std::fmt;
use std::str::FromStr;

/// A move decision: `None` is a pass (only when no move is legal).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    pub square: Option<Square>,
    pub positions: u64,
}

/// One interface for all players.
pub trait Player {
    fn kind(&self) -> PlayerKind;
    /// Chooses a move for the side to move in `pos`.
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice;
    /// The depth the last choice's search completed, for players that deepen
    /// (Level 5 outside its exact endgame); `None` otherwise.
    fn last_depth(&self) -> Option<u32> {
        None
    }
}

/// The players by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PlayerKind {
    Random,
    FlipGrabber,
    Corner,
    Level1,
    Level2,
    Level3,
    Level4,
    Level5,
}

impl PlayerKind {
    pub const ALL: [PlayerKind; 8] = [
        PlayerKind::Random,
        PlayerKind::FlipGrabber,
        PlayerKind::Corner,
        PlayerKind::Level1,
        PlayerKind::Level2,
        PlayerKind::Level3,
        PlayerKind::Level4,
        PlayerKind::Level5,
    ];

    /// The name used on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::FlipGrabber => "flip-grabber",
            PlayerKind::Corner => "corner",
            PlayerKind::Level1 => "level1",
            PlayerKind::Level2 => "level2",
            PlayerKind::Level3 => "level3",
            PlayerKind::Level4 => "level4",
            PlayerKind::Level5 => "level5",
        }
    }

    /// A fresh player of this kind with the batch settings (no clock).
    pub fn build(self) -> Box<dyn Player + Send> {
        match self {
            PlayerKind::Random => Box::new(RandomBot),
            PlayerKind::FlipGrabber => Box::new(FlipGrabber),
            PlayerKind::Corner => Box::new(CornerBot),
            PlayerKind::Level1 => Box::new(Level1),
            PlayerKind::Level2 => Box::new(Level2),
            PlayerKind::Level3 => Box::new(Level3),
            PlayerKind::Level4 => Box::new(Level4),
            PlayerKind::Level5 => Box::new(Level5::new(Level5Config::default())),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A player name that is not one of [`PlayerKind::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl fmt::Display for UnknownPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = PlayerKind::ALL.iter().map(|k| k.name()).collect();
        write!(f, "unknown player `{}` (expected one of: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownPlayer {}

impl FromStr for PlayerKind {
    type Err = UnknownPlayer;
    fn from_str(s: &str) -> Result<PlayerKind, UnknownPlayer> {
        let t = s.to_ascii_lowercase().replace([' ', '_'], "-");
        let t = t.strip_prefix("level-").map(|r| format!("level{r}")).unwrap_or(t);
        PlayerKind::ALL.into_iter().find(|k| k.name() == t).ok_or_else(|| UnknownPlayer(s.to_string()))
    }
}

/// A uniform index below `n` (n > 0), by rejection so it is exactly uniform.
pub fn uniform_index(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return (x % n) as usize;
        }
    }
}

/// Uniform in [0, 1) with 53 random bits.
pub fn uniform_unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn pick(rng: &mut ChaCha8Rng, moves: &[Square]) -> Square {
    moves[uniform_index(rng, moves.len())]
}

/// The moves that flip the most discs, in square order.
pub fn biggest_flips(pos: &Position) -> Vec<Square> {
    best_by(pos, |sq| pos.flips(sq).count() as i64)
}

/// Level 2's score of a move without the wobble, in hundredths of a point:
/// square values + 0.15 per extra legal move, after the move.
pub fn level2_base_score(pos: &Position, sq: Square) -> i64 {
    let next = pos.play_unchecked(sq);
    let (me, them) = (next.opponent().0, next.player().0);
    100 * square_score(me, them) as i64 + 15 * mobility_difference(me, them) as i64
}

/// The moves tied for Level 2's best score without the wobble, in square order.
pub fn level2_best(pos: &Position) -> Vec<Square> {
    best_by(pos, |sq| level2_base_score(pos, sq))
}

fn best_by(pos: &Position, score: impl Fn(Square) -> i64) -> Vec<Square> {
    let scored: Vec<(Square, i64)> = pos.legal_moves().map(|sq| (sq, score(sq))).collect();
    let best = scored.iter().map(|s| s.1).max();
    scored.into_iter().filter(|s| Some(s.1) == best).map(|s| s.0).collect()
}

fn no_move(pos: &Position) -> Option<Choice> {
    pos.legal_moves().is_empty().then_some(Choice { square: None, positions: 0 })
}

pub struct RandomBot;

impl Player for RandomBot {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Random
    }
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if let Some(c) = no_move(pos) {
            return c;
        }
        let moves: Vec<Square> = pos.legal_moves().collect();
        Choice { square: Some(pick(rng, &moves)), positions: moves.len() as u64 }
    }
}

pub struct FlipGrabber;

impl Player for FlipGrabber {
    fn kind(&self) -> PlayerKind {
        PlayerKind::FlipGrabber
    }
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if let Some(c) = no_move(pos) {
            return c;
        }
        let best = biggest_flips(pos);
        Choice { square: Some(pick(rng, &best)), positions: pos.legal_moves().count() as u64 }
    }
}

pub struct CornerBot;

impl Player for CornerBot {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Corner
    }
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if let Some(c) = no_move(pos) {
            return c;
        }
        let best = best_by(pos, |sq| {
            let next = pos.play_unchecked(sq);
            square_score(next.opponent().0, next.player().0) as i64
        });
        Choice { square: Some(pick(rng, &best)), positions: pos.legal_moves().count() as u64 }
    }
}

/// Random 80% of the time, otherwise the biggest flip.
pub struct Level1;

impl Player for Level1 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level1
    }
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if uniform_index(rng, 5) == 0 { FlipGrabber.choose(pos, rng) } else { RandomBot.choose(pos, rng) }
    }
}

/// One move ahead: square values + 0.15 per extra legal move + a wobble
/// uniform in [0, 2) points per candidate.
pub struct Level2;

impl Player for Level2 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level2
    }
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if let Some(c) = no_move(pos) {
            return c;
        }
        let mut best: Option<(f64, Square)> = None;
        let mut n = 0;
        for sq in pos.legal_moves() {
            n += 1;
            let score = level2_base_score(pos, sq) as f64 / 100.0 + 2.0 * uniform_unit(rng);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, sq));
            }
        }
        Choice { square: best.map(|b| b.1), positions: n }
    }
}

/// Score of a finished game for the side to move, beyond any evaluation.
#[inline(always)]
fn terminal_score(p: u64, o: u64) -> i32 {
    let d = p.count_ones() as i32 - o.count_ones() as i32;
    10_000 * d.signum() + d
}

/// Two moves ahead (its move and the reply, minimax); picks at random among
/// moves within 3 points of the best.
pub struct Level3;

impl Player for Level3 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level3
    }
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if let Some(c) = no_move(pos) {
            return c;
        }
        let mut positions = 0u64;
        let (p, o) = (pos.player().0, pos.opponent().0);
        let mut scored = Vec::new();
        for sq in pos.legal_moves() {
            positions += 1;
            let f = flips(p, o, sq.index());
            let (me, them) = (p | f | sq.bit(), o ^ f);
            let mut replies = legal_moves(them, me);
            let value = if replies == 0 {
                if legal_moves(me, them) == 0 { terminal_score(me, them) } else { club_score(me, them) }
            } else {
                let mut worst = i32::MAX;
                while replies != 0 {
                    let r = replies.trailing_zeros() as usize;
                    replies &= replies - 1;
                    positions += 1;
                    let g = flips(them, me, r);
                    let (t2, m2) = (them | g | (1 << r), me ^ g);
                    let leaf = if legal_moves(m2, t2) == 0 && legal_moves(t2, m2) == 0 {
                        terminal_score(m2, t2)
                    } else {
                        club_score(m2, t2)
                    };
                    worst = worst.min(leaf);
                }
                worst
            };
            scored.push((sq, value));
        }
        let best = scored.iter().map(|s| s.1).max().unwrap();
        let band: Vec<Square> = scored.iter().filter(|s| s.1 >= best - 3).map(|s| s.0).collect();
        Choice { square: Some(pick(rng, &band)), positions }
    }
}

/// Level 4's depth-limited negamax alpha-beta on the club score, counting positions.
struct MidSearch {
    positions: u64,
    isa: Isa,
}

fn mid_search_portable(s: &mut MidSearch, p: u64, o: u64, depth: u32, alpha: i32, beta: i32, passed: bool) -> i32 {
    s.search_body(p, o, depth, alpha, beta, passed, mid_search_portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
unsafe fn mid_search_v3(s: &mut MidSearch, p: u64, o: u64, depth: u32, alpha: i32, beta: i32, passed: bool) -> i32 {
    // SAFETY: recursion stays in this twin, entered only on a v3 CPU.
    s.search_body(p, o, depth, alpha, beta, passed, |s, p, o, d, a, b, pa| unsafe {
        mid_search_v3(s, p, o, d, a, b, pa)
    })
}

impl MidSearch {
    #[inline(always)]
    fn leaf(&self, p: u64, o: u64) -> i32 {
        club_score(p, o)
    }

    /// One whole search below a root move, in this search's instruction set.
    fn search(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `self.isa` went through `Isa::or_portable`.
            Isa::X86V3 => unsafe { mid_search_v3(self, p, o, depth, alpha, beta, false) },
            _ => mid_search_portable(self, p, o, depth, alpha, beta, false),
        }
    }

    /// The search body, written once; `recurse` is the copy of it for the
    /// same instruction set.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_body(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        passed: bool,
        recurse: impl Fn(&mut MidSearch, u64, u64, u32, i32, i32, bool) -> i32,
    ) -> i32 {
        self.positions += 1;
        let mut moves = legal_moves(p, o);
        if moves == 0 {
            if passed || legal_moves(o, p) == 0 {
                return terminal_score(p, o);
            }
            if depth == 0 {
                return self.leaf(p, o);
            }
            return -recurse(self, o, p, depth - 1, -beta, -alpha, true);
        }
        if depth == 0 {
            return self.leaf(p, o);
        }
        let mut best = i32::MIN + 1;
        while moves != 0 {
            let x = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let f = flips(p, o, x);
            let v = -recurse(self, o ^ f, p | f | (1 << x), depth - 1, -beta, -alpha, false);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Scores each root move to `depth` plies in total: a window just below
    /// the best so far gives every move tied with the best its exact value
    /// (worse ones are cut off early).
    fn root(&mut self, pos: &Position, order: &[Square], depth: u32) -> Vec<(Square, i32)> {
        let (p, o) = (pos.player().0, pos.opponent().0);
        let mut best = i32::MIN + 1;
        let mut out = Vec::with_capacity(order.len());
        self.positions += 1;
        for &sq in order {
            let f = flips(p, o, sq.index());
            // Window (best - 1, +inf): a move tied with the best gets its exact value.
            let alpha = if best == i32::MIN + 1 { best } else { best - 1 };
            let v = -self.search(o ^ f, p | f | sq.bit(), depth - 1, i32::MIN + 1, -alpha);
            best = best.max(v);
            out.push((sq, v));
        }
        out
    }
}

/// Four moves ahead (alpha-beta), Level 3's scoring; exact ties at random.
pub struct Level4;

impl Player for Level4 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level4
    }
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if let Some(c) = no_move(pos) {
            return c;
        }
        let order: Vec<Square> = pos.legal_moves().collect();
        let mut s = MidSearch { positions: 0, isa: Isa::detect() };
        let scored = s.root(pos, &order, 4);
        let best = scored.iter().map(|x| x.1).max().unwrap();
        let ties: Vec<Square> = scored.iter().filter(|x| x.1 == best).map(|x| x.0).collect();
        Choice { square: Some(pick(rng, &ties)), positions: s.positions }
    }
}

/// The score Level 4 sees for the side to move in `pos`: the best of its
/// four-ply alpha-beta values (docs/players.md §3); `None` when it must pass.
pub fn level4_score(pos: &Position) -> Option<i32> {
    let order: Vec<Square> = pos.legal_moves().collect();
    if order.is_empty() {
        return None;
    }
    let mut s = MidSearch { positions: 0, isa: Isa::detect() };
    s.root(pos, &order, 4).into_iter().map(|x| x.1).max()
}

mod level5;
pub use level5::{LEVEL5_BUDGET, Level5, Level5Config, Level5Method};

#[cfg(test)]
mod tests;
