//! The discflip pipeline: sampling, puzzle rules, sets and schedule, the
//! level ladder, reports, and the glue the `discflip` binary calls.

pub mod balance;
pub mod checks;
pub mod dates;
pub mod diff;
pub mod files;
pub mod keep;
pub mod ladder;
pub mod level5_report;
pub mod openings;
pub mod output;
pub mod pipeline;
pub mod puzzle;
pub mod reports;
pub mod review;
pub mod sampling;
pub mod schedule;
pub mod seeds;
pub mod sets;
pub mod show;
pub mod solution;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar on standard error, hidden when it is not a terminal.
pub fn progress_bar(label: &str) -> ProgressBar {
    let bar = ProgressBar::new(0);
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} {elapsed_precise} eta {eta}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

/// A spinner for a stage without a natural count, hidden when not a terminal.
pub fn stage_spinner(label: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template("{msg:>10} {spinner} {elapsed_precise}").expect("valid template"));
    bar.set_message(label.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}

/// `discflip solve`'s line for `pos`: every legal move's exact value, best
/// first, and the positions searched (the same for any thread count); the
/// position's value when it has no legal move (docs/cli.md §3).
pub fn solve_line(team: &mut engine::Team, pos: &engine::Position) -> String {
    let values = team.move_values(pos);
    if values.is_empty() {
        return no_move_line(team, pos);
    }
    let shown: Vec<String> = values.iter().map(|m| format!("{}:{:+}", m.square, m.value)).collect();
    format!("{pos}: {} positions {}", shown.join(" "), team.positions())
}

/// `discflip solve --best`'s line for `pos`: its exact value and one best
/// move, the first in the solver's order that reaches it (the same for any
/// thread count); the position's value when it has no legal move.
pub fn best_line(team: &mut engine::Team, pos: &engine::Position) -> String {
    match team.best_move(pos) {
        Some(m) => format!("{pos}: best {} value {:+}", m.square, m.value),
        None => no_move_line(team, pos),
    }
}

fn no_move_line(team: &mut engine::Team, pos: &engine::Position) -> String {
    format!("{pos}: no legal move (value {:+}) positions {}", team.value(pos), team.positions())
}
