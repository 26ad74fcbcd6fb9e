// Who sits where (pass-and-play, web/js storage + journal): the seat choice as saved and read back, and as the engine's
// `new_game` / `restore` take it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { validName } = await load("seats");
const { validSeats, seatsOfOldSettings, seatsOfBots, tableFor, engineSeats, botsOnly, levelsOf, seatsOfLevels, currentSetup } = await load("seats");
const { entryOf, statistics, PERSON } = await load("history");
const { helpAllowed } = await load("settings");

const me = { kind: "me" };
const bot = (level) => ({ kind: "bot", level });

test("the settings' table is read back only as 3 or 4 seats of a known shape; anything else means the defaults", () => {
  const ben = { kind: "person", name: "Ben", level: "hard" };
  assert.deepEqual(validSeats([me, ben, bot("easy")], { names: true }), [me, ben, bot("easy")]);
  assert.deepEqual(validSeats([me, { kind: "person", name: "  Vreni " }, bot("easy"), bot("hard")], { names: true }),
    [me, { kind: "person", name: "Vreni" }, bot("easy"), bot("hard")], "a game of four; the name trimmed");
  for (const bad of [undefined, null, "x", {}, [], [me, bot("normal")], [me, bot("normal"), bot("normal"), bot("normal"), bot("normal")],
    [bot("normal"), me, bot("normal")], [me, { kind: "bot" }, bot("normal")], [me, bot("<script>"), bot("normal")], [me, bot(3), bot("normal")],
    [me, { kind: "person" }, bot("normal")], [me, { kind: "person", name: "   " }, bot("normal")],
    [me, { kind: "person", name: "x".repeat(41) }, bot("normal")],
    [me, { kind: "ghost" }, bot("normal")], [me, null, bot("normal")], [me, [bot("normal")], bot("normal")], [me, me, bot("normal")]]) {
    assert.equal(validSeats(bad, { names: true }), null, JSON.stringify(bad));
  }
  assert.equal(validSeats([me, { kind: "person", name: "Ben" }, bot("easy")]), null, "a save keeps names apart");
  assert.deepEqual(validSeats([me, { kind: "person", extra: 1 }, bot("easy")]), [me, { kind: "person" }, bot("easy")], "only the known fields are kept");
});

test("settings written before one list: `bots` and `people` read as the table", () => {
  assert.deepEqual(seatsOfOldSettings(["normal", "hard"], ["Ben", null]), [me, { kind: "person", name: "Ben", level: "normal" }, bot("hard")]);
  assert.deepEqual(seatsOfOldSettings(["normal", "hard", "easy"], [null, null, " Cla "]),
    [me, bot("normal"), bot("hard"), { kind: "person", name: "Cla", level: "easy" }]);
  assert.deepEqual(seatsOfOldSettings(["normal", "hard"], undefined), [me, bot("normal"), bot("hard")]);
  assert.deepEqual(seatsOfOldSettings(["normal", "hard"], ["Ben"]), [me, bot("normal"), bot("hard")], "people of another length: bots");
  for (const bad of [undefined, null, ["normal"], ["normal", 3], [1, 2], "normal,hard"]) assert.equal(seatsOfOldSettings(bad, null), null, JSON.stringify(bad));
});

test("a saved name: trimmed text of 1..40 characters, else none", () => {
  assert.equal(validName(" Anna "), "Anna");
  assert.equal(validName("x".repeat(40)), "x".repeat(40));
  for (const bad of [undefined, null, "", "  ", 7, ["Anna"], "x".repeat(41)]) assert.equal(validName(bad), null, JSON.stringify(bad));
});

test("a game's table from the stored one: cut, or a game of three's extended by its first other seat's level", () => {
  const three = [me, { kind: "person", name: "Ben", level: "hard" }, bot("easy")];
  assert.deepEqual(tableFor(three, 3), three);
  assert.deepEqual(tableFor(three, 4), [...three, bot("hard")]);
  assert.deepEqual(tableFor([me, bot("easy"), bot("hard"), bot("expert")], 3), [me, bot("easy"), bot("hard")]);
  assert.deepEqual(tableFor([me, { kind: "person", name: "Ben" }, bot("easy")], 4, "normal"),
    [me, { kind: "person", name: "Ben" }, bot("easy"), bot("normal")]);
  assert.deepEqual(tableFor([me, bot("easy")], 3), [me, bot("easy")], "too short: the engine says what is wrong");
  assert.deepEqual(tableFor(seatsOfBots(["outside", "hard"]), 3), [me, { kind: "outside" }, bot("hard")], "the lab's bot");
});

test("the engine gets each seat's kind (and a bot's level), never a name or a person's kept level", () => {
  assert.deepEqual(engineSeats([me, { kind: "person", name: "Ben", level: "hard" }, bot("easy"), { kind: "remote", level: "normal" }, { kind: "remote" }]),
    [me, { kind: "person" }, bot("easy"), { kind: "remote", level: "normal" }, { kind: "remote" }]);
  assert.equal(botsOnly([me, bot("easy"), { kind: "outside" }]), true);
  assert.equal(botsOnly([me, bot("easy"), { kind: "person" }]), false);
  assert.equal(botsOnly([me, { kind: "remote", level: "easy" }, bot("easy")]), false);
});

test("the history's and the links' levels, and back", () => {
  const seats = [me, { kind: "person" }, bot("hard"), { kind: "remote" }];
  assert.deepEqual(levelsOf(seats), [PERSON, "hard", PERSON]);
  assert.deepEqual(seatsOfLevels([PERSON, "hard", PERSON]), [me, { kind: "person" }, bot("hard"), { kind: "person" }]);
  assert.deepEqual(levelsOf(seatsOfBots(["outside", "normal"])), ["outside", "normal"]);
});

test("a save's setup in today's form: `seats`, never `bots`", () => {
  assert.deepEqual(currentSetup({ hands: 3, bots: ["normal", "hard"], seed: "7" }), { hands: 3, seats: [me, bot("normal"), bot("hard")], seed: "7" });
  const seats = [me, { kind: "person" }, bot("hard")];
  assert.deepEqual(currentSetup({ hands: 3, bots: ["normal", "hard"], seats, seed: "7" }), { hands: 3, seats, seed: "7" });
  assert.equal(currentSetup({ hands: 3, seed: "7" }), null);
  assert.equal(currentSetup({ hands: 3, bots: ["normal"], seed: "7" }), null);
});

test("the history keeps a pass-and-play game with the people's names; the statistics stay the owner's (seat 0)", () => {
  const setup = { hands: 1, seats: [{ kind: "me" }, { kind: "person" }, { kind: "bot", level: "hard" }],
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
