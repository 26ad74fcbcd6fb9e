// The DOM beside the canvas: hand buttons (keyboard and screen readers), the game log, toasts, toolbar states.
import { cardName, cardShort, t } from "./i18n.js";
import { isMyTurn, store } from "./store.js";

const $ = (sel) => document.querySelector(sel);

/** Append a line to the role=log region (screen readers announce it). */
export function announce(text) {
  const log = $("#log");
  const p = document.createElement("p");
  p.textContent = text;
  log.append(p);
  while (log.childElementCount > 400) log.firstElementChild.remove();
}

let toastTimer = 0;
/** A short message over the table; kind: info | illegal | error. */
export function toast(text, kind = "info", ms = 4500) {
  const el = $("#toast");
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}
export function hideToast() { $("#toast").hidden = true; }

/** One button per card of seat 0's hand: aria-disabled tells which cards may be played now. */
export function renderHandButtons() {
  const box = $("#hand-buttons");
  const hadFocus = box.contains(document.activeElement);
  const { hand, legal } = store.model;
  const myTurn = isMyTurn();
  const frag = document.createDocumentFragment();
  hand.forEach((code, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.card = code;
    const playable = myTurn && legal.has(code);
    b.setAttribute("aria-disabled", playable ? "false" : "true");
    b.setAttribute("aria-label", t(playable ? "aria.card" : "aria.cardIllegal", { card: cardName(code) }));
    b.tabIndex = i === Math.max(0, store.ui.selected) ? 0 : -1;
    b.textContent = cardShort(code);
    frag.append(b);
  });
  box.replaceChildren(frag);
  if (hadFocus && hand.length) {
    const i = Math.max(0, Math.min(store.ui.selected, hand.length - 1));
    box.children[i]?.focus({ preventScroll: true });
  }
}

/** Enable the toolbar buttons that can do something now. */
export function updateToolbar() {
  const { ui, model } = store;
  $("#btn-hint").disabled = !isMyTurn();
  $("#btn-last").disabled = !(store.scene ?? model).lastTrick;
  $("#btn-last").setAttribute("aria-pressed", ui.peek ? "true" : "false");
  $("#btn-sheet").disabled = !store.view;
  $("#btn-new").disabled = !store.hello;
  const cont = $("#btn-continue");   // the way on when the hand-over or game-over dialog was dismissed
  cont.hidden = !["hand-over", "game-over"].includes(ui.phase) || !!document.querySelector("dialog[open]");
  cont.textContent = t(ui.phase === "game-over" ? "btn.result" : "btn.next");
}
