// History and statistics: finished and abandoned games kept in localStorage (validated when read), figures per bot
// level and per hand, and a chart of the net score (hand by hand in the last game, and across recent games).
import { fmtDate, fmtNumber, levelName, signed, t } from "../i18n/i18n.js";
import { gameInfo, humanSeat } from "../game/store.js";
import { levelsOf } from "../game/seats.js";
import { el } from "../ui/dom.js";

const KEY = "mittlere-jass.history";
const VERSION = 1;
const MAX_GAMES = 200;
const KEEP_RECORDS = 30;     // the newest games keep their hand records (for the review); older ones only figures

const isObj = (x) => x != null && typeof x === "object" && !Array.isArray(x);
const ints = (a, n) => Array.isArray(a) && a.length === n && a.every(Number.isInteger);

/** A stored game: of three seats (Mittlere; no `game`) or four (Molotow, Plus-Minus), every list one per seat. */
function validEntry(g) {
  const n = isObj(g) && Array.isArray(g.net) ? g.net.length : 0;
  return isObj(g) && typeof g.id === "string" && g.id.length <= 40 && ["finished", "abandoned"].includes(g.status)
    && (g.game == null || (typeof g.game === "string" && /^[a-z]{1,20}$/.test(g.game))) && [3, 4].includes(n)
    && Number.isInteger(g.hands_total) && Array.isArray(g.bots) && g.bots.length === n - 1 && g.bots.every((b) => typeof b === "string" && b.length <= 40)
    && ints(g.net, n) && Array.isArray(g.results)
    && g.results.every((r) => isObj(r) && typeof r.case === "string" && ints(r.settlement, n) && ints(r.card_points, n) && ints(r.tricks, n))
    && (g.records == null || Array.isArray(g.records));
}

/** Where a stored history this version cannot read is kept (a key per one set aside, by the time it was). */
const ASIDE = `${KEY}.unreadable.`;

/**
 * The stored history as read: `games`, our valid entries; `others`, entries this version does not know (kept as they
 * are when it is written again); `text`, the stored text when the history as a whole is unreadable (damaged, or
 * another version's), else null.
 */
function readStored() {
  let text = null;
  try { text = localStorage.getItem(KEY); } catch { /* storage unavailable: no history */ }
  if (text == null) return { games: [], others: [], text: null };
  let data;
  try { data = JSON.parse(text); } catch { data = null; }
  if (!isObj(data) || data.version !== VERSION || !Array.isArray(data.games)) return { games: [], others: [], text };
  return { games: data.games.filter(validEntry), others: data.games.filter((g) => !validEntry(g)), text: null };
}

/** The stored games, newest first (entries that do not look like ours are left out, and kept in storage). */
export function loadHistory() {
  return readStored().games;
}

/** Keep an unreadable history's text under a key of its own before a new one is written: false when it cannot be
 *  kept (storage full), and then nothing is written over it. */
function setAside(text) {
  try {
    if (unreadableHistories().some((x) => x.text === text)) return true;
    localStorage.setItem(ASIDE + new Date().toISOString(), text);
    return true;
  } catch { return false; }
}

/** The unreadable histories kept aside, oldest first: `{key, text, at}` (the time it was set aside). */
export function unreadableHistories() {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(ASIDE)) found.push({ key, text: localStorage.getItem(key) ?? "", at: key.slice(ASIDE.length) });
    }
  } catch { /* storage unavailable */ }
  return found.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Set an unreadable stored history aside now (the Games dialog offers it before any game is kept). */
export function keepUnreadable() {
  const { text } = readStored();
  if (text != null) setAside(text);
}

/** Forget an unreadable history kept aside (the player downloaded it, or does not want it). */
export function dropUnreadable(key) {
  if (!key.startsWith(ASIDE)) return;
  try { localStorage.removeItem(key); } catch { /* nothing stored */ }
}

function store(games, others = []) {
  games.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  games = games.slice(0, MAX_GAMES).map((g, i) => (i < KEEP_RECORDS ? g : { ...g, records: null }));
  try { localStorage.setItem(KEY, JSON.stringify({ version: VERSION, games: [...games, ...others] })); return true; } catch { return false; }
}

/** Add or update a game (by id); a finished game is never turned back into an abandoned one. A stored history this
 *  version cannot read is set aside first (the Games dialog offers it), never written over. */
export function recordGame(entry) {
  const { games, others, text } = readStored();
  if (text != null && !setAside(text)) return false;
  const i = games.findIndex((g) => g.id === entry.id);
  if (i >= 0 && games[i].status === "finished" && entry.status !== "finished") return false;
  if (i >= 0) games[i] = entry; else games.push(entry);
  return store(games, others);
}

/** "Reset statistics": forget the stored games (an unreadable history is set aside first, as always). */
export function resetHistory() {
  const { text } = readStored();
  if (text != null && !setAside(text)) return;
  try { localStorage.removeItem(KEY); } catch { /* nothing stored */ }
}

/** What sat at the other seats in the history: a bot's level, or PERSON for a person (at this device, pass-and-play,
 *  or a friend on their own device; the entry's `names` say who): game/seats.js's `levelsOf`. */
export const PERSON = "person";

/** A history entry for a game: its setup, the view's standings and hand results, its records. */
export function entryOf({ id, setup, view, history, records, status, shared = false, undo = false }) {
  // a person at this device, or a friend on their own device (play together): a person, not the bot level
  const bots = levelsOf(setup.seats);
  return {
    id, status, ended_at: new Date().toISOString(), ...(setup.game ? { game: setup.game } : {}), hands_total: setup.hands, bots, seed: setup.seed,
    names: setup.names ?? null, net: [...view.scores.net], winners: view.winners ?? null, shared, undo,
    results: history.map((h) => ({ case: h.case, settlement: [...h.settlement], card_points: [...h.card_points], tricks: [...h.tricks] })),
    records: records ?? null,
  };
}

/**
 * A history entry seen from `seat`: that seat becomes seat 0 (the player's, whose statistics these are) and the
 * others follow in playing order; hand records, results, net, winners and names turn with it (a friend's page keeps
 * the game it played at the host's table this way).
 */
export function entryFromSeat(entry, seat) {
  const n = entry.net.length;   // the game's seats
  const turn = (a) => (Array.isArray(a) && a.length === n ? a.map((_, i) => a[(i + seat) % n]) : a);
  const back = (s) => (s - seat + n) % n;
  return {
    ...entry, net: turn(entry.net), names: turn(entry.names), winners: entry.winners?.map(back) ?? null,
    results: entry.results.map((r) => ({ ...r, settlement: turn(r.settlement), card_points: turn(r.card_points), tricks: turn(r.tricks) })),
    records: entry.records?.map((r) => ({ ...r, dealer: back(r.dealer), hands: turn(r.hands) })) ?? null,
  };
}

/** A game counts in the statistics once a hand of it was played to the end (an annulled hand, dealt again, is not
 *  one): a game left before that is no game won or lost. `g`: a history entry, or anything with the hand results. */
export const countsAsGame = (g) => handsPlayed(g.results) > 0;
/** The hands of `results` played to the end (an annulled hand is dealt again: it is none). */
export const handsPlayed = (results) => results.filter((r) => r.case !== "annulled").length;

/** Figures for the player (seat `me`: the engine's human seat): per bot level and over every hand. */
export function statistics(games, me = humanSeat()) {
  const levels = new Map();
  const all = { hands: 0, middle: 0, noTrick: 0, over100: 0, match: 0 };
  for (const g of games.filter(countsAsGame)) {
    // per game of the family and the levels played against (Mittlere's figures as before)
    const bots = [...new Set(g.bots)], key = (g.game && g.game !== "mittlere" ? `${g.game}: ` : "") + bots.join(" + ");
    const s = levels.get(key) ?? { key, game: g.game ?? "mittlere", bots, games: 0, wins: 0, hands: 0, strokes: 0 };
    s.games += 1;
    if (g.status === "finished" && g.winners?.includes(me)) s.wins += 1;
    for (const r of g.results) {
      if (r.case === "annulled") continue;
      s.hands += 1;
      s.strokes += r.settlement[me];
      all.hands += 1;
      if (r.case === "ranking" && r.settlement[me] < 0) all.middle += 1;
      if (r.tricks[me] === 0) all.noTrick += 1;
      if (r.card_points[me] >= gameInfo(g.game).hundred) all.over100 += 1;   // the game's "100 or more" (hello)
      if (r.case === "match" && r.settlement[me] > 0) all.match += 1;
    }
    levels.set(key, s);
  }
  return { levels: [...levels.values()], all };
}

/**
 * A line chart (SVG) of a series of integers, with the zero line and its axes: the values at the left (lowest,
 * zero, highest), the first and last step below, each axis named (`axes`: {x, y} in the player's words).
 * @param {number[]} values
 * @param {string} label  the chart's title (its accessible name)
 * @param {{x: string, y: string, from?: number}} axes  `from`: the number of the first step (0: the start)
 */
export function chart(values, label, axes) {
  const W = 320, H = 150, left = 40, right = 12, top = 20, bottom = 34, from = axes.from ?? 1;
  const lo = Math.min(0, ...values), hi = Math.max(0, ...values), span = hi - lo || 1;
  const x = (i) => left + (values.length > 1 ? (i * (W - left - right)) / (values.length - 1) : (W - left - right) / 2);
  const y = (v) => H - bottom - ((v - lo) * (H - top - bottom)) / span;
  const svg = el("svg", { svg: true, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, class: "chart", width: W, height: H });
  const text = (tx, ty, s, anchor, cls) => svg.append(el("text", { svg: true, x: tx, y: ty, "text-anchor": anchor, class: cls, text: s }));
  svg.append(el("line", { svg: true, x1: left, x2: left, y1: top, y2: H - bottom, class: "axis" }),
    el("line", { svg: true, x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: "axis" }),
    el("line", { svg: true, x1: left, x2: W - right, y1: y(0), y2: y(0), stroke: "#9ab", "stroke-dasharray": "4 3" }));
  for (const v of new Set([lo, 0, hi])) text(left - 5, y(v) + 4, v ? signed(v) : fmtNumber(0), "end", "tick");
  const last = from + values.length - 1;
  text(x(0), H - bottom + 14, fmtNumber(from), "middle", "tick");
  if (values.length > 1) text(x(values.length - 1), H - bottom + 14, fmtNumber(last), "middle", "tick");
  text((left + W - right) / 2, H - 4, axes.x, "middle", "axis-label");
  text(4, 12, axes.y, "start", "axis-label");
  svg.append(el("polyline", { svg: true, points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", stroke: "#ffd54f", "stroke-width": 2 }));
  values.forEach((v, i) => svg.append(el("circle", { svg: true, cx: x(i), cy: y(v), r: 3, fill: v < 0 ? "#ef9a9a" : "#a5d6a7" })));
  return svg;
}

/** Another game of the family than Mittlere is named before its figures ("Molotow (4 players): "). */
const gamePrefix = (game) => (game && game !== "mittlere" ? t("field.label", { name: t(`game.${game}`) }) : "");

const pct = (n, d) => (d ? fmtNumber(n / d, { style: "percent", maximumFractionDigits: 0 }) : "–");

/** The statistics section: figures per bot level, how hands ended, and the charts. */
export function statisticsSection(games, current) {
  const me = humanSeat();
  const { levels, all } = statistics(games, me);
  const botsText = (s) => gamePrefix(s.game) + s.bots.map((b) => (b === PERSON ? t("stats.person") : levelName(b))).join(" + ");
  const rows = levels.map((s) => el("tr", { "data-bots": s.key },
    el("th", { scope: "row", text: botsText(s) }), el("td", { text: fmtNumber(s.games) }),
    el("td", { text: fmtNumber(s.wins) }),
    el("td", { text: s.hands ? signed(s.strokes / s.hands, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : "–" })));
  /** @type {Element[]} */
  const out = [
    el("table", { class: "summary", id: "stats-levels" },
      el("thead", {}, el("tr", {}, ["stats.bots", "stats.games", "stats.wins", "stats.mean"].map((k) => el("th", { scope: "col", text: t(k) })))),
      el("tbody", {}, rows.length ? rows : el("tr", {}, el("td", { colspan: 4, text: t("stats.none") })))),
    el("p", { id: "stats-hands", "data-hands": all.hands, text: t("stats.hands", {
      n: all.hands, middle: pct(all.middle, all.hands), noTrick: pct(all.noTrick, all.hands),
      over100: pct(all.over100, all.hands), match: pct(all.match, all.hands) }) }),
  ];
  const perHand = current?.results ?? games.find(countsAsGame)?.results;
  if (perHand?.length) {
    let sum = 0;
    out.push(el("h3", { text: t("stats.chartGame") }), chart([0, ...perHand.map((r) => (sum += r.settlement[me]))], t("stats.chartGame"),
      { x: t("stats.axisHands"), y: t("stats.axisNet"), from: 0 }));
  }
  const recent = games.filter(countsAsGame).slice(0, 20).reverse().map((g) => g.net[me]);
  if (recent.length > 1) {
    out.push(el("h3", { text: t("stats.chartGames") }),
      chart(recent, t("stats.chartGames"), { x: t("stats.axisGames"), y: t("stats.axisNet") }));
  }
  return out;
}

/** One row per stored game: date, length, bots, result; `actions(game)` gives its buttons. */
export function historyList(games, actions) {
  const me = humanSeat();
  if (!games.length) return [el("p", { text: t("history.empty") })];
  // data-label: the column's name, shown before each value where a phone lays a game out as a block (save.css)
  const cols = ["history.date", "history.hands", "stats.bots", "history.result"].map((k) => t(k));
  const label = (i) => t("field.label", { name: cols[i] });
  // the other seats: a person by the name they had, a bot by its level; "(undo)" when the game was played with it
  const seatsText = (g) => g.bots.map((b, k) => (b === PERSON ? g.names?.[k + 1] ?? t("stats.person") : levelName(b))).join(", ")
    + (g.undo ? ` ${t("history.undo")}` : "");
  return [el("table", { class: "summary", id: "history-list" },
    el("thead", {}, el("tr", {}, [...cols, ""].map((text) => el("th", { scope: "col", text })))),
    el("tbody", {}, games.map((g) => el("tr", { "data-game": g.id, "data-status": g.status },
      el("td", { "data-label": label(0), class: "when", text: fmtDate(new Date(g.ended_at ?? g.id)) }),
      el("td", { "data-label": label(1), text: gamePrefix(g.game) + `${handsPlayed(g.results)} / ${g.hands_total}` }),
      el("td", { "data-label": label(2), text: seatsText(g) }),
      el("td", { "data-label": label(3), text: g.status === "abandoned" ? t("history.abandoned", { net: signed(g.net[me]) })
        : t(g.winners?.includes(me) ? "history.won" : "history.lost", { net: signed(g.net[me]) }) }),
      el("td", { class: "game-actions" }, actions(g))))))];
}
