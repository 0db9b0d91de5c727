// The data files' types and their check (docs/web.md#the-data-files):
// `import { checkData } from "discflip-engine/data"`.
import type { DailyFile, EndgameFile, GameDailyFile, GameEndgameFile, LevelsFile } from "./discflip-data.js";
import type { Engine } from "./discflip.js";

export type * from "./discflip-data.js";

/** Each data file by name, with its type. */
export interface DataFiles {
  "endgame.json": EndgameFile;
  "daily.json": DailyFile;
  "game-endgame.json": GameEndgameFile;
  "game-daily.json": GameDailyFile;
  "levels.json": LevelsFile;
}

/** A data file's name. */
export type DataFileName = keyof DataFiles;

/** What verifyData found wrong: the schema's refusal, or a board's meaning. */
export type DataErrorCode = "schema" | "par" | "par-move" | "empties" | "duplicate-id" | "duplicate-board" | "day-sizes" | "levels";

/** What a data file holds that its schema refuses, or that its boards do not mean. */
export class DataError extends Error {
  readonly name: "DataError";
  /** What kind ("schema" for checkData's). */
  readonly code: DataErrorCode;
  /** The file's name. */
  readonly file: DataFileName;
  /** Where, as a JSON pointer ("/days/0/1/tier"; "" for the whole file). */
  readonly path: string;
  /** What is wrong ("must be at most 5, not 9"). */
  readonly reason: string;
}

/** `json` (the parsed file `name`) typed as its file, once its schema accepts it;
 *  otherwise throws a DataError. */
export function checkData<N extends DataFileName>(name: N, json: unknown): DataFiles[N];

/** The board files, which verifyData also checks for meaning. */
export type BoardFileName = Exclude<DataFileName, "levels.json">;

/** `json` (the parsed board file `name`) typed, once its schema accepts it and its
 *  boards mean what they say, checked with the engine: each par move legal and the
 *  board's value equal to par, `empties` true, ids and boards unique (boards under
 *  the 8 symmetries too), each Daily day's sizes its weekday's, `levels_sha256` the
 *  engine's. Otherwise throws a DataError naming the record and field. */
export function verifyData<N extends BoardFileName>(engine: Engine, name: N, json: unknown): DataFiles[N];

