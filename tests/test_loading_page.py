"""The loading screen as built into index.html (build.py): readable at first paint, before the page's modules."""

from __future__ import annotations

import html
import re
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent


def test_the_loading_screen_lists_every_language_by_its_own_name_before_any_script_runs() -> None:
    options = re.findall(r'<option value="(\w+)" lang="\w+">([^<]+)</option>', build.language_options())
    catalogs = sorted(p.stem for p in (ROOT / "web/js/i18n/locales").glob("*.js"))
    assert sorted(c for c, _ in options) == catalogs and options[0][0] == "en"
    for code, name in options:   # each named as its own catalog names itself
        assert f'"lang.name": "{name}"' in (ROOT / f"web/js/i18n/locales/{code}.js").read_text()
    # the menu in the page: filled in by the build, inert until i18n/language.js has filled it in again
    page = (ROOT / "web/index.html").read_text()
    menu = re.search(r'<select class="lang-select"[^>]*>([^<]*)</select>', page)
    assert menu and menu.group(1) == "{{LANG_OPTIONS}}" and " disabled" in menu.group(0)


def test_the_loading_card_says_what_the_game_is_about_before_any_script_runs() -> None:
    """How to play's first paragraph, from the English catalog, its **bold** parts as <strong>, HTML-escaped."""
    page = (ROOT / "web/index.html").read_text()
    assert '<p class="loading-intro" data-i18n-rich="howto.intro">{{LOADING_INTRO}}</p>' in page
    intro = build.loading_intro()
    catalog = (ROOT / "web/js/i18n/locales/en.js").read_text()
    text = html.unescape(re.sub(r"</?strong>", "", intro))
    assert f'"howto.intro": "{text}' in catalog.replace("**", "")
    assert intro.count("<strong>") == intro.count("</strong>") >= 1
    assert "<" not in re.sub(r"</?strong>", "", intro)
