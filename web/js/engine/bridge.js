// The bridge to the engine worker: JSON strings in, JSON strings out, one promise per request.
// It watches the worker: an error, an unreadable message, a request that outlives its time limit or a missed
// heartbeat means the worker is dead; every pending request then rejects with EngineDied and `onDead` is called.
import { engineWorker, takeEarlyWorker } from "./early.js";

/** The engine worker stopped answering (crashed, was killed, or hung). */
export class EngineDied extends Error {
  constructor(reason) {
    super(`the game engine stopped (${reason})`);
    this.name = "EngineDied";
    this.reason = reason;
  }
}

/** Time limits per request (ms): generous for the searching bots on a slow phone. */
const REQUEST_TIMEOUT = { bot_move: 30_000, hint: 30_000, restore: 30_000, coach: 60_000, default: 10_000 };
const HEARTBEAT_EVERY = 2_000;
const HEARTBEAT_GRACE = 3_000;

export class EngineBridge {
  /** `name`: the worker's name (the game's engine, or the coach's own copy).
   * @param {{onProgress?: (report: {loaded?: number, total?: number, stage?: string}) => void,
   *   onDead?: (why: string) => void, name?: string}} [opts] */
  constructor({ onProgress, onDead, name = "engine" } = {}) {
    this.name = name;
    this.onProgress = onProgress || (() => {});
    this.onDead = onDead || (() => {});
    this.worker = null;
    this.snapshot = null;   // {at, ms}: when (ms since the worker started) and how long the memory snapshot took
    this.pending = new Map();
    this.nextId = 1;
    this.alive = false;
    this.heartbeat = 0;
    this.stats = []; // {cmd, rtt, engineMs, thinkMs}
  }

  start() {
    this.terminate();
    return new Promise((resolve, reject) => {
      const early = this.name === "engine" ? takeEarlyWorker() : null;   // started by early.js, if still unused
      const w = early?.worker || engineWorker(this.name);
      this.worker = w;
      let settled = false;
      // a watchdog: a start that goes silent (no progress) for a minute is reported as failed
      let watchdog = 0;
      const arm = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => fail("loading stopped making progress (timed out)", { code: "stalled" }), 60_000);
      };
      arm();
      // a failed start rejects with {code, part, detail} when the worker said what failed (see worker.js)
      const fail = (msg, info = {}) => {
        clearTimeout(watchdog);
        if (!settled) {
          settled = true;
          reject(Object.assign(new Error(msg), info));
          this.rejectAll(new Error(msg));
        } else {
          this.die(msg);
        }
      };
      w.onerror = (e) => { e.preventDefault?.(); fail(e.message || "the engine worker failed", { code: "worker" }); };
      w.onmessageerror = () => fail("a message from the engine could not be read");
      w.onmessage = (ev) => {
        if (this.worker !== w) return;
        const m = ev.data || {};
        if (m.type === "progress") { if (!settled) arm(); this.onProgress(m); }
        else if (m.type === "ready") {
          clearTimeout(watchdog);
          settled = true;
          this.alive = true;
          this.beat();
          resolve(m.info);
        } else if (m.type === "pong") this.lastPong = performance.now();
        else if (m.type === "snapshot") this.snapshot = { at: m.at, ms: m.ms };   // worker.js: the first start's snapshot
        else if (m.type === "fatal") fail(m.message || m.detail, { code: m.code, part: m.part, detail: m.detail });
        else if (m.id != null) {
          const p = this.pending.get(m.id);
          if (!p) return;
          this.pending.delete(m.id);
          clearTimeout(p.timer);
          if (m.error) p.reject(new Error(m.error));
          else p.resolve({ text: m.res, engineMs: m.ms });
        }
      };
      // what an early worker (early.js) said before it was adopted, in order
      for (const e of early?.events || []) {
        (e.type === "error" ? w.onerror : e.type === "messageerror" ? w.onmessageerror : w.onmessage)(e);
      }
    });
  }

  /** Send one protocol request (an object); resolves to the parsed response object. */
  async request(obj) {
    if (!this.worker || !this.alive) throw new EngineDied("not running");
    const id = this.nextId++;
    const t0 = performance.now();
    const limit = this.timeLimit(obj.cmd);
    const { text, engineMs } = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.die(`no answer to ${obj.cmd} within ${limit / 1000} s`), limit);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, req: JSON.stringify(obj) });
    });
    const res = JSON.parse(text);
    const rtt = performance.now() - t0;
    this.stats.push({ cmd: obj.cmd, rtt, engineMs, thinkMs: res.think_ms ?? null });
    if (this.stats.length > 500) this.stats.shift();
    return res;
  }

  /**
   * How long a request may take before the worker counts as dead: 8 times the slowest of the last answers to the
   * same command (at least 4 s), capped by REQUEST_TIMEOUT; the cap alone until the command has been answered.
   */
  timeLimit(cmd) {
    const cap = REQUEST_TIMEOUT[cmd] ?? REQUEST_TIMEOUT.default;
    const recent = this.stats.filter((s) => s.cmd === cmd).slice(-20).map((s) => s.rtt);
    return recent.length ? Math.min(cap, Math.max(4_000, 8 * Math.max(...recent))) : cap;
  }

  /** While idle, the worker must answer a ping in time; while a request runs, its time limit watches it. */
  beat() {
    clearInterval(this.heartbeat);
    this.lastPong = performance.now();
    let sentAt = 0;
    this.heartbeat = setInterval(() => {
      if (!this.alive) return;
      const now = performance.now();
      if (this.pending.size) { sentAt = 0; this.lastPong = now; return; }
      if (sentAt && this.lastPong < sentAt && now - sentAt > HEARTBEAT_GRACE) { this.die("no heartbeat"); return; }
      if (!sentAt || this.lastPong >= sentAt) { sentAt = now; this.worker.postMessage({ type: "ping" }); }
    }, HEARTBEAT_EVERY / 2);
  }

  /** The worker is dead: stop it, fail what waits on it, tell the app (once). */
  die(reason) {
    if (!this.alive) return;
    this.alive = false;
    clearInterval(this.heartbeat);
    this.worker?.terminate();
    this.worker = null;
    this.rejectAll(new EngineDied(reason));
    this.onDead(reason);
  }

  rejectAll(err) {
    for (const p of this.pending.values()) { clearTimeout(p.timer); p.reject(err); }
    this.pending.clear();
  }

  /** For fault tests: kill the worker without telling anyone (as a crash would). */
  killSilently() { this.worker?.terminate(); }

  terminate() {
    clearInterval(this.heartbeat);
    this.alive = false;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.rejectAll(new Error("engine stopped"));
  }
}
