"""Languages in the browser: chosen from navigator.languages on the first visit, remembered, <html lang> follows,
every visible text comes from the player's catalog (no English left over), and a long-string pseudo-locale fits
a 390 px wide phone."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from jass_e2e import DESKTOP, PYTHON_DOWNLOADS, PageWatch, load_catalog, play_until, screenshot_if_failed, toolbar_click

ROOT = Path(__file__).resolve().parent.parent
LANGS = ["de", "fr", "it", "ja"]
HTML_LANG = {"en": "en", "de": "de-CH", "fr": "fr-CH", "it": "it-CH", "ja": "ja"}
PLAYABLE = "() => document.body.dataset.phase === 'play' && window.__jass && !window.__jass.state().busy"


@pytest.fixture(scope="module")
def english_phrases() -> list[str]:
    """English catalog texts a translation must not show: the static part of each (placeholders cut out), only
    parts with a real word (4+ letters), minus words every language here shares (names, Match, Normal…)."""
    en = load_catalog("en")
    shared = {"Mittlere Jass", "Match", "match", "Normal", "Expert", "Python", "points", "MB", "Puur", "Nell",
              "Under", "Ober", "Banner", "roses",   # the Swiss pack's own names (and the French word for roses)
              "point",                              # French too: "0 point de cartes"
              "Menu", "Total", "Name"} | {          # words French, Italian or German share with English
        load_catalog(lang)["lang.name"] for lang in ["en", *LANGS]}   # the language menu lists every language
    out = set()
    for v in en.values():
        for form in (v.values() if isinstance(v, dict) else [v]):
            for part in re.split(r"\{\w+\}", form):
                part = part.strip(" .:—()#/…,")
                if re.search(r"[A-Za-z]{4,}", part) and part not in shared:
                    out.add(part)
    return sorted(out, key=len, reverse=True)


def english_leftovers(text: str, phrases: list[str]) -> list[str]:
    return [p for p in phrases if re.search(r"(?<![A-Za-zÀ-ÿ])" + re.escape(p) + r"(?![A-Za-zÀ-ÿ])", text)]


@pytest.fixture
def lang_page(browser, warm_contexts, site, request):
    """lang_page(locale, query) -> a page whose browser prefers `locale`: in the shared warm context for that locale
    and viewport (reset: nothing stored), or in a new context (`fresh`: a first visit; `hold_python`: the loading
    screen, whose downloads no cache may answer)."""
    made = []

    def _open(locale: str, query: str = "?speed=instant&seed=7", wait=True, viewport=None, hold_python=False,
              fresh=False):
        options = {"locale": locale, **DESKTOP, **({"viewport": viewport} if viewport else {})}
        ctx = browser.new_context(**options) if fresh or hold_python else None
        page = ctx.new_page() if ctx else warm_contexts.page(**options)
        w = PageWatch(page)
        made.append((ctx, page, w))
        if hold_python:   # Pyodide and the engine never arrive: the page stays in its loading phase
            page.route(PYTHON_DOWNLOADS, lambda route: None)
        page.goto(site + query)
        if wait:
            page.wait_for_function(PLAYABLE, timeout=60_000)
        return page

    yield _open
    for ctx, page, w in made:
        screenshot_if_failed(page, request)
        assert not w.errors, "console errors:\n" + "\n".join(w.errors)
        if ctx:
            page.close()
            ctx.close()
        else:
            warm_contexts.release(page)


@pytest.mark.parametrize("locale,lang", [("de-CH", "de"), ("ja-JP", "ja"), ("rm-CH", "en")])
def test_first_visit_follows_the_browser_language(lang_page, locale, lang):
    page = lang_page(locale, fresh=True)
    assert page.evaluate("document.documentElement.lang") == HTML_LANG[lang]
    assert page.evaluate("document.querySelector('#loading .lang-select').value") == lang
    cat = load_catalog(lang)
    expect(page.locator("#btn-new")).to_have_text(cat["btn.new"])
    expect(page.locator("#btn-howto")).to_have_attribute("aria-label", cat["btn.howto"])
    assert page.title() == cat["title"]


def test_the_choice_is_remembered_and_the_page_switches_at_once(lang_page, site):
    page = lang_page("de-CH")
    de, fr = load_catalog("de"), load_catalog("fr")
    expect(page.locator("#btn-sheet")).to_have_text(de["btn.sheet"])
    page.click("#btn-settings")   # the language menu sits in Settings (and on the loading screen)
    page.select_option("#set-lang", "fr")
    expect(page.locator("#dlg-settings h2")).to_have_text(fr["settings.title"])
    expect(page.locator("#dlg-settings")).to_contain_text(fr["lang.help"])
    page.keyboard.press("Escape")
    expect(page.locator("#btn-sheet")).to_have_text(fr["btn.sheet"])
    assert page.evaluate("document.documentElement.lang") == "fr-CH"
    assert page.locator("#speed option:checked").inner_text() == fr["speed.instant"]
    # the cards' corners too (the French Jack is a V): no face painted in the old language is drawn any more
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.evaluate("window.__jass.staleFaces()") == []
    # the names the page gave the seats ("Du", "Rechts", "Links") are the new language's, the game's own too
    names = [de["name.0"], de["name.1"], de["name.2"]], [fr["name.0"], fr["name.1"], fr["name.2"]]
    page.wait_for_function("(n) => window.__jass.view().players.map((p) => p.name).join() === n", arg=",".join(names[1]),
                           timeout=10_000)
    page.reload()
    page.wait_for_function(PLAYABLE, timeout=60_000)
    expect(page.locator("#btn-sheet")).to_have_text(fr["btn.sheet"])   # remembered over the browser's de-CH
    assert [p["name"] for p in page.evaluate("window.__jass.view()")["players"]] == names[1]   # the save kept them
    # a broken stored value falls back to the browser's language
    page.evaluate("localStorage.setItem('mittlere-jass.lang', '<script>')")
    page.reload()
    page.wait_for_function(PLAYABLE, timeout=60_000)
    expect(page.locator("#btn-sheet")).to_have_text(de["btn.sheet"])


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_left_on_the_table_and_dialogs(lang_page, english_phrases, lang):
    page = lang_page("en-US", f"?speed=instant&seed=7&lang={lang}")
    cat = load_catalog(lang)
    body = page.locator("body").inner_text()
    assert not english_leftovers(body, english_phrases), english_leftovers(body, english_phrases)
    # the names the engine was given are the catalog's
    names = [p["name"] for p in page.evaluate("window.__jass.view()")["players"]]
    assert names == [cat["name.0"], cat["name.1"], cat["name.2"]]
    # the new-game dialog (bot levels included)
    page.click("#btn-new")
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    text = dlg.inner_text() + " ".join(page.locator("#dlg-new option").all_inner_texts())
    assert not english_leftovers(text, english_phrases), english_leftovers(text, english_phrases)
    assert cat["level.normal"] in text
    page.keyboard.press("Escape")
    # the score sheet
    page.click("#btn-sheet")
    sheet = page.locator("#dlg-sheet")
    expect(sheet).to_contain_text(cat["sheet.empty"])
    assert not english_leftovers(sheet.inner_text(), english_phrases)


def test_pseudo_locale_fits_a_phone(lang_page):
    """Every string ~40% longer: the toolbar, the loading card and the dialogs still fit 390 px without a
    horizontal scroll bar."""
    page = lang_page("en-US", "?speed=instant&seed=7&lang=xx", viewport={"width": 390, "height": 844})
    assert page.locator("#btn-new").inner_text().startswith("⟦")

    def overflow():
        return page.evaluate("""() => {
            const W = document.documentElement.clientWidth, out = [];
            if (document.documentElement.scrollWidth > W) out.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
            for (const el of document.querySelectorAll('button, select, label, h2, p, th, td')) {
                const r = el.getBoundingClientRect();
                if (!r.width || getComputedStyle(el).visibility === 'hidden' || el.closest('.sr-only')) continue;
                if (r.left < -0.5 || r.right > W + 0.5) out.push((el.id || el.tagName) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
            }
            return out; }""")

    assert not overflow(), overflow()
    toolbar_click(page, "#btn-new")
    expect(page.locator("#dlg-new")).to_be_visible()
    assert not overflow(), overflow()


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_how_to_play_opens_while_python_is_loading(lang_page, english_phrases, lang):
    """How to play needs neither Python nor the engine: it opens from the loading screen, in the player's language,
    with cards drawn by the game's card art."""
    page = lang_page("en-US", f"?lang={lang}", wait=False, hold_python=True)
    cat = load_catalog(lang)
    # the loading card says what the game is about, in the player's language, its key words in bold
    intro = page.locator("#loading .loading-intro")
    expect(intro).to_have_text(cat["howto.intro"].replace("**", ""))
    assert intro.locator("strong").first.inner_text() == cat["howto.intro"].split("**")[1]
    btn = page.locator("#btn-howto-loading")
    expect(btn).to_be_visible()
    btn.click()
    dlg = page.locator("#dlg-howto")
    expect(dlg).to_be_visible()
    expect(dlg.locator("h2")).to_have_text(cat["howto.title"])
    assert page.evaluate("document.body.dataset.phase") == "loading", "the engine finished before the check"
    for key in ("howto.goal.h", "howto.trump.h", "howto.examples.h"):
        expect(dlg).to_contain_text(cat[key])
    # the figures are drawn: the plain-suit row is a canvas with card faces (not a blank box)
    figs = dlg.locator("figure.howto-fig")
    assert figs.count() == 4
    inked = page.evaluate("""() => { const c = document.querySelector('#dlg-howto figure canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n / (d.length / 4); }""")
    assert inked > 0.5, f"the card figure is mostly empty ({inked:.2f})"
    if lang != "en":
        left = english_leftovers(dlg.inner_text(), english_phrases)
        assert not left, left
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_phone_toolbar_is_one_row_in_every_language(lang_page, english_phrases, lang):
    """390 px wide: the title and one row of buttons, nothing cut off; the buttons that do not fit are in the menu
    with their full labels, in the player's language, and work from there."""
    page = lang_page("en-US", f"?speed=instant&seed=7&lang={lang}", viewport={"width": 390, "height": 844})
    cat = load_catalog(lang)
    expect(page.locator(".brand")).to_be_visible()
    boxes = page.evaluate("""() => [...document.querySelectorAll('.topbar .brand, .topbar .actions > *')]
        .filter((el) => el.getBoundingClientRect().width > 0)
        .map((el) => { const r = el.getBoundingClientRect(); return [el.id || el.className, r.left, r.right, r.top, r.bottom]; })""")
    assert len(boxes) >= 3, boxes
    assert page.locator(".topbar").bounding_box()["height"] < 64
    mids = [(top + bottom) / 2 for _, _, _, top, bottom in boxes]
    assert max(mids) - min(mids) < 6, f"the toolbar is not one row: {boxes}"
    assert all(left >= 0 and right <= 390 for _, left, right, _, _ in boxes), boxes
    page.locator("#btn-menu").click()
    menu = page.locator("#dlg-menu")
    expect(menu).to_be_visible()
    expect(menu.locator("button[data-for='btn-settings']")).to_have_text(cat["btn.settings"])
    if lang != "en":
        assert not english_leftovers(menu.inner_text(), english_phrases)
    menu.locator("button[data-for='btn-settings']").click()
    expect(page.locator("#dlg-settings")).to_be_visible()
    expect(menu).to_be_hidden()
    # every choice of every list in the settings shows whole (its text plus the arrow fit the list's box)
    cut = page.evaluate("""() => { const out = [], c = document.createElement('canvas').getContext('2d');
        for (const sel of document.querySelectorAll('#dlg-settings select')) {
            const cs = getComputedStyle(sel);
            c.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
            const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
            for (const o of sel.options) if (c.measureText(o.text).width > room) out.push(`${sel.id}: ${o.text}`);
        }
        return out; }""")
    assert not cut, f"choices cut off in the settings: {cut}"


@pytest.mark.parametrize("lang", ["de", "it", "xx"])
def test_hand_summary_and_score_sheet_fit_a_phone(lang_page, lang):
    """390 px: the hand summary's table and the score sheet after a hand fit the dialog with their long headers
    (German "Kartenpunkte / Ergebnis" pushed the result column out by 43 px, the Italian sheet by 17 px), and no
    header breaks inside a word."""
    page = lang_page("en-US", f"?speed=instant&seed=12&hands=2&bots=normal,normal&lang={lang}",
                     viewport={"width": 390, "height": 844})
    play_until(page, timeout=60_000)
    fit = """(id) => { const d = document.getElementById(id), box = d.getBoundingClientRect(), out = [];
        if (d.scrollWidth > d.clientWidth) out.push('scrolls sideways by ' + (d.scrollWidth - d.clientWidth));
        for (const el of d.querySelectorAll('th, td, button, p')) { const r = el.getBoundingClientRect();
            if (r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5)) out.push(el.textContent.slice(0, 24)); }
        for (const th of d.querySelectorAll('thead th')) {   // at most a line per word: it wraps only between words
            const text = th.textContent.trim();
            if (!text) continue;
            const range = document.createRange();
            range.selectNodeContents(th);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            if (lines > text.split(/[ \\u00a0]+/).length) out.push('header broken inside a word: ' + text); }
        return out; }"""
    dlg = page.locator("#dlg-hand")
    expect(dlg).to_be_visible(timeout=60_000)
    expect(dlg.locator("table.summary tbody tr")).to_have_count(3)
    assert not page.evaluate(fit, "dlg-hand"), page.evaluate(fit, "dlg-hand")
    dlg.locator("#btn-hand-sheet").click()
    sheet = page.locator("#dlg-sheet")
    expect(sheet.locator("table.chalk-hands tbody tr")).to_have_count(1)
    assert not page.evaluate(fit, "dlg-sheet"), page.evaluate(fit, "dlg-sheet")


@pytest.mark.parametrize("lang", LANGS)
def test_refusal_and_hand_summary_speak_the_language(lang_page, english_phrases, lang):
    """A refused card (the engine's reason) and the hand summary (settlement sentence, table, +5 note) show no
    English."""
    page = lang_page("en-US", f"?speed=instant&seed=7&hands=3&lang={lang}")
    cat = load_catalog(lang)
    refused = None

    def try_an_illegal_card(s: dict) -> None:
        nonlocal refused
        illegal = [c for c in s["hand"] if c not in s["legal"]]
        if illegal and refused is None:
            page.locator(f"#hand-buttons button[data-card='{illegal[0]}']").focus()
            page.keyboard.press("Enter")
            toast = page.locator("#toast")
            expect(toast).to_be_visible()
            refused = toast.inner_text()
            assert refused.strip() and not english_leftovers(refused, english_phrases), refused

    play_until(page, on_turn=try_an_illegal_card, timeout=60_000)
    assert refused, "no card was ever refused in this deal"
    dlg = page.locator("#dlg-hand")
    expect(dlg).to_be_visible(timeout=60_000)
    text = dlg.inner_text()
    assert not english_leftovers(text, english_phrases), english_leftovers(text, english_phrases)
    assert cat["hand.total"] in text and "157" in text


@pytest.mark.parametrize("deck,present,absent", [
    # (and, with a mouse, "click" a card, not "tap" it)
    ("swiss", ["Under", "shields", "acorns Under", "Click a card"], ["Jack", "spades", "♠", "Tap"]),
    ("french", ["Jack", "♠ is led", "♣ Jack", "Click a card"], ["Under", "shields", "Tap"]),
])
def test_how_to_play_names_the_cards_of_the_chosen_pack(lang_page, deck, present, absent):
    """The rules text names the cards the player sees: Under, Ober, shields… with the Swiss pack, Jack, ♠… with
    the French one (docs/rules.md §1)."""
    page = lang_page("en-US", f"?lang=en&deck={deck}", wait=False, hold_python=True)
    page.locator("#btn-howto-loading").click()
    text = page.locator("#dlg-howto").inner_text()
    for word in present:
        assert word in text, (deck, word)
    for word in absent:
        assert not re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text), (deck, word)
