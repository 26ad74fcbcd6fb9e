// @ts-check
// How this page's game is played: one interface, three transports (docs/architecture.md, "Transports").
//   local: this page's engine runs the game for the people at this device (one player, pass-and-play);
//   host:  this page's engine runs it and friends play their seats over links (peer/host.js);
//   guest: the host's engine runs it; this page shows its seat and sends its cards (peer/guest.js).
// The controller asks its transport, never which page it is on: a card goes to `sendCard` or to this page's engine,
// a hand's seed comes from `dealSeed`, the review's fair-deal line from `verifyDeal`, the hands from `records`.

/**
 * @typedef {object} Transport
 * @property {"local" | "host" | "guest"} kind
 * @property {boolean} ownsGame  whether this page's engine runs the game (local, host) or another page's does (guest)
 * @property {(card: string) => void} sendCard  guest: the card goes to the host, whose engine plays it
 * @property {(handNo: number) => Promise<string | null>} dealSeed  the seed of hand `handNo` (null: the engine's own)
 * @property {((i: number, record: object) => Promise<object | null>) | null} verifyDeal  hand i's fair-deal proof
 *   for the review ("Deal verified" or a warning); null: no fair deal to check
 * @property {() => object[] | null} records  the hands as this page saw them played (null: ask this page's engine)
 * @property {() => void} ready  guest: Next hand says "ready" (the host deals)
 * @property {() => void} leave  guest: New game asks before it leaves the host's table
 */

/** @type {Transport} The game at this device: the engine here plays every card and deals every hand. */
export const LOCAL = Object.freeze({
  kind: "local",
  ownsGame: true,
  sendCard: () => { throw new Error("a local game plays its cards in this page's engine"); },
  dealSeed: async () => null,
  verifyDeal: null,
  records: () => null,
  ready: () => {},
  leave: () => {},
});

/**
 * A transport with `LOCAL`'s answers where `parts` gives none.
 * @param {Partial<Transport> & {kind: "host" | "guest"}} parts
 * @returns {Transport}
 */
export function transport(parts) {
  return Object.freeze({ ...LOCAL, ownsGame: parts.kind !== "guest", ...parts });
}
