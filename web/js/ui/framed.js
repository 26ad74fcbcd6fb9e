// @ts-check
// A page inside another site's frame plays no game: the game, its saves and its "Play here" belong to the player's
// own tab, and a static host cannot send `frame-ancestors` to forbid the frame. The loading screen says so instead,
// with a link that opens the game in a tab of its own.
import { applyI18n } from "../i18n/i18n.js";

export { isFramed } from "../engine/early.js";

/** Show the refusal on the loading screen (in the player's language, which may still be switched there). Never
 *  resolves: the page starts nothing else. */
export function refuseFramed() {
  document.body.dataset.phase = "framed";
  for (const id of ["#loading-bar", "#loading-status"]) document.querySelector(id)?.setAttribute("hidden", "");
  const text = document.createElement("p");
  text.id = "framed";
  text.setAttribute("role", "alert");
  text.dataset.i18n = "framed.text";
  const link = document.createElement("a");
  link.id = "framed-open";
  link.href = location.href;
  link.target = "_blank";
  link.rel = "noopener";
  link.dataset.i18n = "framed.open";
  const box = document.createElement("p");
  box.append(link);
  document.querySelector("#loading-status")?.after(text, box);
  applyI18n();
  return new Promise(() => {});
}
