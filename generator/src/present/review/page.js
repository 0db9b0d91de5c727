"use strict";
// Filters, the Daily calendar and its dates in the current cycle. No network.
// Runs in the page's module script, after the engine's JavaScript (dailyDay, dailyDate).
(function () {
  const cards = Array.from(document.querySelectorAll("#cards .card"));
  const shown = document.getElementById("shown");
  const f = {
    set: document.getElementById("f-set"),
    size: document.getElementById("f-size"),
    weekday: document.getElementById("f-weekday"),
    tier: document.getElementById("f-tier"),
    theme: document.getElementById("f-theme"),
  };
  if (!cards.some((c) => c.dataset.tier)) {
    f.tier.disabled = true;
    f.tier.title = "This data has no difficulty yet";
  }
  let day = null;
  function apply() {
    let n = 0;
    for (const c of cards) {
      const d = c.dataset;
      const ok = (day === null || d.day === day) &&
        (!f.set.value || d.set === f.set.value) &&
        (!f.size.value || d.size === f.size.value) &&
        (!f.weekday.value || d.weekday === f.weekday.value) &&
        (!f.tier.value || d.tier === f.tier.value) &&
        (!f.theme.value || d.themes.split(" ").includes(f.theme.value));
      c.hidden = !ok;
      if (ok) n++;
    }
    shown.textContent = n + " of " + cards.length + " boards shown";
  }
  for (const el of Object.values(f)) el.addEventListener("change", () => { day = null; press(null); apply(); });
  document.getElementById("f-clear").addEventListener("click", () => {
    for (const el of Object.values(f)) el.value = "";
    day = null; press(null); apply();
  });

  // Calendar: day d of the cycle that holds today on this computer's clock, by the
  // engine package's day rule (dailyDay, dailyDate: docs/formats.md#the-day-of-a-date).
  const days = document.getElementById("days");
  const schedule = { epoch: days.dataset.epoch, cycle_days: Number(days.dataset.cycle) };
  const names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const buttons = Array.from(days.querySelectorAll("button"));
  const dateOf = (d) => dailyDate(schedule, d);
  buttons[dailyDay(schedule)]?.setAttribute("aria-current", "date");
  for (const b of buttons) {
    const d = Number(b.dataset.day);
    b.setAttribute("aria-label", "Day " + d + ", " + names[d % 7] + " " + dateOf(d));
    b.title = names[d % 7] + " " + dateOf(d);
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => choose(d));
    b.addEventListener("keydown", (e) => {
      const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
      if (step === undefined) return;
      e.preventDefault();
      const next = buttons[Math.min(buttons.length - 1, Math.max(0, d + step))];
      next.focus();
    });
  }
  function press(d) {
    for (const b of buttons) b.setAttribute("aria-pressed", String(Number(b.dataset.day) === d));
  }
  function choose(d) {
    for (const el of Object.values(f)) el.value = "";
    day = String(d);
    press(d);
    apply();
    document.getElementById("day-shown").textContent =
      "Day " + d + ": " + names[d % 7] + " " + dateOf(d) + " in the current cycle, its three boards shown beside the calendar.";
    const playDay = document.getElementById("play-day");
    playDay.dataset.day = day;
    playDay.hidden = false;
    const trio = document.getElementById("day-trio");
    trio.replaceChildren(...cards.filter((c) => c.dataset.day === day).map((c) => {
      const copy = c.cloneNode(true);
      copy.hidden = false;
      return copy;
    }));
  }
  // A card's disclosure, built when it first opens: the move table, then the
  // difficulty sentence and the par lines.
  document.addEventListener("toggle", (e) => {
    const d = e.target;
    if (!(d instanceof HTMLDetailsElement) || !d.open || d.dataset.built || !d.dataset.moves) return;
    const table = document.createElement("table");
    const row = (cells, tag) => {
      const tr = table.insertRow();
      for (const text of cells) tr.appendChild(document.createElement(tag)).textContent = text;
    };
    row(["move", "value", "flips", "reply"], "th");
    for (const m of d.dataset.moves.split(",")) row(m.split(" "), "td");
    d.appendChild(table);
    if (d.dataset.traps) {
      d.appendChild(document.createElement("p")).textContent = "Why the traps fail (perfect play after each):";
      const ul = d.appendChild(document.createElement("ul"));
      ul.className = "traps";
      for (const why of d.dataset.traps.split("|")) ul.appendChild(document.createElement("li")).textContent = why;
    }
    if (d.dataset.about) {
      const about = d.appendChild(document.createElement("p"));
      about.className = "about";
      about.textContent = d.dataset.about;
      const ol = d.appendChild(document.createElement("ol"));
      for (const line of d.dataset.lines.split("|")) ol.appendChild(document.createElement("li")).textContent = line;
    }
    d.dataset.built = "1";
  }, true);
  // Blocklist marking: a card's "Block…" button asks for a reason; the
  // marked boards become lines for data/blocklist.txt, ready to copy.
  const blLines = document.getElementById("bl-lines");
  const blCount = document.getElementById("bl-count");
  const marked = new Map();
  document.addEventListener("click", (e) => {
    const b = e.target instanceof Element ? e.target.closest("button.block") : null;
    if (!b) return;
    const id = b.dataset.id;
    if (marked.has(id)) {
      marked.delete(id);
    } else {
      const why = (window.prompt("Why block " + id + "? The reason goes into blocklist.txt.", "") || "").trim();
      if (!why) return;
      marked.set(id, why.replace(/\s+/g, " "));
    }
    for (const x of document.querySelectorAll('button.block[data-id="' + id + '"]')) {
      x.setAttribute("aria-pressed", String(marked.has(id)));
    }
    blLines.value = Array.from(marked, ([k, v]) => k + "  " + v + "\n").join("");
    blCount.textContent = String(marked.size);
  });
  document.getElementById("bl-copy").addEventListener("click", () => {
    blLines.select();
    if (navigator.clipboard) navigator.clipboard.writeText(blLines.value).catch(() => document.execCommand("copy"));
    else document.execCommand("copy");
  });
  apply();
  window.reviewReady = performance.now();
})();
