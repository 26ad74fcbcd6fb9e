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
