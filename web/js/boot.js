// Start-up: the loading screen, the engine worker, the first game; and the error screen with Retry.
import { announce, toast, updateToolbar } from "./ui/a11y.js";
import { StartRefused } from "./game/controller.js";
import * as dialogs from "./ui/dialogs.js";
import { fmtNumber, refusalText, t } from "./i18n/i18n.js";
import { clearSettings, saveSettings, urlOverrides } from "./ui/storage.js";
import { seatsOfBots } from "./game/seats.js";
import { PROTOCOL_VERSION } from "./engine/protocol.js";
import { nameOf, store } from "./game/store.js";
import { engineReady } from "./learn/howto.js";
import { UPDATE_MS, barStep, nextStep } from "./ui/loadbar.js";

/** Settings the player never chose take the engine's defaults. */
function fillFromDefaults(s, defaults) {
  if (s.hands == null) s.hands = defaults.hands;
  if (s.seats == null) s.seats = seatsOfBots(defaults.bots);
}

/** The settings each of `new_game`'s refusals is about (docs/protocol.md). */
const REFUSED = {
  bad_hands: ["hands"], bad_seed: ["seed"], bad_bots: ["seats"], bad_seats: ["seats"], bad_rules: ["rules", "gameRules"], bad_game: ["game"],
  bad_names: ["name"],
};

/** The engine refused a setting this visit's URL gave (?hands=0, ?bots=…, ?seed=…), not a saved one. An unknown
 *  refusal counts as the URL's when the URL gave anything: saved settings are never replaced on a guess. */
function refusedFromUrl(error, overrides) {
  const keys = REFUSED[error?.code];
  return keys ? keys.some((k) => k in overrides) : Object.keys(overrides).length > 0;
}

export const timing = { mainStart: performance.now() };   // load milestones (ms since navigation start)

// ------------------------------------------------------------------------------------------------ loading bar
// The bar's course is ui/loadbar.js's; here it is drawn, at most every UPDATE_MS (the compositor glides it between):
// while the page loads and Python starts, the main thread stays free.
const bar = { shown: null, pending: null, timer: 0, last: 0 };

function drawBar() {
  bar.timer = 0;
  if (!bar.pending || document.body.dataset.phase !== "loading") return;
  const step = nextStep(bar.shown, bar.pending);
  bar.pending = null;
  if (!step) return;
  bar.shown = step;
  bar.last = performance.now();
  const mb = (x) => fmtNumber(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const args = step.key === "loading.download" ? { done: mb(step.args.done), total: mb(step.args.total) } : step.args;
  dialogs.loading.progress(step.frac, t(step.key, args), step.glide);
}

/** Loading progress from the worker: {loaded, total, stage} (see worker.js). */
export function onLoadProgress(m) {
  bar.pending = barStep(m);
  if (!bar.timer) bar.timer = setTimeout(drawBar, Math.max(0, bar.last + UPDATE_MS - performance.now()));
}

function resetBar() {
  clearTimeout(bar.timer);
  Object.assign(bar, { shown: null, pending: null, timer: 0, last: 0 });
}

const LOAD_CODES = new Set(["offline", "download", "missing", "server", "corrupt", "wasm", "python", "engine", "stalled",
  "worker", "unknown"]);
const LOAD_PARTS = new Set(["runtime", "stdlib", "packages", "engine"]);
/** The failures the network can cause (load.<code>): with the page offline, they are said as being offline. */
const OFFLINE_CAUSES = new Set(["download", "worker", "stalled", "corrupt"]);

/** -> [player words, technical detail] for a failed start (an Error with the worker's code/part/detail) or any
 *  other error (its message is already a sentence for the player, e.g. from the engine). */
function explain(err) {
  if (err && LOAD_CODES.has(err.code)) {
    // the worker's navigator may learn of a lost network after its download failed (the page's knows at once), and
    // a worker whose own scripts could not come fails before it can say why: a start that failed so while the page
    // is offline failed for that (the worker's scripts are the game engine's)
    const offline = navigator.onLine === false && OFFLINE_CAUSES.has(err.code);
    const part = err.part ?? (err.code === "worker" ? "engine" : null);
    const what = t(`load.part.${LOAD_PARTS.has(part) ? part : "game"}`);
    return [t(`load.${offline ? "offline" : err.code}`, { what }), String(err.detail || err.message || "")];
  }
  const msg = String((err && err.message) || err || "");
  return [msg || t("load.unknown"), ""];
}

export class Boot {
  constructor() {
    /** @type {import("./game/controller.js").Controller|null} set by main.js once it exists: the engine's door */
    this.controller = null;
    /** @type {(() => unknown) | null} a friend's page (peer/guest.js): join the host's game instead of one's own */
    this.joinInstead = null;
    /** @type {(() => Promise<boolean>) | null} the stored game, if any (saves/save.js): true when one was resumed */
    this.resumeSaved = null;
  }

  /** The error screen: everything stops, Retry starts again. `err`: a message, or an Error (a failed start carries
   *  the worker's code: the screen names what failed in player words, the technical detail behind "Details"). */
  fatal(err) {
    const c = this.controller;
    c.halt();
    c.setPhase("error");
    const [message, detail] = explain(err);
    dialogs.loading.fail(message, detail);
    announce(`${t("loading.failed")} ${message}`);
  }

  async start() {
    const c = this.controller;
    c.setPhase("loading");
    resetBar();
    dialogs.loading.show();
    try {
      timing.workerCreated = performance.now();
      const info = await c.startEngine();
      timing.engineReady = performance.now();
      timing.worker = info.stages;
      timing.workerMarks = info.marks;
      timing.workerStartedAt = info.workerStart - performance.timeOrigin;
      const hello = await c.hello();
      if (!hello.ok || hello.protocol !== PROTOCOL_VERSION) {
        throw new Error(t("loading.protocol", { engine: hello.protocol ?? "?", app: PROTOCOL_VERSION }));
      }
      store.hello = hello;
      engineReady();   // How to play, if open, may now start the first hand with a coach
      fillFromDefaults(c.settings, hello.defaults);
      fillFromDefaults(c.session, hello.defaults);
      updateToolbar();
      if (this.joinInstead) this.joinInstead();   // a friend's page (peer/guest.js): the host's game, none of its own
      else if (!(await this.resumeSaved?.())) await this.firstGame();   // save.js: the stored game, if any
      timing.playable = performance.now();
      performance.mark("jass:playable");   // for tools that read user timings (scripts/lighthouse.mjs)
    } catch (err) {
      this.fatal(err instanceof StartRefused ? refusalText(err.error, nameOf) : err);
    }
  }

  /**
   * The first game, with this visit's settings (saved ones, overridden by the URL). Settings the engine refuses
   * (a seed, a number of hands or a bot level that is not valid) are replaced by the defaults, once, with a notice.
   */
  async firstGame() {
    const c = this.controller;
    if (c.session.game && !store.hello.games?.[c.session.game]) {   // ?game=… that no game is: Mittlere, said once
      const notice = t("msg.unknownGame", { game: c.session.game.slice(0, 40) });
      c.session.game = "mittlere";
      toast(notice, "error", 9000);
      announce(notice);
    }
    try {
      await c.startGame(c.session);
    } catch (err) {
      if (!(err instanceof StartRefused)) throw err;
      const notice = t("msg.settingsReset", { reason: refusalText(err.error, nameOf) });
      const { hands, bots } = store.hello.defaults;
      const defaults = { game: "mittlere", hands, seats: seatsOfBots(bots), seed: "", rules: null, gameRules: null };
      Object.assign(c.session, defaults);
      // a setting from the URL lasts for this visit only: the saved settings are replaced only when they were refused
      if (!refusedFromUrl(err.error, urlOverrides())) {
        Object.assign(c.settings, defaults);
        saveSettings(c.settings);
      }
      await c.startGame(c.session);
      toast(notice, "error", 9000);
      announce(notice);
    }
  }

  /** "Reset settings" on the error screen: forget saved settings and this URL's overrides, then start again. */
  resetSettings() {
    clearSettings();
    location.replace(location.pathname);
  }
}
