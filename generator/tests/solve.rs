//! `discflip solve`'s note before a slow solve (docs/cli.md#solve), and its
//! two scorings, on finished games, which solve at once whatever their empty
//! count.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn solve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip")).arg("solve").args(args).output().expect("discflip runs")
}

/// Dark's discs on the first `discs` squares, Light wiped out: the game is
/// over with 64 − `discs` empty squares.
fn wiped_out(discs: usize) -> String {
    format!("{}{} X", "X".repeat(discs), "-".repeat(64 - discs))
}

#[test]
fn past_22_empty_squares_a_note_comes_first() {
    for (args, discs) in [(vec![], 41), (vec!["--best"], 41), (vec![], 42), (vec!["--best"], 42)] {
        let pos = wiped_out(discs);
        let o = solve(&[args.as_slice(), &[pos.as_str()]].concat());
        assert_eq!(o.status.code(), Some(0), "{args:?} {pos}");
        let (out, err) = (String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap());
        assert!(out.starts_with(&format!("{pos}: no legal move (value +{discs}) positions ")), "{args:?}: {out}");
        let empties = 64 - discs;
        if empties > 22 {
            assert!(err.starts_with("note: 23 empty squares: an exact solve takes 2 to 3 times as long"), "{err}");
        } else {
            assert_eq!(err, "", "no note at {empties} empty squares");
        }
    }
}

/// Read from standard input, a run says it once, before the first position past 22 empty
/// squares, however many follow.
#[test]
fn the_note_comes_once_per_run() {
    let lines = [wiped_out(50), wiped_out(41), wiped_out(40), wiped_out(41)].join("\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_discflip"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("discflip runs");
    child.stdin.take().expect("piped").write_all(lines.as_bytes()).expect("input written");
    let o = child.wait_with_output().expect("discflip ends");
    assert_eq!(o.status.code(), Some(0));
    let (out, err) = (String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap());
    assert_eq!(out.lines().count(), 4, "{out}");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "note: 23 empty squares: an exact solve takes 2 to 3 times as long for each further empty square (random positions on one thread: 0.2 s at 20, 1.3 s at 22)"
        ]
    );
}

/// A finished game with empty squares: by margin Dark's discs count, under
/// the OBF rule the empty squares go to the winner (docs/cli.md#solve).
#[test]
fn empties_to_winner_gives_the_empty_squares_to_the_winner() {
    let pos = wiped_out(50);
    for (args, value) in [(vec![], 50), (vec!["--empties-to-winner"], 64), (vec!["--best", "--empties-to-winner"], 64)]
    {
        let o = solve(&[args.as_slice(), &[pos.as_str()]].concat());
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(out.starts_with(&format!("{pos}: no legal move (value +{value}) positions ")), "{args:?}: {out}");
    }
}
