// Who sits where (pass-and-play, web/js storage + journal): the seat choice as saved and read back, and as the engine's
// `new_game` / `restore` take it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { validPeople, validName } = await load("storage");
const { seatsRequest, engineSetup } = await load("journal");
const { entryOf, statistics, PERSON } = await load("history");
const { helpAllowed } = await load("settings");

test("saved people are read back only as two or three entries of a name or null; anything else means bots", () => {
  assert.deepEqual(validPeople(["Ben", null]), ["Ben", null]);
  assert.deepEqual(validPeople([null, "  Vreni "]), [null, "Vreni"]);
  assert.deepEqual(validPeople(["Ben", "Anna"]), ["Ben", "Anna"]);
  assert.deepEqual(validPeople(["Ben", null, "Cla"]), ["Ben", null, "Cla"]);   // a game of four
  for (const bad of [undefined, null, "Ben", {}, [], ["Ben"], ["Ben", null, null, null], ["Ben", 3], ["", null], ["   ", null],
    [null, "x".repeat(41)], [null, { name: "Ben" }], [true, null]]) {
    assert.deepEqual(validPeople(bad), [null, null, null], JSON.stringify(bad));
  }
});

test("a saved name: trimmed text of 1..40 characters, else none", () => {
  assert.equal(validName(" Anna "), "Anna");
  assert.equal(validName("x".repeat(40)), "x".repeat(40));
  for (const bad of [undefined, null, "", "  ", 7, ["Anna"], "x".repeat(41)]) assert.equal(validName(bad), null, JSON.stringify(bad));
});

test("the seats of new_game: me at seat 0, a person where one is named, else the seat's bot level", () => {
  assert.equal(seatsRequest(["normal", "hard"], [null, null]), null, "bots only: the older `bots` is sent");
  assert.equal(seatsRequest(["normal", "hard"], undefined), null);
  assert.deepEqual(seatsRequest(["normal", "hard"], ["Ben", null]),
    [{ kind: "me" }, { kind: "person" }, { kind: "bot", level: "hard" }]);
  assert.deepEqual(seatsRequest(["easy", "hard"], [null, "Vreni"]),
    [{ kind: "me" }, { kind: "bot", level: "easy" }, { kind: "person" }]);
  assert.deepEqual(seatsRequest(["easy", "hard"], ["Ben", "Vreni"]), [{ kind: "me" }, { kind: "person" }, { kind: "person" }]);
});

test("restore gets `seats` or `bots`, never both (the engine refuses both); the page's setup keeps both", () => {
  const seats = [{ kind: "me" }, { kind: "person" }, { kind: "bot", level: "hard" }];
  const setup = { hands: 3, bots: ["normal", "hard"], seats, seed: "7", names: ["Anna", "Ben", "Left"] };
  assert.deepEqual(engineSetup(setup), { hands: 3, seats, seed: "7", names: ["Anna", "Ben", "Left"] });
  assert.deepEqual(setup.bots, ["normal", "hard"], "the page's own setup is left as it is");
  const bots = { hands: 3, bots: ["normal", "hard"], seed: "7" };
  assert.equal(engineSetup(bots), bots);
});

test("the history keeps a pass-and-play game with the people's names; the statistics stay the owner's (seat 0)", () => {
  const setup = { hands: 1, bots: ["normal", "hard"], seats: [{ kind: "me" }, { kind: "person" }, { kind: "bot", level: "hard" }],
    seed: "7", names: ["Anna", "Ben", "Hard bot"] };
  const result = { case: "ranking", settlement: [-2, 1, 1], card_points: [50, 90, 17], tricks: [4, 5, 3] };
  const view = { scores: { net: [-2, 1, 1] }, winners: [1, 2] };
  const e = entryOf({ id: "2026-12-02T03:00:00.000Z", setup, view, history: [result], records: null, status: "finished" });
  assert.deepEqual(e.bots, [PERSON, "hard"], "seat 1 was a person, not the level its select kept");
  assert.deepEqual(e.names, ["Anna", "Ben", "Hard bot"]);
  const { levels, all } = statistics([e], 0);
  assert.deepEqual(levels.map((s) => [s.key, s.games, s.wins, s.strokes]), [[`${PERSON} + hard`, 1, 0, -2]]);
  assert.equal(all.hands, 1);
  assert.equal(all.middle, 1, "the owner's own middle score, not Ben's");
});

test("hints and undo: always for one person at the device; at a table of people only when the setting allows", () => {
  assert.equal(helpAllowed(1, { tableHelp: false }), true);
  assert.equal(helpAllowed(2, { tableHelp: false }), false);
  assert.equal(helpAllowed(3, { tableHelp: false }), false);
  assert.equal(helpAllowed(2, { tableHelp: true }), true);
});
