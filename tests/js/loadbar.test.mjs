// The loading bar (web/js/ui/loadbar.js): it shows the bytes that really arrived, creeps on while Python starts
// (the worker is silent then), never goes backwards, and is not redrawn for a report that changes nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { barStep, nextStep, BYTES_FROM, PYTHON_FROM, PYTHON_TO, ENGINE, READY, CREEP_MS } = await load("loadbar");
const MB = 1e6;

test("the bytes fill the bar from 3 % to 70 % and the label says how many MB of how many", () => {
  assert.deepEqual(barStep({ loaded: 0, total: 4.4 * MB, stage: "download" }),
    { frac: BYTES_FROM, glide: 0, key: "loading.download", args: { done: 0, total: 4.4 } });
  const half = barStep({ loaded: 2.2 * MB, total: 4.4 * MB, stage: "download" });
  assert.ok(Math.abs(half.frac - (BYTES_FROM + PYTHON_FROM) / 2) < 1e-9);
  assert.deepEqual(half.args, { done: 2.2, total: 4.4 });
  // a report before the sizes are known: the start of the bar, not NaN
  assert.equal(barStep({ loaded: 0, total: 0, stage: "download" }).frac, BYTES_FROM);
});

test("all bytes in: Python's start-up glides on towards 92 %, slowly; then the engine and the deal", () => {
  const done = barStep({ loaded: 4.4 * MB, total: 4.4 * MB, stage: "download" });
  assert.deepEqual([done.frac, done.glide, done.key], [PYTHON_FROM, 0, "loading.python"]);
  const py = barStep({ loaded: 4.4 * MB, total: 4.4 * MB, stage: "python" });
  assert.deepEqual([py.frac, py.glide, py.key], [PYTHON_TO, CREEP_MS, "loading.python"]);
  assert.ok(CREEP_MS >= 3000, "a glide, not a jump");
  // a stage beyond the bytes counts even when a file's bytes were not all counted (a cached or decoded file)
  assert.deepEqual(barStep({ loaded: 1, total: 4.4 * MB, stage: "engine" }).frac, ENGINE);
  assert.deepEqual(barStep({ loaded: 1, total: 4.4 * MB, stage: "ready" }).frac, READY);
  assert.ok(PYTHON_TO < ENGINE && ENGINE < READY && READY < 1, "it never claims to be done before the deal");
});

test("the bar never goes backwards, and a report that changes nothing draws nothing", () => {
  const py = barStep({ loaded: 10, total: 10, stage: "python" });
  const late = barStep({ loaded: 9, total: 10, stage: "download" });   // a slower file's count after the stage
  assert.equal(nextStep(py, late), null, "neither the bar nor its label go back");
  assert.equal(nextStep(py, py), null, "the glide on its way is not restarted");
  assert.equal(nextStep(null, py), py);
  const a = barStep({ loaded: 1 * MB, total: 4 * MB }), b = barStep({ loaded: 2 * MB, total: 4 * MB });
  assert.ok(nextStep(a, b).frac > a.frac);
  assert.equal(nextStep(b, a), null);
  assert.equal(nextStep(a, { ...a, args: { ...a.args } }), null);
});
