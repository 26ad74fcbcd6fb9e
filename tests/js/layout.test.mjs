// Table geometry (web/js layout): every hand card reachable and readable, everything on the screen.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { computeLayout, MIN_TAP, insideCard, cardToTable, botCardPos, placeOf } = await load("layout");

/** The hand's rows (the back row first), each left to right: a row ends where x turns back. */
function handRows(L) {
  const rows = [[]];
  for (const c of L.hand) {
    const row = rows.at(-1);
    if (row.length && c.x <= row.at(-1).x) rows.push([c]); else row.push(c);
  }
  return rows;
}

const SCREENS = [[390, 844], [1280, 800], [844, 390], [768, 1024], [320, 568]];

test("every hand card shows at least MIN_TAP px to tap, on phones and desktops, 1 to 12 cards", () => {
  for (const [W, H] of SCREENS) {
    for (let n = 1; n <= 12; n++) {
      const L = computeLayout(W, H, n);
      assert.equal(L.hand.length, n, `${W}x${H}: ${n} cards laid out`);
      // cards of one row overlap left to right: the visible part of a card is the gap to the next one in its row
      for (const row of handRows(L)) {
        for (let i = 0; i + 1 < row.length; i++) {
          assert.ok(row[i + 1].x - row[i].x >= Math.min(MIN_TAP, L.cardW * 0.66) - 0.5,
            `${W}x${H}, ${n} cards: step ${row[i + 1].x - row[i].x} < ${MIN_TAP}`);
        }
      }
    }
  }
});

test("the hand and the trick stay inside the screen", () => {
  for (const [W, H] of SCREENS) {
    const L = computeLayout(W, H, 12);
    for (const c of [...L.hand, ...Object.values(L.trick)]) {
      assert.ok(c.x - L.cardW / 2 >= -1 && c.x + L.cardW / 2 <= W + 1, `${W}x${H}: card at x=${c.x} off the screen`);
      assert.ok(c.y - L.cardH / 2 >= -1 && c.y + L.cardH / 2 <= H + 1, `${W}x${H}: card at y=${c.y} off the screen`);
    }
  }
});

test("a phone in portrait gets two rows for a full hand, a desktop one", () => {
  const rowsOf = (L) => handRows(L).length;
  assert.ok(rowsOf(computeLayout(390, 844, 12)) >= 2);
  assert.equal(rowsOf(computeLayout(1280, 800, 12)), 1);
});

test("the trick cards of the three seats do not sit on one spot", () => {
  const L = computeLayout(1280, 800, 12);
  const xs = [0, 1, 2].map((s) => L.trick[s].x);
  assert.equal(new Set(xs.map(Math.round)).size, 3);
  assert.ok(L.trick[1].x > L.trick[0].x && L.trick[2].x < L.trick[0].x, "right seat's card right, left seat's left");
});

test("hit-testing a card: its centre is inside, a point far away is not", () => {
  const L = computeLayout(1280, 800, 12);
  const c = L.hand[5];
  assert.ok(insideCard(c.x, c.y, c, L.cardW, L.cardH));
  assert.ok(!insideCard(c.x + L.cardW * 2, c.y, c, L.cardW, L.cardH));
  const [x, y] = Object.values(cardToTable(c, 0, 0));
  assert.ok(Math.abs(x - c.x) < 1e-9 && Math.abs(y - c.y) < 1e-9, "the card's own origin maps to its centre");
});

test("a bot's stacked backs: one position per card, all different", () => {
  const L = computeLayout(390, 844, 12);
  for (const seat of [1, 2]) {
    const ps = Array.from({ length: 12 }, (_, k) => botCardPos(L, seat, k, 12));
    assert.equal(new Set(ps.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`)).size, 12, `seat ${seat}`);
  }
});

/** Boxes [x0, y0, x1, y1] of what the table draws: a seat's pile of won tricks (its cards and its count badge, see
 *  renderer.drawPile), a bot's stack of backs (turned sideways), a name plate, a trick card (its turned corners). */
const pileBox = (L, s) => {
  const p = L.pile[s], r = Math.max(9, L.cardW * 0.12);
  return [p.x - L.bw * 0.4 - 2, Math.min(p.y - L.bh * 0.4 - 8, p.y - L.bh * 0.3 - r),
    Math.max(p.x + L.bw * 0.4 + 8, p.x + L.bw * 0.35 + r), p.y + L.bh * 0.4 + 2];
};
const stackBox = (L, s) => {
  const a = botCardPos(L, s, 0, 12), b = botCardPos(L, s, 11, 12);
  return [a.x - L.bh / 2, a.y - L.bw / 2, b.x + L.bh / 2, b.y + L.bw / 2];
};
const plateBox = (L, s) => { const p = L.plates[s]; return [p.x, p.y, p.x + p.w, p.y + p.h]; };
const trickBox = (L, s) => {
  const c = L.trick[s], hw = L.cardW / 2 + L.cardH / 2 * Math.abs(Math.sin(c.rot)), hh = L.cardH / 2 + L.cardW / 2 * Math.abs(Math.sin(c.rot));
  return [c.x - hw, c.y - hh, c.x + hw, c.y + hh];
};
const overlap = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const gap = (a, b) => Math.hypot(Math.max(0, a[0] - b[2], b[0] - a[2]), Math.max(0, a[1] - b[3], b[1] - a[3]));

test("each bot's pile of won tricks sits by its owner (apart from the other's), clear of what else is drawn", () => {
  for (const [W, H] of SCREENS) {
    const L = computeLayout(W, H, 12), where = `${W}x${H}`;
    // right bot's pile in the right part of the table, left bot's in the left, well apart (not side by side)
    assert.ok(L.pile[1].x > W / 2 && L.pile[2].x < W / 2, `${where}: piles on the wrong sides`);
    assert.ok(L.pile[1].x - L.pile[2].x >= 3 * L.bw, `${where}: the two bots' piles sit side by side (${Math.round(L.pile[1].x - L.pile[2].x)} px apart)`);
    for (const [s, other] of [[1, 2], [2, 1]]) {
      const own = Math.min(gap(pileBox(L, s), stackBox(L, s)), gap(pileBox(L, s), plateBox(L, s)));
      const theirs = Math.min(gap(pileBox(L, s), stackBox(L, other)), gap(pileBox(L, s), plateBox(L, other)));
      assert.ok(own < L.bw * 0.6, `${where}: seat ${s}'s pile is ${Math.round(own)} px from its stack and plate`);
      assert.ok(theirs > 2 * own + L.bw, `${where}: seat ${s}'s pile is as near the other bot (${Math.round(theirs)} px) as its own (${Math.round(own)} px)`);
    }
    for (const s of [0, 1, 2]) {
      const box = pileBox(L, s);
      assert.ok(box[0] >= 0 && box[2] <= W && box[1] >= 0 && box[3] <= H, `${where}: seat ${s}'s pile leaves the screen`);
      const hud = [L.hud.trump.x, L.hud.trump.y, L.hud.trump.x + L.hud.trump.w, L.hud.trump.y + L.hud.trump.h];
      const others = [["the trump panel", hud], ...[0, 1, 2].map((t) => [`plate ${t}`, plateBox(L, t)]),
        ...[1, 2].map((t) => [`stack ${t}`, stackBox(L, t)]), ...[0, 1, 2].map((t) => [`trick card ${t}`, trickBox(L, t)]),
        ...[0, 1, 2].filter((t) => t !== s).map((t) => [`pile ${t}`, pileBox(L, t)])];
      for (const [name, b] of others) assert.ok(!overlap(box, b), `${where}: seat ${s}'s pile covers ${name}`);
    }
  }
});

test("the table is laid out from the viewer: the viewer at the bottom, the next seat to play at the right", () => {
  assert.deepEqual([0, 1, 2].map((s) => placeOf(s, 0)), [0, 1, 2]);
  assert.deepEqual([0, 1, 2].map((s) => placeOf(s, 1)), [2, 0, 1]);
  assert.deepEqual([0, 1, 2].map((s) => placeOf(s, 2)), [1, 2, 0]);
  for (const [W, H] of SCREENS) {
    const base = computeLayout(W, H, 12, 0);
    for (const viewer of [0, 1, 2]) {
      const L = computeLayout(W, H, 12, viewer), where = `${W}x${H}, viewer ${viewer}`;
      const right = (viewer + 1) % 3, left = (viewer + 2) % 3;
      assert.equal(L.viewer, viewer);
      assert.deepEqual(L.others, [right, left], where);
      // each seat takes the place the owner's table gives the seat at the same offset: the bottom, right and left
      for (const [seat, place] of [[viewer, 0], [right, 1], [left, 2]]) {
        for (const part of ["plates", "trick", "pile"]) assert.deepEqual(L[part][seat], base[part][place], `${where}: ${part} of seat ${seat}`);
      }
      assert.deepEqual(Object.keys(L.bots).map(Number).sort(), [right, left].sort(), `${where}: the viewer has no stack of backs`);
      assert.deepEqual(L.bots[right], base.bots[1], where);
      assert.ok(L.trick[right].x > L.trick[viewer].x && L.trick[left].x < L.trick[viewer].x, `${where}: right seat's card right`);
      assert.ok(L.plates[viewer].y > L.plates[right].y, `${where}: the viewer's plate at the bottom`);
      assert.deepEqual(L.hand, base.hand, `${where}: the hand is the viewer's, where it always is`);
    }
  }
});

test("four seats: bottom, right, across, left, each with its backs, plate, pile and trick card on the screen", () => {
  const rect = (p) => ({ l: p.x, r: p.x + p.w, t: p.y, b: p.y + p.h });
  const overlap = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
  for (const [W, H] of SCREENS) {
    for (const viewer of [0, 2, 3]) {
      const L = computeLayout(W, H, 9, viewer, 4, 9);
      const across = (viewer + 2) % 4, right = (viewer + 1) % 4, left = (viewer + 3) % 4;
      assert.deepEqual(L.others, [right, across, left], `${W}x${H}: round the table from the right`);
      assert.ok(L.bots[right].x > L.cx && L.bots[left].x < L.cx, `${W}x${H}: right and left`);
      assert.ok(L.bots[across].y < L.trick[across].y && L.trick[across].y < L.trick[viewer].y, `${W}x${H}: across at the top`);
      for (const s of [0, 1, 2, 3]) {
        for (const p of [L.trick[s], L.pile[s]]) assert.ok(p.x >= 0 && p.x <= W && p.y >= 0 && p.y <= H, `${W}x${H} seat ${s}: ${JSON.stringify(p)}`);
        const pl = rect(L.plates[s]);
        assert.ok(pl.l >= -1 && pl.r <= W + 1 && pl.t >= -1 && pl.b <= H + 1, `${W}x${H} seat ${s}'s plate off the screen`);
      }
      // the plates do not cover one another
      for (const a of [0, 1, 2, 3]) for (const b of [0, 1, 2, 3]) {
        if (a < b) assert.ok(!overlap(rect(L.plates[a]), rect(L.plates[b])), `${W}x${H}: plates ${a} and ${b} overlap`);
      }
      // the seat across's backs lie along the top, nine of them inside the screen
      const first = botCardPos(L, across, 0, 9), last = botCardPos(L, across, 8, 9);
      assert.ok(first.y === last.y && last.x > first.x && first.x - L.bw / 2 >= 0 && last.x + L.bw / 2 <= W, `${W}x${H}: across's backs`);
      assert.equal(placeOf(across, viewer, 4), 2);
    }
  }
});
