// Usage: node daily.mjs DATA [DISCFLIP]
// The package's day rule (docs/formats.md#the-day-of-a-date) held to the data and the CLI:
// every day of DATA/daily.json is the day dailyDay gives its own date (the epoch plus its
// index, computed here apart from the package) and a cycle before and after, that date's
// weekday is the entry's, and dailyDate gives the date back; game-daily.json's schedule
// says the same. A Date is read by its local date: the first and last second of a local day
// give that day (run it under several TZ values). With DISCFLIP, `DISCFLIP daily --date D
// --data DATA` names the same day for every date of a cycle and every third date of the
// cycles before and after it. Exit 1 on any disagreement.
import { readFileSync } from "node:fs";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { dailyDay, dailyDate } from "discflip-engine";

const [data, discflip] = process.argv.slice(2);
const daily = JSON.parse(readFileSync(path.join(data, "daily.json"), "utf8"));
const game = JSON.parse(readFileSync(path.join(data, "game-daily.json"), "utf8"));
const NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]; // getUTCDay's order
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };

const [ey, em, ed] = daily.epoch.split("-").map(Number);
/** The epoch plus n days, as a UTC calendar date. */
const plus = (n) => new Date(Date.UTC(ey, em - 1, ed + n));
const iso = (d) => d.toISOString().slice(0, 10);
check(daily.days.length === daily.cycle_days, `daily.json has ${daily.days.length} days, cycle_days ${daily.cycle_days}`);
check(game.epoch === daily.epoch && game.cycle_days === daily.cycle_days, "game-daily.json's schedule is daily.json's");
const cycle = daily.cycle_days;
let dates = 0;
daily.days.forEach((entry, i) => {
  check(entry.day === i, `entry ${i} is day ${entry.day}`);
  for (const shift of [-cycle, 0, cycle]) {
    const date = plus(i + shift);
    const text = iso(date);
    for (const schedule of [daily, game]) {
      check(dailyDay(schedule, text) === i, `${text}: dailyDay ${dailyDay(schedule, text)}, daily.json's day ${i}`);
    }
    check(NAMES[date.getUTCDay()] === entry.weekday, `${text} is a ${NAMES[date.getUTCDay()]}, day ${i} a ${entry.weekday}`);
    check(dailyDate(daily, i, text) === text, `dailyDate(day ${i}, ${text}) is ${dailyDate(daily, i, text)}`);
    // The same calendar date as a local Date, at the first and last second of the day.
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    for (const local of [new Date(y, m, d, 0, 0, 0), new Date(y, m, d, 23, 59, 59)]) {
      check(dailyDay(daily, local) === i, `local ${local.toString()}: dailyDay ${dailyDay(daily, local)}, want ${i}`);
    }
    dates++;
  }
});
for (const bad of ["2025-02-30", "2025-1-6", "tomorrow", "", new Date(NaN)]) {
  let threw = null;
  try { dailyDay(daily, bad); } catch (e) { threw = e; }
  check(threw instanceof RangeError, `dailyDay(${JSON.stringify(String(bad))}) throws a RangeError: ${threw}`);
}
console.log(`daily: ${dates} dates (${cycle} days, a cycle before and after) agree with daily.json, ` +
  `in time zone ${Intl.DateTimeFormat().resolvedOptions().timeZone}`);

if (discflip) {
  const run = promisify(execFile);
  const asked = [];
  for (let n = -cycle; n < 2 * cycle; n++) if ((n >= 0 && n < cycle) || n % 3 === 0) asked.push(n);
  let next = 0;
  async function worker() {
    while (next < asked.length) {
      const n = asked[next++];
      const text = iso(plus(n));
      const { stdout } = await run(discflip, ["daily", "--date", text, "--data", data]);
      const m = /^(\S+) is day (\d+) \((\w+)\)/.exec(stdout);
      const want = dailyDay(daily, text);
      check(m && m[1] === text && Number(m[2]) === want, `discflip daily --date ${text}: "${stdout.split("\n")[0]}", dailyDay ${want}`);
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
  console.log(`daily: discflip daily --date agrees on ${asked.length} dates (${cycle} of a cycle, every third of the cycles before and after)`);
}
for (const f of failures.slice(0, 20)) console.error(`FAIL ${f}`);
if (failures.length) {
  console.error(`daily: ${failures.length} failed`);
  process.exit(1);
}
