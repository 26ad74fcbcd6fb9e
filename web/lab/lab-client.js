// The page's side of the lab worker (lab-worker.js): requests as promises, progress, and the watchdog. The worker
// says when it calls into the player's bot and when the call returned; a call that has not returned after the time
// limit (an endless loop, a sleep) ends with the worker terminated: the request fails with reason "timeout" and the
// position of the call, and the next request starts a fresh worker. The game's own worker is never involved.
// The engine owns the limits: the worker's ready message carries them (engine/lab.py: TIME_LIMIT_S, MAX_DEALS).
const LOAD_LIMIT_MS = 15_000;            // running the module's top level (imports included); any call before ready arrives
const SLACK_MS = 400;                    // messages between the worker and the page take a moment on a busy machine

export class LabClient {
  /** @param {{onProgress?: (done: number, total: number) => void, onState?: (state: string) => void}} [opts] */
  constructor({ onProgress = () => {}, onState = () => {} } = {}) {
    this.onProgress = onProgress;
    this.onState = onState;
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.timer = 0;
    this.call = null;
    this.readyMs = null;
    this.levels = null;
    this.limits = null;                  // {call_ms, max_deals} from the engine, once a worker was ready
    this.started = null;
  }

  /** Start the worker (once; again after a kill). Resolves with {ms, levels, games, limits} when Python and the engine
   *  are up (games: {id: seats}, the games the arena plays). */
  start() {
    if (this.started) return this.started;
    const t0 = performance.now();
    this.worker = new Worker(new URL("./lab-worker.js", import.meta.url), { type: "module" });
    this.fromSnapshot = false;
    this.onState("starting");
    this.started = new Promise((resolve, reject) => {
      this.worker.onmessage = (ev) => this.message(ev.data, resolve, reject, t0);
      this.worker.onerror = (ev) => {
        ev.preventDefault?.();
        this.die({ code: "internal", detail: ev.message || "worker error", position: null });
        reject(new Error(ev.message || "worker error"));
      };
    });
    return this.started;
  }

  /** How long a call into the player's bot may take (ms): the engine's limit (LOAD_LIMIT_MS until it is known). */
  callLimitMs() { return this.limits?.call_ms ?? LOAD_LIMIT_MS; }

  message(m, resolve, reject, t0) {
    if (m.type === "ready") {
      Object.assign(this, { readyMs: performance.now() - t0, levels: m.levels, games: m.games, limits: m.limits, fromSnapshot: m.snapshot === 1 });
      this.onState("ready");
      resolve({ ms: this.readyMs, levels: m.levels, games: m.games, limits: m.limits });
      return;
    }
    if (m.type === "fatal") { this.die({ code: "internal", detail: m.detail, position: null }); reject(new Error(m.detail)); return; }
    if (m.type === "progress") { this.onProgress(m.done, m.total); return; }
    if (m.type === "fetch") { this.relay(m); return; }
    if (m.type === "call") {
      clearTimeout(this.timer);
      this.call = m;
      const limit = m.what === "load" ? LOAD_LIMIT_MS : this.callLimitMs();
      this.timer = setTimeout(() => this.die({ code: "timeout", detail: `${m.what}()`, position: m.position }), limit + SLACK_MS);
      return;
    }
    if (m.type === "return") { clearTimeout(this.timer); this.call = null; return; }
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.ok) p.resolve(m); else p.reject(m.error);
  }

  /** A same-origin file the worker could not fetch (nor find in the site's caches): fetched here, through the page's
   *  service worker, bytes handed over. */
  relay({ id, url }) {
    const worker = this.worker;
    const answer = (msg, transfer = []) => { if (worker === this.worker) worker?.postMessage({ type: "fetched", id, ...msg }, transfer); };
    if (new URL(url, location.href).origin !== location.origin) { answer({ error: true }); return; }
    fetch(url)
      .then(async (r) => ({ status: r.status, contentType: r.headers.get("Content-Type") || "", body: await r.arrayBuffer() }))
      .then((msg) => answer(msg, [msg.body]), () => answer({ error: true }));
  }

  /** End the worker: every open request fails with `error`; the next request starts a new worker. */
  die(error) {
    clearTimeout(this.timer);
    this.worker?.terminate();
    this.worker = null;
    this.started = null;
    this.call = null;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    this.onState("stopped");
  }

  /** One request ({cmd, ...}); rejects with {code, detail, position}. */
  async request(msg) {
    try {
      await this.start();
    } catch {
      // Python did not start (seen once offline on a loaded machine: "exit(1)"): one more try with a fresh worker
      try { await this.start(); } catch (e) { throw { code: "internal", detail: String(e?.message || e), position: null }; }
    }
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...msg });
    });
  }

  stop() { if (this.worker) this.die({ code: "stopped", detail: "", position: null }); }
}
