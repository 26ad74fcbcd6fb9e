// Compile the engine's sources to bytecode with the pinned Pyodide's own CPython (build time, in Node),
// so the browser imports the engine without compiling it.
//   node tools/compile_pyc.mjs <pyodide dir> <sources dir> <out dir> [--stdlib]
// <sources dir> holds engine/**.py; <out dir> receives engine/**.pyc in the legacy layout (beside where the
// source would be), which CPython imports when the source is absent. The pycs are "unchecked-hash"
// (PEP 552): valid whatever the files' mtimes are once unpacked in the browser.
// The code objects name the files where they are in the browser (site-packages; with --stdlib: the stdlib zip).
// --stdlib (the trimmed standard library): the code objects carry a line table (co_linetable) that puts every
// instruction on the function's first line: the full table is most of what makes bytecode compress worse than the
// source; a traceback through such a module names the function, not the line.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, srcDir, outDir, flag] = process.argv.slice(2);
const stdlib = flag === "--stdlib";
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });

function copyIn(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    const s = path.join(src, name);
    if (name === "__pycache__") continue;
    if (fs.statSync(s).isDirectory()) copyIn(s, `${dst}/${name}`);
    else if (name.endsWith(".py")) py.FS.writeFile(`${dst}/${name}`, fs.readFileSync(s));
  }
}
copyIn(srcDir, "/tmp/src");
const files = py.runPython(`
import compileall, marshal, os, py_compile
import site, sys
ddir = [p for p in sys.path if p.endswith(".zip")][0] if ${stdlib ? "True" : "False"} else site.getsitepackages()[0]
ok = compileall.compile_dir("/tmp/src", quiet=1, legacy=True, ddir=ddir,
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
for root, dirs, names in os.walk("/tmp/src"):
    for n in names:
        if n.endswith(".pyc"):
            path = os.path.join(root, n)
            if ${stdlib ? "True" : "False"}:
                data = open(path, "rb").read()
                code = no_lines(marshal.loads(data[16:]))
                open(path, "wb").write(data[:16] + marshal.dumps(code))
            out.append(os.path.relpath(path, "/tmp/src"))
"\\n".join(sorted(out))
`).split("\n").filter(Boolean);
for (const rel of files) {
  const target = path.join(outDir, rel);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, py.FS.readFile(`/tmp/src/${rel}`));
}
console.log(`${files.length} pyc files (${py.runPython("import sys; sys.implementation.cache_tag")})`);
