// A stored save's shape check (web/js save): anything read from storage is checked before use.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { parseSave, SAVE_FORMAT, SAVE_VERSION } = await load("save");

const good = () => ({
  format: SAVE_FORMAT, version: SAVE_VERSION,
  setup: { hands: 12, bots: ["normal", "hard"], seed: "42", names: ["You", "Right", "Left"] },
  hands: [["SA", "H10", "D6"]], records: [],
});
const text = (o) => JSON.stringify(o);

const table = [{ kind: "me" }, { kind: "bot", level: "normal" }, { kind: "bot", level: "hard" }];

test("a good save passes, its table as one `seats` list (an older save's `bots` read as one)", () => {
  const r = parseSave(text(good()));
  assert.equal(r.ok, true);
  const today = good();
  delete today.setup.bots;
  today.setup.seats = table;
  assert.deepEqual(r.save, today, "the older `bots` becomes `seats`");
  assert.deepEqual(parseSave(text(today)).save, today, "today's form, as stored");
  const people = good();   // a save of a game with people held `seats` beside `bots`
  people.setup.seats = [{ kind: "me" }, { kind: "person" }, { kind: "bot", level: "hard" }];
  assert.deepEqual(parseSave(text(people)).save.setup.seats, people.setup.seats);
  assert.equal(parseSave(text(people)).save.setup.bots, undefined);
  const four = good();
  four.setup = { game: "molotow", hands: 12, seats: [...table, { kind: "remote" }], seed: "s", names: ["a", "b", "c", "d"] };
  assert.deepEqual(parseSave(text(four)).save, four, "a game of four with a friend");
  const noNames = good(); delete noNames.setup.names;
  assert.equal(parseSave(text(noNames)).ok, true, "names are optional");
  const rules = good(); rules.setup.rules = { no_trump: "eights" };
  assert.equal(parseSave(text(rules)).ok, true, "rules are optional (the engine checks their values)");
});

test("not a string, too long, not JSON: each has its reason", () => {
  assert.deepEqual(parseSave(null), { ok: false, reason: "save.bad.size" });
  assert.deepEqual(parseSave("x".repeat(2_000_001)), { ok: false, reason: "save.bad.size" });
  assert.deepEqual(parseSave("{not json"), { ok: false, reason: "save.bad.json" });
});

test("another format, or another version (said which)", () => {
  assert.deepEqual(parseSave(text({ ...good(), format: "other" })), { ok: false, reason: "save.bad.format" });
  assert.deepEqual(parseSave("[1, 2]"), { ok: false, reason: "save.bad.format" });
  assert.deepEqual(parseSave(text({ ...good(), version: 99 })), { ok: false, reason: "save.bad.version", detail: "99" });
  const long = parseSave(text({ ...good(), version: "v".repeat(50) }));
  assert.equal(long.detail.length, 20, "the version shown is cut short");
});

test("a wrong shape anywhere is refused", () => {
  const cases = {
    "hands 0": (s) => { s.setup.hands = 0; },
    "hands 241": (s) => { s.setup.hands = 241; },
    "hands not an integer": (s) => { s.setup.hands = 1.5; },
    "one bot": (s) => { s.setup.bots = ["normal"]; },
    "a bot that is not text": (s) => { s.setup.bots = ["normal", 3]; },
    "a long bot name": (s) => { s.setup.bots = ["normal", "b".repeat(41)]; },
    "seats and bots of different tables": (s) => { s.setup.seats = [...table, { kind: "bot", level: "easy" }]; },
    "seats: seat 0 not the player": (s) => { delete s.setup.bots; s.setup.seats = [table[1], table[0], table[2]]; },
    "seats: a bot without a level": (s) => { delete s.setup.bots; s.setup.seats = [table[0], { kind: "bot" }, table[2]]; },
    "seats: an unknown kind": (s) => { delete s.setup.bots; s.setup.seats = [table[0], { kind: "ghost" }, table[2]]; },
    "seats: five": (s) => { delete s.setup.bots; s.setup.seats = [...table, table[1], table[1]]; },
    "seats: a name in a save's seat": (s) => { delete s.setup.bots; s.setup.seats = [table[0], { kind: "person", name: "Ben" }, table[2]]; },
    "neither seats nor bots": (s) => { delete s.setup.bots; },
    "seed not text": (s) => { s.setup.seed = 42; },
    "two names": (s) => { s.setup.names = ["a", "b"]; },
    "a long name": (s) => { s.setup.names = ["a", "b", "c".repeat(41)]; },
    "rules not an object": (s) => { s.setup.rules = [1]; },
    "no hands": (s) => { s.hands = []; },
    "a bad card code": (s) => { s.hands = [["SA", "X9"]]; },
    "rank 1": (s) => { s.hands = [["S1"]]; },
    "601 hands": (s) => { s.hands = Array(601).fill([]); },
    "records not a list": (s) => { s.records = {}; },
    "a record that is not an object": (s) => { s.records = [1]; },
    "no setup": (s) => { delete s.setup; },
  };
  for (const [what, spoil] of Object.entries(cases)) {
    const s = good();
    spoil(s);
    assert.deepEqual(parseSave(text(s)), { ok: false, reason: "save.bad.shape" }, what);
  }
});

test("a game with friends keeps each dealt hand's seed at its own index; an old save's shifted seeds are put right", async () => {
  const { handSeeds } = await load("save");
  const { Journal } = await load("journal");
  const j = new Journal();
  j.reset({ hands: 3, seed: "s" });
  j.record([{ type: "hand_dealt" }, { type: "card_played", card: "SA" }]);
  j.seedNextHand("b".repeat(64));   // hand 2's fair seed, noted before its deal is recorded
  j.record([{ type: "hand_dealt" }]);
  assert.deepEqual(j.seeds, [null, "b".repeat(64)]);
  assert.deepEqual(j.restoreRequest().hand_seeds, [null, "b".repeat(64)]);
  const hands = [["SA"], []];
  assert.deepEqual(handSeeds({ hands, hand_seeds: [null, "b".repeat(64)] }), [null, "b".repeat(64)]);
  assert.deepEqual(handSeeds({ hands, hand_seeds: ["b".repeat(64)] }), [null, "b".repeat(64)], "the old, shifted shape");
  assert.equal(handSeeds({ hands, hand_seeds: [7] }), null);
  assert.equal(handSeeds({ hands }), null);
});
