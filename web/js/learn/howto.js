// @ts-check
// How to play: a dialog readable from the first second (it needs neither Python nor the engine), written in each
// language's catalog (keys howto.*), with the cards drawn by the game's own card art (cards.js CardArt).
import { CardArt } from "../table/cards.js";
import { getDeck, has, richText, t, tDeck } from "../i18n/i18n.js";
import { store } from "../game/store.js";
import { touchScreen } from "../table/input.js";

/** @type {(() => void) | null} */
let tutorialAction = null;
/** What the "first hand with a coach" button does (set by main.js once the tutorial exists).
 *  @param {() => void} fn */
export function setTutorialAction(fn) { tutorialAction = fn; }

/**
 * The page: sections of catalog paragraphs and card figures. A figure lists card codes and the label under each
 * card; a figure of `points` labels each card with its card points as the engine's hello gives them (plain or trump,
 * docs/rules.md §2): before the engine is ready it shows the cards alone, and the points once hello has come.
 * @typedef {object} Figure
 * @property {string[]} cards  card codes
 * @property {string} caption  catalog key
 * @property {string[]} [labels]  one per card: a catalog key ("howto.…"), the text itself, or ""
 * @property {"plain"|"trump"} [points]  label each card with its card points (hello's card_points)
 */
/** @type {Figure} */
const PLAIN = { cards: ["SA", "SK", "SQ", "SJ", "S10", "S9", "S8", "S7", "S6"], points: "plain", caption: "howto.fig.plain" };
/** @type {Figure} */
const TRUMP = { cards: ["HJ", "H9", "HA", "HK", "HQ", "H10", "H8", "H7", "H6"], points: "trump", caption: "howto.fig.trump" };
/** @type {Figure} */
const FIXING = { cards: ["S7", "D6", "HK"], labels: ["howto.fig.led", "howto.fig.void", "howto.fig.void"], caption: "howto.fig.fix" };
/** @type {Figure} */
const PUUR = { cards: ["CJ", "SA", "D7"], labels: ["howto.fig.puur", "", ""], caption: "howto.fig.puurCaption" };

const SECTIONS = [
  { id: "goal", items: ["howto.goal.p1", "howto.goal.p2", "howto.goal.p3"] },
  { id: "cards", items: ["howto.cards.p1", PLAIN, "howto.cards.p2", TRUMP, "howto.cards.p3"] },
  { id: "trump", items: ["howto.trump.p1", "howto.trump.p2", FIXING, "howto.trump.p3"] },
  { id: "play", items: ["howto.play.p1", "howto.play.p2", "howto.play.p3", PUUR, "howto.play.p4"] },
  { id: "examples", items: ["howto.examples.p1", "howto.examples.p2"] },
  { id: "sheet", items: ["howto.sheet.p1"] },
  { id: "family", items: ["howto.family.p1", "howto.family.p2", "howto.family.p3"] },   // the games for four
  { id: "app", items: ["howto.app.p1", "howto.terms"] },
];

const art = new CardArt();

/** A figure's labels: its own, or each card's points from hello (empty ones before hello).
 *  @param {Figure} fig
 *  @returns {string[]} */
function labelsOf(fig) {
  if (!fig.points) return fig.labels ?? [];
  const table = store.hello?.card_points?.[fig.points];
  return fig.cards.map((code) => (table ? String(table[code.slice(1)] ?? "") : ""));
}

/** A row of cards drawn by the game's card art, each with its label below, and a caption.
 *  @param {Figure} figure0
 *  @param {number} width  the room for the row, in CSS pixels */
function figure(figure0, width) {
  const fig = { ...figure0, labels: labelsOf(figure0) };
  const n = fig.cards.length, dpr = Math.min(window.devicePixelRatio || 1, 3);
  const gap = 4, cw = Math.floor(Math.min(58, (width - gap * (n - 1)) / n)), ch = Math.round(cw * 1.5);
  const labelH = fig.labels.some((l) => l.startsWith("howto.")) ? 0 : 18;
  const c = document.createElement("canvas");
  const W = n * cw + (n - 1) * gap, H = ch + labelH + 2;
  c.width = Math.round(W * dpr); c.height = Math.round(H * dpr);
  c.style.width = `${W}px`; c.style.height = `${H}px`;
  c.setAttribute("aria-hidden", "true");
  const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d"));   // a new canvas has its 2d context
  ctx.scale(dpr, dpr);
  art.setSize(cw, ch, dpr, getDeck());   // the pack on the table
  fig.cards.forEach((code, i) => {
    const x = i * (cw + gap);
    ctx.drawImage(art.get(code), x, 0, cw, ch);
    const label = fig.labels[i];
    if (label && labelH) {
      ctx.font = `700 ${Math.max(11, Math.round(cw * 0.26))}px system-ui, sans-serif`;
      ctx.fillStyle = "#f5c84c"; ctx.textAlign = "center"; ctx.textBaseline = "top";
      ctx.fillText(label, x + cw / 2, ch + 3);
    }
  });
  const f = document.createElement("figure");
  f.className = "howto-fig";
  f.dataset.cards = fig.cards.join(" ");
  if (fig.points) f.dataset.points = fig.labels.join(" ");
  f.append(c);
  const words = fig.labels.filter((l) => l.startsWith("howto.")).map((l) => t(l));
  if (words.length) {   // labels with words go below as text, so they wrap and translate freely
    const ul = document.createElement("ol");
    ul.className = "howto-fig-labels";
    fig.labels.forEach((l) => { const li = document.createElement("li"); li.textContent = l ? t(l) : ""; li.style.width = `${cw}px`; ul.append(li); });
    ul.style.gap = `${gap}px`;
    f.append(ul);
  }
  f.append(richText("figcaption", tDeck(fig.caption)));
  return f;
}

/** @type {HTMLDialogElement | null} */
let dlg = null;

/** The dialog, made once (empty: render fills it). */
function build() {
  const dlg = document.createElement("dialog");
  dlg.id = "dlg-howto";
  dlg.className = "howto";
  dlg.dataset.reading = "";   // the game never closes it, and waits while it is open (dialogs.js)
  dlg.setAttribute("aria-labelledby", "howto-title");
  document.body.append(dlg);
  dlg.addEventListener("click", (e) => { if (e.target === dlg) dlg.close(); });   // a click on the backdrop
  return dlg;
}

/** A text's touch-screen wording where it has one ("tap" a card; "click" it with a mouse). */
const pointerKey = (/** @type {string} */ key) => (has(`${key}.touch`) && touchScreen() ? `${key}.touch` : key);

/** Fill the dialog `dlg` in the current language (again after a language switch).
 *  @param {HTMLDialogElement} dlg */
function render(dlg) {
  const h = document.createElement("h2");
  h.id = "howto-title";
  h.textContent = t("howto.title");
  const body = document.createElement("div");
  body.className = "howto-body";
  body.append(richText("p", t("howto.intro")));
  const width = Math.min(dlg.clientWidth || 480, 520) - 8;
  const toc = document.createElement("nav");
  toc.className = "howto-toc";
  for (const s of SECTIONS) {
    const sec = document.createElement("section");
    sec.id = `howto-${s.id}`;
    const h3 = document.createElement("h3");
    h3.textContent = t(`howto.${s.id}.h`);
    sec.append(h3);
    for (const item of s.items) sec.append(typeof item === "string" ? richText("p", tDeck(pointerKey(item))) : figure(item, width));
    body.append(sec);
    const a = document.createElement("a");
    a.href = `#howto-${s.id}`;
    a.textContent = t(`howto.${s.id}.h`);
    a.addEventListener("click", (e) => { e.preventDefault(); sec.scrollIntoView({ behavior: "smooth", block: "start" }); });
    toc.append(a);
  }
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "primary";
  close.textContent = t("btn.close");
  close.addEventListener("click", () => dlg.close());
  if (tutorialAction) {
    const tut = document.createElement("button");
    tut.type = "button";
    tut.id = "btn-tutorial";
    tut.textContent = t("btn.tutorial");
    tut.disabled = !store.hello;   // the tutorial plays real cards: it waits for the engine
    tut.addEventListener("click", () => { dlg.close(); tutorialAction?.(); });
    buttons.append(tut);
  }
  buttons.append(close);
  dlg.replaceChildren(h, toc, body, buttons);
  close.autofocus = true;
}

/** Open How to play (any time: during loading too). */
export function showHowTo() {
  dlg ??= build();
  if (!dlg.open) dlg.showModal();
  render(dlg);
  const body = dlg.querySelector(".howto-body");
  if (body) body.scrollTop = 0;
  // a game of four on the table (Molotow, Plus-Minus): its own rules first in view
  if ((store.view?.game ?? "mittlere") !== "mittlere") dlg.querySelector("#howto-family")?.scrollIntoView({ block: "start" });
  /** @type {HTMLButtonElement | null} */ (dlg.querySelector("button.primary"))?.focus();
}

/** The engine is ready: the first hand with a coach can start (from a How to play opened while loading, too). */
export function engineReady() {
  const b = /** @type {HTMLButtonElement | null | undefined} */ (dlg?.querySelector("#btn-tutorial"));
  if (b) b.disabled = false;
  // the card points came with hello: the figures of an open How to play show them now
  const width = Math.min(dlg?.clientWidth || 480, 520) - 8;
  for (const fig of [PLAIN, TRUMP]) {
    const shown = dlg?.querySelector(`figure.howto-fig[data-cards="${fig.cards.join(" ")}"]`);
    shown?.replaceWith(figure(fig, width));
  }
}

/** Re-render an open How to play after a language switch. */
export function refreshHowTo() { if (dlg?.open) render(dlg); }
