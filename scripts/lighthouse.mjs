/* global process, console */
// Lighthouse with its mobile defaults (simulated slow 4G, a 4x slower CPU, a phone screen) on the built site, in
// Debian Chromium, headless: prints the four category scores, the key metrics and what kept the page's main thread
// busy, per run. Not a dependency of the project: install it for one run, serve the built site, then run this:
//   npm install --no-save lighthouse && python3 build.py
//   .venv/bin/python -c "import build; build.make_server(8765).serve_forever()" &
//   node scripts/lighthouse.mjs http://127.0.0.1:8765/ [--runs 2] [--json out.json] [--trace out.trace.json]
//                                [--flag CHROMIUM_FLAG ...]   (e.g. --flag --disable-features=PaintHolding)
//                                [--wait MS]   (default 8000)
// Each run is a fresh Chromium (an empty profile: a first visit, no service worker, no Python snapshot).
// Lighthouse ends a run once the page's main thread and network have been quiet for a moment; Python starts in a
// worker, which it does not watch, so on a busy machine a run could end on the loading screen and score the loading
// screen alone (100). `--wait` keeps it looking that many ms after the load (Lighthouse's pauseAfterLoadMs), and each
// run says which element its largest contentful paint was and when the game became playable (boot.js's user timing
// `jass:playable`): a run without that mark ended on the loading screen and is flagged as not a measurement of the game.
import fs from "node:fs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const url = args.find((a) => /^https?:/.test(a));
if (!url) { console.error("usage: node scripts/lighthouse.mjs <url> [--runs N] [--json FILE] [--trace FILE]"); process.exit(2); }
const runs = Number(opt("--runs", "2"));
const extraFlags = args.flatMap((a, i) => (a === "--flag" && args[i + 1] ? [args[i + 1]] : []));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [["first-contentful-paint", "FCP"], ["largest-contentful-paint", "LCP"], ["total-blocking-time", "TBT"],
  ["speed-index", "SI"], ["cumulative-layout-shift", "CLS"], ["interactive", "TTI"]];

const results = [];
for (let r = 1; r <= runs; r++) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...extraFlags],
  });
  let lhr, artifacts;
  try {
    ({ lhr, artifacts } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, {
      extends: "lighthouse:default", settings: { pauseAfterLoadMs: Number(opt("--wait", "8000")) } }));
  } finally {
    await chrome.kill();
  }
  results.push(lhr);
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  console.log(`run ${r}: ${CATEGORIES.map((c) => `${c} ${score(c)}`).join(", ")}`);
  console.log(`  ${METRICS.map(([id, short]) => `${short} ${lhr.audits[id].displayValue}`).join(", ")}`);
  const lcpNode = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  console.log(`  LCP element: ${lcpNode?.selector ?? "?"}`);
  // boot.js marks the moment the first hand is playable (a user timing): a run without it ended on the loading screen
  const playable = (lhr.audits["user-timings"]?.details?.items || []).find((i) => i.name === "jass:playable");
  console.log(playable ? `  the game was playable at ${Math.round(playable.startTime)} ms (observed, not simulated)`
    : "  NO jass:playable mark: the run ended on the loading screen, NOT a measurement of the game");
  const work = lhr.audits["mainthread-work-breakdown"]?.details?.items || [];
  const ms = (v) => `${Math.round(v)} ms`;
  const workTotal = lhr.audits["mainthread-work-breakdown"]?.displayValue;
  console.log(`  main-thread work: ${workTotal}: ${work.map((i) => `${i.groupLabel} ${ms(i.duration)}`).join(", ")}`);
  const boot = lhr.audits["bootup-time"]?.details?.items || [];
  const scriptText = (i) => `${i.url.replace(url, "")} ${ms(i.total)} (eval ${Math.round(i.scripting)}, parse ${Math.round(i.scriptParseCompile)})`;
  console.log(`  script: ${boot.slice(0, 5).map(scriptText).join("; ")}`);
  const long = lhr.audits["long-tasks"]?.details?.items || [];
  const taskText = (i) => `${(i.url || "").replace(url, "") || "-"} @${Math.round(i.startTime)} ${ms(i.duration)}`;
  console.log(`  long tasks (simulated): ${long.map(taskText).join("; ") || "none"}`);
  const bad = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative"
    && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual" && !METRICS.some(([id]) => id === a.id));
  if (bad.length) console.log(`  below 0.9: ${bad.map((a) => `${a.id} (${a.displayValue || a.score})`).join("; ")}`);
  const trace = opt("--trace");
  if (trace) fs.writeFileSync(trace.replace(/(\.json)?$/, `-${r}$1`), JSON.stringify(artifacts.Trace || artifacts.traces?.defaultPass));
}
const json = opt("--json");
if (json) fs.writeFileSync(json, JSON.stringify(results));
