"use strict";
// Playing a board as the game plays it (docs/review.md#playing-a-board): Dark
// against the computer's perfect reply, with the engine's WebAssembly module
// inlined in this page (docs/web.md). Undo, the result as par / won / not
// won, values on demand; mouse and keyboard. A Daily day plays its trio.
(function () {
  const panel = document.getElementById("play");
  const grid = document.getElementById("play-grid");
  const title = document.getElementById("play-title");
  const status = document.getElementById("play-status");
  const valuesBox = document.getElementById("play-values");
  const next = document.getElementById("play-next");
  let engine = null;
  let game = null; // { id, par, start, board, side, history: [boards before each Dark move], queue }

  async function load() {
    if (engine) return engine;
    const text = document.getElementById("engine-wasm").textContent.trim();
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    engine = await Engine.load(bytes);
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

  function draw() {
    const legal = game.side === "X" ? engine.legalMoves(game.board, "X") : [];
    const shownValues = valuesBox.checked && game.side === "X"
      ? Object.fromEntries(engine.moveValues(game.board, "X").map((m) => [m.move, m.value])) : {};
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

  function settle() {
    // The computer answers until Dark is to move or the game is over.
    while (game.side === "O") {
      const r = engine.reply(game.board, "O");
      ({ board: game.board, side: game.side } = engine.play(game.board, "O", r.move));
    }
    draw();
  }

  function move(square) {
    if (!game || game.side !== "X") return;
    let after;
    try {
      after = engine.play(game.board, "X", square);
    } catch (err) {
      status.textContent = err.message;
      return;
    }
    game.history.push(game.board);
    ({ board: game.board, side: game.side } = after);
    settle();
  }

  function undo() {
    if (!game || game.history.length === 0) return;
    game.board = game.history.pop();
    game.side = "X";
    draw();
  }

  async function open(list) {
    await load();
    const [first, ...rest] = list;
    game = { id: first.id, par: Number(first.par), board: first.board, side: "X", history: [], queue: rest };
    title.textContent = "Playing " + first.id + " (par " + (game.par > 0 ? "+" : "") + game.par + ")" +
      (rest.length ? ", then " + rest.length + " more" : "");
    panel.hidden = false;
    draw();
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
  document.getElementById("play-close").addEventListener("click", () => { panel.hidden = true; game = null; });
  valuesBox.addEventListener("change", () => game && draw());
  next.addEventListener("click", () => game && game.queue.length && open(game.queue));
  panel.addEventListener("keydown", (e) => {
    if (e.key === "u" || e.key === "U") undo();
    else if (e.key === "v" || e.key === "V") { valuesBox.checked = !valuesBox.checked; draw(); }
    else if (e.key === "Escape") document.getElementById("play-close").click();
  });
  window.reviewPlay = { load };
})();
