// Start-up: the loading screen, the engine worker, the first game; and the error screen with Retry.
import { announce, toast, updateToolbar } from "./ui/a11y.js";
import { StartRefused } from "./game/controller.js";
import * as dialogs from "./ui/dialogs.js";
import { fmtNumber, refusalText, t } from "./i18n/i18n.js";
import { clearSettings, saveSettings } from "./ui/storage.js";
import { PROTOCOL_VERSION } from "./engine/protocol.js";
import { nameOf, store } from "./game/store.js";
import { engineReady } from "./learn/howto.js";

/** Settings the player never chose take the engine's defaults. */
function fillFromDefaults(s, defaults) {
  if (s.hands == null) s.hands = defaults.hands;
  if (s.bots == null) s.bots = [...defaults.bots];
}

export const timing = { mainStart: performance.now() };   // load milestones (ms since navigation start)

// ------------------------------------------------------------------------------------------------ loading bar
// The bar follows the bytes while they arrive (3-70 %), then Python's start-up, during which the worker is busy and
// silent: the bar creeps on in time towards 92 % (it never claims to be done), then the engine import and the first
// deal. Whatever the worker reports, the drawn bar eases towards it on animation frames, so it glides.
const bar = { target: 0, shown: 0, label: "", python: 0, pythonSince: 0, raf: 0, last: 0 };
const PYTHON_FROM = 0.70, PYTHON_TO = 0.92, PYTHON_TAU_MS = 2500;

function tick(now) {
  bar.raf = 0;
  if (document.body.dataset.phase !== "loading") return;
  const target = bar.python ? PYTHON_FROM + (PYTHON_TO - PYTHON_FROM) * (1 - Math.exp(-(now - bar.python) / PYTHON_TAU_MS))
    : bar.target;
  const dt = Math.min(200, now - (bar.last || now));
  bar.last = now;
  bar.shown += (Math.max(target, bar.shown) - bar.shown) * Math.min(1, dt / 180);
  dialogs.loading.progress(bar.shown, bar.label);
  bar.raf = requestAnimationFrame(tick);
}

/** Loading progress from the worker: {loaded, total, stage} (see worker.js). */
export function onLoadProgress(m) {
  const mb = (b) => fmtNumber(b / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const bytes = m.total ? Math.min(1, m.loaded / m.total) : 0;
  bar.python = 0;
  if (m.stage === "ready") { bar.target = 0.98; bar.label = t("loading.ready"); }
  else if (m.stage === "engine") { bar.target = PYTHON_TO + 0.02; bar.label = t("loading.engine"); }
  else if (bytes < 1) {
    bar.target = 0.03 + (PYTHON_FROM - 0.03) * bytes;
    bar.label = t("loading.download", { done: mb(m.loaded), total: mb(m.total) });
  } else if (m.stage === "python") {
    bar.python = bar.pythonSince ||= performance.now();
    bar.label = t("loading.python");
  } else { bar.target = PYTHON_FROM; bar.label = t("loading.python"); }
  if (!bar.raf) bar.raf = requestAnimationFrame(tick);
}

function resetBar() {
  Object.assign(bar, { target: 0, shown: 0, label: t("loading.start"), python: 0, pythonSince: 0, last: 0 });
}

const LOAD_CODES = new Set(["offline", "download", "missing", "server", "corrupt", "wasm", "python", "engine", "stalled",
  "worker", "unknown"]);
const LOAD_PARTS = new Set(["runtime", "stdlib", "packages", "engine"]);

/** -> [player words, technical detail] for a failed start (an Error with the worker's code/part/detail) or any
 *  other error (its message is already a sentence for the player, e.g. from the engine). */
function explain(err) {
  if (err && LOAD_CODES.has(err.code)) {
    const what = t(`load.part.${LOAD_PARTS.has(err.part) ? err.part : "game"}`);
    return [t(`load.${err.code}`, { what }), String(err.detail || err.message || "")];
  }
  const msg = String((err && err.message) || err || "");
  return [msg || t("load.unknown"), ""];
}

export class Boot {
  constructor() {
    /** @type {import("./game/controller.js").Controller|null} set by main.js once it exists: the engine's door */
    this.controller = null;
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
    try {
      await c.startGame(c.session);
    } catch (err) {
      if (!(err instanceof StartRefused)) throw err;
      const notice = t("msg.settingsReset", { reason: refusalText(err.error, nameOf) });
      const { hands, bots } = store.hello.defaults;
      const defaults = { hands, bots: [...bots], seed: "", rules: null, people: [null, null] };
      Object.assign(c.session, defaults);
      Object.assign(c.settings, defaults);
      saveSettings(c.settings);
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
