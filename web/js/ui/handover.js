// Pass-and-play: the hand-over screen between two people's turns on one device. It covers the whole table (the
// renderer draws no hand and the hand buttons are gone while it is up), names the person the device goes to, and
// the page asks the engine for that person's view only once they confirm (the button, or Enter/Space).
// body[data-handover] is set while it is up, body[data-seat] always says whose hand the table shows.
import { t } from "../i18n/i18n.js";

let box = null, confirm = null, shownFor = null;
const $ = (sel) => box.querySelector(sel);

function build() {
  box = document.createElement("section");
  box.id = "handover";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "handover-title");
  box.hidden = true;
  const title = document.createElement("h2");
  title.id = "handover-title";
  const help = document.createElement("p");
  help.className = "help";
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = "primary";
  btn.dataset.action = "handover-confirm";
  btn.addEventListener("click", () => go());
  box.append(title, help, btn);
  (document.querySelector("main") || document.body).append(box);
  // Enter or Space anywhere on the page (outside a dialog or a field) confirms too
  document.addEventListener("keydown", (e) => {
    if (box.hidden || (e.key !== "Enter" && e.key !== " ") || e.target === btn) return;
    if ((e.target instanceof Element && e.target.closest("dialog, input, select, textarea")) || document.querySelector("dialog[open]")) return;
    e.preventDefault();
    go();
  });
}

function go() {
  const fn = confirm;
  confirm = null;
  fn?.();
}

function fill() {
  const name = shownFor;
  $("#handover-title").textContent = t("handover.title", { name });
  $(".help").textContent = t("handover.help", { name });
  $("button").textContent = t("handover.confirm", { name });
}

/** Cover the table and ask for the device to go to `name`; `onConfirm()` once that person says they hold it. */
export function showHandover(name, onConfirm) {
  if (!box) build();
  shownFor = name;
  confirm = onConfirm;
  fill();
  box.hidden = false;
  document.body.dataset.handover = "true";
  $("button").focus({ preventScroll: true });
}

/** The screen goes (the person confirmed, or a new game replaced the table). */
export function hideHandover() {
  confirm = null;
  shownFor = null;
  if (box) box.hidden = true;
  delete document.body.dataset.handover;
}

/** The screen's words again in a new language (it stays up). */
export function relabelHandover() { if (box && !box.hidden) fill(); }

/** body[data-seat]: whose hand the table shows (the viewer), for tests and styles. */
export function markViewer(seat) {
  if (seat == null) delete document.body.dataset.seat;
  else if (document.body.dataset.seat !== String(seat)) document.body.dataset.seat = String(seat);
}
