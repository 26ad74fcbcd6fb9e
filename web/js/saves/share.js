// @ts-check
// Share a deal: a link whose URL fragment (never sent to any server) holds the seed, the number of hands and the bot
// levels, so whoever opens it plays exactly the same deals against the same bots; after the game the link carries
// the sharer's result too, so the two can compare. Everything read from the fragment is checked.
import { t } from "../i18n/i18n.js";
import { ask } from "./save-ui.js";

const SEED = /^[\p{L}\p{N}_.:+-]{1,100}$/u;

/** The link to this deal (and, when given, the sharer's net result).
 * @param {{seed: string|number, hands: number, bots: string[], game?: string|null}} deal
 * @param {number|null} [result] */
export function shareLink({ seed, hands, bots, game = null }, result = null) {
  const q = new URLSearchParams({ deal: "1", seed: String(seed), hands: String(hands), bots: bots.join(",") });
  if (game && game !== "mittlere") q.set("game", game);   // a game of four: its name (a Mittlere link keeps its form)
  if (Number.isInteger(result)) q.set("result", String(result));
  return `${location.origin}${location.pathname}#${q}`;
}

/**
 * The deal in a URL fragment, or null when there is none. Anything that is not a valid deal gives `{error}`.
 * @param {string} hash  location.hash
 * @param {string[]} levels  the engine's bot levels
 * @param {Record<string, {seats: number}>} [games]  the engine's games (hello)
 */
export function parseShare(hash, levels, games = { mittlere: { seats: 3 } }) {
  if (!hash || !hash.startsWith("#") || hash.length > 600) return null;
  const q = new URLSearchParams(hash.slice(1));
  if (q.get("deal") !== "1") return null;
  const seed = q.get("seed") ?? "", hands = q.get("hands") ?? "", bots = (q.get("bots") ?? "").split(",");
  const result = q.get("result"), game = q.get("game") ?? "mittlere";
  if (!SEED.test(seed) || !/^\d{1,3}$/.test(hands) || +hands < 1 || +hands > 240 || !Object.hasOwn(games, game)
      || bots.length !== games[game].seats - 1 || !bots.every((b) => levels.includes(b))
      || (result != null && !/^-?\d{1,4}$/.test(result))) return { error: true };
  return { game, seed, hands: +hands, bots, friend: result == null ? null : +result };
}

/** Remove the deal from the address bar (a reload then resumes the game instead of dealing it again). */
export function clearShareHash() {
  history.replaceState(null, "", location.pathname + location.search);
}

/** Ask before a shared deal replaces a game in progress. Resolves true to play the shared deal. */
export function askShare() {
  return ask("dlg-share", t("share.title"), t("share.ask"), { id: "btn-share-play", text: t("share.play") },
    { id: "btn-share-keep", text: t("share.keep") });
}

/** The comparison line of a shared deal once the game is over ("you: +3, your friend: −1 on the same cards").
 * @param {number} mine
 * @param {number|null} friend
 * @param {(n: number) => string} signed */
export function compareLine(mine, friend, signed) {
  return friend == null ? "" : t("share.compare", { you: signed(mine), friend: signed(friend) });
}
