"""The bot lab's files in dist/lab/ (used by build.py; standard library and pip only).

* the engine wheel with all its sources (the CLI, the arena and engine/lab.py included): the lab's worker installs
  it, and the lab links it for download (``pip install`` it to develop a bot locally);
* Pyodide's whole standard library (the game ships a trimmed one; a player's bot and micropip may import anything);
* micropip, pinned by version and SHA-256, fetched once with ``pip download`` into .cache/lab (the wheel on the
  package index is not the build in Pyodide's lock file: their hashes differ, so the worker loads it by URL). This
  micropip vendors its own ``packaging``, so no second wheel is needed.

None of them is precached by the service worker (tools/pwa.py leaves ``lab/`` out): the service worker caches them
when the lab first opens, so the game's first visit does not download them.
"""
from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

MICROPIP = ("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
LAB_DIR = "lab"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def vendored_wheel(cache: Path, name: str, version: str, want: str, log) -> Path:
    """The pinned pure-Python wheel of name==version from .cache/lab, downloaded once with pip; hash checked."""
    target = cache / "lab" / f"{name}-{version}-py3-none-any.whl"
    if target.exists() and _sha(target.read_bytes()) == want:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    log(f"pip download {name}=={version} (for the bot lab) ...")
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                           "--python-version", "3.13", "--disable-pip-version-check", "-q", "-d", str(target.parent),
                           f"{name}=={version}"], capture_output=True, text=True)
    if done.returncode != 0 or not target.exists():
        sys.exit(f"could not download {name}=={version} for the bot lab:\n{done.stderr[-1500:]}")
    got = _sha(target.read_bytes())
    if got != want:
        target.unlink()
        sys.exit(f"{target.name}: sha256 {got}, expected {want} (the pin in tools/lab_assets.py)")
    return target


def default_index(micropip_wheel: Path) -> str:
    """micropip's default package index URL, as the pinned micropip has it ("" when it cannot be read)."""
    with zipfile.ZipFile(micropip_wheel) as zf:
        src = zf.read("micropip/package_index.py").decode()
    m = re.search(r'^PYPI_URL\s*=\s*"([^"]+)"', src, re.M)
    return m.group(1) if m else ""


def index_origins(index: str) -> list[str]:
    """The origins micropip's default index needs: the index (read from the pinned micropip) and, for PyPI, the host
    its files are served from (read from pip, which knows it). No host name is written in this repository."""
    origins = []
    if index:
        u = urlsplit(index)
        origins.append(f"{u.scheme}://{u.netloc}")
    try:
        from pip._internal.models.index import PyPI  # the file host of the default index, as pip knows it

        origins.append(f"https://{PyPI.file_storage_domain}")
    except Exception:  # noqa: BLE001  (another pip: the lab then names the index only)
        pass
    return origins


def lab_csp(origins: list[str]) -> str:
    """The lab worker's policy: the game worker's, plus connections to the package index origins."""
    return ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' " + " ".join(origins)
            + "; object-src 'none'; base-uri 'none'")


def build_lab(dist: Path, keep: set[Path], cache: Path, pyodide_mod: Path, engine_dir: Path, build_wheel, write,
              log) -> dict:
    """Write dist/lab/ and return what build-info.js tells the lab about it (URLs relative to the app directory)."""
    out = dist / LAB_DIR
    out.mkdir(parents=True, exist_ok=True)
    wheel, wheel_size = build_wheel(engine_dir, out)           # sources only: no bytecode, nothing left out
    keep.add(out / wheel)
    stdlib = (pyodide_mod / "python_stdlib.zip").read_bytes()
    stdlib_name = f"python_stdlib-full-{_sha(stdlib)[:10]}.zip"
    write(out / stdlib_name, stdlib)
    keep.add(out / stdlib_name)
    name, version, want = MICROPIP
    mp = vendored_wheel(cache, name, version, want, log)
    write(out / mp.name, mp.read_bytes())
    keep.add(out / mp.name)
    index = default_index(mp)
    origins = index_origins(index)
    return {"wheel": f"../{LAB_DIR}/{wheel}", "wheelBytes": wheel_size, "stdlib": f"../{LAB_DIR}/{stdlib_name}",
            "micropip": f"../{LAB_DIR}/{mp.name}", "micropipVersion": version, "index": index, "origins": origins,
            "csp": lab_csp(origins)}
