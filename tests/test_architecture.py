"""docs/architecture.md tells the truth about the code: its module table names every module of web/js/ and web/lab/
(and no file that is gone), its folder table says which folders each folder of web/js/ imports from, its layer
table says which engine modules each layer imports; web/js/ keeps at most six files at its top."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
WEB = ROOT / "web"
JS = WEB / "js"
ENGINE = ROOT / "engine"
TOP_FILES_MAX = 6

MODULE_PATH = re.compile(r"`(web/(?:js|lab)/[\w./-]+\.js)`")
# a static or dynamic import of a relative path: import ... from "./x.js", import "./x.js", import("../x.js") (not
# a JSDoc type, {import("./x.js").T}, which loads nothing: comments are left out first, JS_COMMENT)
JS_IMPORT = re.compile(r"""(?:^\s*(?:import|export)\b[^;"']*?\bfrom\s*|^\s*import\s*|(?<!\{)\bimport\(\s*)"""
                       r"""["'](\.\.?/[^"']+)["']""", re.M)
JS_COMMENT = re.compile(r"/\*[\s\S]*?\*/|^\s*//[^\n]*", re.M)


def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the ``## title`` section of the doc."""
    text = doc()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def table_rows(text: str) -> list[list[str]]:
    """The cells of each body row of the first Markdown table in ``text``."""
    rows = [line for line in text.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows[2:]]


def modules() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for d in ("js", "lab") for p in (WEB / d).rglob("*.js")}


def test_every_module_is_named_in_the_module_table():
    named = set(MODULE_PATH.findall(section("The modules")))
    missing = sorted(modules() - named)
    assert not missing, f"docs/architecture.md's module table does not name: {missing}"


def test_the_doc_names_no_module_that_does_not_exist():
    gone = sorted(set(MODULE_PATH.findall(doc())) - modules())
    assert not gone, f"docs/architecture.md names files that do not exist: {gone}"


def test_web_js_keeps_at_most_six_files_at_its_top():
    top = sorted(p.name for p in JS.iterdir() if p.is_file())
    assert len(top) <= TOP_FILES_MAX, f"web/js/ has {len(top)} files at its top (at most {TOP_FILES_MAX}): {top}"


# -- web/js/ folders ------------------------------------------------------------------------------------------------

def folder_of(path: Path) -> str:
    """A file's folder of web/js/ ("top" for web/js/ itself), or its path when it is outside web/js/."""
    try:
        rel = path.relative_to(JS)
    except ValueError:
        return path.relative_to(ROOT).as_posix().rsplit("/", 1)[0] + "/"
    return rel.parts[0] if len(rel.parts) > 1 else "top"


def folder_imports() -> dict[str, set[str]]:
    """For each folder of web/js/, the other folders (or outside directories) its modules import from."""
    out: dict[str, set[str]] = {}
    for p in JS.rglob("*.js"):
        here = folder_of(p)
        out.setdefault(here, set())
        for spec in JS_IMPORT.findall(JS_COMMENT.sub("", p.read_text(encoding="utf-8"))):
            there = folder_of(Path(os.path.normpath(p.parent / spec)))
            if there != here:
                out[here].add(there)
    return out


def documented_folder_imports() -> dict[str, set[str]]:
    """The folder table: folder -> what it imports from, as written ("every folder but x and y" allowed)."""
    rows = table_rows(section("The web app: folders"))
    folders = [re.search(r"`([\w/]+)`", row[0]).group(1).rstrip("/") for row in rows]
    names = {f: ("top" if f == "web/js" else f) for f in folders}
    out = {}
    for row, folder in zip(rows, folders, strict=True):
        cell = re.sub(r"\s*\([^)]*\)", "", row[2])   # a remark in brackets is not a folder
        but = re.fullmatch(r"every folder but (.+)", cell)
        if but:
            excluded = {w.strip() for w in re.split(r",| and ", but.group(1)) if w.strip()}
            got = {names[f] for f in folders if f != folder and names[f] not in excluded}
        else:
            got = set()
            for part in (w.strip() for w in cell.split(",")):
                code = re.search(r"`([^`]+)`", part)
                if part.startswith("the top"):
                    got.add("top")
                elif code and code.group(1).startswith("web/"):
                    got.add(code.group(1))
                elif part and part != "–":
                    got.add(part)
        out[names[folder]] = got
    return out


def test_the_folder_table_says_what_each_folder_imports_from():
    actual, documented = folder_imports(), documented_folder_imports()
    assert set(documented) == set(actual), "the folder table lists other folders than web/js/ has"
    wrong = {f: {"code": sorted(actual[f]), "doc": sorted(documented[f])} for f in actual if actual[f] != documented[f]}
    assert not wrong, f"docs/architecture.md's folder table differs from the imports: {wrong}"


# -- engine layers --------------------------------------------------------------------------------------------------

def engine_module(path: Path) -> str:
    """The name the layer table uses for an engine file: its module, "bots" for the bots package, "engine" for the
    package's __init__."""
    rel = path.relative_to(ENGINE)
    if rel.parts[0] == "bots":
        return "bots"
    return "engine" if rel.name == "__init__.py" else rel.stem


def engine_imports(path: Path) -> set[str]:
    """The engine modules (layer-table names) that ``path`` imports, itself left out."""
    package = path.parent.relative_to(ROOT).parts   # ("engine",) or ("engine", "bots")
    out = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[:len(package) - node.level + 1]
            names = [*base, *(node.module or "").split(".")] if node.module else list(base)
            targets = [names] if node.module else [[*names, a.name] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "engine":
            targets = [node.module.split(".")]
        elif isinstance(node, ast.Import):
            targets = [a.name.split(".") for a in node.names if a.name.split(".")[0] == "engine"]
        else:
            continue
        for parts in targets:
            parts = [p for p in parts if p]
            out.add("engine" if len(parts) == 1 else "bots" if parts[1] == "bots" else parts[1])
    return out - {engine_module(path)}


def layer_rows() -> list[tuple[set[Path], set[str]]]:
    """The layer table: (its files, the engine modules it says they import), top to bottom."""
    out = []
    for row in table_rows(section("The engine's layers")):
        files: set[Path] = set()
        for where in re.findall(r"`(engine/[\w/.]*)`", row[1]):
            p = ROOT / where
            files |= set(p.rglob("*.py")) if p.is_dir() else {p}
        said = set() if row[2] == "–" else {w.strip() for w in row[2].split(",")}
        out.append((files, said))
    return out


def test_the_layer_table_names_every_engine_module_once():
    listed = [p for files, _ in layer_rows() for p in files]
    assert len(listed) == len(set(listed))
    assert set(listed) == {p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts}


def test_the_layer_table_says_what_each_layer_imports_and_each_imports_only_layers_above_it():
    above: set[str] = set()
    for files, said in layer_rows():
        mine = {engine_module(p) for p in files}
        actual = set().union(*(engine_imports(p) for p in files)) - mine
        names = sorted(p.relative_to(ROOT).as_posix() for p in files)
        assert actual == said, f"{names} import {sorted(actual)}; docs/architecture.md says {sorted(said)}"
        assert actual <= above, f"{names} import {sorted(actual - above)}, which the table lists below them"
        above |= mine
