// The table in the DOM, beside the canvas: one element per seat (`[data-seat]` with data-net, data-points,
// data-tricks) and `#trick[data-cards]` (the current trick's codes in play order). It follows what the canvas shows
// (`shown()`: the engine's view, or the animation scene), for screen readers and tests. Read-only: nothing here
// changes the game.
import { cardName, signed, t } from "../i18n/i18n.js";
import { nameOf, shown, store } from "../game/store.js";

let box = null;

function build() {
  box = document.createElement("div");
  box.id = "mirror";
  box.className = "sr-only";
  const trick = document.createElement("p");
  trick.id = "trick";
  trick.dataset.cards = "";
  box.append(trick);
  (document.querySelector("main") || document.body).append(box);
}

/** One element per seat of the game shown (three or four), before the trick's. */
function seatElements(n) {
  const els = [...box.querySelectorAll("p[data-seat]")];
  for (let seat = els.length; seat < n; seat++) {
    const p = document.createElement("p");
    p.dataset.seat = String(seat);
    box.querySelector("#trick").before(p);
    els.push(p);
  }
  for (const p of els.splice(n)) p.remove();
  return els;
}

function set(el, attr, value) {
  if (el.getAttribute(attr) !== value) el.setAttribute(attr, value);
}

/** Bring the mirror in step with the table (cheap when nothing changed). */
function syncMirror() {
  if (!box) build();
  const m = shown();
  const seats = seatElements(m.players?.length ?? m.counts.length);
  for (const [seat, el] of seats.entries()) {   // the mirror's seats stay in seat order, whoever views
    const net = m.net[seat] ?? 0, points = m.pointsTaken[seat] ?? 0, tricks = m.tricksWon[seat] ?? 0;
    set(el, "data-net", String(net));
    set(el, "data-points", String(points));
    set(el, "data-tricks", String(tricks));
    set(el, "data-to-play", m.toPlay === seat ? "true" : "false");
    set(el, "data-away", store.ui.away?.has(seat) ? "true" : "false");
    const text = m.players
      ? t("mirror.seat", { name: nameOf(seat), net: signed(net), points: t("review.points", { n: points }), tricks: t("seat.tricks", { n: tricks }) })
      : "";
    if (el.textContent !== text) el.textContent = text;
  }
  const trick = box.querySelector("#trick");
  const codes = m.trick.map((c) => c.card);
  set(trick, "data-cards", codes.join(" "));
  set(trick, "data-phase", store.ui.phase);
  const text = codes.length ? t("mirror.trick", { cards: codes.map(cardName).join(t("review.cardSep")) }) : t("mirror.noTrick");
  if (trick.textContent !== text) trick.textContent = text;
}

/** Keep the mirror in step with the canvas: every renderer invalidation (each change of what it shows) syncs it. */
export function installMirror(renderer) {
  renderer.on("invalidate", syncMirror);
  syncMirror();
}
