// Starts the engine worker as soon as the page's own script has arrived, before it has run (on a slow phone a good part
// of a second of CPU), so Python's downloads and the wasm compilation start early. index.html loads this small module
// as an async module; bridge.js adopts the worker and replays what it said meanwhile (or starts it, if it comes
// first). Only the first engine start uses it (Retry and the coach start their own workers).
//
// Why wait for the page's script (js/main.js, the bundle: index.html preloads it): the worker's downloads share the
// line with it, and on a slow phone (1.6 Mbit/s) started at once they made the loading screen's How to play and
// language menu wait until 4.5 s instead of 2.4 s. On a fast line main.js is in before the first paint anyway.
const held = { worker: null, events: [], started: false };

/** The page runs in a frame (another site's, or any: a frame cannot tell whose it is when that site is foreign);
 *  such a page plays no game (ui/framed.js). */
export function isFramed() {
  try { return window.top !== window.self; } catch { return true; }
}

/** A new engine worker (a module worker: Pyodide 314 refuses classic ones); `name` tells the game's from the coach's. */
export function engineWorker(name = "engine") {
  return new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
}

function startWorker() {
  if (held.started) return;
  held.started = true;
  if (isFramed()) return;   // a page in a frame plays no game: no engine either
  try {
    const w = engineWorker();
    w.onmessage = (e) => held.events.push(e);
    w.onmessageerror = (e) => held.events.push(e);
    w.onerror = (e) => { e.preventDefault(); held.events.push(e); };
    held.worker = w;
  } catch { /* no module workers: bridge.js starts one itself (and reports what fails) */ }
}

/** -> {worker, events} once (events: what the worker sent before it was adopted, in order), then null. */
export function takeEarlyWorker() {
  startWorker();   // not started yet (the page's script came before its preload said so): now
  const w = held.worker;
  if (!w) return null;
  held.worker = null;
  w.onmessage = w.onmessageerror = w.onerror = null;
  return { worker: w, events: held.events.splice(0) };
}

// The worker's three big downloads (the wasm, the standard library, Pyodide's JavaScript half; index.html names them
// in <meta name="jass-runtime">) asked for by the page as preloads: the worker's own requests come later (its script
// and the modules it imports first); its fetch of the same URL then shares the response as it streams (no second
// download). Not from the page's head: Lighthouse would count all 4 MB toward the largest paint.
function preloadRuntime() {
  const urls = (document.querySelector('meta[name="jass-runtime"]')?.getAttribute("content") || "").split(" ").filter(Boolean);
  for (const href of urls) {
    const link = document.createElement("link");
    Object.assign(link, { rel: "preload", as: "fetch", crossOrigin: "anonymous", fetchPriority: "low", href });
    document.head.append(link);
  }
}
// Once the first contentful paint is recorded (the first frame may paint before the loading card's text: a preload
// asked for then still counted toward Lighthouse's largest paint); a page opened in a background tab paints nothing
// and asks at once; a page whose paint is never reported asks after 3 s (a busy phone can take over a second to
// paint). Not when a service worker controls the page: its plain copies are used then (an uncontrolled reload, e.g.
// a forced one, downloads anyway).
function afterFirstPaint(then) {
  let done = false;
  const once = () => { if (!done) { done = true; then(); } };
  if (document.visibilityState === "hidden") return once();
  setTimeout(once, 3000);
  try {
    new PerformanceObserver((list, obs) => {
      if (list.getEntriesByName("first-contentful-paint").length) { obs.disconnect(); once(); }
    }).observe({ type: "paint", buffered: true });
  } catch { once(); }
}
/** `then()` once the page's script (the modulepreload of js/main.js) has arrived or failed; at once when there is no
 *  such preload or it is already in (its resource timing entry); after 10 s whatever happens. */
function afterPageScript(then) {
  let done = false;
  const once = () => { if (!done) { done = true; then(); } };
  const link = /** @type {HTMLLinkElement|null} */ (document.querySelector('link[rel="modulepreload"][href$="/js/main.js"]'));
  if (!link || performance.getEntriesByName(link.href)
    .some((e) => /** @type {PerformanceResourceTiming} */ (e).responseEnd > 0)) return once();
  link.addEventListener("load", once);
  link.addEventListener("error", once);
  setTimeout(once, 10000);
}
const inPage = typeof document !== "undefined" && typeof document.querySelector === "function";   // not node's tests
if (inPage) {
  afterPageScript(() => {
    startWorker();
    if (!globalThis.navigator?.serviceWorker?.controller) afterFirstPaint(preloadRuntime);
  });
}
