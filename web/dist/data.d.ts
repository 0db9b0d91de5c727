// The data files' types and their check (docs/web.md#the-data-files):
// `import { checkData } from "discflip-engine/data"`.
import type { DailyFile, EndgameFile, GameDailyFile, GameEndgameFile, LevelsFile } from "./discflip-data.js";

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

/** What a data file holds that its schema refuses. */
export class DataError extends Error {
  readonly name: "DataError";
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
