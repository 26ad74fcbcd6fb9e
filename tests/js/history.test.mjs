// Statistics of the history (web/js saves/history.js): what counts as a game, per bot level and over every hand.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { countsAsGame, statistics } = await load("history");

const hand = (kase, settlement, tricks = [4, 4, 4], points = [50, 50, 57]) => ({ case: kase, settlement, card_points: points, tricks });
const game = (status, results, extra = {}) => ({ id: `g${Math.random()}`, status, hands_total: 3, bots: ["easy", "normal"],
  net: [0, 0, 0], winners: status === "finished" ? [0] : null, results, ...extra });

test("a game with no finished hand is not a game in the statistics (one finished game: 1 game, 1 won)", () => {
  const finished = game("finished", [hand("ranking", [1, -1, 0])]);
  const abandonedEmpty = game("abandoned", []);
  const { levels, all } = statistics([abandonedEmpty, finished], 0);
  assert.equal(levels.length, 1);
  assert.equal(levels[0].games, 1, "the abandoned game without a finished hand was counted as a game");
  assert.equal(levels[0].wins, 1);
  assert.equal(all.hands, 1);
});

test("an abandoned game with a finished hand counts; one whose hands were all annulled does not", () => {
  const abandoned = game("abandoned", [hand("ranking", [-1, 1, 0])]);
  const annulled = game("abandoned", [hand("annulled", [0, 0, 0])]);
  assert.equal(countsAsGame(abandoned), true);
  assert.equal(countsAsGame(annulled), false);
  assert.equal(countsAsGame(game("abandoned", [])), false);
  const { levels } = statistics([abandoned, annulled], 0);
  assert.deepEqual(levels.map((s) => [s.games, s.wins, s.hands, s.strokes]), [[1, 0, 1, -1]]);
});

test("only games that count make a bot pairing's row", () => {
  const { levels } = statistics([game("abandoned", [], { bots: ["hard", "hard"] })], 0);
  assert.deepEqual(levels, []);
});

test("a friend's page keeps the game seen from its own seat: seat 2 becomes seat 0, everything turns with it", async () => {
  const { entryFromSeat } = await load("history");
  const entry = {
    id: "x", status: "finished", hands_total: 1, bots: ["person", "person"], names: ["Anna", "Bea", "Cy"], net: [1, 1, -2],
    winners: [0, 1], results: [{ case: "ranking", settlement: [1, 1, -2], card_points: [14, 81, 62], tricks: [1, 6, 5] }],
    records: [{ rules: {}, dealer: 1, hands: [["SA"], ["HA"], ["DA"]], plays: ["DA", "SA", "HA"] }],
  };
  const e = entryFromSeat(entry, 2);
  assert.deepEqual(e.names, ["Cy", "Anna", "Bea"]);
  assert.deepEqual(e.net, [-2, 1, 1]);
  assert.deepEqual(e.winners, [1, 2]);
  assert.deepEqual(e.results[0].card_points, [62, 14, 81]);
  assert.deepEqual(e.records[0].hands, [["DA"], ["SA"], ["HA"]]);
  assert.equal(e.records[0].dealer, 2);   // Bea dealt: she sits at 2 now; Cy, after her, still leads (at 0 now)
  assert.deepEqual(e.records[0].plays, entry.records[0].plays);
  assert.deepEqual(entryFromSeat(entry, 0), entry);
});

test("a friend's seat is a person in the host's history, not the level the engine keeps for a stand-in", async () => {
  const { entryOf } = await load("history");
  const setup = { hands: 1, seed: "s", seats: [{ kind: "me" }, { kind: "remote" }, { kind: "bot", level: "easy" }] };
  const view = { scores: { net: [0, 0, 0] }, winners: null };
  assert.deepEqual(entryOf({ id: "x", setup, view, history: [], records: [], status: "finished" }).bots, ["person", "easy"]);
});

test("an unreadable history is set aside, never written over: one byte short, or another version", async () => {
  const { recordGame, loadHistory, unreadableHistories, dropUnreadable, resetHistory } = await load("history");
  const mem = new Map();
  globalThis.localStorage = {
    getItem: (k) => (mem.has(k) ? mem.get(k) : null), setItem: (k, v) => mem.set(k, String(v)), removeItem: (k) => mem.delete(k),
    key: (i) => [...mem.keys()][i] ?? null, get length() { return mem.size; },
  };
  try {
    const entry = (id) => game("finished", [hand("ranking", [1, -1, 0])], { id });
    for (const g of ["a", "b", "c", "d", "e"]) recordGame(entry(g));
    const whole = mem.get("mittlere-jass.history");
    for (const damaged of [whole.slice(0, -1), JSON.stringify({ ...JSON.parse(whole), version: 2 })]) {
      mem.clear();
      mem.set("mittlere-jass.history", damaged);
      assert.deepEqual(loadHistory(), [], "nothing readable");
      assert.equal(recordGame(entry("f")), true);
      assert.deepEqual(loadHistory().map((g) => g.id), ["f"], "a new history beside it");
      const kept = unreadableHistories();
      assert.equal(kept.length, 1);
      assert.equal(kept[0].text, damaged, "the five games are kept, byte for byte");
      recordGame(entry("g"));
      assert.equal(unreadableHistories().length, 1, "set aside once");
      dropUnreadable(kept[0].key);
      assert.equal(unreadableHistories().length, 0);
    }
    mem.clear();
    mem.set("mittlere-jass.history", "{oops");
    resetHistory();
    assert.equal(unreadableHistories()[0].text, "{oops", "a reset of the statistics sets it aside too");
    // an entry this version does not know is kept as it is when the history is written again
    mem.clear();
    const stranger = { id: "z", status: "finished", future: true };
    mem.set("mittlere-jass.history", JSON.stringify({ version: 1, games: [stranger] }));
    recordGame(entry("h"));
    assert.deepEqual(JSON.parse(mem.get("mittlere-jass.history")).games.at(-1), stranger);
  } finally {
    delete globalThis.localStorage;
  }
});

test("a hand of 100 or more is counted with the game's own hundred, as the engine's hello gives it", async () => {
  const { store } = await load("store");
  const saved = store.hello;
  try {
    store.hello = { human_seat: 0, games: { mittlere: { hundred: 100 }, molotow: { hundred: 90 } } };
    const hands = [hand("hundred", [-2, 1, 1], [4, 4, 4], [100, 30, 27]), hand("ranking", [1, -1, 0], [4, 4, 4], [99, 30, 28])];
    assert.equal(statistics([game("finished", hands)], 0).all.over100, 1);
    // a game whose hundred were 90 (made up: the page takes the engine's number, whatever it is)
    assert.equal(statistics([game("finished", hands, { game: "molotow" })], 0).all.over100, 2);
  } finally {
    store.hello = saved;
  }
});
