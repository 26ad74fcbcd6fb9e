// The coach: the expert search checks every decision a player made in a finished hand (the engine's `coach`
// command). It runs in an engine worker of its own — a second copy of the game's worker, started the first time
// the coach is needed — so the table and its bots never wait for it. Reports are kept per hand and seat.

import { EngineBridge } from "../engine/bridge.js";

/**
 * @typedef {{ decisions: import("../engine/protocol.js").CoachDecision[], count: number|null, done: boolean,
 *   error: import("../engine/protocol.js").ErrorInfo|null }} CoachReport
 */

export class Coach {
  constructor({ makeBridge = () => new EngineBridge({ name: "coach" }) } = {}) {
    this.makeBridge = makeBridge;
    this.bridge = null;
    this.starting = null;
    /** @type {Map<string, CoachReport>} */
    /** @type {Map<string, CoachReport & {running?: Promise<CoachReport>}>} */
    this.reports = new Map();
    this.queue = Promise.resolve();
  }

  /** The coach's worker, started on first use (and again after it died). */
  async engine() {
    if (this.bridge?.alive) return this.bridge;
    if (!this.starting) {
      const bridge = this.makeBridge();
      this.starting = bridge.start().then(() => { this.bridge = bridge; return bridge; })
        .finally(() => { this.starting = null; });
    }
    return this.starting;
  }

  /** The report of `seat` in `record` so far (null before it was asked for). */
  report(record, seat) { return this.reports.get(coachKey(record, seat)) ?? null; }

  /**
   * Check `seat`'s decisions in `record` one at a time; `onStep(report)` after each. One hand at a time: a second
   * call waits for the first; a hand already checked (or being checked) is not checked again.
   * @param {import("../engine/protocol.js").HandRecord} record
   * @param {number} seat
   * @param {(report: CoachReport) => void} [onStep]
   * @returns {Promise<CoachReport>}
   */
  check(record, seat, onStep = () => {}) {
    const k = coachKey(record, seat);
    const known = this.reports.get(k);
    if (known) { onStep(known); return known.running ?? Promise.resolve(known); }
    /** @type {CoachReport & {running?: Promise<CoachReport>}} */
    const rep = { decisions: [], count: null, done: false, error: null };
    this.reports.set(k, rep);
    rep.running = this.queue = this.queue.then(() => this.run(rep, record, seat, onStep));
    return rep.running;
  }

  async run(rep, record, seat, onStep) {
    try {
      const bridge = await this.engine();
      let start = 0;
      while (start != null) {
        // as many play-outs per decision as the engine's default (hello's defaults.coach_iterations)
        const r = await bridge.request({ cmd: "coach", record, seat, start, limit: 1 });
        if (!r.ok) { rep.error = r.error; break; }
        rep.decisions.push(...r.decisions);
        rep.count = r.count;
        start = r.next;
        if (start != null) onStep(rep);
      }
    } catch (e) {
      rep.error = { code: "coach_failed", params: { detail: String(e?.message ?? e).slice(0, 200) } };
      this.reports.delete(coachKey(record, seat));   // a later look may try again
    }
    rep.done = true;
    delete rep.running;
    onStep(rep);
    return rep;
  }

  /** The biggest losses' play indices (at most three, costliest first), as the CLI marks them. */
  static biggest(decisions) {
    return decisions.filter((d) => d.mark).sort((a, b) => b.loss - a.loss).slice(0, 3).map((d) => d.play_index);
  }

  stop() { this.bridge?.terminate(); this.bridge = null; }
}

/** A hand record and seat as a map key. */
export function coachKey(record, seat) { return `${seat}:${record.dealer}:${record.hands.join("|")}:${record.plays.join(",")}`; }
