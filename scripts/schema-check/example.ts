// How the game reads the data files, checked by `tsc --noEmit` against the
// generated declarations (scripts/check-schema): each file taken as its
// declaration (an assertion: TypeScript reads a JSON import's strings as
// `string`, not as squares or player names; a renamed, missing or retyped
// field still fails), then the fields a game screen uses. Without an
// assertion, the game checks the file with the engine package's
// `checkData` (discflip-engine/data, docs/web.md#the-data-files), which
// scripts/check-package type-checks.
import type { BoardRecord, DailyFile, EndgameFile, GameBoard, GameDailyFile, GameEndgameFile, Move, Square } from "./discflip-data";
import endgameJson from "./data/endgame.json";
import dailyJson from "./data/daily.json";
import gameEndgameJson from "./data/game-endgame.json";
import gameDailyJson from "./data/game-daily.json";

const endgame = endgameJson as EndgameFile;
const daily = dailyJson as DailyFile;
const gameEndgame = gameEndgameJson as GameEndgameFile;
const gameDaily = gameDailyJson as GameDailyFile;

function describe(b: BoardRecord): string {
  const par: number = b.par;
  const move: Square = b.par_move;
  const replies: Move[] = b.moves.map((m) => m.reply);
  const tier: number | undefined = b.solution?.tier;
  return `${b.id} ${b.empties} empties: par ${par} by ${move} (${replies.length} first moves, tier ${tier ?? "?"})`;
}

export const firstEndgame: string = describe(endgame.boards[0]);
export const today: string[] = daily.days[0].boards.map(describe);
export const epoch: string = daily.epoch;

// The compact files: what a game screen needs, and nothing more.
function tile(b: GameBoard): string {
  return `${b.id}: ${b.empties} empties, par ${b.par} by ${b.par_move}, tier ${b.tier}`;
}
export const firstTile: string = tile(gameEndgame.boards[0]);
export const todayTiles: string[] = gameDaily.days[0].map(tile);
export const cycle: number = gameDaily.cycle_days;
