// @ts-check
// Autosave and resume. After every card and every decision the game is written to localStorage in one setItem
// (atomic: a reader sees the old save or the new one, never half of one): the page's journal (setup + the cards of
// every dealt hand), the finished hands' records (the engine's record format, as `python -m engine replay` reads
// them), the settings and a format version. On load the ENGINE rebuilds the game from it (`restore` replays and
// checks every card); a stored view is never trusted. A save that cannot be read or replayed is shown to the player
// ("download it" / "discard and start a new game"), never dropped silently.
import { announce, toast } from "../ui/a11y.js";
import * as dialogs from "../ui/dialogs.js";
import { refusalText, signed, t } from "../i18n/i18n.js";
import { entryOf, handsPlayed, recordGame } from "./history.js";
import { GamesDialog } from "./history-dialog.js";
import { HandReview } from "../review/review.js";
import { GameLock } from "./save-lock.js";
import { Undo } from "./save-undo.js";
import { ask, downloadJSON, modal } from "./save-ui.js";
import { el } from "../ui/dom.js";
import { askShare, clearShareHash, compareLine, parseShare } from "./share.js";
import { humanSeat, people, store } from "../game/store.js";
import { currentSetup } from "../game/seats.js";

export const SAVE_KEY = "mittlere-jass.game";
export const SAVE_FORMAT = "mittlere-jass-save";
export const SAVE_VERSION = 1;
const MAX_CHARS = 2_000_000;     // a 240-hand game is ~150 KB; anything far bigger is not ours
const MAX_HANDS = 600;           // dealt hands (annulled ones are dealt again)
const CODE = /^[SHDC](?:[6-9JQKA]|10)$/;

/**
 * A stored save, its shape checked by parseSave (the engine checks the game when it replays it); the parts read
 * later (shared, seats, undo, started_at, hand_seeds) are checked where they are read.
 * @typedef {object} SaveData
 * @property {string} format
 * @property {number} version
 * @property {string|null} [phase]  the engine's phase when it was saved
 * @property {import("../engine/protocol.js").GameSetup} setup
 * @property {string[][]} hands  the cards played in each dealt hand
 * @property {object[]} records  the finished hands' records (the engine's format)
 * @property {unknown} [shared]
 * @property {unknown} [seats]
 * @property {unknown} [undo]
 * @property {unknown} [started_at]
 * @property {unknown} [hand_seeds]
 */
/** @typedef {{ok: true, save: SaveData} | {ok: false, reason: string, detail?: string}} ParsedSave  reason: a catalog key */
/** @typedef {import("../engine/protocol.js").Event} GameEvent */
/** A shared deal being played: the sharer's net result (null: not known). @typedef {{friend?: number|null}} Shared */

/** @param {unknown} x @returns {x is {[key: string]: unknown}} */
const isObj = (x) => x != null && typeof x === "object" && !Array.isArray(x);
/** @param {unknown} x @param {number} [max] @returns {x is string} */
const isStr = (x, max = 200) => typeof x === "string" && x.length <= max;

/** A stored setup, read as today's (game/seats.js), when its shape is right: the number of hands, the game's id, the
 *  seed, one name per seat, the rule variants (the engine checks the game and everything in it when it replays). */
/** @param {unknown} setup @returns {import("../engine/protocol.js").GameSetup | null} */
function checkSetup(setup) {
  // a game of three seats (Mittlere; an older save has no `game`) or four (Molotow, Plus-Minus): its table as one
  // `seats` list (an older save's `bots` read as one: game/seats.js), one name per seat
  const su = isObj(setup) ? currentSetup(setup) : null;
  if (!su) return null;
  const n = su.seats.length;
  const handsOk = Number.isInteger(su.hands) && su.hands >= 1 && su.hands <= 240;
  const gameOk = su.game == null || (typeof su.game === "string" && /^[a-z]{1,20}$/.test(su.game));
  const namesOk = su.names == null || (Array.isArray(su.names) && su.names.length === n && su.names.every((/** @type {unknown} */ x) => isStr(x, 40)));
  const rulesOk = su.rules == null || isObj(su.rules);
  return handsOk && gameOk && isStr(su.seed, 400) && namesOk && rulesOk ? su : null;
}

/** The cards of each dealt hand: card codes (how many: the engine's restore says). @param {unknown} hands */
const checkHands = (hands) => Array.isArray(hands) && hands.length >= 1 && hands.length <= MAX_HANDS
  && hands.every((h) => Array.isArray(h) && h.every((c) => typeof c === "string" && CODE.test(c)));

/** The finished hands' records: objects (the engine checks them). @param {unknown} records */
const checkRecords = (records) => Array.isArray(records) && records.length <= MAX_HANDS && records.every(isObj);

/** The stored text as JSON of our format and version: the object, or why not (a catalog key).
 *  @param {unknown} text
 *  @returns {{ok: true, save: {[key: string]: unknown}} | {ok: false, reason: string, detail?: string}} */
function readEnvelope(text) {
  if (typeof text !== "string" || text.length > MAX_CHARS) return { ok: false, reason: "save.bad.size" };
  let s;
  try { s = JSON.parse(text); } catch { return { ok: false, reason: "save.bad.json" }; }
  if (!isObj(s) || s.format !== SAVE_FORMAT) return { ok: false, reason: "save.bad.format" };
  if (s.version !== SAVE_VERSION) return { ok: false, reason: "save.bad.version", detail: String(s.version).slice(0, 20) };
  return { ok: true, save: s };
}

/**
 * Check the shape of a stored save (the engine checks every card when it replays it).
 * @param {unknown} text  the stored text (null: none)
 * @returns {ParsedSave}
 */
export function parseSave(text) {
  const read = readEnvelope(text);
  if (read.ok === false) return read;
  const s = read.save;
  const su = checkSetup(s.setup);
  if (!su || !checkHands(s.hands) || !checkRecords(s.records)) return { ok: false, reason: "save.bad.shape" };
  return { ok: true, save: /** @type {SaveData} */ ({ ...s, setup: su }) };
}

/** A save's shared deal: {friend: the sharer's net result or null}, or null (not a shared deal, or malformed).
 *  @param {unknown} shared @returns {Shared | null} */
const savedShare = (shared) => (isObj(shared) && (shared.friend == null || Number.isInteger(shared.friend))
  ? { friend: /** @type {number|null} */ (shared.friend ?? null) } : null);

/** Whether a save's `seats` (who played each card of each dealt hand: -1 unknown) fit its hands and table.
 *  @param {SaveData} save @returns {save is SaveData & {seats: number[][]}} */
const seatsOk = (save) => Array.isArray(save.seats) && save.seats.length === save.hands.length
  && save.seats.every((h, k) => Array.isArray(h) && h.length === save.hands[k].length
    && h.every((x) => Number.isInteger(x) && x >= -1 && x < /** @type {object[]} */ (save.setup.seats).length));

/** localStorage, guarded: private modes and full quotas throw; the game goes on without saving. */
export const saveStorage = {
  read() { try { return localStorage.getItem(SAVE_KEY); } catch { return null; } },
  write(/** @type {string} */ text) { localStorage.setItem(SAVE_KEY, text); },
  clear() { try { localStorage.removeItem(SAVE_KEY); } catch { /* nothing stored */ } },
};

/**
 * A save's fair-deal seeds, one per dealt hand (the first hand's is the game's: null), or null when it has none or
 * they are malformed. A save written before this was mended held one seed too few, each at the index before its hand
 * (the second hand's at 0): that shape is put right, so such a game resumes too.
 * @param {SaveData} save
 * @returns {(string|null)[] | null}
 */
export function handSeeds(save) {
  const seeds = save.hand_seeds;
  if (!Array.isArray(seeds) || !seeds.every((x) => x === null || isStr(x, 64))) return null;
  if (seeds.length === save.hands.length - 1 && seeds[0] !== null) return [null, ...seeds];
  return seeds;
}

export class Autosave {
  /**
   * @param {object} deps
   * @param {import("../game/controller.js").Controller} deps.controller  its journal is what is saved
   */
  constructor({ controller }) {
    this.controller = controller;
    /** @type {object[]} */
    this.records = [];          // finished hands' records (the engine's format), as the engine gave them
    this.enabled = true;        // false once another tab took the game over
    this.failedOnce = false;
    this.startedAt = new Date().toISOString();
    this.bytes = 0;             // size of the last save written (for the measurements)
    /** @type {Shared | null} */
    this.shared = null;         // a shared deal being played: {friend: the sharer's net result or null}
    /** @type {Shared | null} */
    this.pendingShare = null;   // set just before a shared deal is started
    /** @type {number[][] | null} */
    this.seats = [];            // who played each card of the journal (per dealt hand): for the undo
    this.usedUndo = false;      // the game was played with undo (the history says so)
  }

  /** A new game: the one before goes to the history (abandoned unless it was finished); no finished hands yet. */
  newGame() {
    this.toHistory("abandoned");
    this.records = [];
    this.startedAt = new Date().toISOString();
    this.shared = this.pendingShare;
    this.pendingShare = null;
    this.seats = [];
    this.usedUndo = false;
  }

  /** Note the current game in the history (a game where no card was played is not worth keeping).
   *  @param {"finished"|"abandoned"} status */
  toHistory(status) {
    const setup = this.controller.journal.setup, v = store.view;
    if (!setup || !v || !this.controller.journal.hands.some((h) => h.length)) return;
    if (status === "abandoned" && v.phase === "game-over") return;
    recordGame(entryOf({ id: this.startedAt, setup, view: v, history: store.history, records: this.records, status,
      shared: !!this.shared, undo: this.usedUndo }));
  }

  /** A game is under way in the stored save (a shared link asks before replacing it). */
  hasGameInProgress() {
    const p = parseSave(saveStorage.read());
    return p.ok && p.save.phase !== "game-over" && p.save.hands.some((h) => h.length);
  }

  /** The save object of the game as it is now. */
  snapshot() {
    const j = this.controller.journal, s = this.controller.settings;
    return {
      format: SAVE_FORMAT, version: SAVE_VERSION, saved_at: new Date().toISOString(), started_at: this.startedAt,
      phase: store.view?.phase ?? null, shared: this.shared, undo: this.usedUndo, seats: this.seats,
      settings: { speed: s.speed, hands: s.hands, seed: s.seed },
      setup: j.setup, hands: j.hands.map((h) => [...h]), records: this.records,
      ...(j.seeds.some((x) => x) ? { hand_seeds: [...j.seeds] } : {}),   // a game with friends: each hand's fair seed
    };
  }

  /** After an engine answer was applied: write the save; a hand over brings its record (the engine's), kept. */
  /** @param {GameEvent[]} events */
  afterApply(events) {
    for (const e of events || []) {
      if (e.type === "hand_over" && e.record) this.records = [...this.records, e.record];
      if (e.type === "hand_dealt") {
        // a save without seats (resumed): from this deal on they are known again
        if (!this.seats) this.seats = this.controller.journal.hands.slice(0, -1).map((h) => h.map(() => -1));
        this.seats.push([]);
      } else if (e.type === "card_played" && this.seats?.length) this.seats[this.seats.length - 1].push(e.seat);
    }
    if (!this.enabled || !this.controller.journal.setup) return;
    this.write();
    if (store.view?.phase === "game-over" && (events || []).some((e) => e.type === "hand_over")) this.toHistory("finished");
  }

  write() {
    if (!this.enabled) return;
    const text = JSON.stringify(this.snapshot());
    try {
      saveStorage.write(text);
      this.bytes = text.length;
      document.body.dataset.save = "on";
    } catch {
      document.body.dataset.save = "off";
      if (!this.failedOnce) {
        this.failedOnce = true;
        toast(t("save.notSaving"), "info", 6000);
        announce(t("save.notSaving"));
      }
    }
  }

  /**
   * On start-up: rebuild the stored game, if any, by the engine's replay. True when a game was resumed; false when
   * there is none or the player chose to discard a bad one (then the caller starts a new game).
   */
  async resume() {
    const text = saveStorage.read();
    if (text == null) return false;
    const parsed = parseSave(text);
    if (parsed.ok === false) return this.badSave(text, t(parsed.reason, { version: parsed.detail ?? "" }));
    const { save } = parsed;
    const r = await this.controller.restore(save.setup, save.hands, () => {
      this.records = save.records;
      this.shared = savedShare(save.shared);
      this.seats = seatsOk(save) ? save.seats : null;   // without them, no undo in this hand
      this.usedUndo = save.undo === true;
      this.startedAt = isStr(save.started_at, 40) ? save.started_at : this.startedAt;
    }, { seeds: handSeeds(save) });
    if (r === null) return true;   // the game moved on meanwhile (another tab took it): nothing to start here
    if (r.ok === false) return this.badSave(text, t("save.bad.engine", { reason: refusalText(r.error).slice(0, 300) }));
    document.body.dataset.resumed = "true";
    return true;
  }

  /** A save that cannot be resumed: say why; the player downloads it or discards it (never a silent reset). */
  /** @param {string} text @param {string} reason @returns {Promise<boolean>} */
  badSave(text, reason) {
    document.body.dataset.save = "bad";
    return new Promise((resolve) => {
      const download = el("button", { type: "button", id: "btn-save-download", text: t("save.download") });
      const discard = el("button", { type: "button", id: "btn-save-discard", class: "primary", text: t("save.discard") });
      const body = [el("p", { id: "save-reason", text: reason }), el("p", { text: t("save.bad.help") })];
      const dlg = modal("dlg-save", t("save.bad.title"), body, [download, discard]);
      download.onclick = () => downloadJSON(`mittlere-jass-save-${Date.now()}.json`, text);
      discard.onclick = () => {
        dlg.close();
        saveStorage.clear();
        delete document.body.dataset.save;
        resolve(false);
      };
    });
  }
}

/**
 * Wire the autosave, the resume at start-up and the two-tab lock into the controller and the boot sequence.
 * @param {{controller: import("../game/controller.js").Controller, boot: {resumeSaved?: () => Promise<boolean>}}} deps
 * @returns {Autosave}
 */
export function installSave({ controller, boot }) {
  const autosave = new Autosave({ controller });
  const lock = new GameLock({
    onLost: () => {
      autosave.enabled = false;
      controller.halt();               // stops the bot loop and any pending answer
      controller.setPhase("elsewhere");
      controller.emit("elsewhere");   // a table with friends lets its links go: the game goes on in the other tab
      lock.showLost();
    },
  });
  controller.on("applied", (/** @type {GameEvent[]} */ events) => { autosave.afterApply(events); });
  controller.on("newGame", () => autosave.newGame());
  /** A deal in the address's fragment: checked, asked about when a game is under way, then dealt. True when dealt. */
  const playShared = async () => {
    const hello = /** @type {import("../engine/protocol.js").HelloAnswer} */ (store.hello);   // asked after hello
    const share = parseShare(location.hash, hello.levels, hello.games);   // level ids (protocol 2), the games
    if (share) clearShareHash();
    if (share?.error) toast(t("share.bad"), "error", 8000);
    if (!share || share.error || (autosave.hasGameInProgress() && !(await askShare()))) return false;
    autosave.pendingShare = { friend: share.friend };
    await controller.startGame({ game: share.game, hands: share.hands, bots: share.bots, seed: share.seed });
    return true;
  };
  boot.resumeSaved = async () => {
    await lock.claim(() => dialogs.loading.hide());
    return (await playShared()) || autosave.resume();
  };
  // a share link opened in a tab that has the game already: only the fragment changes, the page stays
  window.addEventListener("hashchange", () => {
    if (store.hello && !["loading", "error", "elsewhere"].includes(store.ui.phase)) playShared();
  });
  // the comparison with the friend's result, under the result of a shared deal (also in the Games dialog)
  dialogs.addGameOverNote((/** @type {import("../engine/protocol.js").View} */ v) => (autosave.shared?.friend == null ? null
    : el("p", { id: "over-compare", class: "compare",
      text: compareLine(v.scores.net[/** @type {number} */ (humanSeat())], autosave.shared.friend, signed) })));
  // New game over a game with a finished hand: it ends as abandoned (the statistics count it), so ask first
  controller.addLeaveGuard(() => {
    const v = store.view, played = handsPlayed(store.history);
    if (!v || v.phase === "game-over" || !autosave.enabled || !played) return Promise.resolve(true);
    return ask("dlg-abandon", t("new.abandon.title"), t("new.abandon.text", { n: played, total: v.hands_total }),
      { id: "btn-abandon-start", text: t("new.abandon.start") }, { id: "btn-abandon-keep", text: t("new.abandon.keep"), focus: true },
      { dismissible: true });
  });

  const undo = new Undo({ controller, autosave });
  document.getElementById("btn-undo")?.addEventListener("click", () => undo.undo());
  controller.renderer.on("invalidate", () => undo.update());   // the toolbar follows the table (turn, busy)

  const review = new HandReview({ controller });
  const games = new GamesDialog({ autosave, review });
  document.getElementById("btn-games")?.addEventListener("click", () => games.open());
  // "Review hand" in the hand summary and at game over: this game's hands, at the one just finished
  const reviewLast = async () => {
    const guest = controller.transport.records();   // a friend's page: the records its table's events brought
    const records = guest ?? autosave.records;
    if (!records.length) return;
    const opts = {
      names: store.view?.players.map((p) => p.name), start: records.length - 1,
      coachSeat: guest ? /** @type {import("../engine/protocol.js").View} */ (store.view).viewer : humanSeat(),
      people: guest ? null : people(), fair: true,
    };
    const r = await review.open(records, opts);
    if (r.ok === false) toast(t("import.invalid", { reason: r.message }), "error", 8000);
  };
  for (const id of ["btn-hand-review", "btn-over-review"]) document.getElementById(id)?.addEventListener("click", reviewLast);
  // drop a record file anywhere on the page
  document.addEventListener("dragover", (e) => { if ([...(e.dataTransfer?.types ?? [])].includes("Files")) e.preventDefault(); });
  document.addEventListener("drop", (e) => {
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    e.preventDefault();
    games.importFile(file);
  });
  return autosave;
}
