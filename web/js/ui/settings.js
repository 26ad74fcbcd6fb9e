// @ts-check
// Player preferences of the table (deck, motion, sound, touch...) and the Settings dialog that gathers them with
// the other lanes' settings. Every preference is validated when read back from storage and applied at once.
// Other modules add their own rows with `addSettingRow()` (a label, a one-line explanation, a control).
import { getLanguage, t } from "../i18n/i18n.js";

const KEY = "mittlere-jass.prefs.v1";

/**
 * The player's preferences (SCHEMA: their values and defaults).
 * @typedef {object} Prefs
 * @property {string} deck        "auto", "swiss" or "french"
 * @property {string} motion      "auto", "reduced" or "full"
 * @property {boolean} sound
 * @property {boolean} vibrate
 * @property {boolean} livePoints
 * @property {boolean} autoForced
 * @property {boolean} tapRaise
 * @property {boolean} holdTrick
 * @property {boolean} tableHelp
 * @property {boolean} reactions
 */
/** @typedef {keyof Prefs} PrefName */
/** @typedef {{[K in PrefName]: Prefs[K] extends boolean ? K : never}[PrefName]} BoolPrefName */
/** @typedef {{type: "bool", def: boolean} | {type: "choice", values: string[], def: string}} PrefSchema */
/** @typedef {(name: PrefName, value: Prefs[PrefName]) => void} PrefListener */

const DECKS = ["auto", "swiss", "french"], MOTIONS = ["auto", "reduced", "full"];
/** @type {Record<PrefName, PrefSchema>} name -> {type: "choice", values | type: "bool", def}: the allowed values of each preference and its default. */
const SCHEMA = {
  deck: { type: "choice", values: DECKS, def: "auto" },
  motion: { type: "choice", values: MOTIONS, def: "auto" },
  sound: { type: "bool", def: false },
  vibrate: { type: "bool", def: false },
  livePoints: { type: "bool", def: true },
  autoForced: { type: "bool", def: false },
  tapRaise: { type: "bool", def: false },
  holdTrick: { type: "bool", def: false },
  tableHelp: { type: "bool", def: false },
  reactions: { type: "bool", def: true },
};

/** @param {string} name @param {unknown} v */
function valid(name, v) {
  const s = SCHEMA[/** @type {PrefName} */ (name)];
  return s.type === "bool" ? typeof v === "boolean" : s.values.includes(/** @type {string} */ (v));
}

/** @returns {Prefs} */
function load() {
  /** @type {Record<string, unknown>} */
  let saved;
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  /** @type {Record<string, unknown>} */
  const p = {};
  for (const [name, s] of Object.entries(SCHEMA)) p[name] = saved && valid(name, saved[name]) ? saved[name] : s.def;
  return /** @type {Prefs} */ (p);
}

/** URL overrides for this visit only, never saved (?deck=swiss&motion=reduced&sound=on): validated like storage. */
function urlPrefs(search = location.search) {
  /** @type {Partial<Prefs>} */
  const o = {};
  const q = new URLSearchParams(search), onOff = /** @type {Record<string, boolean>} */ ({ on: true, off: false });
  for (const [name, s] of Object.entries(SCHEMA)) {
    if (!q.has(name)) continue;
    const raw = q.get(name) ?? "", v = s.type === "bool" ? onOff[raw] : raw;
    if (valid(name, v)) /** @type {Record<string, unknown>} */ (o)[name] = v;
  }
  return o;
}

/** @type {Prefs} The current preferences (read-only for other modules: change them with setPref). */
export const prefs = { ...load(), ...urlPrefs() };
/** @type {Set<PrefListener>} */
const listeners = new Set();

/**
 * Change a preference: validated, saved, and every listener told at once.
 * @template {PrefName} K
 * @param {K} name
 * @param {Prefs[K]} value
 */
function setPref(name, value) {
  if (!(name in SCHEMA) || !valid(name, value)) return;
  prefs[name] = value;
  const saved = { ...load(), [name]: value };
  try { localStorage.setItem(KEY, JSON.stringify(saved)); } catch { /* storage unavailable: this visit only */ }
  for (const fn of listeners) fn(name, value);
}

/** Call fn(name, value) whenever a preference changes. @param {PrefListener} fn */
export function onPrefChange(fn) { listeners.add(fn); }

/**
 * The deck to draw: the player's choice, else the Swiss pack when the game speaks German, the French one otherwise.
 * @param {Pick<Prefs, "deck">} [p]
 * @param {readonly unknown[]} [languages]
 */
export function deckFor(p = prefs, languages = [getLanguage()]) {
  if (p.deck !== "auto") return p.deck;
  return /^de\b/i.test(String(languages[0] || "")) ? "swiss" : "french";
}

/** Reduced motion: the player's choice, else the system's prefers-reduced-motion. @param {Pick<Prefs, "motion">} [p] */
export function reducedMotion(p = prefs) {
  if (p.motion !== "auto") return p.motion === "reduced";
  return !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Hints and undo may be used: always when one person plays on this device, at a table of `persons` people only
 *  when the setting allows (off by default, so no one peeks at another's cards through a hint).
 *  @param {number} persons @param {Pick<Prefs, "tableHelp">} [p] */
export const helpAllowed = (persons, p = prefs) => persons <= 1 || p.tableHelp;

/** Tap to raise, tap again (or swipe up) to play: a choice for touch screens; off, one tap plays. @param {Pick<Prefs, "tapRaise">} [p] */
export function tapRaise(p = prefs) { return p.tapRaise; }

// ------------------------------------------------------------------------------------------------ the dialog
/**
 * Rows of the Settings dialog, in `order`. Each lane adds its own with addSettingRow(); the slots in use:
 * 10 language (i18n lane), 20 deck, 30 speed, 40 motion, 50 sound, 60 vibration, 70 live points,
 * 80 auto-play forced cards, 85 hold the trick until a click, 90 tap to raise, 95 hints and undo at a table of
 * people, 100 undo (save lane). Leave gaps for
 * new rows.
 * @typedef {object} SettingRow
 * @property {string} id        the control's element id (unique)
 * @property {number} order     position in the dialog
 * @property {string} label     catalog key of the label
 * @property {string} help      catalog key of the one-line explanation
 * @property {() => HTMLElement} control  builds the control (a <select> or an <input type=checkbox>), set to now
 */
/** @type {Map<string, SettingRow>} */
const rows = new Map();

/** Add (or replace) a row of the Settings dialog. @param {SettingRow} row */
export function addSettingRow(row) { rows.set(row.id, row); }

/**
 * A <select> control over `values` with catalog labels `${prefix}.${value}`; onChange(value) applies it at once.
 * @param {string} id @param {readonly string[]} values @param {string} current @param {string} prefix
 * @param {(value: string) => void} onChange
 */
function selectControl(id, values, current, prefix, onChange) {
  const sel = document.createElement("select");
  sel.id = id;
  for (const v of values) {
    const o = document.createElement("option");
    o.value = v; o.textContent = t(`${prefix}.${v}`); o.selected = v === current;
    sel.append(o);
  }
  sel.addEventListener("change", () => onChange(sel.value));
  return sel;
}

/** A checkbox control; onChange(checked) applies it at once.
 *  @param {string} id @param {boolean} checked @param {(checked: boolean) => void} onChange */
function checkControl(id, checked, onChange) {
  const box = document.createElement("input");
  box.type = "checkbox"; box.id = id; box.checked = checked;
  box.addEventListener("change", () => onChange(box.checked));
  return box;
}

/** @param {Element} body */
function renderRows(body) {
  const list = [...rows.values()].sort((a, b) => a.order - b.order);
  body.replaceChildren(...list.map((r) => {
    const wrap = document.createElement("div");
    wrap.className = "setting";
    wrap.dataset.setting = r.id;
    const control = r.control();
    const label = document.createElement("label");
    label.htmlFor = r.id;
    label.textContent = t(r.label);
    const help = document.createElement("p");
    help.className = "help";
    help.id = `${r.id}-help`;
    help.textContent = t(r.help);
    control.setAttribute("aria-describedby", help.id);
    wrap.append(label, control, help);
    return wrap;
  }));
}

/** Open the Settings dialog (rows built fresh, so they show the current values). */
export function openSettings() {
  const dlg = /** @type {HTMLDialogElement} */ (document.querySelector("#dlg-settings"));
  renderRows(/** @type {Element} */ (dlg.querySelector("#settings-body")));
  if (!dlg.open) dlg.showModal();
  /** @type {HTMLElement|null} */ (dlg.querySelector("select, input"))?.focus();
}

function applyMotionClass() { document.body.classList.toggle("reduced-motion", reducedMotion()); }

/**
 * The table lane's rows and the toolbar button. `speed`: {get, set} of the animation speed (the controller owns it).
 * @param {{speed: {get(): string, set(name: string): void}, speedNames: readonly string[]}} deps
 */
export function installSettings({ speed, speedNames }) {
  /** @param {string} id @param {number} order @param {BoolPrefName} name @param {() => boolean} [get] */
  const bool = (id, order, name, get = () => prefs[name]) => addSettingRow({
    id, order, label: `settings.${name}`, help: `settings.${name}.help`,
    control: () => checkControl(id, get(), (on) => setPref(name, on)),
  });
  addSettingRow({
    id: "set-deck", order: 20, label: "settings.deck", help: "settings.deck.help",
    control: () => selectControl("set-deck", DECKS, prefs.deck, "settings.deck", (v) => setPref("deck", v)),
  });
  addSettingRow({
    id: "set-speed", order: 30, label: "speed.label", help: "settings.speed.help",
    control: () => selectControl("set-speed", speedNames, speed.get(), "speed", (v) => speed.set(v)),
  });
  addSettingRow({
    id: "set-motion", order: 40, label: "settings.motion", help: "settings.motion.help",
    control: () => selectControl("set-motion", MOTIONS, prefs.motion, "settings.motion", (v) => setPref("motion", v)),
  });
  bool("set-sound", 50, "sound");
  bool("set-vibrate", 60, "vibrate");
  bool("set-live", 70, "livePoints");
  bool("set-forced", 80, "autoForced");
  bool("set-hold", 85, "holdTrick");
  bool("set-tap", 90, "tapRaise", () => tapRaise());
  bool("set-table-help", 95, "tableHelp");
  bool("set-reactions", 97, "reactions");
  applyMotionClass();
  onPrefChange(applyMotionClass);
  window.matchMedia?.("(prefers-reduced-motion: reduce)").addEventListener?.("change", applyMotionClass);
  document.querySelector("#btn-settings")?.addEventListener("click", openSettings);
}
