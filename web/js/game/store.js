// The UI's model. One writer: `setView` replaces the model with what the engine's view says. Animations never
// write the model: while events play, `store.scene` (owned by choreo.js) is what the table shows instead.

/**
 * @typedef {object} TableModel  what the table shows; derived from the engine's view only
 * @property {string} phase            the engine's phase: "play" | "hand-over" | "game-over" | "none"
 * @property {string} [game]           the engine's game id (absent before the first view: Mittlere)
 * @property {boolean} [openEnded]     no set number of hands (Plus-Minus)
 * @property {{name: string, bot: string|null}[]|null} players
 * @property {number} viewer           whose hand the view shows (the engine's `viewer`): the seat at the bottom
 * @property {string[]} hand           the viewer's cards, in the engine's display order
 * @property {Set<string>} legal       the viewer's legal cards (empty when it is not the viewer's turn)
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
    phase: "none", players: null, viewer: 0, hand: [], legal: new Set(), counts: [0, 0, 0], trick: [], winningSeat: null, trump: null,
    trumpFixedBy: null, tricksWon: [0, 0, 0], pointsTaken: [0, 0, 0], net: [0, 0, 0], handNo: 0, handsTotal: 0,
    lastTrick: null, toPlay: null, dealer: null,
  };
}

/** What the engine's hello says of game `id` (absent: Mittlere): its seats, cards per hand, flags, end; {} before
 *  the hello or for a game it does not play.
 * @type {(id?: string|null) => Partial<import("../engine/protocol.js").GameInfo>} */
export const gameInfo = (id) => store.hello?.games?.[id ?? "mittlere"] ?? {};

/**
 * The table model of an engine view (a pure function: the view is not kept by reference).
 * @param {import("../engine/protocol.js").View} v
 * @returns {TableModel}
 */
export function modelFromView(v) {
  return {
    phase: v.phase,
    game: v.game ?? "mittlere",   // the engine's game id: its seats and cards per hand are in hello.games
    openEnded: !!gameInfo(v.game).open_ended,   // no set number of hands (Plus-Minus)
    players: v.players.map((p) => ({ ...p })),
    viewer: v.viewer ?? 0,
    hand: [...v.hand],
    legal: new Set(v.legal || []),
    counts: [...v.counts],
    trick: v.trick ? v.trick.cards.map((c) => ({ ...c })) : [],
    winningSeat: v.trick?.winning_seat ?? null,
    trump: v.trump,
    trumpFixedBy: v.trump_fixed_by,
    tricksWon: [...v.tricks_won],
    pointsTaken: [...(v.points_taken || v.players.map(() => 0))],
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

/**
 * UI-only state (store.ui; the comments there say what each is).
 * @typedef {object} UiState
 * @property {string} phase
 * @property {boolean} busy
 * @property {number} selected
 * @property {number} hover
 * @property {boolean} focusVisible
 * @property {boolean} peek
 * @property {number} raised
 * @property {{i: number, t: number}|null} nudge
 * @property {number|null} handover
 * @property {{text: string, alpha: number}|null} banner
 * @property {Set<number>} away
 * @property {Map<number, string>} [reactions]  play together: the reactions shown, by seat (peer/react.js)
 */

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
  /** @type {UiState} UI-only state: never derived from the engine */
  ui: {
    phase: "loading",   // body[data-phase]: loading | play | hand-over | game-over | error
    busy: true,         // a request or an animation is under way: input waits
    selected: -1, hover: -1, focusVisible: false, peek: false,
    raised: -1,         // the hand card raised by a first tap (tap to raise, tap again to play)
    nudge: null,        // {i, t}: hand card i shaking (a tap out of turn), t in [0, 1]
    handover: null,     // pass-and-play: the seat the device is being passed to while the hand-over screen is up
                        // (-1: the table is covered, the next person not known yet); no hand is shown meanwhile
    banner: null,       // {text, alpha}: the trump banner, fading out on its own clock
    away: new Set(),    // play together: the seats of friends who lost the connection (shown as away)
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

/** The catalog key of the name a seat gets by its side of the table: you, right, across (four seats), left. */
export const seatNameKey = (seat, seats = 3) => (seat === 0 ? "name.0" : seat === 1 ? "name.1" : seat === seats - 1 ? "name.2" : "name.across");

/** The device owner's seat (the engine's hello: the `me` seat, whose statistics these are; null before it answered). */
export const humanSeat = () => store.hello?.human_seat ?? null;

/** The seat whose hand the table shows (at the bottom): the engine's view says; the owner's before any view. */
export const viewerSeat = () => store.view?.viewer ?? humanSeat();

/** `seat` is the viewer's: "you" on the table, in the log and the messages (never before the engine's hello). */
export const isViewer = (seat) => seat != null && seat === viewerSeat();

/** `seat` is a person at this device (the owner or a pass-and-play player), per the players of `view`. */
export const isPerson = (seat, view = store.view) => ["me", "person"].includes(view?.players?.[seat]?.kind ?? (seat === humanSeat() ? "me" : ""));

/** The seats of the people at this device (the owner and pass-and-play players), in seat order. */
export const people = (view = store.view) => (view?.players ?? []).map((_, s) => s).filter((s) => isPerson(s, view));

/**
 * The person who plays next: `view.to_play` if a person, else the first person after it in playing order (bots play
 * until then); null when no one is to play (the hand is over) or no person sits at the table.
 * @param {import("../engine/protocol.js").View} view
 */
export function nextPerson(view) {
  const n = view?.players?.length ?? 0;
  if (view?.phase !== "play" || view.to_play == null) return null;
  for (let k = 0; k < n; k++) {
    const s = (view.to_play + k) % n;
    if (isPerson(s, view)) return s;
  }
  return null;
}

/** The player may play now: it is the viewer's turn, nothing is animating or waiting, no hand-over screen is up. */
export function isMyTurn() {
  const m = store.model;
  return store.ui.phase === "play" && m.phase === "play" && isViewer(m.toPlay) && !store.scene && !store.ui.busy
    && store.ui.handover == null;
}

/** The seat the texts everyone at the table reads (the hand's result, the game's) call "you": the viewer when no
 *  other person sits at this device; null at a table of people (those texts name everyone). */
export const youSeat = () => (people().length > 1 ? null : viewerSeat());

/** The table's hand is hidden: the hand-over screen is up (or the table is covered until it comes up). */
export const handHidden = () => store.ui.handover != null;

export const nameOf = (seat) => store.model.players?.[seat]?.name ?? `#${seat}`;
