// @ts-check
// The interactive first hand: a fixed deal against two easy bots, with coach marks at the moments that matter
// (must follow, an off-suit card fixes trump, the trump order, no undertrumping, the Puur exemption, the
// settlement). The player plays real cards through the normal controller: the engine checks every one. Which
// moment has come is read from the engine's view (its refusals and exemption), never decided by rules in the UI.
import { has, richText, suitLabel, t, tDeck, tSeat } from "../i18n/i18n.js";
import { isViewer, nameOf } from "../game/store.js";
import { touchScreen } from "../table/input.js";

/** @typedef {import("../engine/protocol.js").View} View */
/** @typedef {import("../engine/protocol.js").Event} GameEvent */
/** A coach mark: its catalog key and the key's parameters.
 *  @typedef {{key: string, params?: {[name: string]: any}}} Mark */
/** A button of a coach mark. @typedef {{label: string, primary?: boolean, action: () => void}} MarkButton */

const FLAG = "mittlere-jass.tutorial";   // "done" | "declined": the first-visit offer is made once
/**
 * The scripted deal: with this seed (and the easy bots, whose play depends on the position only) Right leads
 * hearts, the player must follow; Left wins whatever the player plays and leads clubs, which the player has none of:
 * the player fixes trump, choosing among spades (with the Puur), diamonds (five, with the Nell) and hearts.
 */
export const TUTORIAL_GAME = { hands: 3, bots: ["easy", "easy"], seed: "219" };
/** The coach marks about the player's turn: a card played makes them stale. */
const NOW = new Set(["tut.follow", "tut.void", "tut.trumpLed", "tut.puur", "tut.undertrump"]);

function flag() { try { return localStorage.getItem(FLAG); } catch { return "unavailable"; } }
function setFlag(/** @type {string} */ v) { try { localStorage.setItem(FLAG, v); } catch { /* this visit only */ } }

export class Tutorial {
  /** @param {{controller: import("../game/controller.js").Controller}} deps */
  constructor({ controller }) {
    this.controller = controller;
    this.active = false;
    /** @type {Mark[]} */
    this.queue = [];     // coach marks waiting to be shown: {key, params}
    /** @type {Set<string>} */
    this.seen = new Set();
    /** @type {HTMLDivElement | null} */
    this.box = null;
    /** @type {Mark | null} the mark on screen */
    this.current = null;
    controller.on("applied", (/** @type {GameEvent[]} */ evs) => { this.playedOn(evs); this.events(evs); });
    // trump was just fixed: the coach says so while the trick that fixed it is on the table, and the game waits
    controller.choreo.holdAt((/** @type {string} */ kind, /** @type {any} */ ev) => (kind === "trump" && this.active ? this.explainTrump(ev) : null));
    /** @type {(() => void) | null} */
    this.release = null;   // ends the game's wait for the mark on screen
    this.offered = false;
    controller.on("settled", (/** @type {View} */ v) => {
      if (!this.offered && v.phase === "play") { this.offered = true; this.offer(); }
      this.settled(v);
    });
  }

  /** Start (or restart) the tutorial hand; over a game in progress only once the player agreed to leave it. */
  async start() {
    if (!(await this.controller.mayLeave())) return;
    this.active = true;
    this.queue = [];
    this.seen = new Set();
    this.hide();
    setFlag("done");
    this.push("tut.welcome");
    this.controller.startGame({ ...TUTORIAL_GAME });
  }

  /** Leave the tutorial: the game goes on as a normal game. */
  skip() {
    this.active = false;
    this.queue = [];
    this.hide();
  }

  /** On the first visit (no seed in the URL): offer the tutorial once. */
  offer() {
    // not at a table with friends (a guest's page, or the host's game): it would start a game of its own
    if (flag() || new URLSearchParams(location.search).has("seed") || document.body.dataset.guest || document.body.dataset.host) return;
    this.show({ key: "tut.offer" }, [
      { label: t("tut.start"), primary: true, action: () => this.start() },
      { label: t("tut.notNow"), action: () => { setFlag("declined"); this.hide(); } },
    ]);
  }

  /** The player plays on without answering the offer (a card of theirs, or a trick ends): it goes, taken as "not
   *  now", so that it never covers the game (How to play still offers the first hand with a coach).
   *  @param {GameEvent[]} evs */
  playedOn(evs) {
    if (this.active || !this.box || this.box.hidden || this.box.dataset.key !== "tut.offer") return;
    if (!evs.some((e) => (e.type === "card_played" && isViewer(e.seat)) || e.type === "trick_won")) return;
    setFlag("declined");
    this.hide();
  }

  /** Queue coach mark `key` (each is said once). @param {string} key @param {Mark["params"]} [params] */
  push(key, params = {}) {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.queue.push({ key, params });
  }

  /** A card was played: what the coach had to say about the player's turn before it is stale (not said, or gone).
   *  @param {GameEvent[]} evs */
  events(evs) {
    if (!this.active || !evs.some((ev) => ev.type === "card_played")) return;
    for (const m of this.queue) if (NOW.has(m.key)) this.seen.delete(m.key);   // it may come at a later turn
    this.queue = this.queue.filter((m) => !NOW.has(m.key));
    if (this.box && !this.box.hidden && NOW.has(this.box.dataset.key ?? "")) { this.hide(); this.next(); }
  }

  /** Trump was fixed (`ev`: seat, suit): said now, before the trick leaves the table; resolves when read.
   *  @param {{seat: number, suit: string}} ev
   *  @returns {Promise<void>} */
  explainTrump({ seat, suit }) {
    const shown = this.box && !this.box.hidden ? this.current : null;
    if (shown && !NOW.has(shown.key)) this.queue.unshift(shown);   // said again after this one
    this.seen.add("tut.trumpFixed");
    this.push("tut.order");
    this.hide();
    return new Promise((done) => {
      this.showMark({ key: "tut.trumpFixed", params: { seat, suit } });
      this.release = done;
    });
  }

  /** The table is at rest: find the moment that has come (the view says why each card of the hand is refused, and
   *  the void and Puur exemptions: docs/protocol.md), then show the next coach mark.
   *  @param {View} v */
  settled(v) {
    if (!this.active) return;
    if (v.phase === "hand-over" || v.phase === "game-over") { this.finish(); return; }
    if (v.phase === "play" && isViewer(v.to_play)) this.turnMoments(v);
    this.next();
  }

  /** The player's turn in view `v`: the coach marks its refusals and exemption call for, queued (each said once).
   *  @param {View} v */
  turnMoments(v) {
    const trump = v.trump, led = v.trick?.cards?.[0]?.card[0] ?? null;
    const codes = new Set(Object.values(v.refusals || {}).map((r) => r.code)), free = v.exemption?.code;
    if (!trump && codes.has("must_follow")) this.push("tut.follow", { suit: led });
    if (!trump && free === "void") this.push("tut.void", { suit: v.exemption?.params.suit });
    if (trump && codes.has("must_trump")) this.push("tut.trumpLed");
    if (free === "puur") this.push("tut.puur");
    // a trump of the player's is refused because it would go under the trump in the trick (docs/rules.md R5)
    if (trump && codes.has("undertrump")) this.push("tut.undertrump");
  }

  /** The hand is over: the settlement is explained inside the hand summary, and the tutorial ends. */
  finish() {
    this.active = false;
    this.queue = [];
    this.hide();
    const body = document.querySelector("#dlg-hand[open] #hand-body") || document.querySelector("#dlg-over[open] #over-body");
    if (!body) return;
    const note = document.createElement("div");
    note.className = "coach-note";
    note.dataset.key = "tut.settle";
    note.append(richText("p", t("tut.settle")), richText("p", t("tut.done")));
    body.append(note);
  }

  next() {
    if (!this.active || (this.box && !this.box.hidden)) return;
    const m = this.queue.shift();
    if (m) this.showMark(m);
  }

  /** Coach mark `m` with "Got it" (then the next one) and "Skip the tutorial". @param {Mark} m */
  showMark(m) {
    this.show(m, [
      { label: t("tut.ok"), primary: true, action: () => { this.hide(); this.next(); } },
      { label: t("tut.skip"), action: () => this.skip() },
    ]);
  }

  /** The words of mark `m`. @param {Mark} m */
  text({ key, params = {} }) {
    const p = { ...params };
    if (p.suit) p.suit = suitLabel(p.suit);
    if (key === "tut.trumpFixed") return tSeat(key, params.seat, { ...p, name: nameOf(params.seat) });
    if (has(`${key}.touch`) && touchScreen()) key = `${key}.touch`;   // "tap" on a touch screen, "click" with a mouse
    return tDeck(key, p);   // the Under/Ober of the Swiss pack when it is on the table
  }

  /** Show mark `m` with its buttons. @param {Mark} m @param {MarkButton[]} buttons */
  show(m, buttons) {
    if (!this.box) {
      this.box = document.createElement("div");
      this.box.id = "coach";
      this.box.setAttribute("role", "status");
      this.box.setAttribute("aria-live", "polite");
      (document.querySelector(".table-wrap") || document.body).append(this.box);
    }
    const row = document.createElement("div");
    row.className = "buttons";
    for (const b of buttons) {
      const el = document.createElement("button");
      el.type = "button";
      el.textContent = b.label;
      if (b.primary) el.className = "primary";
      el.addEventListener("click", b.action);
      row.append(el);
    }
    this.box.dataset.key = m.key;
    this.box.replaceChildren(richText("p", this.text(m)), row);
    this.box.hidden = false;
    this.current = m;
  }

  /** Take the mark off the table; a game waiting for it goes on. */
  hide() {
    if (this.box) this.box.hidden = true;
    const release = this.release;
    this.release = null;
    release?.();
  }
}
