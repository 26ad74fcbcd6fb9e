// @ts-check
// Play with friends, the host's side: the dialog (each other seat a friend or a bot, an invite per friend with a
// link, a copy button and a QR code, the reply field, Start), one WebRTC link per friend, and the game: every
// friend's message is checked by the engine (peer_check) before any use and refused with a notice; the fair deal
// before every hand; after every change each friend gets exactly what its seat may see (the engine's `guest`
// answer, forwarded as a `state` message); a friend who drops is shown as away, a bot may stand in, a new invite
// brings the friend back to the same seat. The engine's door stays the controller (its play-together methods).
import { announce, toast } from "../ui/a11y.js";
import { modal } from "../saves/save-ui.js";
import { el } from "../ui/dom.js";
import { addGameOverNote, addHandOverNote } from "../ui/dialogs.js";
import { levelName, refusalText, t } from "../i18n/i18n.js";
import { gameInfo, nameOf, store } from "../game/store.js";
import { FAIR_KEY, parseRounds } from "./fair.js";
import { CodeError, decodeReply, encodeInvite, inviteUrl } from "./invite.js";
import { drawQr } from "./qr.js";
import { RtcLink } from "./rtc.js";
import { scanButton } from "./scan.js";
import { Throttle } from "./throttle.js";
import { keepAwake } from "./wake.js";
import { transport } from "../game/transport.js";
import { COOLDOWN_MS, Reactions } from "./react.js";

/** @typedef {import("../engine/protocol.js").PeerMessage} PeerMessage */
/** @typedef {import("../engine/protocol.js").Event} JassEvent */
/** @typedef {import("../engine/protocol.js").View} View */
/** @typedef {import("../engine/protocol.js").ErrorAnswer} ErrorAnswer */
/** @typedef {import("../engine/protocol.js").FairAnswer} FairAnswer */
/** @typedef {import("../engine/protocol.js").GuestAnswer} GuestAnswer */
/** @typedef {import("../engine/protocol.js").PeerCheckAnswer} PeerCheckAnswer */
/** @typedef {import("../engine/protocol.js").VerifyDealAnswer} VerifyDealAnswer */
/** @template {PeerMessage["type"]} K @typedef {Extract<PeerMessage, {type: K}>} Peer */
/**
 * The controller as the play-together pages use it: with the fields its constructor fills with Object.assign
 * (controller.js is not type-checked yet, so they are not declared there).
 * @typedef {import("../game/controller.js").Controller & {
 *   renderer: ConstructorParameters<typeof Reactions>[0]["renderer"], session: object,
 *   lobby: (seats: object[], names: string[], game: string) => Promise<unknown>}} PeerController
 */
/** This visit's settings, as far as a table with friends reads them (main.js's `session`).
 * @typedef {{name?: string, hands?: number|string, game?: string}} PeerSettings */
/**
 * A friend's link: rtc.js's RtcLink, whose onMessage gets the text (rtc.js, not type-checked yet, says `() => void`).
 * @typedef {Omit<RtcLink, "onMessage"> & {onMessage: (text: string) => void}} Link
 */
/**
 * A seat other than the host's, at the dialog and during the game: a friend's (mode FRIEND) or a bot's level.
 * @typedef {object} Seat
 * @property {string} mode       FRIEND or a bot level
 * @property {"invite"|"connecting"|"failed"|"here"|"away"|"bot"} status
 * @property {string|null} [name]   the friend's (its hello's, told from the others' names)
 * @property {Throttle} [throttle]
 * @property {Link|null} [link]
 * @property {string|null} [code]   its invite's code
 * @property {Awaited<ReturnType<RtcLink["offer"]>>} [offer]
 * @property {number} [nonce]   its invite's own number
 * @property {number} [seq]     the next message's sequence number
 * @property {number} [next]    the index of the next event its stream sends
 * @property {number} [lastSeq] the last of its messages the engine accepted
 * @property {Promise<void>} [queue]  what goes to it, in order
 * @property {number} [ready]   the hand it is ready for
 * @property {number} [lastDrop]  when the throttle last dropped one of its messages
 * @property {number} [reactedAt]
 * @property {ReturnType<typeof setTimeout>} [timer]       its reply's wait to connect
 * @property {ReturnType<typeof setTimeout>} [floodTimer]
 */
/**
 * The fair deal under way (fairRound): whom it waits for, and how the wait ends.
 * @typedef {{handNo: number, waiting: number[], done?: () => void, timer?: ReturnType<typeof setTimeout>}} FairWait
 */
/** A dealt hand's fair deal as kept (fair.js's parseRounds reads them back).
 * @typedef {{handNo: number, order: number[], commitments: string[], secrets: string[]}} KeptRound */

const FRIEND = "friend";
/** @param {string} id */
const dialogById = (id) => /** @type {HTMLDialogElement|null} */ (document.getElementById(id));
/** @param {string} id */
const inputById = (id) => /** @type {HTMLInputElement|null} */ (document.getElementById(id));
const FAIR_WAIT_MS = 20_000;   // a friend who sends no commitment or secret in this time is left out of the deal
const FLOOD_QUIET_MS = 2_000;  // a flood is over once no message of that friend was dropped for this long
const FLOOD_ANSWER_MS = 250;   // the friend's table is sent again this long after its last dropped message
const NOTICES_MAX = 50;        // the notices kept (the list tests and screen readers read): the latest
const FOLD_AFTER_COPY_MS = 1500;   // the away bar's invite folds away this long after its link was copied or shared
const HEARD_MAX = 30;          // the friends' latest messages kept in short (what the host heard, for the tests' accounts)

/** A copy button for `text()` (the clipboard where allowed, else the text selected for the player to copy).
 * @param {() => string} text
 * @param {HTMLInputElement} [field]
 */
export function copyButton(text, field) {
  const b = el("button", { type: "button", text: t("friends.copy") });
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text());
      b.textContent = t("friends.copied");
    } catch {
      field?.select();
    }
  });
  return b;
}

/** An invite or a reply: a read-only field with the text, a copy button and its QR code on a canvas.
 * @param {string} text
 * @param {string} attr  the attribute that holds it (tests find it so)
 * @param {string} label
 */
export function codeBox(text, attr, label) {
  const field = el("input", { type: "text", readonly: true, value: text, "aria-label": label, class: "code" });
  const canvas = el("canvas", { class: "qr", role: "img", "aria-label": t("friends.qr") });
  drawQr(canvas, text);
  // Share where the browser has the Web Share API (a phone's share sheet: the messaging app the friends already use)
  const share = "share" in navigator ? el("button", { type: "button", "data-action": "share-code", text: t("friends.share") }) : null;
  share?.addEventListener("click", () => { navigator.share({ text }).catch(() => { /* the player closed the sheet */ }); });
  const box = el("div", { class: "code-box", [attr]: text }, el("div", { class: "code-row" }, field, copyButton(() => text, field), share), canvas);
  return box;
}

/** What the host does with each kind of a friend's messages (checked first: Host.received); any other is ignored
 *  (a rejoin asks nothing more: its new link's opening brought the friend back, linked).
 * @type {{[K in PeerMessage["type"]]?: (host: Host, seat: number, m: Peer<K>) => unknown}} */
const FROM_FRIEND = {
  hello: (host, seat, m) => host.onHello(seat, m),
  commit: (host, seat, m) => { host.fairMessage(seat, m); },
  reveal: (host, seat, m) => { host.fairMessage(seat, m); },
  react: (host, seat, m) => host.onReact(seat, m),
  ready: (host, seat, m) => host.onReady(seat, m),
  card: (host, seat, m) => host.onCard(seat, m),
  bye: (host, seat) => host.gone(seat),
};

export class Host {
  /** @param {{controller: PeerController, settings: PeerSettings}} deps */
  constructor({ controller, settings }) {
    this.controller = controller;
    this.settings = settings;
    /** @type {Map<number, Seat>} */
    this.seats = new Map();   // seat -> {mode: "friend" | level, link, code, status, name, throttle, next, queue}
    this.table = 0;
    this.active = false;      // a game with friends is on
    this.hosting = false;     // the dialog or a game with friends is on
    this.starting = false;    // Start (or a rematch) is dealing the first hand
    /** @type {{seat: number, code: string, text: string}[]} */
    this.notices = [];
    /** @type {string[]} */
    this.heard = [];
    /** @type {KeptRound[]} */
    this.rounds = [];         // per dealt hand: {commitments, secrets} of the fair deal
    /** @type {FairWait|null} */
    this.fair = null;
    /** @type {string|null} the game's seed (its first hand's): the key of its stored proofs */
    this.game = null;
    this.name = "";           // the host's
    /** @type {string} the game of the table (hello's games) */
    this.gameId = "mittlere";
    /** @type {number|null} the dialog's number of hands */
    this.handsChoice = null;
    /** @type {string|undefined} the reply being typed in the dialog */
    this.draft = undefined;
    /** @type {string} whom Start waits for */
    this.startStatus = "";
    /** @type {number|null} the seat whose invite is open in the away bar */
    this.openInvite = null;
    /** @type {Map<string, number>|undefined} when each friend's refusal was last a toast */
    this.toastedAt = undefined;
    /** @type {HTMLDialogElement|undefined} */
    this.dialog = undefined;
    /** @type {{stateBytes: number[], acceptedAt: Record<number, number>, connectedAt: Record<number, number>}} */
    this.stats = { stateBytes: [], acceptedAt: {}, connectedAt: {} };
    // while a table with friends is on: this page's engine runs the game, each hand dealt by the fair deal, whose
    // proof the hand review checks
    this.transport = transport({
      kind: "host",
      dealSeed: (handNo) => this.fairRound(handNo),
      verifyDeal: (i, record) => this.verify(i, record),
    });
    controller.on("applied", (/** @type {JassEvent[]} */ events) => {
      this.forwardAll();
      // the hand's last card: now, and only now, every friend may learn the secrets that dealt it
      if (this.active && events.some((e) => e.type === "hand_over")) this.releaseSecrets(controller.journal.hands.length);
    });
    controller.on("newGame", () => { if (!this.starting) this.stop(); });
    // the host's language renamed the bots' default names: every friend's table calls them so too
    controller.on("renamed", () => {
      if (this.active) this.tellNames();
    });
    // another tab of this device took the game over: it resumes the table and invites the friends again; this tab
    // lets its links go at once (no bye: the table is not closed), so no friend's card reaches two games
    controller.on("elsewhere", () => this.stop({ bye: false }));
    controller.on("settled", (/** @type {View|null} */ v) => {
      if (!this.active && !this.hosting && v?.players?.some((p) => p.kind === "remote")) this.resumeTable(v);
    });
    // at the game's end with friends still at the table: play again, same table, same links (no new invites)
    addGameOverNote(() => {
      if (!this.active || !this.friendsHere().length) return null;
      const again = el("button", { type: "button", id: "btn-rematch", class: "primary", text: t("friends.rematch") });
      again.addEventListener("click", () => { dialogById("dlg-over")?.close(); this.rematch(); });
      return el("p", { class: "rematch" }, again);
    });
    // reactions: the host's own go to every friend; a friend's is checked, shown and passed on to the others
    this.reactions = new Reactions({
      send: (reaction) => { for (const s of this.friendsHere()) this.send(s, "react", { seat: 0, reaction }); },
      renderer: controller.renderer, nameOf: (s) => this.seatName(s),
    });
    // after a hand: who of the friends is ready for the next one (the host may deal anyway)
    addHandOverNote(() => this.readyList());
    // this tab closes or reloads: the friends hear it now (their tables say the link is gone at once, not when the
    // browser gives the link up half a minute later); a reload resumes the table and invites them again
    window.addEventListener("pagehide", () => {
      if (this.active) for (const s of this.friendsHere()) this.send(s, "away", { seat: 0 });
    });
    window.__jassPeer = this;   // tests and measurements read it
  }

  /** The friends' readiness for the next hand, as a list (updated in place as each one says it is ready). */
  readyList() {
    if (!this.active) return null;
    const next = this.controller.journal.hands.length + 1;
    const friends = this.friendsHere();
    if (!friends.length) return null;
    return el("ul", { id: "ready-list", class: "ready-list" }, friends.map((seat) => {
      const ready = this.seatOf(seat).ready === next;
      const text = t(ready ? "friends.ready" : "friends.reading", { name: this.seatName(seat) });
      return el("li", { "data-ready-seat": seat, "data-ready": String(ready), text });
    }));
  }

  /** `new_game`'s seats for a table with `friends` (the others bots of their seat's level).
   * @param {number[]} friends
   */
  tableSeats(friends) {
    const level = (/** @type {number} */ s) => this.seatOf(s).mode;
    return [{ kind: "me" }, ...this.otherSeats().map((s) => (friends.includes(s) ? { kind: "remote" } : { kind: "bot", level: level(s) }))];
  }

  /** The game of the table (Mittlere, or a game of four) and its seats other than the host's, 1 and up. */
  gameSpec() { return { seats: 3, ...gameInfo(this.gameId) }; }
  otherSeats() { return Array.from({ length: this.gameSpec().seats - 1 }, (_, k) => k + 1); }

  /** Every friend here hears the table's names as they are now (a `hello`). */
  tellNames() { for (const s of this.friendsHere()) this.send(s, "hello", { seat: s, names: this.names() }); }

  /** The seat `seat` of this table (the dialog's, a link's, a friend's here: there).
   * @param {number} seat
   * @returns {Seat} */
  seatOf(seat) { return /** @type {Seat} */ (this.seats.get(seat)); }

  /** The seats of the friends at the table now (connected). */
  friendsHere() { return [...this.seats].filter(([, x]) => x.mode === FRIEND && x.status === "here").map(([s]) => s).sort(); }

  /**
   * Play again with the same table: the friends here keep their seats and their links (a friend away is replaced by
   * a bot, as at Start); a new game, dealt by a new fair deal, and each friend's stream from its start.
   */
  async rematch() {
    const view = store.view;
    if (this.starting || !this.active || !view) return;
    this.starting = true;
    const friends = this.friendsHere(), names = view.players.map((p) => p.name);
    this.botsInstead(friends, view);
    const seats = this.tableSeats(friends);
    this.rounds = [];
    this.game = null;
    const seed = friends.length ? await this.fairRound(1) : null;
    for (const s of friends) this.seatOf(s).next = 0;   // the new game's stream from its start
    await this.controller.startGame({
      ...this.controller.session, game: this.gameId, hands: store.view?.hands_total, seats, names, practice: false, seed: seed ?? "",
    });
    this.starting = false;
    this.renderBar();
  }

  /** A rematch's seats of the friends not here: bots, of the level that stood in (else the seat's, else the default).
   * @param {number[]} friends  the friends here
   * @param {View} view  the game's
   */
  botsInstead(friends, view) {
    for (const s of this.otherSeats()) {
      const x = this.seats.get(s);
      const level = view.players[s].bot ?? (x?.mode === FRIEND ? null : x?.mode) ?? store.hello?.defaults?.bots?.[s - 1] ?? "normal";
      if (x && !friends.includes(s)) { x.link?.close(); Object.assign(x, { mode: level, status: "bot", link: null, code: null }); store.ui.away.delete(s); }
    }
  }

  // -- the dialog ------------------------------------------------------------------------------------------------
  /** The dialog, with the game's settings as New game had them (`hands`, `name`: what its form held). */
  /** @param {{hands?: number|string|null, name?: string|null, game?: string|null, asked?: boolean}} [opts] */
  async open({ hands = null, name = null, game = null, asked = false } = {}) {
    if (!asked && !(await this.controller.mayLeave())) return;
    this.stop();
    this.table = 1 + Math.floor(Math.random() * 65000);
    this.name = (name || this.settings.name || "").trim() || t("friends.hostName");
    this.handsChoice = Number(hands) || null;
    // the game New game had chosen (or the last one played): its seats are the friends' and the bots'
    const wanted = game ?? this.settings.game;
    this.gameId = wanted && store.hello?.games?.[wanted] ? wanted : "mittlere";
    for (const s of this.otherSeats()) this.seats.set(s, { mode: FRIEND, status: "invite", name: null, throttle: new Throttle() });
    this.hosting = true;
    await this.relobby();
    this.render();
    for (const s of this.otherSeats()) this.invite(s);
  }

  /** The engine's table before the game: friends' seats, so that their first messages are checked too. */
  relobby() {
    const seats = [{ kind: "me" }, ...this.otherSeats().map((s) => {
      const { mode } = this.seatOf(s);
      return mode === FRIEND ? { kind: "remote" } : { kind: "bot", level: mode };
    })];
    return this.controller.lobby(seats, this.names(), this.gameId);
  }

  /** `name` for the friend at `seat`, told from the table's other names (case aside): "Bea (2)" beside a "Bea".
   * @param {number} seat
   * @param {string} name
   */
  distinctName(seat, name) {
    const others = this.names().filter((_, s) => s !== seat).map((n) => n.toLocaleLowerCase());
    let out = name;
    for (let k = 2; others.includes(out.toLocaleLowerCase()); k++) out = `${name.slice(0, (store.hello?.limits?.name_max_len ?? 24) - 4)} (${k})`;
    return out;
  }

  names() {
    if (this.active && store.view?.players) {
      const friendName = (/** @type {number} */ s) => (this.seats.get(s)?.mode === FRIEND ? this.seats.get(s)?.name : null);
      return store.view.players.map((p, s) => (s === 0 ? this.name : friendName(s) || p.name));
    }
    return [this.name, ...this.otherSeats().map((s) => {
      const x = this.seatOf(s);
      return x.mode === FRIEND ? x.name || t("friends.friend", { n: s }) : t("name.bot", { level: levelName(x.mode) });
    })];
  }

  /**
   * @param {number} seat
   */
  async invite(seat) {
    const x = this.seatOf(seat);
    x.link?.close();
    /** @type {Link} */
    const link = new RtcLink();
    // each invite has its own number: a reply to an older one (the friend opened an old link) is refused at once
    Object.assign(x, { link, code: null, status: "invite", seq: 0, next: 0, nonce: 1 + Math.floor(Math.random() * 65535) });
    this.renderOrBar();
    link.onOpen = () => this.linked(seat, link);
    link.onMessage = (text) => { if (x.link === link) this.received(seat, text); };
    link.onClose = () => { if (x.link === link) this.gone(seat); };
    x.offer = await link.offer();
    if (x.link !== link) return;
    this.encode(seat);
    this.renderOrBar();
  }

  /** The seat's invite code, with the table's names as they are now (the offer stays).
   * @param {number} seat
   */
  encode(seat) {
    const x = this.seatOf(seat);
    if (x.nonce == null || !x.offer) return;   // (the invite's offer is made first)
    x.code = encodeInvite({ seat, names: this.names(), hands: this.hands(), table: this.table, nonce: x.nonce, seq: (x.lastSeq ?? -1) + 1, offer: x.offer });
  }

  /** The names changed (the host's, a friend's): the invites not answered yet say the new ones. */
  renamed() {
    for (const [s, x] of this.seats) if (x.mode === FRIEND && x.offer && x.status === "invite") this.encode(s);
    this.render();
  }

  hands() { return this.handsChoice || Number(this.settings.hands) || store.hello?.defaults?.hands || 12; }

  render() {
    if (!this.hosting || this.active) return;
    const levels = store.hello?.levels ?? [];
    const body = [
      el("p", { class: "help", text: t("friends.help") }),
      el("label", {}, el("span", { text: t("new.you") }), this.nameField()),
      el("label", {}, el("span", { text: t("new.game") }), this.gameField()),
      this.gameSpec().open_ended ? null : el("label", {}, el("span", { text: t("new.hands") }), this.handsField()),
      ...this.otherSeats().map((s) => this.seatRow(s, levels)),
      ...this.replyField(),
      el("p", { class: "help", text: t("friends.network") }),
    ];
    const cancel = el("button", { type: "button", text: t("btn.cancel") });
    cancel.addEventListener("click", () => { this.dialog?.close(); this.cancel(); });
    const start = el("button", { type: "button", class: "primary", "data-action": "start-table", text: t("friends.start") });
    start.addEventListener("click", () => this.start());
    if (this.starting) start.disabled = true;
    body.push(el("p", { id: "fr-start-status", class: "fr-status", "aria-live": "polite", text: this.startStatus ?? "" }));
    const focus = document.activeElement?.id;
    const dismissible = !this.active;
    this.dialog = modal("dlg-friends", t("friends.title"), body, this.active ? [] : [cancel, start], { dismissible, wide: true });
    this.dialog.onclose = () => { if (!this.active && this.hosting && !this.starting) this.cancel(); };
    if (focus) document.getElementById(focus)?.focus();
  }

  /** The dialog's row for `seat`: a friend or a bot of a level (`levels`), and a friend's invite and status.
   * @param {number} seat
   * @param {string[]} levels
   */
  seatRow(seat, levels) {
    const x = this.seatOf(seat);
    const sel = el("select", { id: `fr-seat${seat}`, "data-seat-choice": seat },
      el("option", { value: FRIEND, text: t("friends.friend", { n: seat }) }),
      levels.map((l) => el("option", { value: l, text: t("name.bot", { level: levelName(l) }) })));
    sel.value = x.mode;
    sel.disabled = this.active;
    sel.addEventListener("change", async () => {
      x.link?.close();
      Object.assign(x, { mode: sel.value, link: null, code: null, status: "invite", name: null });
      await this.relobby();
      this.render();
      if (x.mode === FRIEND) this.invite(seat);
    });
    const friend = x.mode === FRIEND;
    const status = friend ? el("p", { class: "fr-status", "data-status": x.status, text: this.statusText(seat) }) : null;
    const again = friend && x.code && x.status !== "here";
    return el("fieldset", { class: "fr-seat", "data-seat-row": seat },
      el("legend", { text: t("friends.seat", { n: seat }) }),
      el("label", {}, el("span", { text: t("friends.who") }), sel), status,
      friend ? this.seatInvite(seat) : null, again ? this.newInviteButton(seat) : null);
  }

  /** A friend's seat's invite in the dialog (while it is not here), or that it is being made.
   * @param {number} seat
   */
  seatInvite(seat) {
    const x = this.seatOf(seat);
    if (!x.code) return el("p", { class: "help", text: t("friends.preparing") });
    if (x.status === "here") return null;
    return el("div", { "data-invite": inviteUrl(x.code), class: "fr-invite" },
      el("p", { class: "help", text: t("friends.inviteHelp", { n: seat }) }),
      codeBox(inviteUrl(x.code), "data-invite-url", t("friends.invite", { n: seat })));
  }

  /** The reply field, its Accept and Scan buttons, and its help. The dialog is built again when a friend's state
   *  changes: what the host was typing stays. */
  replyField() {
    const reply = el("input", {
      type: "text", id: "fr-reply", "data-reply-input": true, autocomplete: "off", spellcheck: "false",
      "aria-describedby": "fr-reply-help", value: this.draft ?? "",
    });
    reply.addEventListener("input", () => { this.draft = reply.value; });
    const accept = el("button", { type: "button", "data-action": "accept-reply", text: t("friends.accept") });
    accept.addEventListener("click", () => this.acceptReply(reply.value, reply));
    reply.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); accept.click(); } });
    return [
      el("label", { class: "stack" }, el("span", { text: t("friends.reply") }), el("span", { class: "code-row" }, reply, accept,
        scanButton((/** @type {string} */ code) => this.acceptReply(code, inputById("fr-reply"))))),
      el("p", { id: "fr-reply-help", class: "help", text: t("friends.replyHelp") }),
    ];
  }

  /** The host's own name: every friend's table and the invites not answered yet take a new one. */
  nameField() {
    const me = el("input", { type: "text", id: "fr-name", value: this.name, maxlength: store.hello?.limits?.name_max_len ?? 24, autocomplete: "nickname" });
    me.disabled = this.active;
    me.addEventListener("change", async () => {
      const v = me.value.trim();
      if (!v || v === this.name) return;
      this.name = this.settings.name = v;
      this.tellNames();
      await this.relobby();
      this.renamed();
    });
    return me;
  }

  /** The game's length: the invites say it, and Start plays it. */
  handsField() {
    const choices = [...new Set([...(store.hello?.defaults?.hands_choices ?? [3, 6, 9, 12, 24]), this.hands()])].sort((a, b) => a - b);
    const hands = el("select", { id: "fr-hands" }, choices.map((n) => el("option", { value: n, text: String(n) })));
    hands.value = String(this.hands());
    hands.addEventListener("change", () => { this.handsChoice = Number(hands.value); this.renamed(); });
    return hands;
  }

  /** The game: another one seats another number of friends (the dialog again, with new invites for the new table). */
  gameField() {
    const games = Object.keys(store.hello?.games ?? { mittlere: {} });
    const game = el("select", { id: "fr-game" }, games.map((id) => el("option", { value: id, text: t(`game.${id}`) })));
    game.value = this.gameId;
    game.addEventListener("change", () => this.open({ hands: this.handsChoice, name: this.name, game: game.value, asked: true }));
    return game;
  }

  /**
   * @param {number} seat
   */
  statusText(seat) {
    const x = this.seatOf(seat), name = x.name || t("friends.friend", { n: seat });
    return t(`friends.status.${x.status}`, { name });
  }

  /**
   * @param {string} text
   * @param {HTMLInputElement|null} field
   */
  acceptReply(text, field) {
    let rep;
    try {
      rep = decodeReply(text);
    } catch (e) {
      if (!(e instanceof CodeError)) throw e;
      return this.badReply(field);
    }
    const x = this.seats.get(rep.seat);
    if (rep.table !== this.table || !x?.link || x.mode !== FRIEND) return this.badReply(field);
    const name = this.active ? this.seatName(rep.seat) : x.name || t("friends.friend", { n: rep.seat });
    // a reply to an older invite (its link reopened, or its page reloaded after copying): refused at once, and the
    // seat stays ready for the right one; a seat already here or connecting takes no second reply
    if (rep.nonce !== x.nonce) return this.badReply(field, t("friends.staleReply", { name }));
    if (x.status === "here" || x.status === "connecting") return this.badReply(field, t(`friends.status.${x.status}`, { name }));
    this.draft = "";
    if (field) field.value = "";
    x.status = "connecting";
    this.stats.acceptedAt[rep.seat] = performance.now();
    x.link.accept(rep.answer).catch(() => { x.status = "failed"; this.renderOrBar(); });
    this.renderOrBar();
    clearTimeout(x.timer);
    x.timer = setTimeout(() => {
      if (x.status === "connecting") { x.status = "failed"; this.renderOrBar(); toast(this.statusText(rep.seat), "error", 12_000); }
    }, 20_000);
  }

  /**
   * @param {HTMLInputElement|null} field
   * @param {string} [why]
   */
  badReply(field, why = t("friends.badReply")) {
    toast(why, "error", 10_000);
    announce(why);
    field?.focus();
  }

  /** A New invite button for a friend's seat: a fresh offer and link (the old invite's reply is refused from now).
   * @param {number} seat
   */
  newInviteButton(seat) {
    const b = el("button", { type: "button", "data-action": "new-invite", "data-seat": seat, text: t("friends.newInvite") });
    b.addEventListener("click", () => { this.invite(seat); });
    return b;
  }

  renderOrBar() { if (this.active) this.renderBar(); else this.render(); }

  /** Host stopped hosting before the game: the links close and the engine takes back the game on the page. */
  cancel() {
    this.stop();
    this.controller.rebuildShown();
  }

  stop({ bye = true } = {}) {
    for (const [seat, x] of this.seats) {
      if (bye) this.send(seat, "bye");   // the friends' pages end the table without an alarm
      x.link?.close();
      clearTimeout(x.timer);
    }
    this.seats.clear();
    this.hosting = this.active = false;
    keepAwake(false);
    this.reactions?.unmount();
    this.fair = null;
    this.rounds = [];
    this.game = null;
    this.controller.setTransport(null);
    store.ui.away = new Set();
    document.getElementById("friends-bar")?.remove();
    delete document.body.dataset.host;
  }

  // -- the links ---------------------------------------------------------------------------------------------------
  /**
   * @param {number} seat
   * @param {string} type
   * @param {object} [fields]
   */
  send(seat, type, fields = {}) {
    const x = this.seats.get(seat);
    if (!x?.link?.open) return 0;
    const seq = x.seq ?? 0;
    x.seq = seq + 1;
    const text = JSON.stringify({ v: store.hello?.peer_version, type, seq, ...fields });
    x.link.send(text);
    return text.length;
  }

  /** An engine-made message (`{type, ...fields}`, without v and seq) to the friend at `seat`.
   * @param {number} seat
   * @param {Record<string, unknown>} message
   */
  sendMessage(seat, message) {
    const { type, ...fields } = message;
    return this.send(seat, /** @type {string} */ (type), fields);
  }

  /**
   * @param {number} seat
   * @param {Link} link
   */
  linked(seat, link) {
    const x = this.seatOf(seat);
    if (x.link !== link) return;
    clearTimeout(x.timer);
    x.status = "here";
    x.next = 0;
    this.stats.connectedAt[seat] = performance.now();
    this.send(seat, "hello", { seat, names: this.names() });
    if (this.active) this.back(seat);
    this.renderOrBar();
  }

  /**
   * A friend's message: throttled, then checked by the engine; refused ones are dropped with a notice. Whatever is
   * dropped or refused, the friend gets its table again (a `state`): a card of theirs among them comes back to its
   * hand, so its page never waits for an answer that does not come.
   * @param {number} seat
   * @param {string} text
   */
  async received(seat, text) {
    const x = this.seatOf(seat);
    const now = performance.now();
    this.hear(seat, text, now);
    if (!/** @type {Throttle} */ (x.throttle).take(now)) { this.dropped(seat, now); return; }
    const r = /** @type {PeerCheckAnswer|ErrorAnswer|null} */ (await this.controller.peerCheck(seat, text));
    if (!r) return;
    if ("error" in r) {
      this.notice(seat, r.error.code, refusalText(r.error, (s) => this.friendName(s)));
      this.answer(seat);
      return;
    }
    const m = r.message;
    x.lastSeq = m.seq;   // a new invite for this seat starts above it
    const take = /** @type {((host: Host, seat: number, m: PeerMessage) => unknown)|undefined} */ (FROM_FRIEND[m.type]);
    await take?.(this, seat, m);
  }

  /** What came, in short (the tests' account of a message that seemed lost): the latest HEARD_MAX.
   * @param {number} seat
   * @param {string} text
   * @param {number} now
   */
  hear(seat, text, now) {
    this.heard.push(`${Math.round(now)} ${seat} ${text.slice(0, 60)}`);
    if (this.heard.length > HEARD_MAX) this.heard.shift();
  }

  /** A message the throttle dropped: one notice per flood (a drop after FLOOD_QUIET_MS without one starts a new
   *  flood), and once the flood ebbs (no drop for FLOOD_ANSWER_MS) the friend's table, once.
   * @param {number} seat
   * @param {number} now
   */
  dropped(seat, now) {
    const x = this.seatOf(seat);
    if (x.lastDrop == null || now - x.lastDrop > FLOOD_QUIET_MS) this.notice(seat, "peer_flood", t("friends.flood"));
    x.lastDrop = now;
    clearTimeout(x.floodTimer);
    x.floodTimer = setTimeout(() => this.answer(seat), FLOOD_ANSWER_MS);
  }

  /** A friend's name (its hello): cleaned by the engine's check; another seat's name gets a number.
   * @param {number} seat
   * @param {Peer<"hello">} m
   */
  async onHello(seat, m) {
    const x = this.seatOf(seat);
    const name = this.distinctName(seat, m.names[0]);
    if (name === x.name) return;
    x.name = name;
    if (!this.active) {
      await this.relobby();
      this.renamed();
    } else {
      // the name came after Start (the friend's page was still loading) or changed: the table takes it now
      await this.controller.renameSeat(seat, name);
      this.renderBar();
    }
    this.tellNames();
  }

  /** A friend's reaction: shown, and passed on to the other friends. At most one every COOLDOWN_MS per friend: more
   *  is dropped quietly (a reaction is no game message).
   * @param {number} seat
   * @param {Peer<"react">} m
   */
  onReact(seat, m) {
    const x = this.seatOf(seat);
    const now = performance.now();
    if (now - (x.reactedAt ?? -Infinity) < COOLDOWN_MS) return;
    x.reactedAt = now;
    this.reactions.show(seat, m.reaction);
    for (const s of this.friendsHere()) if (s !== seat) this.send(s, "react", { seat, reaction: m.reaction });
  }

  /** A friend ready for the hand `hand_no`: the list after the hand says so (and the screen reader, for the next).
   * @param {number} seat
   * @param {Peer<"ready">} m
   */
  onReady(seat, m) {
    this.seatOf(seat).ready = m.hand_no;
    document.getElementById("ready-list")?.replaceWith(this.readyList() ?? "");
    if (m.hand_no === this.controller.journal.hands.length + 1) announce(t("friends.ready", { name: this.seatName(seat) }));
  }

  /** A friend's card, played by the engine; refused or not played, the friend's table as it was (its card back).
   * @param {number} seat
   * @param {Peer<"card">} m
   */
  async onCard(seat, m) {
    const p = await this.controller.friendPlays(seat, m.card);
    if (p && "error" in p) {   // the engine's refusal, relayed
      this.notice(seat, p.error.code, refusalText(p.error, (s) => this.friendName(s)));
      this.answer(seat);   // the friend's table as it was: its card is back in its hand
    } else if (!p) this.answer(seat);   // not played (the table never rested, or a new game): its card comes back
  }

  /** A dropped or refused message's answer: the friend's table as it is (during a game, to a friend who is here).
   * @param {number} seat
   */
  answer(seat) {
    const x = this.seats.get(seat);
    if (this.active && x?.mode === FRIEND && x.status === "here") this.forward(seat);
  }

  /** The name a notice gives `seat`: the game's (the table shows it), else the name the friend's page sent (the
   *  host's own for seat 0), else the seat's ("Friend 1"). Never another game's: before the game the page still
   *  shows the game before it, whose seats are other players.
   * @param {number} seat
   */
  friendName(seat) {
    const seated = this.active ? store.view?.players?.[seat] : null;
    if (seated?.name) return seated.name;
    if (seat === 0) return this.name || nameOf(0);
    return this.seats.get(seat)?.name || t("friends.friend", { n: seat });
  }

  /** A refused message: said to the host (a toast, the screen reader, and the list tests read; the latest
   *  NOTICES_MAX of them are kept; the same refusal again and again is one toast).
   * @param {number} seat
   * @param {string} code
   * @param {string} reason
   */
  notice(seat, code, reason) {
    const text = t("friends.refused", { name: this.friendName(seat), reason });
    this.notices.push({ seat, code, text });
    if (this.notices.length > NOTICES_MAX) this.notices.splice(0, this.notices.length - NOTICES_MAX);
    let log = document.getElementById("friends-notices");
    if (!log) {
      log = el("ol", { id: "friends-notices", class: "sr-only", "aria-live": "polite" });
      document.body.append(log);
    }
    log.append(el("li", { "data-code": code, text }));
    while (log.childElementCount > NOTICES_MAX) log.firstElementChild?.remove();
    // one toast for a stream of the same refusal from one friend (a flood of garbled messages passes the throttle at
    // its rate): again only after FLOOD_QUIET_MS without one
    const now = performance.now(), key = `${seat}:${code}`;
    this.toastedAt ??= new Map();
    if (!(now - (this.toastedAt.get(key) ?? -Infinity) <= FLOOD_QUIET_MS)) toast(text, "error", 6000);
    this.toastedAt.set(key, now);
  }

  /** After every change: each friend present gets what its seat may see since its last message. */
  forwardAll() {
    if (!this.active) return;
    for (const [seat, x] of this.seats) if (x.mode === FRIEND && x.status === "here") this.forward(seat);
  }

  /**
   * @param {number} seat
   */
  forward(seat) {
    const x = this.seatOf(seat);
    x.queue = (x.queue || Promise.resolve()).then(async () => {
      // a long stream (a rejoin late in the game) comes from the engine in pieces: one message each, the last with
      // more: false (a data channel message has a size limit; none grows with the game)
      for (let more = true; more && x.link?.open;) {
        const r = /** @type {GuestAnswer|ErrorAnswer|null} */ (await this.controller.guestStream(seat, x.next));
        if (!r?.ok) return;
        const fields = { seat: r.seat, observation: r.observation, events: r.events, next: r.next, more: r.more };
        x.next = r.next;
        more = r.more;
        const bytes = this.send(seat, "state", fields);
        if (r.events.some((e) => e.type === "card_played")) this.stats.stateBytes.push(bytes);
      }
    });
    return x.queue;
  }

  /** The friend's link is gone: away (the others are told); the host may let a bot play or wait; a new invite.
   * @param {number} seat
   */
  gone(seat) {
    const x = this.seats.get(seat);
    if (!x || x.status === "away") return;
    x.link?.close();
    x.status = "away";
    if (!this.active) { this.invite(seat); return; }
    store.ui.away.add(seat);
    this.controller.renderer.invalidate();
    for (const s of this.seats.keys()) if (s !== seat) this.send(s, "away", { seat });
    const msg = t("friends.status.away", { name: this.seatName(seat) });
    toast(msg, "error", 8000);
    announce(msg);
    this.fairMessage(seat, null);   // a deal waiting for this friend goes on without it
    this.invite(seat).then(() => this.renderBar());
    this.renderBar();
  }

  /** The friend is back on a new link: its seat again (a bot stood in: it steps down), the whole stream from 0.
   * @param {number} seat
   */
  async back(seat) {
    store.ui.away.delete(seat);
    const seated = store.view?.players?.[seat];
    if (seated?.kind === "remote" && seated.bot != null) await this.controller.seatTo(seat, "remote");
    for (const s of this.seats.keys()) if (s !== seat) this.send(s, "rejoin", { seat });
    const msg = t("friends.back", { name: this.seatName(seat) });
    toast(msg, "info", 4000);
    announce(msg);
    this.controller.renderer.invalidate();
    this.forward(seat);
    this.renderBar();
  }

  /**
   * @param {number} seat
   */
  seatName(seat) { return store.view?.players?.[seat]?.name ?? this.seats.get(seat)?.name ?? `#${seat}`; }

  /** During the game: a bar for each away friend: a bot plays for them or the table waits, and a new invite. */
  renderBar() {
    let bar = document.getElementById("friends-bar");
    const away = [...this.seats].filter(([, x]) => x.mode === FRIEND && x.status !== "here");
    if (!this.active || !away.length) { bar?.remove(); return; }
    if (!bar) {
      bar = el("section", { id: "friends-bar", "aria-label": t("friends.title") });
      (document.querySelector("main") || document.body).append(bar);
    }
    const focus = document.activeElement?.id;
    bar.replaceChildren(...away.map(([seat, x]) => {
      const name = this.seatName(seat), standing = store.view?.players?.[seat]?.bot != null;
      const bot = el("button", { type: "button", "data-action": "stand-in", text: t("friends.standIn", { name }), disabled: standing });
      bot.addEventListener("click", () => this.controller.seatTo(seat, "bot", store.hello?.defaults?.bots?.[0] ?? "normal").then(() => this.renderBar()));
      const invite = x.code ? el("details", { "data-invite": inviteUrl(x.code), class: "fr-invite", open: this.openInvite === seat },
        el("summary", { text: t("friends.rejoinHelp", { name }) }),
        codeBox(inviteUrl(x.code), "data-invite-url", t("friends.invite", { n: seat }))) : null;
      invite?.addEventListener("toggle", () => { this.openInvite = invite.open ? seat : null; });
      // the link taken (copied or shared): the invite folds away after a moment, the bar is short again and leaves
      // the trick in view (the reply is pasted in the bar's own field)
      for (const b of invite?.querySelectorAll(".code-row button") ?? []) {
        b.addEventListener("click", () => setTimeout(() => { if (invite) invite.open = false; }, FOLD_AFTER_COPY_MS));
      }
      const failed = x.status === "failed";
      return el("div", { class: "fr-away", "data-away": seat },
        el("p", {
          class: "fr-status", "data-status": failed ? "failed" : "away",
          text: failed ? this.statusText(seat) : t("friends.status.away", { name }),
        }),
        el("p", { text: standing ? t("friends.botPlays", { name }) : t("friends.waiting", { name }) }),
        standing ? null : bot, x.code ? this.newInviteButton(seat) : null, invite);
    }));
    const reply = el("input", {
      type: "text", id: "fr-reply-bar", "data-reply-input": true, autocomplete: "off",
      "aria-label": t("friends.reply"), placeholder: t("friends.reply"),
    });
    const accept = el("button", { type: "button", "data-action": "accept-reply", text: t("friends.accept") });
    accept.addEventListener("click", () => this.acceptReply(reply.value, reply));
    bar.append(el("div", { class: "code-row" }, reply, accept, scanButton((/** @type {string} */ code) => this.acceptReply(code, inputById("fr-reply-bar")))));
    if (focus) document.getElementById(focus)?.focus();
  }

  /** A game with friends resumed from the autosave (the host's page was reloaded): every friend is away until a
   *  new invite brings them back; meanwhile a bot may play for them. The earlier hands' fair-deal proofs come back
   *  from storage (keepRounds).
   * @param {View} view
   */
  resumeTable(view) {
    this.stop();
    this.table = 1 + Math.floor(Math.random() * 65000);
    this.name = view.players[0].name;
    this.hosting = this.active = true;
    keepAwake(true);
    this.reactions.mount();
    document.body.dataset.host = "true";
    this.controller.setTransport(this.transport);
    // the proofs of the hands dealt before the reload, kept by this game's earlier page
    this.game = /** @type {string|null} */ (this.controller.journal.setup?.seed ?? null);
    try { this.rounds = parseRounds(localStorage.getItem(FAIR_KEY), this.game, view.seats); } catch { this.rounds = []; }
    // the engine takes them back: the secrets of the hand under way go to the friends once it is over
    const rounds = this.rounds.map((r) => ({ hand_no: r.handNo, seats: r.order, commitments: r.commitments, secrets: r.secrets }));
    this.controller.fair({ cmd: "fair_rounds", rounds });
    this.gameId = view.game ?? "mittlere";
    for (const s of this.otherSeats()) {
      const p = view.players[s];
      if (p.kind !== "remote") { this.seats.set(s, { mode: p.bot ?? "normal", status: "bot" }); continue; }
      this.seats.set(s, { mode: FRIEND, status: "away", name: p.name, throttle: new Throttle() });
      store.ui.away.add(s);
      this.invite(s);
    }
    this.controller.renderer.invalidate();
  }

  // -- the game ----------------------------------------------------------------------------------------------------
  async start() {
    if (this.starting) return;
    this.starting = true;
    const friends = this.friendsHere();
    for (const s of this.otherSeats()) {
      const x = this.seatOf(s);
      if (x.mode === FRIEND && !friends.includes(s)) { x.link?.close(); x.mode = store.hello?.defaults?.bots?.[s - 1] ?? "normal"; }
    }
    const seats = this.tableSeats(friends);
    // a friend's name may come later (its page still loading): the table takes it when it comes (rename)
    const names = this.names();
    document.querySelector("#dlg-friends [data-action='start-table']")?.setAttribute("disabled", "");
    await this.relobby();   // the engine's links know the friends who are here now
    const seed = friends.length ? await this.fairRound(1) : null;
    this.active = true;
    keepAwake(true);
    this.reactions.mount();
    this.dialog?.close();
    document.body.dataset.host = "true";
    this.controller.setTransport(this.transport);
    await this.controller.startGame({
      ...this.controller.session, game: this.gameId, hands: this.hands(), seats, names, practice: false, ...(seed ? { seed } : { seed: "" }),
    });
    this.starting = false;
    this.renderBar();
  }

  /**
   * The fair deal of dealt hand `handNo` (docs/peer.md), run by the engine (`fair_*`): the host's commitment to each
   * friend here; their commitments; all of them to each friend, who only then reveals its secret, to the host alone;
   * the seed from every secret; each friend told whose secrets made it (`dealt`). The secrets reach the friends once
   * the hand's last card is played (`releaseSecrets`), so no friend can compute another's cards before.
   * @returns {Promise<string|null>} the hand's seed (null: the engine refused, the game deals as it would alone)
   * @param {number} handNo
   */
  async fairRound(handNo) {
    const friends = this.friendsHere();
    const begun = await this.controller.fair({ cmd: "fair_begin", hand_no: handNo, seats: [0, ...friends] });
    if (!begun?.ok) return null;
    /** @type {FairWait} */
    const round = { handNo, waiting: begun.waiting ?? [] };
    this.sayWaiting(round.waiting);
    this.fair = round;
    const answered = () => new Promise((/** @type {(value?: unknown) => void} */ done) => {
      round.done = done;
      round.timer = setTimeout(done, FAIR_WAIT_MS);   // a friend silent this long is left out of the deal
      if (!round.waiting.length) done();
    });
    for (const s of friends) this.sendMessage(s, begun.message);
    await answered();
    clearTimeout(round.timer);
    const fixed = await this.controller.fair({ cmd: "fair_commitments", hand_no: handNo });
    if (!fixed?.ok) { this.fair = null; return null; }
    round.waiting = fixed.waiting;
    this.sayWaiting(round.waiting);
    for (const s of fixed.message.seats.slice(1)) this.sendMessage(s, fixed.message);
    await answered();
    clearTimeout(round.timer);
    this.fair = null;
    const dealt = await this.controller.fair({ cmd: "fair_deal", hand_no: handNo });
    if (!dealt?.ok) return null;
    for (const s of friends) this.sendMessage(s, dealt.message);
    const r = dealt.round;
    if (handNo === 1) this.game = dealt.seed;   // the first hand's seed is the game's: the key of its stored proofs
    this.rounds = this.rounds.filter((x) => x.handNo !== handNo);
    this.rounds.push({ handNo, order: r.seats, commitments: r.commitments, secrets: r.secrets });
    this.keepRounds();
    return dealt.seed;
  }

  /** Start pressed: whom the deal waits for (a friend's page may still be loading its engine), said in the dialog.
   * @param {number[]} seats
   */
  sayWaiting(seats) {
    const names = seats.map((s) => this.seats.get(s)?.name || t("friends.friend", { n: s })).join(", ");
    this.startStatus = seats.length ? t("friends.startWaiting", { names }) : "";
    const line = document.getElementById("fr-start-status");
    if (line) line.textContent = this.startStatus;
  }

  /** The hand just ended (its last card is played): each friend here gets its fair deal's secrets, after its state.
   * @param {number} handNo
   */
  releaseSecrets(handNo) {
    for (const [seat, x] of this.seats) {
      if (x.mode !== FRIEND || x.status !== "here") continue;
      x.queue = (x.queue || Promise.resolve()).then(async () => {
        const r = await this.controller.fair({ cmd: "fair_secrets", hand_no: handNo });
        if (r?.ok) this.sendMessage(seat, r.message);
      });
    }
  }

  /** The game's proofs into storage, so that a reload of this page still verifies the hands dealt before it. */
  keepRounds() {
    if (!this.game) return;
    try { localStorage.setItem(FAIR_KEY, JSON.stringify({ game: this.game, rounds: this.rounds })); } catch { /* this visit only */ }
  }

  /** A friend's commitment or secret for the deal under way, checked by the engine (a secret that is not the one
   *  promised is refused with a notice and that friend left out); null: the friend is gone, the deal goes on.
   * @param {number} seat
   * @param {Peer<"commit"|"reveal">|null} m
   */
  async fairMessage(seat, m) {
    const round = this.fair;
    if (!round) return;
    if (m !== null) {
      const r = await this.controller.fair({ cmd: "fair_take", seat, message: m });
      if (this.fair !== round || !r) return;
      if (!r.ok) { this.notice(seat, r.error.code, refusalText(r.error, nameOf)); return; }
      round.waiting = r.waiting;
      this.sayWaiting(round.waiting);
    } else {
      round.waiting = round.waiting.filter((s) => s !== seat);
    }
    if (!round.waiting.length) round.done?.();
  }

  /** The hand review's line: the deal of dealt hand `i` checked by the engine against its record.
   * @param {number} i
   * @param {object} record
   */
  async verify(i, record) {
    const round = this.rounds.find((r) => r.handNo === i + 1);
    if (!round) return null;
    const r = await this.controller.verifyDeal(round.commitments, round.secrets, record);
    if (!r?.ok) return null;
    // the engine counts peers in seat order among those who took part; the review names them by their seat
    return Number.isInteger(r.params?.peer) ? { ...r, params: { ...r.params, seat: round.order[r.params.peer] } } : r;
  }
}
