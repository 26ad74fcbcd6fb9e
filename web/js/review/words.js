// The hand review's sentences (review.js lays them out): who dealt, who fixed trump, each trick and its winner, the
// running and final counts, the settlement and the coach's lines. `who` says whose seat is whose: name(seat) and
// `you`, the player's seat (null when the review is of someone else's hand).
import { cardShort, settlementText, signed, suitLabel, t } from "../i18n/i18n.js";

const LAST_TRICK_BONUS_TRICK = 12;   // the engine adds the +5 to the 12th trick's points: the label says so

/** @typedef {{name: (seat: number) => string, you: number|null}} Who */

/** "Dealer: Right" */
export function dealerLine(h, who) { return t("review.dealer", { name: who.name(h.dealer) }); }

/** "Trump ♦ diamonds, fixed by Right in trick 9" (or that no trump was fixed). */
export function trumpLine(h, who) {
  if (!h.trump) return t("review.noTrump");
  const trick = h.trump_fixed_at == null ? null : Math.floor(h.trump_fixed_at / 3) + 1;
  return t("review.trump", { suit: suitLabel(h.trump), name: who.name(h.trump_fixed_by), trick });
}

/** The deal, before the first trick: who leads it. */
export function dealLine(h, who) { return t("review.deal", { name: who.name((h.dealer + 1) % 3) }); }

/** A seat's card points and tricks so far. */
export function runningLine(points, tricks) { return t("review.running", { points, tricks }); }

/** Trick k (1-based) of hand h: its heading and its sentence (cards, winner, points). */
export function trickLines(h, k, who) {
  const tr = h.tricks[k - 1];
  const cards = tr.cards.map((c, j) => t("review.card", { card: cardShort(c), name: who.name((tr.leader + j) % 3) })).join(", ");
  const bonus = k === LAST_TRICK_BONUS_TRICK ? " " + t("review.lastBonus") : "";
  return { head: t("review.trickNo", { k, n: h.tricks.length }), text: t("review.trick", { cards, name: who.name(tr.winner), points: tr.points }) + bonus };
}

/** The settlement under the last trick: the case's name and the sentence that explains it. */
export function settlementLines(h, who) {
  return {
    label: t("case.label", { case: t(`case.${h.settlement_case}`) }),
    text: settlementText({ case: h.settlement_case, roles: h.roles ?? {}, card_points: h.card_points }, who.name),
  };
}

/** A seat's line in the final summary: card points and tricks. */
export function summaryCells(h, s) {
  return { points: t("review.points", { n: h.card_points[s] }), tricks: t("review.tricks", { n: h.tricks_won[s] }) };
}

const strokes = (x) => signed(Math.round(x * 100) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One of the coach's findings: its mark ("Good", "Mistake"…) and what was played against the best card. */
export function coachLine(d) {
  const played = t("coach.played", { trick: d.trick, card: cardShort(d.card), value: strokes(d.expected) });
  const best = d.mark ? " " + t("coach.best", { card: cardShort(d.best), value: strokes(d.best_expected) }) : "";
  return { mark: t(`coach.mark.${d.mark ?? "good"}`), text: played + best };
}

/** The coach's reason for a marked decision, in words. */
export function coachReason(d) {
  const r = d.reason, p = r.params ?? {};
  if (r.code === "outcome_risk" || r.code === "outcome_missed") {
    return t(`coach.reason.${r.code}`, { outcome: t(`outcome.${p.outcome}`), played: p.played_pct, best: p.best_pct, card: cardShort(d.best) });
  }
  return t("coach.reason.worse_on_average");
}
