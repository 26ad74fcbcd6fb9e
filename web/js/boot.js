// Start-up: the loading screen, the engine worker, the first game; and the error screen with Retry.
import { announce, toast, updateToolbar } from "./a11y.js";
import { StartRefused } from "./controller.js";
import * as dialogs from "./dialogs.js";
import { fmtNumber, refusalText, t } from "./i18n.js";
import { clearSettings, saveSettings } from "./storage.js";
import { store } from "./store.js";

export const timing = { mainStart: performance.now() };   // load milestones (ms since navigation start)

/** Loading progress from the worker: bytes while downloading, then the start-up stages. */
export function onLoadProgress(m) {
  const mb = (b) => fmtNumber(b / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (m.stage === "download" && m.total && m.loaded >= m.total) dialogs.loading.progress(0.86, t("loading.python"));
  else if (m.stage === "download") dialogs.loading.progress(0.05 + 0.8 * (m.total ? m.loaded / m.total : 0), t("loading.download", { done: mb(m.loaded), total: mb(m.total) }));
  else if (m.stage === "engine") dialogs.loading.progress(0.9, t("loading.engine"));
  else if (m.stage === "ready") dialogs.loading.progress(0.97, t("loading.ready"));
}

export class Boot {
  /** @param {{bridge: import("./bridge.js").EngineBridge, anim: import("./anim.js").Animator}} deps */
  constructor({ bridge, anim }) {
    Object.assign(this, { bridge, anim });
    /** @type {import("./controller.js").Controller|null} set by main.js once it exists */
    this.controller = null;
  }

  /** The error screen: everything stops, Retry starts again. */
  fatal(message) {
    const c = this.controller;
    c.gen++;
    this.anim.cancelAll();
    dialogs.closeAll();
    c.setPhase("error");
    dialogs.loading.fail(message);
    announce(`${t("loading.failed")} ${message}`);
  }

  async start() {
    const c = this.controller;
    c.setPhase("loading");
    dialogs.loading.show();
    try {
      timing.workerCreated = performance.now();
      const info = await this.bridge.start();
      timing.engineReady = performance.now();
      timing.worker = info.stages;
      timing.workerStartedAt = info.workerStart - performance.timeOrigin;
      const lv = await this.bridge.request({ cmd: "levels" });
      if (!lv.ok || !Array.isArray(lv.levels) || !lv.levels.length) throw new Error(lv?.error?.message || "the engine offers no bots");
      store.hello = { levels: lv.levels };
      updateToolbar();
      if (!(await this.resumeSaved?.())) await this.firstGame();   // save.js: the stored game, if any
      timing.playable = performance.now();
    } catch (err) {
      this.fatal(err instanceof StartRefused ? refusalText(err.error) : err.message || String(err));
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
      const notice = t("msg.settingsReset", { reason: refusalText(err.error) });
      const defaults = { hands: 12, bots: ["normal", "normal"], seed: "" };
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
