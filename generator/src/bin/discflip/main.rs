//! `discflip`: the Disc Flip data pipeline. A thin binary over the
//! `generator`, `engine` and `verifier` libraries: `args` parses the command
//! line, each command is one call into a library, and `exit_code` is the one
//! place that maps outcomes to exit codes (docs/cli.md#exit-codes).

mod args;
mod progress;
mod solve;

use args::{Cli, Command, DiffFormat};
use clap::Parser;
use engine::{Levels, PlayerKind, Position, Scoring, SolverConfig, Team};
use generator::files::diff;
use generator::pipeline::{self, ReleaseConfig};
use generator::present::show;
use generator::puzzles::dates::Date;
use generator::puzzles::seeds;
use generator::strength::ladder;
use progress::Terminal;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use verifier::Exit;

/// How a command ended, beyond success.
#[derive(Debug, thiserror::Error)]
enum Failure {
    /// A pipeline job stopped (exit code from the job's error).
    #[error(transparent)]
    Pipeline(#[from] pipeline::Error),
    /// `diff` found differences; its report is already printed (exit 1).
    #[error("the data differ")]
    Differs,
    /// Bad lines on standard input, each already reported (exit 2).
    #[error("{0} bad lines")]
    BadLines(usize),
    /// Standard output or input failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Any other input error (exit 2), with its message.
    #[error(transparent)]
    Input(#[from] anyhow::Error),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let outcome = run(cli);
    if let Err(e) = &outcome
        && !matches!(e, Failure::Differs | Failure::BadLines(_))
        && !is_broken_pipe(e)
    {
        eprintln!("error: {e}");
    }
    exit_code(&outcome)
}

/// How each outcome ends the process, in the exit codes both binaries
/// share ([`Exit`]): success (a closed pipe included), a check failed or
/// the data differ, usage or input error.
fn exit_code(outcome: &Result<(), Failure>) -> ExitCode {
    let exit = match outcome {
        Ok(()) => Exit::Success,
        Err(e) if is_broken_pipe(e) => Exit::Success,
        Err(Failure::Pipeline(e)) => e.exit(),
        Err(Failure::Differs) => Exit::CheckFailed,
        Err(Failure::BadLines(_) | Failure::Io(_) | Failure::Input(_)) => Exit::BadInput,
    };
    exit.into()
}

/// A reader that closed the pipe (`discflip perft 11 | head -1`) wanted no more.
fn is_broken_pipe(e: &Failure) -> bool {
    match e {
        Failure::Io(io) => io.kind() == std::io::ErrorKind::BrokenPipe,
        _ => false,
    }
}

/// Prints clap's message; for a bad value it adds the command's usage line,
/// which clap itself shows only for missing or unknown arguments, where clap
/// puts it: before the "For more information" line.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::CommandFactory;
    use clap::error::ErrorKind;
    if !e.use_stderr() {
        let _ = e.print();
        return Exit::Success.into(); // --help, --version
    }
    let text = e.render().to_string();
    if !matches!(e.kind(), ErrorKind::InvalidValue | ErrorKind::ValueValidation) || text.contains("Usage:") {
        let _ = e.print();
        return Exit::BadInput.into();
    }
    let mut cmd = Cli::command();
    cmd.build();
    let name = std::env::args().nth(1).unwrap_or_default();
    let usage = match cmd.find_subcommand_mut(&name) {
        Some(sub) => sub.render_usage(),
        None => cmd.render_usage(),
    };
    match text.find("For more information") {
        Some(at) => eprint!("{}{usage}\n\n{}", &text[..at], &text[at..]),
        None => eprint!("{text}\n{usage}\n"),
    }
    Exit::BadInput.into()
}

fn run(cli: Cli) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    match cli.command {
        Command::Release { job, module } => {
            let config = ReleaseConfig {
                seed: job.seed,
                dirs: job.dirs.to_pipeline(),
                keep: job.keep.to_pipeline(),
                openings: ladder::OPENINGS,
                levels: job.levels.resolve(&job.dirs.data).map_err(pipeline::Error::from)?,
                module: module.module,
            };
            pipeline::release(&config, &Terminal::new())?;
        }
        Command::Generate(job) => {
            let keep = job.keep.to_pipeline();
            let levels = job.levels.resolve(&job.dirs.data).map_err(pipeline::Error::from)?;
            pipeline::generate(job.seed, &job.dirs.to_pipeline(), keep.as_ref(), &levels, &Terminal::new())?;
        }
        Command::Verify { dir, reports } => {
            let report = pipeline::verify(&dir, reports.as_deref(), &Terminal::new())?;
            // A reader that closed the pipe early changes nothing about the verdict.
            let _ = report.print(&mut out);
            pipeline::verdict(&report)?;
        }
        Command::Review { dirs, module } => pipeline::review(&dirs.to_pipeline(), &module.module, &Terminal::new())?,
        Command::Schema { out } => pipeline::schema(&out, &Terminal::new())?,
        Command::Ladder { seed, reports, openings, scale, data, levels } => {
            let levels = levels.resolve(&data).map_err(pipeline::Error::from)?;
            pipeline::ladder(seed, &reports, openings, scale, &levels, &Terminal::new())?;
        }
        Command::Calibrate { seed, reports, scale, data, levels } => {
            let levels = levels.resolve(&data).map_err(pipeline::Error::from)?;
            pipeline::calibrate(seed, &reports, scale, &levels, &Terminal::new())?;
        }
        Command::Checks { seed, reports } => pipeline::checks(seed, &reports, &Terminal::new())?,
        Command::Diff { old, new, format, today } => {
            let d = diff::diff_dirs(&old, &new, today.unwrap_or_else(Date::today)).map_err(anyhow::Error::from)?;
            match format {
                DiffFormat::Text => out.write_all(d.text().as_bytes())?,
                DiffFormat::Csv => out.write_all(&d.csv())?,
            }
            out.flush()?;
            if !d.is_empty() {
                return Err(Failure::Differs);
            }
        }
        Command::Perft { depth } => {
            for d in 1..=depth {
                writeln!(out, "{d} {}", engine::perft(&Position::start(), d))?;
                out.flush()?;
            }
        }
        Command::Solve { position, empties_to_winner, best, threads } => {
            let scoring = if empties_to_winner { Scoring::EmptiesToWinner } else { Scoring::Margin };
            let team = Team::new(SolverConfig { scoring, table_bits: 20, ..SolverConfig::default() }, threads.into());
            solve(position, team, best, &mut out)?;
        }
        Command::Daily { date, data } => {
            out.write_all(show::daily(&data, date).map_err(anyhow::Error::from)?.as_bytes())?;
        }
        Command::Show { board, data, today } => {
            let today = today.unwrap_or_else(Date::today);
            out.write_all(show::show(&data, &board, today).map_err(anyhow::Error::from)?.as_bytes())?;
        }
        Command::Play { matchup, game, dark, light, seed, data, levels } => {
            let levels = levels.resolve(&data).map_err(pipeline::Error::from)?.levels;
            out.write_all(play(matchup.zip(game), dark.zip(light), seed, &levels).describe().as_bytes())?;
        }
    }
    Ok(())
}

/// `play`: a ladder game (matchup, game) replayed, or the two players (Dark, Light) from the start.
fn play(
    ladder_game: Option<(usize, u32)>,
    players: Option<(PlayerKind, PlayerKind)>,
    seed: u64,
    levels: &Levels,
) -> ladder::GameRecord {
    match (ladder_game, players) {
        (Some((m, g)), _) => {
            ladder::play_game(m, ladder::MATCHUPS[m].first, ladder::MATCHUPS[m].second, g, seed, levels)
        }
        (_, Some(players)) => {
            let stream = seeds::stream(seed, seeds::Stream::Ladder, &[0, 0]);
            ladder::play_from(Position::start(), players, true, stream, (0, 0), levels)
        }
        _ => unreachable!("clap requires --matchup and --game, or --dark and --light"),
    }
}

/// `solve`: one position from the argument, or one per line of standard
/// input, where every bad line is reported with its number and the rest go on.
fn solve(position: Option<String>, mut team: Team, best: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let mut line_of = |pos: &Position| {
        if best { solve::best_line(&mut team, pos) } else { solve::solve_line(&mut team, pos) }
    };
    let (mut bad, mut warned) = (0, false);
    if let Some(p) = position {
        let pos: Position = p.parse().map_err(|e| anyhow::anyhow!("argument: bad position: {e}"))?;
        warn_if_slow(&pos, &mut warned);
        writeln!(out, "{}", line_of(&pos))?;
        return Ok(());
    }
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match line.parse::<Position>() {
            Ok(pos) => {
                warn_if_slow(&pos, &mut warned);
                writeln!(out, "{}", line_of(&pos))?;
                out.flush()?;
            }
            Err(e) => {
                eprintln!("error: standard input, line {}: bad position: {e}", n + 1);
                bad += 1;
            }
        }
    }
    if bad > 0 { Err(Failure::BadLines(bad)) } else { Ok(()) }
}

/// Past 22 empty squares an exact solve takes from seconds to hours: say so
/// before the first such solve of a run (`warned`: said already), on
/// standard error (docs/cli.md#solve).
fn warn_if_slow(pos: &Position, warned: &mut bool) {
    let empties = pos.empty_count();
    if empties > 22 && !*warned {
        *warned = true;
        eprintln!(
            "note: {empties} empty squares: an exact solve takes 2 to 3 times as long for each further empty square (random positions on one thread: 0.2 s at 20, 1.3 s at 22)"
        );
    }
}
