"use strict";
// Playing a board as the game plays it (docs/review.md#playing-a-board): Dark
// against the computer's perfect reply, with the engine's WebAssembly module
// inlined in this page (docs/web.md), run in a Web Worker (EngineWorker, its
// worker made from the engine's JavaScript inlined here too). Undo, the result
// as par / won / not won, values on demand; mouse and keyboard. A Daily day
// plays its trio. While the worker answers, the panel is aria-busy and
// ignores moves; closing it or opening another board cancels what runs.
(function () {
  const panel = document.getElementById("play");
  const grid = document.getElementById("play-grid");
  const title = document.getElementById("play-title");
  const status = document.getElementById("play-status");
  const valuesBox = document.getElementById("play-values");
  const next = document.getElementById("play-next");
  let engine = null;
  let busy = 0; // actions waiting for the worker
  let game = null; // { id, par, start, board, side, history: [boards before each Dark move], queue }

  async function load() {
    if (engine) return engine;
    const text = document.getElementById("engine-wasm").textContent.trim();
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const source = document.getElementById("engine-worker").textContent;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    engine = await EngineWorker.start({ module: bytes, worker: () => new Worker(url) });
    return engine;
  }

  const names = "abcdefgh";
  const squareName = (i) => names[i % 8] + String(Math.floor(i / 8) + 1);
  const count = (board, c) => [...board].filter((x) => x === c).length;

  function cells() {
    if (grid.children.length) return Array.from(grid.children);
    for (let i = 0; i < 64; i++) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.square = squareName(i);
      b.tabIndex = -1;
      b.addEventListener("click", () => move(b.dataset.square));
      b.addEventListener("keydown", keys);
      grid.appendChild(b);
    }
    return Array.from(grid.children);
  }

  function keys(e) {
    const i = cells().indexOf(e.target);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      const j = Math.min(63, Math.max(0, i + step));
      cells()[i].tabIndex = -1;
      cells()[j].tabIndex = 0;
      cells()[j].focus();
    }
  }

  /** Runs `work` as one action: the panel busy meanwhile; an error shown, a cancelled one not. */
  async function act(work) {
    busy += 1;
    panel.setAttribute("aria-busy", "true");
    try {
      await work();
    } catch (err) {
      if (err.code !== "cancelled") status.textContent = err.message;
    } finally {
      busy -= 1;
      if (busy === 0) panel.removeAttribute("aria-busy");
    }
  }

  async function draw() {
    const legal = game.side === "X" ? await engine.legalMoves(game.board, "X") : [];
    const shownValues = valuesBox.checked && game.side === "X"
      ? Object.fromEntries((await engine.moveValues(game.board, "X")).map((m) => [m.move, m.value])) : {};
    cells().forEach((b, i) => {
      const c = game.board[i];
      const name = squareName(i);
      const v = shownValues[name];
      b.className = c === "X" ? "dark" : c === "O" ? "light" : legal.includes(name) ? "legal" : "";
      b.textContent = v === undefined ? "" : (v > 0 ? "+" : "") + v;
      b.disabled = false;
      b.setAttribute("aria-label", name + ": " + (c === "X" ? "Dark" : c === "O" ? "Light" : legal.includes(name)
        ? "empty, legal move" + (v === undefined ? "" : ", value " + v) : "empty"));
    });
    if (!cells().some((b) => b.tabIndex === 0)) cells()[0].tabIndex = 0;
    const discs = "Dark " + count(game.board, "X") + ", Light " + count(game.board, "O");
    if (game.side === null) {
      const margin = count(game.board, "X") - count(game.board, "O");
      const result = margin === game.par ? "par" : margin > 0 ? "won" : "not won";
      status.textContent = "Game over: " + result + " (margin " + (margin > 0 ? "+" : "") + margin + ", par " +
        (game.par > 0 ? "+" : "") + game.par + "). " + discs + ".";
      status.dataset.result = result;
      next.hidden = game.queue.length === 0;
    } else {
      status.textContent = "Your move (Dark). " + discs + ".";
      delete status.dataset.result;
      next.hidden = true;
    }
  }

  async function settle() {
    // The computer answers until Dark is to move or the game is over.
    while (game.side === "O") {
      const r = await engine.reply(game.board, "O");
      ({ board: game.board, side: game.side } = await engine.play(game.board, "O", r.move));
    }
    await draw();
  }

  function move(square) {
    if (!game || game.side !== "X" || busy) return;
    act(async () => {
      const after = await engine.play(game.board, "X", square);
      game.history.push(game.board);
      ({ board: game.board, side: game.side } = after);
      await settle();
    });
  }

  function undo() {
    if (!game || game.history.length === 0 || busy) return;
    game.board = game.history.pop();
    game.side = "X";
    act(draw);
  }

  function redraw() {
    if (game && !busy) act(draw);
  }

  async function open(list) {
    if (engine) engine.cancel();
    await act(load);
    const [first, ...rest] = list;
    game = { id: first.id, par: Number(first.par), board: first.board, side: "X", history: [], queue: rest };
    title.textContent = "Playing " + first.id + " (par " + (game.par > 0 ? "+" : "") + game.par + ")" +
      (rest.length ? ", then " + rest.length + " more" : "");
    panel.hidden = false;
    await act(draw);
    cells().find((b) => b.tabIndex === 0).focus();
  }

  const ofButton = (b) => ({ id: b.dataset.id, board: b.dataset.board, par: b.dataset.par });
  document.addEventListener("click", (e) => {
    const b = e.target instanceof Element ? e.target.closest("button.play, button.play-day") : null;
    if (!b) return;
    if (b.classList.contains("play")) open([ofButton(b)]);
    else open(Array.from(document.querySelectorAll('#cards .card[data-day="' + b.dataset.day + '"] button.play')).map(ofButton));
  });
  document.getElementById("play-undo").addEventListener("click", undo);
  document.getElementById("play-close").addEventListener("click", () => {
    if (engine) engine.cancel();
    panel.hidden = true;
    game = null;
  });
  valuesBox.addEventListener("change", redraw);
  next.addEventListener("click", () => game && game.queue.length && open(game.queue));
  panel.addEventListener("keydown", (e) => {
    if (e.key === "u" || e.key === "U") undo();
    else if (e.key === "v" || e.key === "V") { valuesBox.checked = !valuesBox.checked; redraw(); }
    else if (e.key === "Escape") document.getElementById("play-close").click();
  });
  window.reviewPlay = { load };
})();
