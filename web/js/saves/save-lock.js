// @ts-check
// Two tabs, one game: the tab that holds the Web Lock owns the saved game. A second tab says so and offers to take
// over (it steals the lock); the first tab then stops (no more moves, no more saves) and offers to take it back.
import { announce } from "../ui/a11y.js";
import { t } from "../i18n/i18n.js";
import { modal } from "./save-ui.js";
import { el } from "../ui/dom.js";

const LOCK = "mittlere-jass.game";
const TAKE_BACK = "mittlere-jass.take-back";   // sessionStorage: this tab asked to take the game back (then reloaded)

export class GameLock {
  /** @param {{onLost: () => void}} deps  onLost: another tab took the game (stop playing and saving) */
  constructor({ onLost }) {
    this.onLost = onLost;
    this.owned = false;
  }

  /** Hold the lock until the page closes (or another tab steals it). Resolves true when held. */
  hold(steal = false) {
    const locks = navigator.locks;
    if (!locks) { this.owned = true; return Promise.resolve(true); }   // no Web Locks: one tab is all we can know
    return new Promise((resolve) => {
      const opts = steal ? { steal: true } : { ifAvailable: true };
      locks.request(LOCK, opts, (lock) => {
        if (!lock) { resolve(false); return undefined; }
        this.owned = true;
        resolve(true);
        return new Promise(() => {});   // held while the page lives
      }).catch(() => {
        // stolen by another tab (AbortError)
        if (!this.owned) return;
        this.owned = false;
        this.onLost();
      });
    });
  }

  /**
   * Start-up: own the game, or (another tab owns it) say so and wait until the player takes it over here.
   * `onWaiting` runs while the question is shown (the loading screen steps aside).
   */
  async claim(onWaiting = () => {}) {
    let takeBack = false;
    try { takeBack = sessionStorage.getItem(TAKE_BACK) === "1"; sessionStorage.removeItem(TAKE_BACK); } catch { /* no session storage */ }
    if (await this.hold(takeBack)) return;
    onWaiting();
    document.body.dataset.phase = "elsewhere";
    announce(t("tabs.elsewhere"));
    await /** @type {Promise<void>} */ (new Promise((resolve) => {
      const take = el("button", { type: "button", id: "btn-take-over", class: "primary", text: t("tabs.takeOver") });
      const dlg = modal("dlg-tabs", t("tabs.title"), [el("p", { text: t("tabs.elsewhere") })], [take]);
      take.onclick = async () => {
        dlg.close();
        await this.hold(true);
        resolve();
      };
    }));
  }

  /** This tab lost the game to another tab: say so; "take it back" reloads (resumes from the other tab's save). */
  showLost() {
    document.body.dataset.phase = "elsewhere";
    announce(t("tabs.lost"));
    const back = el("button", { type: "button", id: "btn-take-back", class: "primary", text: t("tabs.takeBack") });
    modal("dlg-tabs", t("tabs.title"), [el("p", { text: t("tabs.lost") })], [back]);
    back.onclick = () => {
      try { sessionStorage.setItem(TAKE_BACK, "1"); } catch { /* then the reload asks again */ }
      location.reload();
    };
  }
}
