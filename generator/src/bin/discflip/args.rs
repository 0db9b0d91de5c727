//! The command line of `discflip` (docs/cli.md): every command, argument and
//! option with its help text, parsed and validated by clap.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use engine::PlayerKind;
use generator::pipeline;
use generator::puzzles::dates::Date;
use generator::puzzles::seeds;
use generator::strength::ladder;
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "discflip",
    version,
    about = "Disc Flip's offline data pipeline: puzzle sets, verification, level ladder, reports"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// What `release` and `generate` take: the seed, the directories, the days to keep.
#[derive(clap::Args, Clone)]
pub struct Job {
    /// The release seed: every random stream derives from it.
    #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
    pub seed: u64,
    #[command(flatten)]
    pub dirs: Dirs,
    #[command(flatten)]
    pub keep: Keep,
    #[command(flatten)]
    pub levels: LevelsArg,
}

/// The levels file a command plays or generates by (docs/players.md#the-levels-file).
#[derive(clap::Args, Clone)]
pub struct LevelsArg {
    /// The levels file every player and rule follows [default: the data directory's levels.json, else the game's built-in levels].
    #[arg(long, value_name = "FILE")]
    pub levels: Option<PathBuf>,
}

impl LevelsArg {
    /// The levels file: --levels, else `data_dir/levels.json`, else the built-in one.
    pub fn resolve(&self, data_dir: &std::path::Path) -> Result<format::LevelsFile, format::LevelsFileError> {
        format::LevelsFile::choose(self.levels.as_deref(), data_dir)
    }
}

/// The engine's WebAssembly module the review page inlines (docs/web.md).
#[derive(clap::Args, Clone)]
pub struct ModuleArg {
    /// The engine's WebAssembly module the review page inlines (scripts/build-web builds it).
    #[arg(long, value_name = "FILE", default_value = "web/dist/discflip.wasm")]
    pub module: PathBuf,
}

/// Keeping the Daily days players already have (docs/release.md#keeping-published-days).
#[derive(clap::Args, Clone)]
pub struct Keep {
    /// A data directory whose Daily days are kept: day 0 through the day of --through are copied unchanged.
    #[arg(long, value_name = "OLD_DIR", requires = "through")]
    pub keep_days_from: Option<PathBuf>,
    /// The last date whose day is kept (YYYY-MM-DD); goes with --keep-days-from.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = Date::parse, requires = "keep_days_from")]
    pub through: Option<Date>,
}

#[derive(clap::Args, Clone)]
pub struct Dirs {
    /// Where the data files go.
    #[arg(long, default_value = "data")]
    pub data: PathBuf,
    /// Where the reports go.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
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
pub enum Command {
    /// The main job: generate both sets, verify them, rule checks, the Level 5 report and the ladder.
    Release {
        #[command(flatten)]
        job: Job,
        #[command(flatten)]
        module: ModuleArg,
    },
    /// Generate the Endgame and Daily sets into the data directory.
    Generate(Job),
    /// Build reports/review.html from the data and reports directories.
    Review {
        #[command(flatten)]
        dirs: Dirs,
        #[command(flatten)]
        module: ModuleArg,
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
    /// Write the data files' JSON Schemas and TypeScript declarations.
    Schema {
        /// Where they go (the committed copy is docs/schema).
        #[arg(long, default_value = "docs/schema")]
        out: PathBuf,
    },
    /// Verify a data directory with the independent solver.
    Verify {
        /// The data directory to check (endgame.json, daily.json, the OBF files, SHA256SUMS).
        #[arg(default_value = "data")]
        dir: PathBuf,
        /// Also check that the reports in this directory describe this data (their data.sha256).
        #[arg(long, value_name = "DIR")]
        reports: Option<PathBuf>,
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
        /// Divide every matchup's game count by this (1: the whole ladder), for a quick look.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
        scale: u32,
        /// The data directory whose levels.json the players follow (unless --levels is given).
        #[arg(long, default_value = "data")]
        data: PathBuf,
        #[command(flatten)]
        levels: LevelsArg,
    },
    /// Play the ladder under several readings of the help page's loose phrases and compare each with the published table.
    Calibrate {
        /// The release seed: every game's random stream derives from it.
        #[arg(long, default_value_t = seeds::DEFAULT_SEED)]
        seed: u64,
        /// Where calibration.csv goes.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        /// Divide every matchup's game count by this (1: the whole ladder), for a quick look.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
        scale: u32,
        /// The data directory whose levels.json the readings start from (unless --levels is given).
        #[arg(long, default_value = "data")]
        data: PathBuf,
        #[command(flatten)]
        levels: LevelsArg,
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
        /// Print only the value and one best move (the first of the solver's order that reaches it).
        #[arg(long)]
        best: bool,
        /// Threads working on each position; the answers are the same for any count.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
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
        /// The date whose 420-day cycle gives a Daily board its date (default: today).
        #[arg(long, value_name = "YYYY-MM-DD", value_parser = Date::parse)]
        today: Option<Date>,
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
        /// The data directory whose levels.json the players follow (unless --levels is given).
        #[arg(long, default_value = "data")]
        data: PathBuf,
        #[command(flatten)]
        levels: LevelsArg,
    },
}

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum DiffFormat {
    /// Lines for people, a summary line last.
    Text,
    /// CSV rows `set,change,id,fields,day,date` for scripts.
    Csv,
}

impl Dirs {
    /// The pipeline's view of the directories.
    pub fn to_pipeline(&self) -> pipeline::Dirs {
        pipeline::Dirs { data: self.data.clone(), reports: self.reports.clone() }
    }
}

impl Keep {
    /// The days to keep, when both options are given (clap makes them go together).
    pub fn to_pipeline(&self) -> Option<pipeline::KeepDays> {
        Some(pipeline::KeepDays { from: self.keep_days_from.clone()?, through: self.through? })
    }
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
