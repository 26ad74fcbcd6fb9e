// The bot lab view (#lab): an editor for the player's bot, saved bots, .py upload, the arena in a game of the family
// (Mittlere against two of our levels, Molotow or Plus-Minus against three) with a progress bar and the figures, and
// "play a game against this bot" in the chosen game. Loaded only when the lab opens
// (never on the game's start-up path); the bot runs in the lab's own worker (lab-client.js, lab-worker.js).
import { BUILD } from "../js/build-info.js";
import { applyI18n, fmtNumber, levelName, onLanguageChange, signed, t } from "../js/i18n/i18n.js";
import { el } from "../js/ui/dom.js";
import { LabClient } from "./lab-client.js";
import { detailLines, positionText } from "./lab-words.js";
import { MAX_SOURCE, cleanName, freeName, loadBots, putBot, saveBots } from "./lab-store.js";

const DEFAULT_DEALS = 24;
// The games the arena plays and their seats, until the lab's worker says (its ready message: engine/lab.py ready_json)
const GAMES = { mittlere: 3, molotow: 4, plusminus: 4 };
const MAX_OPPONENTS = 3;   // one level per seat but the player's bot's, in the largest game
// The observation's fields as the bot reads them (docs/bot-api.md "The observation"), each explained in the catalogs
// (lab.obs.<key>): the reference is in the lab, next to the editor.
const OBS_FIELDS = [["seat"], ["game"], ["seats"], ["rules"], ["dealer"], ["hand"], ["plays"], ["tricks"], ["leader"], ["trick"], ["trump"],
  ["trump_fixed_at"], ["trump_fixed_by"], ["tricks_won"], ["captured"], ["counts"], ["excluded"], ["scores"],
  ["hands_left"], ["to_play"], ["played"], ["unseen"], ["card_points()", "card_points"], ["voids(seat)", "voids"]];

let view = null;     // the built view, once

/** A run's result when it failed: the error as the lab shows it (its code, detail, position and parameters). */
function failedResult(err) {
  const error = { code: err?.code || "internal", detail: err?.detail || String(err), position: err?.position ?? null, params: err?.params ?? null };
  return { deals: 0, mean: null, ci95: null, error };
}

function field(labelKey, control) {
  return el("label", { class: "lab-field" }, el("span", { dataset: { i18n: labelKey } }), control);
}

class LabView {
  constructor({ onPlay }) {
    this.onPlay = onPlay;
    this.state = loadBots();
    this.example = "";
    this.games = { ...GAMES };
    this.result = null;
    this.running = false;
    this.client = new LabClient({
      onProgress: (done, total) => this.progress(done, total),
      // data-worker: starting, ready, …; data-snapshot: "1" when the worker's Python came from the lab's snapshot
      onState: (s) => { this.root.dataset.worker = s; this.root.dataset.snapshot = this.client?.fromSnapshot ? "1" : "0"; },
    });
    this.build();
    onLanguageChange(() => { applyI18n(this.root); this.fillGames(); this.renderResult(); this.renderOrigins(); });
  }

  build() {
    this.select = el("select", { id: "lab-bot-select", "aria-labelledby": "lab-bot-label" });
    this.name = el("input", { id: "lab-bot-name", type: "text", maxlength: 40, autocomplete: "off", spellcheck: false });
    this.source = el("textarea", { id: "bot-source", spellcheck: false, autocapitalize: "off", autocomplete: "off",
      wrap: "off", dataset: { i18nAria: "lab.source" } });
    // line numbers beside the source (a traceback names lines): one per line, scrolled with the text
    this.lines = el("pre", { id: "bot-lines", class: "lab-lines", "aria-hidden": "true" });
    this.file = el("input", { type: "file", accept: ".py,text/x-python,text/plain", class: "lab-file-input", id: "lab-file" });
    this.game = el("select", { id: "lab-game" });
    this.opp = Array.from({ length: MAX_OPPONENTS }, (_, i) => el("select", { id: `lab-opp-${i}`, dataset: { i18nAria: `lab.opponent${i + 1}` } }));
    // a game of three hides the third opponent
    this.oppFields = this.opp.map((sel, i) => field(`lab.opponent${i + 1}`, sel));
    // its max: the engine's, set when the lab worker is ready (see maxDeals)
    this.deals = el("input", { id: "lab-deals", type: "number", min: 1, step: 1, value: DEFAULT_DEALS, inputmode: "numeric" });
    this.seed = el("input", { id: "lab-seed", type: "text", value: "1", maxlength: 64, autocomplete: "off", inputmode: "numeric" });
    this.index = el("input", { id: "lab-index", type: "url", value: BUILD.lab?.index || "", autocomplete: "off", spellcheck: false });
    this.bar = el("progress", { id: "lab-progress", max: 1, value: 0, hidden: true, dataset: { i18nAria: "lab.progress" } });
    this.status = el("p", { id: "lab-status", role: "status", class: "lab-status" });
    this.error = el("div", { id: "lab-error", role: "alert", class: "lab-error", hidden: true });
    this.table = el("div", { class: "lab-figures" });
    this.json = el("pre", { class: "lab-json", dataset: { labResult: "" } });
    this.origins = el("p", { class: "lab-note" });
    this.runBtn = el("button", { type: "button", class: "primary", dataset: { action: "lab-run", i18n: "lab.run" } });
    this.playBtn = el("button", { type: "button", dataset: { action: "lab-play", i18n: "lab.play" } });
    const wheel = BUILD.lab?.wheel ? new URL(BUILD.lab.wheel, new URL("../", import.meta.url)).href : null;
    this.download = wheel ? el("a", { href: wheel, download: wheel.split("/").pop(), class: "lab-download" }) : null;

    this.root = el("section", { id: "lab", class: "lab", "aria-labelledby": "lab-title", hidden: true },
      el("header", { class: "lab-head" },
        el("h2", { id: "lab-title", dataset: { i18n: "lab.title" } }),
        el("button", { type: "button", dataset: { action: "lab-close", i18n: "lab.back" } })),
      el("div", { class: "lab-body" },
        el("div", { class: "lab-editor" },
          el("div", { class: "lab-bots" },
            el("span", { id: "lab-bot-label", class: "sr-only", dataset: { i18n: "lab.bot" } }),
            this.select,
            field("lab.name", this.name),
            el("button", { type: "button", dataset: { action: "lab-save", i18n: "lab.save" } }),
            el("button", { type: "button", dataset: { action: "lab-new", i18n: "lab.new" } }),
            el("button", { type: "button", dataset: { action: "lab-delete", i18n: "lab.delete" } }),
            el("label", { class: "lab-upload", for: "lab-file" }, el("span", { dataset: { i18n: "lab.upload" } }), this.file)),
          el("div", { class: "lab-code" }, this.lines, this.source),
          el("p", { class: "lab-note", dataset: { i18n: "lab.help" } })),

        el("div", { class: "lab-side" },
          el("div", { class: "lab-settings" },
            field("new.game", this.game), ...this.oppFields,
            field("lab.deals", this.deals), field("lab.seed", this.seed)),
          el("div", { class: "lab-buttons" }, this.runBtn, this.playBtn),
          this.bar, this.status, this.error, this.table,
          el("details", { class: "lab-more", id: "lab-obs" },
            el("summary", { dataset: { i18n: "lab.obs.title" } }),
            el("p", { class: "lab-note", dataset: { i18n: "lab.obs.cards" } }),
            el("table", {}, el("tbody", {}, ...OBS_FIELDS.map(([code, key = code]) => el("tr", { dataset: { field: key } },
              el("th", { scope: "row" }, el("code", {}, code)), el("td", { dataset: { i18n: `lab.obs.${key}` } }))))),
            el("p", { class: "lab-note", dataset: { i18n: "lab.obs.helpers" } })),
          el("details", { class: "lab-more" }, el("summary", { dataset: { i18n: "lab.raw" } }), this.json),
          el("details", { class: "lab-more", id: "lab-packages" }, el("summary", { dataset: { i18n: "lab.packages" } }),
            field("lab.index", this.index), this.origins),
          this.download)));
    document.body.append(this.root);
    applyI18n(this.root);
    this.renderOrigins();

    this.root.addEventListener("click", (e) => {
      const a = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest("[data-action]"))?.dataset.action;
      if (a === "lab-close") closeLab();
      else if (a === "lab-run") this.run();
      else if (a === "lab-play") this.play();
      else if (a === "lab-save") this.save();
      else if (a === "lab-new") this.newBot();
      else if (a === "lab-delete") this.remove();
    });
    this.select.addEventListener("change", () => this.show(this.select.value));
    this.game.addEventListener("change", () => { this.showSeats(); this.remember(); });
    for (const sel of this.opp) sel.addEventListener("change", () => this.remember());
    this.file.addEventListener("change", () => this.upload());
    this.source.addEventListener("keydown", (e) => this.tabKey(e));
    this.source.addEventListener("input", () => this.numberLines());
    this.source.addEventListener("scroll", () => { this.lines.scrollTop = this.source.scrollTop; });
  }

  renderOrigins() {
    const origins = BUILD.lab?.origins || [];
    this.origins.textContent = t("lab.origins", { origins: origins.length ? origins.join(", ") : "—" });
    if (this.download) this.download.textContent = t("lab.download", { size: fmtNumber(Math.round((BUILD.lab.wheelBytes || 0) / 1024)) });
  }

  /** The line numbers for the source as it is now (typed, shown, uploaded). */
  numberLines() {
    const n = this.source.value.split("\n").length;
    if (this.lines.dataset.lines === String(n)) return;
    this.lines.dataset.lines = String(n);
    this.lines.textContent = Array.from({ length: n }, (_, i) => i + 1).join("\n");
    this.lines.scrollTop = this.source.scrollTop;
  }

  /** Tab indents (4 spaces), Shift+Tab dedents the line; Escape then Tab leaves the editor (keyboard users). */
  tabKey(e) {
    if (e.key === "Escape") { this.tabOut = true; return; }
    if (e.key !== "Tab" || this.tabOut) { this.tabOut = false; return; }
    e.preventDefault();
    const ta = this.source;
    const { selectionStart: s, selectionEnd: end, value: v } = ta;
    if (e.shiftKey) {
      const line = v.lastIndexOf("\n", s - 1) + 1;
      const n = /^ {1,4}/.exec(v.slice(line))?.[0].length || 0;
      ta.setRangeText("", line, line + n, "preserve");
      return;
    }
    ta.setRangeText("    ", s, end, "end");
    this.numberLines();
  }

  async init() {
    if (!this.example) {
      try { this.example = await (await fetch(new URL("./example_bot.py", import.meta.url))).text(); } catch { this.example = ""; }
    }
    if (!this.state.bots.length && this.example) putBot(this.state, t("lab.exampleName"), this.example);
    this.renderBots();
    this.show(this.state.current || this.state.bots[0]?.name);
    this.fillGames();
    this.fillLevels(["random", "easy", "normal", "hard", "expert"].filter((x) => x));   // until the worker says
    this.client.start().then(({ levels, limits, games }) => {
      if (games && typeof games === "object" && Object.keys(games).length) this.games = games;
      this.fillGames();
      this.fillLevels(levels);
      if (limits?.max_deals) this.deals.max = limits.max_deals;
      return cacheForOffline();
    }).then((kept) => {
      if (!kept) return;
      this.root.dataset.offline = "ready";
      if (!this.status.textContent) this.say(t("lab.offlineReady"));
    }).catch(() => {});
  }

  /** The games the arena offers (named as the New game dialog names them); the one chosen before, if still offered
   *  (saved, or shown now), else Mittlere. */
  fillGames() {
    const ids = Object.keys(this.games);
    const keep = [this.game.value, this.state.game, "mittlere"].find((id) => id && ids.includes(id)) ?? ids[0];
    this.game.replaceChildren(...ids.map((id) => el("option", { value: id }, t(`game.${id}`))));
    this.game.value = keep;
    this.showSeats();
  }

  /** The chosen game's number of seats (3 unless the engine said otherwise). */
  seats() {
    const n = Number(this.games[this.game.value]);
    return Number.isInteger(n) && n >= 2 && n <= MAX_OPPONENTS + 1 ? n : 3;
  }

  /** One opponent per seat but the bot's: the third one shows in a game of four. */
  showSeats() {
    const n = this.seats();
    this.oppFields.forEach((f, i) => { f.hidden = i >= n - 1; });
    this.root.dataset.seats = String(n);
  }

  /** Keep the game and the opponents with the saved bots (lab-store.js). */
  remember() {
    this.state.game = this.game.value;
    this.state.opponents = this.opp.map((sel) => sel.value);
    saveBots(this.state);
  }

  fillLevels(levels) {
    if (!Array.isArray(levels) || !levels.length) return;
    this.opp.forEach((sel, i) => {
      const keep = [sel.value, this.state.opponents?.[i]].find((id) => id && levels.includes(id))
        ?? (levels.includes("normal") ? "normal" : levels[0]);
      sel.replaceChildren(...levels.map((id) => el("option", { value: id }, levelName(id))));
      sel.value = keep;
    });
  }

  renderBots() {
    this.select.replaceChildren(...this.state.bots.map((b) => el("option", { value: b.name }, b.name)));
    if (this.state.current) this.select.value = this.state.current;
  }

  show(name) {
    const b = this.state.bots.find((x) => x.name === name);
    if (!b) return;
    this.state.current = b.name;
    this.select.value = b.name;
    this.name.value = b.name;
    this.source.value = b.source;
    this.numberLines();
    saveBots(this.state);
  }

  save() {
    const name = cleanName(this.name.value) || freeName(this.state, "bot");
    putBot(this.state, name, this.source.value.slice(0, MAX_SOURCE));   // a new name: a copy (the old one stays)
    this.name.value = name;
    this.renderBots();
    this.say(saveBots(this.state) ? t("lab.saved", { name }) : t("lab.notSaved"));
  }

  newBot() {
    const name = freeName(this.state, t("lab.newName"));
    putBot(this.state, name, this.example);
    this.renderBots();
    this.show(name);
  }

  remove() {
    const i = this.state.bots.findIndex((b) => b.name === this.state.current);
    if (i < 0) return;
    this.state.bots.splice(i, 1);
    if (!this.state.bots.length && this.example) putBot(this.state, t("lab.exampleName"), this.example);
    this.state.current = this.state.bots[Math.min(i, this.state.bots.length - 1)]?.name ?? null;
    this.renderBots();
    this.show(this.state.current);
  }

  async upload() {
    const f = this.file.files?.[0];
    this.file.value = "";
    if (!f) return;
    const text = f.size <= MAX_SOURCE * 4 ? await f.text().catch(() => null) : null;
    if (text == null || !/\.py$/i.test(f.name) || text.length > MAX_SOURCE || text.includes("\u0000")) {
      this.say(t("lab.uploadBad"), true);
      return;
    }
    const name = freeName(this.state, f.name.replace(/\.py$/i, ""));
    putBot(this.state, name, text);
    this.renderBots();
    this.show(name);
  }

  say(text, bad = false) {
    this.status.textContent = text;
    this.status.dataset.kind = bad ? "error" : "info";
  }

  progress(done, total) {
    this.bar.max = total || 1;
    this.bar.value = done;
    const deals = this.dealsAsked;
    this.say(t("lab.running", { done: fmtNumber(Math.round(deals * done / (total || 1))), total: fmtNumber(deals) }));
  }

  /** Load the editor's source into the lab worker (installing its packages first). */
  async load() {
    this.say(this.client.worker ? t("lab.loading") : t("lab.starting"));
    await this.client.start();
    const hasDeps = /^# \/\/\/ script\s*$/m.test(this.source.value);
    if (hasDeps) this.say(t("lab.installing"));
    await this.client.request({ cmd: "load", source: this.source.value, index: this.index.value.trim() });
  }

  /** The most deals a run takes: the engine's limit, from the lab worker's ready message (waited for while the worker
   *  starts); without a worker none here, and the engine refuses too many deals itself. */
  async maxDeals() {
    if (!this.client.limits) await this.client.start().catch(() => {});
    return this.client.limits?.max_deals ?? Infinity;
  }

  async run() {
    if (this.running) return;
    this.setRunning(true);
    const deals = Math.trunc(Number(this.deals.value));
    const maxDeals = await this.maxDeals();
    if (!(deals >= 1 && deals <= maxDeals)) {
      this.setRunning(false);
      this.say(t("lab.badDeals", { max: fmtNumber(maxDeals) }), true);
      return;
    }
    this.dealsAsked = deals;
    this.error.hidden = true;
    this.result = null;
    this.renderResult();
    try {
      await this.load();
      this.bar.hidden = false;
      this.progress(0, 1);
      this.bar.scrollIntoView({ block: "nearest" });   // a phone shows the editor first: bring the progress in
      const seed = this.seed.value.trim() || "1";
      const game = this.game.value, seats = this.seats();
      this.remember();
      const r = await this.client.request({ cmd: "arena", game, opponents: this.opp.slice(0, seats - 1).map((s) => s.value), deals, seed });
      this.result = { game, seats, deals: r.result.deals, mean: r.result.mean, ci95: r.result.ci95, error: null,
        seed, wall_ms: Math.round(r.result.wall_ms), summary: r.result.summary };
      const secs = r.result.wall_ms / 1000;
      this.say(t("lab.done", { n: deals, seats: fmtNumber(seats), seconds: fmtNumber(Number(secs.toFixed(1))),
        rate: fmtNumber(Number((deals / Math.max(secs, 1e-3)).toFixed(1))) }));
    } catch (err) {
      this.result = failedResult(err);
      this.say("");
    } finally {
      this.bar.hidden = true;
      this.setRunning(false);
      this.renderResult();
      (this.result?.error ? this.error : this.table).scrollIntoView({ block: "nearest" });
    }
  }

  setRunning(on) {
    this.running = on;
    this.runBtn.disabled = on;
    this.playBtn.disabled = on;
    this.root.dataset.running = on ? "1" : "";
  }

  /** The figures table and the JSON under [data-lab-result]; a failure's reason and position. */
  renderResult() {
    const r = this.result;
    this.json.textContent = r ? JSON.stringify(r, null, 1) : "";
    this.table.replaceChildren();
    if (!r) { this.error.hidden = true; return; }
    if (r.error) {
      const e = r.error;
      const reason = t(`lab.reason.${e.code}`, { limit: fmtNumber(this.client.callLimitMs() / 1000) });
      this.error.replaceChildren(el("p", { class: "lab-error-title" }, t("lab.failed", { reason })));
      if (e.position) this.error.append(el("p", {}, positionText(e.position)));
      const more = detailLines(e);
      if (more.text) this.error.append(el("p", {}, more.text));
      if (more.pre) this.error.append(el("pre", { class: "lab-detail" }, more.pre));
      this.error.hidden = false;
      return;
    }
    this.error.hidden = true;
    const s = r.summary;
    const num = (x, d = 2) => fmtNumber(x, { minimumFractionDigits: d, maximumFractionDigits: d });
    const signedNum = (x) => signed(x, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    const head = ["lab.col.bot", "lab.col.strokes", "lab.col.ci", "lab.col.wins", "lab.col.points", "lab.col.ms"];
    const rows = s.bots.map((b, j) => el("tr", { class: j === 0 ? "mine" : "" },
      el("th", { scope: "row" }, j === 0 ? t("lab.you") : `${t(`lab.opponent${j}`)}: ${levelName(b.level)}`),
      el("td", {}, signedNum(b.strokes_per_hand)),
      // on a phone the pairs may wrap after "…" and "/" (never inside a figure)
      el("td", {}, `${signedNum(b.ci95[0])}\u00a0… ${signedNum(b.ci95[1])}`),
      el("td", {}, b.games ? `${fmtNumber(b.game_wins)}\u00a0/\u00a0${fmtNumber(b.games)}` : "–"),   // a game is 12 deals
      el("td", {}, num(b.card_points, 1)),
      el("td", {}, `${num(b.decision_ms_median, 1)}\u00a0/ ${num(b.decision_ms_p95, 1)}`)));
    // the caption as a paragraph of the box's width: a <caption> is as wide as the table, which scrolls on a phone
    this.table.append(
      el("p", { class: "lab-caption", id: "lab-caption" },
        t("lab.caption", { n: s.deals, seats: fmtNumber(s.seats ?? 3), hands: fmtNumber(s.hands_played), seed: r.seed })),
      el("table", { "aria-labelledby": "lab-caption" },
        el("thead", {}, el("tr", {}, ...head.map((k) => el("th", { scope: "col" }, t(k))))),
        el("tbody", {}, ...rows)));
  }

  async play() {
    if (this.running) return;
    this.setRunning(true);
    this.error.hidden = true;
    try {
      await this.load();
      this.say("");
      this.remember();
      this.onPlay?.(this.client, cleanName(this.name.value) || this.state.current || t("lab.you"), this.game.value);
    } catch (err) {
      this.result = failedResult(err);
      this.renderResult();
      this.error.scrollIntoView({ block: "nearest" });
    } finally {
      this.setRunning(false);
    }
  }
}

/** Ask the service worker to keep the lab's files (the lab then starts offline too, see sw.js cacheLab); resolves
 *  with whether it keeps them all (false without a service worker). */
function cacheForOffline() {
  const here = (rel) => new URL(rel, import.meta.url).href;
  const app = (rel) => new URL(rel, new URL("../", import.meta.url)).href;
  const urls = ["lab.js", "lab-client.js", "lab-store.js", "lab-words.js", "lab-worker.js", "lab.css", "example_bot.py"].map(here)
    .concat([BUILD.lab.wheel, BUILD.lab.stdlib, BUILD.lab.micropip, BUILD.pyodide + "pyodide.asm.mjs"].map(app));
  if (!navigator.serviceWorker) return Promise.resolve(false);
  return navigator.serviceWorker.ready.then((reg) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (ev) => resolve(ev.data?.ok === true);
    if (reg.active) reg.active.postMessage({ type: "cache-lab", urls }, [channel.port2]); else resolve(false);
  })).catch(() => false);
}

let before = null;   // the page's phase when the lab opened

/** Show the lab (building it the first time). */
export async function openLab(deps) {
  if (!view) {
    addStyle();
    view = new LabView(deps);
    await view.init();
  }
  if (view.root.hidden) {
    before = document.body.dataset.phase;
    view.root.hidden = false;
  }
  document.body.dataset.lab = "1";
  document.body.dataset.phase = "lab";
  view.source.focus({ preventScroll: true });
  return view;
}

/** Back to the game: the page's phase as the game has it now. */
export function closeLab() {
  if (!view || view.root.hidden) return;
  view.root.hidden = true;
  delete document.body.dataset.lab;
  document.body.dataset.phase = phaseOf() || before || "play";
  if (location.hash === "#lab") history.replaceState(null, "", location.pathname + location.search);
}

let phaseOf = () => null;
/** The game's phase, for the page when the lab closes (set by the hook). */
export function setPhaseSource(f) { phaseOf = f; }

function addStyle() {
  if (document.getElementById("lab-css")) return;
  document.head.append(el("link", { id: "lab-css", rel: "stylesheet", href: new URL("./lab.css", import.meta.url).href }));
}
