// The sentences of the hand review, the settlement, the log and the coach (issue 25: items 2, 3, 10 and 11):
// the player is spoken to in the second person, counts follow each language's plural rules, and every card is named
// by one function that follows the pack on the table and the language.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { load } from "./web.mjs";

const { store } = await load("store");
const i18n = await load("i18n");
const { t, setLanguage, setDeck, settlementText, nameCard, CATALOGS } = i18n;
const words = await load("words");
const LANGS = Object.keys(CATALOGS);

afterEach(() => { setLanguage("en", { persist: false }); setDeck("french"); });
store.hello = { human_seat: 0 };

/** A reviewed hand in the engine's shape: the player (seat 0) leads, fixes ♦ in trick 9 and takes 101 points. */
function hand({ winner = 0, points = 15 } = {}) {
  const tricks = Array.from({ length: 12 }, (_, i) => ({ cards: ["SQ", "SK", "S6"], leader: 0, winner: i === 0 ? winner : 1, points: i === 0 ? points : 3 }));
  return {
    dealer: 2, trump: "D", trump_fixed_by: 0, trump_fixed_at: 24, trump_fixed_trick: 8, tricks, settlement_case: "hundred", roles: { hundred: 0 },
    card_points: [101, 30, 26], tricks_won: [1, 5, 6], settlement: [-2, 1, 1],
    hands: [0, 1, 2].map(() => Array(12).fill("S6")),   // the dealt hands: three seats, twelve tricks
  };
}
const who = (you = 0) => ({ name: (s) => t(`name.${s}`), you });

test("the review speaks to the player in the second person (trump, lead, trick winner) in every language", () => {
  const want = {
    en: ["Trump ♦ diamonds, fixed by you in trick 9", "You lead the first trick.", "— you win 15 points."],
    de: ["Trumpf ♦ Ecken, von dir im 9. Stich bestimmt", "Du spielst zum ersten Stich aus.", "— du machst 15 Punkte."],
    fr: ["Atout ♦ carreau, fixé par vous au pli 9", "Vous entamez le premier pli.", "— vous remportez 15 points."],
    it: ["Briscola ♦ quadri, fissata da te nella presa 9", "Apri tu la prima presa.", "— prendi 15 punti."],
    ja: ["切り札 ♦ ダイヤ、9トリック目にあなたが決定", "あなたが最初のトリックをリードします。", "あなたが15点を取りました。"],
  };
  setLanguage("ja", { persist: false });
  assert.ok(words.trickLines(hand(), 1, who()).text.startsWith("♠Q（あなた）、♠K（右）"), "Japanese lists with 、");
  for (const lang of LANGS) {
    setLanguage(lang, { persist: false });
    const h = hand();
    assert.equal(words.trumpLine(h, who()), want[lang][0], lang);
    assert.ok(words.dealLine(h, who()).endsWith(want[lang][1]), `${lang}: ${words.dealLine(h, who())}`);
    assert.ok(words.trickLines(h, 1, who()).text.endsWith(want[lang][2]), `${lang}: ${words.trickLines(h, 1, who()).text}`);
    // someone else's hand (an imported record): the same seat is a third person, by name
    assert.ok(words.trumpLine(h, who(null)).includes(t("name.0")), lang);
  }
});

test("counts in the review follow the plural rules: 1 trick, 1 Stich, 0 pli, 1 point", () => {
  const want = {
    en: ["1\u00a0point, 1\u00a0trick", "0\u00a0points, 0\u00a0tricks", "1\u00a0card point", "1\u00a0trick", "Right wins 1 point."],
    de: ["1\u00a0Punkt, 1\u00a0Stich", "0\u00a0Punkte, 0\u00a0Stiche", "1\u00a0Kartenpunkt", "1\u00a0Stich", "Rechts macht 1 Punkt."],
    fr: ["1\u00a0point, 1\u00a0pli", "0\u00a0point, 0\u00a0pli", "1\u00a0point de cartes", "1\u00a0pli", "Droite remporte 1 point."],
    it: ["1\u00a0punto, 1\u00a0presa", "0\u00a0punti, 0\u00a0prese", "1\u00a0punto carte", "1\u00a0presa", "Destra prende 1 punto."],
    ja: ["1点、1トリック", "0点、0トリック", "カードの得点\u00a01点", "1トリック", "右が1点を取りました。"],
  };
  for (const lang of LANGS) {
    setLanguage(lang, { persist: false });
    const h = hand({ winner: 1, points: 1 });
    h.card_points[0] = 1; h.tricks_won[0] = 1;
    const [one, zero, cardPoint, trick, won] = want[lang];
    assert.equal(words.runningLine(1, 1), one, lang);
    assert.equal(words.runningLine(0, 0), zero, lang);
    assert.deepEqual(words.summaryCells(h, 0), { points: cardPoint, tricks: trick }, lang);
    assert.ok(words.trickLines(h, 1, who()).text.endsWith(won), `${lang}: ${words.trickLines(h, 1, who()).text}`);
  }
  setLanguage("en", { persist: false });
  assert.doesNotMatch(t("coach.checking", { done: 0, count: 1 }), /1 decisions/, "the coach's progress with one decision");
});

// Every role the player can have in each settlement case (roles as the engine sends them).
const SETTLEMENTS = [
  { case: "match", roles: { winner: 0 }, card_points: [157, 0, 0] },
  { case: "match", roles: { winner: 1 }, card_points: [0, 157, 0] },
  { case: "no_trick", roles: { no_trick: 0 }, card_points: [0, 80, 77] },
  { case: "hundred", roles: { hundred: 0 }, card_points: [101, 30, 26] },
  { case: "no_trick_and_hundred", roles: { no_trick: 0, hundred: 1, other: 2 }, card_points: [0, 104, 53] },
  { case: "no_trick_and_hundred", roles: { no_trick: 1, hundred: 0, other: 2 }, card_points: [104, 0, 53] },
  { case: "no_trick_and_hundred", roles: { no_trick: 1, hundred: 2, other: 0 }, card_points: [53, 0, 104] },
  { case: "ranking", roles: { middle: 0, high: 1, low: 2 }, card_points: [50, 70, 37] },
  { case: "ranking", roles: { middle: 1, high: 0, low: 2 }, card_points: [70, 50, 37] },
  { case: "ranking", roles: { middle: 1, high: 2, low: 0 }, card_points: [1, 70, 86] },
  { case: "tie", roles: { tied: [0, 1], third: 2 }, card_points: [60, 60, 37] },
  { case: "tie", roles: { tied: [1, 2], third: 0 }, card_points: [37, 60, 60] },
];

test("the settlement speaks to the player, says its case once, and counts points by the plural rules", () => {
  const nameOf = (s) => t(`name.${s}`);
  setLanguage("en", { persist: false });
  assert.equal(settlementText(SETTLEMENTS[3], nameOf), "−2 for you (101 points); +1 for each of the others.");
  assert.equal(settlementText(SETTLEMENTS[7], nameOf),
    "−2 for you in the middle (50 points); +1 each for Right, the highest (70 points), and Left, the lowest (37 points).");
  assert.equal(settlementText(SETTLEMENTS[9], nameOf),
    "−2 for Right in the middle (70 points); +1 each for Left, the highest (86 points), and you, the lowest (1 point).");
  assert.equal(settlementText(SETTLEMENTS[10], nameOf), "You and Right both have 60 points: nothing for you two; +1 for Left.");
  setLanguage("de", { persist: false });
  assert.equal(settlementText(SETTLEMENTS[3], nameOf), "−2 für dich (101 Punkte); die anderen je +1.");
  setLanguage("fr", { persist: false });
  assert.equal(settlementText(SETTLEMENTS[7], nameOf),
    "−2 pour vous au milieu (50 points)\u00a0; +1 chacun pour Droite, le plus haut (70 points), et Gauche, le plus bas (37 points).");
  for (const lang of LANGS) {
    setLanguage(lang, { persist: false });
    for (const r of SETTLEMENTS) {
      const text = settlementText(r, nameOf);
      assert.doesNotMatch(text, /[{}]/, `${lang} ${r.case}: ${text}`);
      assert.ok(!text.includes(t(`case.${r.case}`)), `${lang} ${r.case}: the case is named again in "${text}"`);
      if (lang !== "ja") {   // Japanese verbs do not agree with their subject: あなた is a name like the others there
        // the player's name ("You", "Du") nowhere but as the pronoun that opens a sentence
        assert.ok(!text.slice(1).includes(nameOf(0)), `${lang} ${r.case} ${JSON.stringify(r.roles)}: "${nameOf(0)}" used as a name in "${text}"`);
      }
    }
  }
});

test("one card name for every place, following the pack on the table and the language", () => {
  const want = {   // [French pack short, long], [Swiss pack short, long] for the queen and the jack of spades
    en: [["♠Q", "Queen of spades"], ["♠J", "Jack of spades"], ["shields O", "Ober of shields"], ["shields U", "Under of shields"]],
    de: [["♠D", "Schaufel-Dame"], ["♠B", "Schaufel-Bube"], ["Schilten O", "Schilten-Ober"], ["Schilten U", "Schilten-Under"]],
    fr: [["♠D", "dame de pique"], ["♠V", "valet de pique"], ["écussons O", "ober d’écussons"], ["écussons U", "under d’écussons"]],
    it: [["♠Q", "donna di picche"], ["♠J", "fante di picche"], ["scudi O", "Ober di scudi"], ["scudi U", "Under di scudi"]],
    ja: [["♠Q", "スペードのQ"], ["♠J", "スペードのJ"], ["盾O", "盾のオーバー"], ["盾U", "盾のウンダー"]],
  };
  for (const lang of LANGS) {
    setLanguage(lang, { persist: false });
    for (const [i, deck] of [[0, "french"], [2, "swiss"]]) {
      setDeck(deck);
      for (const [j, code] of [[0, "SQ"], [1, "SJ"]]) {
        assert.equal(nameCard(code, { short: true }), want[lang][i + j][0], `${lang} ${deck} ${code} short`);
        assert.equal(nameCard(code), want[lang][i + j][1], `${lang} ${deck} ${code} long`);
      }
      // the review's trick, the coach's line and reason name cards the same way
      const h = hand();
      assert.ok(words.trickLines(h, 1, who()).text.includes(nameCard("SQ", { short: true })), `${lang} ${deck} trick`);
      const d = { trick: 3, card: "SQ", best: "SJ", expected: -0.4, best_expected: -0.1, loss: 0.3, mark: "mistake", reason: { code: "worse_on_average" } };
      assert.ok(words.coachLine(d).text.includes(nameCard("SJ", { short: true })), `${lang} ${deck} coach`);
    }
  }
});

test("the coach says what its number is: strokes lost against the best card, never a bare signed value", () => {
  const good = { trick: 3, card: "SQ", best: "SQ", expected: -0.11, best_expected: -0.11, loss: 0, mark: null };
  const bad = { trick: 5, card: "SQ", best: "HA", expected: 0.27, best_expected: 0.54, loss: 0.27, mark: "mistake" };
  setLanguage("en", { persist: false });
  assert.deepEqual(words.coachLine(good), { mark: "Good", text: "Trick 3: you played ♠Q, the best card." });
  assert.deepEqual(words.coachLine(bad), { mark: "Mistake", text: "Trick 5: you played ♠Q: 0.27 strokes lost against ♥A." });
  assert.equal(words.coachLine({ ...bad, loss: 0.3 }).text, "Trick 5: you played ♠Q: 0.30 strokes lost against ♥A.", "two decimals");
  setLanguage("fr", { persist: false });
  assert.equal(words.coachLine({ ...bad, loss: 0.3 }).text, "Pli 5\u00a0: vous avez joué ♠D\u00a0: 0,30 trait de moins qu’avec ♥A.",
    "French: below 2 is singular");
  for (const lang of LANGS) {
    setLanguage(lang, { persist: false });
    for (const d of [good, bad]) assert.doesNotMatch(words.coachLine(d).text, /[+−-]0[.,]\d\d/, `${lang}: ${words.coachLine(d).text}`);
  }
});

test("the lab's failure details: in the player's language, cards named as on the table", async () => {
  const lab = await load("labWords");
  const e = { code: "illegal", detail: "choose() returned SQ, which may not be played here", params: { card: "SQ" } };
  const pos = { deal: 2, rotation: 0, seat: 1, trick_no: 4, hand: ["SQ", "HA"], trick: ["D6"], trump: "D", legal: ["HA"] };
  setLanguage("de", { persist: false });
  setDeck("swiss");
  assert.deepEqual(lab.detailLines(e), { text: "choose() hat SQ (Schilten-Ober) zurückgegeben; diese Karte darf hier nicht gespielt werden.", pre: null });
  assert.equal(lab.positionText(pos),
    "Verteilung 3, Sitzordnung 1, Platz 1, Stich 4. Hand: Schilten O Rosen A. Auf dem Tisch: Schellen 6. Trumpf: Schellen. Erlaubt: Rosen A.");
  setLanguage("fr", { persist: false });
  setDeck("french");
  const trace = "Traceback (most recent call last):\n  ...\nKeyError: 'boom'";
  assert.deepEqual(lab.detailLines({ code: "exception", detail: `choose() raised ${trace}`, params: { what: "choose", trace } }),
    { text: "choose() a levé une exception\u00a0:", pre: trace }, "the traceback as Python wrote it, under a translated line");
  assert.match(lab.positionText(pos), /Main\u00a0: ♠D ♥A\. Sur la table\u00a0: ♦6\. Atout\u00a0: ♦ carreau\./);
  // an error without parameters (the page's own watchdog, an older engine) shows the engine's detail as it is
  assert.deepEqual(lab.detailLines({ code: "internal", detail: "worker error" }), { text: null, pre: "worker error" });
});

test("words a player understands: the Italian seed, one word for the zeros, loading without developer jargon", () => {
  setLanguage("it", { persist: false });
  assert.doesNotMatch(t("new.seed") + t("lab.seed"), /[Ss]eme/, "'seme' is a card suit in Italian");
  for (const lang of LANGS) {
    setLanguage(lang, { persist: false });
    // How to play names the ○ as the score sheet's legend does ("○ = zero (−1)")
    const zero = t("sheet.legend").match(/○ = ([^（(]+)/)[1].trim();
    assert.ok(t("howto.sheet.p1").includes(lang === "ja" ? "○" : zero.slice(0, 4)), `${lang}: "${zero}" in How to play`);
    assert.doesNotMatch(t("howto.sheet.p1"), /\b(ring|rings|Ring|Ringe|rond|ronds|cerchio|cerchi)\b/, lang);
    for (const k of ["loading.download", "loading.python", "loading.engine"]) {
      assert.doesNotMatch(t(k, { done: 1, total: 9 }), /Python|runtime|engine|Engine|moteur|motore|エンジン/, `${lang} ${k}`);
    }
  }
});

test("the log's line for a finished hand names the case once", () => {
  const nameOf = (s) => t(`name.${s}`);
  setLanguage("de", { persist: false });
  const r = { hand_no: 3, ...SETTLEMENTS[3] };
  assert.equal(i18n.handOverText(r, nameOf), "Runde 3 zu Ende. 100 oder mehr: −2 für dich (101 Punkte); die anderen je +1.");
  setLanguage("fr", { persist: false });
  assert.equal(i18n.handOverText({ hand_no: 2, ...SETTLEMENTS[7] }, nameOf).split("Le milieu perd").length, 2, "the case once");
});

test("the review's hands with the Swiss pack name each suit once per run; the French pack keeps ♠D ♠K", () => {
  setLanguage("de", { persist: false });
  setDeck("swiss");
  const runs = words.handRuns(["DJ", "DK", "C6", "C10"]);
  assert.deepEqual(runs.map((r) => [r.label, r.cards.map((c) => c.text).join(" ")]), [["Schellen", "U K"], ["Eicheln", "6 10"]]);
  assert.equal(runs[0].cards[0].name, "Schellen-Under");
  setDeck("french");
  assert.deepEqual(words.handRuns(["DJ", "DK"]).map((r) => [r.label, r.cards.map((c) => c.text).join(" ")]), [[null, "♦B"], [null, "♦K"]]);
});

test("a canvas label wider than its room is set smaller to fit, not squeezed letter by letter (fissata da Sinistra)", async () => {
  globalThis.window ??= { addEventListener() {} };   // the renderer's sound module listens for the first gesture
  const { Renderer } = await load("renderer");
  const drawn = [];
  const ctx = {   // a 2D context that measures 0.6 em per character and records what is filled
    font: "", measureText(s) { return { width: s.length * 0.6 * Number(this.font.match(/ ([\d.]+)px/)[1]) }; },
    fillText(s, x, y, maxW) { drawn.push({ s, font: this.font, maxW }); },
  };
  const label = "fissata da Sinistra", room = label.length * 0.6 * 14 * 0.85;   // 85% of what 14 px needs
  Renderer.prototype.text.call({ ctx }, label, 0, 0, { size: 14, maxW: room });
  const size = Number(drawn[0].font.match(/ ([\d.]+)px/)[1]);
  assert.ok(size < 14 && label.length * 0.6 * size <= room + 1e-9, `set at ${size}px: it fits ${room}px without squeezing`);
  Renderer.prototype.text.call({ ctx }, "Destra", 0, 0, { size: 14, maxW: room });
  assert.match(drawn[1].font, / 14px /, "a label that fits keeps its size");
});
