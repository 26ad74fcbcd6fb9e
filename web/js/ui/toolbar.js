// The toolbar stays one tidy row at every width and in every language: when its buttons do not fit beside the
// title, the least needed ones move, one by one, into a menu (☰) that lists them with their labels. Whatever
// another module adds to the toolbar later goes into the menu first.
import { t } from "../i18n/i18n.js";

/** Toolbar controls by how long they stay in the bar (last = first to leave); unknown ones leave before these. */
const KEEP = ["#btn-continue", "#btn-hint", "#btn-last", "#btn-undo", "#btn-howto", "#btn-new", "#btn-sheet", "#btn-games", ".speed", "#btn-settings"];

let bar, nav, menuBtn, dlg;
// What the last fit was made for (the bar's width and every control's id, visibility and text): a fit asked for the
// same again changes nothing and is skipped. A fit puts every control back and measures the bar (forced layouts:
// on a 4x slower CPU a fit was part of most of the first game's long tasks, and most fits found what was there).
let barWidth = null;
let fittedFor = "";
const fitKey = () => `${barWidth}|${document.documentElement.lang}|` + items().map((el) =>
  `${el.id || el.className}:${el.hidden ? "-" : "+"}:${el.getAttribute("aria-label") ?? ""}:${el.textContent}`).join("|");

function items() { return [...nav.children].filter((el) => el !== menuBtn); }

/** Controls in the order they leave the bar: unknown (new) ones first, then KEEP from its end. */
function leaveOrder() {
  const rank = (el) => { const i = KEEP.findIndex((s) => el.matches(s)); return i < 0 ? KEEP.length : i; };
  return items().sort((a, b) => rank(b) - rank(a));
}

const fits = () => bar.scrollWidth <= bar.clientWidth + 1 && nav.scrollWidth <= nav.clientWidth + 1;

/** Lay the toolbar out again: everything in the bar if it fits, else move controls into the menu until it does. */
function fitToolbar() {
  if (!bar) return;
  const key = fitKey();
  if (key === fittedFor) return;
  fittedFor = key;
  for (const el of items()) el.classList.remove("in-menu");
  menuBtn.hidden = true;
  if (fits()) return;
  menuBtn.hidden = false;
  // one measurement: the controls that leave, in order, until their widths cover the overflow (a layout per control
  // tried, as before, cost a phone's main thread up to 60 ms); then checked, and one by one only if still too wide
  const order = leaveOrder().filter((el) => !el.matches("#btn-continue"));   // the way on after a hand never hides
  const gap = parseFloat(getComputedStyle(nav).columnGap) || 0;
  let over = Math.max(bar.scrollWidth - bar.clientWidth, nav.scrollWidth - nav.clientWidth);
  const widths = order.map((el) => el.getBoundingClientRect().width);
  let k = 0;
  while (over > 1 && k < order.length) { if (widths[k]) over -= widths[k] + gap; k++; }
  for (const el of order.slice(0, k)) el.classList.add("in-menu");
  for (const el of order.slice(k)) {
    if (fits()) break;
    el.classList.add("in-menu");
  }
  if (dlg?.open) fillMenu();
}

/** The menu lists every control that left the bar, with its full label, in toolbar order. */
function fillMenu() {
  const list = dlg.querySelector(".menu-items");
  const moved = items().filter((el) => el.classList.contains("in-menu") && el.matches("button") && !el.hidden);
  list.replaceChildren(...moved.map((src) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.for = src.id;
    b.textContent = src.getAttribute("aria-label") || src.textContent;
    b.disabled = src.disabled;
    if (src.hasAttribute("aria-pressed")) b.setAttribute("aria-pressed", src.getAttribute("aria-pressed"));
    b.addEventListener("click", () => { dlg.close(); src.click(); });
    return b;
  }));
}

function openMenu() {
  fillMenu();
  dlg.querySelector("h2").textContent = t("menu.title");
  dlg.querySelector("[data-close]").textContent = t("btn.close");
  dlg.showModal();
  menuBtn.setAttribute("aria-expanded", "true");
  dlg.querySelector(".menu-items button:not(:disabled)")?.focus();
}

/** Watch the toolbar: it is fitted again when the window, the language or a control's visibility changes. */
export function installToolbar() {
  bar = document.querySelector(".topbar");
  nav = bar.querySelector(".actions");
  menuBtn = document.querySelector("#btn-menu");
  dlg = document.querySelector("#dlg-menu");
  menuBtn.addEventListener("click", openMenu);
  dlg.addEventListener("close", () => menuBtn.setAttribute("aria-expanded", "false"));
  dlg.addEventListener("click", (e) => { if (e.target === dlg) dlg.close(); });
  dlg.querySelector("[data-close]").addEventListener("click", () => dlg.close());
  let queued = false;
  const refit = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fitToolbar(); });
  };
  // the bar's width as the observer reports it (no layout to read it); a new width is a new fit
  new ResizeObserver((entries) => { barWidth = entries.at(-1).contentRect.width; refit(); }).observe(bar);
  // a button shown or hidden, a label changed (language), a button added by another module
  // (the menu button's own show/hide during a fit is no reason to fit again)
  new MutationObserver((recs) => { if (recs.some((r) => r.target !== menuBtn)) refit(); })
    .observe(nav, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
  fitToolbar();
}
