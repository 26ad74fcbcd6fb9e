// The player's bots, kept in localStorage: [{name, source}], the one open, and the arena's game and opponents (added
// with the family: a value saved before has none, and the lab starts with Mittlere and its default levels). Everything
// read back is shape-checked (a damaged or foreign entry is dropped, never trusted); the game and the levels are
// checked again against what the lab's engine offers before they are used (lab.js).
const KEY = "jass.lab.v1";
export const MAX_SOURCE = 200_000;     // characters of one bot's source
const MAX_BOTS = 50;
const MAX_NAME = 40;

export function cleanName(name) {
  return Array.from(String(name ?? "")).filter((ch) => ch.charCodeAt(0) >= 32).join("").trim().slice(0, MAX_NAME);
}

const valid = (b) => b && typeof b === "object" && typeof b.name === "string" && typeof b.source === "string"
  && cleanName(b.name) === b.name && b.name !== "" && b.source.length <= MAX_SOURCE;

const ID = /^[a-z][a-z0-9_]{0,23}$/;   // the shape of a game id or a level id
const MAX_OPPONENTS = 3;

/** {bots: [{name, source}], current: name|null, game: id|null, opponents: [id|null, …] (MAX_OPPONENTS)} */
export function loadBots() {
  let raw = null;
  try { raw = JSON.parse(localStorage.getItem(KEY) || "null"); } catch { raw = null; }
  const bots = [];
  for (const b of Array.isArray(raw?.bots) ? raw.bots : []) {
    if (valid(b) && !bots.some((x) => x.name === b.name) && bots.length < MAX_BOTS) bots.push({ name: b.name, source: b.source });
  }
  const current = typeof raw?.current === "string" && bots.some((b) => b.name === raw.current) ? raw.current : null;
  const game = typeof raw?.game === "string" && ID.test(raw.game) ? raw.game : null;
  const saved = Array.isArray(raw?.opponents) ? raw.opponents : [];
  const opponents = Array.from({ length: MAX_OPPONENTS }, (_, i) => (typeof saved[i] === "string" && ID.test(saved[i]) ? saved[i] : null));
  return { bots, current, game, opponents };
}

export function saveBots(state) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ bots: state.bots, current: state.current, game: state.game ?? null,
      opponents: state.opponents ?? [] }));
    return true;
  } catch { return false; }   // private mode or full: the bot stays in the editor
}

/** Put (or replace) a bot by name; the list keeps at most MAX_BOTS. */
export function putBot(state, name, source) {
  const i = state.bots.findIndex((b) => b.name === name);
  if (i >= 0) state.bots[i].source = source;
  else {
    if (state.bots.length >= MAX_BOTS) state.bots.shift();
    state.bots.push({ name, source });
  }
  state.current = name;
}

/** A name not used yet: base, base 2, base 3 … */
export function freeName(state, base) {
  const b = cleanName(base) || "bot";
  if (!state.bots.some((x) => x.name === b)) return b;
  for (let n = 2; ; n++) if (!state.bots.some((x) => x.name === `${b} ${n}`)) return `${b} ${n}`;
}
