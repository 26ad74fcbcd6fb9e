// Pointer and keyboard input: canvas taps/clicks on cards and piles, arrows + Enter/Space through the hand.
// It writes only UI state (selection, hover, focus) and reports plays and peeks to its callbacks.
import { tapRaise } from "../ui/settings.js";
import { isMyTurn, shown, store } from "../game/store.js";

/** A touch screen (the finger is the pointer): the texts say "tap", not "click". */
export function touchScreen() { return !!window.matchMedia?.("(pointer: coarse)").matches; }

/** Alt, Ctrl or Meta held with a key: a browser's or the system's shortcut, not the table's. */
const withModifier = (e) => e.altKey || e.ctrlKey || e.metaKey;

/** Where an arrow, Home or End key moves selection `i` (-1: none yet) in a hand of `n` cards; null for another key. */
function moveSelection(key, i, n) {
  if (key === "ArrowRight" || key === "ArrowDown") return i < 0 ? 0 : Math.min(n - 1, i + 1);
  if (key === "ArrowLeft" || key === "ArrowUp") return i < 0 ? n - 1 : Math.max(0, i - 1);
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  return null;
}

export class Input {
  /**
   * onPlay(card) plays a card (the controller answers a play that is not possible now with a message);
   * onNotNow(i) shows that hand card i cannot be played now (not your turn); mayWait(card): whether a tap on `card`
   * while the table still moves is kept and played once it rests (the controller's `mayKeep`: the engine's view).
   * @param {object} deps
   * @param {HTMLCanvasElement} deps.canvas
   * @param {import("./renderer.js").Renderer} deps.renderer
   * @param {HTMLElement} deps.handButtons
   * @param {(card: string) => void} deps.onPlay
   * @param {(show: boolean) => void} deps.onPeek
   * @param {() => boolean} deps.isBlocked
   * @param {(i: number) => void} [deps.onNotNow]
   * @param {() => boolean} [deps.onGoOn]
   * @param {(card: string) => boolean} [deps.mayWait]
   */
  constructor({ canvas, renderer, handButtons, onPlay, onPeek, isBlocked, onNotNow = () => {}, onGoOn = () => false, mayWait = () => false }) {
    this.canvas = canvas; this.renderer = renderer; this.handButtons = handButtons; this.onPlay = onPlay;
    this.onPeek = onPeek; this.isBlocked = isBlocked; this.onNotNow = onNotNow; this.mayWait = mayWait;
    const ui = store.ui;
    // a finished trick held on the table until the player goes on (onGoOn() sends it on, true when one was held):
    // a click or tap anywhere, or a key, outside dialogs and fields; on the table it does nothing else
    const typing = (e) => e.target.closest?.("dialog, input, select, textarea") || document.querySelector("dialog[open]");
    document.addEventListener("click", (e) => {
      if (!typing(e) && onGoOn() && e.target === canvas) e.stopImmediatePropagation();
    }, true);
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab" || e.getModifierState?.(e.key)) return;   // a modifier alone
      if (typing(e) || !onGoOn()) return;
      e.preventDefault();
      e.stopImmediatePropagation();
    }, true);
    const pos = (e) => {
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    canvas.addEventListener("pointermove", (e) => {
      if (e.pointerType === "touch") return;
      const { x, y } = pos(e);
      const i = renderer.handIndexAt(x, y);
      canvas.style.cursor = i >= 0 || renderer.pileAt(x, y) >= 0 ? "pointer" : "default";
      if (i !== ui.hover) { ui.hover = i; renderer.invalidate(); }
      const tip = renderer.tooltipAt(x, y);   // what a plate's badge and numbers mean
      if (canvas.title !== tip) canvas.title = tip;
    });
    canvas.addEventListener("pointerleave", () => { ui.hover = -1; renderer.invalidate(); });
    // touch: a drag upwards from a hand card plays it
    let drag = null;
    canvas.addEventListener("pointerdown", (e) => {
      const { x, y } = pos(e);
      drag = { i: renderer.handIndexAt(x, y), y, type: e.pointerType };
    });
    canvas.addEventListener("pointerup", (e) => {
      const d = drag;
      drag = null;
      if (!d || d.i < 0 || isBlocked() || ui.peek) return;
      const { y } = pos(e);
      if (d.y - y > renderer.layout.cardH * 0.3) { this.dragged = true; this.tapCard(d.i, true); }
    });
    canvas.addEventListener("click", (e) => {
      if (this.dragged) { this.dragged = false; return; }
      if (ui.peek) { onPeek(false); return; }   // the last-trick overlay closes on any tap
      if (isBlocked()) return;
      const { x, y } = pos(e);
      const i = renderer.handIndexAt(x, y);
      if (i >= 0) {
        ui.focusVisible = false;
        this.tapCard(i, e.pointerType === "mouse" || !tapRaise());
        return;
      }
      if (ui.raised >= 0) { ui.raised = -1; renderer.invalidate(); return; }   // a tap beside the hand lowers it
      if (renderer.pileAt(x, y) >= 0) onPeek(true);
    });

    // keyboard: arrows move the selection (and DOM focus) through the hand; Enter/Space on a card button plays it
    document.addEventListener("keydown", (e) => this.keyDown(e));
    handButtons.addEventListener("focusin", (e) => {
      const b = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest("button[data-card]"));
      if (!b) return;
      const i = shown().hand.indexOf(b.dataset.card);
      if (i >= 0 && i !== ui.selected) { ui.selected = i; }
      ui.focusVisible = true;
      renderer.invalidate();
    });
    handButtons.addEventListener("focusout", () => { ui.focusVisible = false; renderer.invalidate(); });
  }

  /** A key outside fields and dialogs: arrows, Home and End move the selection through the hand, Enter or Space
   *  plays the selected card (a focused card button plays its own), Escape closes the last-trick overlay. */
  keyDown(e) {
    if (this.isBlocked() || withModifier(e)) return;
    const tag = (document.activeElement?.tagName || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag)) return;
    if (document.querySelector("dialog[open]")) return;
    const ui = store.ui, hand = shown().hand, n = hand.length;
    if (!n) return;
    const i = ui.selected, to = moveSelection(e.key, i, n);
    if (to != null) {
      e.preventDefault();
      this.select(to, true);
      return;
    }
    const inHand = document.activeElement?.closest?.("#hand-buttons");
    if ((e.key === "Enter" || e.key === " ") && !inHand && i >= 0 && i < n && tag !== "button") {
      e.preventDefault();
      this.onPlay(hand[i]);
    } else if (e.key === "Escape" && ui.peek) this.onPeek(false);
  }

  /**
   * A tap or click on hand card i: plays it at once (`direct`: mouse, a drag up, or tap-to-raise off), else the first
   * tap raises the card and a second tap on the raised card plays it. Not your turn: the card shakes, a message says
   * whose turn it is. Your turn in the engine's view while the table still moves: a playable card's tap waits for it.
   */
  /** @param {number} i @param {boolean} direct */
  tapCard(i, direct) {
    const ui = store.ui, card = shown().hand[i];
    if (!isMyTurn() && !this.mayWait(card)) {
      this.onNotNow(i);
      return;
    }
    if (!direct && ui.raised !== i) {
      ui.raised = i;
      this.renderer.invalidate();
      return;
    }
    ui.raised = -1;
    this.onPlay(card);
  }

  /** @param {number} i @param {boolean} [focus] */
  select(i, focus) {
    const { renderer } = this, ui = store.ui;
    ui.selected = i;
    ui.focusVisible = true;
    if (focus) {
      const b = /** @type {HTMLElement|null} */ (this.handButtons.querySelector(`button[data-card="${shown().hand[i]}"]`));
      if (b && document.activeElement !== b) b.focus({ preventScroll: true });
    }
    renderer.invalidate();
  }
}
