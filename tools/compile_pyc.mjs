// Compile Python sources to bytecode with the pinned Pyodide's own CPython (build time, in Node), so the browser
// imports the engine and the trimmed standard library without compiling them.
//   node tools/compile_pyc.mjs <pyodide dir>
// then one job a line on stdin, JSON [<sources dir>, <out dir>, <stdlib: true or false>], one answer a line on stdout,
// JSON {"ok": "34 pyc files (cpython-314)"} or {"error": "..."}; it exits at the end of stdin. Pyodide boots once
// (~3.5 CPU-s) for all the jobs, and before the first arrives: build.py sends the engine's sources at once and the
// trimmed stdlib's when the probe has found them, so the second job does not wait for a boot.
// <sources dir> holds **.py; <out dir> receives **.pyc in the legacy layout (beside where the source would be),
// which CPython imports when the source is absent. The pycs are "unchecked-hash" (PEP 552): valid whatever the files'
// mtimes are once unpacked in the browser.
// The code objects name the files where they are in the browser (site-packages; for the stdlib: the stdlib zip).
// stdlib (the trimmed standard library): the code objects carry a line table (co_linetable) that puts every
// instruction on the function's first line: the full table is most of what makes bytecode compress worse than the
// source; a traceback through such a module names the function, not the line.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const [pyodideDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// (what Python prints, such as compileall's errors, goes to stderr: stdout carries the answers)
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: (line) => console.error(line) });
let jobs = 0;

function copyIn(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    const s = path.join(src, name);
    if (name === "__pycache__") continue;
    if (fs.statSync(s).isDirectory()) copyIn(s, `${dst}/${name}`);
    else if (name.endsWith(".py")) py.FS.writeFile(`${dst}/${name}`, fs.readFileSync(s));
  }
}

function compile(srcDir, outDir, stdlib) {
  const tmp = `/tmp/src${++jobs}`;   // (the code objects do not name it: ddir)
  copyIn(srcDir, tmp);
  const files = py.runPython(`
import compileall, marshal, os, py_compile
import site, sys
ddir = [p for p in sys.path if p.endswith(".zip")][0] if ${stdlib ? "True" : "False"} else site.getsitepackages()[0]
ok = compileall.compile_dir("${tmp}", quiet=1, legacy=True, ddir=ddir,
                          invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
assert ok, "compile failed"

def one_line(n):
    # a location table (Objects/locations.md) that puts all n code units on the first line: entries of kind 13 (no
    # columns) for up to 8 units each, line delta 0
    out = bytearray()
    while n > 0:
        k = min(n, 8)
        out += bytes((0x80 | (13 << 3) | (k - 1), 0))
        n -= k
    return bytes(out)

def no_lines(code):
    consts = tuple(no_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_consts=consts, co_linetable=one_line(len(code.co_code) // 2))

out = []
for root, dirs, names in os.walk("${tmp}"):
    for n in names:
        if n.endswith(".pyc"):
            path = os.path.join(root, n)
            if ${stdlib ? "True" : "False"}:
                data = open(path, "rb").read()
                code = no_lines(marshal.loads(data[16:]))
                open(path, "wb").write(data[:16] + marshal.dumps(code))
            out.append(os.path.relpath(path, "${tmp}"))
"\\n".join(sorted(out))
`).split("\n").filter(Boolean);
  for (const rel of files) {
    const target = path.join(outDir, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, py.FS.readFile(`${tmp}/${rel}`));
  }
  return `${files.length} pyc files (${py.runPython("import sys; sys.implementation.cache_tag")})`;
}

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [srcDir, outDir, stdlib] = JSON.parse(line);
  let answer;
  try {
    answer = { ok: compile(srcDir, outDir, stdlib) };
  } catch (e) {
    answer = { error: String(e?.message ?? e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
