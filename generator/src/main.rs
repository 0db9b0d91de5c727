//! `discflip`: the Disc Flip data pipeline. A thin binary over the
//! `generator`, `engine` and `verifier` libraries. Exit codes: 0 ok, 1 a check
//! failed, 2 usage or input error.

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use engine::{PlayerKind, Position, Scoring, Solver, SolverConfig};
use generator::{
    checks, dates::Date, ladder, level5_report, output, progress_bar, reports, seeds, sets, stage_spinner,
};
use std::io::BufRead;
use std::path::{Path, PathBuf};
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

#[derive(clap::Args, Clone)]
struct Dirs {
    /// Where the data files go.
    #[arg(long, default_value = "data")]
    data: PathBuf,
    /// Where the reports go.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
}

#[derive(Subcommand)]
enum Command {
    /// The main job: generate both sets, verify them, rule checks, the Level 5 report and the ladder.
    Release {
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        #[command(flatten)]
        dirs: Dirs,
    },
    /// Generate the Endgame and Daily sets into the data directory.
    Generate {
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        #[command(flatten)]
        dirs: Dirs,
    },
    /// Verify a data directory with the independent solver.
    Verify {
        #[arg(default_value = "data")]
        dir: PathBuf,
    },
    /// Play the level ladder and write the strength tables.
    Ladder {
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
    },
    /// Run the rule checks (perft, flip previews, settled discs).
    Checks {
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
    },
    /// Count move sequences from the start: one `depth count` line per depth 1..=DEPTH.
    Perft {
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
        #[arg(long)]
        date: String,
        #[arg(long, default_value = "data")]
        data: PathBuf,
    },
    /// Play one game between two players and print the moves and the final count.
    Play {
        #[arg(long)]
        dark: PlayerKind,
        #[arg(long)]
        light: PlayerKind,
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
    },
}

/// A failure that maps to exit code 1 (a check did not hold).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct CheckFailed(String);

fn main() {
    let cli = Cli::parse();
    let code = match run(cli) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e:#}");
            if e.downcast_ref::<CheckFailed>().is_some() { 1 } else { 2 }
        }
    };
    std::process::exit(code);
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
        Command::Release { seed, dirs } => release(seed, &dirs),
        Command::Generate { seed, dirs } => {
            let mut t = Timings(Vec::new());
            generate(seed, &dirs, &mut t)
        }
        Command::Verify { dir } => verify(&dir),
        Command::Ladder { seed, reports } => {
            let mut t = Timings(Vec::new());
            run_ladder(seed, &reports, &mut t)
        }
        Command::Checks { seed, reports } => run_checks(seed, &reports),
        Command::Perft { depth } => {
            for d in 1..=depth {
                println!("{d} {}", engine::perft::perft(&Position::start(), d));
            }
            Ok(())
        }
        Command::Solve { position, empties_to_winner } => solve(position, empties_to_winner),
        Command::Daily { date, data } => daily(&date, &data),
        Command::Play { dark, light, seed } => play(dark, light, seed),
    }
}

fn generate(seed: u64, dirs: &Dirs, t: &mut Timings) -> Result<()> {
    let g = t.time("generate", || {
        let bar = progress_bar("generate");
        let g = sets::generate(seed, &sets::SetSizes::FULL, &bar);
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
    report.print();
    if !report.failures.is_empty() {
        return Err(CheckFailed(report.summary()).into());
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

fn run_ladder(seed: u64, reports_dir: &Path, t: &mut Timings) -> Result<()> {
    let games = t.time("ladder", || {
        let bar = progress_bar("ladder");
        let g = ladder::play_ladder(seed, 1, &bar);
        bar.finish_and_clear();
        Ok(g)
    })?;
    let games_csv = ladder::games_csv(&games);
    let rows = reports::summarize(&games_csv).context("summarizing the ladder")?;
    write(
        reports_dir,
        vec![
            ("ladder_games.csv".into(), games_csv),
            ("ladder.csv".into(), reports::ladder_csv(&rows)),
            ("settings_line.csv".into(), reports::settings_line_csv(&rows)),
            ("strength.md".into(), reports::strength_md(&rows)),
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
    Ok(())
}

fn release(seed: u64, dirs: &Dirs) -> Result<()> {
    let start = Instant::now();
    let mut t = Timings(Vec::new());
    eprintln!("[1/5] generating puzzle sets (seed {seed})");
    generate(seed, dirs, &mut t)?;
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
    run_ladder(seed, &dirs.reports, &mut t)?;
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
    let mut solver = Solver::new(SolverConfig { scoring, table_bits: 20 });
    let mut one = |line: &str, where_: &str| -> Result<()> {
        let pos: Position = line.parse().with_context(|| format!("{where_}: bad position"))?;
        let values = solver.move_values(&pos);
        let shown: Vec<String> = values.iter().map(|m| format!("{}:{:+}", m.square, m.value)).collect();
        if shown.is_empty() {
            println!("{pos}: no legal move (value {:+}) positions {}", solver.value(&pos), solver.positions());
        } else {
            println!("{pos}: {} positions {}", shown.join(" "), solver.positions());
        }
        Ok(())
    };
    match position {
        Some(p) => one(&p, "argument"),
        None => {
            for (n, line) in std::io::stdin().lock().lines().enumerate() {
                let line = line.context("reading standard input")?;
                if !line.trim().is_empty() {
                    one(&line, &format!("line {}", n + 1))?;
                }
            }
            Ok(())
        }
    }
}

fn daily(date: &str, data: &Path) -> Result<()> {
    let date = Date::parse(date)?;
    let path = data.join("daily.json");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let json: serde_json::Value = serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    let day = sets::day_of(date);
    let Some(entry) = json["days"].get(day) else { bail!("{}: no day {day}", path.display()) };
    println!("{date} is day {day} ({})", entry["weekday"].as_str().unwrap_or("?"));
    for b in entry["boards"].as_array().into_iter().flatten() {
        println!(
            "{} {} X  empties {} par {:+} ({})",
            b["id"].as_str().unwrap_or("?"),
            b["board"].as_str().unwrap_or("?"),
            b["empties"],
            b["par"].as_i64().unwrap_or(0),
            b["par_move"].as_str().unwrap_or("?")
        );
    }
    Ok(())
}

fn play(dark: PlayerKind, light: PlayerKind, seed: u64) -> Result<()> {
    let (g, moves) = ladder::play_game_recorded(0, dark, light, 0, seed);
    let shown: Vec<String> = moves.iter().map(|m| m.map_or("pass".to_string(), |s| s.to_string())).collect();
    println!("{}", shown.join(" "));
    println!(
        "Dark ({dark}) {} - Light ({light}) {}: margin {:+}",
        g.dark_discs,
        g.light_discs,
        g.dark_discs as i32 - g.light_discs as i32
    );
    Ok(())
}
