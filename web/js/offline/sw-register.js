// Registers the service worker (../sw.js, scope: the site root, any sub-path) and shows the "new version" prompt.
//
// * First visit: registration waits until the game is playable (or has failed), so the precache download does not
//   compete with the first start; it then mostly comes from the HTTP cache.
// * A new deployment: the new worker precaches in the background and then waits; the page shows
//   "A new version is available — Reload". Reload tells the waiting worker to take over, and the page reloads once
//   it controls the page, so every file comes from the new version (never a mix).
// * The player's language: its catalog is not precached (only the player's is downloaded): once a worker is active,
//   the page asks it to keep the catalog in use (and again after every switch of language).
// * window.__jassSW() (for tests and measurements) -> {supported, controlled, version, files, cached, update}; files
//   and cached count the player's catalog too
import { catalogURL, onLanguageChange, t } from "../i18n/i18n.js";

const swURL = new URL("../../../sw.js", import.meta.url);
const scope = new URL("../../../", import.meta.url);
const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
const state = { supported: !!sw, registered: false, update: false, error: null };
let reloading = false;

function banner(text, action) {
  let el = document.getElementById("update-banner");
  if (!el) {
    el = document.createElement("div");
    el.id = "update-banner";
    el.setAttribute("role", "status");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    el.append(document.createElement("span"), button);
    document.body.append(el);
  }
  const [span, button] = /** @type {[HTMLSpanElement, HTMLButtonElement]} */ ([...el.children]);
  span.textContent = text;
  button.textContent = t("btn.reload");
  button.onclick = action;
  el.hidden = false;
}

function offerUpdate(reg) {
  state.update = true;
  banner(t("update.available"), () => {
    const waiting = reg.waiting;
    reloading = true;
    if (waiting) waiting.postMessage({ type: "skip-waiting" });
    else location.reload();
  });
}

function watch(reg) {
  if (reg.waiting && sw.controller) offerUpdate(reg);
  reg.addEventListener("updatefound", () => {
    const w = reg.installing;
    if (!w) return;
    w.addEventListener("statechange", () => {
      if (w.state === "installed" && sw.controller) offerUpdate(reg);
    });
  });
}

async function register() {
  if (!sw || state.registered) return;
  state.registered = true;
  try {
    const reg = await sw.register(swURL, { scope: scope.pathname, updateViaCache: "none" });
    watch(reg);
    keepLanguage();
  } catch (e) {
    state.error = String((e && e.message) || e);   // e.g. an unsupported context: the game works without it
  }
}

if (sw) {
  const hadController = !!sw.controller;
  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    else if (hadController) offerUpdate({ waiting: null });   // another tab activated a new version
  });
  if (hadController) {
    register();   // controlled already: the check for an update is cheap
  } else {
    const phaseDone = () => !["loading", undefined].includes(document.body?.dataset.phase);
    if (phaseDone()) register();
    else {
      const mo = new MutationObserver(() => { if (phaseDone()) { mo.disconnect(); register(); } });
      mo.observe(document.body, { attributes: true, attributeFilter: ["data-phase"] });
    }
  }
}

/** Ask the active service worker to keep the current language's catalog (offline later). */
async function keepLanguage() {
  const reg = await sw.ready;
  reg.active?.postMessage({ type: "keep-language", url: catalogURL() });
}
if (sw) onLanguageChange(() => { if (state.registered) keepLanguage().catch(() => {}); });

window.__jassSW = async () => {
  const out = { ...state, controlled: !!(sw && sw.controller) };
  if (!out.controlled) return out;
  const reply = await new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = (e) => resolve(e.data);
    sw.controller.postMessage({ type: "version", lang: catalogURL() }, [ch.port2]);
    setTimeout(() => resolve({}), 2000);
  });
  return { ...out, ...reply };
};
