// Imported record files (web/js records): size, nesting and shape checked before the engine sees them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./web.mjs";

const { jsonDepth, recordsFromText, gameFile, GAME_FORMAT, GAME_VERSION } = await load("records");
const { t } = await load("i18n");

const RECORD = { dealer: 0, hands: [["SA"], ["SK"], ["SQ"]], plays: [] };

test("nesting is measured without parsing, brackets inside strings do not count", () => {
  assert.equal(jsonDepth("1"), 0);
  assert.equal(jsonDepth("[[[]]]"), 3);
  assert.equal(jsonDepth('{"a": [1, {"b": 2}]}'), 3);
  assert.equal(jsonDepth('["[[[[", "\\"[[["]'), 1, "strings, with an escaped quote, are skipped");
  assert.ok(jsonDepth("[".repeat(100)) > 16, "it stops early on a deep text");
});

test("a record, a list of records, a game file: the records, and the game's names", () => {
  assert.deepEqual(recordsFromText(JSON.stringify(RECORD)), { ok: true, records: [RECORD], names: null });
  assert.deepEqual(recordsFromText(JSON.stringify([RECORD, RECORD])), { ok: true, records: [RECORD, RECORD], names: null });
  const game = gameFile({ hands: 1, names: ["A", "B", "C"] }, [RECORD], [[1, 0, -1]]);
  assert.equal(game.format, GAME_FORMAT);
  assert.equal(game.version, GAME_VERSION);
  assert.deepEqual(recordsFromText(JSON.stringify(game)), { ok: true, records: [RECORD], names: ["A", "B", "C"] });
  const oddNames = gameFile({ names: ["A", 2, "C"] }, [RECORD]);
  assert.equal(recordsFromText(JSON.stringify(oddNames)).names, null, "names of the wrong shape are dropped");
});

test("each bad file gets its one-line reason", () => {
  const reason = (text) => recordsFromText(text).reason;
  assert.equal(reason("x".repeat(1_000_001)), t("import.tooLarge"));
  assert.equal(reason("[".repeat(17) + "]".repeat(17)), t("import.tooDeep"));
  assert.equal(reason("{oops"), t("import.notJson"));
  assert.equal(reason(JSON.stringify({ ...gameFile({}, [RECORD]), version: 2 })), t("import.version"));
  for (const text of ["1", '"text"', "[]", "[1]", '{"plays": []}', "null", JSON.stringify(gameFile({}, []))]) {
    assert.equal(reason(text), t("import.notRecord"), text);
  }
});
