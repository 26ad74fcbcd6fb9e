// Table geometry in CSS pixels: where every seat, hand card, trick card and label goes. Pure functions.
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
/** The least width (CSS px) of each hand card left free to tap and to read its index. */
export const MIN_TAP = 44;

/**
 * Where seat `seat` sits, seen from `viewer`: 0 at the bottom (the viewer), 1 at the right (plays after the viewer),
 * then round the table: three seats 2 at the left; four seats 2 at the top and 3 at the left. The seats are placed by
 * their offset from the viewer (docs/seats.md §4).
 */
export const placeOf = (seat, viewer = 0, seats = 3) => (((seat - viewer) % seats) + seats) % seats;

/**
 * The human's hand: a gentle arc along the bottom; on narrow screens two rows (the first half behind), so that every
 * card shows at least MIN_TAP CSS px to tap (a finger) and its corner index.
 */
function handLayout({ W, H, handCount, portrait, cardW, cardH, margin }) {
  const n = Math.max(handCount, 1);
  const maxSpan = Math.min(W - 2 * margin, cardW * 9.5);
  const cap = Math.max(cardW * 0.66, Math.min(MIN_TAP, cardW * 0.95));   // overlap less when cards are small
  let stepFor = (k) => (k > 1 ? Math.min(cap, (maxSpan - cardW) / (k - 1)) : 0);
  const rows = portrait && n > 1 && stepFor(n) < MIN_TAP ? 2 : 1;
  if (rows === 2) stepFor = (k) => (k > 1 ? Math.min(cardW * 0.85, (maxSpan - cardW) / (k - 1)) : 0);
  const rowLift = rows === 2 ? Math.max(MIN_TAP, cardH * 0.42) : 0;
  const handY = H - Math.max(6, margin * 0.7) - cardH / 2 - cardH * 0.07;
  const hand = [];
  const back = rows === 2 ? Math.ceil(handCount / 2) : handCount;
  let step = 0;
  for (const [count, y0] of [[back, handY - rowLift], [handCount - back, handY]]) {
    if (count <= 0) continue;
    const k = count, st = stepFor(k);
    step = step ? Math.min(step, st) : st;
    const span = cardW + st * (k - 1), umax = (k - 1) / 2;
    for (let i = 0; i < count; i++) {
      const u = i - (k - 1) / 2;
      hand.push({
        x: W / 2 - span / 2 + cardW / 2 + i * st,
        y: y0 + (u * u - umax * umax) * cardH * (rows === 2 ? 0.003 : 0.005),
        rot: u * (rows === 2 ? 0.018 : 0.028),
      });
    }
  }
  return { hand, step, rows, back, handY, handTop: handY - rowLift - cardH / 2 };
}

/**
 * The trick: each seat's card on its side of the middle (cx, cy), by place; the viewer's a little lower, so that
 * whichever card leads, no later card covers its corner index (four: the bottom and the top card apart enough that
 * a later one leaves an earlier one's corner index in view).
 */
function trickPlaces(four, cx, cy, cardW, cardH) {
  return four ? {
    0: { x: cx + cardW * 0.12, y: cy + cardH * 0.4, rot: 0.03 },
    1: { x: cx + cardW * 1.0, y: cy - cardH * 0.02, rot: 0.1 },
    2: { x: cx - cardW * 0.12, y: cy - cardH * 0.42, rot: -0.04 },
    3: { x: cx - cardW * 1.0, y: cy + cardH * 0.02, rot: -0.1 },
  } : {
    0: { x: cx, y: cy + cardH * 0.26, rot: 0.03 },
    1: { x: cx + cardW * 1.04, y: cy - cardH * 0.04, rot: 0.1 },
    2: { x: cx - cardW * 1.04, y: cy - cardH * 0.04, rot: -0.1 },
  };
}

/** The piles of won tricks, by place, beside each plate; `stacks` are the bots' backs (L.bots, by place). */
function pilePlaces({ four, portrait, LEFT, TOP, plates, stacks, plateW, plateH, bw, bh, stackHalf }) {
  const pile = {
    0: { x: plates[0].x + plateW + bw * 0.7, y: plates[0].y + plateH / 2 },
    1: { x: plates[1].x - bw * 0.7, y: plates[1].y + plateH / 2 },
    [LEFT]: { x: plates[LEFT].x + plateW + bw * 0.7, y: plates[LEFT].y + plateH / 2 },
  };
  // the seat across: its pile beside its backs (a phone: beside its plate, clear of the side seats' plates)
  if (four) {
    pile[TOP] = portrait ? { x: plates[TOP].x - bw * 0.7, y: plates[TOP].y + plateH / 2 }
      : { x: stacks[TOP].x - stackHalf - bw * 0.7, y: stacks[TOP].y };
  }
  if (portrait) {
    // a phone's name plates sit side by side at the top, so piles beside them would meet in the middle: each bot's
    // pile goes inside its own stack of backs instead, at the stack's top, under its plate (the count badge clear of
    // the stack; the trick below stays clear even on a small phone)
    const inset = bh / 2 + bw * 0.55 + 6, y = stacks[1].y - stackHalf + bh * 0.4 + 2;
    pile[1] = { x: stacks[1].x - inset, y };
    pile[LEFT] = { x: stacks[LEFT].x + inset, y };
  }
  return pile;
}

/**
 * The seat across (four seats): its backs in a row along the top, its plate beside them (below them on a phone,
 * where the side seats' plates take the top corners).
 */
function acrossPlaces({ W, portrait, margin, minPlateY, bh, plateW, plateH, stackHalf }) {
  const y = portrait ? minPlateY + bh / 2 : Math.max(margin + bh / 2, minPlateY - plateH);
  const plate = portrait
    ? { x: W / 2 - plateW / 2, y: y + bh / 2 + 6, w: plateW, h: plateH, align: "left" }
    : { x: W / 2 + stackHalf + 12, y: y - plateH / 2, w: plateW, h: plateH, align: "left" };
  return { stack: { x: W / 2, y, rot: 0, axis: "x" }, plate };
}

/**
 * A phone's trick middle (cy): between the bots' stacks and plates (above, down to `top`) and your name plate
 * (below), centred in the room left (fixed for the whole hand: where your plate sits while the hand has two rows).
 */
function portraitMiddle(four, top, handY, cardH, plateH) {
  const plateTop = handY - Math.max(MIN_TAP, cardH * 0.42) - cardH / 2 - plateH - cardH * 0.2;
  const lo = top + 10 + cardH * (four ? 0.85 : 0.6), hi = plateTop - cardH * (four ? 0.95 : 0.82) - 22;
  return lo <= hi ? (lo + hi) / 2 : hi;
}

/**
 * The table for a W x H screen and `handCount` cards in the viewer's hand, `seats` seats dealt `perHand` cards each
 * (the engine's numbers). Every per-seat position (`bots`, `plates`, `trick`, `pile`) is keyed by seat, laid out from
 * `viewer` (at the bottom); `others` lists the other seats, from the right round the table.
 */
export function computeLayout(W, H, handCount, viewer = 0, seats = 3, perHand = 12) {
  const portrait = H > W * 1.15;
  // portrait (phones): bigger cards, so the hand's two rows span the width and the table has no empty band
  const cardW = Math.round(clamp(Math.min(W / (portrait ? 4.6 : 7.8), H / (portrait ? 5.6 : 5.7) / 1.45), 44, 112));
  const cardH = Math.round(cardW * 1.45);
  const margin = Math.max(8, Math.round(cardW * 0.14));
  const botScale = portrait ? 0.56 : 0.64;
  const bw = cardW * botScale, bh = cardH * botScale;

  const { hand, step, rows, back, handY, handTop } = handLayout({ W, H, handCount, portrait, cardW, cardH, margin });

  const cx = W / 2;
  const four = seats === 4, LEFT = four ? 3 : 2, TOP = 2;   // places by side: a table of four has a seat across
  let cy = H * (four ? 0.47 : 0.42);

  const hud = { trump: { x: margin, y: margin, w: Math.round(clamp(cardW * 1.9, 120, 200)), h: Math.round(clamp(cardW * 0.78, 48, 72)) } };
  // bots: a vertical stack of backs, turned sideways, at the right (seat 1) and left (seat 2)
  const stackStep = bw * (portrait ? 0.16 : 0.26);
  let botY = portrait ? 0 : H * 0.4;
  const plateW = Math.round(clamp(cardW * 1.55, 96, 150));
  const plateH = Math.round(clamp(cardW * 0.62, 40, 58));
  const stackHalf = (bw + stackStep * (perHand - 1)) / 2;   // a full hand's stack (the engine's cards per hand)
  // keep the bots' name plates below the trump panel on short screens (landscape phones)
  const minPlateY = hud.trump.y + hud.trump.h + 8;
  if (botY - stackHalf - plateH - 10 < minPlateY) botY = minPlateY + plateH + 10 + stackHalf;
  const bots = {
    1: { x: W - margin - bh / 2, y: botY, rot: Math.PI / 2, axis: "y" },
    [LEFT]: { x: margin + bh / 2, y: botY, rot: -Math.PI / 2, axis: "y" },
  };
  const plates = {
    0: { x: margin, y: handTop - plateH - cardH * 0.12, w: plateW, h: plateH, align: "left" },
    1: { x: W - margin - plateW, y: botY - stackHalf - plateH - 10, w: plateW, h: plateH, align: "right" },
    [LEFT]: { x: margin, y: botY - stackHalf - plateH - 10, w: plateW, h: plateH, align: "left" },
  };
  if (four) {
    const across = acrossPlaces({ W, portrait, margin, minPlateY, bh, plateW, plateH, stackHalf });
    bots[TOP] = across.stack;
    plates[TOP] = across.plate;
  }
  if (portrait) {
    plates[0].x = W / 2 - plateW / 2; plates[0].y = handTop - plateH - cardH * 0.2;
    const top = four ? Math.max(botY + stackHalf, plates[TOP].y + plateH) : botY + stackHalf;
    cy = portraitMiddle(four, top, handY, cardH, plateH);
  }
  const trick = trickPlaces(four, cx, cy, cardW, cardH);
  const pile = pilePlaces({ four, portrait, LEFT, TOP, plates, stacks: bots, plateW, plateH, bw, bh, stackHalf });

  hud.hand = { x: W - margin, y: margin };
  const hudBottom = hud.trump.y + hud.trump.h;
  // the banner ("♣ is trump") above the trick; at four seats the seat across plays there: below it
  const banner = four ? { x: cx, y: cy + cardH * 1.02 }
    : { x: cx, y: portrait ? Math.max(hudBottom + cardH * 0.3, cy - cardH * 0.62) : cy - cardH * 0.95 };

  // the places above (0 bottom, 1 right, then 2 left, or 2 top and 3 left) are the seats' by their offset from the
  // viewer (placeOf)
  const all = Array.from({ length: seats }, (_, s) => s);
  const bySeat = (byPlace) => Object.fromEntries(all.filter((s) => placeOf(s, viewer, seats) in byPlace)
    .map((s) => [s, byPlace[placeOf(s, viewer, seats)]]));
  const others = all.filter((s) => s !== viewer).sort((a, b) => placeOf(a, viewer, seats) - placeOf(b, viewer, seats));
  return {
    W, H, portrait, cardW, cardH, margin, bw, bh, step, rows, back, hand, trick: bySeat(trick), bots: bySeat(bots), stackStep,
    plates: bySeat(plates), pile: bySeat(pile), hud, banner, cx, cy, viewer, others,
  };
}

/** Position of the k-th (of n) back in a bot's stack (down a side seat's, along the seat across's). */
export function botCardPos(L, seat, k, n) {
  const b = L.bots[seat];
  const off = (k - (n - 1) / 2) * L.stackStep;
  return b.axis === "x" ? { x: b.x + off, y: b.y, rot: b.rot } : { x: b.x, y: b.y + off, rot: b.rot };
}

/** Is the point (px, py) inside a card of size w x h centred at (x, y) rotated by rot? */
export function insideCard(px, py, c, w, h) {
  const dx = px - c.x, dy = py - c.y;
  const cos = Math.cos(-c.rot), sin = Math.sin(-c.rot);
  const lx = dx * cos - dy * sin, ly = dx * sin + dy * cos;
  return Math.abs(lx) <= w / 2 && Math.abs(ly) <= h / 2;
}

/** Map a point in card-local coordinates to table coordinates. */
export function cardToTable(c, lx, ly) {
  const cos = Math.cos(c.rot), sin = Math.sin(c.rot);
  return { x: c.x + lx * cos - ly * sin, y: c.y + lx * sin + ly * cos };
}
