// @ts-check
// Small dialog helpers of the save, review, history, records and peer modules: a modal dialog built on demand, a
// question with two answers, a file download (their elements: ui/dom.js's el).
import { el } from "../ui/dom.js";

/** @typedef {import("../ui/dom.js").ElChild} ElChild */

/**
 * A modal dialog (created once per id, its content replaced): a title, body nodes and a row of buttons.
 * `dismissible: false` keeps Escape from closing it (a choice must be made).
 * @param {string} id
 * @param {string} title
 * @param {ElChild[]} body
 * @param {ElChild[]} buttons
 * @returns {HTMLDialogElement}
 */
export function modal(id, title, body, buttons, { dismissible = false, wide = false } = {}) {
  let dlg = /** @type {HTMLDialogElement|null} */ (document.getElementById(id));
  if (!dlg) {
    dlg = el("dialog", { id, "aria-labelledby": `${id}-title`, class: wide ? "wide" : null });
    document.body.append(dlg);
  }
  dlg.oncancel = dismissible ? null : (e) => e.preventDefault();
  dlg.replaceChildren(el("h2", { id: `${id}-title`, text: title }), el("div", { class: "dlg-body" }, body), el("div", { class: "buttons" }, buttons));
  if (!dlg.open) dlg.showModal();
  /** @type {HTMLElement|null} */ (dlg.querySelector("[autofocus]") || dlg.querySelector(".buttons button.primary")
    || dlg.querySelector("button"))?.focus();
  return dlg;
}

/**
 * A question with two answers, in the app's dialog style: resolves true for `yes`, false for `no` (and for Escape
 * when `dismissible`). `yes` / `no`: {id, text}; the one with `focus: true` has the focus (else `yes`).
 * @param {string} id
 * @param {string} title
 * @param {string} text
 * @param {{id: string, text: string, focus?: boolean}} yes
 * @param {{id: string, text: string, focus?: boolean}} no
 * @returns {Promise<boolean>}
 */
export function ask(id, title, text, yes, no, { dismissible = false } = {}) {
  return new Promise((resolve) => {
    /** @param {{id: string, text: string, focus?: boolean}} b @param {boolean} primary */
    const button = (b, primary) => el("button", { type: "button", id: b.id, class: primary ? "primary" : null, autofocus: b.focus === true, text: b.text });
    const y = button(yes, true), n = button(no, false);
    const dlg = modal(id, title, [el("p", { text })], [n, y], { dismissible });
    /** @param {boolean} v */
    const answer = (v) => { dlg.onclose = null; dlg.close(); resolve(v); };
    y.onclick = () => answer(true);
    n.onclick = () => answer(false);
    dlg.onclose = () => { dlg.onclose = null; resolve(false); };
  });
}

/** Offer `text` as a file download (nothing leaves the machine).
 * @param {string} filename
 * @param {string} text */
export function downloadJSON(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
