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
