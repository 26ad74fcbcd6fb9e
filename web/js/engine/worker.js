// Module Web Worker: runs the Python engine in Pyodide. Knows no rules; it only forwards JSON strings.
// Messages in:  {id, req: "<json>"}            -> out: {id, res: "<json>", ms}
// Messages out: {type: "progress", loaded, total, stage}   stage: "download" | "python" | "engine" | "ready"
//               {type: "ready", info}
//               {type: "fatal", code, part, detail, message}   code: what failed, in words the UI translates
//                 (load.<code> in i18n.js): "offline" | "download" | "missing" | "server" | "corrupt" | "wasm" |
//                 "python" | "engine" | "unknown"; part: which download ("runtime", "stdlib", "packages", "engine",
//                 or null); detail: the technical text (shown behind "details"); message: code + detail (older UI)
//
// Downloads (see docs/web.md "Loading"): the big files are fetched as soon as the worker starts, in parallel, not
// after pyodide.mjs has loaded; the wasm is stored zstd-compressed (pyodide.asm.wasm.zst; .gz from a build without
// the zstd command), decompressed here (zstd.js) while it streams into WebAssembly.compileStreaming, which starts at
// once (a host that already decoded a Content-Encoding hands us plain wasm: the magic bytes tell); so is the standard
// library (a stored zip, .zip.zst) and Pyodide's JavaScript half (pyodide.asm.mjs.zst, imported from a blob:
// URL); on a first visit every downloaded file is also put into a staging cache that the service worker's precache
// takes them from, so no byte is downloaded twice.
import { BUILD } from "../build-info.js";
import { Snapshots } from "./snapshot.js";
import "./zstd.js";   // self.jassZstd

const appBase = new URL("../../", import.meta.url);    // app-<hash>/ (BUILD's URLs are relative to it)
const siteRoot = new URL("../../../", import.meta.url);
const pyodideBase = new URL(BUILD.pyodide, appBase).href;
const wheelURL = new URL(BUILD.wheel, appBase).href;
const wheelName = wheelURL.split("/").pop();
const stdlibURL = pyodideBase + BUILD.stdlib;
const wasmURL = pyodideBase + BUILD.wasm;
const asmURL = pyodideBase + BUILD.asm;
const lockURL = pyodideBase + "pyodide-lock.json";
const sizes = BUILD.sizes || {};
const totalBytes = Object.values(sizes).reduce((a, b) => a + b, 0);
const STAGED = `jass-staged:${siteRoot.pathname}`;   // read by sw.js (precache), then deleted
const origFetch = globalThis.fetch.bind(globalThis);   // the network's (the one below hands Pyodide our downloads)
const zstdDecoderURL = new URL("./zstd-decoder.wasm.gz", import.meta.url).href;

// which part of the game each download is, for the error messages
const PARTS = { [BUILD.wasm]: "runtime", [BUILD.asm]: "runtime", "pyodide.asm.mjs": "runtime", "pyodide.mjs": "runtime",
  [BUILD.stdlib]: "stdlib", "pyodide-lock.json": "packages", [wheelName]: "engine" };
const nameOf = (url) => String(url).split("?")[0].split("/").pop();

// ------------------------------------------------------------------------------------------------ errors
class LoadError extends Error {
  constructor(code, part, detail) {
    super(detail);
    this.code = code;
    this.part = part;
  }
}
let firstFailure = null;   // the first download that failed: the root cause of whatever breaks after it
function failed(code, name, detail) {
  const e = new LoadError(code, PARTS[name] || null, `${name}: ${detail}`);
  if (!firstFailure) firstFailure = e;
  return e;
}
const offline = () => self.navigator && self.navigator.onLine === false;

// ------------------------------------------------------------------------------------------------ progress
const loaded = {};
const marks = {};   // load milestones in ms since the worker started (name -> time), reported in ready.info
let stage = "download";
let lastReport = 0;
function report(force) {
  const now = performance.now();
  if (!force && now - lastReport < 50) return;
  lastReport = now;
  const sum = Object.values(loaded).reduce((a, b) => a + b, 0);
  postMessage({ type: "progress", loaded: Math.min(sum, totalBytes), total: totalBytes, stage });
}
// the two loader modules come by import(), not fetch: resource timing tells when they are complete
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const name = nameOf(e.name);
      if (name in sizes && !(loaded[name] >= sizes[name])) { loaded[name] = sizes[name]; report(true); }
    }
  }).observe({ type: "resource", buffered: true });
} catch { /* no resource timing: the bar moves on the other downloads and stages */ }

// ------------------------------------------------------------------------------------------------ downloads
// Stage (first visit only: no service-worker cache of this site exists yet) what was downloaded, for sw.js.
// warm: the service worker's cache of this site exists (a later visit): the wasm and pyodide.asm.mjs are then taken
// plain from their own URLs (sw.js makes them from the cached .zst/.gz), which V8's code caches work for (not for a
// blob: URL or a stream without a URL): no download, no decompression, no recompile.
const warm = (async () => {
  try { return (await caches.keys()).some((n) => n.startsWith(`jass:${siteRoot.pathname}:`)); } catch { return false; }
})();
const staging = warm.then((w) => (w ? null : caches.open(STAGED)), () => null).catch(() => null);
// the decoder is made ready at once (a round trip and a compilation) when a download needs it
// (on a first visit: a warm start takes the service worker's plain copies, and readies it only if one is missing)
if ([BUILD.wasm, BUILD.stdlib, BUILD.asm].some((f) => f.endsWith(".zst"))) {
  warm.then((w) => { if (!w) self.jassZstd.prepare(zstdDecoderURL).catch(() => {}); });
}

/** fetch(url) -> a stream of its body that counts bytes for the progress bar and stages a copy; errors -> LoadError */
async function download(url) {
  const name = nameOf(url);
  let resp;
  try {
    resp = await origFetch(url);
  } catch (e) {
    throw failed(offline() ? "offline" : "download", name, String(e && e.message || e));
  }
  if (!resp.ok) throw failed(resp.status === 404 ? "missing" : "server", name, `HTTP ${resp.status} ${resp.statusText}`);
  loaded[name] = 0;
  const chunks = [];
  const counter = new TransformStream({
    transform(chunk, ctl) { loaded[name] += chunk.byteLength; chunks.push(chunk); report(false); ctl.enqueue(chunk); },
    async flush() {
      marks[`${name} done`] = performance.now();
      report(true);
      const cache = await staging;
      if (cache) {
        cache.put(url, new Response(new Blob(chunks), { headers: { "Content-Type": resp.headers.get("Content-Type") || "" } }))
          .catch(() => {});
      }
    },
  });
  return { resp, body: resp.body.pipeThrough(counter) };
}

const readAll = async (name, p) => {
  const { body } = await p;
  try { return new Uint8Array(await new Response(body).arrayBuffer()); }
  catch (e) { throw failed(offline() ? "offline" : "download", name, String(e && e.message || e)); }
};

/** A download's body, decompressed while it streams when it starts with the gzip (1f 8b) or the zstd magic (28 b5 2f
 *  fd); a host that already decoded a Content-Encoding hands us the plain bytes: `plain(head)` tells whether the first
 *  bytes look right. */
async function decoded(dl, name, plain) {
  const { body } = await dl;
  const reader = body.getReader();
  let first;
  try {
    first = await reader.read();
  } catch (e) { throw failed(offline() ? "offline" : "download", name, String(e && e.message || e)); }
  const head = first.done ? new Uint8Array(0) : first.value;
  const rest = new ReadableStream({
    start(ctl) { if (head.byteLength) ctl.enqueue(head); },
    async pull(ctl) {
      try {
        const { done, value } = await reader.read();
        if (done) ctl.close(); else ctl.enqueue(value);
      } catch (e) { ctl.error(e); }
    },
  });
  if (head[0] === 0x1f && head[1] === 0x8b) return rest.pipeThrough(new DecompressionStream("gzip"));
  if (self.jassZstd.isZstd(head)) {
    try {
      return rest.pipeThrough(await self.jassZstd.decompressStream(zstdDecoderURL));
    } catch (e) { throw failed(offline() ? "offline" : "download", name, `zstd decoder: ${String(e && e.message || e)}`); }   // i18n-ignore: a technical detail
  }
  if (plain(head)) return rest;
  throw failed("corrupt", name, `magic=${Array.from(head.slice(0, 4), (b) => b.toString(16)).join(" ")}`);
}

// Start every big download now, in parallel (before pyodide.mjs has even loaded). Each is used once, below or by
// Pyodide through the fetch hook.
const early = new Map([[lockURL, download(lockURL)]]);
// every one of them is needed: the first that fails ends the start with its own message
for (const p of early.values()) p.catch((e) => { if (!handle) fatal(e); });
// the compressed runtime files and standard library: at once on a first visit; on a warm start only if the plain
// copy is not there
/** On a warm start, the service worker's plain copy of a compressed file (sw.js makes it from the cached .zst/.gz):
 *  its Response if served with `type`, else null (a first visit, or not served: the download is used). */
async function plainCopy(url, type) {
  if (!(await warm)) return null;
  try {
    const resp = await origFetch(url);
    if (resp.ok && resp.headers.get("Content-Type") === type) return resp;
  } catch { /* not served: the download */ }
  return null;
}
const lazyDownload = (url) => {
  let p = null;
  return () => {
    if (!p) { p = download(url); p.catch((e) => { if (!handle) fatal(e); }); }
    return p;
  };
};
// the standard library: on a warm start the service worker's plain copy (made from the cached .zst: no decoding
// here), else the download (decoded as it arrives)
const isZip = (h) => h[0] === 0x50 && h[1] === 0x4b;   // PK
const plainStdlibURL = stdlibURL.replace(/\.zst$/, "");
const stdlibDl = lazyDownload(stdlibURL);
const plainStdlibP = plainStdlibURL === stdlibURL ? Promise.resolve(null) : plainCopy(plainStdlibURL, "application/zip");
// ... decoded as it arrives, beside the wasm's download and compilation, not once Pyodide asks for it (Python's start
// waits for it: decoding it then had cost ~0.13 s on the critical path)
let stdlibEager = plainStdlibP.then(async (plain) => {
  if (plain) return null;
  const stream = await decoded(stdlibDl(), BUILD.stdlib, isZip);
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    throw failed(offline() ? "offline" : "corrupt", BUILD.stdlib, String(e && e.message || e));
  }
});
stdlibEager.catch((e) => { if (!handle) fatal(e); });
let stdlibAsked = 0;
const wasmDl = lazyDownload(wasmURL);
const asmDl = lazyDownload(asmURL);
const plainWasmURL = pyodideBase + "pyodide.asm.wasm";
const plainAsmURL = pyodideBase + "pyodide.asm.mjs";
/** on a warm start, the plain copy from the service worker (a Response with a URL: V8 caches the compiled wasm) */
const plainWasmP = plainCopy(plainWasmURL, "application/wasm");
plainWasmP.then((r) => { if (!r) wasmDl(); });
warm.then((w) => { if (!w) asmDl(); }, () => asmDl());

// The wasm is compiled while it downloads (streaming compilation), from the first byte on, whatever Pyodide is doing
// meanwhile; Pyodide's instantiateStreaming then instantiates this module (again for a second start: no download).
const isWasm = (h) => h[0] === 0x00 && h[1] === 0x61 && h[2] === 0x73 && h[3] === 0x6d;
const wasmModule = (async () => {
  const plain = await plainWasmP;
  if (plain) {
    try {
      const module = await WebAssembly.compileStreaming(plain);
      loaded[BUILD.wasm] = sizes[BUILD.wasm] || 0;
      marks.wasmCompiled = performance.now(); marks.wasmPlain = 1;
      return module;
    } catch (e) {
      console.warn("Mittlere Jass: the cached pyodide.asm.wasm did not compile; using the gzipped one.", e);
    }
  }
  const stream = await decoded(wasmDl(), BUILD.wasm, isWasm);
  try {
    const module = await WebAssembly.compileStreaming(new Response(stream, { headers: { "Content-Type": "application/wasm" } }));
    marks.wasmCompiled = performance.now();
    return module;
  } catch (e) {
    throw firstFailure || new LoadError("wasm", "runtime", `${BUILD.wasm}: ${String(e && e.message || e)}`);
  }
})();
wasmModule.catch((e) => { if (!handle) fatal(e); });
// The engine wheel is needed only once Python has started: it is fetched when the wasm is in (on a first visit the
// wasm is the download Python waits for; the wheel, a twentieth of the bytes, then arrives while Python starts)
const wheelP = wasmModule.then(() => {}, () => {}).then(() => readAll(wheelName, download(wheelURL)));
wheelP.catch((e) => { if (!handle) fatal(e); });
const WASM = new Response(null, { status: 200 });   // what Pyodide's fetch of pyodide.asm.wasm gets: a token
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const resp = await source;
  if (resp !== WASM) return instantiateStreaming(resp, imports);
  const module = await wasmModule;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// Pyodide's JavaScript half (pyodide.asm.mjs, 1.25 MB) is stored compressed too (a sixth of the bytes): decompressed
// here and imported from a blob: URL (the worker's CSP allows blob: scripts for this), then handed to loadPyodide.
// If that import is refused (a host whose own CSP forbids blob:), Pyodide imports the plain file itself.
const isText = (h) => h.length > 0 && h[0] < 0x80 && h[0] !== 0x1f;
const asmModule = (async () => {
  if (await warm) {
    try {
      const factory = (await import(plainAsmURL)).default;
      loaded[BUILD.asm] = sizes[BUILD.asm] || 0;
      marks.asmImported = performance.now(); marks.asmPlain = 1;
      return factory;
    } catch (e) {
      console.warn("Mittlere Jass: the cached pyodide.asm.mjs could not be imported; using the gzipped one.", e);
    }
  }
  const text = await new Response(await decoded(asmDl(), BUILD.asm, isText)).blob()
    .catch((e) => { throw failed(offline() ? "offline" : "corrupt", BUILD.asm, String(e && e.message || e)); });
  const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  try {
    return (await import(url)).default;
  } catch (e) {
    console.warn("Mittlere Jass: pyodide.asm.mjs could not be imported from memory; Pyodide loads it itself.", e);
    return undefined;
  } finally {
    URL.revokeObjectURL(url);
    marks.asmImported = performance.now();
  }
})();

// Pyodide fetches the wasm, the stdlib and the lock file with fetch(): hand it the downloads started above.
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url === pyodideBase + "pyodide.asm.wasm") {
    marks.wasmAsked ??= performance.now();
    return WASM;
  }
  if (url === stdlibURL) {   // a zip, zstd-compressed as a whole (.zip.zst); a second start downloads it again
    const first = !stdlibAsked++;
    const plain = first ? await plainStdlibP : null;
    if (plain) {
      loaded[BUILD.stdlib] = sizes[BUILD.stdlib] || 0;
      marks.stdlibPlain = 1;
      return plain;
    }
    const zip = { status: 200, headers: { "Content-Type": "application/zip" } };
    if (first) {
      const bytes = await stdlibEager;
      stdlibEager = null;   // Pyodide keeps its own copy: this one is not held for the worker's lifetime
      return new Response(bytes, zip);
    }
    return new Response(await decoded(download(url), BUILD.stdlib, isZip), zip);
  }
  if (early.has(url)) {
    const p = early.get(url);
    early.delete(url);                   // a second fetch (a retry inside Pyodide) goes to the network
    const { resp, body } = await p;
    return new Response(body, { status: resp.status, statusText: resp.statusText, headers: resp.headers });
  }
  return origFetch(input, init);
};

// ------------------------------------------------------------------------------------------------ start
let handle = null;
let fatalSent = false;
function fatal(err) {
  if (fatalSent) return;
  fatalSent = true;
  const e = firstFailure || err;
  const code = e instanceof LoadError ? e.code : "unknown";
  const detail = String((e && (e.message || e.reason?.message || e.reason)) || e);
  const extra = e !== err && err ? `\n(then: ${String(err.message || err)})` : "";
  postMessage({ type: "fatal", code, part: e instanceof LoadError ? e.part : null, detail: detail + extra,
    message: `${code}: ${detail}` });
}
// Errors that escape Pyodide's own promise chains (e.g. a Content-Security-Policy refusal) must not leave the
// loading screen waiting forever.
self.addEventListener("unhandledrejection", (e) => { if (!handle) fatal(e.reason || e); });
self.addEventListener("error", (e) => { if (!handle) fatal(e.error || e.message); });

/** The engine's module in Python `py` (boot). The wheel (bytecode, no data files) goes on sys.path as it is: zipimport
 *  reads it (no unpacking: ~0.2 s less). A snapshot has it on sys.path already, but not the file (the file system is
 *  not part of a snapshot). */
async function importEngine(py, snaps) {
  const wheel = await wheelP;
  marks.wheelIn = performance.now();
  const path = JSON.stringify(`/lib/${wheelName}`);
  try {
    py.FS.writeFile(JSON.parse(path), wheel);
    if (!snaps.used) py.runPython(`import sys, zipimport; zipimport.zipimporter(${path}); sys.path.insert(0, ${path})`);
  } catch (e) {
    throw failed("corrupt", wheelName, String(e && e.message || e));
  }
  try {
    return py.pyimport("engine.web");
  } catch (e) {
    throw new LoadError("engine", "engine", String(e && e.message || e));
  }
}

/** A memory snapshot of Python `py` with the engine `mod` loaded, taken once the worker is idle after the game has
 *  started (see takeSnapshotWhenIdle), off the first visit's critical path: 0.1-0.3 s of this thread in a browser;
 *  the player's session is set aside meanwhile, so that a warm start begins with no game. */
function armSnapshot(py, mod, snaps) {
  pendingSnapshot = () => {
    const t = performance.now();
    try {
      mod.set_session_aside();
      try { snaps.save(py.makeMemorySnapshot()); } finally { mod.take_session_back(); }
    } catch (e) {
      console.warn("Mittlere Jass: no Python snapshot this time.", e);
    }
    postMessage({ type: "snapshot", at: t, ms: performance.now() - t });
  };
}

async function boot() {
  const t0 = performance.now();
  report(true);
  // warm start from a memory snapshot (see snapshot.js), looked up while pyodide.mjs loads
  const snaps = new Snapshots(BUILD.pyodideVersion, `${wheelName}+${BUILD.stdlib}`);
  const snapP = snaps.find();
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(pyodideBase + "pyodide.mjs"));
  } catch (e) {
    throw failed(offline() ? "offline" : "download", "pyodide.mjs", String(e && e.message || e));
  }
  const tImport = performance.now();
  const opts = { indexURL: pyodideBase, stdLibURL: stdlibURL, lockFileURL: lockURL, fullStdLib: false,
    createPyodideModule: await asmModule };
  const start = async (extra) => {
    try {
      return await loadPyodide({ ...opts, ...extra });
    } catch (e) {
      if (firstFailure) throw firstFailure;
      const msg = String(e && e.message || e);
      throw new LoadError(/WebAssembly|wasm/i.test(msg) ? "wasm" : "python", "runtime", msg);
    }
  };
  // any failure to restore the snapshot falls back to the plain start below
  const snap = await snapP;
  let py = null;
  if (snap) {
    try {
      py = await loadPyodide({ ...opts, _loadSnapshot: snap.bytes });
      py.runPython("import random; random.seed()");
      snaps.used = true;
    } catch (e) {
      if (firstFailure) throw firstFailure;
      console.warn("Mittlere Jass: the Python snapshot could not be restored; starting without it.", e);
      py = null;
      await snaps.drop();
    }
  }
  if (!py) {
    stage = "python";
    report(true);
    py = await start({ _makeSnapshot: snaps.enabled });
  }
  const tPyodide = performance.now();
  marks.pythonReady = tPyodide;
  stage = "engine";
  report(true);
  const mod = await importEngine(py, snaps);
  if (snaps.enabled && !snaps.used) armSnapshot(py, mod, snaps);
  handle = mod.handle;
  // for the e2e tests only (e2e/test_load.py runs tools/stdlib_probe.py here); unreachable from the page
  self.__jassPython = py;
  stage = "ready";
  report(true);
  const tEngine = performance.now();
  return {
    ms: tEngine - t0, pyodide: py.version, engine: BUILD.engineVersion,
    // milliseconds inside the worker: importing pyodide.mjs, loadPyodide (the core), unpack + import of the engine
    // snapshot: 1 when Python was restored from a memory snapshot (warm start), else 0
    stages: { import: tImport - t0, pyodide: tPyodide - tImport, engine: tEngine - tPyodide, snapshot: snaps.used ? 1 : 0 },
    workerStart: performance.timeOrigin, marks,
  };
}

// The memory snapshot of a first start waits until no request has come for SNAPSHOT_IDLE_MS (the page animates the
// deal or waits for the player): a request that arrives meanwhile is answered first and the wait starts again.
const SNAPSHOT_IDLE_MS = 400;
let pendingSnapshot = null;
let snapshotTimer = 0;
function takeSnapshotWhenIdle() {
  clearTimeout(snapshotTimer);
  if (!pendingSnapshot) return;
  snapshotTimer = setTimeout(() => {
    const take = pendingSnapshot;
    pendingSnapshot = null;
    take?.();
  }, SNAPSHOT_IDLE_MS);
}

const ready = boot();
ready.then(
  (info) => { postMessage({ type: "ready", info }); takeSnapshotWhenIdle(); },
  (err) => fatal(err),
);

onmessage = async (ev) => {
  if (ev.data?.type === "ping") { postMessage({ type: "pong" }); return; }  // the page's heartbeat
  const { id, req } = ev.data || {};
  clearTimeout(snapshotTimer);
  try {
    await ready;
    const t = performance.now();
    const res = handle(String(req)); // a Python str comes back as a plain JS string: no proxies
    postMessage({ id, res: String(res), ms: performance.now() - t });
  } catch (err) {
    postMessage({ id, error: String((err && err.message) || err) });
  }
  takeSnapshotWhenIdle();
};
