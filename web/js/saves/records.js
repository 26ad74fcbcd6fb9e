// Records in and out. Out: a hand as the engine's record (exactly what `python -m engine replay` reads) or a whole
// game (a wrapper around its hand records). In: a file from the picker or dropped on the page, checked here for
// size, nesting and shape, then checked and replayed by the engine, and opened in the hand review. A bad file gets
// a one-line reason; nothing imported is stored.
import { t } from "../i18n/i18n.js";
import { downloadJSON } from "./save-ui.js";

export const GAME_FORMAT = "mittlere-jass-game";
export const GAME_VERSION = 1;
const MAX_FILE_BYTES = 1_000_000;    // a 240-hand game is ~150 KB
const MAX_DEPTH = 16;                // a record nests 3 deep, a game wrapper 5

/** The deepest bracket nesting of a JSON text (strings skipped), without parsing it. */
export function jsonDepth(text) {
  let depth = 0, max = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++;                 // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) { depth++; if (depth > max) max = depth; if (max > MAX_DEPTH) return max; }
    else if (ch === 93 || ch === 125) depth--;
  }
  return max;
}

/**
 * The hand records in an imported text: a single record, a list of records or a game wrapper.
 * @returns {{ok: true, records: object[], names: string[]|null} | {ok: false, reason: string}}
 */
export function recordsFromText(text) {
  if (text.length > MAX_FILE_BYTES) return { ok: false, reason: t("import.tooLarge") };
  if (jsonDepth(text) > MAX_DEPTH) return { ok: false, reason: t("import.tooDeep") };
  let data;
  try { data = JSON.parse(text); } catch { return { ok: false, reason: t("import.notJson") }; }
  const isObj = (x) => x != null && typeof x === "object" && !Array.isArray(x);
  let records = null, names = null;
  if (isObj(data) && data.format === GAME_FORMAT) {
    if (data.version !== GAME_VERSION) return { ok: false, reason: t("import.version") };
    records = data.records;
    const n = data.setup?.names;
    if (Array.isArray(n) && [3, 4].includes(n.length) && n.every((x) => typeof x === "string" && x.length <= 40)) names = n;   // a seat each
  } else if (isObj(data) && "dealer" in data) records = [data];
  else if (Array.isArray(data)) records = data;
  if (!Array.isArray(records) || !records.length || !records.every(isObj)) return { ok: false, reason: t("import.notRecord") };
  return { ok: true, records, names };
}

/** Read a File (picker or drop) into hand records; the size is checked before reading. */
export async function recordsFromFile(file) {
  if (!file) return { ok: false, reason: t("import.notRecord") };
  if (file.size > MAX_FILE_BYTES) return { ok: false, reason: t("import.tooLarge") };
  let text;
  try { text = await file.text(); } catch { return { ok: false, reason: t("import.unreadable") }; }
  return recordsFromText(text);
}

/** A game wrapper: its setup and its finished hands' records (each one replayable on its own). */
export function gameFile(setup, records, results = null) {
  return { format: GAME_FORMAT, version: GAME_VERSION, setup, records, results };
}

export function downloadHand(record, label) {
  downloadJSON(`mittlere-jass-hand-${label}.json`, JSON.stringify(record));
}

export function downloadGame(game, label) {
  downloadJSON(`mittlere-jass-game-${label}.json`, JSON.stringify(game));
}
