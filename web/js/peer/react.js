// @ts-check
// Reactions at a table with friends: a few fixed ones (the engine's `hello.reactions`, worded by the catalogs'
// react.<id>; never free text), sent over the links and shown by the sender's seat for a few seconds. A button by the
// table opens them; each player sends at most one every COOLDOWN_MS; the Settings switch turns them off (none is
// sent or shown). The host checks and passes them on (peer/host.js), like every message.
import { announce } from "../ui/a11y.js";
import { el } from "../ui/dom.js";
import { t } from "../i18n/i18n.js";
import { onPrefChange, prefs } from "../ui/settings.js";
import { store } from "../game/store.js";

const SHOWN_MS = 3500;
/** The least time between two reactions of one player (sent here, or passed on by the host). */
export const COOLDOWN_MS = 1500;

export class Reactions {
  /**
   * @param {object} deps
   * @param {(reaction: string) => void} deps.send  this page's reaction to the table
   * @param {{invalidate: () => void, viewerPlateRect: () => ({x: number, y: number, w: number, h: number}|null),
   *   on?: (event: string, fn: () => void) => void}} deps.renderer
   * @param {(seat: number) => string} deps.nameOf
   */
  constructor({ send, renderer, nameOf }) {
    this.send = send; this.renderer = renderer; this.nameOf = nameOf;
    /** @type {Map<number, ReturnType<typeof setTimeout>>} the bubbles' timers by seat */
    this.timers = new Map();
    this.last = -Infinity;
    store.ui.reactions ??= new Map();
    this.wanted = false;   // a table with friends is open
    /** @type {(() => void)|null} the relayout listener (added once) */
    this.placing = null;
    // the Settings switch: off takes the button away at once, on brings it back at an open table
    onPrefChange((name) => {
      if (name !== "reactions") return;
      if (prefs.reactions && this.wanted) this.mount();
      else if (!prefs.reactions) this.remove();
    });
  }

  /** The button by the table (a table with friends is open): it opens the reactions. */
  mount() {
    this.wanted = true;
    if (document.getElementById("btn-react") || !prefs.reactions) return;
    const menu = el("div", { id: "react-menu", role: "menu", hidden: true, "aria-label": t("react.title") },
      (store.hello?.reactions ?? []).map((id) => {
        const b = el("button", { type: "button", role: "menuitem", "data-reaction": id, text: t(`react.${id}`) });
        b.addEventListener("click", () => { this.close(); this.mine(id); });
        return b;
      }));
    const button = el("button", { type: "button", id: "btn-react", "aria-haspopup": "menu", "aria-expanded": "false",
      "aria-label": t("react.title"), title: t("react.title"), text: "☺" });
    button.addEventListener("click", () => (menu.hidden ? this.open() : this.close()));
    menu.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); this.close(); button.focus(); } });
    document.body.append(el("div", { id: "react-box" }, menu, button));
    this.place();
    if (!this.placing) {
      this.placing = () => this.place();
      this.renderer.on?.("relayout", this.placing);
    }
  }

  /** The button beside the player's own name plate, placed again whenever the table is laid out: left of it where
   *  there is room (a phone: near the thumb, clear of the hand and the trick), else above it (a desktop, where the
   *  plate sits in the corner and its trick pile to its right). */
  place() {
    const box = document.getElementById("react-box"), p = this.renderer.viewerPlateRect();
    if (!box || !p) return;
    const size = 44, gap = 10, room = p.x >= size + 2 * gap;
    const left = room ? p.x - size - gap : p.x;
    const top = room ? p.y + p.h / 2 - size / 2 : p.y - size - gap;
    Object.assign(box.style, { left: `${Math.round(left)}px`, top: `${Math.round(top)}px` });
  }

  unmount() {
    this.wanted = false;
    this.remove();
  }

  /** The button and every bubble gone (the table closed, or reactions turned off). */
  remove() {
    document.getElementById("react-box")?.remove();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    store.ui.reactions?.clear();
    this.renderer.invalidate();
  }

  open() {
    const menu = document.getElementById("react-menu");
    if (!menu) return;
    this.place();
    menu.hidden = false;
    document.getElementById("btn-react")?.setAttribute("aria-expanded", "true");
    menu.querySelector("button")?.focus();
  }

  close() {
    const menu = document.getElementById("react-menu");
    if (menu) menu.hidden = true;
    document.getElementById("btn-react")?.setAttribute("aria-expanded", "false");
  }

  /** This page's player reacts: shown by its own seat and sent (at most one every COOLDOWN_MS). */
  /** @param {string} id */
  mine(id) {
    const now = performance.now();
    if (now - this.last < COOLDOWN_MS || !prefs.reactions) return;
    this.last = now;
    this.show(store.view?.viewer ?? 0, id);
    this.send(id);
  }

  /** Seat `seat` reacted with `id` (already checked by the engine): its bubble for a few seconds, and a line for
   *  screen readers. Off in Settings: nothing. */
  /** @param {number} seat @param {string} id */
  show(seat, id) {
    if (!prefs.reactions || !(store.hello?.reactions ?? []).includes(id)) return;
    const text = t(`react.${id}`);
    store.ui.reactions?.set(seat, text);
    clearTimeout(this.timers.get(seat));
    this.timers.set(seat, setTimeout(() => { store.ui.reactions?.delete(seat); this.renderer.invalidate(); }, SHOWN_MS));
    this.renderer.invalidate();
    announce(t("react.said", { name: this.nameOf(seat), reaction: text }));
  }
}
