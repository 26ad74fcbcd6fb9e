// The bot lab's way in: the menu button and the URL fragment #lab. The lab itself (web/lab/) is imported only when it
// opens, so nothing of it is on the game's start-up path.
import { store } from "../game/store.js";

let lab = null;   // the lab module, once imported
const labModule = () => (lab ??= import("../../lab/lab.js"));

export function installLab({ controller }) {
  const open = async () => {
    const m = await labModule();
    m.setPhaseSource(() => store.ui.phase);
    await m.openLab({ onPlay: (client, name) => { m.closeLab(); controller.playAgainst?.(client, name); } });
  };
  const route = () => {
    if (location.hash === "#lab") open();
    else if (lab) lab.then((m) => m.closeLab());
  };
  document.getElementById("btn-lab")?.addEventListener("click", () => {
    if (location.hash === "#lab") open(); else location.hash = "lab";
  });
  window.addEventListener("hashchange", route);
  route();
}
