// Who sits where, as one list: the settings, the saves' setups and `new_game` all hold the table as the engine's
// `seats` (docs/seats.md): one entry per seat from seat 0 (the page's player, {kind: "me"}), each other seat
// {kind: "bot", level}, {kind: "person"} (pass-and-play), {kind: "remote"} (a friend on their own device) or
// {kind: "outside"} (the bot lab's bot). The settings' entries may carry more: a person's `name`, and the `level` a
// person's seat keeps for a later game with a bot there; `engineSeats` leaves those out.

const LEVEL = /^[a-z0-9_-]{1,40}$/;
const NAME_MAX = 40;   // a shape check only: the engine's hello has the real limit (the dialog cuts names to it)

/** A player's name as stored: trimmed text of 1..NAME_MAX characters, else null. */
export function validName(n) {
  return typeof n === "string" && n.trim() && n.length <= NAME_MAX ? n.trim() : null;
}

/** A bot seat of `level` ("outside": the lab's bot). */
const botSeat = (level) => (level === "outside" ? { kind: "outside" } : { kind: "bot", level });

/** The table from the older form, a level per other seat (share links, the lab, URLs, older saves and settings). */
export const seatsOfBots = (bots) => [{ kind: "me" }, ...bots.map(botSeat)];

/**
 * A stored table (settings or a save's setup), shape-checked: 3 or 4 entries, seat 0 the player, every other seat a
 * bot of a level (text; the engine says whether it exists), a person (with a name in the settings, optionally the
 * level it keeps), a friend, or the lab's bot. Null for anything else.
 * @param {unknown} s
 * @param {{names?: boolean}} [opts]  names: people carry their name (the settings; a save keeps names apart)
 * @returns {object[] | null}
 */
export function validSeats(s, { names = false } = {}) {
  if (!Array.isArray(s) || ![3, 4].includes(s.length) || !s.every((x) => x && typeof x === "object" && !Array.isArray(x))) return null;
  const levelOk = (x, needed) => (x.level === undefined ? !needed : typeof x.level === "string" && LEVEL.test(x.level));
  const ok = s.every((x, i) => {
    if (i === 0) return x.kind === "me";
    if (x.kind === "bot") return levelOk(x, true);
    if (x.kind === "person") return levelOk(x, false) && (names ? !!validName(x.name) : x.name === undefined);
    if (x.kind === "remote") return levelOk(x, false);
    return x.kind === "outside";
  });
  if (!ok) return null;
  return s.map((x) => {
    const y = { kind: x.kind };
    if (x.level !== undefined) y.level = x.level;
    if (x.kind === "person" && names) y.name = validName(x.name);
    return y;
  });
}

/**
 * The table of the settings written before they held one list: `bots` (2 or 3 levels) and `people` (a name or null per
 * other seat). Null when `bots` is not such a list (the engine's defaults then).
 */
export function seatsOfOldSettings(bots, people) {
  if (!Array.isArray(bots) || ![2, 3].includes(bots.length) || !bots.every((b) => typeof b === "string" && LEVEL.test(b))) return null;
  const named = Array.isArray(people) && people.length === bots.length ? people.map(validName) : [];
  return [{ kind: "me" }, ...bots.map((level, k) => (named[k] ? { kind: "person", name: named[k], level } : { kind: "bot", level }))];
}

/**
 * The table of a game of `n` seats from a stored one: cut to `n`, or, from a game of three's table, a fourth seat
 * taking the first other seat's level. A table too short to extend (a URL's one level) is returned as it is: the
 * engine says what is wrong with it.
 */
export function tableFor(seats, n, fallbackLevel = "normal") {
  if (seats.length >= n) return seats.slice(0, n);
  if (seats.length < 3) return seats;
  const first = seats[1];
  const level = first.kind === "outside" ? "outside" : first.level ?? fallbackLevel;
  return [...seats, ...Array.from({ length: n - seats.length }, () => botSeat(level))];
}

/** The seats as the engine takes them: a person's name and a person's kept level left out. */
export const engineSeats = (seats) => seats.map((x) => (["bot", "remote"].includes(x.kind) && x.level !== undefined
  ? { kind: x.kind, level: x.level } : { kind: x.kind }));

/** Only bots (ours or the lab's) sit with the player. */
export const botsOnly = (seats) => seats.slice(1).every((x) => x.kind === "bot" || x.kind === "outside");

/** What sits at each other seat, for the history and share links: a bot's level ("outside": the lab's), or
 *  `person` for a person at this device or a friend (the names say who). */
export const levelsOf = (seats) => seats.slice(1).map((x) => (x.kind === "bot" ? x.level : x.kind === "outside" ? "outside" : "person"));

/** The table from what the history keeps (`levelsOf`'s list): a person where it says `person`. */
export const seatsOfLevels = (levels) => [{ kind: "me" }, ...levels.map((x) => (x === "person" ? { kind: "person" } : botSeat(x)))];

/**
 * A save's setup in today's form: its table as `seats`. A setup written before saves held one list has `bots` (a
 * level per other seat) and, with people at the table, `seats` beside them: `bots` goes. Null for a setup that has
 * neither in a readable shape.
 */
export function currentSetup(setup) {
  const seats = setup.seats != null ? validSeats(setup.seats)
    : Array.isArray(setup.bots) && [2, 3].includes(setup.bots.length) && setup.bots.every((b) => typeof b === "string" && b.length <= 40)
      ? seatsOfBots(setup.bots) : null;
  if (!seats || (Array.isArray(setup.bots) && setup.bots.length !== seats.length - 1)) return null;
  const rest = { ...setup, seats };
  delete rest.bots;
  return rest;
}
