// @ts-check
// Floods from a friend's page: a token bucket per link. Each message takes a token; tokens come back at `rate` per
// second up to `burst`. A message with no token left is dropped before the engine sees it (the host is told once per
// flood). Pure: the clock is passed in (node tests).

const FLOOD_RATE = 8;     // messages per second a guest may keep up (a card, a name, a commitment: a few a hand)
const FLOOD_BURST = 16;

export class Throttle {
  constructor({ rate = FLOOD_RATE, burst = FLOOD_BURST } = {}) {
    this.rate = rate;
    this.burst = burst;
    this.tokens = burst;
    /** @type {number|null} when the last message came (ms) */
    this.at = null;
    this.dropped = 0;
  }

  /** Whether a message arriving at `now` (ms) may pass.
   * @param {number} now */
  take(now) {
    if (this.at != null) this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.dropped++;
    return false;
  }
}
