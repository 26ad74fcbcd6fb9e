// @ts-check
// A table with friends keeps the screen awake (the Screen Wake Lock API, where the browser has it): a phone that
// dims and locks freezes its page and drops its link to the table. The lock goes with a hidden page and is taken
// again when the page is visible. `body[data-awake]` says whether it is held.

/** @type {WakeLockSentinel|null} */
let sentinel = null;
let wanted = false;

async function take() {
  if (!wanted || sentinel || document.visibilityState !== "visible" || !navigator.wakeLock) return;
  try {
    const lock = await navigator.wakeLock.request("screen");
    if (!wanted) { lock.release(); return; }
    sentinel = lock;
    document.body.dataset.awake = "true";
    lock.addEventListener("release", () => {
      if (sentinel === lock) sentinel = null;
      delete document.body.dataset.awake;
    });
  } catch {
    // refused (a battery saver, a policy): the screen may dim as usual
  }
}

document.addEventListener("visibilitychange", () => { take(); });

/** Keep the screen awake while `on` (a table with friends is open), or let it sleep again.
 * @param {boolean} on */
export function keepAwake(on) {
  wanted = on;
  if (on) { take(); return; }
  sentinel?.release();
  sentinel = null;
  delete document.body.dataset.awake;
}
