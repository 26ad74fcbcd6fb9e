// Game flow: start a game, deal the next hand, the people's plays, the bots' turns, hints, the hand-over between two
// people at one device (pass-and-play). Every step asks the engine, hands its view to the store (the one writer of
// the model) and its events to the choreographer.
// The one door to the game's engine worker: no other module sends it a request (the test hook only reads).
import { announce, hideHint, hideToast, renderHandButtons, showHint, toast, updateToolbar } from "../ui/a11y.js";
import { EngineDied } from "../engine/bridge.js";
import * as dialogs from "../ui/dialogs.js";
import { cardName, catalogReady, getLanguage, hintDetails, hintText, levelName, onLanguageChange, refusalText, t, tIn } from "../i18n/i18n.js";
import { saveSettings } from "../ui/storage.js";
import { Emitter } from "./events.js";
import { Journal } from "./journal.js";
import { helpAllowed, prefs } from "../ui/settings.js";
import { hideHandover, markViewer, showHandover } from "../ui/handover.js";
import { buzz, sfx } from "../table/sound.js";
import { copyModel, gameInfo, isMyTurn, isPerson, isViewer, nameOf, nextPerson, people, seatNameKey, setView, shown, store, viewerSeat } from "./store.js";
import { botsOnly, engineSeats, seatsOfBots, tableFor } from "./seats.js";
import { LOCAL } from "./transport.js";

/** @typedef {import("../engine/protocol.js").ErrorAnswer} ErrorAnswer */
/** An answer that moves the game (new_game, restore, play, bot_move, next_hand, seat, rename…): its events and view,
 *  or the engine's refusal. @typedef {import("../engine/protocol.js").GameAnswer | ErrorAnswer} GameReply */
/**
 * The New game settings (saved ones, or this visit's), as far as the controller reads them: the game, its hands and
 * seed, who sits where (`seats`; a share link's or a URL's `bots`: a level per other seat), names, rule variants.
 * @typedef {object} Settings
 * @property {string} [speed]
 * @property {number} [hands]
 * @property {string|number} [seed]
 * @property {string|null} [game]
 * @property {{kind: string, level?: string, name?: string}[]} [seats]
 * @property {string[]} [bots]
 * @property {string[]} [names]
 * @property {string} [name]
 * @property {import("../engine/protocol.js").RulesJson} [rules]
 * @property {Object<string, import("../engine/protocol.js").RulesJson>} [gameRules]
 * @property {boolean} [practice]
 */

/** The cards a view has seen played in its hand (a tap kept for this turn holds while it is unchanged). */
const cardsSeen = (v) => `${v?.hand_no}/${v?.counts?.join()}/${v?.trick?.cards?.length}`;

/** A friend on their own device plays `seat` now (no bot stands in): the game waits for its card (play together). */
const awaitsFriend = (seat, view = store.view) => view?.players?.[seat]?.kind === "remote" && view.players[seat].bot == null;

const FRIEND_WAIT_MS = 15_000;   // a friend's card waits at most this long for the table to come to rest
const DEATHS_WINDOW_MS = 60_000;   // more than MAX_DEATHS worker deaths in this window: give up (error screen)
const MAX_DEATHS = 2;

/** The game of the family `id` names when the engine's hello offers it, else null: Mittlere (absent or "mittlere"). */
const offeredGame = (id) => (id && id !== "mittlere" && store.hello?.games?.[id] ? id : null);

/**
 * The seats' names of a new game not given any: the player's name (else "You"); a person's; a bot's seat name
 * ("Right"), or at a table of people, where the seats are seen from every side, its level ("Normal bot").
 */
function defaultNames(opts, table, n) {
  const mixed = !botsOnly(table);
  const botName = (s) => (mixed && table[s].level ? t("name.bot", { level: levelName(table[s].level) }) : t(seatNameKey(s, n)));
  return Array.from({ length: n }, (_, s) => (s === 0 ? opts.name || t("name.0") : table[s]?.name || botName(s)));
}

/** The engine's `new_game` request for the New game settings (or a share link's, a URL's, the tutorial's) `opts`. */
function newGameRequest(opts) {
  // the game of the family (absent: Mittlere) and its number of seats, as the engine's hello says
  const game = offeredGame(opts.game);   // null: Mittlere
  const n = gameInfo(game).seats;   // hello says (the game is one of hello.games)
  // who sits where (game/seats.js): the settings' table, or a level per other seat (share links, URLs); a game of
  // four takes a game of three's table with its first other seat's level again for the fourth; anything shorter (a
  // URL's one level) goes to the engine as it is, which says what is wrong
  const given = Array.isArray(opts.seats) ? opts.seats : seatsOfBots(Array.isArray(opts.bots) ? opts.bots : []);
  const table = tableFor(given, n, store.hello?.defaults?.bots?.[0]);
  const names = opts.names ?? defaultNames(opts, table, n);
  /** @type {import("../engine/protocol.js").NewGameRequest} */
  const req = { cmd: "new_game", ...(game ? { game } : {}), hands: opts.hands, seats: engineSeats(table), names };
  const seed = String(opts.seed ?? "").trim();   // a seed is text end to end: the engine decides what it means
  if (seed) req.seed = seed;
  // the game's rule variants: Mittlere's (`rules`), or the other game's (`gameRules`), shape-checked from storage;
  // the engine checks the values
  const rules = game ? opts.gameRules?.[game] : opts.rules;
  if (rules) req.rules = { ...rules };
  return req;
}

/** The journal's setup of the game the engine started for `req` (what a save holds and a rebuild replays). */
function journalSetup(req, view, practice) {
  return {
    ...(req.game ? { game: req.game } : {}), hands: view.hands_total, seats: req.seats, seed: String(view.seed),
    names: view.players.map((p) => p.name), ...(req.rules ? { rules: req.rules } : {}), ...(practice ? { practice: true } : {}),
  };
}

/**
 * Events (`controller.on(name, fn)`):
 * - "applied" (events): an engine answer's view is now the model; its events are about to animate
 * - "newGame": the engine started a new game (the one before has ended)
 * - "settled" (view): the table is at rest: the player's turn, or a hand or the game is over
 * - "hintCard" (index): the engine's hint names the player's hand card at `index`
 * - "engineRestarted": a friend's page has a new engine worker (after its worker died)
 * - "renamed": seats' default names were renamed into the page's new language (renameDefaults)
 *
 * How the game is played (this page's engine, a host's for friends, or another page's) is its transport
 * (./transport.js): `setTransport` by peer/host.js and peer/guest.js; the controller asks it, never the page.
 */
export class Controller extends Emitter {
  /**
   * @param {object} deps
   * @param {import("../engine/bridge.js").EngineBridge} deps.bridge
   * @param {import("./choreo.js").Choreographer} deps.choreo
   * @param {import("../table/anim.js").Animator} deps.anim
   * @param {import("../table/renderer.js").Renderer} deps.renderer
   * @param {object} deps.settings  saved settings (written back when the player changes them)
   * @param {object} deps.session   this visit's settings: saved ones overridden by the URL
   * @param {(message: string) => void} deps.fatal  the error screen
   */
  constructor({ bridge, choreo, anim, renderer, settings, session, fatal }) {
    super();
    this.bridge = bridge;
    this.choreo = choreo;
    this.anim = anim;
    this.renderer = renderer;
    /** @type {Settings} */
    this.settings = settings;
    /** @type {Settings} */
    this.session = session;
    this.fatal = fatal;
    this.gen = 0;   // game generation: bumped by every new game and every recovery, stops stale loops
    this.journal = new Journal();
    this.deaths = [];
    /** Asked in turn before New game replaces a game in progress (addLeaveGuard): each resolves true to go on */
    this.leaveGuards = [];
    /** A card the player tapped while the table still moved, legal in the engine's view then: {card, view, gen}.
     *  Played as soon as the table rests (settle) if that view still stands; a new tap replaces it. */
    this.pending = null;
    this.advancing = null;   // the generation whose bot loop runs (advance): never two loops at once
    /** @type {import("./transport.js").Transport} */
    this.transport = LOCAL;
    // the names this page gave seats by default ("Right", "Normal bot") follow the page's language
    this.lang = catalogReady() ? getLanguage() : null;
    onLanguageChange((lang) => {
      const before = this.lang;
      this.lang = lang;
      if (before && before !== lang) this.renameDefaults(before);
    });
  }

  /**
   * The language changed from `before`: each seat still called by the name this page gives it by default in that
   * language (its side, its bot level, "Friend 2") is called so in the new one, in the engine's game (so a save,
   * the history and the friends' tables say it too). Only where this page's engine runs the game. Emits "renamed".
   */
  async renameDefaults(before) {
    const v = store.view;
    if (!v?.players || !this.transport.ownsGame || !this.journal.setup) return;
    const defaults = (code, s, level) => [tIn(code, seatNameKey(s, v.players.length)), tIn(code, "friends.friend", { n: s }),
      level ? tIn(code, "name.bot", { level: tIn(code, `level.${level}`) }) : null];
    let renamed = false;
    for (const [s, p] of v.players.entries()) {
      const was = defaults(before, s, p.bot), now = defaults(getLanguage(), s, p.bot);
      const i = was.indexOf(p.name);
      if (i < 0 || !now[i] || now[i] === p.name) continue;
      if ((await this.renameSeat(s, now[i]))?.ok) renamed = true;
    }
    if (renamed) this.emit("renamed");
  }

  /** How the game is played from now on (null: at this device, by this page's engine). */
  setTransport(transport) {
    this.transport = transport ?? LOCAL;
  }

  /**
   * One protocol request. Null when the worker died (the recovery takes over) or failed (the error screen shows):
   * callers just stop. While the page is loading nothing recovers yet: the failure is thrown to the start-up
   * (boot.js), whose error screen offers Retry.
   * @param {import("../engine/protocol.js").Request} req
   * @returns {Promise<import("../engine/protocol.js").Answer|null>}
   */
  async engine(req) {
    try {
      return await this.bridge.request(req);
    } catch (err) {
      if (store.ui.phase === "loading") throw err;
      if (!(err instanceof EngineDied)) this.fatal(err.message || String(err));
      return null;
    }
  }

  /**
   * A question that changes nothing (why, records, review): the answer, or null when the worker died or failed.
   * A question never stops the game; a dead worker is the recovery's.
   * @param {import("../engine/protocol.js").Request} req
   */
  async ask(req) {
    try {
      return await this.bridge.request(req);
    } catch {
      return null;
    }
  }

  /** Start the engine worker (at start-up, and again on Retry): resolves with its load report once it is ready. */
  startEngine() { return this.bridge.start(); }

  /** @returns {Promise<import("../engine/protocol.js").HelloAnswer>} the engine's version, bot levels, seats (and
   *  which is the player's), the card points of a hand, defaults and limits (asked at start-up) */
  hello() { return /** @type {Promise<import("../engine/protocol.js").HelloAnswer>} */ (this.engine({ cmd: "hello" })); }

  /** @returns {Promise<import("../engine/protocol.js").WhyAnswer|null>} why `card` cannot be played now */
  why(card) { return this.ask({ cmd: "why", card }); }

  /** @returns {Promise<import("../engine/protocol.js").RecordsAnswer|null>} this game's finished hands' records */
  records() { return this.ask({ cmd: "records" }); }

  /** @returns {Promise<import("../engine/protocol.js").ReviewAnswer|null>} `records` checked and replayed */
  review(records) { return this.ask({ cmd: "review", records }); }

  /**
   * Rebuild the game from its setup and the cards played in each dealt hand (a resumed save, an undo): the engine
   * replays and checks every card. When it could, the journal takes them, `rebuilt()` runs (the caller's own
   * bookkeeping) and the game goes on from there at once, without animation.
   * @returns {Promise<GameReply|null>} the engine's answer (a refusal changes nothing),
   *   or null when the worker died (the recovery rebuilds the game as it was) or the game moved on meanwhile
   * @param {import("../engine/protocol.js").GameSetup} setup
   * @param {string[][]} hands  the cards played in each dealt hand
   * @param {() => void} [rebuilt]
   * @param {{keepViewer?: boolean, seeds?: (string|null)[] | null}} [opts]  keepViewer: the same person goes on (an
   *   undo); seeds: a game with friends' fair-deal seed of each hand
   */
  async restore(setup, hands, rebuilt = () => {}, { keepViewer = false, seeds = null } = {}) {
    const myGen = this.gen, viewer = viewerSeat();
    // a game with friends: each hand's own fair-deal seed (null: the game's seed)
    const handSeeds = seeds?.some((x) => x) ? hands.map((_, i) => seeds[i] ?? null) : null;
    const req = { cmd: "restore", setup, hands, ...(handSeeds ? { hand_seeds: handSeeds } : {}) };
    const r = /** @type {GameReply|null} */ (await this.engine(/** @type {import("../engine/protocol.js").RestoreRequest} */ (req)));
    if (!r || myGen !== this.gen) return null;
    if (r.ok) {
      // an undo goes on with the same person's hand; a resumed game at a table of people shows the hand-over first
      const again = keepViewer && viewer !== r.view.viewer && isPerson(viewer, r.view) ? await this.viewAs(viewer) : null;
      if (myGen !== this.gen) return null;
      this.journal.setup = setup;
      this.journal.hands = hands.map((h) => [...h]);
      this.journal.seeds = handSeeds ? [...handSeeds] : [];
      rebuilt();
      this.resumeAt(again ?? r.view, { cover: !keepViewer });
    }
    return r;
  }

  /** The engine's view for person `seat` (who now holds the device): null when it died or refused. */
  async viewAs(seat) {
    const r = /** @type {import("../engine/protocol.js").ViewAnswer|ErrorAnswer|null} */ (await this.engine({ cmd: "view", seat }));
    if (r && !r.ok) this.engineError(r);
    return r?.ok ? r.view : null;
  }

  /** `guard()` -> Promise<boolean>: asked before New game replaces a game in progress (false: keep playing). */
  addLeaveGuard(guard) { this.leaveGuards.push(guard); }

  /** Whether the game in progress may be replaced (New game, the first hand with a coach, a game against the lab's
   * bot): every leave guard is asked in turn (the abandon question); false as soon as one says to keep it. */
  async mayLeave() {
    for (const guard of this.leaveGuards) if (!(await guard())) return false;
    return true;
  }

  /**
   * Stop everything under way: loops and answers of the game so far (a new generation), animations, the scene and
   * its banner, and (unless `keepDialogs`) the open dialogs but How to play, which the reader closes (dialogs.js).
   * @returns {number} the new game generation
   */
  halt({ keepDialogs = false } = {}) {
    const myGen = ++this.gen;
    this.pending = null;
    hideHandover();
    store.ui.handover = null;
    this.anim.cancelAll();
    this.choreo.reset();
    if (!keepDialogs) dialogs.closeAll();
    return myGen;
  }

  /**
   * The worker died (crash, out of memory, killed, hung): start a new one and rebuild the game from the journal,
   * then go on from the same position. Two failed attempts, or too many deaths in a minute, end on the error screen.
   * A friend's page has no game of its own: a new worker, then "engineRestarted" (its listener shows the table again
   * from the host's messages it holds).
   */
  async recover(reason) {
    const guest = !this.transport.ownsGame;
    if ((!guest && !this.journal.setup) || ["loading", "error"].includes(store.ui.phase)) return;
    const giveUp = this.noteDeath();
    const covered = store.ui.handover != null;   // the hand-over screen was up: it comes back over the rebuilt table
    const myGen = this.halt({ keepDialogs: true });
    store.ui.busy = true;
    toast(t("msg.engineRestarting"), "error", 20_000);
    announce(t("msg.engineRestarting"));
    let problem = reason;
    for (let attempt = 0; !giveUp && attempt < 2; attempt++) {
      try {
        await this.bridge.start();
        if (guest) this.guestRestarted(myGen);
        else await this.rebuildAfterDeath(myGen, covered);
        return;
      } catch (err) {
        problem = err.message || String(err);
        if (myGen !== this.gen) return;
      }
    }
    this.fatal(t("msg.engineGaveUp", { reason: problem }));
  }

  /** A worker death noted (recover): true when there were too many in the last minute (the error screen). */
  noteDeath() {
    const now = performance.now();
    this.deaths = this.deaths.filter((t0) => now - t0 < DEATHS_WINDOW_MS);
    this.deaths.push(now);
    return this.deaths.length > MAX_DEATHS;
  }

  /** The new worker is up (recover): said, and the time noted (the measurements). */
  sayRestarted() {
    toast(t("msg.engineRestarted"), "info", 4000);
    announce(t("msg.engineRestarted"));
    this.recoveredAt = performance.now();
  }

  /** A friend's page has its new worker (recover): its listener shows the table again from the host's messages. */
  guestRestarted(myGen) {
    if (myGen !== this.gen) return;
    this.sayRestarted();
    this.emit("engineRestarted");
  }

  /** The new worker rebuilds the game from the journal (recover), seen by the same person, and the game goes on
   *  (behind the hand-over screen again when it was `covered`). Throws when the engine refuses the rebuild. */
  async rebuildAfterDeath(myGen, covered) {
    const r = await this.bridge.request(this.journal.restoreRequest());
    if (myGen !== this.gen) return;
    if (!r.ok) throw new Error(r.error?.code || "restore refused");
    const viewer = viewerSeat(), again = viewer !== r.view.viewer && isPerson(viewer, r.view)
      ? await this.bridge.request({ cmd: "view", seat: viewer }) : null;
    if (myGen !== this.gen) return;
    setView(again?.ok ? again.view : r.view);
    markViewer(viewerSeat());
    this.renderer.relayout();
    this.sayRestarted();
    if (!(covered && this.coverTable(myGen))) this.advance(myGen);
  }

  setPhase(p) {
    store.ui.phase = p;
    document.body.dataset.phase = document.body.dataset.lab ? "lab" : p;   // the bot lab keeps the page while open
    updateToolbar();
  }

  /**
   * Apply an engine answer: the view replaces the model, then the events animate from the table before it.
   * @param {import("../engine/protocol.js").GameAnswer} r
   * @param {number} myGen
   */
  async apply(r, myGen) {
    const before = copyModel(store.scene ?? store.model);
    this.journal.record(r.events);
    setView(r.view);
    markViewer(r.view.viewer);
    this.emit("applied", r.events || []);   // the autosave (save.js), the tutorial's coach marks
    renderHandButtons();
    updateToolbar();
    await this.choreo.play(r.events || [], before, () => myGen === this.gen);
  }

  engineError(r) {
    const msg = r?.error?.code === "internal" ? r.error.detail || t("msg.unknownError")
      : refusalText(r?.error, nameOf) || t("msg.unknownError");
    toast(t("msg.engineError", { message: msg }), "error", 8000);
    announce(t("msg.engineError", { message: msg }));
    store.ui.busy = false;
  }

  /**
   * Bots play until it is a person's turn or the hand is over; another person than the viewer gets the hand-over.
   * One loop at a time: a second call while one runs for this game is left to it (it looks again after every wait,
   * so a seat that changed meanwhile, a friend back or a bot standing in, is seen before any bot is asked).
   */
  async advance(myGen) {
    if (this.advancing === myGen) return;
    this.advancing = myGen;
    try {
      store.ui.busy = true;
      if (!(await this.botsPlay(myGen))) return;
    } finally {
      if (this.advancing === myGen) this.advancing = null;
    }
    store.ui.busy = false;
    const v = store.view;
    if (v.phase === "play" && isPerson(v.to_play) && !isViewer(v.to_play)) { this.handOver(v.to_play, myGen); return; }
    this.settle();
  }

  /** The bots' moves of `advance`: true once the table rests at a person's turn or the hand's end, false when the
   *  game moved on meanwhile (or the engine refused). The seat is checked again after every wait: the view may have
   *  changed while this loop waited (Host.back -> seatTo: a friend took its seat back from the bot). */
  async botsPlay(myGen) {
    const botTurn = () => {
      const v = store.view;
      return v?.phase === "play" && v.to_play != null && !isPerson(v.to_play) && !awaitsFriend(v.to_play);
    };
    for (;;) {
      while (myGen === this.gen && botTurn()) {
        await this.anim.wait(this.anim.speed.pause, true);
        await dialogs.readerDone();   // no bot plays while the player reads How to play
        if (myGen !== this.gen) return false;
        if (!botTurn()) continue;   // the seat changed while the loop waited: no bot is asked for a friend's card
        const outside = store.view.players?.[store.view.to_play]?.bot === "outside";
        const r = outside ? await this.outsideMove() : /** @type {GameReply|null} */ (await this.engine({ cmd: "bot_move" }));
        if (!r || myGen !== this.gen) return false;
        if (!r.ok) { this.engineError(r); return false; }
        await this.apply(r, myGen);
        if (this.anim.instant) await new Promise((res) => setTimeout(res, 0));  // let the page breathe between moves
      }
      await dialogs.readerDone();   // nor does the turn, a hand's result or the coach come up over it
      if (myGen !== this.gen) return false;
      if (!botTurn()) return true;   // a bot took a seat while the loop waited: it plays
    }
  }

  /**
   * Pass-and-play: cover the table (no hand shows) and ask for the device to go to person `seat`; once they confirm,
   * the engine's view of their seat becomes the table's and the game goes on (bots first if it is not their turn yet).
   */
  handOver(seat, myGen) {
    store.ui.handover = seat;
    this.pending = null;   // a tap of the person before does not play for the next one
    store.ui.busy = false;
    Object.assign(store.ui, { selected: -1, raised: -1, hover: -1, peek: false });
    hideHint();
    this.setPhase("play");
    renderHandButtons();
    this.renderer.relayout();
    announce(t("handover.title", { name: nameOf(seat) }));
    showHandover(nameOf(seat), async () => {
      store.ui.busy = true;
      const view = await this.viewAs(seat);
      if (myGen !== this.gen) return;
      if (!view) { this.handOver(seat, myGen); return; }   // refused (said in a toast): the screen stays, ask again
      store.ui.handover = null;
      hideHandover();
      setView(view);
      markViewer(view.viewer);
      this.renderer.relayout();
      renderHandButtons();
      this.advance(myGen);
    });
  }

  /** At a table of people a new hand, or a resumed game, starts behind the hand-over screen: everyone could see. */
  coverTable(myGen) {
    const seat = people().length > 1 ? nextPerson(store.view) : null;
    if (seat == null) return false;
    this.handOver(seat, myGen);
    return true;
  }

  /**
   * The bot lab's bot plays its seat ("play a game against this bot"): the engine gives the seat's observation, the
   * lab's worker answers with the player's bot, the engine checks and plays the card. When the bot fails (or the
   * page was reloaded and the lab is gone), our default level plays that seat from then on, and the player is told.
   * @returns {Promise<GameReply|null>}
   */
  async outsideMove() {
    const o = /** @type {import("../engine/protocol.js").ObserveAnswer|ErrorAnswer|null} */ (await this.engine({ cmd: "observe" }));
    if (!o) return null;
    if (o.ok === false) return o;   // (=== false: the loose type check narrows it so)
    const fallback = store.hello?.defaults?.bots?.[0] ?? "normal";
    const tell = (code, kind) => {
      const reason = t(`lab.reason.${code}`, { limit: 2 });
      const msg = t(kind, { reason, seat: nameOf(o.seat), level: levelName(fallback) });
      toast(msg, "error", 10_000);
      announce(msg);
    };
    if (this.outside) {
      let failure;
      try {
        const { card } = await this.outside.client.request({ cmd: "move", obs: o.observation });
        const r = /** @type {GameReply|null} */ (await this.engine({ cmd: "outside_move", card }));
        if (!r || r.ok) return r;
        failure = { code: "illegal" };
      } catch (err) {
        failure = err;
      }
      this.outside = null;
      this.outsideGone = true;
      tell(failure?.code || "internal", "lab.botFailed");
    } else if (!this.outsideGone) {
      // a resumed game (the page was reloaded): the lab and its bot are gone, said once
      this.outsideGone = true;
      tell("reloaded", "lab.botGone");
    }
    return /** @type {Promise<GameReply|null>} */ (this.engine({ cmd: "outside_move", level: fallback }));
  }

  /** "Play a game against this bot" (the bot lab): the player's bot takes seat 1 in a new game of `game` (the lab's
   *  choice: "mittlere", "molotow" or "plusminus"; anything the engine does not offer: Mittlere); the other bots' seats
   *  keep the levels of the New game settings (the first one again where a game of three has none). */
  async playAgainst(client, name, game = "mittlere") {
    if (!(await this.mayLeave())) return;
    this.outside = { client, name };
    this.outsideGone = false;
    const id = offeredGame(game);   // null: Mittlere
    const n = gameInfo(id).seats;   // hello says (the game is one of hello.games)
    const names = Array.from({ length: n }, (_, s) => t(seatNameKey(s, n)));
    names[1] = String(name).slice(0, store.hello?.limits?.name_max_len ?? 24);
    // the other bot seats keep their levels from the settings' table (a person's seat: the level it keeps)
    const level = (s) => this.session.seats?.[s]?.level ?? this.session.seats?.[2]?.level ?? store.hello?.defaults?.bots?.[0] ?? "normal";
    const seats = [{ kind: "me" }, { kind: "outside" }, ...Array.from({ length: n - 2 }, (_, k) => ({ kind: "bot", level: level(k + 2) }))];
    this.startGame({ ...this.session, game: id, seats, names, practice: false })
      .then(() => { if (this.outside) toast(t("lab.seatTaken", { name: names[1], seat: t("name.1") }), "info", 5000); })
      .catch(() => {});
  }

  /** After the animations: the dialog or the turn the engine's phase calls for. */
  settle() {
    const v = store.view;
    this.renderer.invalidate();
    const sheet = () => dialogs.showSheet(v, store.history);
    // the bot lab covers the table (a game resumed under #lab): no dialog over it; the toolbar's way on waits
    const labOpen = !!document.body.dataset.lab;
    if (v.phase === "hand-over") {
      this.setPhase("hand-over");
      if (!labOpen) dialogs.showHandOver({ view: v, onNext: () => this.nextHand(), onSheet: sheet });
    } else if (v.phase === "game-over") {
      this.setPhase("game-over");
      if (!labOpen) dialogs.showGameOver({ view: v, onNew: () => this.openNewGame(), onSheet: sheet });
    } else {
      this.setPhase("play");
      if (isViewer(v.to_play)) { announce(t("log.yourTurn")); this.myTurn(); }
    }
    updateToolbar();
    renderHandButtons();
    this.emit("settled", v);   // the table is at rest: the player's turn, or a hand/game is over
  }

  /** The player's turn begins: a buzz and a tick if wanted, and the only legal card played if the player asked so. */
  myTurn() {
    buzz();
    sfx("turn");
    const v = store.view;
    const p = this.pending;
    this.pending = null;
    // a card tapped while the table still moved: played now, if the engine's view it was tapped in still stands
    // (a newer view that changed no card, a name or a seat's connection, keeps it: the turn is still the same)
    if (p && p.gen === this.gen && p.cards === cardsSeen(v) && v.legal.includes(p.card) && isMyTurn()) { this.play(p.card); return; }
    if (!(/** @type {{autoForced?: boolean}} */ (prefs).autoForced) || v.legal.length !== 1) return;
    const myGen = this.gen, card = v.legal[0];
    setTimeout(() => {
      if (myGen === this.gen && store.view === v && isMyTurn()) this.play(card);
    }, Math.max(450, this.anim.speed.pause));
  }

  /**
   * Whether a tap on `card` now is kept for when the table rests (the tap waits for the animation): it is the
   * viewer's turn in the engine's view and the card is legal there, but the table still moves (a card in flight, a
   * trick being gathered, the bots' pause) or the answer is being shown. Kept: it replaces any card kept before.
   */
  keep(card) {
    if (!this.mayKeep(card)) return false;
    // the view the card was tapped in: a newer one (another's card, the player's own answered) drops the tap
    this.pending = { card, view: store.view, cards: cardsSeen(store.view), gen: this.gen };
    this.raise(card);
    return true;
  }

  /** The hand's `card` is seen as chosen (raised) until it is played or the hand changes. */
  raise(card) {
    const i = shown().hand.indexOf(card);
    if (i >= 0 && store.ui.raised !== i) { store.ui.raised = i; this.renderer.invalidate(); }
  }

  /** Whether the player's card for the view shown is on its way (a friend's page: sent, the host not yet answered). */
  get cardOnItsWay() { return this.sending != null && this.sending === store.view; }

  /** Whether `keep(card)` would keep it (asks nothing, changes nothing: the table's input asks before a tap). */
  mayKeep(card) {
    const v = store.view;
    if (!v || v.phase !== "play" || store.ui.phase !== "play" || store.ui.handover != null) return false;
    if (!isViewer(v.to_play) || !v.legal?.includes(card) || !(store.ui.busy || store.scene)) return false;
    return this.sending !== v;   // the player's own card for this view is on its way: no second one
  }

  /** A tap on hand card i when it cannot be played now: the card shakes and a message says why. */
  notNow(i) {
    this.renderer.nudge(i, this.anim);
    const seat = shown().toPlay ?? store.view?.to_play;
    toast(seat != null && !isViewer(seat) ? t("msg.notYourTurn", { name: nameOf(seat) }) : t("msg.wait"));
  }

  async startGame(opts) {
    const myGen = this.halt();
    hideToast();
    hideHint();
    Object.assign(store.ui, { busy: true, peek: false, selected: -1, handover: null });
    const req = newGameRequest(opts);
    const r = /** @type {GameReply|null} */ (await this.engine(req));
    if (!r || myGen !== this.gen) return;
    if (r.ok === false) {
      if (store.ui.phase !== "loading") { this.engineError(r); return; }
      throw new StartRefused(r.error);   // boot decides: defaults, or the error screen
    }
    this.emit("newGame");   // the autosave (save.js): the game it held ends here
    this.journal.reset(journalSetup(req, r.view, opts.practice));
    await this.apply(r, myGen);
    if (myGen !== this.gen) return;
    if (store.ui.phase === "loading") dialogs.loading.hide();
    this.setPhase("play");
    this.advance(myGen);
  }

  async nextHand() {
    if (!this.transport.ownsGame) { this.transport.ready(); return; }   // a friend's page: ready; the host deals
    const myGen = this.gen;
    store.ui.busy = true;
    this.setPhase("play");
    const covered = people().length > 1;
    if (covered) store.ui.handover = -1;   // a table of people: the new hand stays hidden until it is handed over
    // play together: the fair deal's seed (peer/host.js); a game at this device: the engine's own
    const seed = await this.transport.dealSeed(this.journal.hands.length + 1);
    if (myGen !== this.gen) return;
    const r = /** @type {GameReply|null} */ (await this.engine(seed ? { cmd: "next_hand", seed } : { cmd: "next_hand" }));
    if (!r || myGen !== this.gen) return;
    if (r.ok) this.journal.seedNextHand(seed);   // before apply records the deal (and the autosave writes it)
    if (!r.ok) { store.ui.handover = null; this.engineError(r); return; }
    await this.apply(r, myGen);
    if (myGen !== this.gen || (covered && this.coverTable(myGen))) return;
    store.ui.handover = null;
    this.advance(myGen);
  }

  async play(card) {
    const v = store.view;
    if (!v || v.phase !== "play" || store.ui.phase !== "play" || store.ui.handover != null) {
      toast(t("msg.wait"));   // a dialog's moment (a hand's end, the hand-over): no card now
      return;
    }
    if (!isViewer(v.to_play)) { toast(t("msg.notYourTurn", { name: nameOf(v.to_play) })); return; }
    if (store.ui.busy || store.scene) {
      // the table still moves: a legal card waits for it (played by myTurn once it rests); anything else says why
      if (!this.keep(card)) toast(this.sending === v ? t("msg.cardOnItsWay") : t("msg.wait"));
      return;
    }
    this.pending = null;
    store.ui.busy = true;
    this.sending = v;   // the view this card answers: taps meanwhile are not kept for it
    if (!this.transport.ownsGame) {   // a friend's page: the host's engine plays it; meanwhile it is seen as chosen
      this.raise(card);
      this.transport.sendCard(card);
      return;
    }
    const myGen = this.gen;
    const r = /** @type {GameReply|null} */ (await this.engine({ cmd: "play", card }));
    if (!r || myGen !== this.gen) return;
    if (r.ok === false) {
      // the engine's reason, shown as it is (the UI knows no rules)
      store.ui.busy = false;
      const reason = refusalText(r.error, nameOf);
      toast(reason, "illegal");
      announce(reason);
      this.renderer.invalidate();
      return;
    }
    hideToast();
    hideHint();
    await this.apply(r, myGen);
    this.advance(myGen);
  }

  // -- play together (peer/host.js, peer/guest.js): the host's engine runs the game ----------------------------

  /** Host: a friend's message, checked by the engine (size, shape, version, replay, seat, turn) before any use. */
  peerCheck(seat, message) { return this.ask({ cmd: "peer_check", seat, message }); }

  /** Host: what the friend at `seat` may see, from event index `since` (forwarded to it as a `state` message). */
  guestStream(seat, since) { return this.ask({ cmd: "guest", seat, since }); }

  /** Host: a step of the fair deal, run by the engine (`fair_begin`, `fair_take`, ... : docs/peer.md). */
  fair(req) { return this.ask(req); }

  /** Host: check a fair deal against a played hand's record (the hand review). */
  verifyDeal(commitments, secrets, record) { return this.ask({ cmd: "verify_deal", commitments, secrets, record }); }

  /** Host, before the game: a table with the friends' seats, not shown (its links check the friends' first
   *  messages); the game before it is left as it is on the page and rebuilt by `rebuildShown` if hosting stops. */
  lobby(seats, names, game = null) { return this.ask({ cmd: "new_game", ...(game ? { game } : {}), seats, names, hands: 1 }); }

  /** Host: hosting was cancelled: the engine takes back the game the page shows. */
  rebuildShown() {
    return this.journal.setup ? this.ask(this.journal.restoreRequest()) : null;
  }

  /**
   * Host: the friend's card for its seat. The engine alone checks it (its turn, a bot standing in, its rules) and
   * refuses it with its own code (`peer_out_of_turn`, `remote_seat`, `must_follow`, ...): nothing changes, the answer
   * says why. Null when no answer is due: the table never came to rest, or the game changed meanwhile.
   */
  async friendPlays(seat, card) {
    const myGen = this.gen;
    // the friend may answer while this table still animates the card before: its card waits until the table rests
    for (let waited = 0; (store.ui.busy || store.scene) && waited < FRIEND_WAIT_MS && myGen === this.gen; waited += 25) {
      await new Promise((done) => setTimeout(done, 25));
    }
    if (store.ui.busy || store.scene || myGen !== this.gen) return null;
    store.ui.busy = true;
    const r = /** @type {GameReply|null} */ (await this.engine({ cmd: "play", seat, card }));
    if (!r || myGen !== this.gen) return r;
    if (!r.ok) { store.ui.busy = false; return r; }
    await this.apply(r, myGen);
    this.advance(myGen);
    return r;
  }

  /** A seat's name came or changed during the game (a friend's; a default name in a new language): the engine's
   *  table (and the journal, so that a resumed game keeps it) calls the seat so from now on. */
  async renameSeat(seat, name) {
    const r = /** @type {GameReply|null} */ (await this.ask({ cmd: "rename", seat, name }));
    if (!r?.ok) return r;
    if (this.journal.setup?.names) this.journal.setup.names[seat] = r.view.players[seat].name;
    setView(r.view);
    this.renderer.invalidate();
    this.emit("applied", []);   // no event, a new view: the autosave keeps the name, the friends' tables get it
    return r;
  }

  /** Host: a bot stands in for an away friend (`kind` "bot") or the friend plays again ("remote"). */
  async seatTo(seat, kind, level) {
    const myGen = this.gen;
    const req = kind === "bot" ? { cmd: "seat", seat, kind, level } : { cmd: "seat", seat, kind };
    const r = /** @type {GameReply|null} */ (await this.engine(/** @type {import("../engine/protocol.js").SeatRequest} */ (req)));
    if (!r || !r.ok || myGen !== this.gen) return r;
    setView(r.view);
    this.renderer.invalidate();
    if (!store.ui.busy && !store.scene) this.advance(myGen);
    return r;
  }

  /**
   * A friend's page: show what the host sent (the observation and the events so far): the guest's own engine
   * makes the view of its seat (`guest_view`), the new events animate, and the table settles as after any move.
   */
  async showGuest(observation, events, fresh, names) {
    const myGen = this.gen;
    const r = /** @type {GameReply|null} */ (await this.ask({ cmd: "guest_view", observation, events, names }));
    if (!r?.ok || myGen !== this.gen) return;
    const before = copyModel(store.scene ?? store.model);
    setView(r.view);
    markViewer(r.view.viewer);
    renderHandButtons();
    updateToolbar();
    if (store.ui.phase === "loading") dialogs.loading.hide();
    await this.choreo.play(fresh, before, () => myGen === this.gen);
    if (myGen !== this.gen) return;
    store.ui.busy = false;
    this.settle();
  }

  /** A friend's page: the card sent was not taken (no answer, or the host's table as it was): the hand may play
   *  again once nothing moves (a state being shown ends at rest anyway). */
  cardUnanswered() {
    this.sending = null;
    if (store.scene || !store.ui.busy) return;
    store.ui.busy = false;
    this.settle();
  }

  async hint() {
    if (!isMyTurn() || !helpAllowed(people().length) || !this.transport.ownsGame) return;
    const r = /** @type {import("../engine/protocol.js").HintAnswer|ErrorAnswer|null} */ (await this.engine({ cmd: "hint" }));
    if (!r) return;
    if (!r.ok) { this.engineError(r); return; }
    const i = store.model.hand.indexOf(r.card);
    if (i >= 0) this.emit("hintCard", i);   // focus on the hinted card: Enter plays it
    const text = t("msg.hint", { card: cardName(r.card), reason: hintText(r.reason) });
    hideToast();
    showHint(text, hintDetails(r.reason));
    announce(text);
  }

  openNewGame() {
    // a friend's page: leaving the host's table is asked first (peer/guest.js)
    if (!this.transport.ownsGame) { this.transport.leave(); return; }
    const { settings, session } = this;
    dialogs.showNewGame({
      // the seats by this game's names ("Right", the lab's bot), but by the seat's own after a game with people
      hello: store.hello, settings: session, names: people().length > 1 ? undefined : store.view?.players?.map((p) => p.name),
      onStart: async (opts) => {
        if (!(await this.mayLeave())) return;
        Object.assign(session, opts);
        Object.assign(settings, opts);
        saveSettings(settings);
        this.startGame(session);
      },
    });
  }

  /** Go on from a rebuilt game (a resumed save, an undo): the engine's view replaces the model at once, no
   *  animation; with `cover`, a table of people starts behind the hand-over screen. */
  resumeAt(view, { cover = false } = {}) {
    const myGen = this.halt();
    hideHandover();
    Object.assign(store.ui, { busy: true, peek: false, selected: -1, handover: null });
    setView(view);
    markViewer(view.viewer);
    if (store.ui.phase === "loading") dialogs.loading.hide();
    if (view.phase === "play") this.setPhase("play");
    this.renderer.relayout();
    renderHandButtons();
    if (cover && this.coverTable(myGen)) return;
    this.advance(myGen);
  }

  /** The way on from a dismissed hand-over or game-over dialog (toolbar "Next hand" / "Result"). */
  continueOn() {
    const v = store.view, sheet = () => dialogs.showSheet(v, store.history);
    // the engine's view decides (the page's phase can still say hand-over while the next hand is being dealt)
    if (store.ui.phase === "hand-over" && v?.phase === "hand-over" && v.hand_result) {
      dialogs.showHandOver({ view: v, onNext: () => this.nextHand(), onSheet: sheet });
    } else if (store.ui.phase === "game-over" && v?.phase === "game-over") {
      dialogs.showGameOver({ view: v, onNew: () => this.openNewGame(), onSheet: sheet });
    }
  }

  setPeek(on) {
    store.ui.peek = on && !!(store.scene ?? store.model).lastTrick;
    updateToolbar();
    this.renderer.invalidate();
  }

  setSpeed(name) {
    this.session.speed = this.settings.speed = name;
    saveSettings(this.settings);
    this.anim.setSpeed(name);
  }
}

/** The engine refused to start a game with these settings (a bad seed, hands or bot level from the URL or storage). */
export class StartRefused extends Error {
  constructor(error) {
    super(error?.code || "refused");
    this.name = "StartRefused";
    this.error = error;
  }
}
