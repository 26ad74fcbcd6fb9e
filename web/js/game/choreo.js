// Choreography: turns the engine's events into animations and announcements. It never writes the model: it builds
// `store.scene` (a copy of the table before the events), moves cards on it, and drops it when the events are done,
// so the table shows the engine's view again.
import { announce, updateToolbar } from "../ui/a11y.js";
import { ease, lerp } from "../table/anim.js";
import { cardName, handOverText, t, trumpFixedText, tSeat } from "../i18n/i18n.js";
import { botCardPos } from "../table/layout.js";
import { onPrefChange, prefs, reducedMotion } from "../ui/settings.js";
import { touchScreen } from "../table/input.js";
import { sfx } from "../table/sound.js";
import { copyModel, isViewer, nameOf, store } from "./store.js";

export class Choreographer {
  /** @param {{renderer: import("../table/renderer.js").Renderer, anim: import("../table/anim.js").Animator}} deps */
  constructor({ renderer, anim }) {
    this.renderer = renderer;
    this.anim = anim;
    this.bannerTimer = 0;
    this.holders = new Set();   // fn(kind, event) -> a promise the table waits for, or nothing (holdAt)
    this.resets = new Set();    // the resolvers of the waits under way: a reset (new game) ends them
    /** @type {(() => void)|null} */
    this.goOn = null;           // while a finished trick is held until the player goes on: what sends it on
    onPrefChange((name, on) => { if (name === "holdTrick" && !on) this.sweep(); });   // the hold turned off: go on
  }

  /**
   * Let `fn(kind, event)` hold the table at a moment of the play; it answers a promise (the table waits until it
   * resolves) or nothing. Kinds: "trump" (trump was just fixed: the card that fixed it lies in its trick).
   * @returns {() => void} the way to stop
   */
  holdAt(fn) {
    this.holders.add(fn);
    return () => this.holders.delete(fn);
  }

  async heldBy(kind, ev) {
    for (const fn of [...this.holders]) {
      const p = fn(kind, ev);
      if (p) await this.untilReset(p);
    }
  }

  /** `p`, or sooner if the table is reset meanwhile (a new game, a restore): nothing waits for a table that went. */
  untilReset(p) {
    let gone;
    const reset = new Promise((done) => { gone = done; this.resets.add(done); });
    return Promise.race([p, reset]).finally(() => this.resets.delete(gone));
  }

  /** A finished trick held until the player goes on ("hold the trick until I click"): the table says how, above it. */
  async heldUntilGoOn() {
    const hint = /** @type {HTMLElement} */ (document.querySelector("#hold-hint")), L = this.renderer.layout;
    hint.textContent = t(touchScreen() ? "hold.hint.touch" : "hold.hint");
    hint.hidden = false;   // above the trick: below it are the seats' labels and the player's name plate
    hint.style.top = `${Math.round(Math.min(...Object.values(L.trick).map((c) => c.y)) - L.cardH / 2 - hint.offsetHeight - 8)}px`;
    announce(hint.textContent);
    try {
      await this.untilReset(/** @type {Promise<void>} */ (new Promise((done) => { this.goOn = done; })));
    } finally {
      this.goOn = null;
      hint.hidden = true;
    }
  }

  /** A click, tap or key while a finished trick is held: it flies to its winner. -> whether one was held. */
  sweep() {
    const go = this.goOn;
    this.goOn = null;
    go?.();
    return !!go;
  }

  /**
   * Animate `events` starting from the table `before` (the model before the engine answered).
   * @param {import("../engine/protocol.js").Event[]} events
   * @param {import("./store.js").TableModel} before
   * `isCurrent()` turns false when a newer game started: the rest is skipped.
   */
  async play(events, before, isCurrent = () => true) {
    const token = {};
    this.token = token;
    this.startScene(before);
    const lastCard = events.findLastIndex((e) => e.type === "card_played");
    try {
      for (const [k, ev] of events.entries()) {
        if (!isCurrent()) return;
        switch (ev.type) {
          case "hand_dealt": await this.dealt(ev); break;
          case "card_played": await this.cardPlayed(ev, this.afterCard(events, k, lastCard)); break;
          case "trump_fixed": await this.trumpFixed(ev); break;
          case "trick_won": await this.trickWon(ev); break;
          case "hand_over":
            this.dropBanner();   // the hand's trump news is over with it (at instant speed it outlived the hand)
            sfx("handOver");
            announce(handOverText(ev, nameOf));
            break;
          default: break;
        }
      }
    } finally {
      if (this.token === token) this.endScene();
    }
  }

  /**
   * What the table shows once card `k` of `events` lands, as far as the engine says it: who plays next (the final
   * view's turn, after the batch's last card) and whose card wins the trick (the trick_won that follows, or the
   * final view's trick after the last card; unknown for a card in the middle of a batch).
   */
  afterCard(events, k, lastCard) {
    for (let j = k + 1; j < events.length && events[j].type !== "card_played"; j++) {
      if (events[j].type === "trick_won") return { toPlay: k === lastCard ? store.model.toPlay : null, winning: events[j].seat };
    }
    if (k !== lastCard) return { toPlay: null, winning: null };
    return { toPlay: store.model.toPlay, winning: store.model.winningSeat };
  }

  startScene(from) {
    store.scene = { ...copyModel(from), flying: [], handVisible: null, dealVisible: null, dealing: false };
    this.renderer.relayout();
  }

  endScene() {
    const n = store.scene?.hand.length;
    store.scene = null;
    if (n !== store.model.hand.length) this.renderer.relayout(); else this.renderer.invalidate();
    updateToolbar();
  }

  async dealt(ev) {
    const { anim } = this;
    store.ui.peek = false;
    store.ui.banner = null;
    // the new hand is the engine's view: the deal animation starts from it
    this.startScene(store.model);
    const scene = store.scene;
    if (ev.redeal) announce(t("log.redeal"));
    announce([t(store.model.openEnded ? "log.dealtOpen" : "log.dealt", { n: ev.hand_no, total: store.model.handsTotal }),
      tSeat("log.deals", ev.dealer, { name: nameOf(ev.dealer) }),
      tSeat("log.leads", ev.leader, { name: nameOf(ev.leader) })].join(" "));
    // no deal animation at instant speed, with reduced motion, or behind the loading screen (the first deal)
    if (anim.instant || reducedMotion() || store.ui.phase === "loading") return;
    scene.dealing = true;
    const n = scene.hand.length;
    scene.handVisible = 0;
    const others = this.renderer.layout.others;
    scene.dealVisible = Object.fromEntries(others.map((s) => [s, 0]));
    await anim.tween(700, (tt) => {
      const k = Math.min(n, Math.floor(tt * n + 0.0001));
      scene.handVisible = tt >= 1 ? null : k;
      scene.dealVisible = tt >= 1 ? null : Object.fromEntries(others.map((s) => [s, Math.min(scene.counts[s], k)]));
    });
    scene.dealing = false;
    scene.handVisible = null;
    scene.dealVisible = null;
  }

  async cardPlayed({ seat, card }, after) {
    const { renderer, anim } = this;
    const scene = store.scene;
    const L = renderer.layout;
    let from;
    scene.toPlay = null;
    scene.winningSeat = null;
    scene.legal = new Set();
    if (isViewer(seat)) {
      const i = scene.hand.indexOf(card);
      from = i >= 0 ? renderer.handCardPos(i) : renderer.seatAnchor(seat);
      if (i >= 0) scene.hand.splice(i, 1);
      // nothing stays raised: the card that slides into the gap is not a pending choice
      store.ui.raised = -1;
      store.ui.hover = -1;
      renderer.relayout();
    } else {
      from = botCardPos(L, seat, Math.floor(scene.counts[seat] / 2), scene.counts[seat]);
    }
    scene.counts[seat] = Math.max(0, scene.counts[seat] - 1);
    announce(tSeat("log.played", seat, { name: nameOf(seat), card: cardName(card) }));
    sfx("card");
    if (reducedMotion()) {
      // no flight: the card appears in its place with a short fade
      const entry = { seat, card, alpha: 0 };
      scene.trick.push(entry);
      await anim.tween(140, (tt) => { entry.alpha = tt; });
      delete entry.alpha;
    } else {
      const to = L.trick[seat];
      const f = { card, x: from.x, y: from.y, rot: from.rot, scale: isViewer(seat) ? 1 : L.bw / L.cardW };
      scene.flying.push(f);
      const s0 = f.scale;
      await anim.tween(330, (tt) => {
        const e = ease(tt);
        f.x = lerp(from.x, to.x, e); f.y = lerp(from.y, to.y, e);
        f.rot = lerp(from.rot, to.rot, e); f.scale = lerp(s0, 1, e);
      }, { flying: true });
      scene.flying = scene.flying.filter((x) => x !== f);
      scene.trick.push({ seat, card });
    }
    // the card has landed: the turn moves on and the winning card is marked, as the engine says
    scene.toPlay = after.toPlay;
    scene.winningSeat = after.winning;
    renderer.invalidate();
  }

  async trumpFixed({ seat, suit }) {
    const { anim, renderer } = this;
    store.scene.trump = suit;
    store.scene.trumpFixedBy = seat;
    const text = trumpFixedText(suit, seat, nameOf(seat));
    announce(text);
    sfx("trump");
    const b = { text, alpha: 1 };
    store.ui.banner = b;
    renderer.invalidate();
    clearTimeout(this.bannerTimer);
    const hold = Math.max(1800, 2200 * anim.speed.anim);
    this.bannerTimer = setTimeout(() => {
      if (store.ui.banner !== b) return;
      anim.tween(400, (tt) => { b.alpha = 1 - tt; }).then(() => { if (store.ui.banner === b) store.ui.banner = null; });
    }, hold);
    await Promise.all([anim.wait(900), this.heldBy("trump", { seat, suit })]);   // the coach may explain it now
  }

  async trickWon(ev) {
    const { anim, renderer } = this;
    const scene = store.scene;
    // the finished trick lies on the table to be read: for the speed's time, or until the player goes on
    if (prefs.holdTrick) await this.heldUntilGoOn();
    else await anim.wait(anim.speed.hold, true);
    if (store.scene !== scene) return;   // a new game meanwhile
    sfx("trick");
    const L = renderer.layout;
    if (reducedMotion()) {
      // no flight to the pile: the trick fades where it lies
      const cards = scene.trick;
      await anim.tween(160, (tt) => { for (const c of cards) c.alpha = 1 - tt; });
      scene.trick = [];
    } else {
      const dest = L.pile[ev.seat];
      const flying = scene.trick.map(({ seat, card }) => ({ card, seat, x: L.trick[seat].x, y: L.trick[seat].y, rot: L.trick[seat].rot, scale: 1 }));
      const starts = flying.map((f) => ({ ...f }));
      scene.trick = [];
      scene.flying.push(...flying);
      renderer.invalidate();   // the trick has left the table: the mirror says so now, not when the cards land
      const small = L.bw / L.cardW * 0.8;
      await anim.tween(420, (tt) => {
        const e = ease(tt);
        flying.forEach((f, k) => {
          const s = starts[k];
          f.x = lerp(s.x, dest.x, e); f.y = lerp(s.y, dest.y, e); f.rot = lerp(s.rot, 0, e);
          f.scale = lerp(1, small, e); f.alpha = 1 - 0.5 * e;
        });
      }, { flying: true });
      scene.flying = scene.flying.filter((f) => !flying.includes(f));
    }
    scene.winningSeat = null;
    scene.tricksWon[ev.seat] += 1;
    scene.pointsTaken[ev.seat] += ev.points;
    scene.lastTrick = { cards: ev.cards, winner: ev.seat, points: ev.points, leader: ev.cards[0]?.seat };
    announce(tSeat("log.won", ev.seat, { name: nameOf(ev.seat), points: t("points", { n: ev.points }) }));
    updateToolbar();
    renderer.invalidate();
  }

  /** Drop any scene and the trump banner (a new game). */
  reset() {
    this.token = null;
    for (const done of this.resets) done();
    if (store.scene) this.endScene();
    this.dropBanner();
  }

  /** Take the trump banner off the table now. */
  dropBanner() {
    clearTimeout(this.bannerTimer);
    if (store.ui.banner) { store.ui.banner = null; this.renderer.invalidate(); }
  }
}
