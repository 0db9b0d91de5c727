//! What every alpha-beta search of the engine shares (the exact solver and
//! Level 5; Levels 3 and 4 are plain alpha-beta): the window, a table
//! entry's bounds applied to it, the principal-variation re-search, and the
//! hash that places a position in a table.

use std::ops::ControlFlow;

/// A search window: values at or below `alpha` fail low, at or above `beta`
/// fail high; the search is exact strictly between.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Window {
    pub alpha: i32,
    pub beta: i32,
}

impl Window {
    /// The window `(alpha, beta)`.
    #[inline(always)]
    pub const fn new(alpha: i32, beta: i32) -> Window {
        Window { alpha, beta }
    }

    /// The null window `(alpha, alpha + 1)`: is the value above `alpha`?
    #[inline(always)]
    pub const fn null(alpha: i32) -> Window {
        Window { alpha, beta: alpha + 1 }
    }

    /// The same window seen by the opponent (negamax): `(-beta, -alpha)`.
    #[inline(always)]
    pub const fn negated(self) -> Window {
        Window { alpha: -self.beta, beta: -self.alpha }
    }
}

/// Applies a table entry's bounds `lower..=upper` to the window `w`:
/// `Break(value)` when they decide the node on their own, otherwise the
/// narrowed window.
#[inline(always)]
pub(crate) fn apply_bounds(lower: i32, upper: i32, w: Window) -> ControlFlow<i32, Window> {
    if lower >= w.beta || lower == upper {
        return ControlFlow::Break(lower);
    }
    if upper <= w.alpha {
        return ControlFlow::Break(upper);
    }
    ControlFlow::Continue(Window::new(w.alpha.max(lower), w.beta.min(upper)))
}

/// Where a principal-variation re-search starts, once the null-window probe
/// of a later move came back above alpha.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Research {
    /// Inside the tree: from the probe's value (a proven lower bound) to
    /// beta, and only when the probe is below beta (otherwise it cut).
    FromProbe,
    /// At a root move: the whole window again, whenever the probe passed
    /// alpha (the roots' position counts are part of the data).
    Whole,
}

/// The value of a move for the mover by principal-variation search: the
/// first move (`first`) with the whole window `w`; a later one with the
/// null window at alpha first, searched again as `research` (a
/// [`Research`]) says when the probe passes alpha, unless `stopped` says the
/// search is spent. `|window| value` searches the move with a window for the
/// mover.
///
/// A macro rather than a function taking closures: a closure is a function
/// of its own, compiled without the `#[target_feature]`s of the search copy
/// it runs in, and it was not inlined there (6% more instructions in the
/// solver); the macro's `value` is written into the copy itself.
macro_rules! pvs {
    ($w:expr, $first:expr, $research:expr, stopped: $stopped:expr, |$win:ident| $value:expr) => {{
        let w: $crate::alphabeta::Window = $w;
        if $first {
            let $win = w;
            $value
        } else {
            let probe = {
                let $win = $crate::alphabeta::Window::null(w.alpha);
                $value
            };
            if probe <= w.alpha || $stopped {
                probe
            } else {
                match $research {
                    $crate::alphabeta::Research::FromProbe if probe < w.beta => {
                        let $win = $crate::alphabeta::Window::new(probe, w.beta);
                        $value
                    }
                    $crate::alphabeta::Research::FromProbe => probe,
                    $crate::alphabeta::Research::Whole => {
                        let $win = w;
                        $value
                    }
                }
            }
        }
    }};
}
pub(crate) use pvs;

/// The hash of a position (mover `p`, opponent `o`) that places it in a
/// table; the solver's table and Level 5's take their low bits.
#[inline(always)]
pub(crate) fn position_hash(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
    h ^ (h >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_a_window_or_decide_the_node() {
        let w = Window::new(-10, 10);
        assert_eq!(apply_bounds(12, 20, w), ControlFlow::Break(12), "lower bound at or above beta");
        assert_eq!(apply_bounds(10, 20, w), ControlFlow::Break(10));
        assert_eq!(apply_bounds(-30, -10, w), ControlFlow::Break(-10), "upper bound at or below alpha");
        assert_eq!(apply_bounds(3, 3, w), ControlFlow::Break(3), "an exact value");
        assert_eq!(apply_bounds(-5, 7, w), ControlFlow::Continue(Window::new(-5, 7)));
        assert_eq!(apply_bounds(-64, 64, w), ControlFlow::Continue(w));
    }

    /// A scripted move: the values it returns for each window asked, in order.
    struct Script {
        answers: Vec<(Window, i32)>,
        asked: Vec<Window>,
    }

    impl Script {
        fn value(&mut self, w: Window) -> i32 {
            self.asked.push(w);
            let (want, v) = self.answers.remove(0);
            assert_eq!(w, want, "window asked");
            v
        }
    }

    fn run(w: Window, first: bool, research: Research, answers: &[(Window, i32)]) -> (i32, Vec<Window>) {
        let mut s = Script { answers: answers.to_vec(), asked: Vec::new() };
        let v = pvs!(w, first, research, stopped: false, |win| s.value(win));
        assert!(s.answers.is_empty(), "every scripted search asked");
        (v, s.asked)
    }

    #[test]
    fn the_first_move_gets_the_whole_window() {
        let w = Window::new(-4, 9);
        assert_eq!(run(w, true, Research::FromProbe, &[(w, 5)]).0, 5);
    }

    #[test]
    fn a_later_move_is_probed_then_searched_again_only_inside_the_window() {
        let w = Window::new(-4, 9);
        let probe = Window::null(-4);
        assert_eq!(run(w, false, Research::FromProbe, &[(probe, -6)]).0, -6, "fails low: no re-search");
        assert_eq!(run(w, false, Research::FromProbe, &[(probe, 12)]).0, 12, "cuts: no re-search");
        assert_eq!(run(w, false, Research::FromProbe, &[(probe, 2), (Window::new(2, 9), 6)]).0, 6);
        assert_eq!(run(w, false, Research::Whole, &[(probe, 2), (w, 6)]).0, 6, "a root searches the whole window");
        assert_eq!(run(w, false, Research::Whole, &[(probe, 12), (w, 12)]).1.len(), 2, "even above beta");
    }

    #[test]
    fn a_spent_search_is_not_searched_again() {
        let mut calls = 0;
        let v = pvs!(Window::new(0, 10), false, Research::Whole, stopped: true, |_w| {
            calls += 1;
            5
        });
        assert_eq!((v, calls), (5, 1));
    }

    #[test]
    fn the_hash_mixes_both_sides() {
        assert_ne!(position_hash(1, 2), position_hash(2, 1));
        assert_ne!(
            position_hash(1 << 40, 0) & 0xFFFF,
            position_hash(1 << 41, 0) & 0xFFFF,
            "high bits reach the low ones"
        );
    }
}
