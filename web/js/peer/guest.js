// @ts-check
// Play with friends, a guest's side: the page opened at an invite link (#join=...). It shows the table's seats and
// the host's name, and at once its reply code (copy button, QR code); its name (changeable) goes over the link once
// it opens (hello). It runs no game of its own: it shows the `state` messages the host sends (its own engine makes
// the view of its seat from them: guest_view) and sends only its cards. Its engine worker loads as on any page.
import { announce, toast } from "../ui/a11y.js";
import { ask, modal } from "../saves/save-ui.js";
import { el } from "../ui/dom.js";
import { t } from "../i18n/i18n.js";
import { markViewer } from "../ui/handover.js";
import { addGameOverNote } from "../ui/dialogs.js";
import { store } from "../game/store.js";
import { commitmentOf, newSecret } from "./fair.js";
import { CodeError, decodeInvite, encodeReply } from "./invite.js";
import { codeBox } from "./host.js";
import { RtcLink } from "./rtc.js";
import { keepAwake } from "./wake.js";
import { transport } from "../game/transport.js";
import { Reactions } from "./react.js";
import { PERSON, entryFromSeat, recordGame } from "../saves/history.js";

/** @typedef {import("../engine/protocol.js").PeerMessage} PeerMessage */
/** @typedef {import("../engine/protocol.js").Event} JassEvent */
/** @typedef {import("../engine/protocol.js").ObservationJson} ObservationJson */
/** @typedef {import("../engine/protocol.js").HandRecord} HandRecord */
/** @typedef {import("./host.js").PeerController} PeerController */
/** @typedef {import("./host.js").Link} Link */
/** @typedef {import("./host.js").PeerSettings} PeerSettings */
/** @typedef {ReturnType<typeof decodeInvite>} Invite */
/** @typedef {import("../engine/protocol.js").HelloAnswer} HelloAnswer */
/** @typedef {import("../engine/protocol.js").PeerCheckAnswer} PeerCheckAnswer */
/** @typedef {import("../engine/protocol.js").ErrorAnswer} ErrorAnswer */
/** @template {PeerMessage["type"]} K @typedef {Extract<PeerMessage, {type: K}>} Peer */

/**
 * A hand's fair deal as this page saw it (fairMessage): every field comes with its step, or never (a fault).
 * @typedef {object} Round
 * @property {string} [secret]   this page's secret for the hand
 * @property {string} [mine]     its commitment
 * @property {string} [host]     the host's commitment (its `commit`)
 * @property {number[]} [seats]  the seats whose commitments came (`commitments`), then those that dealt (`secrets`)
 * @property {string[]} [commitments]  theirs, in that order
 * @property {boolean} [revealed]  this page sent its secret
 * @property {number[]} [dealt]  the seats whose secrets made the seed
 * @property {string[]} [secrets]  every dealt seat's secret, once the hand is over
 * @property {ReturnType<typeof setTimeout>} [withheld]  the wait for the secrets
 * @property {{verified: false, code: string, params: {seat: number}}} [fault]  what did not add up (the review's line)
 */
/** A round whose commitments came (with their seats), and one dealt too.
 * @typedef {Round & {seats: number[], commitments: string[]}} Committed
 * @typedef {Committed & {dealt: number[]}} Dealt */

const NAME_KEY = "mittlere-jass.guestName.v1";
/** @param {string} id */
const dialogById = (id) => /** @type {HTMLDialogElement|null} */ (document.getElementById(id));
// the invites this device has connected with (table and nonce): an invite works once, so one opened again says so
const USED_KEY = "mittlere-jass.invitesUsed.v1";
const USED_MAX = 20;
// waiting this long for the host to take the reply code: the page says what may be wrong (an invite already used)
const STILL_WAITING_MS = 60_000;
const SECRETS_WAIT_MS = 15_000;   // a hand over whose secrets do not come in this time cannot be verified: said
// a card sent and not answered (no state from the host) in this time is the player's again: longer than the host's
// own wait for its table to rest before it plays a friend's card (controller.js FRIEND_WAIT_MS)
const CARD_WAIT_MS = 20_000;

/**
 * What a page's first table animates of the events it caught up with: a hand just dealt (a game joined at its start)
 * is dealt on the table; a hand under way, and every hand before it (a rejoin), shows at once, without animation.
 */
/** @param {JassEvent[]} events */
function firstShown(events) {
  const start = events.findLastIndex((e) => e.type === "hand_dealt");
  const current = start < 0 ? [] : events.slice(start);
  return current.some((e) => e.type !== "hand_dealt") ? [] : current;
}

/** The invites this device connected with (validated: a list of short keys; anything else reads as none). */
function usedInvites() {
  try {
    const list = JSON.parse(localStorage.getItem(USED_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((k) => typeof k === "string" && k.length <= 16) : [];
  } catch { return []; }
}

/** @param {string} key */
function rememberUsed(key) {
  const list = usedInvites().filter((k) => k !== key);
  list.push(key);
  try { localStorage.setItem(USED_KEY, JSON.stringify(list.slice(-USED_MAX))); } catch { /* this visit only */ }
}

/** What this page does with each kind of the host's messages (checked first: Guest.handle); any other is ignored.
 * @type {{[K in PeerMessage["type"]]?: (guest: Guest, m: Peer<K>) => unknown}} */
const FROM_HOST = {
  hello: (guest, m) => guest.onHello(m),
  state: (guest, m) => guest.onState(m),
  commit: (guest, m) => guest.fairMessage(m),
  commitments: (guest, m) => guest.fairMessage(m),
  dealt: (guest, m) => guest.fairMessage(m),
  secrets: (guest, m) => guest.fairMessage(m),
  react: (guest, m) => guest.onReact(m),
  away: (guest, m) => guest.onPresence(m),
  rejoin: (guest, m) => guest.onPresence(m),
  bye: (guest) => guest.onBye(),
};

export class Guest {
  /** @param {{controller: PeerController, settings: PeerSettings}} deps */
  constructor({ controller, settings }) {
    this.controller = controller;
    this.settings = settings;
    /** @type {JassEvent[]} the game's public events so far, as the host's states brought them */
    this.events = [];
    /** @type {JassEvent[]} those of a stream not shown yet */
    this.fresh = [];
    /** @type {string[]} */
    this.received = [];   // every message the host sent, as received (tests check none holds another seat's cards)
    this.seq = 0;
    this.queue = Promise.resolve();
    /** @type {() => void} resolves engineReady (the page's engine is up: boot.js's joinInstead) */
    this.ready = () => {};
    /** @type {Promise<void>} */
    this.engineReady = new Promise((done) => { this.ready = done; });
    /** @type {Map<number, Round>} */
    this.rounds = new Map();   // hand_no -> the fair deal as this page saw it (see fairMessage)
    /** @type {"preparing"|"waiting"|"stillWaiting"|"used"|"connected"|"playing"|"lost"|"over"|undefined} */
    this.status = undefined;
    /** @type {Invite|undefined} the invite this page opened (join) */
    this.invite = undefined;
    /** @type {number} this page's seat (the invite's) */
    this.seat = 0;
    /** @type {string[]} the table's names, the host's first */
    this.names = [];
    /** @type {Link|undefined} */
    this.link = undefined;
    /** @type {string|undefined} this page's reply code */
    this.reply = undefined;
    /** @type {string|undefined} the name being typed in the join dialog */
    this.typed = undefined;
    /** @type {ObservationJson|undefined} the host's last state's */
    this.observation = undefined;
    this.shown = false;   // a table was shown
    /** @type {string|null|undefined} the card sent to the host and not answered yet */
    this.sent = undefined;
    /** @type {string|undefined} when this game began (its id in the history) */
    this.startedAt = undefined;
    /** @type {number|undefined} figures: when the link opened, when the first table was shown */
    this.linkedAt = undefined;
    /** @type {number|undefined} */
    this.shownAt = undefined;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.waitTimer = undefined;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.cardTimer = undefined;
    // the host's engine runs the game: this page's cards go to it (play), Next hand says ready, New game asks first
    controller.setTransport(transport({
      kind: "guest",
      sendCard: (card) => this.play(card),
      verifyDeal: (i, record) => this.verify(i, record),
      records: () => this.records(),
      ready: () => this.sayReady(),
      leave: () => this.leave(),
    }));
    // the game's end: the host may play again with this table (this page stays at it)
    addGameOverNote(() => (this.status === "playing"
      ? el("p", { class: "rematch", "data-rematch-wait": true, text: t("join.rematchWait", { host: this.host() }) })
      : null));
    this.reactions = new Reactions({
      send: (reaction) => this.send("react", { seat: this.seat, reaction }),
      renderer: controller.renderer, nameOf: (s) => this.names[s] ?? "",
    });
    // this page's engine worker died and a new one is up: the table again from the host's last state (messages that
    // came meanwhile wait for it: handle)
    /** @type {{promise: Promise<void>, resolve: () => void}|null} */
    this.engineBack = null;
    controller.on("engineRestarted", () => {
      this.engineBack?.resolve();
      this.engineBack = null;
      if (this.shown && this.observation) this.controller.showGuest(this.observation, this.events, [], this.names);
    });
    window.__jassPeer = this;
  }

  /** New game on a friend's page: asked first while the table is on (the host's game would wait for this seat);
   *  leaving loads a page of this device's own (its plays would still go to the host). */
  async leave() {
    const on = this.status === "playing" && store.view?.phase !== "game-over";
    if (on && !(await ask("dlg-leave", t("join.leave.title", { host: this.host() }), t("join.leave.text", { host: this.host() }),
      { id: "btn-leave", text: t("join.leave.yes") }, { id: "btn-stay", text: t("join.leave.no"), focus: true }, { dismissible: true }))) return;
    this.send("bye");
    location.assign(location.pathname + location.search);
  }

  /** Next hand on a friend's page: ready (the host deals and sees who is ready). */
  sayReady() {
    const next = this.events.filter((e) => e.type === "hand_dealt").length + 1;
    this.send("ready", { hand_no: next });
    const msg = t("join.ready", { host: this.host() });
    toast(msg, "info", 6000);
    announce(msg);
  }

  /** The invite in the address: the screen at once, the reply code as soon as the answer is made.
   * @param {string} code
   */
  async join(code) {
    try {
      this.invite = decodeInvite(code);
    } catch (e) {
      if (!(e instanceof CodeError)) throw e;
      this.screen(t("join.bad"));
      return;
    }
    const { seat } = this.invite;
    this.seat = seat;
    this.seq = this.invite.seq;
    this.names = [...this.invite.names];
    markViewer(seat);
    document.body.dataset.guest = "true";
    this.status = "preparing";
    this.screen();
    /** @type {Link} */
    const link = new RtcLink();
    this.link = link;
    link.onOpen = () => this.linked();
    link.onMessage = (text) => this.message(text);
    link.onClose = () => this.lost();
    const answer = await link.answer(this.invite.offer);
    this.reply = encodeReply({ seat, table: this.invite.table, nonce: this.invite.nonce, answer });
    // an invite this device connected with before cannot connect again: said at once (the reply code stays, in case)
    this.status = usedInvites().includes(this.inviteKey()) ? "used" : "waiting";
    this.screen();
    this.waitTimer = setTimeout(() => {
      if (this.status === "waiting") { this.status = "stillWaiting"; this.screen(); }
    }, STILL_WAITING_MS);
  }

  /** This invite among the ones this device used: its table and its nonce. */
  inviteKey() { return `${this.joined().table}:${this.joined().nonce}`; }

  /** The invite this page opened: its methods that read it run after join took it.
   * @returns {Invite} */
  joined() { return /** @type {Invite} */ (this.invite); }

  host() { return this.names[0]; }

  myName() {
    let saved = "";
    try { saved = localStorage.getItem(NAME_KEY) || ""; } catch { /* none */ }
    return saved || (this.settings.name || "").trim();
  }

  screen(problem = null) {
    if (problem) {
      // no dead end: a game of this device's own instead (Escape too), or paste a new invite into the address
      const own = el("button", { type: "button", class: "primary", id: "btn-join-own", text: t("join.playOwn") });
      own.addEventListener("click", () => location.assign(location.pathname + location.search));
      const dlg = modal("dlg-join", t("join.badTitle"), [el("p", { text: problem })], [own], { dismissible: true });
      dlg.onclose = () => location.assign(location.pathname + location.search);
      return;
    }
    if (this.status === "playing" || this.status === "lost") { dialogById("dlg-join")?.close(); return; }
    const seats = el("ul", { class: "join-seats" }, this.names.map((n, s) =>
      el("li", { "data-join-seat": s, text: s === this.seat ? t("join.yourSeat") : s === 0 ? t("join.hostSeat", { name: n }) : n })));
    // the name the host gave the seat is the placeholder: a friend who types none is called so
    const name = el("input", {
      type: "text", id: "join-name", value: this.typed ?? this.myName(), placeholder: this.joined().names[this.seat],
      maxlength: store.hello?.limits?.name_max_len ?? 24, autocomplete: "nickname",
    });
    name.addEventListener("input", () => { this.typed = name.value; });
    name.addEventListener("change", () => {
      const v = name.value.trim();
      if (!v) return;
      try { localStorage.setItem(NAME_KEY, v); } catch { /* this visit only */ }
      this.sendHello();
    });
    const body = [
      el("p", { text: t("join.seats") }), seats,
      el("label", {}, el("span", { text: t("join.name") }), name),
      this.reply
        ? el("div", { "data-reply": this.reply, class: "fr-reply" },
          el("p", { class: "help", text: t("join.replyHelp", { host: this.host() }) }),
          codeBox(this.reply, "data-reply-code", t("join.reply")))
        : el("p", { class: "help", text: t("join.preparing") }),
    ];
    // where the page waits: last; what may be wrong (an invite used before, a long wait): first
    const status = el("p", { class: "fr-status", "data-status": this.status, text: t(`join.status.${this.status}`, { host: this.host() }) });
    if (this.status === "used" || this.status === "stillWaiting") body.unshift(status);
    else body.push(status);
    const focus = document.activeElement?.id;
    const dlg = modal("dlg-join", t("join.title", { host: this.host() }), body, [], { wide: true });
    if (focus) document.getElementById(focus)?.focus();
    dlg.oncancel = (e) => e.preventDefault();
  }

  /**
   * @param {string} type
   * @param {object} [fields]
   */
  send(type, fields = {}) {
    if (!this.link?.open) return;
    this.link.send(JSON.stringify({ v: store.hello?.peer_version, type, seq: this.seq++, ...fields }));
  }

  async sendHello() {
    await this.engineReady;
    const max = /** @type {HelloAnswer} */ (store.hello).limits.name_max_len;   // (the engine is up: its hello is in)
    const input = /** @type {HTMLInputElement|null} */ (document.getElementById("join-name"));
    const v = (input?.value ?? this.myName()).trim().slice(0, max);
    this.send("hello", { seat: this.seat, names: [v || this.joined().names[this.seat].slice(0, max)] });
  }

  linked() {
    this.linkedAt ??= performance.now();
    clearTimeout(this.waitTimer);
    rememberUsed(this.inviteKey());
    this.status = "connected";
    this.screen();
    this.sendHello();
  }

  lost() {
    if (this.status === "over" || this.status === "lost") return;   // said once (the host's word, then the link's close)
    const msg = t("join.lost", { host: this.host() });
    this.status = "lost";
    keepAwake(false);
    this.reactions.unmount();
    store.ui.away.add(0);   // the host's seat: its table is frozen, and says so (not a table that looks live)
    this.controller.renderer.invalidate();
    dialogById("dlg-join")?.close();
    toast(msg, "error", 60_000);
    announce(msg);
    document.body.dataset.peer = "lost";
  }

  /** A host's message: in order, one at a time (a state animates before the next is shown).
   * @param {string} text
   */
  message(text) {
    this.received.push(text);
    this.queue = this.queue.then(() => this.handle(text)).catch(() => {});
  }

  /**
   * @param {string} text
   */
  async handle(text) {
    const m = await this.checked(text);
    if (!m) return;
    const take = /** @type {((guest: Guest, m: PeerMessage) => unknown)|undefined} */ (FROM_HOST[m.type]);
    await take?.(this, m);
  }

  /** The host's message as this page's engine checked it (size, shape, version, order: docs/peer.md); null when
   *  refused. The worker died: the message waits for the new one (none is lost).
   * @param {string} text
   * @returns {Promise<PeerMessage|null>}
   */
  async checked(text) {
    await this.engineReady;
    const check = () => this.controller.ask({ cmd: "peer_check", from_host: true, message: text });
    let checked = await check();
    if (checked === null) {
      await this.engineRestarted();
      checked = await check();
    }
    return checked?.ok ? checked.message : null;
  }

  /** Resolved once this page's new engine worker is up (engineRestarted): every message waiting waits for the same. */
  engineRestarted() {
    if (!this.engineBack) {
      let resolve = () => {};
      /** @type {Promise<void>} */
      const promise = new Promise((done) => { resolve = () => done(); });
      this.engineBack = { promise, resolve };
    }
    return this.engineBack.promise;
  }

  /** The table's names (a name per seat of the invite's table), from the host.
   * @param {Peer<"hello">} m
   */
  async onHello(m) {
    if (m.names.length !== this.names.length) return;
    this.names = [...m.names];
    if (this.status !== "playing") this.screen();
    // a name that came (or changed) during the game: the table says it at once
    else if (this.observation) await this.controller.showGuest(this.observation, this.events, [], this.names);
  }

  /** A state for this page's seat: its events added, and the table shown once the last of a stream has come.
   * @param {Peer<"state">} m
   */
  async onState(m) {
    if (m.seat !== this.seat) return;
    // a state answers the card sent (played, or refused: the host forwards the table as it was)
    clearTimeout(this.cardTimer);
    const from = m.next - m.events.length;
    if (!this.takeEvents(m, from)) return;
    if (m.more) return;   // the rest of a long stream follows at once: the table is shown once it is all in
    const sent = this.sent;
    this.sent = null;
    const fresh = this.fresh;
    this.fresh = [];
    this.newHand(fresh, from);
    this.atTable();
    this.startedAt ??= new Date().toISOString();
    await this.controller.showGuest(m.observation, this.events, this.animated(fresh, from), this.names);
    this.shown = true;
    this.shownAt ??= performance.now();   // (figures: from the link's opening to the first table shown)
    const mine = fresh.some((e) => e.type === "card_played" && e.seat === this.seat);
    if (sent && !mine && store.view?.to_play === this.seat && store.view.hand?.includes(sent)) this.cardBack();
    if (fresh.some((e) => e.type === "game_over")) this.keep();
  }

  /** A state's events after this page's (`from`: the index of its first; 0 starts afresh); false: a gap (the next
   *  state from 0 mends it).
   * @param {Peer<"state">} m
   * @param {number} from
   */
  takeEvents(m, from) {
    if (from === 0) { this.events = []; this.fresh = []; }
    else if (from !== this.events.length) return false;
    const live = this.shown || this.joined().seq === 0;   // this page was at the table before these events
    const dealtBefore = this.events.filter((e) => e.type === "hand_dealt").length;
    this.events.push(...m.events);
    this.fresh = [...(this.fresh ?? []), ...m.events];
    if (live) this.watchDeals(m.events, dealtBefore);
    this.observation = m.observation;
    return true;
  }

  /** The events just shown dealt the next hand (or, from the start, the next game): the dialogs of the last close.
   * @param {JassEvent[]} fresh
   * @param {number} from
   */
  newHand(fresh, from) {
    if (fresh.some((e) => e.type === "hand_dealt")) {
      dialogById("dlg-hand")?.close();
      dialogById("dlg-over")?.close();
    }
    // the host plays again with the same table: a new game in this page's history
    if (from === 0 && this.shown && fresh[0]?.type === "hand_dealt" && fresh[0].hand_no === 1) {
      this.startedAt = new Date().toISOString();
    }
  }

  /** The first state: this page is at the table (the join dialog closes, the screen stays awake). */
  atTable() {
    if (this.status === "playing") return;
    this.status = "playing";
    keepAwake(true);
    this.reactions.mount();
    this.screen();
  }

  /** What the table animates of the events just come: a page's first table, firstShown; a stream from 0, none.
   * @param {JassEvent[]} fresh
   * @param {number} from
   */
  animated(fresh, from) {
    if (!this.shown) return firstShown(fresh);
    return from === 0 ? [] : fresh;
  }

  /** Another seat's reaction, shown by that seat.
   * @param {Peer<"react">} m
   */
  onReact(m) {
    if (m.seat !== this.seat) this.reactions.show(m.seat, m.reaction);
  }

  /** A seat away or back: the host's gone ends the table; the other friend's shows as on the host's table.
   * @param {Peer<"away"|"rejoin">} m
   */
  onPresence(m) {
    if (m.type === "away" && m.seat === 0) {
      this.lost();   // the host's tab closed or reloads: its table is gone (a new invite brings this seat back)
      return;
    }
    if (m.seat === this.seat) return;
    // every page shows each seat's connection: the other friend's away mark as on the host's table
    const away = m.type === "away";
    if (away) store.ui.away.add(m.seat);
    else store.ui.away.delete(m.seat);
    this.controller.renderer.invalidate();
    const msg = t(away ? "friends.status.away" : "friends.back", { name: this.names[m.seat] ?? "" });
    toast(msg, away ? "error" : "info", 5000);
    announce(msg);
  }

  /** The host closed the table. */
  onBye() {
    this.status = "over";
    keepAwake(false);
    this.reactions.unmount();
    this.keep();   // closed part-way: in this page's history as unfinished (a finished game stays finished)
    const msg = t("join.over", { host: this.host() });
    toast(msg, "info", 60_000);
    announce(msg);
  }

  /**
   * New events seen live: a hand dealt without this page's secret among those that made its seed is said at once
   * (the host ran no fair deal, or left this page out); a hand over whose secrets do not follow is said too.
   * Hands are numbered by their order in the game (`hand_no` of the fair deal's messages).
   * @param {JassEvent[]} events
   * @param {number} dealtBefore
   */
  watchDeals(events, dealtBefore) {
    let n = dealtBefore;
    for (const e of events) {
      if (e.type === "hand_dealt") {
        n += 1;
        const round = this.rounds.get(n);
        if (!round?.dealt) this.fairFault(n, "not_run", 0);
      } else if (e.type === "hand_over") {
        const round = this.rounds.get(n), handNo = n;
        if (round?.dealt && !round.secrets && !round.fault) {
          clearTimeout(round.withheld);
          round.withheld = setTimeout(() => {
            if (!round.secrets && !round.fault && this.status !== "over") this.fairFault(handNo, "withheld", 0);
          }, SECRETS_WAIT_MS);
        }
      }
    }
  }

  /**
   * The fair deal of dealt hand `hand_no` (docs/peer.md), every message checked by this page's engine first: the
   * host's `commit` (this page answers with its own commitment), every peer's commitment (this page checks the host's
   * and its own, and only then reveals its secret, to the host alone), the seats whose secrets made the seed (`dealt`:
   * this page's must be among them), and once the hand is over every secret (each checked against its commitment;
   * the hand review re-deals from them). Anything that does not match is a warning now and in that hand's review.
   * @param {Peer<"commit"|"commitments"|"dealt"|"secrets">} m
   */
  async fairMessage(m) {
    if (m.type === "commit") { await this.fairCommit(m); return; }
    const round = this.rounds.get(m.hand_no);
    if (!round || round.fault) return;
    if (m.type === "commitments" && !round.commitments) this.fairCommitments(m, round);
    else if (m.type === "dealt" && round.commitments && !round.dealt) this.fairDealt(m, /** @type {Committed} */ (round));
    else if (m.type === "secrets" && round.dealt && !round.secrets) await this.fairSecrets(m, /** @type {Dealt} */ (round));
  }

  /** The host's commitment: this page's secret made and its commitment sent.
   * @param {Peer<"commit">} m
   */
  async fairCommit(m) {
    // the host plays again with the same table (rematch): a new game, whose fair deals start afresh
    if (m.hand_no === 1 && store.view?.phase === "game-over") this.rounds.clear();
    // a round asked again (the host's page reloaded before it dealt) gets a fresh secret; once this page revealed
    // for that hand it keeps that round, so a host cannot re-run a deal it did not like (its review would warn)
    if (this.rounds.get(m.hand_no)?.revealed) return;
    const secret = newSecret(), mine = await commitmentOf(secret);
    this.rounds.set(m.hand_no, { secret, mine, host: m.commitment });
    this.send("commit", { hand_no: m.hand_no, commitment: mine });
  }

  /** Every peer's commitment: the host's and this page's as they were sent, and only then this page's secret.
   * @param {Peer<"commitments">} m
   * @param {Round} round
   */
  fairCommitments(m, round) {
    const { seats } = m;
    round.seats = [...seats];
    round.commitments = [...m.commitments];
    const at = (/** @type {number} */ seat) => m.commitments[seats.indexOf(seat)];
    if (at(0) !== round.host) this.fairFault(m.hand_no, "commitment_mismatch", 0);
    else if (at(this.seat) !== round.mine) this.fairFault(m.hand_no, "commitment_mismatch", this.seat);
    else {
      round.revealed = true;
      this.send("reveal", { hand_no: m.hand_no, secret: round.secret });
    }
  }

  /** The seats whose secrets made the seed: those that committed, less a friend who fell silent.
   * @param {Peer<"dealt">} m
   * @param {Committed} round
   */
  fairDealt(m, round) {
    const { seats } = m;
    if (!seats.every((x) => round.seats.includes(x))) { this.fairFault(m.hand_no, "bad_fair", 0); return; }
    round.dealt = [...seats];
    if (round.revealed && !seats.includes(this.seat)) this.fairFault(m.hand_no, "left_out", 0);
  }

  /** Every secret, once the hand is over: the same seats as dealt, and each secret the one its commitment promised
   *  (this page's own among them).
   * @param {Peer<"secrets">} m
   * @param {Dealt} round
   */
  async fairSecrets(m, round) {
    const { seats } = m;
    clearTimeout(round.withheld);
    if (seats.join() !== round.dealt.join()) { this.fairFault(m.hand_no, "bad_fair", 0); return; }
    round.commitments = seats.map((x) => round.commitments[round.seats.indexOf(x)]);
    round.seats = [...seats];
    round.secrets = [...m.secrets];
    for (const [i, secret] of m.secrets.entries()) {
      if ((await commitmentOf(secret)) !== round.commitments[i]) {
        this.fairFault(m.hand_no, "commitment_mismatch", seats[i]);
        return;
      }
    }
  }

  /** A fair deal that does not add up: a warning now (naming the seat), and the same line in the hand's review.
   * @param {number} handNo
   * @param {string} code
   * @param {number} seat
   */
  fairFault(handNo, code, seat) {
    const round = this.rounds.get(handNo) ?? {};
    this.rounds.set(handNo, round);
    if (round.fault) return;
    round.fault = { verified: false, code, params: { seat } };
    const msg = t(`review.fair.${code}`, { name: this.names[seat] ?? "" });
    toast(msg, "error", 12_000);
    announce(msg);
  }

  /** The hand review's line for hand `i` of the game (its hand_no is i + 1): re-dealt by this page's engine; a hand
   *  this page cannot check says so (never no line).
   * @param {number} i
   * @param {object} record
   */
  async verify(i, record) {
    const round = this.rounds.get(i + 1);
    if (round?.fault) return round.fault;
    if (!round?.dealt) return { verified: false, code: "not_run", params: { seat: 0 } };
    // the secrets follow the hand's last state: a review opened at once waits for them (at most as long as the table)
    for (let waited = 0; !round.secrets && !round.fault && waited < SECRETS_WAIT_MS; waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
    }
    if (round.fault) return round.fault;
    if (!round.secrets) return { verified: false, code: "withheld", params: { seat: 0 } };
    const r = await this.controller.verifyDeal(round.commitments, round.secrets, record);
    if (!r?.ok) return null;
    return Number.isInteger(r.params?.peer) ? { ...r, params: { ...r.params, seat: round.seats?.[r.params.peer] } } : r;
  }

  /** The hand records of the hands played to the end, as the host's engine put them in its `hand_over` events (a
   *  finished hand's record: every card of it has been played, so the table has seen them all): the review, the coach. */
  records() {
    return this.events.flatMap((e) => (e.type === "hand_over" && e.record ? [e.record] : []));
  }

  /** The game into this page's history, seen from its own seat (its statistics are its own): finished, or closed by
   *  the host part-way. */
  keep() {
    const v = store.view;
    if (!v || !this.startedAt || (v.phase !== "game-over" && this.status !== "over" && this.status !== "lost")) return;
    // a game the host closed part-way is kept too, as unfinished ("abandoned", as a game left part-way at home)
    const status = v.phase === "game-over" ? "finished" : "abandoned";
    recordGame(entryFromSeat({
      id: this.startedAt, status, ended_at: new Date().toISOString(), ...(v.game && v.game !== "mittlere" ? { game: v.game } : {}),
      hands_total: v.hands_total, bots: v.players.slice(1).map(() => PERSON), seed: "", names: v.players.map((p) => p.name),
      net: [...v.scores.net], winners: v.winners,
      shared: false, undo: false, records: this.records(),
      results: store.history.map((h) => ({ case: h.case, settlement: [...h.settlement], card_points: [...h.card_points], tricks: [...h.tricks] })),
    }, this.seat));
  }

  /**
   * The controller's way to play: the card goes to the host, whose engine checks and plays it. It is answered by a
   * state (the card played, or the table as it was when the host refused or dropped it); with no answer in
   * CARD_WAIT_MS, or no link to send it on, the hand is the player's again with a message: nothing stays busy.
   * @param {string} card
   */
  play(card) {
    clearTimeout(this.cardTimer);
    if (!this.link?.open) { this.cardBack(); return; }
    this.send("card", { card });
    this.sent = card;
    this.cardTimer = setTimeout(() => { this.sent = null; this.cardBack(); }, CARD_WAIT_MS);
  }

  /** The card sent was not taken (refused, dropped, or no answer): said, and the hand may play again. */
  cardBack() {
    const msg = t("msg.cardBack", { host: this.host() });
    toast(msg, "error", 8000);
    announce(msg);
    this.controller.cardUnanswered();
  }
}
