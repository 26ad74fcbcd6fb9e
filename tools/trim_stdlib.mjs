// Which standard-library files does the game need? (build time, in Node, with the pinned Pyodide itself)
//   node tools/trim_stdlib.mjs <pyodide dir> <engine wheel> <probe.py> <out.json>
// Starts Pyodide as the engine worker does (full stdlib), puts the engine wheel on sys.path, runs the probe (imports every
// engine module, plays a game with each bot level through engine.web.handle, error paths), lets a Python error cross
// into JavaScript, takes a memory snapshot, then writes <out.json>: {"members": [...]}, the files of
// python_stdlib.zip whose modules were imported. build.py zips just these (python_stdlib-<hash>.zip).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, probe, outFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true });
py.runPython("import random; random.seed()");
// the engine wheel on sys.path as the worker puts it there (zipimport, no unpacking)
py.FS.writeFile("/lib/engine.whl", new Uint8Array(fs.readFileSync(wheel)));
py.runPython("import sys, zipimport; zipimport.zipimporter('/lib/engine.whl'); sys.path.insert(0, '/lib/engine.whl')");
const report = JSON.parse(py.runPython(fs.readFileSync(probe, "utf8")));
py.pyimport("engine.web");
try { py.runPython("1 / 0"); } catch { /* a Python error formatted for JavaScript */ }
try { py.makeMemorySnapshot(); } catch (e) { console.error(`(no snapshot in Node: ${e.message})`); }
const out = JSON.parse(py.runPython(`
import json, sys
zips = [p for p in sys.path if p.endswith(".zip")]
assert len(zips) == 1, zips
root = zips[0] + "/"
members = set()
for name, mod in list(sys.modules.items()):
    spec = getattr(mod, "__spec__", None)
    origin = getattr(spec, "origin", None) or getattr(mod, "__file__", None)
    if isinstance(origin, str) and origin.startswith(root):
        members.add(origin[len(root):])
json.dumps({"members": sorted(members)})
`));
fs.writeFileSync(outFile, JSON.stringify({ ...out, games: report.games, moves: report.moves }, null, 1));
console.log(`${out.members.length} stdlib files imported; the probe played ${report.games} games, ${report.moves} moves`);
