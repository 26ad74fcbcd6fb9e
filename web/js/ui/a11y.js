// The DOM beside the canvas: hand buttons (keyboard and screen readers), the game log, toasts, toolbar states.
import { cardName, cardShort, t } from "../i18n/i18n.js";
import { handHidden, isMyTurn, people, store } from "../game/store.js";
import { helpAllowed } from "./settings.js";
import { $, el } from "./dom.js";

/** Append a line to the role=log region (screen readers announce it). @param {string} text */
export function announce(text) {
  const log = $("#log");
  const p = document.createElement("p");
  p.textContent = text;
  log.append(p);
  while (log.childElementCount > 400) log.firstElementChild.remove();
}

let toastTimer = 0;
/** A short message over the table; kind: info | illegal | error. @param {string} text */
export function toast(text, kind = "info", ms = 4500) {
  const el = $("#toast");
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  onTop(el, true);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => hideToast(), ms);
}
export function hideToast() {
  const el = $("#toast");
  el.hidden = true;
  onTop(el, false);
}

/** A popover in the top layer, shown anew so it lies above a modal dialog opened since (a notice said while the
 *  hand summary or the review is open is seen, not hidden under the backdrop). Without popovers: as before. */
function onTop(el, show) {
  if (typeof el.showPopover !== "function") return;
  if (el.matches(":popover-open")) el.hidePopover();
  if (!show) return;
  el.showPopover();
  if (!dialogWatch && typeof MutationObserver === "function") {
    // a dialog that opens while a notice shows (the game-over summary after a friend's warning) goes under it
    dialogWatch = new MutationObserver((changes) => {
      if (!el.hidden && changes.some((c) => /** @type {HTMLDialogElement} */ (c.target).open)) onTop(el, true);
    });
    dialogWatch.observe(document.body, { attributes: true, attributeFilter: ["open"], subtree: true });
  }
}
let dialogWatch = null;

/**
 * The hint in plain words over the table, with the numbers behind it (expected strokes, sampled deals) behind a
 * "Details" toggle. Stays until the player plays (hideHint). Focus is left alone: it sits on the hinted card.
 */
export function showHint(text, details = "") {
  let box = $("#hint");
  if (!box) {
    const d = el("p", { class: "hint-details", id: "hint-details" });
    const more = el("button", { type: "button", class: "hint-more", "aria-controls": "hint-details" });
    more.addEventListener("click", () => {
      const open = more.getAttribute("aria-expanded") !== "true";
      more.setAttribute("aria-expanded", String(open));
      d.hidden = !open;
    });
    box = el("div", { id: "hint", role: "status" }, el("p", { class: "hint-text" }), more, d);
    $(".table-wrap").append(box);
  }
  $(".hint-text", box).textContent = text;
  const more = $(".hint-more", box), d = $(".hint-details", box);
  more.textContent = t("btn.details");
  more.setAttribute("aria-expanded", "false");
  more.hidden = !details;
  d.textContent = details;
  d.hidden = true;
  box.hidden = false;
}
export function hideHint() { const box = $("#hint"); if (box) box.hidden = true; }

/** One button per card of the player's hand: aria-disabled tells which cards may be played now. The buttons of the
 *  cards still in the hand are kept and only what changed is written: a rebuilt group cost a style and layout pass at
 *  every settle (the focus moved to a new button) and a screen reader lost its place in the hand. */
export function renderHandButtons() {
  const box = $("#hand-buttons");
  const hadFocus = box.contains(document.activeElement);
  const { legal } = store.model;
  const hand = handHidden() ? [] : store.model.hand;   // the hand-over screen: no one's cards
  const myTurn = isMyTurn();
  const kept = new Map([...box.children].map((b) => [/** @type {HTMLElement} */ (b).dataset.card, b]));
  const buttons = hand.map((code, i) => {
    const b = /** @type {HTMLButtonElement} */ (kept.get(code) ?? el("button", { type: "button", "data-card": code }));
    const playable = myTurn && legal.has(code);
    setAttr(b, "aria-disabled", playable ? "false" : "true");
    setAttr(b, "aria-label", t(playable ? "aria.card" : "aria.cardIllegal", { card: cardName(code) }));
    const tab = i === Math.max(0, store.ui.selected) ? 0 : -1;
    if (b.tabIndex !== tab) b.tabIndex = tab;
    const text = cardShort(code);
    if (b.textContent !== text) b.textContent = text;
    return b;
  });
  const inHand = new Set(buttons);
  for (const b of [...box.children]) if (!inHand.has(b)) b.remove();   // a card played: the others keep their place
  if (buttons.length !== box.children.length || buttons.some((b, i) => box.children[i] !== b)) box.replaceChildren(...buttons);
  if (hadFocus && hand.length) {
    const b = /** @type {HTMLElement} */ (box.children[Math.max(0, Math.min(store.ui.selected, hand.length - 1))]);
    if (b && document.activeElement !== b) b.focus({ preventScroll: true });
  }
}

/** Set an attribute only when its value changes (a write of the same value still costs a style pass).
 * @param {Element} node @param {string} name @param {string} value */
function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Enable the toolbar buttons that can do something now. */
export function updateToolbar() {
  const { ui, model } = store;
  // a friend's page has no game of its own to search (the host's engine holds it): no hint there
  $("#btn-hint").disabled = !isMyTurn() || !helpAllowed(people().length) || document.body.dataset.guest === "true";
  $("#btn-last").disabled = !(store.scene ?? model).lastTrick || handHidden();   // the table is covered: nothing to peek at
  $("#btn-last").setAttribute("aria-pressed", ui.peek ? "true" : "false");
  $("#btn-sheet").disabled = !store.view;
  $("#btn-new").disabled = !store.hello;
  const cont = $("#btn-continue");   // the way on when the hand-over or game-over dialog was dismissed
  cont.hidden = !["hand-over", "game-over"].includes(ui.phase) || !!document.querySelector("dialog[open]");
  cont.textContent = t(ui.phase === "game-over" ? "btn.result" : "btn.next");
}
