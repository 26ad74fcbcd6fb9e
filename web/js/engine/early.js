// Starts the engine worker as soon as the page has this small module, before the rest of the app's modules have
// loaded and run (a round trip and, on a slow phone, a good part of a second of CPU), so Python's downloads and the
// wasm compilation start at once. index.html loads it as an async module; bridge.js adopts the worker and replays
// what it said meanwhile. Only the first engine start uses it (Retry and the coach start their own workers).
const held = { worker: null, events: [] };

/** A new engine worker (a module worker: Pyodide 314 refuses classic ones); `name` tells the game's from the coach's. */
export function engineWorker(name = "engine") {
  return new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
}

try {
  const w = engineWorker();
  w.onmessage = (e) => held.events.push(e);
  w.onmessageerror = (e) => held.events.push(e);
  w.onerror = (e) => { e.preventDefault(); held.events.push(e); };
  held.worker = w;
} catch { /* no module workers: bridge.js starts one itself (and reports what fails) */ }

/** -> {worker, events} once (events: what the worker sent before it was adopted, in order), then null. */
export function takeEarlyWorker() {
  const w = held.worker;
  if (!w) return null;
  held.worker = null;
  w.onmessage = w.onmessageerror = w.onerror = null;
  return { worker: w, events: held.events.splice(0) };
}

// The worker's three big downloads (the wasm, the standard library, Pyodide's JavaScript half; index.html names them
// in <meta name="jass-runtime">) asked for by the page as preloads, before the ~50 module preloads take HTTP/1.1's
// six connections; the worker's own fetch of the same URL shares the response as it streams (no second download).
// Once the loading screen has painted (a preload in the page's head makes Lighthouse count all 4 MB toward the
// largest paint), and only on a first visit: a later one takes the service worker's plain copies.
function preloadRuntime() {
  const urls = (document.querySelector('meta[name="jass-runtime"]')?.content || "").split(" ").filter(Boolean);
  for (const href of urls) {
    const link = document.createElement("link");
    Object.assign(link, { rel: "preload", as: "fetch", crossOrigin: "anonymous", fetchPriority: "low", href });
    document.head.append(link);
  }
}
async function firstVisit() {
  if (navigator.serviceWorker?.controller) return false;
  try { return !(await caches.keys()).some((n) => n.startsWith(`jass:${new URL("../../../", import.meta.url).pathname}:`)); }
  catch { return true; }
}
const painted = new Promise((resolve) => {
  setTimeout(resolve, 1000);   // a page that does not paint (a background tab) does not wait longer
  try {
    new PerformanceObserver((list, obs) => {
      if (list.getEntriesByName("first-contentful-paint").length) { obs.disconnect(); resolve(); }
    }).observe({ type: "paint", buffered: true });
  } catch { resolve(); }
});
Promise.all([firstVisit(), painted]).then(([first]) => { if (first) preloadRuntime(); }).catch(() => {});
