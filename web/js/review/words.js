// The hand review's sentences (review.js lays them out): who dealt, who fixed trump, each trick and its winner, the
// running and final counts, the settlement and the coach's lines. `who` says whose seat is whose: name(seat) and
// `you`, the player's seat (null when the review is of someone else's hand).
import { cardIndex, cardName, cardRank, cardShort, cardSuit, fmtNumber, getDeck, settlementText, suitLabel, suitName, t, tYou } from "../i18n/i18n.js";

/** @typedef {{name: (seat: number) => string, you: number|null}} Who */

/** `key` about `seat`: its second-person form when the seat is the player's, else with the seat's name. */
const about = (key, seat, who, params = {}) => tYou(key, seat === who.you, { ...params, name: who.name(seat) });

/** "Dealer: Right" */
export function dealerLine(h, who) { return t("review.dealer", { name: who.name(h.dealer) }); }

/** "Trump ♦ diamonds, fixed by Right in trick 9" (or that no trump was fixed). */
export function trumpLine(h, who) {
  if (!h.trump) return t("review.noTrump");
  const trick = h.trump_fixed_trick == null ? null : h.trump_fixed_trick + 1;   // the engine's 0-based trick (review)
  return about("review.trump", h.trump_fixed_by, who, { suit: suitLabel(h.trump), trick });
}

/** The deal, before the first trick: who leads it. */
export function dealLine(h, who) { return about("review.deal", (h.dealer + 1) % h.hands.length, who); }

/**
 * A hand for the review's table, as runs of one suit: each card's short text and long name (for its tooltip). The
 * Swiss pack's short names ("Schellen U") would repeat the suit on every card, so there a run names its suit once
 * ("Schellen U K 9"); the French pack's "♠D ♠K" stay as they are.
 * @returns {{label: string|null, cards: {code: string, text: string, name: string}[]}[]}
 */
export function handRuns(cards) {
  const swiss = getDeck() === "swiss", runs = [];
  for (const code of cards) {
    const suit = cardSuit(code), last = runs.at(-1);
    const card = { code, text: swiss ? cardIndex("swiss", cardRank(code)) : cardShort(code), name: cardName(code) };
    if (swiss && last?.suit === suit) last.cards.push(card);
    else runs.push({ suit, label: swiss ? suitName(suit) : null, cards: [card] });
  }
  return runs;
}

/** A seat's card points and tricks so far; a narrow column wraps between the two counts, never inside one. */
export function runningLine(points, tricks) {
  const whole = (text) => text.replace(/ /g, "\u00a0");
  return t("review.running", { points: whole(t("points", { n: points })), tricks: whole(t("seat.tricks", { n: tricks })) });
}

/** Trick k (1-based) of hand h: its heading and its sentence (cards, winner, points). */
export function trickLines(h, k, who) {
  const tr = h.tricks[k - 1];
  const seats = h.hands.length, tricks = h.hands[0].length;   // the dealt hands: a trick per card in a hand
  const cards = tr.cards.map((c, j) => t("review.card", { card: cardShort(c), name: who.name((tr.leader + j) % seats) })).join(t("review.cardSep"));
  const bonus = k === tricks ? " " + t("review.lastBonus") : "";   // the engine adds the +5 to the last trick's points
  const text = about("review.trick", tr.winner, who, { cards, points: t("points", { n: tr.points }) }) + bonus;
  return { head: t("review.trickNo", { k, n: h.tricks.length }), text };
}

/** The settlement under the last trick: the case's name and the sentence that explains it. */
export function settlementLines(h, who) {
  return {
    label: t("case.label", { case: t(`case.${h.settlement_case}`) }),
    text: settlementText({ case: h.settlement_case, roles: h.roles ?? {}, card_points: h.card_points }, who.name, who.you),
  };
}

/** A seat's line in the final summary: card points and tricks. */
export function summaryCells(h, s) {
  return { points: t("review.points", { n: h.card_points[s] }), tricks: t("review.tricks", { n: h.tricks_won[s] }) };
}

/**
 * One of the coach's findings: its mark ("Good", "Mistake"…) and what the card played cost against the best card, in
 * expected strokes lost (a loss, never below 0: the same sign everywhere, as in the summary's total).
 */
export function coachLine(d) {
  const lost = Math.round(Math.max(0, d.loss) * 100) / 100, p = { trick: d.trick, card: cardShort(d.card), best: cardShort(d.best) };
  const key = d.card === d.best ? "coach.played" : lost === 0 ? "coach.asGood" : "coach.lost";
  const n = fmtNumber(lost, { minimumFractionDigits: 2, maximumFractionDigits: 2 });   // "0.20", as in the summary
  return { mark: t(`coach.mark.${d.mark ?? "good"}`), text: t(key, { ...p, n, count: lost }) };
}

/** The coach's reason for a marked decision, in words. */
export function coachReason(d) {
  const r = d.reason, p = r.params ?? {};
  if (r.code === "outcome_risk" || r.code === "outcome_missed") {
    return t(`coach.reason.${r.code}`, { outcome: t(`outcome.${p.outcome}`), played: p.played_pct, best: p.best_pct, card: cardShort(d.best) });
  }
  return t("coach.reason.worse_on_average");
}
