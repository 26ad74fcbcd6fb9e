// Canvas renderer: draws the table model (what the engine's view and events say) at the device pixel ratio.
import { CardArt, drawDeckSuit, roundRect } from "./cards.js";
import { botCardPos, cardToTable, computeLayout, insideCard } from "./layout.js";
import { catalogReady, t, tSeat, signed } from "../i18n/i18n.js";
import { deckFor, onPrefChange, prefs, reducedMotion } from "../ui/settings.js";
import { soundStats } from "./sound.js";
import { Emitter } from "../game/events.js";
import { gameInfo, handHidden, isMyTurn, isViewer, shown, store, viewerSeat } from "../game/store.js";

const FONT = `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
const GOLD = "#f5c84c";
/** The seats of the table shown (0..n-1). */
const seatsOf = (m) => (m.players ?? [0, 1, 2]).map((_, s) => s);
const ALL_CARDS = ["S", "H", "D", "C"].flatMap((s) => ["6", "7", "8", "9", "10", "J", "Q", "K", "A"].map((r) => s + r));

/**
 * Every text size (CSS px) the table uses for layout `L`, and the weights each is drawn in: the one place the draw
 * code takes its sizes from, so that the fonts can be looked up ahead of the first frame (see warmFonts).
 */
function textSizes(L) {
  const hud = Math.max(11, Math.round(L.hud.trump.h * 0.24));
  const hudHand = Math.max(12, Math.round(L.cardW * 0.17));
  const hudSmall = Math.max(11, Math.round(hudHand * 0.82));
  const plate = Math.max(12, Math.round(L.plates[0].h * 0.32));
  const pileBadge = Math.max(9, L.cardW * 0.12);
  const peek = Math.max(12, L.cardW * 0.15);
  const sizes = {
    hud, hudLabel: hud * 0.85, hudHand, hudSmall, hudDealer: hudSmall * 0.55 * 1.3,
    plate, plateDealer: plate * 0.8, plateSub: plate * 0.78,
    pile: pileBadge * 1.2, pileBadge,
    trickLabel: Math.max(11, Math.round(L.cardW * 0.13)),
    peek, peekName: peek * 0.8,
    banner: Math.max(15, Math.round(L.cardW * 0.2)),
  };
  // the first frame's fonts first: the HUD and the name plates, then what shows later in a hand
  const fonts = [[hud, 400], [sizes.hudLabel, 700], [hudHand, 700], [hudSmall, 400], [sizes.hudDealer, 800],
    [plate, 800], [plate, 700], [sizes.plateDealer, 800], [sizes.plateSub, 400], [sizes.plateSub, 700],
    [sizes.trickLabel, 600], [sizes.trickLabel, 800], [sizes.pile, 800], [sizes.banner, 700],
    [peek, 400], [peek, 700], [sizes.peekName, 400], [sizes.peekName, 700]];
  return { ...sizes, fonts: fonts.map(([size, weight]) => fontOf(size, weight)) };
}

/** The canvas font for a size (whole pixels: each new size is a font lookup) and a weight. */
const fontOf = (size, weight = 400) => `${weight} ${Math.round(size)}px ${FONT}`;

/** The margin (CSS px) around a flying card's box: a card's edges are smoothed into the pixels beside them. */
const FLY_MARGIN = 2;

/**
 * Events (`renderer.on(name, fn)`): "invalidate": what the table shows changed (it is drawn on the next frame);
 * "drawn" (part): a frame was drawn, the whole table (part null) or only the rectangle `part` (device pixels: draw).
 */
export class Renderer extends Emitter {
  /** Draws `shown()` (the engine's view, or the animation scene) and `store.ui` (selection, peek, banner). */
  constructor(canvas) {
    super();
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.art = new CardArt();
    this.W = 0; this.H = 0; this.dpr = 1;
    this.layout = null;
    this.dirty = true;
    this.frameRequested = false;
    this.animating = 0;
    // frames drawn, those with a card in flight and those drawn only where cards fly (the test hook reads them)
    this.frames = 0; this.flyFrames = 0; this.partialFrames = 0;
    /** @type {{x0: number, y0: number, x1: number, y1: number}[]} the boxes of the cards in flight in the last frame */
    this.flownBoxes = [];
    /** @type {HTMLCanvasElement|undefined} the table under the cards in flight, for partial frames (keepUnder) */
    this.under = undefined;
    this.underDrawn = false;
    this.nudges = 0;                        // "not your turn" shakes shown
    /** @type {Set<string>|undefined} the fonts looked up already (warmFonts) */
    this.warmed = undefined;
    /** @type {Set<string>|undefined} fonts drawn that textSizes did not list (the test hook reads them) */
    this.unplanned = undefined;
    this.resize();
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
    matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`)?.addEventListener?.("change", () => this.resize());
    onPrefChange(() => this.relayout());
  }

  resize() {
    const r = this.canvas.parentElement.getBoundingClientRect();
    const dpr = Math.min(window.devicePixelRatio || 1, 3);
    const W = Math.max(200, Math.round(r.width)), H = Math.max(200, Math.round(r.height));
    if (W === this.W && H === this.H && dpr === this.dpr) return;
    this.W = W; this.H = H; this.dpr = dpr;
    this.canvas.width = Math.round(W * dpr);
    this.canvas.height = Math.round(H * dpr);
    this.canvas.style.width = W + "px";
    this.canvas.style.height = H + "px";
    this.relayout();
  }

  relayout() {
    const m = shown();
    // the model's seats; before the engine's hello (the empty table behind the loading screen) three, as any will do
    const seats = m.players?.length ?? store.hello?.seats ?? 3, perHand = gameInfo(m.game).cards_per_hand;
    this.layout = computeLayout(this.W, this.H, handHidden() ? 0 : m.hand.length, m.viewer ?? 0, seats, perHand);
    const key = this.art.key;
    this.art.setSize(this.layout.cardW, this.layout.cardH, this.dpr, deckFor());
    // in idle time, in short chunks (cards.js); not before the catalog is in (the faces' indices are its letters)
    if (key !== this.art.key && catalogReady()) this.art.prewarm(ALL_CARDS);
    this.sizes = textSizes(this.layout);
    this.planned = new Set(this.sizes.fonts);
    this.warmFonts(this.sizes.fonts);
    this.invalidate();
    this.emit("relayout");   // what sits beside the table (peer/react.js's button) follows the seats
  }

  /**
   * Look up each of the table's fonts in idle time, one a chunk, before a frame needs it. The first use of a font
   * (a face and a size) costs the browser a lookup: 2-20 ms each on the test machine, four times that on a slow
   * phone; the first table frame after loading used a dozen at once (one long task: Lighthouse's blocking time).
   */
  warmFonts(fonts) {
    const todo = fonts.filter((f) => !this.warmed?.has(f));
    this.warmed ??= new Set();
    const step = () => {
      const f = todo.shift();
      if (f === undefined) return;
      if (!this.warmed.has(f)) {
        this.warmed.add(f);
        const ctx = this.ctx;
        ctx.save();
        ctx.font = f;
        ctx.measureText("Ag 0·");
        ctx.restore();
      }
      if (todo.length) schedule();
    };
    const schedule = () => (window.requestIdleCallback ? requestIdleCallback(step, { timeout: 1000 }) : setTimeout(step, 16));
    if (todo.length) schedule();
  }

  invalidate() {
    this.dirty = true;
    if (!this.frameRequested) {
      this.frameRequested = true;
      requestAnimationFrame(() => { this.frameRequested = false; if (this.dirty) this.draw(); });
    }
    this.emit("invalidate");   // the DOM mirror, the Undo button
  }

  /** What the table shows beyond the model, for the test hook: the deck, and frames drawn with cards in flight. */
  tableState() {
    const L = this.layout, m = shown();
    const raised = m.hand.map((_, i) => i).filter((i) => this.liftOf(i) > 0);
    return {
      deck: this.art.deck, flyFrames: this.flyFrames, frames: this.frames, partialFrames: this.partialFrames, raised, rows: L?.rows ?? 1,
      reducedMotion: reducedMotion(), sound: { ...soundStats }, nudges: this.nudges, livePoints: prefs.livePoints,
      handDrawn: this.handDrawn ?? 0,   // hand cards drawn in the last frame (none behind the hand-over screen)
      winningSeat: m.winningSeat ?? null, toPlay: m.toPlay ?? null,
      unplannedFonts: [...(this.unplanned ?? [])],   // fonts drawn that textSizes did not warm up (none expected)
      // the width of each hand card left free by its neighbour in the same row: what a finger can tap
      tapWidths: m.hand.map((_, i) => {
        const a = L.hand[i], b = L.hand[i + 1];
        return b && Math.abs(b.y - a.y) < L.cardH * 0.2 && b.x > a.x ? b.x - a.x : L.cardW;
      }),
    };
  }

  // ------------------------------------------------------------------ geometry used by input and the test hook
  /** How far hand card i is raised by a choice of the player (not by being playable): a raised (tapped) card, the
   *  keyboard's focused card, the card under the mouse. */
  liftOf(i) {
    const L = this.layout, ui = store.ui;
    if (i === ui.raised) return L.cardH * 0.12;
    if (i === ui.selected && ui.focusVisible) return L.cardH * 0.09;
    if (i === ui.hover) return L.cardH * 0.05;
    return 0;
  }

  handCardPos(i) {
    const L = this.layout, m = shown(), base = L.hand[i];
    if (!base) return null;
    let lift = this.liftOf(i);
    if (isMyTurn() && m.legal.has(m.hand[i])) lift += L.cardH * 0.07;
    let x = base.x;
    const nudge = store.ui.nudge;
    if (nudge && nudge.i === i) x += Math.sin(nudge.t * Math.PI * 6) * L.cardW * 0.06 * (1 - nudge.t);
    return { x, y: base.y - lift, rot: base.rot };
  }

  /** Shake hand card i briefly: a tap that cannot play now (not your turn) is seen, not silently dropped. */
  nudge(i, anim) {
    this.nudges++;
    if (i < 0 || reducedMotion()) { this.invalidate(); return; }
    const n = { i, t: 0 };
    store.ui.nudge = n;
    anim.tween(360, (tt) => { n.t = tt; }, { raw: true }).then(() => { if (store.ui.nudge === n) store.ui.nudge = null; this.invalidate(); });
  }

  /** Index of the topmost hand card under (x, y), or -1. */
  handIndexAt(x, y) {
    const L = this.layout, m = shown(), visible = store.scene?.handVisible;
    if (handHidden()) return -1;
    for (let i = m.hand.length - 1; i >= 0; i--) {
      if (visible != null && i >= visible) continue;
      const p = this.handCardPos(i);
      if (p && insideCard(x, y, p, L.cardW, L.cardH)) return i;
    }
    return -1;
  }

  /** A point inside the visible part of hand card i (table coordinates), checked by hit-testing. */
  handClickPoint(i) {
    const L = this.layout, p = this.handCardPos(i);
    const visible = i === shown().hand.length - 1 ? L.cardW : Math.min(L.step, L.cardW);
    for (const [fx, fy] of [[0.45, -0.3], [0.3, -0.1], [0.5, 0.1], [0.2, 0.3]]) {
      const q = cardToTable(p, -L.cardW / 2 + visible * fx, L.cardH * fy);
      if (this.handIndexAt(q.x, q.y) === i) return q;
    }
    return null;
  }

  pileAt(x, y) {
    const L = this.layout;
    for (const s of seatsOf(shown())) {
      const p = L.pile[s];
      if (Math.abs(x - p.x) < L.bw * 0.7 && Math.abs(y - p.y) < L.bh * 0.7) return s;
    }
    return -1;
  }

  seatAnchor(seat) {  // where a seat's cards come from / tricks go to
    const L = this.layout;
    if (seat === L.viewer) return { x: L.W / 2, y: L.H - L.cardH * 0.4, rot: 0 };
    return { x: L.bots[seat].x, y: L.bots[seat].y, rot: L.bots[seat].rot };
  }

  // ------------------------------------------------------------------------------------------------ drawing
  card(code, x, y, rot, scale = 1, alpha = 1) {
    const L = this.layout, ctx = this.ctx;
    const w = L.cardW * scale, h = L.cardH * scale;
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(x, y); ctx.rotate(rot);
    const sh = this.art.shadow(), pad = this.art.shadowPad * scale;
    ctx.drawImage(sh, -w / 2 - pad, -h / 2 - pad + 2 * scale, w + 2 * pad, h + 2 * pad);
    ctx.drawImage(this.art.get(code), -w / 2, -h / 2, w, h);
    ctx.restore();
  }

  /**
   * Draw a frame. `onlyFlying` (the animator: each tween running moves nothing but cards in flight, and each ran in
   * the last frame): unless the table was invalidated since the last frame (a change of the model or the UI, a new
   * size or layout) or the last trick is peeked at (it dims the whole table), only the rectangle where cards flew in
   * the last frame or fly now can change, and only it is drawn (a partial frame: see drawPart).
   */
  draw(onlyFlying = false) {
    const boxes = this.flyingBoxes();
    let part = onlyFlying && !this.dirty && !store.ui.peek ? this.partRect([...this.flownBoxes, ...boxes]) : null;
    this.dirty = false;
    this.flownBoxes = boxes;
    this.frames++;
    if (boxes.length) this.flyFrames++;
    if (part && this.underDrawn) {
      this.partialFrames++;
      this.drawPart(part);
    } else {
      // a whole frame; the first one that could have been partial also keeps what lies under the cards in flight
      this.underDrawn = false;   // else what lies under them may have changed
      this.paint(!!part);
      part = null;
    }
    this.emit("drawn", part);
  }

  /**
   * Paint the whole table. `keepUnder`: keep a copy of the table under the cards in flight, as this canvas has just
   * drawn it, for the partial frames that follow (see drawPart).
   */
  paint(keepUnder = false) {
    if (!this.layout) return;
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawUnder();
    if (keepUnder) this.keepUnder();
    this.drawOver();
  }

  /**
   * A partial frame: in `part` (device pixels), the table under the cards in flight as a whole frame drew it (kept
   * by the whole frame before the first partial one), then what lies over it there: the cards in flight, the banner.
   * Each of these lies wholly inside `part` (see flyingBoxes and partRect), so its pixels are those of a whole frame;
   * a canvas clip would not do: Skia smooths the edges of a shape that a clip cuts a little differently.
   * @param {{x: number, y: number, w: number, h: number, banner: boolean}} part
   */
  drawPart({ x, y, w, h, banner }) {
    if (!w || !h) return;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(/** @type {HTMLCanvasElement} */ (this.under), x, y, w, h, x, y, w, h);
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawFlying();
    if (banner) this.drawBanner(store.ui.banner.text, store.ui.banner.alpha);
  }

  /**
   * Keep a copy of this canvas as it is (the table under the cards in flight, just drawn) for the partial frames. A
   * copy, not a second drawing in a canvas of its own: the plates' text drawn in another canvas came out a little
   * different now and then under load (a glyph half a pixel off), so a partial frame differed from a whole one.
   */
  keepUnder() {
    const c = this.canvas;
    if (this.under?.width !== c.width || this.under?.height !== c.height) {
      this.under = document.createElement("canvas");
      this.under.width = c.width; this.under.height = c.height;
    }
    const uctx = /** @type {CanvasRenderingContext2D} */ (this.under.getContext("2d", { alpha: false }));
    uctx.drawImage(c, 0, 0);
    this.underDrawn = true;
  }

  /** The boxes (table px) that hold each card in flight, its shadow included, however it is turned: its centre ±
   *  the half-diagonal of the card and its shadow sprite (see card()), and a margin. */
  flyingBoxes() {
    const L = this.layout, flying = store.scene?.flying ?? [];
    if (!L || !flying.length) return [];
    const pad = (this.art.shadow(), this.art.shadowPad);
    return flying.map((f) => {
      const r = Math.hypot(L.cardW / 2 + pad, L.cardH / 2 + pad + 2) * (f.scale ?? 1) + FLY_MARGIN;
      return { x0: f.x - r, y0: f.y - r, x1: f.x + r, y1: f.y + r };
    });
  }

  /** The device pixels a partial frame draws: those of `boxes` (table px), and all of the banner's if they meet it. */
  partRect(boxes) {
    const r = this.deviceRect(boxes), ui = store.ui;
    if (!r.w || !(ui.banner?.alpha > 0)) return { ...r, banner: false };
    const b = this.deviceRect([this.bannerBox(ui.banner.text)]);
    if (b.x >= r.x + r.w || r.x >= b.x + b.w || b.y >= r.y + r.h || r.y >= b.y + b.h) return { ...r, banner: false };
    const x = Math.min(r.x, b.x), y = Math.min(r.y, b.y);
    return { x, y, w: Math.max(r.x + r.w, b.x + b.w) - x, h: Math.max(r.y + r.h, b.y + b.h) - y, banner: true };
  }

  /** The rectangle of whole device pixels that covers `boxes` (table px), cut to the canvas; w = h = 0 for none. */
  deviceRect(boxes) {
    const d = this.dpr, c = this.canvas;
    const x0 = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.x0)) * d));
    const y0 = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.y0)) * d));
    const x1 = Math.min(c.width, Math.ceil(Math.max(...boxes.map((b) => b.x1)) * d));
    const y1 = Math.min(c.height, Math.ceil(Math.max(...boxes.map((b) => b.y1)) * d));
    return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : { x: 0, y: 0, w: 0, h: 0 };
  }

  /** The table's layers under the cards in flight, bottom to top. */
  drawUnder() {
    const L = this.layout, m = shown(), ui = store.ui;
    this.drawFelt();
    if (!m.players) return;
    this.drawHud();
    for (const s of L.others) this.drawBot(s);
    for (const s of seatsOf(m)) { this.drawPlate(s); this.drawPile(s); }
    // a friend's reaction (play together), by the seat that sent it, for a few seconds
    for (const [s, text] of ui.reactions ?? []) if (L.plates[s]) this.drawReaction(s, text);
    this.drawTrick(m);
    this.drawTrickLabels();
    this.drawHand();
  }

  /** The cards in flight and what lies over them (a partial frame draws the same: see drawPart). */
  drawOver() {
    const ui = store.ui;
    if (!shown().players) return;
    this.drawFlying();
    if (ui.peek) this.drawPeek();
    if (ui.banner && ui.banner.alpha > 0) this.drawBanner(ui.banner.text, ui.banner.alpha);
  }

  /** The current trick, and the card winning it so far (the engine says which). */
  drawTrick(m) {
    for (const { seat, card, alpha } of m.trick) {
      const p = this.layout.trick[seat];
      this.card(card, p.x, p.y, p.rot, 1, alpha ?? 1);
    }
    if (m.winningSeat != null && m.trick.some((c) => c.seat === m.winningSeat && c.alpha == null)) this.drawWinning(m.winningSeat);
  }

  /** The cards in flight (played, gathered). */
  drawFlying() {
    const flying = store.scene?.flying ?? [];
    for (const f of flying) this.card(f.card, f.x, f.y, f.rot, f.scale ?? 1, f.alpha ?? 1);
  }

  drawFelt() {
    // the felt is painted once per size into an offscreen canvas: a frame only copies it
    const key = `${this.W}x${this.H}@${this.dpr}`;
    if (this.feltKey !== key) {
      this.feltKey = key;
      this.felt = document.createElement("canvas");
      this.felt.width = this.canvas.width; this.felt.height = this.canvas.height;
      const fctx = this.felt.getContext("2d");
      fctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.paintFelt(fctx);
    }
    this.ctx.save();
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.drawImage(this.felt, 0, 0);
    this.ctx.restore();
  }

  paintFelt(ctx) {
    const { W, H } = this;
    const g = ctx.createRadialGradient(W / 2, H * 0.42, Math.min(W, H) * 0.1, W / 2, H * 0.45, Math.max(W, H) * 0.75);
    g.addColorStop(0, "#2f8a57"); g.addColorStop(0.6, "#1f6b41"); g.addColorStop(1, "#123f27");
    ctx.fillStyle = g; ctx.fillRect(0, 0, W, H);
    const L = this.layout;
    ctx.save();
    ctx.strokeStyle = "rgba(255,255,255,0.07)"; ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.ellipse(L.cx, L.cy, Math.min(W * 0.36, L.cardW * 3.4), L.cardH * 1.15, 0, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  }

  /**
   * A label; one wider than `maxW` is set smaller (down to 72%) to fit, and squeezed only beyond that.
   * @param {string} str @param {number} x @param {number} y
   * @param {{size?: number, weight?: number, color?: string, align?: CanvasTextAlign, base?: CanvasTextBaseline, maxW?: number}} [style]
   */
  text(str, x, y, { size = 14, weight = 400, color = "#fff", align = "left", base = "alphabetic", maxW } = {}) {
    const ctx = this.ctx;
    // whole pixels: each new font size costs the browser a font lookup at its first use (2-8 ms each on a test
    // machine; fractional sizes made dozens of them in the first frame); fillText's maxW squeezes what is left over
    const px = Math.round(size), font = fontOf(px, weight);
    if (this.planned && !this.planned.has(font)) (this.unplanned ??= new Set()).add(font);   // a size textSizes does not list
    ctx.font = font;
    const w = maxW ? ctx.measureText(str).width : 0;
    if (w > maxW) ctx.font = `${weight} ${Math.floor(Math.max(px * 0.72, px * maxW / w))}px ${FONT}`;
    ctx.fillStyle = color; ctx.textAlign = align; ctx.textBaseline = base;
    ctx.fillText(str, x, y, maxW);
  }

  drawHud() {
    const ctx = this.ctx, L = this.layout, m = shown();
    const S = this.sizes, fs = S.hud;
    const b = { ...L.hud.trump };
    if (m.trump) {   // grow the panel to fit "fixed by <name>" rather than squeezing the text
      ctx.font = fontOf(fs);
      const need = ctx.measureText(tSeat("hud.fixedBy", m.trumpFixedBy, { name: m.players[m.trumpFixedBy]?.name ?? "" })).width + b.h * 0.72 + 34;
      b.w = Math.min(Math.max(b.w, need), L.W * 0.5);
    }
    ctx.save();
    roundRect(ctx, b.x, b.y, b.w, b.h, 10);
    ctx.fillStyle = "rgba(8,30,18,0.62)"; ctx.fill();
    ctx.strokeStyle = m.trump ? "rgba(245,200,76,0.75)" : "rgba(255,255,255,0.18)"; ctx.lineWidth = 1.5; ctx.stroke();
    this.text(t("hud.trump").toUpperCase(), b.x + 10, b.y + fs + 4, { size: S.hudLabel, weight: 700, color: "rgba(255,255,255,0.7)" });
    if (m.trump) {
      const r = b.h * 0.36;
      ctx.beginPath(); ctx.arc(b.x + b.w - r - 8, b.y + b.h / 2, r, 0, Math.PI * 2);
      ctx.fillStyle = "#fbf8f0"; ctx.fill();
      drawDeckSuit(ctx, this.art.deck, m.trump, b.x + b.w - r - 8, b.y + b.h / 2, r * 1.25);
      const who = m.players[m.trumpFixedBy]?.name ?? "";
      this.text(tSeat("hud.fixedBy", m.trumpFixedBy, { name: who }), b.x + 10, b.y + b.h - 10, { size: fs, color: "#fff", maxW: b.w - 2 * r - 24 });
    } else {
      this.text(t("hud.noTrump"), b.x + 10, b.y + b.h - 10, { size: fs, color: "rgba(255,255,255,0.85)", maxW: b.w - 16 });
    }
    const hs = S.hudHand;
    const x = L.hud.hand.x;
    let y = L.hud.hand.y + hs + 2;
    if (m.handNo) this.text(t(m.openEnded ? "hud.handOpen" : "hud.hand", { n: m.handNo, total: m.handsTotal }), x, y,
      { size: hs, weight: 700, align: "right", color: "rgba(255,255,255,0.9)" });
    const small = S.hudSmall, maxW = L.W * 0.42;
    if (prefs.livePoints && m.handNo) {   // the running total of the hand's card points
      const taken = (m.pointsTaken || []).reduce((a, b) => a + b, 0);
      y += small + 7;
      // out of the card points of a hand, last trick included (the engine's hello says how many)
      this.text(t("hud.points", { n: taken, total: store.hello.hand_points }), x, y, { size: small, align: "right", color: "rgba(255,255,255,0.85)", maxW });
    }
    // the legend of the name plates: the dealer's badge and the net score
    y += small + 7;
    const legend = `${t("seat.dealer")} · ${t("hud.netLegend")}`;
    ctx.font = fontOf(small);
    const w = Math.min(ctx.measureText(legend).width, maxW - small * 1.6), r = small * 0.55;
    this.text(legend, x, y, { size: small, align: "right", color: "rgba(255,255,255,0.7)", maxW: maxW - small * 1.6 });
    const bx = x - w - r - 5, by = y - small * 0.36;
    ctx.beginPath(); ctx.arc(bx, by, r, 0, Math.PI * 2);
    ctx.fillStyle = "#fbf8f0"; ctx.fill();
    this.text(t("seat.dealerMark"), bx, by + 1, { size: S.hudDealer, weight: 800, color: "#1b1d22", align: "center", base: "middle" });
    ctx.restore();
  }

  /** The explanation of what is under the pointer (the canvas's tooltip): a name plate's badge, net and points. */
  tooltipAt(x, y) {
    const L = this.layout, m = shown();
    if (!L || !m.players) return "";
    for (const s of seatsOf(m)) {
      const p = L.plates[s];
      if (x < p.x || x > p.x + p.w || y < p.y || y > p.y + p.h) continue;
      const parts = [m.players[s].name];
      if (m.dealer === s) parts.push(t("seat.dealer"));
      parts.push(`${t("sheet.net")} ${signed(m.net?.[s] ?? 0)}`);
      if (prefs.livePoints) parts.push(t("seat.pointsShort", { n: m.pointsTaken?.[s] ?? 0 }));
      return parts.join(" · ");
    }
    return "";
  }

  drawBot(seat) {
    // a bot's stack of backs is painted once per (size, count) into a sprite: one blit per frame instead of
    // two dozen rotated, scaled images (software-rendered canvases pay for each at commit time)
    const L = this.layout, m = shown(), deal = store.scene?.dealVisible;
    const n = deal ? deal[seat] : m.counts[seat];
    if (!n) return;
    const key = `${this.art.key}|${L.W}x${L.H}|${seat}@${L.viewer}/${L.others.length + 1}|${n}`;
    this.stackSprites = this.stackSprites || new Map();
    let sp = this.stackSprites.get(key);
    if (!sp) {
      if (this.stackSprites.size > 64) this.stackSprites.clear();
      const pad = L.bw * 0.2;
      const b = L.bots[seat], long = L.stackStep * (n - 1);
      // a side seat's backs lie turned down its side; the seat across's upright along the top
      const w = (b.axis === "x" ? L.bw + long : L.bh) + 2 * pad, h = (b.axis === "x" ? L.bh : L.bw + long) + 2 * pad;
      const c = document.createElement("canvas");
      c.width = Math.ceil(w * this.dpr); c.height = Math.ceil(h * this.dpr);
      const x0 = b.x - w / 2, y0 = b.y - h / 2;
      const saved = this.ctx;
      this.ctx = c.getContext("2d");
      this.ctx.setTransform(this.dpr, 0, 0, this.dpr, -x0 * this.dpr, -y0 * this.dpr);
      for (let k = 0; k < n; k++) {
        const p = botCardPos(L, seat, k, n);
        this.card("back", p.x, p.y, p.rot, L.bw / L.cardW);
      }
      this.ctx = saved;
      sp = { c, x: x0, y: y0, w, h };
      this.stackSprites.set(key, sp);
    }
    this.ctx.drawImage(sp.c, sp.x, sp.y, sp.w, sp.h);
  }

  drawPlate(seat) {
    const ctx = this.ctx, L = this.layout, m = shown(), p = L.plates[seat];
    const player = m.players[seat];
    // nobody is to play while the cards are dealt or a finished trick still lies on the table (its winner leads next)
    const active = m.phase === "play" && m.toPlay === seat && !store.scene?.dealing && m.trick.length < m.players.length;
    ctx.save();
    if (active) { ctx.shadowColor = GOLD; ctx.shadowBlur = 14; }
    roundRect(ctx, p.x, p.y, p.w, p.h, 10);
    ctx.fillStyle = active ? "rgba(60,45,8,0.85)" : "rgba(8,30,18,0.7)"; ctx.fill();
    ctx.shadowBlur = 0;
    ctx.lineWidth = active ? 2.5 : 1; ctx.strokeStyle = active ? GOLD : "rgba(255,255,255,0.2)"; ctx.stroke();
    const S = this.sizes, fs = S.plate;
    const pad = 9;
    let nameX = p.x + pad;
    if (m.dealer === seat) nameX += this.drawDealerMark(p.x + pad, p.y + p.h * 0.34, fs * 0.62) + 6;
    const net = m.net?.[seat] ?? 0;
    const netText = signed(net);
    ctx.font = fontOf(fs, 800);
    // the name gets what the net score leaves, with a gap (a long name is squeezed, never drawn into the score)
    const nameW = p.x + p.w - pad - ctx.measureText(netText).width - 8 - nameX;
    this.text(player.name, nameX, p.y + p.h * 0.34, { size: fs, weight: 700, base: "middle", maxW: nameW });
    const netColor = net > 0 ? "#b9f6ca" : net < 0 ? "#ffcdd2" : "#fff";
    this.text(netText, p.x + p.w - pad, p.y + p.h * 0.34, { size: fs, weight: 800, align: "right", base: "middle", color: netColor });
    this.text(this.plateLine(seat, active), p.x + pad, p.y + p.h * 0.76,
      { size: S.plateSub, color: active ? GOLD : "rgba(255,255,255,0.8)", base: "middle", weight: active ? 700 : 400, maxW: p.w - 2 * pad });
    ctx.restore();
  }

  /** The dealer's marker, a disc of radius `r` whose left edge is at `x`, centred on `y`; returns its width. */
  drawDealerMark(x, y, r) {
    const ctx = this.ctx;
    ctx.beginPath(); ctx.arc(x + r, y, r, 0, Math.PI * 2);
    ctx.fillStyle = "#fbf8f0"; ctx.fill();
    this.text(t("seat.dealerMark"), x + r, y + 1, { size: this.sizes.plateDealer, weight: 800, color: "#1b1d22", align: "center", base: "middle" });
    return 2 * r;
  }

  /** A plate's second line: whose turn it is, or the seat's cards (or live points) and tricks. */
  plateLine(seat, active) {
    const m = shown();
    // a friend who lost the connection (play together) is "away" in place of the turn and the counts
    if (store.ui.away?.has(seat)) return t("seat.away");
    if (active) return isViewer(seat) ? t("hud.yourTurn") : t("hud.turn", { name: m.players[seat].name });
    // live points (a setting) take the place of the card count, which the stacks show anyway
    const first = prefs.livePoints ? t("seat.pointsShort", { n: m.pointsTaken?.[seat] ?? 0 }) : t("seat.cards", { n: m.counts[seat] });
    return `${first} · ${t("seat.tricks", { n: m.tricksWon[seat] })}`;
  }

  /** A speech bubble with `text` (a reaction) by seat `seat`'s name plate: above the viewer's, under the others'. */
  drawReaction(seat, text) {
    const ctx = this.ctx, p = this.layout.plates[seat], fs = Math.round(this.sizes.plate * 1.25);
    ctx.save();
    ctx.font = fontOf(fs, 700);
    const w = Math.min(ctx.measureText(text).width + fs * 1.2, Math.max(p.w * 1.6, fs * 6)), h = fs * 1.9;
    const x = Math.max(4, Math.min(this.W - w - 4, p.x + p.w / 2 - w / 2));
    // the viewer's plate is at the bottom: above it; the others' are at the top: under them (the HUD is above)
    const y = p.y > this.H / 2 ? p.y - h - 8 : p.y + p.h + 8;
    ctx.shadowColor = "rgba(0,0,0,0.35)"; ctx.shadowBlur = 8;
    roundRect(ctx, x, y, w, h, h / 2);
    ctx.fillStyle = "#fbf8f0"; ctx.fill();
    ctx.restore();
    this.text(text, x + w / 2, y + h / 2 + 1, { size: fs, weight: 700, color: "#1b1d22", align: "center", base: "middle", maxW: w - fs * 0.6 });
  }

  /** Where the viewer's name plate is, in CSS pixels of the page (peer/react.js sets its button beside it). */
  viewerPlateRect() {
    const p = this.layout?.plates?.[viewerSeat()], box = this.canvas.getBoundingClientRect();
    return p ? { x: box.left + p.x, y: box.top + p.y, w: p.w, h: p.h } : null;
  }

  drawPile(seat) {
    const L = this.layout, m = shown(), n = m.tricksWon[seat];
    if (!n) return;
    const p = L.pile[seat], s = L.bw / L.cardW * 0.8;
    for (let k = 0; k < Math.min(n, 4); k++) this.card("back", p.x + k * 2, p.y - k * 2, 0.12 * (seat === L.others[0] ? -1 : 1), s);
    const ctx = this.ctx, r = this.sizes.pileBadge;
    ctx.beginPath(); ctx.arc(p.x + L.bw * 0.35, p.y - L.bh * 0.3, r, 0, Math.PI * 2);
    ctx.fillStyle = GOLD; ctx.fill();
    this.text(String(n), p.x + L.bw * 0.35, p.y - L.bh * 0.3 + 1, { size: this.sizes.pile, weight: 800, color: "#1b1d22", align: "center", base: "middle" });
  }

  /** A gold frame around the trick card that wins so far. */
  drawWinning(seat) {
    const ctx = this.ctx, L = this.layout, p = L.trick[seat];
    ctx.save();
    ctx.translate(p.x, p.y); ctx.rotate(p.rot);
    roundRect(ctx, -L.cardW / 2 - 3, -L.cardH / 2 - 3, L.cardW + 6, L.cardH + 6, L.cardW * 0.1);
    ctx.lineWidth = 5; ctx.strokeStyle = "rgba(20,14,2,0.7)"; ctx.stroke();
    ctx.lineWidth = 3; ctx.strokeStyle = GOLD; ctx.stroke();
    ctx.restore();
  }

  /** Who played what: a small name tag beside each card of the current trick. */
  drawTrickLabels() {
    const L = this.layout, m = shown(), fs = this.sizes.trickLabel;
    for (const { seat } of m.trick) {
      const p = L.trick[seat], win = seat === m.winningSeat;
      this.text(m.players[seat].name, p.x, p.y + L.cardH / 2 + fs + 6, {
        size: fs, weight: win ? 800 : 600, align: "center", color: win ? GOLD : "rgba(255,255,255,0.85)", maxW: L.cardW * 1.3,
      });
    }
  }

  drawHand() {
    // the hand is painted into a sprite when it changes (a card played, a turn, a lift, the focus): a frame with
    // cards in flight blits it once instead of drawing two dozen rotated images (a software-rendered canvas pays for
    // each at commit time: about 10 ms a frame on a test machine, the bulk of a frame)
    const L = this.layout, m = shown(), ui = store.ui;
    this.handDrawn = 0;
    if (handHidden()) return;   // the hand-over screen: no one's cards on the table
    const n = Math.min(store.scene?.handVisible ?? m.hand.length, m.hand.length);
    this.handDrawn = n;
    if (!n) return;
    const myTurn = isMyTurn();
    const cards = m.hand.slice(0, n).map((code, i) => ({ code, p: this.handCardPos(i), legal: m.legal.has(code),
      trump: !!m.trump && code[0] === m.trump, focus: i === ui.selected && ui.focusVisible }));
    const key = `${this.art.key}|${L.W}x${L.H}|${myTurn}|${cards.map(({ code, p, legal, trump, focus }) =>
      `${code}@${p.x.toFixed(2)},${p.y.toFixed(2)},${p.rot.toFixed(4)}${legal ? "L" : ""}${trump ? "T" : ""}${focus ? "F" : ""}`).join(";")}`;
    if (this.handSprite?.key !== key) {
      const d = this.dpr, r = Math.hypot(L.cardW, L.cardH) / 2 + (this.art.shadow(), this.art.shadowPad) + 8;
      const xs = cards.map((c) => c.p.x), ys = cards.map((c) => c.p.y);
      const x0 = Math.max(0, Math.floor((Math.min(...xs) - r) * d) / d), y0 = Math.max(0, Math.floor((Math.min(...ys) - r) * d) / d);
      const x1 = Math.min(L.W, Math.max(...xs) + r), y1 = Math.min(L.H, Math.max(...ys) + r);
      const c = document.createElement("canvas");
      c.width = Math.max(1, Math.ceil((x1 - x0) * d)); c.height = Math.max(1, Math.ceil((y1 - y0) * d));
      const saved = this.ctx;
      this.ctx = c.getContext("2d");
      this.ctx.setTransform(d, 0, 0, d, -x0 * d, -y0 * d);
      for (const card of cards) this.handCard(card, myTurn);
      this.ctx = saved;
      this.handSprite = { key, c, x: x0, y: y0, w: c.width / d, h: c.height / d };
    }
    const sp = this.handSprite;
    this.ctx.drawImage(sp.c, sp.x, sp.y, sp.w, sp.h);
  }

  /** One hand card where handCardPos puts it: the card, its trump mark, dimmed when not playable on your turn (else
   *  rimmed in gold), the keyboard focus ring. */
  handCard({ code, p, legal, trump, focus }, myTurn) {
    const ctx = this.ctx, L = this.layout;
    this.card(code, p.x, p.y, p.rot);
    ctx.save();
    ctx.translate(p.x, p.y); ctx.rotate(p.rot);
    if (trump) this.trumpBadge(-L.cardW * 0.37, -L.cardH * 0.12, L.cardW * 0.1);
    if (myTurn && !legal) {
      roundRect(ctx, -L.cardW / 2, -L.cardH / 2, L.cardW, L.cardH, L.cardW * 0.08);
      ctx.fillStyle = "rgba(10,25,18,0.5)"; ctx.fill();
    } else if (myTurn && legal) {
      roundRect(ctx, -L.cardW / 2 + 1, -L.cardH / 2 + 1, L.cardW - 2, L.cardH - 2, L.cardW * 0.08);
      ctx.lineWidth = 3; ctx.strokeStyle = GOLD; ctx.stroke();
    }
    if (focus) {
      roundRect(ctx, -L.cardW / 2 - 3, -L.cardH / 2 - 3, L.cardW + 6, L.cardH + 6, L.cardW * 0.1);
      ctx.lineWidth = 3; ctx.strokeStyle = "#5ab0ff"; ctx.stroke();
    }
    ctx.restore();
  }

  /** The mark of a trump card in the hand: a gold star in a dark disc, under the corner index (never covered). */
  trumpBadge(x, y, r) {
    const ctx = this.ctx;
    ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(20,14,2,0.9)"; ctx.fill();
    ctx.lineWidth = Math.max(1, r * 0.18); ctx.strokeStyle = GOLD; ctx.stroke();
    ctx.beginPath();
    for (let k = 0; k < 10; k++) {
      const a = -Math.PI / 2 + k * Math.PI / 5, q = k % 2 ? r * 0.36 : r * 0.8;
      ctx.lineTo(x + Math.cos(a) * q, y + Math.sin(a) * q);
    }
    ctx.closePath(); ctx.fillStyle = GOLD; ctx.fill();
  }

  drawPeek() {
    const ctx = this.ctx, L = this.layout, m = shown();
    ctx.save();
    ctx.fillStyle = "rgba(0,0,0,0.55)"; ctx.fillRect(0, 0, L.W, L.H);   // the table behind, dimmed
    const w = Math.min(L.W - 20, L.cardW * 4.2), h = L.cardH * 1.75;
    const x = L.cx - w / 2, y = L.cy - h / 2 - L.cardH * 0.1;
    roundRect(ctx, x, y, w, h, 14);
    ctx.fillStyle = "#0b2416"; ctx.fill();   // opaque: the current trick does not show through
    ctx.strokeStyle = GOLD; ctx.lineWidth = 1.5; ctx.stroke();
    const fs = this.sizes.peek;
    const lt = m.lastTrick;
    if (!lt) {
      this.text(t("peek.none"), L.cx, y + h / 2, { size: fs, align: "center", base: "middle" });
    } else {
      this.text(tSeat("peek.title", lt.winner, { name: m.players[lt.winner].name, points: t("points", { n: lt.points }) }), L.cx, y + fs + 8,
        { size: fs, weight: 700, align: "center", maxW: w - 16 });
      const s = 0.78;
      lt.cards.forEach(({ seat, card }, k) => {
        const px = L.cx + (k - 1) * L.cardW * 0.95, py = y + h / 2 + fs * 0.6;
        this.card(card, px, py, 0, s);
        const won = seat === lt.winner;
        this.text(m.players[seat].name, px, py + L.cardH * s / 2 + fs,
          { size: this.sizes.peekName, align: "center", color: won ? GOLD : "#fff", weight: won ? 700 : 400, maxW: L.cardW });
      });
    }
    ctx.restore();
  }

  /** The trump banner's size (table px), centred on the layout's banner point; sets the banner's font. */
  bannerSize(text) {
    const fs = this.sizes.banner;
    this.ctx.font = fontOf(fs, 700);
    return { w: Math.min(this.ctx.measureText(text).width, this.layout.W - 40) + fs * 2, h: fs * 2.2 };
  }

  /** The trump banner's box (table px), with its frame and the smoothing of its edges. */
  bannerBox(text) {
    const c = this.layout.banner, { w, h } = this.bannerSize(text), r = { x: w / 2 + 2, y: h / 2 + 2 };
    return { x0: c.x - r.x, y0: c.y - r.y, x1: c.x + r.x, y1: c.y + r.y };
  }

  drawBanner(text, alpha) {
    const ctx = this.ctx, L = this.layout;
    const fs = this.sizes.banner;
    ctx.save();
    ctx.globalAlpha = alpha;
    const { w, h } = this.bannerSize(text);
    roundRect(ctx, L.banner.x - w / 2, L.banner.y - h / 2, w, h, h / 2);
    ctx.fillStyle = "rgba(20,14,2,0.88)"; ctx.fill();
    ctx.strokeStyle = GOLD; ctx.lineWidth = 2; ctx.stroke();
    this.text(text, L.banner.x, L.banner.y + 1, { size: fs, weight: 700, align: "center", base: "middle", color: "#fff6dc", maxW: L.W - 40 });
    ctx.restore();
  }
}
