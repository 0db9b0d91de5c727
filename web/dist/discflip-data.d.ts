// The Disc Flip data files' types (docs/formats.md#schema-and-types), generated from
// docs/schema/*.schema.json by `discflip schema`: do not edit.

/** A puzzle board with its answers, display fields and provenance (docs/formats.md#dataendgamejson-and-datadailyjson). */
export interface BoardRecord {
  /** The moves tied for the most flips, in square order. */
  biggest_flip: Square[];
  /** The 64-character board string, Dark to move. */
  board: string;
  /** Display fields. */
  display: Display;
  /** Empty squares. */
  empties: 6 | 7 | 8 | 9 | 10 | 11 | 12;
  /** Stable id: `eNN-` and 12 hex digits of the canonical position's SHA-256. */
  id: `e${"06" | "08" | "10" | "12"}-${string}`;
  /** The moves tied for Level 2's best score without the wobble, in square order. */
  level2: Square[];
  /** One entry per legal first move, in square order. */
  moves: MoveRecord[];
  /** The best final margin Dark can force (Dark wins: at least 1). */
  par: number;
  /** The one first move that reaches par. */
  par_move: Square;
  /** Where the board came from. */
  provenance: Provenance;
  /** Par lines and difficulty (docs/puzzles.md#par-lines-and-difficulty); absent only while a board is being made. */
  solution?: Solution | null;
  /** The themes the board shows (docs/puzzles.md#themes), in `Theme::ALL`'s order; absent only while a board is being made. */
  themes?: Theme[] | null;
}

/** `daily.json`. */
export interface DailyFile {
  /** Days in the cycle (420). */
  cycle_days: 420;
  /** The days, in order: day 0 first, one entry per day of the cycle. */
  days: DayEntry[];
  /** The date of day 0 (a Monday), `YYYY-MM-DD`. */
  epoch: `${number}-${number}-${number}`;
  /** The data format's version number (`FORMAT`, now 4; 3 had no themes, 2 no `levels_sha256`). */
  format: 4;
  /** `discflip <version>`. */
  generator: string;
  /** Present when days were kept from an older release. */
  kept_days?: KeptProvenance | null;
  /** The SHA-256 of the levels file the players and rules followed (`levels.json`, shipped beside this file); absent in format 2. */
  levels_sha256?: string | null;
  /** How candidates were sampled, in words. */
  sampling: string;
  /** The scoring rule, in words. */
  scoring: string;
  /** The release seed. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  seed: number;
}

/** One day of `daily.json`. */
export interface DayEntry {
  /** Its three boards, in ascending empty count. */
  boards: BoardRecord[];
  /** The day's index in the cycle, 0 on the epoch. */
  day: number;
  /** Its weekday, `Mon` … `Sun`. */
  weekday: "Mon" | "Tue" | "Wed" | "Thu" | "Fri" | "Sat" | "Sun";
}

/** Display fields, kept apart from the answers. */
export interface Display {
  /** Dark's discs on the board. */
  dark_discs: number;
  /** Dark's legal moves, in square order (at least three: puzzle rule 2). */
  legal_moves: Square[];
  /** Light's discs on the board. */
  light_discs: number;
  /** Always `"X"`: Dark moves first on every puzzle board. */
  to_move: "X";
}

/** `endgame.json`. */
export interface EndgameFile {
  /** The boards, in file order. */
  boards: BoardRecord[];
  /** The data format's version number (`FORMAT`, now 4; 3 had no themes, 2 no `levels_sha256`). */
  format: 4;
  /** `discflip <version>`. */
  generator: string;
  /** The SHA-256 of the levels file the players and rules followed (`levels.json`, shipped beside this file); absent in format 2. */
  levels_sha256?: string | null;
  /** How candidates were sampled, in words. */
  sampling: string;
  /** The scoring rule, in words. */
  scoring: string;
  /** The release seed. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  seed: number;
}

/** One board as the game reads it. */
export interface GameBoard {
  /** The 64-character board string, Dark to move. */
  board: string;
  /** Empty squares (the board's size). */
  empties: 6 | 7 | 8 | 9 | 10 | 11 | 12;
  /** The board's id, as in the full record. */
  id: `e${"06" | "08" | "10" | "12"}-${string}`;
  /** The best final margin Dark can force (Dark wins: at least 1). */
  par: number;
  /** The one first move that reaches par. */
  par_move: Square;
  /** The themes the board shows, as in the full record. */
  themes: Theme[];
  /** The difficulty tier, 1 (easiest) to 5. */
  tier: 1 | 2 | 3 | 4 | 5;
}

/** `game-daily.json`. */
export interface GameDailyFile {
  /** Days in the cycle (420). */
  cycle_days: 420;
  /** Each day's trio in ascending empty count, day 0 first. */
  days: GameBoard[][];
  /** The date of day 0 (a Monday), `YYYY-MM-DD`. */
  epoch: `${number}-${number}-${number}`;
  /** The data format's version number (`FORMAT`, now 4). */
  format: 4;
  /** The SHA-256 of the levels file the boards were made under (`levels.json`). */
  levels_sha256: string;
  /** Every theme with its tip, in the order boards list them. */
  themes: ThemeTip[];
}

/** `game-endgame.json`. */
export interface GameEndgameFile {
  /** The boards in `endgame.json`'s order: by size, easiest first within a size. */
  boards: GameBoard[];
  /** The data format's version number (`FORMAT`, now 4). */
  format: 4;
  /** The SHA-256 of the levels file the boards were made under (`levels.json`). */
  levels_sha256: string;
  /** Every theme with its tip, in the order boards list them. */
  themes: ThemeTip[];
}

/** Where kept days came from (docs/release.md#keeping-published-days), `daily.json`'s `kept_days`. */
export interface KeptProvenance {
  /** The SHA-256 of the old `daily.json`. */
  from_daily_sha256: string;
  /** The old file's `generator`. */
  from_generator: string;
  /** The old file's `seed`. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  from_seed: number;
  /** Days in that range that were not kept, because they held a blocked board (docs/puzzles.md#the-blocklist): they have new trios. */
  replaced_days?: number[];
  /** The date given with `--through`. */
  through: `${number}-${number}-${number}`;
  /** Days 0 through this one were copied. */
  through_day: number;
}

export interface LevelsClub {
  /** Plies searched. */
  depth: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  /** Points per extra legal move (mover's minus opponent's). */
  mobility_weight: number;
  /** The window of the best within which the root move is picked at random (0: exact ties). */
  pick_window: number;
}

/** The file's shape; every object refuses unknown keys. The schema's ranges are [`Levels::check`]'s where a range says it (docs/formats.md#datalevelsjson). */
export interface LevelsFile {
  /** The levels file's format version (1). */
  format: 1;
  /** Level 1. */
  level1: LevelsLevel1;
  /** Level 2. */
  level2: LevelsLevel2;
  /** Level 3. */
  level3: LevelsClub;
  /** Level 4. */
  level4: LevelsClub;
  /** Level 5. */
  level5: LevelsLevel5;
  /** The reading's name, for people. */
  name: string;
  /** The computer's reply search limit in positions. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  reply_limit: number;
  /** The square tables. */
  squares: LevelsSquares;
}

export interface LevelsLevel1 {
  /** A random move with this probability (`4/5`), otherwise the biggest flip. */
  random_share: string;
}

export interface LevelsLevel2 {
  /** What an extra legal move counts after the move. */
  mobility: LevelsMobility;
  /** Points per extra legal move, whole hundredths. */
  mobility_weight: number;
  /** The wobble drawn per candidate. */
  wobble: LevelsWobble;
}

export interface LevelsLevel5 {
  /** Positions per move. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  budget: number;
  /** Empties from which Level 5 solves exactly. */
  exact_empties: number;
  /** Points per frontier disc. */
  frontier_weight: number;
  /** Empties from which parity counts. */
  parity_empties: number;
  /** Points for parity. */
  parity_weight: number;
  /** Points per settled disc. */
  settled_weight: number;
  /** The game's clock per move, in milliseconds (batch runs have none). */
  time_limit_ms: number;
}

export type LevelsMobility = "mover-minus-opponent" | "mover";

export interface LevelsSquares {
  /** 8 rows of 8 square values, row 1 (a1…h1) first, while the corner of the square's quadrant is empty. */
  corner_empty: number[][];
  /** The same once that corner is taken. */
  corner_taken: number[][];
  /** Where the square table comes from. */
  source: string;
}

export interface LevelsWobble {
  /** Its high end (exclusive). */
  high: number;
  /** Its low end (inclusive). */
  low: number;
  /** The distribution. */
  shape: LevelsWobbleShape;
}

export type LevelsWobbleShape = "uniform";

/** A move: a square by name, or `pass`. */
export type Move = `${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}` | "pass";

/** One legal first move of a board record (docs/formats.md#dataendgamejson-and-datadailyjson). */
export interface MoveRecord {
  /** Discs the move flips (a move flips 1 to 18). */
  flips: number;
  /** On a trap move (a biggest flip or Level 2's move) only: why it fails, the move and then perfect play by both sides to the end, each the first optimal move in square order, `"pass"` for a pass (docs/puzzles.md#the-why-of-every-trap). */
  line?: Move[] | null;
  /** The move. */
  move: Square;
  /** The computer's reply: optimal, first in square order among equals; `None` (`"pass"`) for a pass. */
  reply: Move;
  /** Positions the reply search used (a fresh search, root moves in square order). A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  reply_positions: number;
  /** Exact final margin (Dark − Light, empties for nobody) after this move with perfect play. */
  value: number;
}

/** A player: the bots and the game's five levels. */
export type Player = "random" | "flip-grabber" | "corner" | "level1" | "level2" | "level3" | "level4" | "level5";

/** Where a board came from (docs/puzzles.md#sampling). */
export interface Provenance {
  /** The candidate's index in its empty count's stream. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  candidate: number;
  /** Whether the colours were swapped to put Dark on move. */
  colours_swapped: boolean;
  /** The sampling player that played Dark. */
  dark_player: Player;
  /** The sampling player that played Light. */
  light_player: Player;
  /** How it was made: `"self-play"`. */
  method: "self-play";
  /** The candidate's derived random stream. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  seed: number;
}

/** A board's `solution` object (docs/formats.md#dataendgamejson-and-datadailyjson). */
export interface Solution {
  /** Dark turns with two or more legal moves along the first line. */
  decisions: number;
  /** The difficulty score, 0–100 (docs/puzzles.md#par-lines-and-difficulty). */
  difficulty: number;
  /** Each player's seeded tries as Dark against the perfect reply: level1 … level5, flip-grabber. */
  levels: Tries[];
  /** How many distinct par lines there are. A 64-bit integer: `JSON.parse` rounds values above 2^53. */
  line_count: number;
  /** The par lines (at most 50 are listed), in square order of Dark's moves, each a whole game: a move, or `None` (`"pass"`) for a pass. */
  lines: Move[][];
  /** Those of them where exactly one move keeps par (the first is one: puzzle rule 3). */
  only_moves: number;
  /** The chance that uniformly random Dark moves reach par against the perfect reply (6 decimals). */
  random_par_chance: number;
  /** The tier, 1 (easiest) to 5. */
  tier: 1 | 2 | 3 | 4 | 5;
}

/** A square by name: column a–h, row 1–8 (row 1 at the top). */
export type Square = `${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

/** A board's theme (docs/puzzles.md#themes). */
export type Theme = "corner" | "risky-square" | "edge" | "quiet" | "mobility" | "gives-corner" | "only-win" | "tempo" | "wipeout";

/** A theme and the help page's tip it exercises, for the game to show (docs/puzzles.md#themes). */
export interface ThemeTip {
  /** The theme. */
  name: Theme;
  /** Its tip, when the help page has one. */
  tip?: string | null;
}

/** How one player fared as Dark against the perfect reply. */
export interface Tries {
  /** Tries that reached par. */
  par: number;
  /** The player. */
  player: Player;
  /** Tries counted (always 20; a player that draws no random number plays once). */
  tries: number;
  /** Tries that won. */
  won: number;
}
