// The module against the shipped data (docs/web.md#agreement-tested): for
// every board, every first move's exact value, the computer's reply and its
// position count as data/ records them, and one par line played to the end.
// Shared by the Node test (node-agreement.mjs) and the browser test
// (scripts/check-web.cjs), so both check exactly the same.

/** Every board of both sets, Endgame first, then the Daily days in order. */
export function boardsOf(endgame, daily) {
  return [...endgame.boards, ...daily.days.flatMap((d) => d.boards)];
}

const squareIndex = (name) => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);

/** What differs between the module and one board record (empty: they agree). */
export function checkBoard(engine, rec) {
  const bad = [];
  const say = (what) => bad.push(`${rec.id}: ${what}`);
  const values = engine.moveValues(rec.board, "X");
  const want = rec.moves
    // The data's values are Dark − Light, and Dark moves: both fields are the value.
    .map((m) => ({ move: m.move, value: m.value, darkMinusLight: m.value }))
    .sort((a, b) => b.value - a.value || squareIndex(a.move) - squareIndex(b.move));
  if (JSON.stringify(values) !== JSON.stringify(want)) {
    say(`move values ${JSON.stringify(values)}, data ${JSON.stringify(want)}`);
  }
  for (const m of rec.moves) {
    const after = engine.play(rec.board, "X", m.move);
    const reply = engine.reply(after.board, "O");
    if (reply.move !== m.reply) say(`${m.move}: reply ${reply.move}, data ${m.reply}`);
    if (reply.positions !== m.reply_positions) say(`${m.move}: reply positions ${reply.positions}, data ${m.reply_positions}`);
  }
  // One par line: Dark plays the first move keeping par, Light the reply.
  let board = rec.board;
  let side = "X";
  let plies = 0;
  while (side !== null && plies < 64) {
    let move;
    if (side === "X") {
      const keep = engine.moveValues(board, "X").find((v) => v.value === rec.par);
      if (!keep) {
        say(`par line: no move keeps par ${rec.par} after ${plies} plies`);
        return bad;
      }
      move = keep.move;
    } else {
      move = engine.reply(board, "O").move;
    }
    ({ board, side } = engine.play(board, side, move));
    plies += 1;
  }
  const margin = [...board].filter((c) => c === "X").length - [...board].filter((c) => c === "O").length;
  if (margin !== rec.par) say(`par line ends with margin ${margin}, par ${rec.par}`);
  return bad;
}

/** Checks every board; `{ boards, disagreements }`. */
export function checkAll(engine, endgame, daily) {
  const boards = boardsOf(endgame, daily);
  const disagreements = boards.flatMap((rec) => checkBoard(engine, rec));
  return { boards: boards.length, disagreements };
}
