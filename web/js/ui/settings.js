// Player preferences of the table (deck, motion, sound, touch...) and the Settings dialog that gathers them with
// the other lanes' settings. Every preference is validated when read back from storage and applied at once.
// Other modules add their own rows with `addSettingRow()` (a label, a one-line explanation, a control).
import { getLanguage, t } from "../i18n/i18n.js";

const KEY = "mittlere-jass.prefs.v1";

/** name -> {values | type: "bool", def}: the allowed values of each preference and its default. */
const SCHEMA = {
  deck: { values: ["auto", "swiss", "french"], def: "auto" },
  motion: { values: ["auto", "reduced", "full"], def: "auto" },
  sound: { type: "bool", def: false },
  vibrate: { type: "bool", def: false },
  livePoints: { type: "bool", def: true },
  autoForced: { type: "bool", def: false },
  tapRaise: { type: "bool", def: false },
  holdTrick: { type: "bool", def: false },
  tableHelp: { type: "bool", def: false },
  reactions: { type: "bool", def: true },
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

/** The deck to draw: the player's choice, else the Swiss pack when the game speaks German, the French one otherwise. */
export function deckFor(p = prefs, languages = [getLanguage()]) {
  if (p.deck !== "auto") return p.deck;
  return /^de\b/i.test(String(languages[0] || "")) ? "swiss" : "french";
}

/** Reduced motion: the player's choice, else the system's prefers-reduced-motion. */
export function reducedMotion(p = prefs) {
  if (p.motion !== "auto") return p.motion === "reduced";
  return !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Hints and undo may be used: always when one person plays on this device, at a table of `persons` people only
 *  when the setting allows (off by default, so no one peeks at another's cards through a hint). */
export const helpAllowed = (persons, p = prefs) => persons <= 1 || p.tableHelp;

/** Tap to raise, tap again (or swipe up) to play: a choice for touch screens; off, one tap plays. */
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
const rows = new Map();

/** Add (or replace) a row of the Settings dialog. */
export function addSettingRow(row) { rows.set(row.id, row); }

/** A <select> control over `values` with catalog labels `${prefix}.${value}`; onChange(value) applies it at once. */
export function selectControl(id, values, current, prefix, onChange) {
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

/** A checkbox control; onChange(checked) applies it at once. */
export function checkControl(id, checked, onChange) {
  const box = document.createElement("input");
  box.type = "checkbox"; box.id = id; box.checked = checked;
  box.addEventListener("change", () => onChange(box.checked));
  return box;
}

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
  const dlg = document.querySelector("#dlg-settings");
  renderRows(dlg.querySelector("#settings-body"));
  if (!dlg.open) dlg.showModal();
  dlg.querySelector("select, input")?.focus();
}

function applyMotionClass() { document.body.classList.toggle("reduced-motion", reducedMotion()); }

/**
 * The table lane's rows and the toolbar button. `speed`: {get, set} of the animation speed (the controller owns it).
 */
export function installSettings({ speed, speedNames }) {
  const bool = (id, order, name, get = () => prefs[name]) => addSettingRow({
    id, order, label: `settings.${name}`, help: `settings.${name}.help`,
    control: () => checkControl(id, get(), (on) => setPref(name, on)),
  });
  addSettingRow({
    id: "set-deck", order: 20, label: "settings.deck", help: "settings.deck.help",
    control: () => selectControl("set-deck", SCHEMA.deck.values, prefs.deck, "settings.deck", (v) => setPref("deck", v)),
  });
  addSettingRow({
    id: "set-speed", order: 30, label: "speed.label", help: "settings.speed.help",
    control: () => selectControl("set-speed", speedNames, speed.get(), "speed", (v) => speed.set(v)),
  });
  addSettingRow({
    id: "set-motion", order: 40, label: "settings.motion", help: "settings.motion.help",
    control: () => selectControl("set-motion", SCHEMA.motion.values, prefs.motion, "settings.motion", (v) => setPref("motion", v)),
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
