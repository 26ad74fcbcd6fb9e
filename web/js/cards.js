// Drawing of cards: suit symbols as canvas paths, faces and backs pre-rendered once per size (cheap frames).
import { cardRank, cardSuit } from "./i18n.js";

export const RED = "#c0262d";
export const BLACK = "#1b1d22";
export const suitColor = (s) => (s === "H" || s === "D" ? RED : BLACK);

/** Trace a suit symbol centred on (x, y) with total height `size`. */
export function suitPath(ctx, suit, x, y, size) {
  const s = size / 2;
  ctx.beginPath();
  if (suit === "D") {
    ctx.moveTo(x, y - s);
    ctx.quadraticCurveTo(x + s * 0.35, y - s * 0.35, x + s * 0.78, y);
    ctx.quadraticCurveTo(x + s * 0.35, y + s * 0.35, x, y + s);
    ctx.quadraticCurveTo(x - s * 0.35, y + s * 0.35, x - s * 0.78, y);
    ctx.quadraticCurveTo(x - s * 0.35, y - s * 0.35, x, y - s);
  } else if (suit === "H") {
    ctx.moveTo(x, y + s);
    ctx.bezierCurveTo(x - s * 0.35, y + s * 0.55, x - s, y + s * 0.15, x - s, y - s * 0.35);
    ctx.bezierCurveTo(x - s, y - s * 0.95, x - s * 0.15, y - s * 1.0, x, y - s * 0.5);
    ctx.bezierCurveTo(x + s * 0.15, y - s * 1.0, x + s, y - s * 0.95, x + s, y - s * 0.35);
    ctx.bezierCurveTo(x + s, y + s * 0.15, x + s * 0.35, y + s * 0.55, x, y + s);
  } else if (suit === "S") {
    ctx.moveTo(x, y - s);
    ctx.bezierCurveTo(x + s * 0.35, y - s * 0.5, x + s, y - s * 0.2, x + s, y + s * 0.28);
    ctx.bezierCurveTo(x + s, y + s * 0.72, x + s * 0.35, y + s * 0.78, x + s * 0.08, y + s * 0.42);
    ctx.quadraticCurveTo(x + s * 0.12, y + s * 0.8, x + s * 0.42, y + s);
    ctx.lineTo(x - s * 0.42, y + s);
    ctx.quadraticCurveTo(x - s * 0.12, y + s * 0.8, x - s * 0.08, y + s * 0.42);
    ctx.bezierCurveTo(x - s * 0.35, y + s * 0.78, x - s, y + s * 0.72, x - s, y + s * 0.28);
    ctx.bezierCurveTo(x - s, y - s * 0.2, x - s * 0.35, y - s * 0.5, x, y - s);
  } else {
    const r = s * 0.44;
    ctx.arc(x, y - s * 0.5, r, 0, Math.PI * 2);
    ctx.moveTo(x - s * 0.5 + r, y + s * 0.12);
    ctx.arc(x - s * 0.5, y + s * 0.12, r, 0, Math.PI * 2);
    ctx.moveTo(x + s * 0.5 + r, y + s * 0.12);
    ctx.arc(x + s * 0.5, y + s * 0.12, r, 0, Math.PI * 2);
    ctx.moveTo(x - s * 0.12, y);
    ctx.lineTo(x + s * 0.12, y);
    ctx.quadraticCurveTo(x + s * 0.1, y + s * 0.7, x + s * 0.42, y + s);
    ctx.lineTo(x - s * 0.42, y + s);
    ctx.quadraticCurveTo(x - s * 0.1, y + s * 0.7, x - s * 0.12, y);
  }
  ctx.closePath();
}

export function drawSuit(ctx, suit, x, y, size, color) {
  ctx.fillStyle = color || suitColor(suit);
  suitPath(ctx, suit, x, y, size);
  ctx.fill();
}

export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

// pip layouts: [column (-1 left, 0 centre, 1 right), row 0..1]
const PIPS = {
  6: [[-1, 0], [-1, 0.5], [-1, 1], [1, 0], [1, 0.5], [1, 1]],
  7: [[-1, 0], [-1, 0.5], [-1, 1], [1, 0], [1, 0.5], [1, 1], [0, 0.25]],
  8: [[-1, 0], [-1, 0.5], [-1, 1], [1, 0], [1, 0.5], [1, 1], [0, 0.25], [0, 0.75]],
  9: [[-1, 0], [-1, 1 / 3], [-1, 2 / 3], [-1, 1], [1, 0], [1, 1 / 3], [1, 2 / 3], [1, 1], [0, 0.5]],
  10: [[-1, 0], [-1, 1 / 3], [-1, 2 / 3], [-1, 1], [1, 0], [1, 1 / 3], [1, 2 / 3], [1, 1], [0, 1 / 6], [0, 5 / 6]],
};

function makeCanvas(w, h) {
  const c = document.createElement("canvas");
  c.width = w; c.height = h;
  return c;
}

function paintFace(ctx, code, w, h) {
  const suit = cardSuit(code), rank = cardRank(code), color = suitColor(suit);
  const r = w * 0.08;
  const g = ctx.createLinearGradient(0, 0, 0, h);
  g.addColorStop(0, "#fffefa"); g.addColorStop(1, "#f1ede2");
  roundRect(ctx, 0.5, 0.5, w - 1, h - 1, r);
  ctx.fillStyle = g; ctx.fill();
  ctx.lineWidth = Math.max(1, w * 0.012); ctx.strokeStyle = "#b9b3a5"; ctx.stroke();

  // corner index (top-left and, rotated, bottom-right)
  const corner = () => {
    ctx.fillStyle = color;
    ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
    const fs = w * (rank === "10" ? 0.2 : 0.23);
    ctx.font = `700 ${fs}px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
    const cx = w * 0.15;
    if (rank === "10") {  // keep "10" narrow
      ctx.save(); ctx.translate(cx, h * 0.17); ctx.scale(0.82, 1); ctx.fillText("10", 0, 0); ctx.restore();
    } else ctx.fillText(rank, cx, h * 0.17);
    drawSuit(ctx, suit, cx, h * 0.25, w * 0.15, color);
  };
  corner();
  ctx.save(); ctx.translate(w, h); ctx.rotate(Math.PI); corner(); ctx.restore();

  const ix = w * 0.3, iw = w * 0.4, iy = h * 0.21, ih = h * 0.58;
  if (PIPS[rank]) {
    const ps = w * 0.155;
    for (const [col, row] of PIPS[rank]) {
      const x = ix + iw / 2 + col * iw / 2 * 0.95, y = iy + row * ih;
      if (row > 0.5) { ctx.save(); ctx.translate(x, y); ctx.rotate(Math.PI); drawSuit(ctx, suit, 0, 0, ps, color); ctx.restore(); }
      else drawSuit(ctx, suit, x, y, ps, color);
    }
  } else if (rank === "A") {
    drawSuit(ctx, suit, w / 2, h / 2, w * 0.46, color);
  } else {
    // court card: framed panel with the letter and a suit symbol
    const fx = w * 0.27, fy = h * 0.17, fw = w * 0.46, fh = h * 0.66;
    roundRect(ctx, fx, fy, fw, fh, w * 0.04);
    const pg = ctx.createLinearGradient(0, fy, 0, fy + fh);
    const tint = color === RED ? ["#fdecea", "#f7d3cf"] : ["#e9edf5", "#d3dbe9"];
    pg.addColorStop(0, tint[0]); pg.addColorStop(1, tint[1]);
    ctx.fillStyle = pg; ctx.fill();
    ctx.lineWidth = Math.max(1, w * 0.015); ctx.strokeStyle = color; ctx.stroke();
    ctx.fillStyle = color;
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.font = `700 ${w * 0.34}px Georgia, "Times New Roman", serif`;
    ctx.fillText(rank, w / 2, h * 0.42);
    drawSuit(ctx, suit, w / 2, h * 0.66, w * 0.17, color);
  }
}

function paintBack(ctx, w, h) {
  const r = w * 0.08;
  roundRect(ctx, 0.5, 0.5, w - 1, h - 1, r);
  ctx.fillStyle = "#f7f3ea"; ctx.fill();
  ctx.lineWidth = Math.max(1, w * 0.012); ctx.strokeStyle = "#9c9484"; ctx.stroke();
  const m = w * 0.07;
  roundRect(ctx, m, m, w - 2 * m, h - 2 * m, r * 0.6);
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, "#8e1b2b"); g.addColorStop(1, "#5d0f1c");
  ctx.fillStyle = g; ctx.fill();
  ctx.save(); ctx.clip();
  ctx.strokeStyle = "rgba(255,220,180,0.28)"; ctx.lineWidth = Math.max(1, w * 0.012);
  const step = w * 0.14;
  for (let k = -h; k < w + h; k += step) {
    ctx.beginPath(); ctx.moveTo(k, 0); ctx.lineTo(k + h, h); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(k, h); ctx.lineTo(k + h, 0); ctx.stroke();
  }
  ctx.restore();
  ctx.fillStyle = "rgba(255,236,200,0.9)";
  ctx.beginPath(); ctx.arc(w / 2, h / 2, w * 0.17, 0, Math.PI * 2); ctx.fill();
  drawSuit(ctx, "D", w / 2, h / 2, w * 0.2, "#8e1b2b");
}

/** Cache of pre-rendered faces/backs for one card size and device pixel ratio. */
export class CardArt {
  constructor() { this.key = ""; this.cache = new Map(); }
  setSize(w, h, dpr) {
    const key = `${w}x${h}@${dpr}`;
    if (key === this.key) return;
    this.key = key; this.w = w; this.h = h; this.dpr = dpr; this.cache.clear(); this.shadowCanvas = null;
  }
  /** A soft shadow sprite (blurred once), drawn under every card instead of a per-frame shadowBlur. */
  shadow() {
    if (!this.shadowCanvas) {
      const pad = Math.round(this.w * 0.08);
      this.shadowPad = pad;
      const d = this.dpr;
      const c = makeCanvas(Math.round((this.w + 2 * pad) * d), Math.round((this.h + 2 * pad) * d));
      const ctx = c.getContext("2d");
      ctx.shadowColor = "rgba(0,0,0,0.45)"; ctx.shadowBlur = pad * d * 0.8;
      ctx.fillStyle = "rgba(0,0,0,0.35)";
      roundRect(ctx, pad * d, pad * d, this.w * d, this.h * d, this.w * d * 0.08);
      ctx.fill();
      this.shadowCanvas = c;
    }
    return this.shadowCanvas;
  }

  /** Paint every face ahead of time in small idle-time chunks, so no frame pays for a first paint. */
  prewarm(codes) {
    const key = this.key, todo = ["back", ...codes];
    const step = (deadline) => {
      if (key !== this.key) return;
      do this.get(todo.shift()); while (todo.length && deadline && deadline.timeRemaining() > 4);
      if (todo.length) schedule();
    };
    const schedule = () => (window.requestIdleCallback ? requestIdleCallback(step, { timeout: 500 }) : setTimeout(() => step(null), 16));
    schedule();
  }

  get(code) {  // code or "back"
    let c = this.cache.get(code);
    if (!c) {
      const pw = Math.round(this.w * this.dpr), ph = Math.round(this.h * this.dpr);
      c = makeCanvas(pw, ph);
      const ctx = c.getContext("2d");
      if (code === "back") paintBack(ctx, pw, ph); else paintFace(ctx, code, pw, ph);
      this.cache.set(code, c);
    }
    return c;
  }
}
