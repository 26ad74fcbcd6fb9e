// Player preferences of the table (deck, motion, sound, touch...) and the Settings dialog that gathers them with
// the other lanes' settings. Every preference is validated when read back from storage and applied at once.
// Other modules add their own rows with `addSettingRow()` (a label, a one-line explanation, a control).

const KEY = "mittlere-jass.prefs.v1";

/** name -> {values | type: "bool", def}: the allowed values of each preference and its default. */
const SCHEMA = {
  deck: { values: ["auto", "swiss", "french"], def: "auto" },
  motion: { values: ["auto", "reduced", "full"], def: "auto" },
  sound: { type: "bool", def: false },
  vibrate: { type: "bool", def: false },
  livePoints: { type: "bool", def: false },
  autoForced: { type: "bool", def: false },
  tapRaise: { type: "bool", def: null },   // null: on for touch screens, off for mouse
};

function valid(name, v) {
  const s = SCHEMA[name];
  return s.type === "bool" ? typeof v === "boolean" : s.values.includes(v);
}

function load() {
  let saved;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  const p = {};
  for (const [name, s] of Object.entries(SCHEMA)) p[name] = saved && valid(name, saved[name]) ? saved[name] : s.def;
  return p;
}

/** URL overrides for this visit only, never saved (?deck=swiss&motion=reduced&sound=on): validated like storage. */
function urlPrefs(search = location.search) {
  const q = new URLSearchParams(search), o = {};
  for (const [name, s] of Object.entries(SCHEMA)) {
    if (!q.has(name)) continue;
    const raw = q.get(name), v = s.type === "bool" ? { on: true, off: false }[raw] : raw;
    if (valid(name, v)) o[name] = v;
  }
  return o;
}

/** The current preferences (read-only for other modules: change them with setPref). */
export const prefs = { ...load(), ...urlPrefs() };
const listeners = new Set();

/** Change a preference: validated, saved, and every listener told at once. */
export function setPref(name, value) {
  if (!(name in SCHEMA) || !valid(name, value)) return;
  prefs[name] = value;
  const saved = { ...load(), [name]: value };
  try { localStorage.setItem(KEY, JSON.stringify(saved)); } catch { /* storage unavailable: this visit only */ }
  for (const fn of listeners) fn(name, value);
}

/** Call fn(name, value) whenever a preference changes. */
export function onPrefChange(fn) { listeners.add(fn); }

/** The deck to draw: the player's choice, else the Swiss pack for German-speaking players, the French one otherwise. */
export function deckFor(p = prefs, languages = navigator.languages || [navigator.language || ""]) {
  if (p.deck !== "auto") return p.deck;
  return /^de\b/i.test(String(languages[0] || "")) ? "swiss" : "french";
}

/** Reduced motion: the player's choice, else the system's prefers-reduced-motion. */
export function reducedMotion(p = prefs) {
  if (p.motion !== "auto") return p.motion === "reduced";
  return !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Tap to raise, tap again to play: the player's choice, else on for touch screens. */
export function tapRaise(p = prefs) {
  if (p.tapRaise != null) return p.tapRaise;
  return !!window.matchMedia?.("(pointer: coarse)").matches;
}
