"""The language catalogs (web/js/i18n/locales/*.js) without a browser: every key in every catalog with the same
{placeholders} and the plural forms each language needs; no user-visible literal outside the catalogs (a scan of
web/js/**/*.js string literals and of index.html's text and labels).

The catalogs are read by Node (the modules are imported as they are, nothing is parsed by hand); Node is already
needed by the build (npm) and the lint.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
LOCALES = WEB / "js" / "i18n" / "locales"
LANGS = ["en", "de", "fr", "it", "ja"]

# Node: import every catalog, and ask Intl which plural forms each language uses for the counts a game shows
# (0..1000: cards, tricks, points, hands).
NODE_DUMP = r"""
const [dir, ...langs] = process.argv.slice(1);
const out = {};
for (const l of langs) {
  const mod = await import(new URL(`${l}.js`, `file://${dir}/`).href);
  const pr = new Intl.PluralRules(l);
  const used = new Set();
  for (let n = 0; n <= 1000; n++) used.add(pr.select(n));
  out[l] = { catalog: mod.default, categories: pr.resolvedOptions().pluralCategories, used: [...used] };
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def catalogs() -> dict:
    node = shutil.which("node")
    if not node:
        pytest.fail("node not found: it is needed to read the JS catalogs (install Node.js)", pytrace=False)
    proc = subprocess.run([node, "--input-type=module", "-e", NODE_DUMP, str(LOCALES), *LANGS],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def forms(value) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value) -> set[str]:
    return {p for f in forms(value) for p in PLACEHOLDER.findall(f)}


def test_every_language_has_a_catalog_file():
    assert sorted(p.stem for p in LOCALES.glob("*.js")) == sorted(LANGS)


def test_every_catalog_has_exactly_the_english_keys(catalogs):
    en = set(catalogs["en"]["catalog"])
    assert len(en) > 100
    for lang in LANGS[1:]:
        keys = set(catalogs[lang]["catalog"])
        assert not en - keys, f"{lang} lacks {sorted(en - keys)}"
        assert not keys - en, f"{lang} has keys English does not: {sorted(keys - en)}"


def test_same_placeholders_in_every_language(catalogs):
    en = catalogs["en"]["catalog"]
    bad = []
    for lang in LANGS[1:]:
        cat = catalogs[lang]["catalog"]
        for key, value in en.items():
            if placeholders(cat[key]) != placeholders(value):
                bad.append(f"{lang} {key}: {sorted(placeholders(cat[key]))} != en {sorted(placeholders(value))}")
            for f in forms(cat[key]):   # every form of a plural carries the same placeholders as the others
                if set(PLACEHOLDER.findall(f)) != placeholders(cat[key]):
                    bad.append(f"{lang} {key}: form {f!r} lacks a placeholder")
    assert not bad, "\n".join(bad)


def test_values_are_non_empty_strings_or_complete_plural_forms(catalogs):
    bad = []
    for lang in LANGS:
        info = catalogs[lang]
        for key, value in info["catalog"].items():
            if isinstance(value, str):
                if not value.strip():
                    bad.append(f"{lang} {key}: empty")
                continue
            if not isinstance(value, dict) or not value:
                bad.append(f"{lang} {key}: neither a string nor plural forms")
                continue
            if "n" not in placeholders(value) and not any("{" not in f for f in value.values()):
                bad.append(f"{lang} {key}: plural forms without {{n}}")
            unknown = set(value) - set(info["categories"])
            missing = set(info["used"]) - set(value)
            if unknown:
                bad.append(f"{lang} {key}: {sorted(unknown)} are not plural forms of {lang} ({info['categories']})")
            if missing:
                bad.append(f"{lang} {key}: the form(s) {sorted(missing)} are missing (a count of 0..1000 needs them)")
    assert not bad, "\n".join(bad)


# Entries that may read the same as English (names, numbers, words both languages share).
SAME_AS_ENGLISH_OK = {
    "title", "loading.title", "over.rank", "aria.card", "case.match", "speed.normal", "level.normal", "level.expert",
    "seat.dealerMark", "points", "hand.tricks", "howto.fig.puur", "hint.search", "review.card", "history.date",
    "coach.title",  # a loanword in German, French and Italian alike
    "case.label", "field.label",   # "{case}: " — French sets a space before the colon, Japanese a full-width colon
    "review.running", "card.short.swiss", "review.cardSep",   # "{points}, {tricks}", "{suit} {rank}", ", "
    "btn.menu", "menu.title", "hand.total",   # Menu, Total: the same word in German, French and Italian
    "react.thumbs", "react.wow", "react.laugh", "react.oops", "react.said",   # emoji, and "{name}: {reaction}"
}
SAME_AS_ENGLISH_OK_JA = {f"rank.{r}" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")}
# card corner letters: the Swiss pack's (Under, Ober, König, Ass) everywhere, J Q K A where the language uses them
SAME_AS_ENGLISH_OK |= {f"deck.idxSwiss.{r}" for r in "JQKA"} | {"deck.idx.A", "deck.idx.K", "seat.pointsShort"} | {
    "rank.swiss.J", "rank.swiss.Q", "rank.swiss.10", "suit.swiss.H"}   # the Swiss pack's own names (fr: roses)
SAME_AS_ENGLISH_OK_IT_JA = {f"deck.idx.{r}" for r in "JQK"}


def test_translations_are_not_english_copies(catalogs):
    en = catalogs["en"]["catalog"]
    copies = []
    for lang in LANGS[1:]:
        for key, value in catalogs[lang]["catalog"].items():
            if (value == en[key] and key not in SAME_AS_ENGLISH_OK and not (lang == "ja" and key in SAME_AS_ENGLISH_OK_JA)
                    and not (lang in ("it", "ja") and key in SAME_AS_ENGLISH_OK_IT_JA)):
                copies.append(f"{lang} {key}: {value!r}")
    assert not copies, "untranslated (identical to English):\n" + "\n".join(copies)


def test_swiss_german_spelling_has_no_eszett(catalogs):
    text = json.dumps(catalogs["de"]["catalog"], ensure_ascii=False)
    assert "ß" not in text, "Swiss German writes ss, not ß"


def test_french_keeps_its_high_punctuation_on_the_line(catalogs):
    """French sets a space before : ; ! ? % and » (and after «). It must be a no-break space, or a narrow window wraps
    the line there and starts the next one with a lone colon."""
    bad = [f"{key}: {text!r}" for key, value in catalogs["fr"]["catalog"].items() for text in forms(value)
           if re.search(r" [:;!?%»]|« ", text)]
    assert not bad, "a plain space before French high punctuation:\n" + "\n".join(bad)


# --------------------------------------------------------------------------------- literals outside the catalogs

def js_string_literals(src: str):
    """Yield (line, text, preceding code) for every string literal in `src` (comments skipped; a template
    literal yields its static parts, and the code inside its ${...} is scanned the same way)."""
    i, n, line = 0, len(src), 1
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            line += src.count("\n", i, j)
            i = j + 2
            continue
        if c in "\"'":
            j, buf = i + 1, []
            while j < n and src[j] != c:
                buf.append(src[j:j + 2] if src[j] == "\\" else src[j])
                j += 2 if src[j] == "\\" else 1
            yield line, "".join(buf), src[max(0, i - 80):i]
            i = j + 1
            continue
        if c == "`":
            i, line = yield from _template(src, i + 1, line)
            continue
        i += 1


def _template(src: str, i: int, line: int):
    """The template literal starting after the backtick at i-1; returns (index after it, line)."""
    n, buf, start_line, before = len(src), [], line, src[max(0, i - 81):i - 1]
    while i < n:
        c = src[i]
        if c == "\\":
            buf.append(src[i:i + 2])
            i += 2
            continue
        if c == "`":
            yield start_line, "".join(buf), before
            return i + 1, line
        if src.startswith("${", i):
            yield start_line, "".join(buf), before
            buf = []
            depth, j = 0, i + 2   # find the closing brace of the expression (quotes inside skipped)
            while j < n and not (src[j] == "}" and depth == 0):
                if src[j] in "\"'`":
                    q, j = src[j], j + 1
                    while j < n and src[j] != q:
                        j += 2 if src[j] == "\\" else 1
                depth += {"{": 1, "}": -1}.get(src[j], 0)
                j += 1
            for ln, text, ctx in js_string_literals(src[i + 2:j]):
                yield line + ln - 1, text, ctx
            i = j + 1
            continue
        if c == "\n":
            line += 1
        buf.append(c)
        i += 1
    return i, line


PROSE = re.compile(r"[A-Za-z][a-z]+[,:;!?.]?\s+[A-Za-z]?[a-z]+")
CAPITAL_WORD = re.compile(r"^\s*[A-Z][a-z]{2,}[.!?…:]?\s*$")
KEY_NAMES = {"Enter", "Escape", "Home", "End", "Tab"}
# Where a literal is not user-visible text (or is a technical detail shown under a translated heading).
NOT_UI = [
    (re.compile(r"console\.\w+\(\s*$"), "developer console"),
    (re.compile(r"runPython\w*\(\s*$"), "Python source"),
    (re.compile(r"(new Error|new EngineDied|fail|reject|die|super)\([^()]*$"),
     "technical error detail, shown inside a translated sentence ('loading.failed', 'msg.engineGaveUp', …)"),
    (re.compile(r"(font|\.font\s*=)\s*$"), "CSS font"),
    (re.compile(r"(\bclass:[^,{}]*|className\s*=|classList\.\w+\()\s*$"), "CSS class names"),
    (re.compile(r"\.types\b.*includes\(\s*$"), "drag-and-drop data types"),
    (re.compile(r"(querySelector(All)?|closest|matchMedia|matches)(\?\.)?\(\s*$"), "CSS selectors and media queries"),
]


def ui_literals(path: Path) -> list[str]:
    src = path.read_text(encoding="utf-8")
    lines = src.split("\n")
    found = []
    for line, text, before in js_string_literals(src):
        if "i18n-ignore" in lines[line - 1]:   # an explicit, commented exception (e.g. a placeholder name)
            continue
        if not (PROSE.search(text) or (CAPITAL_WORD.match(text) and text not in KEY_NAMES)):
            continue
        if "sans-serif" in text or "px " in text or text.startswith("use strict"):
            continue
        if any(rx.search(before) for rx, _ in NOT_UI):
            continue
        found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    return found


def test_the_literal_scanner_finds_text():
    """The scanner itself: prose in strings and templates is found; comments, keys and error details are not."""
    import tempfile
    sample = ('// A comment with words in it\n'
              'el.textContent = "Your turn now";\n'
              'toast(`Hint: ${name} plays ${cond ? "a good card" : x}`);\n'
              'b.textContent = "Reload";\n'
              'x = t("btn.new"); y = "btn-hint"; if (e.key === "Enter") {}\n'
              'throw new Error("the engine worker failed to start");\n'
              '/* block comment with words */ console.warn("some developer words");\n')
    with tempfile.TemporaryDirectory(dir=ROOT) as d:
        p = Path(d) / "sample.js"
        p.write_text(sample)
        got = [line.split(": ", 1)[1] for line in ui_literals(p)]
    assert got == ["'Your turn now'", "'Hint: '", "'a good card'", "'Reload'"]


def test_no_user_visible_literal_in_the_web_code():
    files = sorted(p for d in ("js", "lab") for p in (WEB / d).rglob("*.js") if LOCALES not in p.parents)
    assert len(files) > 10
    found = [f for p in files for f in ui_literals(p)]
    assert not found, "text outside the catalogs (put it in web/js/i18n/locales/*.js and use t()):\n" + "\n".join(found)


class _HtmlText(HTMLParser):
    """Collects (tag, attrs, text) for text nodes and labelled attributes of index.html."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, dict]] = []
        self.texts: list[tuple[str, dict, str]] = []
        self.attrs: list[tuple[str, dict, str, str]] = []

    VOID = {"meta", "link", "input", "br", "img", "hr", "source"}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("aria-label", "title", "placeholder", "alt"):
            if a.get(name):
                self.attrs.append((tag, a, name, a[name]))
        if tag not in self.VOID:
            self.stack.append((tag, a))

    def handle_endtag(self, tag):
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def handle_data(self, data):
        if data.strip() and self.stack and self.stack[-1][0] not in ("script", "style", "head"):
            tag, a = self.stack[-1]
            self.texts.append((tag, a, data.strip()))


def test_no_user_visible_literal_in_index_html(catalogs):
    en = catalogs["en"]["catalog"]
    p = _HtmlText()
    p.feed((WEB / "index.html").read_text(encoding="utf-8"))
    bad = []
    for tag, a, text in p.texts:
        if not re.search(r"[A-Za-z]", text):
            continue   # suit symbols, punctuation
        if tag == "select" and text == "{{LANG_OPTIONS}}":
            continue   # build.py writes the languages there, each named in its own language (i18n/names.js)
        if a.get("data-i18n-rich") == "howto.intro" and text == "{{LOADING_INTRO}}":
            continue   # build.py writes the English catalog's paragraph there (tests/test_loading_page.py)
        key = "title" if tag == "title" else a.get("data-i18n")
        if not key:
            bad.append(f"<{tag}> text {text!r} has no data-i18n key")
        elif en.get(key) != text:
            bad.append(f"<{tag} data-i18n={key!r}> reads {text!r}, the English catalog says {en.get(key)!r}")
    attr_key = {"aria-label": "data-i18n-aria", "title": "data-i18n-title", "placeholder": "data-i18n-placeholder"}
    for tag, a, name, value in p.attrs:
        key = a.get(attr_key.get(name, ""))
        if not key:
            bad.append(f"<{tag} {name}={value!r}> has no {attr_key.get(name, name)} key")
        elif en.get(key) != value:
            bad.append(f"<{tag} {name}={value!r}>: the English catalog says {en.get(key)!r}")
    assert not bad, "\n".join(bad)
    assert len(p.texts) > 10
