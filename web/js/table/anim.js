// Animation queue: tweens driven by requestAnimationFrame, scaled by the speed setting ("instant" = no waiting).
// Per speed: `anim` scales every animation; `pause` (ms) is the wait before a bot is asked for its card (a normal
// bot then answers in ~10 ms); `hold` (ms) is how long a finished trick lies on the table, to be read, before it
// flies to its winner.
const SPEEDS = {
  slow: { anim: 1.6, pause: 700, hold: 2200 },
  normal: { anim: 1, pause: 250, hold: 1300 },
  fast: { anim: 0.5, pause: 100, hold: 350 },
  instant: { anim: 0, pause: 0, hold: 0 },
};

// A hidden tab is given no animation frames: a tween waiting for them held the game (and, at a friends' table, every
// friend waiting on the host's table) until the page showed again. While the page is hidden a tween ends at once, and
// those running when it hides end then; the pauses (timers) still pace the bots.
const pageHidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

export const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);
export const lerp = (a, b, t) => a + (b - a) * t;

export class Animator {
  constructor(renderer) {
    this.renderer = renderer;
    this.tweens = new Set();
    this.running = false;
    this.speed = SPEEDS.normal;
    this.speedName = "normal";
    this.generation = 0;   // bumped by cancelAll(): pending waits resolve at once
    if (typeof document !== "undefined") {
      document.addEventListener("visibilitychange", () => { if (pageHidden()) this.finishTweens(); });
    }
  }

  setSpeed(name) {
    this.speed = SPEEDS[name] || SPEEDS.normal;
    this.speedName = SPEEDS[name] ? name : "normal";
    if (this.speedName === "instant") this.finishAll();
  }

  get instant() { return this.speed.anim === 0; }

  /**
   * Run update(t) for t in [0, 1] over ms (scaled by speed, unless `raw`); resolves when done. `flying`: all that
   * update(t) changes is the cards in flight (`store.scene.flying`, their places and looks), so the renderer may
   * redraw only where they are (the tween's first frame is drawn whole: what was set up before it shows).
   * @param {number} ms @param {(t: number) => void} update @param {{raw?: boolean, flying?: boolean}} [opts]
   */
  tween(ms, update, { raw = false, flying = false } = {}) {
    const dur = raw ? ms : ms * this.speed.anim;
    if (dur <= 0 || pageHidden()) { update(1); this.renderer.invalidate(); return Promise.resolve(); }
    return new Promise((resolve) => {
      this.tweens.add({ start: performance.now(), dur, update, resolve, flying, ran: false });
      this.loop();
    });
  }

  /** A pause (scaled like the animations); `raw` ms are used as they are. */
  wait(ms, raw = false) {
    const dur = raw ? ms : ms * this.speed.anim;
    if (dur <= 0) return Promise.resolve();
    const gen = this.generation;
    return /** @type {Promise<void>} */ (new Promise((resolve) => {
      const id = setTimeout(resolve, dur);
      this.waiters = this.waiters || new Set();
      const w = () => { clearTimeout(id); resolve(); };
      this.waiters.add(w);
      setTimeout(() => this.waiters.delete(w), dur + 5);
      if (gen !== this.generation) w();
    }));
  }

  /** Every tween running jumps to its end (the pauses go on). */
  finishTweens() {
    for (const tw of this.tweens) { tw.update(1); tw.resolve(); }
    this.tweens.clear();
    this.renderer.invalidate();
  }

  finishAll() {
    this.finishTweens();
    if (this.waiters) { for (const w of this.waiters) w(); this.waiters.clear(); }
  }

  cancelAll() { this.generation++; this.finishAll(); }

  loop() {
    if (this.running) return;
    this.running = true;
    const frame = (now) => {
      // only the cards in flight moved if every tween running says so and each ran in the frame before
      let onlyFlying = this.tweens.size > 0;
      for (const tw of [...this.tweens]) {
        onlyFlying &&= tw.flying && tw.ran;
        tw.ran = true;
        const t = Math.min(1, (now - tw.start) / tw.dur);
        tw.update(t);
        if (t >= 1) { this.tweens.delete(tw); tw.resolve(); }
      }
      this.renderer.draw(onlyFlying);
      if (this.tweens.size) requestAnimationFrame(frame);
      else this.running = false;
    };
    requestAnimationFrame(frame);
  }
}
