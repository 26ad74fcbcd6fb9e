// The bot lab's own module worker: the player's bot runs here, never in the game's worker. Pyodide with the whole
// standard library, the full engine wheel (engine/lab.py, the arena) and micropip (pinned, vendored, loaded by URL).
// Plain JSON both ways. In:  {id, cmd: "load", source, index}     -> {id, ok, deps}
//                            {id, cmd: "arena", game, opponents, deals, seed} -> {type: "progress", done, total}… (hands), {id, ok, result}
//                            (game: a game id of the ready message's games, absent: Mittlere; one opponent per other seat)
//                            {id, cmd: "move", obs}                -> {id, ok, card}
// Out at any time: {type: "ready", ms, levels, games, limits: {call_ms, max_deals}, snapshot} | {type: "fatal", detail}
//                  (levels, games {id: seats} and limits from the engine: engine/lab.py ready_json, TIME_LIMIT_S and MAX_DEALS;
//                  snapshot: 1 when Python was restored from the lab's memory snapshot, else 0)
//                  {type: "fetch", id, url}: a same-origin file this worker could not fetch; the page answers
//                  {type: "fetched", id, status, contentType, body} or {type: "fetched", id, error: true}
//                  {type: "call", what, position} / {type: "return"}: around every call into the bot (the page's
//                  watchdog ends a call that does not return within the time limit by terminating this worker)
// A refused request: {id, ok: false, error: {code, detail, position}} (codes: engine/botapi.py REASONS, and
// "deps", "offline", "no_wheel", "not_found", "install", "busy", "internal").
import { BUILD } from "../js/build-info.js";
import { Snapshots } from "../js/engine/snapshot.js";
import "../js/engine/zstd.js";   // self.jassZstd

const appBase = new URL("../", import.meta.url);
const zstdDecoderURL = new URL("../js/engine/zstd-decoder.wasm.gz", import.meta.url).href;
const pyodideBase = new URL(BUILD.pyodide, appBase).href;
const lab = BUILD.lab;
const url = (rel) => new URL(rel, appBase).href;

// A same-origin file the network could not give: taken from the site's caches (the service worker's, read here
// directly), else the page fetches it and hands the bytes over. For a worker the service worker does not control
// (one started before it took over the page); e2e tests both ways with the network failing.
const origFetch = globalThis.fetch.bind(globalThis);
const relayed = new Map();
let relayIds = 0;
const viaPage = (u) => new Promise((resolve) => {
  const id = ++relayIds;
  relayed.set(id, resolve);
  postMessage({ type: "fetch", id, url: u });
});
/** The browser says it is offline (read anew each time: it changes while an install waits). */
const offline = () => self.navigator?.onLine === false;

/** The response the site's caches keep for url (any of them: precache, lab files), or null. */
async function fromCaches(u) {
  try { return (await self.caches?.match(u)) || null; } catch { return null; }
}
async function sameOriginFetch(input, init) {
  try {
    return await origFetch(input, init);
  } catch (err) {
    const u = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, self.location.href);
    if (u.origin !== self.location.origin) throw err;
    const kept = await fromCaches(u.href);
    if (kept) return kept;
    const r = await viaPage(u.href);
    if (!r || r.error) throw err;
    return new Response(r.body, { status: r.status, headers: { "Content-Type": r.contentType } });
  }
}

// Pyodide asks for pyodide.asm.wasm; the build ships it zstd-compressed or gzipped (as the game's worker does,
// decompressed here)
globalThis.fetch = async (input, init) => {
  const u = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (u === pyodideBase + "pyodide.asm.wasm") {
    const resp = await sameOriginFetch(pyodideBase + BUILD.wasm);
    if (!resp.ok) throw new Error(`${BUILD.wasm}: HTTP ${resp.status}`);
    const head = new Uint8Array(await resp.clone().arrayBuffer()).subarray(0, 4);
    const body = head[0] === 0x1f && head[1] === 0x8b ? resp.body.pipeThrough(new DecompressionStream("gzip"))
      : self.jassZstd.isZstd(head) ? resp.body.pipeThrough(await self.jassZstd.decompressStream(zstdDecoderURL)) : resp.body;
    return new Response(body, { headers: { "Content-Type": "application/wasm" } });
  }
  return sameOriginFetch(input, init);
};

async function bytes(rel) {
  const resp = await fetch(url(rel));
  if (!resp.ok) throw new Error(`${rel}: HTTP ${resp.status}`);
  return new Uint8Array(await resp.arrayBuffer());
}

let py = null;
let labPy = null;
let box = null;
let micropipReady = false;
let engineInfo = null;   // {levels, limits} from engine/lab.py, and whether Python came from the snapshot

/** The lab's Python: restored from the lab's memory snapshot when there is one (the whole stdlib, the lab engine and
 *  micropip imported: a start of about a second instead of several), else started plainly and the snapshot taken
 *  (before any bot runs and before Python holds anything of JavaScript's). -> [pyodide, restored?] */
async function startPython(loadPyodide) {
  const opts = { indexURL: pyodideBase, stdLibURL: url(lab.stdlib), lockFileURL: pyodideBase + "pyodide-lock.json",
    fullStdLib: false };
  const base = (rel) => rel.split("/").pop();
  const snaps = new Snapshots(BUILD.pyodideVersion, [lab.wheel, lab.stdlib, lab.micropip].map(base).join("+"), true, "lab");
  const snap = await snaps.find();
  if (snap) {
    try {
      const restored = await loadPyodide({ ...opts, _loadSnapshot: snap.bytes });
      restored.runPython("import random; random.seed()");
      return [restored, true, snaps];
    } catch (e) {
      console.warn("Mittlere Jass lab: the Python snapshot could not be restored; starting without it.", e);
      await snaps.drop();
    }
  }
  return [await loadPyodide({ ...opts, _makeSnapshot: snaps.enabled }), false, snaps];
}

async function boot() {
  const t0 = performance.now();
  const wheelP = bytes(lab.wheel);
  const micropipP = bytes(lab.micropip);    // fetched now (so it is cached for offline use), installed when needed
  const { loadPyodide } = await import(pyodideBase + "pyodide.mjs");
  const [started, restored, snaps] = await startPython(loadPyodide);
  py = started;
  // the wheels' files (a snapshot holds Python's memory, not its file system: unpacked again after a restore)
  const site = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(await wheelP, "wheel", { extractDir: site });
  py.unpackArchive(await micropipP, "wheel", { extractDir: site });
  py.runPython("import importlib; importlib.invalidate_caches()");
  labPy = py.pyimport("engine.lab");
  if (!restored && snaps.enabled) {
    try { snaps.save(py.makeMemorySnapshot()); } catch (e) { console.warn("Mittlere Jass lab: no snapshot this time.", e); }
  }
  box = labPy.Lab();
  labPy.set_watch((what, position) => postMessage({ type: "call", what, position: JSON.parse(position) }),
    () => postMessage({ type: "return" }));
  engineInfo = { ...JSON.parse(labPy.ready_json()), snapshot: restored ? 1 : 0 };
  return performance.now() - t0;
}

const ready = boot();
ready.then((ms) => postMessage({ type: "ready", ms, ...engineInfo }), (e) => postMessage({ type: "fatal", detail: String(e?.message || e) }));

/** A Python entry point's JSON answer; {ok: false} is thrown as its error ({code, detail, position}). */
function answer(text) {
  const r = JSON.parse(text);
  if (!r.ok) throw r.error;
  return r;
}
/** Any other failure (a bug) as an error. */
const failure = (e) => ({ code: "internal", detail: String(e?.message || e).trim().split("\n").pop(), position: null });

async function install(deps, index) {
  if (!deps.length) return [];
  if (offline()) throw { code: "offline", detail: deps.join(", "), position: null };
  if (!micropipReady) { py.runPython("import micropip"); micropipReady = true; }
  py.globals.set("_lab_deps", py.toPy(deps));
  py.globals.set("_lab_index", index || null);
  try {
    await py.runPythonAsync(
      "import micropip\nawait micropip.install(list(_lab_deps), index_urls=[_lab_index] if _lab_index else None)");
  } catch (e) {
    const text = String(e?.message || e);
    const last = text.trim().split("\n").filter((l) => /Error/.test(l)).pop() || text.trim().split("\n").pop();
    if (/pure Python 3 wheel/.test(text)) throw { code: "no_wheel", detail: last, position: null };
    if (offline()) throw { code: "offline", detail: last, position: null };
    if (/Can.t fetch metadata/.test(text)) throw { code: "not_found", detail: last, position: null };
    throw { code: "install", detail: last, position: null };
  }
  return deps;
}

const handlers = {
  async load({ source, index }) {
    const { deps } = answer(labPy.dependencies_json(String(source)));
    const installed = await install(deps, index);
    postMessage({ type: "call", what: "load", position: null });
    try { answer(labPy.load_json(String(source))); } finally { postMessage({ type: "return" }); }
    return { deps: installed };
  },
  async arena({ opponents, deals, seed, game }) {
    const opp = py.toPy(Array.isArray(opponents) ? opponents : []);
    const { total, hands } = answer(box.arena_start_json(opp, deals, String(seed), typeof game === "string" ? game : null));
    opp.destroy();
    // progress in hands, about a hundred messages a run (a block of twelve expert deals takes minutes)
    const every = Math.max(1, Math.floor(hands / 100));
    const report = (n) => { if (n % every === 0 || n === hands) postMessage({ type: "progress", done: n, total: hands }); };
    report(0);
    const t0 = performance.now();
    for (let done = 0; done < total;) {
      ({ done } = answer(box.arena_step_json(report)));
      await new Promise((r) => setTimeout(r, 0));
    }
    const result = answer(box.arena_result_json());
    delete result.ok;
    result.wall_ms = performance.now() - t0;
    return { result };
  },
  async move({ obs }) {
    return { card: answer(box.move_json(JSON.stringify(obs))).card };
  },
};

let busy = false;
onmessage = async (ev) => {
  const { id, cmd, type } = ev.data || {};
  if (type === "fetched") { relayed.get(id)?.(ev.data); relayed.delete(id); return; }   // viaPage's answer
  try {
    await ready;
  } catch (e) {
    postMessage({ id, ok: false, error: { code: "internal", detail: String(e?.message || e), position: null } });
    return;
  }
  if (busy) { postMessage({ id, ok: false, error: { code: "busy", detail: cmd, position: null } }); return; }
  busy = true;
  try {
    const res = await handlers[cmd](ev.data);
    postMessage({ id, ok: true, ...res });
  } catch (e) {
    postMessage({ id, ok: false, error: e && e.code ? e : failure(e) });
  } finally {
    busy = false;
  }
};
