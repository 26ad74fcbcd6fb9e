// @ts-check
// The bot lab's way in: the menu button and the URL fragment #lab. The lab itself (web/lab/) is imported only when it
// opens, so nothing of it is on the game's start-up path. Its files are stored for offline play once it has opened:
// before that, offline, it cannot open; the player is told why, and it opens by itself once the network is back.
import { announce, toast } from "../ui/a11y.js";
import { t } from "../i18n/i18n.js";
import { store } from "../game/store.js";

/** @type {Promise<typeof import("../../lab/lab.js")>|null} */
let lab = null;   // the lab module's promise, once asked for; dropped when the import failed, so that it is tried again
let failedImport = false;   // an import of the lab failed while its file could be fetched (see below)

/** @typedef {import("../../lab/lab-client.js").LabClient} LabClient */

// The lab's entry file (the bundle keeps each module's own import.meta.url: tools/bundle.mjs).
const LAB_URL = new URL("../../lab/lab.js", import.meta.url);

/** Whether the lab's entry file can be fetched now (a failed fetch leaves nothing behind; see labModule). */
async function reachable() {
  try { return (await fetch(LAB_URL)).ok; } catch { return false; }
}

/**
 * The lab module. A module whose download failed stays failed for the page in some browsers (Chromium 150 keeps the
 * failure in its module map: importing it again fails at once, even back online), so the lab's file is fetched first
 * when the network is in doubt (offline, or a try failed before) and imported only once it comes: a lab asked for
 * offline then opens by itself once the network is back, in every browser. Rejects with `{reload: true}` when the
 * file comes but its import still fails (such a browser's kept failure): only a reload helps then.
 */
const labModule = () => (lab ??= (async () => {
  const doubt = navigator.onLine === false || failedImport;
  if (doubt && !(await reachable())) throw new Error("lab: not reachable");
  try {
    return await import("../../lab/lab.js");
  } catch (err) {
    if (doubt) throw Object.assign(/** @type {Error} */ (err), { reload: true });
    failedImport = true;
    throw err;
  }
})().catch((err) => { lab = null; throw err; }));

/**
 * The lab's button and route. `controller.playAgainst(client, name, game)` starts a game against the lab's bot.
 * @param {{controller: {playAgainst?: (client: LabClient, name: string, game: string) => unknown}}} deps
 */
export function installLab({ controller }) {
  let again = 0;   // tries since the network came back: the first ones can still fail while it comes back in steps
  const open = async ({ auto = false } = {}) => {
    let m;
    try {
      m = await labModule();
    } catch (e) {
      const err = /** @type {{reload?: boolean}} */ (e);
      if (auto && !err.reload && navigator.onLine !== false && again < 4) {
        setTimeout(() => { if (location.hash === "#lab") open({ auto: true }); }, 1000 * 2 ** again++);
        return;
      }
      const msg = t(err.reload ? "lab.openReload" : navigator.onLine === false ? "lab.openOffline" : "lab.openFailed");
      toast(msg, "error", 10_000);
      announce(msg);
      return;
    }
    again = 0;
    m.setPhaseSource(() => store.ui.phase);
    /** @type {(client: LabClient, name: string, game: string) => void} */
    const onPlay = (client, name, game) => { m.closeLab(); controller.playAgainst?.(client, name, game); };
    await m.openLab({ onPlay });
  };
  const route = () => {
    if (location.hash === "#lab") open();
    else if (lab) lab.then((m) => m.closeLab(), () => {});
  };
  document.getElementById("btn-lab")?.addEventListener("click", () => {
    if (location.hash === "#lab") open(); else location.hash = "lab";
  });
  window.addEventListener("hashchange", route);
  // the player asked for the lab while offline (the address still says #lab): open it once the network is back
  window.addEventListener("online", () => { again = 0; if (location.hash === "#lab" && !document.body.dataset.lab) open({ auto: true }); });
  route();
}
