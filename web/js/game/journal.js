// @ts-check
// The page's own copy of the game: its setup and every card played, per dealt hand. If the engine worker dies,
// a new worker rebuilds the game from it (the engine's `restore` replays every card and checks each one).

export class Journal {
  constructor() { this.reset(null); }

  /** A new game: `setup` is what the engine needs to deal the same cards again (game, hands, seats, seed, rules,
   *  names: game/seats.js), and `practice` when the game was started as one (the undo: saves/save-undo.js).
   * @param {(import("../engine/protocol.js").GameSetup & {practice?: boolean})|null} setup */
  reset(setup) {
    this.setup = setup;
    /** @type {string[][]} the cards played in each dealt hand, in order (an annulled hand counts as dealt) */
    this.hands = [];
    /** @type {(string|null)[]} per dealt hand, the seed next_hand was given (a fair deal's), or null */
    this.seeds = [];
  }

  /** The hand about to be dealt comes from `seed` (a fair deal's), or from the game's own (null): noted before its
   *  deal is recorded, so that the autosave of the deal already holds its seed at its own index.
   * @param {string|null|undefined} seed */
  seedNextHand(seed) {
    while (this.seeds.length < this.hands.length) this.seeds.push(null);
    this.seeds[this.hands.length] = seed ?? null;
  }

  /** Note the deals and plays of an engine answer's events.
   * @param {import("../engine/protocol.js").Event[]|null|undefined} events */
  record(events) {
    for (const ev of events || []) {
      if (ev.type === "hand_dealt") this.hands.push([]);
      else if (ev.type === "card_played" && this.hands.length) this.hands[this.hands.length - 1].push(ev.card);
    }
  }

  /** @returns {import("../engine/protocol.js").RestoreRequest} the engine request that rebuilds the game where it is */
  restoreRequest() {
    /** @type {import("../engine/protocol.js").RestoreRequest} */
    const req = { cmd: "restore", setup: /** @type {import("../engine/protocol.js").GameSetup} */ (this.setup),
      hands: this.hands.map((h) => [...h]) };
    if (this.seeds.some((s) => s)) req.hand_seeds = this.hands.map((_, i) => this.seeds[i] ?? null);
    return req;
  }
}
