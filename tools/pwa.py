"""Offline/PWA parts of the build (standard library only): icons, web app manifest, service worker, CSP, zip.

Used by build.py:
  * icons: one design (the felt square, a card, a red diamond, as web/icon.svg) written as SVG and rasterised to PNG in
    pure Python (zlib + struct, no Pillow): 192 and 512 px ("any", rounded corners), 512 px "maskable" (full bleed,
    content inside the safe circle), 180 px apple-touch-icon, 32 px favicon. Cached in .cache/icons by design hash.
  * manifest.webmanifest: relative URLs only (works from any sub-path), display standalone, theme colour.
  * sw.js: web/sw.js with the precache list (every file the game needs, with its SHA-256) and the build version
    (a hash over that list) filled in; any change to any file changes sw.js, so browsers see a new version.
  * the Content-Security-Policy of the page (meta tag and `serve` header) and of the engine worker (header only).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
import struct
import zipfile
import zlib
from pathlib import Path

from tools import minjs

THEME = "#123f27"        # --felt-dark: the page background and <meta name="theme-color">
FELT = (0x1F, 0x6B, 0x41)
CARD = (0xFB, 0xF8, 0xF0)
CARD_EDGE = (0xB9, 0xB3, 0xA5)
DIAMOND = (0xC0, 0x26, 0x2D)

# The page: only own-origin scripts, styles, images, fetches, workers; nothing inline, no eval, no plugins. (No data:/blob:
# images either: the table is drawn on a canvas, the icons are files.)
PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
            "form-action 'none'")
# The engine worker. A dedicated worker takes its CSP from its OWN response headers, not from the page's meta tag
# (verified in Chromium 156: a header on worker.js governs it; the page's meta tag does not). Pyodide compiles its
# wasm, so the worker needs 'wasm-unsafe-eval' (without it: "WebAssembly.instantiateStreaming(): Compiling or
# instantiating WebAssembly module violates ... script-src 'self'"). It does NOT need 'unsafe-eval': Pyodide 314.0.7
# only eval()s the EM_JS/EM_ASM glue of dynamically loaded shared libraries (packages with .so files), which this pure
# Python engine never loads. `build.py serve` sends it as a header; the service worker adds it to worker.js on every
# host (so GitHub Pages, which sets no headers, gets it from the second visit on). blob: scripts: the worker imports
# Pyodide's pyodide.asm.mjs from the gzipped copy it downloaded and gunzipped itself (a blob: URL only code already
# running in this worker can make; without blob: it falls back to the plain file, 1 MB more).
WORKER_CSP = ("default-src 'none'; script-src 'self' blob: 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'; "
              "base-uri 'none'")

# The bot lab's worker: the engine worker's policy plus the package index origins (build.py sets it from
# tools/lab_assets.py, which reads them from the pinned micropip).
LAB_CSP = WORKER_CSP

# files of dist/ the service worker does not precache (build.json is a build report, not needed to play), and the bot
# lab's files (dist/lab/, app-*/lab/): the service worker caches those when the lab first opens
NOT_PRECACHED = {"sw.js", "build.json"}
LAB_PATH = re.compile(r"^(app-[0-9a-f]+/)?lab/")
# the plain pyodide.asm.mjs: the game imports pyodide.asm.mjs.zst (.gz without the zstd command); the lab's worker imports this one (sw.js caches it
# with the lab's files)
PLAIN_ASM = re.compile(r"^pyodide/[^/]+/pyodide\.asm\.mjs$")
# the language catalogs: only the player's is downloaded (and kept by the service worker), not precached
LANG_PATH = re.compile(r"^app-[0-9a-f]+/js/i18n/locales/[a-z]+\.js$")


# ----------------------------------------------------------------------------------------------------------- icons
def icon_svg(maskable: bool = False) -> str:
    if maskable:   # full bleed; the card fits in the central 80 % safe zone
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1f6b41"/>'
                '<rect x="19" y="14" width="26" height="36" rx="4" fill="#fbf8f0" stroke="#b9b3a5"/>'
                '<path d="M32 23 L39.5 32 L32 41 L24.5 32 Z" fill="#c0262d"/></svg>\n')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1f6b41"/>'
            '<rect x="14" y="8" width="36" height="48" rx="5" fill="#fbf8f0" stroke="#b9b3a5"/>'
            '<path d="M32 20 L42 32 L32 44 L22 32 Z" fill="#c0262d"/></svg>\n')


def _sd_rrect(x, y, x0, y0, x1, y1, r):
    """Signed distance to a rounded rectangle (negative inside)."""
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _layers(maskable: bool):
    """The icon as layers in the 64x64 design space: (signed distance(x, y), rgb, bbox), painted in order."""
    if maskable:
        bg = (lambda x, y: max(-x, -y, x - 64, y - 64), FELT)
        x0, y0, x1, y1, r = 19, 14, 45, 50, 4
        cx, cy, a, b = 32, 32, 7.5, 9
    else:
        bg = (lambda x, y: _sd_rrect(x, y, 0, 0, 64, 64, 12), FELT)
        x0, y0, x1, y1, r = 14, 8, 50, 56, 5
        cx, cy, a, b = 32, 32, 10, 12
    norm = math.sqrt(1 / a ** 2 + 1 / b ** 2)
    return [
        bg + ((0, 0, 64, 64),),
        (lambda x, y: _sd_rrect(x, y, x0 - .5, y0 - .5, x1 + .5, y1 + .5, r + .5), CARD_EDGE, (x0 - 1, y0 - 1, x1 + 1, y1 + 1)),
        (lambda x, y: _sd_rrect(x, y, x0 + .5, y0 + .5, x1 - .5, y1 - .5, r - .5), CARD, (x0 - 1, y0 - 1, x1 + 1, y1 + 1)),
        (lambda x, y: (abs(x - cx) / a + abs(y - cy) / b - 1) / norm, DIAMOND, (cx - a - 1, cy - b - 1, cx + a + 1, cy + b + 1)),
    ]


def render_png(size: int, maskable: bool = False) -> bytes:
    """Rasterise the icon at size x size (RGBA, straight alpha), anti-aliased by signed distance (one sample/pixel).
    The design is symmetric about both centre lines, so one quadrant is computed and mirrored."""
    layers = _layers(maskable)
    k = 64 / size
    half = (size + 1) // 2
    rows = []
    for py in range(half):
        y = (py + .5) * k
        px_row = []
        active = [(sd, rgb, bb) for sd, rgb, bb in layers if bb[1] <= y <= bb[3]]
        for px in range(half):
            x = (px + .5) * k
            r = g = b = a = 0.0
            for sd, rgb, bb in active:
                if x < bb[0] or x > bb[2]:
                    continue
                c = 0.5 - sd(x, y) / k
                if c <= 0:
                    continue
                if c > 1:
                    c = 1.0
                r = r * (1 - c) + rgb[0] * c
                g = g * (1 - c) + rgb[1] * c
                b = b * (1 - c) + rgb[2] * c
                a = a * (1 - c) + c
            px_row.append(bytes((round(r / a), round(g / a), round(b / a), round(a * 255))) if a > 0 else b"\0\0\0\0")
        full = px_row + px_row[:size - half][::-1]
        rows.append(b"\0" + b"".join(full))   # filter type 0
    rows += rows[:size - half][::-1]
    return png_bytes(size, size, b"".join(rows))


def png_bytes(w: int, h: int, raw: bytes) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)   # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


# (file, size, maskable) -- the PNG sizes the manifest and index.html refer to
PNG_ICONS = [("icon-32.png", 32, False), ("icon-192.png", 192, False), ("icon-512.png", 512, False),
             ("icon-maskable-512.png", 512, True), ("apple-touch-icon.png", 180, True)]


def icons(cache_dir: Path) -> dict[str, bytes]:
    """All icon files (name -> bytes). PNGs are cached in cache_dir keyed by a hash of this module's source."""
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    out = {"icon.svg": icon_svg().encode(), "icon-maskable.svg": icon_svg(True).encode()}
    cdir = cache_dir / f"icons-{key}"
    for name, size, maskable in PNG_ICONS:
        p = cdir / name
        if p.exists():
            out[name] = p.read_bytes()
            continue
        data = render_png(size, maskable)
        cdir.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        out[name] = data
    return out


def manifest(version: str) -> dict:
    return {
        "name": "Mittlere Jass",
        "short_name": "Jass",
        "description": "Mittlere Jass: the Swiss three-player card game against two bots. Plays offline.",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": THEME,
        "theme_color": THEME,
        "lang": "en",
        "categories": ["games"],
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/icon-maskable.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "maskable"},
        ],
    }


# -------------------------------------------------------------------------------------------------- service worker
def precache_list(dist: Path, files: set[Path], langs: bool = False) -> dict[str, str]:
    """{path relative to dist: sha256 hex} of every file the service worker precaches (langs: of the language
    catalogs, which it keeps when used instead)."""
    out = {}
    for p in sorted(files):
        rel = p.relative_to(dist).as_posix()
        if bool(LANG_PATH.match(rel)) != langs:
            continue
        if rel in NOT_PRECACHED or p.suffix == ".tmp" or LAB_PATH.match(rel) or PLAIN_ASM.match(rel):
            continue
        out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def service_worker(template: str, files: dict[str, str], langs: dict[str, str]) -> tuple[str, str]:
    """-> (sw.js source, build version). The version is a hash over every precached file, the catalogs and the SW
    template."""
    h = hashlib.sha256(template.encode())
    for rel, digest in (files | langs).items():
        h.update(f"{rel}\0{digest}\n".encode())
    version = h.hexdigest()[:12]
    src = (template.replace('"{{VERSION}}"', json.dumps(version))
           .replace('"{{FILES}}"', json.dumps(files, indent=1))
           .replace('"{{LANGS}}"', json.dumps(langs, indent=1))
           .replace('"{{WORKER_CSP}}"', json.dumps(WORKER_CSP))
           .replace('"{{PAGE_CSP}}"', json.dumps(PAGE_CSP))
           .replace('"{{LAB_CSP}}"', json.dumps(LAB_CSP)))
    return src, version


def add_pwa(dist: Path, keep: set[Path], web: Path, cache_dir: Path, write) -> str:
    """Write icons, manifest and sw.js into dist (adding them to keep). Returns the build version."""
    for name, data in icons(cache_dir).items():
        p = dist / "icons" / name
        write(p, data)
        keep.add(p)
    p = dist / "manifest.webmanifest"
    write(p, (json.dumps(manifest(""), indent=2) + "\n").encode())
    keep.add(p)
    src, version = service_worker(minjs.strip((web / "sw.js").read_text()), precache_list(dist, keep),
                                  precache_list(dist, keep, langs=True))
    p = dist / "sw.js"
    write(p, src.encode())
    keep.add(p)
    return version


# -------------------------------------------------------------------------------------------------------------- zip
def write_zip(dist: Path, target: Path, top: str = "mittlere-jass") -> int:
    """One deterministic zip of dist/ (a top folder `top/`). Returns its size."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for p in sorted(dist.rglob("*")):
            if not p.is_file() or p.suffix == ".tmp":
                continue
            info = zipfile.ZipInfo(f"{top}/{p.relative_to(dist).as_posix()}", (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if p.suffix in (".zip", ".whl", ".png") else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, p.read_bytes())
    os.replace(tmp, target)
    return target.stat().st_size


if __name__ == "__main__":   # preview: python tools/pwa.py -> .cache/icons-preview/
    import time
    t = time.time()
    out = Path(__file__).resolve().parent.parent / ".cache" / "icons-preview"
    out.mkdir(parents=True, exist_ok=True)
    for name, data in icons(out).items():
        (out / name).write_bytes(data)
    print(f"icons in {out} ({time.time() - t:.1f}s)")
