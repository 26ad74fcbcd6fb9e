// Drawing of cards, all our own vector paths: the French pack (spades, hearts, diamonds, clubs) and the Swiss-German
// pack (Rosen, Schilten, Schellen, Eicheln; Banner, Under, Ober, König, Ass). Faces and backs are painted once per
// size, deck and language into sprites, so an animation frame only copies bitmaps.
import { cardIndex, cardRank, cardSuit, textsVersion } from "../i18n/i18n.js";

/** The engine's suit codes drawn as the Swiss-German suits, as the rule book maps them (docs/rules.md §1):
 *  Schilten = S, Rosen = H, Schellen = D, Eicheln = C. */
const SWISS_SUIT = { S: "schilten", H: "rosen", D: "schellen", C: "eicheln" };

const RED = "#c0262d";
const BLACK = "#1b1d22";
const suitColor = (s) => (s === "H" || s === "D" ? RED : BLACK);

/** Trace a suit symbol centred on (x, y) with total height `size`. */
function suitPath(ctx, suit, x, y, size) {
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

function drawSuit(ctx, suit, x, y, size, color) {
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

// ------------------------------------------------------------------------------------------------ Swiss suits
const GOLD_FILL = "#f0b928", RED_FILL = "#c8242b", GREEN_FILL = "#3d8a2e", BROWN = "#6b3d17", INK = "#1b1d22";
/** Index colour of a Swiss suit (the symbols themselves are multi-coloured). */
const SWISS_INK = { schellen: "#a8520a", schilten: INK, rosen: "#b81f27", eicheln: "#2d6a1f" };

function outline(ctx, lw) { ctx.lineWidth = lw; ctx.strokeStyle = INK; ctx.stroke(); }

/** A Swiss-German suit symbol, in colour, centred on (x, y), `size` high. */
function drawSwissSuit(ctx, suit, x, y, size) {
  const s = size / 2, lw = Math.max(0.8, size * 0.045), kind = SWISS_SUIT[suit];
  ctx.save();
  ctx.lineJoin = "round";
  if (kind === "schellen") {            // a sleigh bell: golden ball, red band, a knob on top, the slit below
    ctx.beginPath(); ctx.arc(x, y - s * 0.82, s * 0.16, 0, Math.PI * 2);
    ctx.fillStyle = GOLD_FILL; ctx.fill(); outline(ctx, lw);
    ctx.beginPath(); ctx.arc(x, y + s * 0.08, s * 0.78, 0, Math.PI * 2);
    const g = ctx.createRadialGradient(x - s * 0.3, y - s * 0.25, s * 0.1, x, y, s * 0.8);
    g.addColorStop(0, "#ffe27a"); g.addColorStop(1, GOLD_FILL);
    ctx.fillStyle = g; ctx.fill();
    ctx.save(); ctx.clip();
    ctx.fillStyle = RED_FILL; ctx.fillRect(x - s, y - s * 0.42, 2 * s, s * 0.34);
    ctx.restore();
    ctx.beginPath(); ctx.arc(x, y + s * 0.08, s * 0.78, 0, Math.PI * 2); outline(ctx, lw);
    ctx.beginPath(); ctx.moveTo(x - s * 0.4, y + s * 0.5); ctx.lineTo(x + s * 0.4, y + s * 0.5);
    ctx.lineWidth = lw * 1.6; ctx.strokeStyle = INK; ctx.stroke();
    ctx.beginPath(); ctx.arc(x, y + s * 0.5, s * 0.11, 0, Math.PI * 2); ctx.fillStyle = INK; ctx.fill();
  } else if (kind === "schilten") {     // a heraldic shield: gold field, red lower half, black chief
    const shield = () => {
      ctx.beginPath();
      ctx.moveTo(x - s * 0.72, y - s * 0.9); ctx.lineTo(x + s * 0.72, y - s * 0.9);
      ctx.lineTo(x + s * 0.72, y + s * 0.05);
      ctx.quadraticCurveTo(x + s * 0.7, y + s * 0.7, x, y + s);
      ctx.quadraticCurveTo(x - s * 0.7, y + s * 0.7, x - s * 0.72, y + s * 0.05);
      ctx.closePath();
    };
    shield(); ctx.fillStyle = GOLD_FILL; ctx.fill();
    ctx.save(); ctx.clip();
    ctx.fillStyle = RED_FILL; ctx.fillRect(x - s, y + s * 0.1, 2 * s, s);
    ctx.fillStyle = INK; ctx.fillRect(x - s, y - s, 2 * s, s * 0.42);
    ctx.fillStyle = "#fff6d8"; ctx.beginPath(); ctx.arc(x, y - s * 0.22, s * 0.16, 0, Math.PI * 2); ctx.fill();
    ctx.restore();
    shield(); outline(ctx, lw);
  } else if (kind === "rosen") {        // a rose: five red petals, green sepals, a golden heart
    for (let k = 0; k < 5; k++) {
      const a = -Math.PI / 2 + Math.PI / 5 + k * 2 * Math.PI / 5;
      ctx.beginPath();
      ctx.ellipse(x + Math.cos(a) * s * 0.78, y + Math.sin(a) * s * 0.78, s * 0.22, s * 0.1, a, 0, Math.PI * 2);
      ctx.fillStyle = GREEN_FILL; ctx.fill();
    }
    for (let k = 0; k < 5; k++) {
      const a = -Math.PI / 2 + k * 2 * Math.PI / 5;
      ctx.beginPath(); ctx.arc(x + Math.cos(a) * s * 0.42, y + Math.sin(a) * s * 0.42, s * 0.4, 0, Math.PI * 2);
      ctx.fillStyle = RED_FILL; ctx.fill(); outline(ctx, lw * 0.8);
    }
    ctx.beginPath(); ctx.arc(x, y, s * 0.36, 0, Math.PI * 2); ctx.fillStyle = "#e23b3f"; ctx.fill();
    ctx.beginPath(); ctx.arc(x, y, s * 0.2, 0, Math.PI * 2); ctx.fillStyle = GOLD_FILL; ctx.fill(); outline(ctx, lw * 0.7);
  } else {                              // an acorn: golden nut, brown scaly cup, stalk and a leaf
    ctx.beginPath(); ctx.moveTo(x, y - s * 0.55); ctx.quadraticCurveTo(x + s * 0.05, y - s * 0.85, x - s * 0.1, y - s);
    ctx.lineWidth = lw * 1.8; ctx.strokeStyle = BROWN; ctx.stroke();
    ctx.beginPath(); ctx.moveTo(x + s * 0.02, y - s * 0.8);
    ctx.quadraticCurveTo(x + s * 0.55, y - s * 1.05, x + s * 0.8, y - s * 0.7);
    ctx.quadraticCurveTo(x + s * 0.45, y - s * 0.55, x + s * 0.02, y - s * 0.8);
    ctx.fillStyle = GREEN_FILL; ctx.fill(); outline(ctx, lw * 0.7);
    ctx.beginPath(); ctx.ellipse(x, y + s * 0.22, s * 0.46, s * 0.72, 0, 0, Math.PI * 2);
    const g = ctx.createLinearGradient(x - s * 0.5, 0, x + s * 0.5, 0);
    g.addColorStop(0, "#f3c64a"); g.addColorStop(1, "#c98a1a");
    ctx.fillStyle = g; ctx.fill(); outline(ctx, lw);
    ctx.beginPath();
    ctx.moveTo(x - s * 0.56, y - s * 0.12);
    ctx.quadraticCurveTo(x - s * 0.56, y - s * 0.68, x, y - s * 0.68);
    ctx.quadraticCurveTo(x + s * 0.56, y - s * 0.68, x + s * 0.56, y - s * 0.12);
    ctx.quadraticCurveTo(x, y + s * 0.02, x - s * 0.56, y - s * 0.12);
    ctx.fillStyle = BROWN; ctx.fill(); outline(ctx, lw);
    ctx.strokeStyle = "rgba(255,220,160,0.55)"; ctx.lineWidth = lw * 0.7;
    for (let k = -2; k <= 2; k++) {
      ctx.beginPath(); ctx.moveTo(x + k * s * 0.2 - s * 0.1, y - s * 0.55); ctx.lineTo(x + k * s * 0.2 + s * 0.1, y - s * 0.12); ctx.stroke();
    }
  }
  ctx.restore();
}

/** A suit symbol of either deck (the French ones in their ink colour). */
export function drawDeckSuit(ctx, deck, suit, x, y, size) {
  if (deck === "swiss") drawSwissSuit(ctx, suit, x, y, size);
  else drawSuit(ctx, suit, x, y, size, suitColor(suit));
}

/** A small canvas showing `suit` of `deck`, `cssPx` CSS pixels square (sharp on any screen): e.g. the loading
 *  screen's tiles, which must show the pack the table will deal. */
export function suitIcon(deck, suit, cssPx) {
  const dpr = Math.min(3, window.devicePixelRatio || 1);
  const c = makeCanvas(Math.round(cssPx * dpr), Math.round(cssPx * dpr));
  c.style.width = c.style.height = `${cssPx}px`;
  const ctx = c.getContext("2d");
  ctx.scale(dpr, dpr);
  drawDeckSuit(ctx, deck, suit, cssPx / 2, cssPx / 2, cssPx * 0.8);
  return c;
}

const inkOf = (deck, suit) => (deck === "swiss" ? SWISS_INK[SWISS_SUIT[suit]] : suitColor(suit));

// ------------------------------------------------------------------------------------------------ figures
const SKIN = "#f3d2b0", HAIR = ["#6b3d17", "#c99a3a", "#3b2a1a", "#a0522d"];
const ROBES = { H: ["#c8242b", "#2c4f9e"], D: ["#2c4f9e", "#c8242b"], S: ["#2e7a3a", "#c99a1a"], C: ["#7a2a7a", "#2c4f9e"] };

/**
 * A stylised court figure from the waist up, head at (x, y) with head radius r: robe, face, hair and the
 * headgear of its rank (crown: king; tiara and long hair: queen; cap with a feather: jack / Under; hat: Ober).
 */
function bust(ctx, x, y, r, rank, suit, lw) {
  const [robe, trim] = ROBES[suit], hair = HAIR["SHDC".indexOf(suit)];
  ctx.save();
  ctx.lineJoin = "round";
  // shoulders and robe
  ctx.beginPath();
  ctx.moveTo(x - r * 2.3, y + r * 4.2);
  ctx.quadraticCurveTo(x - r * 2.4, y + r * 1.6, x - r * 0.9, y + r * 1.25);
  ctx.lineTo(x + r * 0.9, y + r * 1.25);
  ctx.quadraticCurveTo(x + r * 2.4, y + r * 1.6, x + r * 2.3, y + r * 4.2);
  ctx.closePath();
  ctx.fillStyle = robe; ctx.fill(); outline(ctx, lw);
  // trim: collar and a band down the front
  ctx.beginPath(); ctx.moveTo(x - r * 0.9, y + r * 1.25); ctx.lineTo(x, y + r * 2.1); ctx.lineTo(x + r * 0.9, y + r * 1.25);
  ctx.lineTo(x + r * 0.55, y + r * 1.25); ctx.lineTo(x, y + r * 1.7); ctx.lineTo(x - r * 0.55, y + r * 1.25); ctx.closePath();
  ctx.fillStyle = trim; ctx.fill();
  ctx.fillStyle = trim; ctx.fillRect(x - r * 0.22, y + r * 2.1, r * 0.44, r * 2.1);
  ctx.fillStyle = "#f0b928";
  for (const k of [2.5, 3.1, 3.7]) { ctx.beginPath(); ctx.arc(x, y + r * k, r * 0.1, 0, Math.PI * 2); ctx.fill(); }
  // long hair behind the head (queen), neck, head
  if (rank === "Q") {
    ctx.beginPath(); ctx.ellipse(x, y + r * 0.5, r * 1.25, r * 1.45, 0, 0, Math.PI * 2); ctx.fillStyle = hair; ctx.fill();
  }
  ctx.fillStyle = SKIN; ctx.fillRect(x - r * 0.35, y + r * 0.7, r * 0.7, r * 0.65);
  ctx.beginPath(); ctx.ellipse(x, y, r * 0.82, r, 0, 0, Math.PI * 2); ctx.fillStyle = SKIN; ctx.fill(); outline(ctx, lw * 0.8);
  // hair fringe and, for the king, a beard
  ctx.beginPath(); ctx.ellipse(x, y - r * 0.55, r * 0.8, r * 0.42, 0, Math.PI, 0); ctx.fillStyle = hair; ctx.fill();
  if (rank === "K") {
    ctx.beginPath(); ctx.moveTo(x - r * 0.78, y + r * 0.1); ctx.quadraticCurveTo(x - r * 0.6, y + r * 1.35, x, y + r * 1.45);
    ctx.quadraticCurveTo(x + r * 0.6, y + r * 1.35, x + r * 0.78, y + r * 0.1); ctx.quadraticCurveTo(x, y + r * 0.75, x - r * 0.78, y + r * 0.1);
    ctx.fillStyle = hair; ctx.fill();
  }
  // face: eyes, mouth
  ctx.fillStyle = INK;
  for (const dx of [-0.32, 0.32]) { ctx.beginPath(); ctx.arc(x + dx * r, y - r * 0.08, r * 0.09, 0, Math.PI * 2); ctx.fill(); }
  ctx.beginPath(); ctx.moveTo(x - r * 0.22, y + r * 0.45); ctx.quadraticCurveTo(x, y + r * 0.58, x + r * 0.22, y + r * 0.45);
  ctx.lineWidth = lw * 0.8; ctx.strokeStyle = rank === "K" ? "#f3d2b0" : "#a33"; ctx.stroke();
  // headgear
  ctx.beginPath();
  if (rank === "K") {                    // crown with three points
    const b = y - r * 0.75, top = y - r * 1.85;
    ctx.moveTo(x - r * 0.85, b); ctx.lineTo(x - r * 0.95, top); ctx.lineTo(x - r * 0.45, b - r * 0.55);
    ctx.lineTo(x, top - r * 0.1); ctx.lineTo(x + r * 0.45, b - r * 0.55); ctx.lineTo(x + r * 0.95, top); ctx.lineTo(x + r * 0.85, b);
    ctx.closePath(); ctx.fillStyle = "#f0b928"; ctx.fill(); outline(ctx, lw * 0.8);
    ctx.fillStyle = RED_FILL; ctx.beginPath(); ctx.arc(x, b - r * 0.3, r * 0.14, 0, Math.PI * 2); ctx.fill();
  } else if (rank === "Q") {             // tiara
    ctx.moveTo(x - r * 0.8, y - r * 0.7); ctx.quadraticCurveTo(x, y - r * 1.75, x + r * 0.8, y - r * 0.7);
    ctx.quadraticCurveTo(x, y - r * 1.05, x - r * 0.8, y - r * 0.7);
    ctx.fillStyle = "#f0b928"; ctx.fill(); outline(ctx, lw * 0.8);
    ctx.fillStyle = "#2c4f9e"; ctx.beginPath(); ctx.arc(x, y - r * 1.22, r * 0.13, 0, Math.PI * 2); ctx.fill();
  } else if (rank === "O") {             // Ober: broad hat with a brim
    ctx.ellipse(x, y - r * 0.78, r * 1.25, r * 0.28, 0, 0, Math.PI * 2); ctx.fillStyle = trim; ctx.fill(); outline(ctx, lw * 0.8);
    ctx.beginPath(); ctx.ellipse(x, y - r * 1.05, r * 0.7, r * 0.5, 0, Math.PI, 0); ctx.fill(); outline(ctx, lw * 0.8);
  } else {                               // jack / Under: a cap with a feather
    ctx.ellipse(x, y - r * 0.72, r * 0.9, r * 0.55, 0, Math.PI, 0); ctx.closePath(); ctx.fillStyle = trim; ctx.fill(); outline(ctx, lw * 0.8);
    ctx.beginPath(); ctx.moveTo(x + r * 0.5, y - r * 1.1); ctx.quadraticCurveTo(x + r * 1.5, y - r * 1.9, x + r * 1.6, y - r * 1.0);
    ctx.quadraticCurveTo(x + r * 1.2, y - r * 1.3, x + r * 0.5, y - r * 1.1); ctx.fillStyle = "#f4f1e8"; ctx.fill(); outline(ctx, lw * 0.6);
  }
  ctx.restore();
}

// ------------------------------------------------------------------------------------------------ faces
// pip layouts: [column (-1 left, 0 centre, 1 right), row 0..1]
const PIPS = {
  6: [[-1, 0], [-1, 0.5], [-1, 1], [1, 0], [1, 0.5], [1, 1]],
  7: [[-1, 0], [-1, 0.5], [-1, 1], [1, 0], [1, 0.5], [1, 1], [0, 0.25]],
  8: [[-1, 0], [-1, 0.5], [-1, 1], [1, 0], [1, 0.5], [1, 1], [0, 0.25], [0, 0.75]],
  9: [[-1, 0], [-1, 1 / 3], [-1, 2 / 3], [-1, 1], [1, 0], [1, 1 / 3], [1, 2 / 3], [1, 1], [0, 0.5]],
  10: [[-1, 0], [-1, 1 / 3], [-1, 2 / 3], [-1, 1], [1, 0], [1, 1 / 3], [1, 2 / 3], [1, 1], [0, 1 / 6], [0, 5 / 6]],
};
/** The Swiss ranks' own names: the engine's J is the Under, Q the Ober, 10 the Banner. */
const SWISS_RANK = { J: "U", Q: "O" };

function makeCanvas(w, h) {
  const c = document.createElement("canvas");
  c.width = w; c.height = h;
  return c;
}


function paintFace(ctx, code, w, h, deck) {
  const suit = cardSuit(code), rank = cardRank(code), ink = inkOf(deck, suit);
  const swiss = deck === "swiss";
  const r = w * 0.08, lw = Math.max(1, w * 0.012);
  const g = ctx.createLinearGradient(0, 0, 0, h);
  g.addColorStop(0, "#fffefa"); g.addColorStop(1, swiss ? "#f3ead6" : "#f1ede2");
  roundRect(ctx, 0.5, 0.5, w - 1, h - 1, r);
  ctx.fillStyle = g; ctx.fill();
  ctx.lineWidth = lw; ctx.strokeStyle = "#b9b3a5"; ctx.stroke();
  const sym = (x, y, size) => drawDeckSuit(ctx, deck, suit, x, y, size);

  // corner index (top-left and, turned, bottom-right); 6 and 9 underlined so they read the same upside down
  const label = cardIndex(deck, rank);   // the same index as the cards' short names in words
  const corner = () => {
    ctx.fillStyle = ink;
    ctx.textAlign = "center"; ctx.textBaseline = "alphabetic";
    const fs = w * (label.length > 1 ? 0.21 : 0.25);
    ctx.font = `800 ${fs}px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
    const cx = w * 0.14, by = h * 0.165;
    ctx.save(); ctx.translate(cx, by);
    if (label.length > 1) ctx.scale(0.8, 1);   // keep "10" narrow
    ctx.fillText(label, 0, 0);
    ctx.restore();
    if (rank === "6" || rank === "9") ctx.fillRect(cx - fs * 0.3, by + fs * 0.1, fs * 0.6, Math.max(1, fs * 0.1));
    sym(cx, h * 0.255, w * 0.15);
  };
  corner();
  ctx.save(); ctx.translate(w, h); ctx.rotate(Math.PI); corner(); ctx.restore();

  const ix = w * 0.3, iw = w * 0.4, iy = h * 0.2, ih = h * 0.6;
  if (rank === "10" && swiss) {
    // the Banner: a flag on a pole, the suit's sign on the cloth
    ctx.save();
    ctx.fillStyle = BROWN; ctx.fillRect(w * 0.3, h * 0.16, w * 0.035, h * 0.68);
    ctx.beginPath(); ctx.arc(w * 0.318, h * 0.16, w * 0.035, 0, Math.PI * 2); ctx.fillStyle = GOLD_FILL; ctx.fill();
    ctx.beginPath();
    ctx.moveTo(w * 0.335, h * 0.19);
    ctx.bezierCurveTo(w * 0.5, h * 0.15, w * 0.6, h * 0.25, w * 0.74, h * 0.2);
    ctx.lineTo(w * 0.74, h * 0.56);
    ctx.bezierCurveTo(w * 0.6, h * 0.61, w * 0.5, h * 0.51, w * 0.335, h * 0.55);
    ctx.closePath();
    ctx.fillStyle = "#f6efe0"; ctx.fill(); outline(ctx, lw * 1.5);
    ctx.restore();
    sym(w * 0.54, h * 0.375, w * 0.28);
    sym(w * 0.54, h * 0.72, w * 0.2);
  } else if (PIPS[rank]) {
    const ps = w * (swiss ? 0.17 : 0.155);
    for (const [col, row] of PIPS[rank]) {
      const x = ix + iw / 2 + col * iw / 2 * 0.88, y = iy + row * ih;
      if (row > 0.5 && !swiss) { ctx.save(); ctx.translate(x, y); ctx.rotate(Math.PI); sym(0, 0, ps); ctx.restore(); }
      else sym(x, y, ps);
    }
  } else if (rank === "A") {
    if (swiss) {  // the Ass: a large sign on a decorated ground
      ctx.beginPath(); ctx.ellipse(w / 2, h / 2, w * 0.3, h * 0.3, 0, 0, Math.PI * 2);
      ctx.fillStyle = "#f6e7c0"; ctx.fill(); ctx.lineWidth = lw * 1.5; ctx.strokeStyle = ink; ctx.stroke();
    }
    sym(w / 2, h / 2, w * (swiss ? 0.5 : 0.46));
  } else {
    paintCourt(ctx, { w, h, rank, suit, swiss, ink, lw, sym });
  }
}

/** A court card's face: a framed panel with a stylised figure (`sym(x, y, size)` draws the card's suit sign). */
function paintCourt(ctx, { w, h, rank, suit, swiss, ink, lw, sym }) {
  const fx = w * 0.25, fy = h * 0.13, fw = w * 0.5, fh = h * 0.74;
  ctx.save();
  roundRect(ctx, fx, fy, fw, fh, w * 0.04);
  const pg = ctx.createLinearGradient(0, fy, 0, fy + fh);
  pg.addColorStop(0, swiss ? "#f7ecd0" : "#eef1f7"); pg.addColorStop(1, swiss ? "#ead7ad" : "#d9e0ec");
  ctx.fillStyle = pg; ctx.fill();
  ctx.lineWidth = Math.max(1, w * 0.015); ctx.strokeStyle = ink; ctx.stroke();
  ctx.clip();
  const hr = fw * (swiss ? 0.17 : 0.15);
  if (swiss) {
    // one full-height figure; the sign above the head (Ober), below (Under), or held (König)
    const kind = SWISS_RANK[rank] || rank;
    const hy = kind === "O" ? fy + fh * 0.38 : fy + fh * 0.26;
    bust(ctx, w / 2, hy, hr, kind, suit, lw);
    if (kind === "O") sym(w / 2, fy + fh * 0.13, fw * 0.3);
    else if (kind === "U") sym(w / 2, fy + fh * 0.86, fw * 0.32);
    else sym(w / 2 + fw * 0.3, fy + fh * 0.62, fw * 0.28);
  } else {
    // double-ended like a French court: the top half, and the same turned for the bottom half
    const half = () => {
      ctx.save();
      ctx.beginPath(); ctx.rect(fx, fy, fw, fh / 2); ctx.clip();
      bust(ctx, w / 2 - fw * 0.08, fy + fh * 0.2, hr, rank, suit, lw);
      sym(fx + fw * 0.8, fy + fh * 0.12, fw * 0.22);
      ctx.restore();
    };
    half();
    ctx.save(); ctx.translate(w, h); ctx.rotate(Math.PI); half(); ctx.restore();
    ctx.beginPath(); ctx.moveTo(fx, h / 2); ctx.lineTo(fx + fw, h / 2); ctx.lineWidth = lw; ctx.strokeStyle = ink; ctx.stroke();
  }
  ctx.restore();
}

function paintBack(ctx, w, h, deck) {
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
  if (deck === "swiss") drawSwissSuit(ctx, "D", w / 2, h / 2, w * 0.24);
  else drawSuit(ctx, "D", w / 2, h / 2, w * 0.2, "#8e1b2b");
}

/** Cache of pre-rendered faces/backs for one card size, device pixel ratio, deck and language. */
export class CardArt {
  constructor() { this.key = ""; this.cache = new Map(); this.deck = "french"; }
  setSize(w, h, dpr, deck = this.deck) {
    const key = `${w}x${h}@${dpr}|${deck}|${textsVersion()}`;   // the indices are the catalog's (K, D, B…)
    if (key === this.key) return;
    this.key = key; this.w = w; this.h = h; this.dpr = dpr; this.deck = deck; this.cache.clear(); this.shadowCanvas = null;
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
    // at most ~8 ms a chunk whatever the idle time left (a face with a figure takes a few ms): a slow phone's main
    // thread is never blocked for long by this (Lighthouse counts any task over 50 ms on a 4x slower CPU)
    const step = (deadline) => {
      if (key !== this.key) return;
      const t0 = performance.now();
      do this.get(todo.shift()); while (todo.length && deadline && deadline.timeRemaining() > 4 && performance.now() - t0 < 8);
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
      if (code === "back") paintBack(ctx, pw, ph, this.deck); else paintFace(ctx, code, pw, ph, this.deck);
      this.cache.set(code, c);
    }
    return c;
  }
}
