// Share-a-deal links (web/js share): what a link holds, and that anything else in a fragment is refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { parseShare, shareLink } = await load("share");
const LEVELS = ["random", "easy", "normal", "hard", "expert"];

test("a link gives back the deal it was made from, with the sharer's result", () => {
  const link = shareLink({ seed: "abc-1", hands: 12, bots: ["normal", "hard"] }, -3);
  assert.ok(link.startsWith("https://example.test/jass/#"), link);
  const hash = link.slice(link.indexOf("#"));
  assert.deepEqual(parseShare(hash, LEVELS), { game: "mittlere", seed: "abc-1", hands: 12, bots: ["normal", "hard"], friend: -3 });
  const plain = shareLink({ seed: 7, hands: 3, bots: ["easy", "easy"] });
  assert.deepEqual(parseShare(plain.slice(plain.indexOf("#")), LEVELS), { game: "mittlere", seed: "7", hands: 3, bots: ["easy", "easy"], friend: null });
  assert.ok(!plain.includes("game="), "a Mittlere link keeps its form");
});

test("a deal of a game of four carries its game and a level for each of the three other seats", () => {
  const GAMES = { mittlere: { seats: 3 }, molotow: { seats: 4 } };
  const link = shareLink({ game: "molotow", seed: "s1", hands: 12, bots: ["easy", "normal", "hard"] });
  const hash = link.slice(link.indexOf("#"));
  assert.deepEqual(parseShare(hash, LEVELS, GAMES), { game: "molotow", seed: "s1", hands: 12, bots: ["easy", "normal", "hard"], friend: null });
  // a game the engine does not play, or the wrong number of levels for the game: a bad link
  assert.deepEqual(parseShare(hash.replace("molotow", "poker"), LEVELS, GAMES), { error: true });
  assert.deepEqual(parseShare(hash.replace("easy%2C", ""), LEVELS, GAMES), { error: true });
  assert.deepEqual(parseShare(hash.replace("molotow", "__proto__"), LEVELS, GAMES), { error: true });
});

test("no deal in the fragment: null (the page goes on as usual)", () => {
  for (const h of ["", "#", "#lab", "#deal=0&seed=1", "seed=1", `#deal=1&seed=${"x".repeat(600)}`]) {
    assert.equal(parseShare(h, LEVELS), null, h.slice(0, 30));
  }
});

test("a deal that is not valid is an error, never a game", () => {
  const bad = {
    "seed empty": "#deal=1&seed=&hands=12&bots=normal,hard",
    "seed with a space": "#deal=1&seed=a%20b&hands=12&bots=normal,hard",
    "seed too long": `#deal=1&seed=${"s".repeat(101)}&hands=12&bots=normal,hard`,
    "hands 0": "#deal=1&seed=1&hands=0&bots=normal,hard",
    "hands 241": "#deal=1&seed=1&hands=241&bots=normal,hard",
    "hands not a number": "#deal=1&seed=1&hands=ten&bots=normal,hard",
    "one bot": "#deal=1&seed=1&hands=12&bots=normal",
    "an unknown bot": "#deal=1&seed=1&hands=12&bots=normal,god",
    "result not a number": "#deal=1&seed=1&hands=12&bots=normal,hard&result=x",
    "result too long": "#deal=1&seed=1&hands=12&bots=normal,hard&result=12345",
  };
  for (const [what, hash] of Object.entries(bad)) assert.deepEqual(parseShare(hash, LEVELS), { error: true }, what);
});

test("a seed may be any letters or digits, in any script", () => {
  assert.equal(parseShare("#deal=1&seed=J%C3%A4ss_2.0&hands=1&bots=easy,easy", LEVELS).seed, "Jäss_2.0");
});
