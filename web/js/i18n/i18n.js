// The one owner of user-visible text: t(key, params) looks the key up in the player's language (web/js/locales/*.js),
// picks plural forms with Intl.PluralRules and formats numbers with Intl.NumberFormat. Rules come from the engine.
// Only the player's catalog is loaded (a dynamic import at start-up); another one when it is chosen (chooseLanguage).
import { isViewer, youSeat } from "../game/store.js";
import { LANGUAGE_NAMES, PLAYER_NAMES } from "./names.js";

/** The languages, in the order the language menu lists them. */
export const LANGUAGES = Object.keys(LANGUAGE_NAMES);
/** The catalogs loaded so far (loadCatalog), by language. */
export const CATALOGS = {};
const STORE_KEY = "mittlere-jass.lang";
/** Test-only pseudo-locale (?lang=xx): every English string made ~40% longer with accents, to check layouts. */
const PSEUDO = "xx";

/** @type {Record<string, string>} suit letter -> the French sign */
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** The locale for Intl and <html lang>: the catalogs are written for Swiss usage (1'234.5, 1,5 in fr-CH). */
const LOCALE = { en: "en", de: "de-CH", fr: "fr-CH", it: "it-CH", ja: "ja", [PSEUDO]: "en-XA" };
const intlLocale = () => (lang === PSEUDO ? "en" : LOCALE[lang]);
const known = (code) => Object.hasOwn(LANGUAGE_NAMES, code ?? "");

let lang = "en";
let switches = 0;   // setLanguage calls so far (textsVersion)
let table = {};
// The language's plural rules and number format, made on first use. A page's first Intl object loads ICU's data:
// 15-200 ms on Lighthouse's 4x slower CPU (the first new Intl.NumberFormat of a fresh page, three samples). Made at
// this module's evaluation, that was most of the module graph's one long task at first paint; a task of its own,
// right after it, makes them instead (or the first t() / fmtNumber() call, if that comes first).
let plural = null;
let numbers = null;
const pluralRules = () => (plural ??= new Intl.PluralRules(intlLocale()));
const numberFormat = () => (numbers ??= new Intl.NumberFormat(intlLocale()));
setTimeout(() => { numberFormat(); pluralRules(); }, 0);
const listeners = new Set();

/** The URL of a language's catalog module (the service worker keeps the ones the player used); by default the one
 *  in use (the pseudo-locale's is English). */
export const catalogURL = (code = lang === PSEUDO ? "en" : lang) => new URL(`./locales/${code}.js`, import.meta.url).href;

/** -> a promise of `code`'s catalog, imported once (a failed import, e.g. offline, may be tried again). */
const loading = {};
export function loadCatalog(code) {
  if (CATALOGS[code]) return Promise.resolve(CATALOGS[code]);
  loading[code] ??= import(`./locales/${code}.js`).then((m) => (CATALOGS[code] = m.default),
    (err) => { delete loading[code]; throw err; });
  return loading[code];
}

/** The first of the browser's preferred languages that has a catalog (de-CH -> de, gsw -> de), else English. */
export function detectLanguage(prefs = globalThis.navigator?.languages || [globalThis.navigator?.language]) {
  for (const p of prefs || []) {
    const base = String(p || "").toLowerCase().split(/[-_]/)[0];
    if (known(base)) return base;
    if (base === "gsw") return "de";   // Swiss German
  }
  return "en";
}

function saved() {
  try { const v = localStorage.getItem(STORE_KEY); return known(v) ? v : null; } catch { return null; }
}
function remember(code) {
  try { localStorage.setItem(STORE_KEY, code); } catch { /* storage unavailable: this visit only */ }
}

/** ?lang=de for this visit only (tests, links); validated against the catalogs. */
function fromUrl() {
  try {
    const v = new URLSearchParams(location.search).get("lang");
    return v && (known(v) || v === PSEUDO) ? v : null;
  } catch { return null; }
}

/** The language to start in: the URL, else the remembered choice, else the browser's (remembered then). */
function startLanguage() {
  const url = fromUrl();
  let code = url ?? saved();
  if (!code) { code = detectLanguage(); remember(code); }
  return code;
}
// the start-up language's catalog is asked for as soon as this module runs, beside the rest of the page's modules
const first = (() => { const code = startLanguage(); return { code, p: loadCatalog(code === PSEUDO ? "en" : code) }; })();
first.p.catch(() => {});

/** Load and switch to the start-up language (another one if its catalog cannot be loaded: offline and never kept). */
export async function initLanguage() {
  let code = first.code;
  try {
    await first.p;
  } catch (err) {
    code = null;
    for (const other of ["en", ...LANGUAGES]) {
      if (await loadCatalog(other).then(() => true, () => false)) { code = other; break; }
    }
    if (!code) throw err;
  }
  setLanguage(code, { persist: false });
  return lang;
}

/** Switch language (a menu choice is remembered); listeners redraw what they show. Its catalog must be loaded:
 *  chooseLanguage loads it first. */
export function setLanguage(code, { persist = true } = {}) {
  switches += 1;
  if (code === PSEUDO) { table = pseudoCatalog(); lang = PSEUDO; }
  else { lang = CATALOGS[code] ? code : "en"; table = CATALOGS[lang] ?? {}; if (persist) remember(lang); }
  plural = numbers = null;   // the new language's, made on first use
  document.documentElement.lang = LOCALE[lang];
  for (const f of listeners) f(lang);
}
/** A menu choice: load `code`'s catalog, then switch (remembered). -> false when it cannot be loaded (offline). */
export async function chooseLanguage(code) {
  try { await loadCatalog(code); } catch { return false; }
  setLanguage(code);
  return true;
}
export function getLanguage() { return lang; }
/** Which texts `t` gives now: the language and how many switches it has seen (0 before the first catalog is in).
 *  What caches text drawn with `t` (the card faces' corner indices) keys by it: the same language code before and
 *  after its catalog arrived is not the same text. */
export function textsVersion() { return `${lang}#${switches}`; }
/** Has a catalog been put in place yet (texts drawn before that are the fallback's)? */
export function catalogReady() { return switches > 0; }
/** `key` in the language `code` whose catalog is loaded (English where it lacks the key): the names a page gave in
 *  the language before a switch. */
export function tIn(code, key, params = {}) {
  const s = CATALOGS[code]?.[key] ?? CATALOGS.en?.[key];
  if (typeof s !== "string") return key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** Call `f(lang)` after every language switch. */
export function onLanguageChange(f) { listeners.add(f); return () => listeners.delete(f); }

/** Intl writes the hyphen-minus in these languages; a negative figure gets the minus sign (−), as `signed` has. */
const minus = (s) => s.replace(/-(?=\d)/, "\u2212");
/** A number in the player's locale (digits, separators, − for negatives); `opts` as Intl.NumberFormat's. */
export function fmtNumber(n, opts) {
  return minus(opts ? new Intl.NumberFormat(intlLocale(), opts).format(n) : numberFormat().format(n));
}
/** A date (and time) in the player's locale.
 * @param {Date|number} d
 * @param {Intl.DateTimeFormatOptions} [opts] */
export function fmtDate(d, opts = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(intlLocale(), opts).format(d);
}

/** Does the catalog of the current language have `key`? */
export function has(key) { return key in table || key in (CATALOGS.en ?? {}); }

/**
 * The text of `key` in the current language with {placeholders} filled from `params`.
 * Numbers are formatted for the locale; a plural entry picks its form from params.n (or params.count, when {n} is
 * given already formatted, e.g. with a fixed number of decimals).
 */
export function t(key, params = {}) {
  let s = table[key] ?? CATALOGS.en?.[key];
  if (s == null) return key;
  if (typeof s === "object") s = s[pluralRules().select(Number(params.count ?? params.n))] ?? s.other;
  return s.replace(/\{(\w+)\}/g, (m, k) => {
    if (!(k in params)) return m;
    const v = params[k];
    return typeof v === "number" ? fmtNumber(v) : String(v);
  });
}

/**
 * A sentence about a player: the human seat reads "You play…", "Du spielst…" (the catalog's `key.you`),
 * the others "{name} plays…" — verbs agree with their subject in every language.
 */
export function tSeat(key, seat, params = {}) { return tYou(key, isViewer(seat), params); }

/** The seat whose name is the one this game gives the player ("You", "Du"… in any language), else null: a game file's
 *  own player. */
export function playerSeatByName(names) {
  const mine = new Set(Object.values(PLAYER_NAMES));
  const i = (names ?? []).findIndex((n) => mine.has(n));
  return i < 0 ? null : i;
}

/** `key`'s second-person form (`key.you`) when `you` is true and the catalog has one, else `key` itself. */
export function tYou(key, you, params = {}) { return t(you && has(`${key}.you`) ? `${key}.you` : key, params); }

export function cardSuit(code) { return code[0]; }
export function cardRank(code) { return code.slice(1); }

let deck = "french";
/** The pack on the table ("swiss" | "french"): suit and court names in sentences follow the cards the player sees. */
export function setDeck(d) { deck = d === "swiss" ? "swiss" : "french"; }
export function getDeck() { return deck; }

/** A text that names cards or suits: its `.swiss` form (Under, Ober, Schellen…) when the Swiss pack is on the table. */
export function tDeck(key, params = {}) {
  return t(deck === "swiss" && has(`${key}.swiss`) ? `${key}.swiss` : key, params);
}

/**
 * The one name of a card (an engine code such as "SQ") in words: `short` for compact lists ("♠Q"), else the long
 * form for sentences and screen readers ("Queen of spades", word order per language).
 */
export function nameCard(code, { short = false } = {}) {
  const s = cardSuit(code), r = cardRank(code);
  if (short) {   // the corner index of the cards on the table: ♠D in German, ♠V in French; "Rosen O" for the Swiss pack
    return deck === "swiss" ? t("card.short.swiss", { suit: suitName(s), rank: cardIndex(deck, r) }) : (SUIT_SYMBOL[s] ?? s) + cardIndex(deck, r);
  }
  const rk = deck === "swiss" && has(`rank.swiss.${r}`) ? `rank.swiss.${r}` : `rank.${r}`;
  const suit = suitName(s);   // "ober d’écussons": the catalog's form before a vowel
  return t(/^[aeiouyéèêàâîôûœ]/i.test(suit) ? "card.name.vowel" : "card.name", { rank: has(rk) ? t(rk) : r, suit });
}
/** The corner index of a card of `pack` ("swiss" | "french"): the catalog's letter for a court, digits as they are. */
export function cardIndex(pack, rank) {
  if (/^\d+$/.test(rank)) return rank;
  return t(`${pack === "swiss" ? "deck.idxSwiss" : "deck.idx"}.${rank}`);
}
/** nameCard's two forms by name: "♠Q" (lists) and "Queen of spades" (sentences). */
export const cardShort = (code) => nameCard(code, { short: true });
export const cardName = (code) => nameCard(code);
export function suitName(suit) {
  const k = deck === "swiss" ? `suit.swiss.${suit}` : `suit.${suit}`;
  return has(k) ? t(k) : suit;
}
/** "♠ spades" (French pack) or "Rosen" (Swiss pack: the French symbol would not match the cards). */
export function suitLabel(suit) { return deck === "swiss" ? suitName(suit) : `${SUIT_SYMBOL[suit] ?? ""} ${suitName(suit)}`; }

/** A bot level's name (the engine sends ids; stored games keep any string): the catalog's for a level-shaped id (a
 *  word, never "desc.expert"), else the id itself. */
export function levelName(id) {
  return /^[a-z]+$/.test(id) && has(`level.${id}`) ? t(`level.${id}`) : id;
}

/** Fill every [data-i18n] element's text (and aria-label, placeholder, title), every [data-i18n-rich] element's
 *  paragraph (**bold** parts in <strong>); the document title too. */
export function applyI18n(root = /** @type {ParentNode} */ (document)) {
  // only what differs is written: a text the page already shows (the English of index.html) keeps its node, so the
  // browser neither lays it out nor paints it again while the page loads
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
    const text = t(el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-aria]"))) {
    const text = t(el.dataset.i18nAria);
    if (el.getAttribute("aria-label") !== text) el.setAttribute("aria-label", text);
  }
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll("[data-i18n-placeholder]"))) {
    const text = t(el.dataset.i18nPlaceholder);
    if (el.placeholder !== text) el.placeholder = text;
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-title]"))) {
    const text = t(el.dataset.i18nTitle);
    if (el.title !== text) el.title = text;
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-rich]"))) {
    const text = t(el.dataset.i18nRich);
    if (el.textContent !== text.replaceAll("**", "")) el.replaceChildren(...richText("p", text).childNodes);
  }
  if (root === document && document.title !== t("title")) document.title = t("title");
}

/** A catalog paragraph with **bold** parts (no HTML is ever parsed). */
export function richText(tag, text) {
  const el = document.createElement(tag);
  text.split("**").forEach((part, i) => {
    if (!part) return;
    if (i % 2) { const b = document.createElement("strong"); b.textContent = part; el.append(b); }
    else el.append(part);
  });
  return el;
}

/** +2 / −1 / 0 with a real minus sign (fmtNumber's), digits in the locale's style; `opts` as fmtNumber's. */
export function signed(n, opts) { return n > 0 ? `+${fmtNumber(n, opts)}` : fmtNumber(n < 0 ? n : 0, opts); }

/** "♦ is trump — fixed by Right" / "… fixed by you" */
export function trumpFixedText(suit, seat, name) {
  return tSeat("event.trumpFixed", seat, { suit: deck === "swiss" ? suitName(suit) : SUIT_SYMBOL[suit] ?? suit, name });
}

/** Names joined for "X & Y won" (the catalog decides the conjunction). */
export function joinNames(names) {
  return names.reduce((acc, n) => (acc == null ? n : t("over.and", { a: acc, b: n })), null) ?? "";
}

/**
 * The sentence that explains a hand's settlement (its case is named beside it, not in it), from the seats it is about
 * and their card points. The player (`you`, the page's seat unless given) is spoken to: the catalog's
 * `settle.<case>.<role>.you` or `settle.<case>.you` when the player has that role.
 * @param {{case: string, roles?: import("../engine/protocol.js").Roles|null, card_points?: number[]}} r
 * @param {(seat: number) => string} nameOf
 * @param {number|null} [you]
 */
export function settlementText(r, nameOf, you = youSeat()) {
  const roles = r.roles || {}, pts = r.card_points || [];
  if (Array.isArray(roles.stroke)) return placesText(roles, pts, nameOf);
  const p = {};
  let mine = null;
  for (const [role, seat] of Object.entries(roles)) {
    if (typeof seat !== "number") continue;
    p[role] = nameOf(seat); p[`${role}Points`] = t("points", { n: pts[seat] });   // i18n-ignore: {middlePoints}…
    if (seat === you) mine = role;
  }
  if (Array.isArray(roles.tied)) {
    const [a, b] = roles.tied;
    p.tiedA = nameOf(a); p.tiedB = nameOf(b); p.tiedPoints = t("points", { n: pts[a] });
    if (you === a || you === b) { mine = "tied"; p.other = nameOf(you === a ? b : a); }
  }
  const key = `settle.${r.case}`;
  const yours = mine == null ? null : [`${key}.${mine}.you`, `${key}.you`].find(has);
  return t(yours ?? key, p);
}

/**
 * Molotow's and Plus-Minus's hand, said by who gets what (the engine's roles: lists of seats): a stroke, a zero,
 * nothing (tied), and in Plus-Minus the player alone on the most with 100 or more, who gets no stroke.
 */
function placesText(roles, pts, nameOf) {
  const parts = [];
  if (typeof roles.hundred === "number") {
    parts.push(t("settle.places.hundred", { name: nameOf(roles.hundred), points: t("points", { n: pts[roles.hundred] }) }));
  }
  for (const kind of ["stroke", "zero", "tied"]) {
    const seats = Array.isArray(roles[kind]) ? roles[kind] : [];
    if (seats.length) parts.push(t(`settle.places.${kind}`, { names: joinNames(seats.map(nameOf)), count: seats.length }));
  }
  return parts.length ? parts.join(" ") : t("settle.places.none");
}

/** The log's line for a finished hand: its number, its case and the settlement sentence. */
export function handOverText(r, nameOf) {
  return t("log.hand", { n: r.hand_no, case: t(`case.${r.case}`), result: settlementText(r, nameOf) });
}

/**
 * The sentence for an engine refusal or error ({code, params}): card codes, suit letters and seats in the params
 * become card names, suit names and player names.
 * @param {{code: string, params?: import("../engine/protocol.js").Params|null}|null} error
 * @param {(seat: number) => string} nameOf
 */
export function refusalText(error, nameOf = (s) => `#${s}`) {
  if (!error) return "";
  const params = error.params || {};
  /** @type {Record<string, import("../engine/protocol.js").ParamValue|undefined>} */
  const p = { ...params, code: error.code };
  for (const k of ["card", "over"]) if (typeof params[k] === "string") p[k] = cardName(params[k]);
  for (const k of ["suit", "trump"]) if (typeof params[k] === "string") p[k] = suitLabel(params[k]);
  if (typeof params.seat === "number") p.name = nameOf(params.seat);
  let key = `refusal.${error.code}`;
  if (error.code === "must_follow" && params.trump) key = "refusal.must_follow_or_trump";
  return has(key) ? t(key, p) : t("refusal.other", p);
}

/** A hint's reason ({code, params}) in plain words: the likeliest result of the hinted card. */
export function hintText(reason) {
  if (!reason) return "";
  const p = reason.params || {};
  if (reason.code === "solved" || reason.code === "sampled") {
    const [outcome, pct] = Object.entries(p.outcomes || {}).sort((a, b) => b[1] - a[1])[0] || [];
    if (outcome && has(`outcome.${outcome}`)) return t("hint.best", { outcome: t(`outcome.${outcome}`), pct });
  }
  const key = `hint.${reason.code}`;
  return has(key) ? t(key, p) : t("hint.other");
}

/** The numbers behind a hint (expected strokes, sampled deals), for a "details" toggle; "" when there are none. */
export function hintDetails(reason) {
  const p = reason?.params || {};
  if (!["solved", "sampled"].includes(reason?.code) || typeof p.mean !== "number") return "";
  return t(`hint.details.${reason.code}`, p);
}

// ---------------------------------------------------------------------------------------- pseudo-locale
const ACCENTED = { a: "å", e: "é", i: "î", o: "ö", u: "ü", c: "ç", n: "ñ", s: "š", y: "ý", A: "Å", E: "É", O: "Ö", U: "Ü" };
function pseudo(s) {
  let out = "", depth = 0;
  for (const ch of s) {   // keep {placeholders} intact
    if (ch === "{") depth++;
    out += depth ? ch : (ACCENTED[ch] ?? ch);
    if (ch === "}") depth--;
  }
  // the padding in words of up to 8 (a line may break between them, as in a real language's longer sentence)
  const pad = "·".repeat(Math.ceil(s.length * 0.4)).replace(/(.{8})(?=.)/g, "$1 ");
  return `⟦${out}${pad}⟧`;
}
function pseudoCatalog() {
  const out = {};
  for (const [k, v] of Object.entries(CATALOGS.en ?? {})) {
    out[k] = typeof v === "string" ? pseudo(v) : Object.fromEntries(Object.entries(v).map(([f, s]) => [f, pseudo(s)]));
  }
  return out;
}
