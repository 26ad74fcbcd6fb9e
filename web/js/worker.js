// Module Web Worker: runs the Python engine in Pyodide. Knows no rules; it only forwards JSON strings.
// Messages in:  {id, req: "<json>"}            -> out: {id, res: "<json>", ms}
// Messages out: {type: "progress", loaded, total, stage}, {type: "ready", info}, {type: "fatal", message}
import { BUILD } from "./build-info.js";
import { Snapshots } from "./snapshot.js";

const appBase = new URL("../", import.meta.url);
const pyodideBase = new URL(BUILD.pyodide, appBase).href;
const wheelURL = new URL(BUILD.wheel, appBase).href;
const sizes = BUILD.sizes || {};
const totalBytes = Object.values(sizes).reduce((a, b) => a + b, 0);

const loaded = {};
let stage = "download";
let lastReport = 0;
function report(force) {
  const now = performance.now();
  if (!force && now - lastReport < 80) return;
  lastReport = now;
  const sum = Object.values(loaded).reduce((a, b) => a + b, 0);
  postMessage({ type: "progress", loaded: Math.min(sum, totalBytes), total: totalBytes, stage });
}

// Count the bytes of the big downloads so the loading screen shows real progress.
const origFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input, init) => {
  const resp = await origFetch(input, init);
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const name = String(url).split("?")[0].split("/").pop();
  if (!resp.ok || !resp.body || !(name in sizes)) return resp;
  if (name.endsWith(".wasm")) return resp;  // never tee the wasm: it would lose the native streaming compile path
  loaded[name] = 0;
  // count on a clone and hand the original response on untouched (keeps streaming compilation and the
  // browser's wasm code cache working on warm loads)
  const reader = resp.clone().body.getReader();
  (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        loaded[name] += value.byteLength;
        report(false);
      }
    } catch { /* the real consumer reports errors */ }
    report(true);
  })();
  return resp;
};

// The wasm download is not teed (see above): resource timing tells when it is complete.
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const name = e.name.split("?")[0].split("/").pop();
      if (name in sizes && !(loaded[name] >= sizes[name])) { loaded[name] = sizes[name]; report(true); }
    }
  }).observe({ type: "resource", buffered: true });
} catch { /* no resource timing: the bar moves on the other downloads and stages */ }

let handle = null;

// Errors that escape Pyodide's own promise chains (e.g. a Content-Security-Policy refusal) must not leave the
// loading screen waiting forever.
const fatal = (e) => postMessage({ type: "fatal", message: String((e && (e.message || e.reason?.message || e.reason)) || e) });
self.addEventListener("unhandledrejection", (e) => { if (!handle) fatal(e.reason || e); });
self.addEventListener("error", (e) => { if (!handle) fatal(e.error || e.message); });

async function boot() {
  const t0 = performance.now();
  report(true);
  const wheelName = wheelURL.split("/").pop();
  const wheelP = fetch(wheelURL).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.arrayBuffer();
  }).catch((e) => { throw new Error(`Could not download the game engine (${wheelName}): ${e.message || e}`); });
  wheelP.catch(() => {}); // reported below
  // warm start from a memory snapshot (see snapshot.js), looked up while pyodide.mjs loads
  const snaps = new Snapshots(BUILD.pyodideVersion, wheelName);
  const snapP = snaps.find();
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(pyodideBase + "pyodide.mjs"));
  } catch (e) {
    throw new Error(`Could not load the Python runtime (pyodide.mjs): ${e.message || e}`, { cause: e });
  }
  const tImport = performance.now();
  // any failure to restore the snapshot falls back to the plain start below
  const snap = await snapP;
  let py = null;
  if (snap) {
    try {
      py = await loadPyodide({ indexURL: pyodideBase, fullStdLib: false, _loadSnapshot: snap.bytes });
      py.runPython("import random; random.seed()");
      snaps.used = true;
    } catch (e) {
      console.warn("Mittlere Jass: the Python snapshot could not be restored; starting without it.", e);
      py = null;
      await snaps.drop();
    }
  }
  if (!py) py = await loadPyodide({ indexURL: pyodideBase, fullStdLib: false, _makeSnapshot: snaps.enabled });
  const tPyodide = performance.now();
  stage = "engine";
  report(true);
  if (!snaps.used) {
    const wheel = await wheelP;
    const site = py.runPython("import site; site.getsitepackages()[0]");
    py.unpackArchive(wheel, "wheel", { extractDir: site });
    py.runPython("import importlib; importlib.invalidate_caches()");
  }
  const mod = py.pyimport("engine.web");
  if (snaps.enabled && !snaps.used) {
    try { snaps.save(py.makeMemorySnapshot()); } catch { /* no snapshot this time */ }
  }
  handle = mod.handle;
  stage = "ready";
  report(true);
  const tEngine = performance.now();
  return {
    ms: tEngine - t0, pyodide: py.version, engine: BUILD.engineVersion,
    // milliseconds inside the worker: importing pyodide.mjs, loadPyodide (the core), unpack + import of the engine
    // snapshot: 1 when Python was restored from a memory snapshot (warm start), else 0
    stages: { import: tImport - t0, pyodide: tPyodide - tImport, engine: tEngine - tPyodide, snapshot: snaps.used ? 1 : 0 },
    workerStart: performance.timeOrigin,
  };
}

const ready = boot();
ready.then(
  (info) => postMessage({ type: "ready", info }),
  (err) => fatal(err),
);

onmessage = async (ev) => {
  if (ev.data?.type === "ping") { postMessage({ type: "pong" }); return; }  // the page's heartbeat
  const { id, req } = ev.data || {};
  try {
    await ready;
    const t = performance.now();
    const res = handle(String(req)); // a Python str comes back as a plain JS string: no proxies
    postMessage({ id, res: String(res), ms: performance.now() - t });
  } catch (err) {
    postMessage({ id, error: String((err && err.message) || err) });
  }
};
