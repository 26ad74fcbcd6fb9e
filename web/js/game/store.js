// The UI's model. One writer: `setView` replaces the model with what the engine's view says. Animations never
// write the model: while events play, `store.scene` (owned by choreo.js) is what the table shows instead.

/**
 * @typedef {object} TableModel  what the table shows; derived from the engine's view only
 * @property {string} phase            the engine's phase: "play" | "hand-over" | "game-over" | "none"
 * @property {{name: string, bot: string|null}[]|null} players
 * @property {string[]} hand           the player's cards (the human seat's), in the engine's display order
 * @property {Set<string>} legal       the player's legal cards (empty when it is not the player's turn)
 * @property {number[]} counts         cards left per seat
 * @property {{seat: number, card: string}[]} trick
 * @property {number|null} winningSeat  whose card wins the current trick so far (the engine says), or null
 * @property {string|null} trump
 * @property {number|null} trumpFixedBy
 * @property {number[]} tricksWon
 * @property {number[]} pointsTaken
 * @property {number[]} net
 * @property {number} handNo
 * @property {number} handsTotal
 * @property {object|null} lastTrick
 * @property {number|null} toPlay
 * @property {number|null} dealer
 */

/** @returns {TableModel} */
export function emptyModel() {
  return {
    phase: "none", players: null, hand: [], legal: new Set(), counts: [0, 0, 0], trick: [], winningSeat: null, trump: null,
    trumpFixedBy: null, tricksWon: [0, 0, 0], pointsTaken: [0, 0, 0], net: [0, 0, 0], handNo: 0, handsTotal: 0,
    lastTrick: null, toPlay: null, dealer: null,
  };
}

/**
 * The table model of an engine view (a pure function: the view is not kept by reference).
 * @param {import("../engine/protocol.js").View} v
 * @returns {TableModel}
 */
export function modelFromView(v) {
  return {
    phase: v.phase,
    players: v.players.map((p) => ({ ...p })),
    hand: [...v.hand],
    legal: new Set(v.legal || []),
    counts: [...v.counts],
    trick: v.trick ? v.trick.cards.map((c) => ({ ...c })) : [],
    winningSeat: v.trick?.winning_seat ?? null,
    trump: v.trump,
    trumpFixedBy: v.trump_fixed_by,
    tricksWon: [...v.tricks_won],
    pointsTaken: [...(v.points_taken || [0, 0, 0])],
    net: [...v.scores.net],
    handNo: v.hand_no,
    handsTotal: v.hands_total,
    lastTrick: v.last_trick,
    toPlay: v.phase === "play" ? v.to_play : null,
    dealer: v.dealer,
  };
}

/** A deep copy of a table model: the starting point of an animation scene. */
export function copyModel(m) {
  return {
    ...m, players: m.players && m.players.map((p) => ({ ...p })), hand: [...m.hand], legal: new Set(m.legal),
    counts: [...m.counts], trick: m.trick.map((c) => ({ ...c })), tricksWon: [...m.tricksWon],
    pointsTaken: [...m.pointsTaken], net: [...m.net],
  };
}

export const store = {
  /** @type {import("../engine/protocol.js").View|null} the engine's latest view (JSON as received), null before a game */
  view: null,
  /** @type {import("../engine/protocol.js").HandResultJson[]} the last history the engine sent (sent only when it changes) */
  history: [],
  /** @type {TableModel} */
  model: emptyModel(),
  /** while events animate: the table as the animation shows it (choreo.js), else null */
  scene: null,
  /** @type {import("../engine/protocol.js").HelloAnswer|null} the engine's hello: version, bot levels, the seats
   *  and which is the player's, the card points of a hand, defaults, limits */
  hello: null,
  /** UI-only state: never derived from the engine */
  ui: {
    phase: "loading",   // body[data-phase]: loading | play | hand-over | game-over | error
    busy: true,         // a request or an animation is under way: input waits
    selected: -1, hover: -1, focusVisible: false, peek: false,
    raised: -1,         // the hand card raised by a first tap (tap to raise, tap again to play)
    nudge: null,        // {i, t}: hand card i shaking (a tap out of turn), t in [0, 1]
    banner: null,       // {text, alpha}: the trump banner, fading out on its own clock
  },
};

/**
 * The one writer of the model: the engine's view replaces it.
 * @param {import("../engine/protocol.js").View} v
 */
export function setView(v) {
  store.view = v;
  if (Array.isArray(v.history)) store.history = v.history;
  store.model = modelFromView(v);
  const n = store.model.hand.length;
  if (store.ui.selected >= n) store.ui.selected = n - 1;
}

/** What the table shows now: the animation scene while events play, else the model. */
export function shown() { return store.scene ?? store.model; }

/** The seat this page plays, as the engine's hello says (null before it answered). */
export const humanSeat = () => store.hello?.human_seat ?? null;

/** `seat` is the player's (never before the engine's hello). */
export const isHuman = (seat) => seat != null && seat === humanSeat();

/** The player may play now: the engine says it is the player's turn and nothing is animating or waiting for it. */
export function isMyTurn() {
  const m = store.model;
  return store.ui.phase === "play" && m.phase === "play" && isHuman(m.toPlay) && !store.scene && !store.ui.busy;
}

export const nameOf = (seat) => store.model.players?.[seat]?.name ?? `#${seat}`;
