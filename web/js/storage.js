// Settings persisted in localStorage (guarded: private modes may refuse storage).
const KEY = "mittlere-jass.settings.v1";
export const SPEED_NAMES = ["slow", "normal", "fast", "instant"];
export const HAND_CHOICES = [3, 6, 9, 12, 24];
const DEFAULTS = { speed: "normal", hands: 12, bots: ["normal", "normal"], seed: "" };

export function loadSettings() {
  let saved;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  const s = { ...DEFAULTS, ...saved };
  if (!SPEED_NAMES.includes(s.speed)) s.speed = DEFAULTS.speed;
  if (!HAND_CHOICES.includes(Number(s.hands))) s.hands = DEFAULTS.hands;
  s.hands = Number(s.hands);
  if (!Array.isArray(s.bots) || s.bots.length !== 2) s.bots = [...DEFAULTS.bots];
  if (typeof s.seed !== "string") s.seed = "";
  return s;
}

export function saveSettings(s) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ speed: s.speed, hands: s.hands, bots: s.bots, seed: s.seed }));
  } catch { /* storage unavailable: settings last for this visit only */ }
}

/** Forget the saved settings ("Reset settings" on the error screen). */
export function clearSettings() {
  try { localStorage.removeItem(KEY); } catch { /* storage unavailable: nothing saved */ }
}

/** URL overrides (?speed=instant&hands=3&seed=7&bots=random,normal): for this visit only, never saved. */
export function urlOverrides(search = location.search) {
  const q = new URLSearchParams(search);
  const o = {};
  if (SPEED_NAMES.includes(q.get("speed"))) o.speed = q.get("speed");
  // hands and seed are checked by the engine (a refusal falls back to the defaults with a notice)
  if (q.has("hands")) o.hands = /^\d{1,9}$/.test(q.get("hands")) ? Number(q.get("hands")) : q.get("hands");
  if (q.has("seed")) o.seed = q.get("seed");
  if (q.has("bots")) o.bots = q.get("bots").split(",").slice(0, 3);
  return o;
}
