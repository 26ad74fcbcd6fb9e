// Small DOM helpers of the save, review, history and records modules: elements, a modal dialog built on demand,
// a file download.

/** An element with attributes (`text` sets textContent, `class` the class name) and children. */
export function el(tag, attrs = {}, ...children) {
  const ns = attrs.svg ? "http://www.w3.org/2000/svg" : null;
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false || k === "svg") continue;
    if (k === "text") e.textContent = v;
    else if (k === "class" && !ns) e.className = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c != null) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

/**
 * A modal dialog (created once per id, its content replaced): a title, body nodes and a row of buttons.
 * `dismissible: false` keeps Escape from closing it (a choice must be made).
 */
export function modal(id, title, body, buttons, { dismissible = false, wide = false } = {}) {
  let dlg = document.getElementById(id);
  if (!dlg) {
    dlg = el("dialog", { id, "aria-labelledby": `${id}-title`, class: wide ? "wide" : null });
    document.body.append(dlg);
  }
  dlg.oncancel = dismissible ? null : (e) => e.preventDefault();
  dlg.replaceChildren(el("h2", { id: `${id}-title`, text: title }), el("div", { class: "dlg-body" }, body), el("div", { class: "buttons" }, buttons));
  if (!dlg.open) dlg.showModal();
  (dlg.querySelector("[autofocus]") || dlg.querySelector(".buttons button.primary") || dlg.querySelector("button"))?.focus();
  return dlg;
}

/** Offer `text` as a file download (nothing leaves the machine). */
export function downloadJSON(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
