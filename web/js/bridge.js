// The bridge to the engine worker: JSON strings in, JSON strings out, one promise per request.
export class EngineBridge {
  constructor({ onProgress } = {}) {
    this.onProgress = onProgress || (() => {});
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.stats = []; // {cmd, rtt, engineMs, thinkMs}
  }

  start() {
    this.terminate();
    return new Promise((resolve, reject) => {
      const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "engine" });
      this.worker = w;
      let settled = false;
      // a watchdog: a start that goes silent (no progress) for a minute is reported as failed
      let watchdog = 0;
      const arm = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => fail("loading stopped making progress (timed out)"), 60_000);
      };
      arm();
      const fail = (msg) => {
        clearTimeout(watchdog);
        if (!settled) { settled = true; reject(new Error(msg)); }
        for (const p of this.pending.values()) p.reject(new Error(msg));
        this.pending.clear();
      };
      w.onerror = (e) => { e.preventDefault?.(); fail(e.message || "the engine worker failed to start"); };
      w.onmessageerror = () => fail("a message from the engine could not be read");
      w.onmessage = (ev) => {
        const m = ev.data || {};
        if (m.type === "progress") { if (!settled) arm(); this.onProgress(m); }
        else if (m.type === "ready") { clearTimeout(watchdog); settled = true; resolve(m.info); }
        else if (m.type === "fatal") fail(m.message);
        else if (m.id != null) {
          const p = this.pending.get(m.id);
          if (!p) return;
          this.pending.delete(m.id);
          if (m.error) p.reject(new Error(m.error));
          else p.resolve({ text: m.res, engineMs: m.ms });
        }
      };
    });
  }

  /** Send one protocol request (an object); resolves to the parsed response object. */
  async request(obj) {
    if (!this.worker) throw new Error("engine not started");
    const id = this.nextId++;
    const t0 = performance.now();
    const { text, engineMs } = await new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, req: JSON.stringify(obj) });
    });
    const res = JSON.parse(text);
    const rtt = performance.now() - t0;
    this.stats.push({ cmd: obj.cmd, rtt, engineMs, thinkMs: res.think_ms ?? null });
    if (this.stats.length > 500) this.stats.shift();
    return res;
  }

  terminate() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error("engine stopped"));
    this.pending.clear();
  }
}
