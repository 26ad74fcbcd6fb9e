// Hand review: step through finished hands trick by trick (buttons and arrow keys), all three hands revealed, who
// fixed trump and when, each trick's points (the last trick's +5 marked), and the settlement with its numbers.
// The data comes from the engine's `review` command (it replays and checks each record); the UI only shows it.
// For the player's own hands the coach (coach.js, in a worker of its own) checks each decision in the background
// and its findings appear under the hand as they come; "Show" jumps to the trick of a decision.
import { Coach, coachKey } from "./coach.js";
import { store } from "../game/store.js";
import { fmtNumber, playerSeatByName, refusalText, signed, t } from "../i18n/i18n.js";
import { downloadHand } from "../saves/records.js";
import { modal } from "../saves/save-ui.js";
import { el } from "../ui/dom.js";
import { coachLine, coachReason, dealLine, dealerLine, handRuns, runningLine, settlementLines, summaryCells, trickLines, trumpLine } from "./words.js";

/**
 * What the review asks of the controller (game/controller.js's Controller, typed here: that file is not type-checked
 * yet): the engine's `review` (a refusal is an ErrorAnswer), and the transport's fair-deal check.
 * @typedef {object} ReviewController
 * @property {(records: import("../engine/protocol.js").HandRecord[]) =>
 *   Promise<import("../engine/protocol.js").ReviewAnswer | import("../engine/protocol.js").ErrorAnswer | null>} review
 * @property {import("../game/transport.js").Transport} transport
 */

/**
 * The answer of a review the engine refused.
 * @param {import("../engine/protocol.js").ErrorAnswer|null} r
 */
const refused = (r) => ({ ok: false, code: r?.error?.code ?? "internal", message: refusalText(r?.error).slice(0, 300) });

export class HandReview {
  /** @param {{controller: ReviewController, coach?: Coach}} deps */
  constructor({ controller, coach = new Coach() }) {
    this.controller = controller;
    this.coach = coach;
    this.coachSeat = null;
    this.hands = [];
    this.names = ["", "", ""];
    this.i = 0;        // hand shown
    this.step = 0;     // 0: the deal; k: after trick k
  }

  /**
   * Ask the engine to check and replay `records`, then open the review (of the last hand unless `start` is given).
   * @param {any[]} records  hand records (the engine checks them: a file may hold anything)
   * @param {{names?: string[]|null, start?: number|null, labels?: string[]|null, coachSeat?: number|null,
   *   people?: number[]|null, fair?: boolean}} [options]  the seats' names, the hand shown first, the hands' labels,
   *   whose decisions the coach checks, the people at this device, whether the fair deal is verified
   * @returns {Promise<{ok: true} | {ok: false, code: string, message: string}>}
   */
  async open(records, { names = null, start = null, labels = null, coachSeat = null, people = null, fair = false } = {}) {
    const r = await this.controller.review(records);
    if (!r?.ok) return refused(/** @type {import("../engine/protocol.js").ErrorAnswer|null} */ (r));
    this.hands = r.hands;
    this.labels = labels;
    // play with friends: each hand's deal checked against the peers' secrets (the host's fair deal), when asked
    this.fair = fair && this.controller.transport.verifyDeal ? [] : null;
    this.names = names ?? r.hands[0].hands.map((_, s) => t("review.seat", { n: s }));   // the game's seats
    this.seatPeople(people, coachSeat);
    this.i = start ?? this.hands.length - 1;
    this.step = 0;
    this.render();
    return { ok: true };
  }

  /**
   * Who reads the review: a table of people at this device (pass-and-play) all do, so it names every seat, and the
   * coach checks the decisions of the person picked above its findings (the owner's first); else the player, spoken
   * to as "you" (`coachSeat`: the page's own, in own games), or the seat a file names as "You".
   */
  seatPeople(people, coachSeat) {
    this.people = people?.length > 1 ? [...people] : null;
    this.coachSeat = this.people && !this.people.includes(coachSeat) ? this.people[0] : coachSeat;
    this.youSeat = this.people ? null : coachSeat ?? (playerSeatByName(this.names) ?? null);
  }

  /** "Deal verified", or the warning (review.fair.<code>), for hand `i`; asked of the engine once per hand. */
  fairLine(i) {
    const got = this.fair[i];
    if (got === undefined) {
      this.fair[i] = null;
      Promise.resolve(this.controller.transport.verifyDeal(i, this.hands[i].record)).then((r) => {
        this.fair[i] = r ?? false;
        if (this.i === i && /** @type {HTMLDialogElement|null} */ (document.getElementById("dlg-review"))?.open) this.render();
      });
    }
    if (!got) return null;
    const params = { ...got.params, name: this.names[got.params.seat ?? got.params.peer] ?? "" };
    return el("p", { id: "review-fair", class: got.verified ? "fair ok" : "fair warn", "data-fair": got.code, text: t(`review.fair.${got.code}`, params) });
  }

  trickCount() { return this.hands[this.i].tricks.length; }

  go(dHand, dStep) {
    if (dHand) {
      this.i = Math.max(0, Math.min(this.hands.length - 1, this.i + dHand));
      this.step = 0;
    } else {
      this.step = Math.max(0, Math.min(this.trickCount(), this.step + dStep));
    }
    this.render();
  }

  render() {
    const h = this.hands[this.i], k = this.step, name = (s) => this.names[s];
    const who = { name, you: this.youSeat };
    const label = this.labels?.[this.i] ?? String(this.i + 1);
    const played = new Set(h.tricks.slice(0, k).flatMap((tr) => tr.cards));
    const seats = h.hands.map((_, s) => s);   // three or four, as the record dealt
    const pts = seats.map(() => 0), won = seats.map(() => 0);
    for (const tr of h.tricks.slice(0, k)) { pts[tr.winner] += tr.points; won[tr.winner] += 1; }
    const head = [el("p", { text: dealerLine(h, who) }), el("p", { id: "review-trump", text: trumpLine(h, who) })];
    if (this.fair) head.push(this.fairLine(this.i));
    const hands = el("table", { class: "review-hands" }, el("tbody", {}, seats.map((s) => el("tr", { "data-seat": s },
      el("th", { scope: "row", text: name(s) }),
      // the space between two cards is outside their no-wrap spans, so a narrow screen wraps a hand between cards
      el("td", {}, handRuns(h.hands[s]).flatMap((run) => {
        const cards = run.cards.flatMap((c) => [" ",
          el("span", { class: played.has(c.code) ? "card played" : "card", "data-card": c.code, text: c.text, title: c.name })]);
        // a Swiss run ("Schellen U K 9") stays on one line; French cards wrap between cards
        return run.label ? [el("span", { class: "suit-run" }, run.label, ...cards), " "] : [...cards.slice(1), " "];
      })),
      el("td", { "data-field": "points", text: runningLine(pts[s], won[s]) })))));
    let trickBox;
    if (k === 0) {
      trickBox = el("p", { id: "review-trick", "data-trick": 0, text: dealLine(h, who) });
    } else {
      const tr = h.tricks[k - 1], line = trickLines(h, k, who);
      trickBox = el("p", { id: "review-trick", "data-trick": k, "data-points": tr.points, "data-winner": tr.winner },
        el("strong", { text: line.head + " " }), line.text);
    }
    const body = [el("p", { class: "review-where", text: t("review.handOf", { n: label, total: this.hands.length }) }), ...head, hands, trickBox];
    if (this.coachSeat != null && h.complete && !h.annulled) body.push(this.coachPanel(h));
    if (k === this.trickCount() && h.settlement_case) {
      const settle = settlementLines(h, who), cells = seats.map((s) => summaryCells(h, s));
      body.push(el("div", { id: "review-settlement", "data-case": h.settlement_case },
        el("p", {}, el("strong", { text: settle.label }), settle.text),
        el("table", { class: "summary" }, el("tbody", {}, seats.map((s) => el("tr", { "data-seat": s },
          el("th", { scope: "row", text: name(s) }),
          el("td", { "data-field": "points", text: cells[s].points }),
          el("td", { "data-field": "tricks", text: cells[s].tricks }),
          el("td", { "data-field": "settlement", "data-value": h.settlement[s], text: signed(h.settlement[s]) })))))));
    }
    const btn = (id, key, fn, disabled) => { const b = el("button", { type: "button", id, text: t(key), disabled }); b.onclick = fn; return b; };
    const buttons = [
      btn("btn-review-prev-hand", "review.prevHand", () => this.go(-1, 0), this.i === 0),
      btn("btn-review-prev", "review.prev", () => this.go(0, -1), k === 0),
      btn("btn-review-next", "review.next", () => this.go(0, 1), k === this.trickCount()),
      btn("btn-review-next-hand", "review.nextHand", () => this.go(1, 0), this.i === this.hands.length - 1),
      btn("btn-review-download", "review.download", () => downloadHand(h.record, label), false),
      btn("btn-review-close", "btn.close", () => this.dlg.close(), false),
    ];
    const shown = this.hands.length > 1 ? buttons : buttons.filter((b) => !b.id.endsWith("-hand"));
    const focused = document.activeElement?.id;
    this.dlg = modal("dlg-review", t("review.title"), body, shown, { dismissible: true, wide: true });
    this.dlg.onkeydown = (e) => {
      const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], PageUp: [-1, 0], PageDown: [1, 0], Home: [0, -99], End: [0, 99] };
      if (!moves[e.key]) return;
      e.preventDefault();
      this.go(...moves[e.key]);
    };
    const again = focused && this.dlg.querySelector(`#${focused}:not([disabled])`);
    /** @type {HTMLElement} */ (again || this.dlg.querySelector("#btn-review-next:not([disabled])") || this.dlg.querySelector("#btn-review-close")).focus();
  }

  /** The coach's section for hand `h`: started on first look, filled in as each decision is checked. */
  coachPanel(h) {
    const seat = this.coachSeat, k = coachKey(h.record, seat);
    const body = el("div", { id: "review-coach-body", "aria-live": "polite" }, this.coachContent(this.coach.report(h.record, seat)));
    const box = el("section", { id: "review-coach" }, this.coachHead(seat), body);
    const fill = (rep) => {   // into the panel on screen, if it still shows this hand and this person
      const now = this.dlg?.open && this.dlg.querySelector("#review-coach-body");
      if (now && coachKey(this.hands[this.i].record, this.coachSeat) === k) now.replaceChildren(...this.coachContent(rep));
    };
    this.coach.check(h.record, seat, fill).then(fill);
    return box;
  }

  /** The coach's heading; at a table of people, a choice of whose decisions it checks. */
  coachHead(seat) {
    if (!this.people) return el("h3", { text: t("coach.title") });
    const pick = el("select", { id: "review-coach-who" },
      this.people.map((s) => el("option", { value: s, selected: s === seat, text: this.names[s] })));
    pick.onchange = () => {
      this.coachSeat = Number(pick.value);
      this.render();
      /** @type {HTMLElement|null|undefined} */ (this.dlg?.querySelector("#review-coach-who"))?.focus();
    };
    return el("div", { class: "coach-head" }, el("h3", { text: t("coach.title") }),
      el("label", {}, el("span", { text: t("coach.who") }), " ", pick));
  }

  coachContent(rep) {
    if (!rep || (rep.count == null && !rep.done)) return [el("p", { "data-coach": "starting", text: t("coach.starting") })];
    if (rep.error) {
      const reason = rep.error.code === "coach_failed" ? t("coach.noEngine") : refusalText(rep.error);
      return [el("p", { "data-coach": "error", text: t("coach.failed", { reason }) })];
    }
    const out = [];
    if (!rep.done) {
      out.push(el("p", { "data-coach": "checking" }, t("coach.checking", { done: rep.decisions.length, count: rep.count }), " ",
        el("progress", { max: rep.count, value: rep.decisions.length, "aria-label": t("coach.title") })));
    } else if (!rep.count) {
      out.push(el("p", { "data-coach": "none", text: t("coach.none") }));
    } else {
      const lost = rep.decisions.reduce((a, d) => a + d.loss, 0);
      out.push(el("p", { "data-coach": "done", "data-lost": lost.toFixed(3),
        text: t("coach.summary", { n: rep.count, lost: fmtNumber(lost, { maximumFractionDigits: 2, minimumFractionDigits: 2 }) }) + " " +
          t(rep.decisions.some((d) => d.mark) ? "coach.marked" : "coach.clean") }));
    }
    const biggest = Coach.biggest(rep.decisions);
    out.push(el("ol", { class: "coach-list" }, rep.decisions.map((d) => {
      const big = biggest.includes(d.play_index);
      const show = el("button", { type: "button", class: "small", "data-coach-show": d.trick, text: t("coach.show") });
      show.onclick = () => { this.step = d.trick; this.render(); };
      const line = coachLine(d);
      return el("li", { "data-play": d.play_index, "data-mark": d.mark ?? "good", "data-loss": d.loss, class: big ? "coach-big" : null },
        el("strong", { class: "coach-mark", text: line.mark + (big ? " " + t("coach.biggest") : "") }), " ",
        line.text, " ", show,
        d.mark ? el("div", { class: "coach-why", text: coachReason(d) }) : null);
    })));
    if (rep.decisions.length) out.push(el("p", { class: "coach-legend", text: t("coach.legend", { n: store.hello.defaults.coach_iterations }) }));
    return out;
  }

}
