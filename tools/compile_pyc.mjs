// Compile the engine's sources to bytecode with the pinned Pyodide's own CPython (build time, in Node),
// so the browser imports the engine without compiling it.
//   node tools/compile_pyc.mjs <pyodide dir> <sources dir> <out dir>
// <sources dir> holds engine/**.py; <out dir> receives engine/**.pyc in the legacy layout (beside where the
// source would be), which CPython imports when the source is absent. The pycs are "unchecked-hash"
// (PEP 552): valid whatever the files' mtimes are once unpacked in the browser.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, srcDir, outDir] = process.argv.slice(2);
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
import compileall, os, py_compile
ok = compileall.compile_dir("/tmp/src", quiet=1, legacy=True,
                          invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
assert ok, "compile failed"
out = []
for root, dirs, names in os.walk("/tmp/src"):
    for n in names:
        if n.endswith(".pyc"):
            out.append(os.path.relpath(os.path.join(root, n), "/tmp/src"))
"\\n".join(sorted(out))
`).split("\n").filter(Boolean);
for (const rel of files) {
  const target = path.join(outDir, rel);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, py.FS.readFile(`/tmp/src/${rel}`));
}
console.log(`${files.length} pyc files (${py.runPython("import sys; sys.implementation.cache_tag")})`);
