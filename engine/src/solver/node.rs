//! One node's search state (docs/solver.md#the-search): what every mode's
//! steps share and what a mode stores (`Mode::store`), apart from the
//! steps themselves so that the modes and the search need not import each
//! other.

use super::INF;
use crate::alphabeta::Window;
use std::ops::ControlFlow::{self, Break, Continue};

/// One node's search state: its window, the window it was entered with
/// after the table's bounds (what a stored result proves), and the best
/// value and move so far.
pub(super) struct Node {
    pub(super) window: Window,
    pub(super) entered: Window,
    pub(super) best: i32,
    pub(super) best_move: Option<u8>,
    pub(super) searched: u32,
}

impl Node {
    #[inline(always)]
    pub(super) fn new(window: Window) -> Node {
        Node { window, entered: window, best: -INF, best_move: None, searched: 0 }
    }

    /// Takes the value `v` of move `x`: raises the best and alpha; `Break`
    /// on a cutoff.
    #[inline(always)]
    pub(super) fn take(&mut self, v: i32, x: u8) -> ControlFlow<()> {
        self.searched += 1;
        if v > self.best {
            self.best = v;
            self.best_move = Some(x);
            if v >= self.window.beta {
                return Break(());
            }
            self.window.alpha = self.window.alpha.max(v);
        }
        Continue(())
    }
}
