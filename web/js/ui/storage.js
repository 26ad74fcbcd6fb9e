// Settings persisted in localStorage (guarded: private modes may refuse storage).
import { seatsOfBots, seatsOfOldSettings, validName, validSeats } from "../game/seats.js";

const KEY = "mittlere-jass.settings.v1";
export const SPEED_NAMES = ["slow", "normal", "fast", "instant"];

/**
 * Saved settings, shape-checked: a value of the wrong type is dropped (hands and the seats then take the engine's
 * defaults, see boot.js); whether a number of hands, a bot level or a seed is valid is the engine's to say.
 */
export function loadSettings() {
  let saved;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { saved = null; }
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) saved = {};
  return {
    speed: SPEED_NAMES.includes(saved.speed) ? saved.speed : "normal",
    hands: Number.isInteger(saved.hands) ? saved.hands : null,
    // the game of the family last chosen (the engine's hello says which exist; an unknown one plays Mittlere)
    game: typeof saved.game === "string" && /^[a-z]{1,20}$/.test(saved.game) ? saved.game : "mittlere",
    // who sits where (game/seats.js): three or four seats (a game of three takes the first three); settings written
    // before they held one list keep their `bots` and `people` as such a list
    seats: validSeats(saved.seats, { names: true }) ?? seatsOfOldSettings(saved.bots, saved.people),
    seed: typeof saved.seed === "string" ? saved.seed.slice(0, 1000) : "",
    rules: validRules(saved.rules),
    gameRules: validGameRules(saved.gameRules),
    name: validName(saved.name) ?? "",
  };
}

/** The rule variants of the other games of the family, per game id: flags of a boolean or a short text each (the
 *  engine checks the values), else null (each game's defaults). */
function validGameRules(r) {
  if (!r || typeof r !== "object" || Array.isArray(r)) return null;
  const out = {};
  for (const [game, flags] of Object.entries(r)) {
    if (!/^[a-z]{1,20}$/.test(game) || !flags || typeof flags !== "object" || Array.isArray(flags)) continue;
    const ok = Object.entries(flags).filter(([k, v]) => /^[a-z_]{1,40}$/.test(k) && (typeof v === "boolean" || (typeof v === "string" && v.length <= 20)));
    if (ok.length) out[game] = Object.fromEntries(ok);
  }
  return Object.keys(out).length ? out : null;
}

/** The rule variants as saved: {undertrump_when_void: boolean, no_trump: string} or null (the engine's defaults). */
function validRules(r) {
  if (!r || typeof r !== "object" || Array.isArray(r)) return null;
  if (typeof r.undertrump_when_void !== "boolean" || typeof r.no_trump !== "string" || r.no_trump.length > 20) return null;
  return { undertrump_when_void: r.undertrump_when_void, no_trump: r.no_trump };
}

export function saveSettings(s) {
  try {
    const { speed, game, hands, seats, seed, rules, gameRules, name } = s;
    localStorage.setItem(KEY, JSON.stringify({ speed, game, hands, seats, seed, rules, gameRules, name }));
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
  if (q.has("bots")) o.seats = seatsOfBots(q.get("bots").split(",").slice(0, 3));   // bots in every seat
  // the game of the family (?game=molotow): for this visit; an unknown one plays Mittlere with a notice (boot.js)
  if (q.has("game")) o.game = q.get("game").slice(0, 40);
  return o;
}
