// The type checks' lists (jsconfig.json, jsconfig.loose.json, jsconfig.worker.json, jsconfig.sw.json) cover every
// JavaScript file of web/ once: strict (`// @ts-check` as the first line), in the loose, a worker or the service
// worker config's "files", or pending (a
// "// pending: <why>: <file>" line of jsconfig.loose.json). A new file must be put in one of them.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";

const ROOT = new URL("../../", import.meta.url).pathname;
const read = (f) => readFileSync(join(ROOT, f), "utf8");
const jsonc = (f) => JSON.parse(read(f).replace(/^\s*\/\/.*$/gm, ""));
const walk = (dir) => readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
  .filter((d) => d.isFile() && d.name.endsWith(".js"))
  .map((d) => relative(ROOT, join(d.parentPath, d.name)));

test("every file of web/ is strict, loose, a worker's or pending, and in one list only", () => {
  const files = [...walk("web/js"), ...walk("web/lab"), "web/sw.js"].sort();
  const strict = files.filter((f) => read(f).startsWith("// @ts-check\n"));
  const loose = jsonc("jsconfig.loose.json").files.filter((f) => f.endsWith(".js"));
  const worker = [...jsonc("jsconfig.worker.json").files, ...jsonc("jsconfig.sw.json").files];
  const pending = [...read("jsconfig.loose.json").matchAll(/^\/\/ pending: [^:]+: (\S+)$/gm)].map((m) => m[1]);
  const listed = [...strict, ...loose, ...worker, ...pending].sort();
  assert.deepEqual(listed, files);
});
