/* global process, console, setTimeout */
// Lighthouse accessibility of the app in the states a player sees (a user flow: the table, New game, Settings, a
// hint, the phone menu, How to play, the hand summary, the score sheet), in Debian Chromium. Not a dependency of the
// project: install it for one run, serve the built site, then run this (prints one score per state, 100 = clean):
//   npm install --no-save lighthouse && python3 build.py
//   .venv/bin/python -c "import build; build.make_server(8765).serve_forever()" &
//   node scripts/a11y_flow.mjs "http://127.0.0.1:8765/?lang=de&speed=instant&seed=8&hands=2" mobile|desktop
import fs from "node:fs";
import puppeteer from "puppeteer-core";
import { startFlow } from "lighthouse";
const url = process.argv[2], mobile = process.argv[3] === "mobile";
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless=new", "--disable-gpu"] });
const page = await browser.newPage();
if (mobile) {
  await page.emulate({ viewport: { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true }, userAgent: await browser.userAgent() });
} else await page.setViewport({ width: 1280, height: 800 });
const config = {
  extends: "lighthouse:default",
  settings: { onlyCategories: ["accessibility"], formFactor: mobile ? "mobile" : "desktop", screenEmulation: { disabled: true } },
};
const flow = await startFlow(page, { config });
await page.goto(url);
const phase = (p) => page.waitForFunction(`document.body.dataset.phase === '${p}' && window.__jass && !window.__jass.state().busy`, { timeout: 120000 });
await phase("play");
await flow.snapshot({ name: "table" });
const click = async (sel) => {
  if (await page.$eval(sel, (b) => b.offsetParent !== null)) await page.click(sel);
  else { await page.click("#btn-menu"); await page.click(`#dlg-menu button[data-for='${sel.slice(1)}']`); }
};
await click("#btn-new"); await new Promise((r) => setTimeout(r, 300));
await flow.snapshot({ name: "new game" });
await page.keyboard.press("Escape");
await click("#btn-settings"); await new Promise((r) => setTimeout(r, 300));
await flow.snapshot({ name: "settings" });
await page.keyboard.press("Escape");
await click("#btn-hint"); await new Promise((r) => setTimeout(r, 3000));
await flow.snapshot({ name: "hint" });
if (mobile) {
  await page.click("#btn-menu"); await new Promise((r) => setTimeout(r, 300));
  await flow.snapshot({ name: "menu" }); await page.keyboard.press("Escape");
}
await click("#btn-howto"); await new Promise((r) => setTimeout(r, 300));
await flow.snapshot({ name: "how to play" });
await page.keyboard.press("Escape");
// play to the end of the hand: the hand summary
for (let k = 0; k < 40; k++) {
  await page.waitForFunction("(() => { const s = window.__jass.state(); return (s.phase==='play'&&s.toPlay===0&&!s.busy)||s.phase!=='play'; })()",
    { timeout: 120000 });
  const s = await page.evaluate("window.__jass.state()");
  if (s.phase !== "play") break;
  await page.focus(`#hand-buttons button[data-card='${s.legal[0]}']`); await page.keyboard.press("Enter");
  await page.waitForFunction(`!window.__jass.state().hand.includes('${s.legal[0]}')`, { timeout: 120000 });
}
await new Promise((r) => setTimeout(r, 500));
await flow.snapshot({ name: "hand summary" });
await page.click("#btn-hand-sheet"); await new Promise((r) => setTimeout(r, 300));
await flow.snapshot({ name: "score sheet" });
const res = await flow.createFlowResult();
for (const step of res.steps) {
  const lhr = step.lhr;
  const bad = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && !["notApplicable", "manual", "informative"].includes(a.scoreDisplayMode));
  const where = (a) => JSON.stringify(a.details?.items?.slice(0, 3).map((i) => i.node?.snippet || i.node?.selector));
  console.log(`${step.name}: accessibility ${Math.round(lhr.categories.accessibility.score * 100)}`,
    bad.map((a) => `${a.id}: ${a.title} ${where(a)}`).join("; "));
}
if (process.argv[4]) fs.writeFileSync(process.argv[4], await flow.generateReport());   // the HTML report
await browser.close();
