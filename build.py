#!/usr/bin/env python3
"""Build the static Mittlere Jass web app into dist/.

    python build.py                    build dist/
    python build.py serve [--port N]   build, then serve dist/ on 127.0.0.1 and print the URL

What it does (no network except `npm ci` for the pinned npm packages (Pyodide, esbuild, uqr, zstddec), cached in
.cache/npm):
  * the engine package (engine/*.py) becomes a small pure-Python wheel, written with zipfile (deterministic,
    no setuptools/pip), named with a content hash: dist/engine/mittlere_jass-<ver>+<hash>-py3-none-any.whl
  * the Pyodide core files of the exact version pinned in package.json / package-lock.json (installed with
    `npm ci`, integrity-checked by npm against the lock file) go to dist/pyodide/<version>/
  * the web assets (web/) go to dist/app-<hash>/ (hash over the sources and the build info), index.html at the
    top refers to them with relative URLs only, so dist/ works from any sub-path and caching is safe; the page's
    modules become one file, js/main.js (tools/bundle.mjs, esbuild; without Node they ship one file each); beside
    them the zstd decoder's wasm, taken from the pinned zstddec package (js/engine/zstd-decoder.wasm.gz).

A rebuild with nothing changed is quick: the npm install is skipped when the lock file is unchanged and files whose
content is unchanged are not rewritten.
"""
from __future__ import annotations

import argparse
import ast
import base64
import concurrent.futures
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from html import escape as html_escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
# service worker, manifest, icons, CSP, zip; the bot lab's files; the shipped JavaScript
from tools import lab_assets, minjs, pwa  # noqa: E402

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NPM_DIR = CACHE / "npm"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# what dist/pyodide/<version>/ holds: the two loader modules as shipped; the wasm gzipped (the worker decompresses it
# while it streams into the compiler), a trimmed standard library (python_stdlib-<hash>.zip) and a lock file that
# lists no packages (the game loads none); see docs/web.md "Fewer bytes"
PYODIDE_COPIED = ["pyodide.mjs", "pyodide.asm.mjs"]
# the wasm, Pyodide's JavaScript half and the standard library go zstd-compressed (zstd -19, the `zstd` command;
# decoded in the worker by web/js/engine/zstd.js): 18, 17 and 30 % fewer bytes than gzip -9; without the command,
# gzipped as before. The decoder is zstd's own in WebAssembly, from the npm package zstddec (zstd_decoder_wasm)
ZSTD_DECODER = "js/engine/zstd-decoder.wasm.gz"
# the npm packages the page's modules import by name (bare specifiers), and the ES module each name stands for: the
# bundle takes them from .cache/npm (tools/bundle.mjs); unbundled, the file is copied beside (npm_modules_unbundled)
NPM_IMPORTS = {"uqr": "uqr/dist/index.mjs"}
ZSTD_ARGS = ["-19", "--long=24", "-q", "-c"]
WASM_GZ = "pyodide.asm.wasm.gz"
# the game's worker imports Pyodide's JavaScript half gzipped too (js/engine/worker.js); the plain pyodide.asm.mjs stays
# for the bot lab's worker and as the fallback, and is not precached (tools/pwa.py)
ASM_GZ = "pyodide.asm.mjs.gz"
# kept in the trimmed stdlib even when the probe does not import them: text codecs Python may pick at run time
STDLIB_KEEP = {f"encodings/{n}.py" for n in ("ascii", "latin_1", "utf_8_sig", "utf_16", "utf_32", "unicode_escape",
                                             "raw_unicode_escape", "charmap")}
# web/js/ modules the page does not preload: start.js and early.js have their own <script> in index.html and main.js
# its own modulepreload, the worker is not the page's; nor the language catalogs (i18n/locales/: only the player's is
# loaded, by i18n.js)
NOT_PRELOADED = {"start.js", "main.js", "engine/early.js", "engine/worker.js", "engine/zstd.js"}
WHEEL_NAME = "mittlere_jass"
FIXED_ZIP_TIME = (2020, 1, 1, 0, 0, 0)

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".zst": "application/zstd",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
}


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write data unless the file already holds exactly these bytes. Returns True when written."""
    if path.exists() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def copy_if_changed(src: Path, dst: Path) -> bool:
    if dst.exists():
        s, d = src.stat(), dst.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copy2(src, tmp)
    os.replace(tmp, dst)
    return True


# ---------------------------------------------------------------------------------------------------------- pyodide
def pyodide_version() -> str:
    pkg = json.loads((ROOT / "package.json").read_text())
    version = pkg["dependencies"]["pyodide"]
    if not version[:1].isdigit():
        sys.exit(f"package.json must pin pyodide to an exact version, found {version!r}")
    return version


def ensure_pyodide(version: str) -> Path:
    """npm ci the pinned pyodide into .cache/npm (skipped when the lock file is unchanged)."""
    lock = (ROOT / "package-lock.json").read_bytes()
    pkg = (ROOT / "package.json").read_bytes()
    stamp = NPM_DIR / ".stamp"
    want = sha256(lock + pkg)
    mod = NPM_DIR / "node_modules" / "pyodide"
    if stamp.exists() and stamp.read_text() == want and all((mod / f).exists() for f in PYODIDE_FILES) \
            and all((mod.parent / f).exists() for f in NPM_IMPORTS.values()):
        return mod
    npm = shutil.which("npm")
    if not npm:
        sys.exit("npm not found: install Node.js (npm) to fetch the pinned Pyodide package")
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    (NPM_DIR / "package.json").write_bytes(pkg)
    (NPM_DIR / "package-lock.json").write_bytes(lock)
    (NPM_DIR / ".npmrc").write_text("omit-lockfile-registry-resolved=true\nfund=false\naudit=false\n")
    log(f"npm ci (pyodide {version}) ...")
    t = time.time()
    subprocess.run([npm, "ci", "--omit=dev", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
                   cwd=NPM_DIR, check=True)
    got = json.loads((mod / "package.json").read_text())["version"]
    if got != version:
        sys.exit(f"npm installed pyodide {got}, expected {version}")
    missing = [f for f in PYODIDE_FILES if not (mod / f).exists()]
    missing += [f for f in ["zstddec/package.json", *NPM_IMPORTS.values()] if not (mod.parent / f).exists()]
    if missing:
        sys.exit(f"npm packages lack {missing}")
    stamp.write_text(want)
    log(f"npm ci done in {time.time() - t:.1f}s")
    return mod


def zstd_decoder_wasm(npm_modules: Path) -> bytes:
    """The streaming build of zstd's decoder in WebAssembly, as the pinned zstddec package ships it (base64 in
    dist/zstddec-stream.mjs; the package's own JavaScript cannot decode a download chunk by chunk as it arrives, and
    it loops for ever on corrupt data, so web/js/engine/zstd.js drives the wasm itself), gzip -9 (mtime 0, so the
    same bytes every build)."""
    src = (npm_modules / "zstddec" / "dist" / "zstddec-stream.mjs").read_text()
    found = re.findall(r'^const wasm = "([A-Za-z0-9+/=]+)";$', src, re.M)
    wasm = base64.b64decode(found[0]) if len(found) == 1 else b""
    if not wasm.startswith(b"\0asm"):
        sys.exit("zstddec/dist/zstddec-stream.mjs: no wasm found (a new zstddec? see zstd_decoder_wasm in build.py)")
    return gzip.compress(wasm, compresslevel=9, mtime=0)


def gzipped(src: Path) -> bytes:
    """gzip -9 of src (deterministic: no name, mtime 0), cached in .cache/gz by the source's hash."""
    data = src.read_bytes()
    cached = CACHE / "gz" / f"{src.name}-{sha256(data)[:16]}.gz"
    if cached.exists():
        return cached.read_bytes()
    out = gzip.compress(data, compresslevel=9, mtime=0)
    write_if_changed(cached, out)
    return out


def zstd_compressed(data: bytes, name: str) -> bytes | None:
    """zstd -19 of data (deterministic for one zstd version), cached in .cache/zst by the data's hash; None without the
    `zstd` command (the build then ships gzip, and says so)."""
    cached = CACHE / "zst" / f"{name}-{sha256(data)[:16]}.zst"
    if cached.exists():
        return cached.read_bytes()
    exe = shutil.which("zstd")
    if not exe:
        log(f"WARNING: no `zstd` command: {name} ships gzipped (install zstd for {len(data) // 5 // 1000} KB less)")
        return None
    out = subprocess.run([exe, *ZSTD_ARGS], input=data, capture_output=True, check=True).stdout
    write_if_changed(cached, out)
    return out


def engine_stdlib_imports(engine_dir: Path) -> list[str]:
    """The absolute imports of the engine's browser sources (not the CLI-only modules) other than the engine itself
    (the trimmed stdlib's cache key)."""
    names = set()
    for p in sorted(engine_dir.rglob("*.py")):
        if "engine/" + p.relative_to(engine_dir).as_posix() in CLI_ONLY:
            continue
        try:
            tree = ast.parse(p.read_bytes())
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] != "engine")


def stdlib_members(mod: Path, engine_dir: Path) -> list[str] | None:
    """The stdlib files the game imports (tools/trim_stdlib.mjs runs the pinned Pyodide in Node with the engine's
    modules and tools/stdlib_probe.py), cached by Pyodide version, the tools and the engine's imports. The probe gets
    the game wheel's files as sources (no CLI modules, not the wheel's bytecode), so it need not wait for compile_pycs:
    build runs the two side by side. None when it cannot be found out (no Node, or the probe failed): the build then
    ships Pyodide's whole stdlib."""
    tools = b"".join((ROOT / "tools" / n).read_bytes() for n in ("trim_stdlib.mjs", "stdlib_probe.py"))
    key = sha256(tools + json.dumps(engine_stdlib_imports(engine_dir)).encode())[:12]
    cached = CACHE / "stdlib" / f"pyodide-{pyodide_version()}-{key}.json"
    if not cached.exists():
        node = shutil.which("node")
        if not node:
            log("WARNING: node not found: shipping the whole Python standard library")
            return None
        t = time.time()
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(cached.name + ".tmp")
        wheel = cached.with_suffix(".whl")
        wheel.write_bytes(zip_bytes([(n, d) for n, d in engine_sources(engine_dir) if n not in CLI_ONLY],
                                    zipfile.ZIP_STORED))
        done = subprocess.run([node, str(ROOT / "tools" / "trim_stdlib.mjs"), str(mod), str(wheel),
                               str(ROOT / "tools" / "stdlib_probe.py"), str(tmp)], capture_output=True, text=True)
        wheel.unlink()
        if done.returncode != 0 or not tmp.exists():
            log("WARNING: finding the stdlib modules the game needs failed; shipping the whole standard library:\n"
                + "\n".join(line[:300] for line in done.stderr.splitlines()[-15:]))
            return None
        os.replace(tmp, cached)
        log(f"trimmed stdlib: {done.stdout.strip()} in {time.time() - t:.1f}s")
    return json.loads(cached.read_text())["members"]


# the page's modules kept as files of their own beside the bundle (tools/bundle.mjs): early.js, and i18n.js with what
# it imports (one instance for the page, the bot lab and sw-register.js), relative to js/
BUNDLE_SHARED = ("engine/early.js", "i18n/i18n.js", "i18n/names.js", "game/store.js")
_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'\n]+\.js)["']""")


def bundler() -> tuple[str, Path] | None:
    """Node and the pinned esbuild (.cache/npm), or None when either is missing."""
    node = shutil.which("node")
    esbuild = NPM_DIR / "node_modules" / "esbuild"
    return (node, esbuild) if node and (esbuild / "lib" / "main.js").exists() else None


def bundle_page(app_dir: Path, keep: set[Path]) -> list[str] | None:
    """js/main.js and the modules it imports as one file, in place (tools/bundle.mjs, the pinned esbuild in Node);
    the modules now inside it are deleted unless a file that stays (the worker, the lab, the shared ones) imports
    them. -> the modules the page preloads besides main.js (relative to js/), or None when bundling is not possible
    (no Node, or it failed): the page then loads its modules one by one, as it can."""
    tools = bundler()
    if tools is None:
        log("WARNING: node or esbuild not found: the page's modules ship one file each")
        return None
    node, esbuild = tools
    out = CACHE / "bundle.json"
    done = subprocess.run([node, str(ROOT / "tools" / "bundle.mjs"), str(esbuild), str(app_dir), str(out),
                           ",".join(BUNDLE_SHARED)], capture_output=True, text=True)
    if done.returncode != 0:
        log("WARNING: bundling the page's modules failed; they ship one file each:\n"
            + "\n".join(line[:300] for line in done.stderr.splitlines()[-15:]))
        return None
    js = app_dir / "js"
    # (an npm package's module inside it is no file of the app: it stays in .cache/npm)
    inside = {(js / p).resolve() for p in json.loads(out.read_text())["inputs"]} - {(js / "main.js").resolve()}
    inside = {p for p in inside if app_dir.resolve() in p.parents}
    # what the files that stay import, transitively (static imports and import("literal"))
    todo = [p for p in app_dir.rglob("*.js") if p not in inside and p != js / "main.js"]
    needed: set[Path] = set()
    while todo:
        p = todo.pop()
        for spec in _IMPORT.findall(p.read_text(encoding="utf-8")):
            q = (p.parent / spec).resolve()
            if q in inside and q not in needed:
                needed.add(q)
                todo.append(q)
    for p in inside - needed:
        p.unlink()
        keep.discard(p)
    return [p for p in BUNDLE_SHARED if p != "engine/early.js"]   # early.js has its own <script> in index.html


def npm_modules_unbundled(app_dir: Path, npm_modules: Path, keep: set[Path]) -> None:
    """Without the bundle the browser cannot resolve an import by package name ("uqr"): copy each such module
    (NPM_IMPORTS) to js/npm/<name>.js and point the importing modules at it."""
    js = app_dir / "js"
    for name, rel in NPM_IMPORTS.items():
        dst = js / "npm" / f"{name}.js"
        write_if_changed(dst, (npm_modules / rel).read_bytes())
        keep.add(dst)
        for p in js.rglob("*.js"):
            src = p.read_text(encoding="utf-8")
            spec = os.path.relpath(dst, p.parent).replace(os.sep, "/")
            spec = spec if spec.startswith(".") else f"./{spec}"
            new = re.sub(rf"""(\bfrom\s*["']){re.escape(name)}(["'])""", rf"\g<1>{spec}\g<2>", src)
            if new != src:
                write_if_changed(p, new.encode())


def stdlib_zip(full: Path, members: list[str] | None, pyodide_dir: Path | None = None,
               method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A deterministic zip of the given members of Pyodide's python_stdlib.zip (None: all of them). With pyodide_dir
    (and Node), the trimmed members go in as bytecode compiled by the pinned Pyodide's CPython (x.pyc instead of
    x.py, see compile_pycs): Python then imports them without compiling their source at every start (about half of
    the first visit's CPU time on the test machine). Without line tables they take about the bytes of the source.
    method ZIP_STORED: for compressing the whole zip (zstd over all members at once is 30 % smaller than deflate per
    member, and zipimport then reads without inflating)."""
    with zipfile.ZipFile(full) as src:
        names = [n for n in src.namelist() if not n.endswith("/")]
        keep = sorted(set(names) & (set(members) | STDLIB_KEEP)) if members is not None else names
        files = [(name, src.read(name)) for name in keep]
    if members is not None and pyodide_dir is not None:
        py = [(n, d) for n, d in files if n.endswith(".py")]
        digest = sha256(b"".join(n.encode() + b"\0" + d + b"\0" for n, d in py))[:10]
        pycs = dict(compile_pycs(py, digest, pyodide_dir, no_lines=True))
        if all(n + "c" in pycs for n, _ in py):
            files = sorted((n + "c", pycs[n + "c"]) if n.endswith(".py") else (n, d) for n, d in files)
    return zip_bytes(files, method)


def zip_bytes(entries: list[tuple[str, bytes]], method: int) -> bytes:
    """A deterministic zip of (name, data) entries in this order (fixed times and modes): the same bytes every
    build."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method, compresslevel=9) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, FIXED_ZIP_TIME)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buf.getvalue()


def trimmed_stdlib(mod: Path, engine_dir: Path) -> tuple[str, bytes, bytes]:
    """The game's standard library: the members the probe finds (stdlib_members) as bytecode, the zip zstd-compressed
    (without the `zstd` command: deflated per member) -> (its file name, the zip, the bytes shipped). One function, so
    that build runs the whole chain (two Pyodides in Node, one after the other) beside the other steps."""
    members = stdlib_members(mod, engine_dir)
    stdlib = stdlib_zip(mod / "python_stdlib.zip", members, mod, zipfile.ZIP_STORED)
    stdlib_zst = zstd_compressed(stdlib, "python_stdlib.zip")
    if stdlib_zst is None:
        stdlib = stdlib_zip(mod / "python_stdlib.zip", members, mod)
    return f"python_stdlib-{sha256(stdlib)[:10]}.zip" + (".zst" if stdlib_zst else ""), stdlib, stdlib_zst or stdlib


def empty_lock_file(full: Path) -> bytes:
    """pyodide-lock.json without packages (Pyodide still reads it at start-up; the game loads no packages)."""
    lock = json.loads(full.read_text())
    return (json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n").encode()


# ------------------------------------------------------------------------------------------------------------ wheel
def project_version() -> str:
    text = (ROOT / "pyproject.toml").read_text() if (ROOT / "pyproject.toml").exists() else ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("version") and "=" in line:
            return line.split("=", 1)[1].strip().strip('"').strip("'")
    return "0.0.0"


def engine_sources(engine_dir: Path) -> list[tuple[str, bytes]]:
    files = []
    for p in sorted(engine_dir.rglob("*")):
        if not p.is_file() or "__pycache__" in p.parts or p.suffix in (".pyc", ".pyo"):
            continue
        if p.suffix not in (".py", ".json", ".txt", ".typed"):
            continue
        rel = "engine/" + p.relative_to(engine_dir).as_posix()
        files.append((rel, p.read_bytes()))
    return files


# modules the game never imports (the command line, the bot lab: engine/lab.py and its bot API), left out of the
# game wheel; the lab's wheel (tools/lab_assets.py) has them all
CLI_ONLY = {"engine/__main__.py", "engine/cli.py", "engine/bench.py", "engine/arena.py", "engine/lab.py",
            "engine/botapi.py"}


class PycNode:
    """tools/compile_pyc.mjs in one Node for all of a build's bytecode (the engine's at the start, the trimmed
    stdlib's after the probe): Pyodide boots once (~3.5 CPU-s), and is up by the time the stdlib's sources are known,
    instead of booting again at the end of the build's longest chain. Started by the first job; build closes it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()   # one job at a time (the engine's and the stdlib's come from two threads)
        self.proc: subprocess.Popen | None = None
        self.key: tuple[str, Path] | None = None
        self.stderr = None

    def run(self, node: str, pyodide_dir: Path, job: list) -> dict:
        """One job ([sources dir, out dir, no_lines]) -> {"ok": its report} or {"error": what went wrong}."""
        with self.lock:
            if self.proc is None or self.proc.poll() is not None or self.key != (node, pyodide_dir):
                self.close()
                self.key, self.stderr = (node, pyodide_dir), tempfile.TemporaryFile()
                self.proc = subprocess.Popen([node, str(ROOT / "tools" / "compile_pyc.mjs"), str(pyodide_dir)],
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                             text=True, encoding="utf-8")
            try:
                self.proc.stdin.write(json.dumps(job) + "\n")
                self.proc.stdin.flush()
                return json.loads(self.proc.stdout.readline())
            except (OSError, ValueError):   # Node failed: what it wrote to stderr says why
                self.proc.kill()
                self.stderr.seek(0)
                error = self.stderr.read().decode(errors="replace")
                self.close()
                return {"error": error}

    def close(self) -> None:
        """End the Node (at the end of its stdin), if one runs."""
        if self.proc is not None:
            try:
                self.proc.stdin.close()
            except OSError:   # it is gone already
                pass
            self.proc.wait()
            self.stderr.close()
            self.proc = None


PYC_NODE = PycNode()


def compile_pycs(sources: list[tuple[str, bytes]], digest: str, pyodide_dir: Path,
                 no_lines: bool = False) -> list[tuple[str, bytes]]:
    """Bytecode for the pinned Pyodide's CPython, compiled by that CPython in Node (tools/compile_pyc.mjs, legacy
    layout ``engine/x.pyc``), cached per source digest.  The browser then imports without compiling (about half of
    the engine's import time).  no_lines: the stdlib's (one line per function, see compile_pyc.mjs).  [] without
    Node."""
    tool = sha256((ROOT / "tools" / "compile_pyc.mjs").read_bytes())[:8]
    cache = CACHE / "pyc" / f"pyodide-{pyodide_version()}-{digest}-{tool}{'-nl' if no_lines else ''}"
    if not (cache / ".done").exists():
        node = shutil.which("node")
        if not node:
            log("WARNING: node not found: the engine wheel ships without precompiled bytecode")
            return []
        src = cache / "src"
        shutil.rmtree(cache, ignore_errors=True)
        for name, data in sources:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes(data)
        t = time.time()
        done = PYC_NODE.run(node, pyodide_dir, [str(src), str(cache / "out"), no_lines])
        if "ok" not in done:
            log("WARNING: compiling the engine's bytecode failed; the wheel ships sources only:\n"
                + done["error"][-2000:])
            return []
        (cache / ".done").write_text(done["ok"] + "\n")
        log(f"bytecode: {done['ok']} in {time.time() - t:.1f}s")
    out = cache / "out"
    return sorted((p.relative_to(out).as_posix(), p.read_bytes()) for p in out.rglob("*.pyc"))


def build_wheel(engine_dir: Path, out_dir: Path, pyodide_dir: Path | None = None) -> tuple[str, int]:
    """Write the engine wheel by hand (zipfile): deterministic and needs no network or setuptools."""
    sources = engine_sources(engine_dir)
    if not any(name == "engine/web.py" for name, _ in sources):
        log(f"WARNING: {engine_dir}/web.py is missing: the app will show a load error until the engine exists")
    digest = sha256(b"".join(n.encode() + b"\0" + d + b"\0" for n, d in sources))[:10]
    if pyodide_dir is not None:
        pycs = dict(compile_pycs(sources, digest, pyodide_dir))
        if all(name + "c" in pycs for name, _ in sources if name.endswith(".py")):
            # The browser wheel carries bytecode instead of sources (smaller and faster to import), and
            # leaves out the command-line modules, which never run in the browser.
            sources = [(name + "c", pycs[name + "c"]) if name.endswith(".py") else (name, data)
                       for name, data in sources if name not in CLI_ONLY]
            digest = sha256(b"".join(n.encode() + b"\0" + d + b"\0" for n, d in sources))[:10]
    version = f"{project_version()}+{digest}"
    dist_info = f"{WHEEL_NAME}-{version}.dist-info"
    metadata = (f"Metadata-Version: 2.1\nName: mittlere-jass\nVersion: {version}\n"
                "Summary: Mittlere Jass rules engine and bots\nRequires-Python: >=3.11\n").encode()
    wheel_meta = b"Wheel-Version: 1.0\nGenerator: mittlere-jass build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = sources + [(f"{dist_info}/METADATA", metadata), (f"{dist_info}/WHEEL", wheel_meta)]
    record_lines = []
    for name, data in entries:
        h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{name},sha256={h},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    filename = f"{WHEEL_NAME}-{version}-py3-none-any.whl"
    target = out_dir / filename
    if not target.exists():
        write_if_changed(target, zip_bytes(entries, zipfile.ZIP_DEFLATED))
    return filename, target.stat().st_size


# -------------------------------------------------------------------------------------------------------------- web
def shipped(src: Path) -> bytes:
    """A web file as the site serves it: JavaScript without its comments and indentation (tools/minjs.py: a quarter
    fewer bytes, the same tokens on the same lines), anything else as it is."""
    if src.suffix in (".js", ".mjs"):
        return minjs.strip(src.read_text(encoding="utf-8")).encode()
    return src.read_bytes()


def build(engine_dir: Path | None = None, quiet: bool = False) -> dict:
    t0 = time.time()
    engine_dir = engine_dir or ROOT / "engine"
    version = pyodide_version()
    mod = ensure_pyodide(version)
    DIST.mkdir(exist_ok=True)
    keep: set[Path] = set()
    # a fresh clone's slow steps run side by side, not one after another (its build is on the critical path of the
    # tests' set-up): the trimmed stdlib (the probe, then its bytecode: the longest chain, so it starts first), the
    # runtime's two big files compressed (zstd -19: ~6 s) and the engine wheel (its bytecode), while this thread
    # writes the bot lab's files (pip download). The probe boots Pyodide in a Node of its own (~4 CPU-s), the two
    # bytecode jobs share one (PycNode)
    side = concurrent.futures.ThreadPoolExecutor(max_workers=4)
    stdlib_f = side.submit(trimmed_stdlib, mod, engine_dir)
    wasm_zst_f = side.submit(zstd_compressed, (mod / "pyodide.asm.wasm").read_bytes(), "pyodide.asm.wasm")
    asm_zst_f = side.submit(zstd_compressed, (mod / "pyodide.asm.mjs").read_bytes(), "pyodide.asm.mjs")

    # 1. engine wheel
    wheel_dir = DIST / "engine"
    wheel_dir.mkdir(parents=True, exist_ok=True)
    wheel_f = side.submit(build_wheel, engine_dir, wheel_dir, mod)
    side.shutdown(wait=False)

    # 1b. the bot lab's files (dist/lab/: full engine wheel, full stdlib, micropip), never precached
    lab = lab_assets.build_lab(DIST, keep, CACHE, mod, engine_dir, build_wheel, write_if_changed, log)
    pwa.LAB_CSP = lab["csp"]
    pwa.icons(CACHE)   # drawn while the side steps run (0.6 s on a fresh clone), not after them: add_pwa reads them
    wheel, wheel_size = wheel_f.result()
    keep.add(wheel_dir / wheel)

    # 2. pyodide core: loaders as shipped, wasm gzipped, trimmed stdlib, lock file without packages
    pyo_rel = f"pyodide/{version}"
    pyo = DIST / pyo_rel
    for f in PYODIDE_COPIED:
        copy_if_changed(mod / f, pyo / f)
        keep.add(pyo / f)
    stdlib_name, stdlib, stdlib_shipped = stdlib_f.result()
    PYC_NODE.close()   # (the engine's and the stdlib's bytecode are in)
    wasm_zst = wasm_zst_f.result()
    wasm_name, wasm = ("pyodide.asm.wasm.zst", wasm_zst) if wasm_zst else (WASM_GZ, gzipped(mod / "pyodide.asm.wasm"))
    asm_zst = asm_zst_f.result()
    asm_name, asm = ("pyodide.asm.mjs.zst", asm_zst) if asm_zst else (ASM_GZ, gzipped(mod / "pyodide.asm.mjs"))
    for name, data in ((wasm_name, wasm), (asm_name, asm),
                       (stdlib_name, stdlib_shipped),
                       ("pyodide-lock.json", empty_lock_file(mod / "pyodide-lock.json"))):
        write_if_changed(pyo / name, data)
        keep.add(pyo / name)

    # 3. web assets into a content-hashed directory
    assets = sorted(p for p in WEB.rglob("*") if p.is_file() and p.name not in ("index.html", "sw.js")
                    and "__pycache__" not in p.parts and not p.name.startswith("."))
    info = {"pyodide": f"../{pyo_rel}/", "wheel": f"../engine/{wheel}", "pyodideVersion": version,
            "engineVersion": wheel.split("-")[1], "stdlib": stdlib_name, "stdlibZipBytes": len(stdlib),
            "wasm": wasm_name, "asm": asm_name,
            # byte sizes of the downloads the worker counts for the loading screen's progress bar
            "sizes": {f: (pyo / f).stat().st_size
                      for f in (wasm_name, stdlib_name, "pyodide-lock.json", asm_name, "pyodide.mjs")}
            | {wheel: wheel_size}, "lab": lab}
    build_info = ("// generated by build.py\nexport const BUILD = " + json.dumps(info, indent=2) + ";\n").encode()
    # what ships depends on the stripper and the bundler (tools/bundle.mjs, the esbuild of package-lock.json) too
    h = hashlib.sha256(build_info + Path(minjs.__file__).read_bytes() + (ROOT / "tools" / "bundle.mjs").read_bytes()
                       + (ROOT / "package-lock.json").read_bytes() + (b"bundled" if bundler() else b""))
    for p in assets:
        h.update(p.relative_to(WEB).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    app_rel = f"app-{h.hexdigest()[:10]}"
    info["app"] = app_rel
    for p in assets:
        dst = DIST / app_rel / p.relative_to(WEB)
        write_if_changed(dst, shipped(p))
        keep.add(dst)
    dst = DIST / app_rel / "js" / "build-info.js"
    write_if_changed(dst, build_info)
    keep.add(dst)
    dst = DIST / app_rel / ZSTD_DECODER
    write_if_changed(dst, zstd_decoder_wasm(mod.parent))
    keep.add(dst)
    bundled = bundle_page(DIST / app_rel, keep)
    if bundled is None:
        npm_modules_unbundled(DIST / app_rel, mod.parent, keep)
    # preload the page's modules so the module graph loads in one round instead of a waterfall: the bundle's shared
    # modules (main.js has its own link in index.html), or, unbundled, every .js under web/js/ but the worker and the
    # two that index.html loads itself. Not at low priority: that let the engine worker start first (playable 0.3 s
    # sooner at 20 Mbit/s) but left the loading screen's How to play, language menu and bar inert until 5.2 s instead
    # of 2.9 s on a slow phone (docs/web.md); the bundle gives the engine the line early without that cost
    tag = '<link rel="modulepreload" href="{}">'
    if bundled is not None:   # one file (and the shared modules beside it): main.js is preloaded by index.html
        preload = "\n".join(tag.format(f"{app_rel}/js/{p}") for p in bundled)
    else:
        preload = "\n".join(tag.format(f"{app_rel}/{p.relative_to(WEB).as_posix()}")
                             for p in assets if p.suffix == ".js" and WEB / "js" in p.parents
                             and p.relative_to(WEB / "js").as_posix() not in NOT_PRELOADED
                             and not p.relative_to(WEB / "js").as_posix().startswith("i18n/locales/"))
    # the engine worker's three big downloads (the wasm, the standard library, Pyodide's JavaScript half), named for
    # early.js, which asks for them as preloads once the loading screen's first contentful paint is recorded, when no
    # service worker controls the page: the worker's own fetch of the same URL then shares the response as it
    # streams (no second download). Not as <link rel=preload> here: Lighthouse counts any request begun before the
    # largest paint toward it (4 MB: an LCP of 19 s simulated, performance 70). At low priority, so that the page's
    # modules still come first on a slow network (docs/web.md, "The runtime asked for by the page")
    runtime = ('<meta name="jass-runtime" content="'
               + " ".join(f"{pyo_rel}/{name}" for name in (wasm_name, stdlib_name, asm_name)) + '">')
    html = (WEB / "index.html").read_text().replace("{{PRELOAD}}", preload).replace("{{APP}}", app_rel)
    html = html.replace("{{RUNTIME_FILES}}", runtime)
    html = html.replace("{{LANG_OPTIONS}}", language_options()).replace("{{LOADING_INTRO}}", loading_intro())
    html = html.replace("{{CSP}}", pwa.PAGE_CSP)
    write_if_changed(DIST / "index.html", html.encode())
    keep.add(DIST / "index.html")
    # icons, manifest.webmanifest and sw.js (precache list with hashes of everything above; version = their hash)
    sw_version = pwa.add_pwa(DIST, keep, WEB, CACHE, write_if_changed)
    manifest = {**info, "wheelBytes": wheel_size, "swVersion": sw_version}
    write_if_changed(DIST / "build.json", (json.dumps(manifest, indent=2) + "\n").encode())
    keep.add(DIST / "build.json")

    # 4. remove stale files (old hashed dirs, old wheels)
    for p in sorted(DIST.rglob("*"), reverse=True):
        if p.is_file() and p not in keep:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()

    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    if not quiet:
        log(f"dist/ ready in {time.time() - t0:.2f}s: {total / 1e6:.2f} MB, engine wheel {wheel} "
            f"({wheel_size / 1024:.1f} KB), app {app_rel}")
    return manifest | {"distBytes": total}


def language_options() -> str:
    """The loading screen's language menu as built into index.html, so that it is readable at first paint (before the
    page's modules have loaded; i18n/language.js then fills it in again and enables it): every language of
    web/js/i18n/names.js, named in its own language."""
    names = re.search(r"LANGUAGE_NAMES = \{([^}]*)\}", (WEB / "js" / "i18n" / "names.js").read_text())
    if not names:
        raise SystemExit("build: LANGUAGE_NAMES not found in web/js/i18n/names.js")
    return "".join(f'<option value="{code}" lang="{code}">{html_escape(name)}</option>'
                   for code, name in re.findall(r'(\w+): "([^"]*)"', names.group(1)))


def loading_intro() -> str:
    """How to play's first paragraph (`howto.intro` of the English catalog, its **bold** parts as <strong>) as built
    into the loading card: what the game is about, readable at first paint; i18n.js writes the player's language over
    it once the page's modules have loaded."""
    found = re.search(r'^\s*"howto\.intro": ("(?:[^"\\]|\\.)*"),?$', (WEB / "js/i18n/locales/en.js").read_text(), re.M)
    if not found:
        raise SystemExit("build: howto.intro not found in web/js/i18n/locales/en.js")
    parts = json.loads(found.group(1)).split("**")
    return "".join(f"<strong>{html_escape(part)}</strong>" if i % 2 else html_escape(part)
                   for i, part in enumerate(parts))


# ------------------------------------------------------------------------------------------------------------ serve
class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"   # connections kept open between requests, as every static host does
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    # Text goes out gzipped when the browser accepts it, as static hosts send it (GitHub Pages and the like compress
    # text themselves): the page's ~60 modules, styles and catalogs are a third of their size on the wire. The big
    # binary files are compressed at build time (.zst/.gz) and go out as they are.
    GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".txt")
    _gzip_cache: dict[tuple[str, int, int], bytes] = {}   # (path, mtime, size) -> body, for every server

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not path.endswith(self.GZIPPED) or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        try:
            st = os.stat(path)
            key = (path, st.st_mtime_ns, st.st_size)
            body = self._gzip_cache.get(key)
            if body is None:
                with open(path, "rb") as f:
                    body = gzip.compress(f.read(), 9, mtime=0)
                if len(self._gzip_cache) > 4000:   # a long-running server across many builds
                    self._gzip_cache.clear()
                self._gzip_cache[key] = body
        except OSError:
            return super().send_head()   # its 404
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        if "/app-" in path or "/pyodide/" in path or "/engine/" in path:
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        # the page's policy is also its <meta> tag; the engine worker gets its own (see tools/pwa.py)
        if path.endswith(("/", ".html")):
            self.send_header("Content-Security-Policy", pwa.PAGE_CSP)
        elif path.endswith("/js/engine/worker.js"):
            self.send_header("Content-Security-Policy", pwa.WORKER_CSP)
        elif path.endswith("/lab/lab-worker.js"):
            self.send_header("Content-Security-Policy", lab_csp(Path(self.directory)))
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("JASS_SERVE_LOG"):
            super().log_message(fmt, *args)


def lab_csp(directory: Path) -> str:
    """The lab worker's policy, as the build in ``directory`` recorded it (build.json)."""
    try:
        return json.loads((directory / "build.json").read_text())["lab"]["csp"]
    except (OSError, ValueError, KeyError):
        return pwa.WORKER_CSP


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """The static server: a thread per connection; connections stay open between requests (HTTP/1.1), so closing
    the server also closes the connections still open (a stopped server answers nothing, as the offline tests need)."""
    daemon_threads = True
    allow_reuse_address = True

    def server_activate(self) -> None:
        self.open_connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()
        super().server_activate()

    def get_request(self):
        conn, addr = super().get_request()
        with self.connections_lock:
            self.open_connections.add(conn)
        return conn, addr

    def shutdown_request(self, request) -> None:
        with self.connections_lock:
            self.open_connections.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        with self.connections_lock:
            still_open = list(self.open_connections)
        for conn in still_open:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        super().server_close()

    def handle_error(self, request, client_address) -> None:
        """A browser that hangs up mid-answer (a page closed or reloaded while a file was on its way) is normal: say
        nothing; anything else is reported as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(port: int = 0, directory: Path = DIST) -> Server:
    return Server(("127.0.0.1", port), functools.partial(Handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--zip", action="store_true",
                    help="also write build/mittlere-jass-web.zip (dist/ for any static server)")
    ap.add_argument("--engine-dir", type=Path, default=None, help="engine package to bundle (default: engine/)")
    args = ap.parse_args(argv)
    build(args.engine_dir)
    if args.zip:
        target = ROOT / "build" / "mittlere-jass-web.zip"
        size = pwa.write_zip(DIST, target)
        log(f"{target.relative_to(ROOT)}: {size / 1e6:.2f} MB -- unzip it and serve the folder over http "
            "(e.g. `python3 -m http.server` inside mittlere-jass/); file:// cannot run it")
    if args.command == "serve":
        try:
            srv = make_server(args.port)
        except OSError as e:
            sys.exit(f"cannot listen on 127.0.0.1:{args.port}: {e} (try --port N)")
        print(f"Serving dist/ at http://127.0.0.1:{srv.server_address[1]}/  (Ctrl+C to stop)", flush=True)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
