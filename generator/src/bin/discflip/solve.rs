//! `discflip solve`'s output lines (docs/cli.md#solve).

/// `discflip solve`'s line for `pos`: every legal move's exact value, best
/// first, and the positions searched (the same for any thread count); the
/// position's value when it has no legal move (docs/cli.md#solve).
pub(crate) fn solve_line(team: &mut engine::Team, pos: &engine::Position) -> String {
    let values = team.move_values(pos);
    if values.is_empty() {
        return no_move_line(team, pos);
    }
    let shown: Vec<String> = values.iter().map(|m| format!("{}:{:+}", m.square, m.value)).collect();
    format!("{pos}: {} positions {}", shown.join(" "), team.positions())
}

/// `discflip solve --best`'s line for `pos`: its exact value and one best
/// move, the first in the solver's order that reaches it (the same for any
/// thread count), and the positions searched by all threads (on one thread
/// the same every run; on several it depends on their timing); the
/// position's value when it has no legal move.
pub(crate) fn best_line(team: &mut engine::Team, pos: &engine::Position) -> String {
    match team.best_move(pos) {
        Some(m) => format!("{pos}: best {} value {:+} positions {}", m.square, m.value, team.positions()),
        None => no_move_line(team, pos),
    }
}

fn no_move_line(team: &mut engine::Team, pos: &engine::Position) -> String {
    format!("{pos}: no legal move (value {:+}) positions {}", team.value(pos), team.positions())
}
