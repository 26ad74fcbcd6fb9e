// The JavaScript the site ships (build.py runs tools/minjs.py over every .js under web/): without its comments and
// indentation, yet the same program. Checked with the parser eslint uses (espree): every file keeps exactly its
// tokens (a template literal's text, a regular expression, a string: byte for byte), each on the line it had.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import * as espree from "espree";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = process.env.PYTHON || "python3";
const OPTS = { ecmaVersion: "latest", sourceType: "module", loc: true };

const jsFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  return e.isDirectory() ? jsFiles(p) : /\.m?js$/.test(e.name) ? [p] : [];
});
const strip = (files) => JSON.parse(execFileSync(PYTHON, [path.join(ROOT, "tools/minjs.py"), "--json", ...files],
  { encoding: "utf8", maxBuffer: 64 << 20 }));
const tokens = (src) => espree.tokenize(src, OPTS).map((t) => `${t.loc.start.line} ${t.type} ${t.value}`);

test("every shipped JavaScript file keeps its tokens, on the same lines, without its comments", () => {
  const files = jsFiles(path.join(ROOT, "web"));
  assert.ok(files.length > 50, `${files.length} files under web/`);
  const out = strip(files);
  let before = 0, after = 0;
  for (const f of files) {
    const src = fs.readFileSync(f, "utf8");
    assert.deepEqual(tokens(out[f]), tokens(src), path.relative(ROOT, f));
    before += Buffer.byteLength(src);
    after += Buffer.byteLength(out[f]);
  }
  assert.ok(after < before * 0.85, `${before} -> ${after} bytes`);
});

test("the tricky spots: regular expressions, divisions, templates with code inside, comment-like text in strings", () => {
  const src = [
    "// DROP-1",
    "const re = /\\/\\/ not a comment [/*]/g, half = a / 2 / b; // DROP-2",
    "const s = \"// kept\" + '/* kept */' + `line",
    "  // kept: inside a template",
    "  ${ x ? { y: `/* ${z} */` } : /re}/ } end`;",
    "    /* DROP-3",
    "       comment */ const t = typeof /x/ === \"object\" ? a++ / 2 : (b) / 3;",
    "if (a) return /^\\s*$/.test(s);",
  ].join("\n");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "minjs-")), "t.js");
  try {
    fs.writeFileSync(file, `function f() {\n${src}\n}\n`);
    const out = strip([file])[file];
    assert.deepEqual(tokens(out), tokens(fs.readFileSync(file, "utf8")));
    assert.ok(!out.includes("DROP"), out);
    assert.ok(out.includes("  // kept: inside a template"), "a template's text is left as it is");
    assert.equal(out.split("\n").length, src.split("\n").length + 3, "the same number of lines");
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});
