// @ts-check
// The loading bar's course (pure; boot.js draws it, tests/js/loadbar.test.mjs): the bytes fill 3-70 % of the bar
// while they arrive, as counted by the worker; then Python's start-up, during which the worker is busy and silent:
// the bar glides on towards 92 % over CREEP_MS (it never claims to be done); then the engine import and the deal.
// The page draws it with a CSS transition of a transform (the compositor moves it: no work on the main thread per
// frame) and touches the DOM at most every UPDATE_MS.
export const BYTES_FROM = 0.03, PYTHON_FROM = 0.70, PYTHON_TO = 0.92, ENGINE = 0.94, READY = 0.98;
export const CREEP_MS = 7500, UPDATE_MS = 250;

/** @typedef {{frac: number, glide: number, key: string, args: Record<string, number>}} BarStep */

/** A progress report of the worker ({loaded, total, stage}) -> {frac, glide, key, args}: where the bar goes, over how
 *  many ms (a long glide while Python starts), and its label (a catalog key and its parameters: MB, to format).
 * @param {{loaded?: number, total?: number, stage?: string}} [report]
 * @returns {BarStep} */
export function barStep({ loaded = 0, total = 0, stage } = {}) {
  const bytes = total > 0 ? Math.min(1, Math.max(0, loaded / total)) : 0;
  if (stage === "ready") return { frac: READY, glide: 0, key: "loading.ready", args: {} };
  if (stage === "engine") return { frac: ENGINE, glide: 0, key: "loading.engine", args: {} };
  if (bytes < 1) {
    return { frac: BYTES_FROM + (PYTHON_FROM - BYTES_FROM) * bytes, glide: 0, key: "loading.download",
      args: { done: loaded / 1e6, total: total / 1e6 } };
  }
  if (stage === "python") return { frac: PYTHON_TO, glide: CREEP_MS, key: "loading.python", args: {} };
  return { frac: PYTHON_FROM, glide: 0, key: "loading.python", args: {} };
}

/** The next step of a bar showing `shown` (the last step drawn, or null): never backwards (a report behind it is
 *  ignored, its label too), and a glide already on its way to the same place is not started again.
 *  -> the step to draw, or null when nothing changes.
 * @param {BarStep|null} shown
 * @param {BarStep} step
 * @returns {BarStep|null} */
export function nextStep(shown, step) {
  if (!shown) return step;
  if (step.frac < shown.frac) return null;
  const glide = step.frac === shown.frac && shown.glide ? shown.glide : step.glide;
  const same = step.frac === shown.frac && glide === shown.glide && step.key === shown.key
    && JSON.stringify(step.args) === JSON.stringify(shown.args);
  return same ? null : { ...step, glide };
}
