// @ts-check
// The app's one DOM builder (dialogs, saves, review, history, peers, the bot lab) and its query helper.

/** @typedef {Record<string, unknown>} ElAttrs attributes (`text`, `class`, `dataset`, `on…`, `svg`: see el) */
/** @typedef {Node|string|number|null|undefined} ElChild */
/** @typedef {ElChild|ElChild[]} ElChildren */

const SVG = "http://www.w3.org/2000/svg";

/**
 * An element `tag` with attributes and children. An attribute that is null, undefined or false is left out, true
 * writes it empty (a boolean attribute: `hidden`, `selected`, `autofocus`…); `text` sets the text, `class` the class
 * name, `dataset` (an object) data-* attributes by their camelCase names, a function under an `on…` name is the
 * element's handler (`onclick`); every other one (`aria-*`, `data-*`, `id`, `value`…) is set as an attribute,
 * as text. `svg: true` makes an SVG element (its `class` then an attribute). Children: nodes, or text (a number is
 * written as text); arrays are flattened, null and undefined left out.
 * @template {string} K
 * @param {K} tag
 * @param {ElAttrs} [attrs]
 * @param {...ElChildren} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : Element}
 */
export function el(tag, attrs = {}, ...children) {
  const svg = !!attrs.svg;
  const e = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false || k === "svg") continue;
    if (k === "text") e.textContent = String(v);
    else if (k === "class" && !svg) /** @type {HTMLElement} */ (e).className = String(v);
    else if (k === "dataset") Object.assign(/** @type {HTMLElement} */ (e).dataset, v);
    else if (k.startsWith("on") && typeof v === "function") /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (e))[k] = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c != null) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return /** @type {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : Element} */ (e);
}

/**
 * The first element under `root` (the document by default) that matches `sel`, or null.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {any}  the caller knows the element's kind (an input, a dialog…)
 */
export const $ = (sel, root = document) => root.querySelector(sel);
