// The lab's failure details in the player's language: the position the bot was asked about and what went wrong,
// from the engine's codes and parameters (engine/botapi.py BotError), cards named as the table names them.
import { fmtNumber, nameCard, suitLabel, t } from "../js/i18n/i18n.js";

/** "Deal 3, seating 2, seat 1, trick 4: hand …; on the table …; trump …; allowed …" in the player's language. */
export function positionText(p) {
  const cards = (xs) => (xs && xs.length ? xs.map((c) => nameCard(c, { short: true })).join(" ") : t("lab.none"));
  return t("lab.position", {
    deal: p.deal != null ? fmtNumber(p.deal + 1) : "—", rotation: p.rotation != null ? fmtNumber(p.rotation + 1) : "—",
    seat: fmtNumber(p.seat), trick: fmtNumber(p.trick_no), hand: cards(p.hand), table: cards(p.trick),
    trump: p.trump ? suitLabel(p.trump) : t("lab.noTrump"), legal: cards(p.legal),
  });
}

/**
 * What went wrong, beyond the reason: a sentence in the player's language (null when the reason says it all or the
 * engine sent no parameters) and the technical text to show as it is (a Python traceback, or the engine's own
 * English detail when there is nothing to translate it from).
 * @param {{code: string, detail?: string, params?: object}} e
 * @returns {{text: string|null, pre: string|null}}
 */
export function detailLines(e) {
  /** @type {{trace?: string, card?: string, what?: string, spent?: number, limit?: number}} */
  const p = e.params ?? {}, key = `lab.detail.${e.code}`;
  if (!Object.keys(p).length) return { text: null, pre: e.detail || null };
  const pre = p.trace ?? null;
  if (e.code === "illegal") return { text: t(key, { card: p.card, name: nameCard(p.card) }), pre };
  if (e.code === "timeout") return { text: t(key, { what: p.what, spent: fmtNumber(p.spent), limit: fmtNumber(p.limit) }), pre };
  return { text: ["unknown_card", "type", "exception", "load"].includes(e.code) ? t(key, p) : null, pre };
}
