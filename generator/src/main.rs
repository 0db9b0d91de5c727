//! `discflip`: the Disc Flip data pipeline. A thin binary over the
//! `generator`, `engine` and `verifier` libraries. Exit codes: 0 ok, 1 a check
//! failed, 2 usage or input error.

use anyhow::{Context, Result, bail};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use engine::{PlayerKind, Position, Scoring, Solver, SolverConfig};
use generator::{
    checks, dates::Date, diff, keep, ladder, level5_report, output, progress_bar, reports, seeds, sets, show,
    stage_spinner,
};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "discflip",
    version,
    about = "Disc Flip's offline data pipeline: puzzle sets, verification, level ladder, reports"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Keeping the Daily days players already have (docs/release.md §3).
#[derive(clap::Args, Clone)]
struct Keep {
    /// A data directory whose Daily days are kept: day 0 through the day of --through are copied unchanged.
    #[arg(long, value_name = "OLD_DIR", requires = "through")]
    keep_days_from: Option<PathBuf>,
    /// The last date whose day is kept (YYYY-MM-DD); goes with --keep-days-from.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = Date::parse, requires = "keep_days_from")]
    through: Option<Date>,
}

#[derive(clap::Args, Clone)]
struct Dirs {
    /// Where the data files go.
    #[arg(long, default_value = "data")]
    data: PathBuf,
    /// Where the reports go.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
}

/// Player names, listed in `--help` and checked by clap.
/// A ladder matchup by name, as its index.
fn matchup_parser(name: &str) -> Result<usize, String> {
    ladder::matchup_named(name).map(|(i, _)| i).ok_or_else(|| {
        let names: Vec<String> = ladder::MATCHUPS.iter().map(|m| format!("\"{}\"", m.name())).collect();
        format!("not a ladder matchup; the matchups are {}", names.join(", "))
    })
}

fn player_parser() -> impl TypedValueParser<Value = PlayerKind> {
    PossibleValuesParser::new(PlayerKind::ALL.map(PlayerKind::name))
        .map(|name| name.parse::<PlayerKind>().expect("clap only passes listed names"))
}

#[derive(Subcommand)]
enum Command {
    /// The main job: generate both sets, verify them, rule checks, the Level 5 report and the ladder.
    Release {
        /// The release seed: every random stream derives from it.
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        #[command(flatten)]
        dirs: Dirs,
        #[command(flatten)]
        keep: Keep,
    },
    /// Generate the Endgame and Daily sets into the data directory.
    Generate {
        /// The release seed: every random stream derives from it.
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        #[command(flatten)]
        dirs: Dirs,
        #[command(flatten)]
        keep: Keep,
    },
    /// Compare two data directories: boards added, removed and changed, and Daily days with a new trio.
    Diff {
        /// The data directory that is live now.
        old: PathBuf,
        /// The newly generated data directory.
        new: PathBuf,
        /// Report format.
        #[arg(long, value_enum, default_value = "text")]
        format: DiffFormat,
        /// The date whose 420-day cycle gives the changed days their dates (default: today).
        #[arg(long, value_name = "YYYY-MM-DD", value_parser = Date::parse)]
        today: Option<Date>,
    },
    /// Verify a data directory with the independent solver.
    Verify {
        /// The data directory to check (endgame.json, daily.json, the OBF files, SHA256SUMS).
        #[arg(default_value = "data")]
        dir: PathBuf,
    },
    /// Play the level ladder and write the strength tables.
    Ladder {
        /// The release seed: every game's random stream derives from it.
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        /// Where the reports go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        /// Balanced openings for the Level 5 vs Level 4 suite, each played with both colours (0: none).
        #[arg(long, default_value_t = ladder::OPENINGS)]
        openings: usize,
    },
    /// Run the rule checks (perft, flip previews, settled discs).
    Checks {
        /// The seed of the random positions and games the checks use.
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        /// Where the reports go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
    },
    /// Count move sequences from the start: one `depth count` line per depth 1..=DEPTH.
    Perft {
        /// The deepest move number to count (1 to 14).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=14))]
        depth: u32,
    },
    /// Exact value of every legal move, best first, and the position count.
    Solve {
        /// `<64 chars> X|O`; read one per line from standard input when absent.
        #[arg(allow_hyphen_values = true)]
        position: Option<String>,
        /// Score under the OBF convention (empties to the winner).
        #[arg(long)]
        empties_to_winner: bool,
    },
    /// Print a date's three Daily boards with their par.
    Daily {
        /// The calendar date, YYYY-MM-DD (any date: the 420-day table repeats).
        #[arg(long, value_parser = Date::parse)]
        date: Date,
        /// The data directory holding daily.json.
        #[arg(long, default_value = "data")]
        data: PathBuf,
    },
    /// Print a board of the data as a diagram: discs, legal moves with their values, par move, traps.
    Show {
        /// A board id (e.g. `e10-0123456789ab`) or its 64-character board string.
        #[arg(allow_hyphen_values = true)]
        board: String,
        /// The data directory holding endgame.json and daily.json.
        #[arg(long, default_value = "data")]
        data: PathBuf,
    },
    /// Play one game and print its moves and the final count: a ladder game again (--matchup, --game), or any two players.
    Play {
        /// Replay a ladder game: its matchup as in ladder_games.csv, e.g. "level5 vs level4".
        #[arg(long, value_parser = matchup_parser, requires = "game", conflicts_with_all = ["dark", "light"])]
        matchup: Option<usize>,
        /// The ladder game number to replay (0-based; even games: the first-named side plays Dark).
        #[arg(long, requires = "matchup")]
        game: Option<u32>,
        /// Who plays Dark (moves first).
        #[arg(long, value_parser = player_parser(), required_unless_present = "matchup", requires = "light")]
        dark: Option<PlayerKind>,
        /// Who plays Light.
        #[arg(long, value_parser = player_parser(), required_unless_present = "matchup", requires = "dark")]
        light: Option<PlayerKind>,
        /// The release seed (for --matchup) or the game's seed.
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
    },
}

/// A failure that maps to exit code 1 (a check did not hold).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct CheckFailed(String);

#[derive(clap::ValueEnum, Clone, Copy)]
enum DiffFormat {
    /// Lines for people, a summary line last.
    Text,
    /// CSV rows `set,change,id,fields,day,date` for scripts.
    Csv,
}

/// The data differ (exit 1); the report was already printed.
#[derive(Debug, thiserror::Error)]
#[error("the data differ")]
struct Differs;

/// A failure that maps to exit code 2 and whose message was already printed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct InputFailed(String);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that closed the pipe (`discflip perft 9 | head -1`) wanted no more.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let quiet = e.downcast_ref::<InputFailed>().is_some() || e.downcast_ref::<Differs>().is_some();
            if !quiet {
                eprintln!("error: {e:#}");
            }
            let check = e.downcast_ref::<CheckFailed>().is_some() || e.downcast_ref::<Differs>().is_some();
            if check { ExitCode::from(1) } else { ExitCode::from(2) }
        }
    }
}

/// Prints clap's message; for a bad value it adds the command's usage line,
/// which clap itself shows only for missing or unknown arguments.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::CommandFactory;
    use clap::error::ErrorKind;
    let _ = e.print();
    if !e.use_stderr() {
        return ExitCode::SUCCESS; // --help, --version
    }
    if matches!(e.kind(), ErrorKind::InvalidValue | ErrorKind::ValueValidation) {
        let mut cmd = Cli::command();
        cmd.build();
        let name = std::env::args().nth(1).unwrap_or_default();
        let usage = match cmd.find_subcommand_mut(&name) {
            Some(sub) => sub.render_usage(),
            None => cmd.render_usage(),
        };
        eprintln!("\n{usage}");
    }
    ExitCode::from(2)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

struct Timings(Vec<(String, f64)>);

impl Timings {
    fn time<T>(&mut self, stage: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let start = Instant::now();
        let v = f()?;
        self.0.push((stage.to_string(), start.elapsed().as_secs_f64()));
        Ok(v)
    }

    fn csv(&self) -> Vec<u8> {
        let mut s = String::from("stage,seconds\n");
        for (k, v) in &self.0 {
            s += &format!("{k},{v:.6}\n");
        }
        s.into_bytes()
    }
}

fn write(dir: &Path, files: Vec<(String, Vec<u8>)>) -> Result<()> {
    output::write_all_atomic(dir, &files)?;
    Ok(())
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Release { seed, dirs, keep } => release(seed, &dirs, &keep),
        Command::Generate { seed, dirs, keep } => {
            let mut t = Timings(Vec::new());
            generate(seed, &dirs, &keep, &mut t)
        }
        Command::Diff { old, new, format, today } => {
            let today = today.unwrap_or_else(Date::today);
            let d = diff::diff_dirs(&old, &new, today)?;
            let mut out = std::io::stdout().lock();
            match format {
                DiffFormat::Text => out.write_all(d.text().as_bytes())?,
                DiffFormat::Csv => out.write_all(&d.csv())?,
            }
            out.flush()?;
            if d.is_empty() { Ok(()) } else { Err(Differs.into()) }
        }
        Command::Verify { dir } => verify(&dir),
        Command::Ladder { seed, reports, openings } => {
            let mut t = Timings(Vec::new());
            run_ladder(seed, &reports, openings, &mut t)
        }
        Command::Checks { seed, reports } => run_checks(seed, &reports),
        Command::Perft { depth } => {
            let mut out = std::io::stdout().lock();
            for d in 1..=depth {
                writeln!(out, "{d} {}", engine::perft::perft(&Position::start(), d))?;
                out.flush()?;
            }
            Ok(())
        }
        Command::Solve { position, empties_to_winner } => solve(position, empties_to_winner),
        Command::Daily { date, data } => daily(date, &data),
        Command::Show { board, data } => {
            let text = show::show(&data, &board)?;
            std::io::stdout().lock().write_all(text.as_bytes())?;
            Ok(())
        }
        Command::Play { matchup, game, dark, light, seed } => match (matchup, game, dark, light) {
            (Some(m), Some(g), _, _) => {
                play(ladder::play_game(m, ladder::MATCHUPS[m].first, ladder::MATCHUPS[m].second, g, seed))
            }
            (_, _, Some(d), Some(l)) => {
                let stream = seeds::stream(seed, seeds::Stream::Ladder, &[0, 0]);
                play(ladder::play_from(Position::start(), d, l, true, stream, 0, 0))
            }
            _ => unreachable!("clap requires --matchup and --game, or --dark and --light"),
        },
    }
}

fn generate(seed: u64, dirs: &Dirs, keep: &Keep, t: &mut Timings) -> Result<()> {
    let kept = match (&keep.keep_days_from, keep.through) {
        (Some(dir), Some(through)) => Some(keep::load(dir, through)?),
        _ => None,
    };
    let g = t.time("generate", || {
        let bar = progress_bar("generate");
        let g = sets::generate(seed, &sets::SetSizes::FULL, kept.as_ref(), &bar);
        bar.finish_and_clear();
        Ok(g)
    })?;
    write(&dirs.data, sets::data_files(&g))?;
    write(
        &dirs.reports,
        vec![
            ("generation.csv".into(), sets::generation_csv(&g.stats)),
            ("square_values.csv".into(), reports::square_values_csv()),
        ],
    )?;
    let accepted: u64 = g.stats.values().map(|s| s.accepted).sum();
    let tried: u64 = g.stats.values().map(|s| s.tried).sum();
    eprintln!(
        "generated {} endgame + {} daily boards from {tried} candidates ({accepted} accepted) into {}",
        g.endgame.len(),
        g.days.len() * 3,
        dirs.data.display()
    );
    Ok(())
}

fn verify(dir: &Path) -> Result<()> {
    let report = verifier::verify_dir(dir)?;
    report.print(&mut std::io::stdout().lock())?;
    if !report.failures.is_empty() {
        // The summary line is already printed: the error adds only the exit code.
        return Err(CheckFailed(format!("{} of {} boards failed a check", report.failures.len(), report.boards)).into());
    }
    Ok(())
}

fn run_checks(seed: u64, reports_dir: &Path) -> Result<()> {
    let rows = checks::all_rows(seed);
    write(reports_dir, vec![("rule_checks.csv".into(), checks::rows_csv(&rows))])?;
    let failures: u64 = rows.iter().map(|r| r.failures).sum();
    for r in &rows {
        eprintln!("{:<14} {:>6} cases {:>3} failures  {}", r.check, r.cases, r.failures, r.detail);
    }
    if failures > 0 {
        return Err(CheckFailed(format!("{failures} rule-check failures")).into());
    }
    Ok(())
}

fn run_ladder(seed: u64, reports_dir: &Path, openings: usize, t: &mut Timings) -> Result<()> {
    let games = t.time("ladder", || {
        let bar = progress_bar("ladder");
        let g = ladder::play_ladder(seed, 1, &bar);
        bar.finish_and_clear();
        Ok(g)
    })?;
    let games_csv = ladder::games_csv(&games);
    let rows = reports::summarize(&games).context("summarizing the ladder")?;
    write(
        reports_dir,
        vec![
            ("ladder_games.csv".into(), games_csv),
            ("ladder.csv".into(), reports::ladder_csv(&rows)),
            ("settings_line.csv".into(), reports::settings_line_csv(&rows)),
            ("strength.md".into(), reports::strength_md(&rows)),
            ("level5_depth.csv".into(), ladder::level5_depth_csv(&games)),
        ],
    )?;
    for r in &rows {
        eprintln!(
            "{:>12} vs {:<12} {:>4} games  {:>4}-{:>3}-{:<4} score {:.3}",
            r.first,
            r.second,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            r.score()
        );
    }
    if openings > 0 {
        let (list, games) = t.time("openings", || {
            let bar = progress_bar("openings");
            let list = generator::openings::balanced(seed, openings);
            let games = generator::openings::play(seed, &list, &bar);
            bar.finish_and_clear();
            Ok((list, games))
        })?;
        let summary = generator::openings::summary(&games);
        write(
            reports_dir,
            vec![
                ("openings_games.csv".into(), generator::openings::games_csv(&list, &games)),
                ("openings.csv".into(), reports::ladder_csv(std::slice::from_ref(&summary))),
            ],
        )?;
        let (lo, hi) = summary.wilson();
        eprintln!(
            "openings: level5 vs level4 from {openings} balanced openings, both colours: {}-{}-{} score {:.3} (95% {lo:.3}-{hi:.3})",
            summary.wins,
            summary.draws,
            summary.losses,
            summary.score()
        );
    }
    Ok(())
}

fn release(seed: u64, dirs: &Dirs, keep: &Keep) -> Result<()> {
    let start = Instant::now();
    let mut t = Timings(Vec::new());
    eprintln!("[1/5] generating puzzle sets (seed {seed})");
    generate(seed, dirs, keep, &mut t)?;
    eprintln!("[2/5] verifying {} with the independent solver", dirs.data.display());
    let bar = stage_spinner("verify");
    let verified = t.time("verify", || verify(&dirs.data));
    bar.finish_and_clear();
    verified?;
    eprintln!("[3/5] rule checks");
    let bar = stage_spinner("checks");
    let checked = t.time("checks", || run_checks(seed, &dirs.reports));
    bar.finish_and_clear();
    checked?;
    eprintln!("[4/5] Level 5 on 200 ten-empty positions");
    let bar = stage_spinner("level 5");
    let rows = t.time("level5_endgame", || Ok(level5_report::run(seed, 200)))?;
    bar.finish_and_clear();
    let slowest = rows.iter().map(|r| r.time.as_secs_f64()).fold(0.0, f64::max);
    t.0.push(("level5_slowest_move".into(), slowest));
    write(
        &dirs.reports,
        vec![
            ("level5_endgame.csv".into(), level5_report::csv(&rows)),
            ("level5_summary.csv".into(), level5_report::summary_csv(&rows)),
        ],
    )?;
    if let Some(r) = rows.iter().find(|r| !r.exact) {
        return Err(CheckFailed(format!("Level 5 did not solve {} exactly within 70,000 positions", r.board)).into());
    }
    eprintln!("[5/5] level ladder ({} games)", reports::full_ladder_games());
    run_ladder(seed, &dirs.reports, ladder::OPENINGS, &mut t)?;
    t.0.push(("release_total".into(), start.elapsed().as_secs_f64()));
    write(&dirs.reports, vec![("timings.csv".into(), t.csv())])?;
    eprintln!(
        "release done in {:.1} s: data in {}, reports in {}",
        start.elapsed().as_secs_f64(),
        dirs.data.display(),
        dirs.reports.display()
    );
    Ok(())
}

fn solve(position: Option<String>, empties_to_winner: bool) -> Result<()> {
    let scoring = if empties_to_winner { Scoring::EmptiesToWinner } else { Scoring::Margin };
    let mut solver = Solver::new(SolverConfig { scoring, table_bits: 20, ..SolverConfig::default() });
    let mut out = std::io::stdout().lock();
    let mut one = |pos: &Position, out: &mut dyn Write| -> std::io::Result<()> {
        let values = solver.move_values(pos);
        let shown: Vec<String> = values.iter().map(|m| format!("{}:{:+}", m.square, m.value)).collect();
        if shown.is_empty() {
            writeln!(out, "{pos}: no legal move (value {:+}) positions {}", solver.value(pos), solver.positions())
        } else {
            writeln!(out, "{pos}: {} positions {}", shown.join(" "), solver.positions())
        }
    };
    match position {
        Some(p) => {
            let pos: Position = p.parse().context("argument: bad position")?;
            one(&pos, &mut out)?;
            Ok(())
        }
        None => {
            // Every bad line is reported with its number; the good ones are still solved.
            let mut bad = 0;
            for (n, line) in std::io::stdin().lock().lines().enumerate() {
                let line = line.with_context(|| format!("reading standard input, line {}", n + 1))?;
                if line.trim().is_empty() {
                    continue;
                }
                match line.parse::<Position>() {
                    Ok(pos) => {
                        one(&pos, &mut out)?;
                        out.flush()?;
                    }
                    Err(e) => {
                        eprintln!("error: standard input, line {}: bad position: {e}", n + 1);
                        bad += 1;
                    }
                }
            }
            if bad > 0 {
                return Err(InputFailed(format!("{bad} bad lines")).into());
            }
            Ok(())
        }
    }
}

fn daily(date: Date, data: &Path) -> Result<()> {
    let path = data.join("daily.json");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let json: serde_json::Value = serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    let day = sets::day_of(date);
    let Some(entry) = json["days"].get(day) else { bail!("{}: no day {day}", path.display()) };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{date} is day {day} ({})", entry["weekday"].as_str().unwrap_or("?"))?;
    for b in entry["boards"].as_array().into_iter().flatten() {
        writeln!(
            out,
            "{} {} X  empties {} par {:+} ({})",
            b["id"].as_str().unwrap_or("?"),
            b["board"].as_str().unwrap_or("?"),
            b["empties"],
            b["par"].as_i64().unwrap_or(0),
            b["par_move"].as_str().unwrap_or("?")
        )?;
    }
    Ok(())
}

fn play(g: ladder::GameRecord) -> Result<()> {
    let (dark, light) = if g.first_is_dark { (g.first, g.second) } else { (g.second, g.first) };
    let shown: Vec<String> = g.record.iter().map(|m| m.map_or("pass".to_string(), |s| s.to_string())).collect();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", shown.join(" "))?;
    writeln!(out, "transcript {}", g.transcript())?;
    writeln!(
        out,
        "Dark ({dark}) {} - Light ({light}) {}: margin {:+}",
        g.dark_discs,
        g.light_discs,
        g.dark_discs as i32 - g.light_discs as i32
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn every_command_argument_and_option_has_help_text() {
        let cmd = Cli::command();
        cmd.clone().debug_assert();
        let mut missing = Vec::new();
        for sub in cmd.get_subcommands() {
            if sub.get_about().is_none() {
                missing.push(sub.get_name().to_string());
            }
            for arg in sub.get_arguments().filter(|a| !matches!(a.get_id().as_str(), "help" | "version")) {
                if arg.get_help().is_none() {
                    missing.push(format!("{} {}", sub.get_name(), arg.get_id()));
                }
            }
        }
        assert!(missing.is_empty(), "no help text: {missing:?}");
        assert!(cmd.get_subcommands().count() >= 11, "the test sees the commands");
    }
}
