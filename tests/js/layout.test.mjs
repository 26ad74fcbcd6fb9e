// Table geometry (web/js layout): every hand card reachable and readable, everything on the screen.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { computeLayout, MIN_TAP, insideCard, cardToTable, botCardPos } = await load("layout");

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
