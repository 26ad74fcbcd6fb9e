"""The typed protocol: web/js/engine/protocol.js mirrors engine/protocol.py (the drift test), and the English texts of
engine/text.py cover every code the engine sends."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import get_type_hints, is_typeddict

from engine import protocol
from engine.text import error_text, event_text, fair_deal_text, refusal_text

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL_JS = ROOT / "web" / "js" / "engine" / "protocol.js"


def _generator():
    spec = importlib.util.spec_from_file_location("gen_protocol_js", ROOT / "tools" / "gen_protocol_js.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_protocol_js_is_generated_from_the_python_types():
    assert PROTOCOL_JS.read_text(encoding="utf-8") == _generator().generate(), \
        "web/js/engine/protocol.js differs from engine/protocol.py: run python3 tools/gen_protocol_js.py"


def test_generator_check_mode_passes_on_the_committed_file():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_protocol_js.py"), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_every_typeddict_and_field_is_in_protocol_js():
    js = PROTOCOL_JS.read_text(encoding="utf-8")
    tds = [v for v in vars(protocol).values() if isinstance(v, type) and is_typeddict(v)]
    assert len(tds) >= 30
    for td in tds:
        block = js.split(f"@typedef {{object}} {td.__name__}\n", 1)
        assert len(block) == 2, td.__name__
        props = re.findall(r"@property \{[^}]*\} \[?(\w+)\]?", block[1].split("*/", 1)[0])
        assert props == list(get_type_hints(td)), td.__name__


def test_protocol_js_holds_types_and_the_version_only():
    js = PROTOCOL_JS.read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", "", js, flags=re.S)
    code = "\n".join(line for line in code.splitlines() if line.strip() and not line.strip().startswith("//"))
    assert code == f"export const PROTOCOL_VERSION = {protocol.PROTOCOL_VERSION};"
    assert protocol.PROTOCOL_VERSION == 2


# -- English for the command line ---------------------------------------------------------------------------------

ERROR_CODES = {
    "bad_json": {}, "bad_request": {}, "unknown_command": {"cmd": "x"}, "no_game": {},
    "bad_hands": {"min": 1, "max": 240}, "bad_bots": {"levels": ["random", "easy"]}, "bad_seed": {"max_len": 64},
    "bad_rules": {"key": "x"}, "bad_game": {"games": ["mittlere", "molotow"]}, "bad_names": {"max_len": 24},
    "bad_card": {"card": "S5"}, "not_playing": {},
    "not_your_turn": {"seat": 1}, "not_bot_turn": {}, "not_hand_over": {"phase": "play"}, "internal": {},
    "not_in_hand": {"card": "DA"}, "must_follow": {"card": "D6", "suit": "S", "trump": None},
    "must_trump": {"card": "S6", "trump": "H"}, "undertrump": {"card": "D6", "trump": "D", "over": "D9"},
    "hand_complete": {}, "bad_records": {"max": 480}, "bad_record": {"hand": 2, "text": "play 1: ..."},
    "bad_journal": {"hand": 2, "index": 3}, "bad_coach": {"field": "seat"},
    "outside_turn": {"seat": 1},
    "not_outside_turn": {"seat": 0}, "bad_level": {"levels": ["random", "easy"]},
    "bad_seats": {"seats": 3, "kinds": ["me", "person", "bot", "outside"], "levels": ["random", "easy"]},
    "bad_seat": {"seat": 1}, "remote_seat": {"seat": 1}, "not_remote_seat": {"seat": 0}, "bad_since": {"next": 4},
    "peer_too_big": {"max": 1024}, "peer_malformed": {"field": "card"}, "peer_version": {"version": 3},
    "peer_unknown_type": {"type": "x"}, "peer_not_allowed": {"type": "state"}, "peer_replayed": {"seq": 3, "last": 4},
    "peer_wrong_seat": {"seat": 1}, "peer_out_of_turn": {"seat": 2}, "bad_fair_round": {}, "fair_unexpected": {},
    "fair_mismatch": {"seat": 1}, "fair_hand_not_over": {"hand_no": 2},
}


def test_every_error_code_in_the_protocol_docs_has_an_english_sentence():
    documented = set(re.findall(r"\b([a-z]+(?:_[a-z]+)+|internal)\b", protocol.ErrorInfo.__doc__))
    documented -= {"max_len", "new_game", "hand_no", "fair_begin", "fair_rounds", "fair_secrets"}
    assert documented <= set(ERROR_CODES), documented - set(ERROR_CODES)
    for code, params in ERROR_CODES.items():
        text = error_text(code, params, ("Ann", "Bea", "Cy"))
        assert text != code and text.endswith((".", ")")), (code, text)
    assert error_text("not_your_turn", {"seat": 1}, ("Ann", "Bea", "Cy")) == "Wait: it is Bea's turn."


def test_refusals_in_english_are_the_replay_cli_sentences():
    assert refusal_text("not_in_hand", {"card": "DA"}) == "You do not hold the ♦A."
    assert refusal_text("must_follow", {"suit": "S", "trump": None}) == "You hold ♠: follow suit."
    assert refusal_text("must_follow", {"suit": "S", "trump": "D"}) == "You hold ♠: follow suit or play a trump."
    assert refusal_text("must_trump", {"trump": "H"}) == "Trump ♥ was led and you hold a trump: play a trump."
    assert refusal_text("undertrump", {"trump": "D", "over": "D9"}) == "You may not undertrump the ♦9."


def test_events_in_english():
    names = ("Ann", "Bea", "Cy")
    assert event_text({"type": "trump_fixed", "seat": 2, "suit": "C"}, names) == "♣ is trump — fixed by Cy"
    assert event_text({"type": "trick_won", "seat": 0, "trick_no": 3, "points": 17}, names) == \
        "Ann won trick 3 (17 points)"
    assert event_text({"type": "game_over", "winners": [1]}, names) == "Bea wins the game."
    assert event_text({"type": "game_over", "winners": [0, 2]}, names) == "Ann and Cy share the win."
    assert event_text({"type": "card_played", "seat": 0, "card": "SA"}, names) is None


def test_every_fair_deal_code_has_an_english_sentence():
    codes = set(re.findall(r"\b([a-z]+_[a-z_]+|verified)\b", protocol.VerifyDealAnswer.__doc__)) - {"verify_deal"}
    assert codes == {"verified", "bad_fair", "bad_secret", "commitment_mismatch", "deal_mismatch"}
    for code in codes:
        assert fair_deal_text(code, {"peer": 1, "seat": 2}).endswith("."), code
    assert fair_deal_text("commitment_mismatch", {"peer": 1}) == \
        "Warning: secret 2 is not the one committed to before the hand."


def test_the_page_can_word_every_play_together_code():
    """The codes a host page shows (a friend's seat, a refused message, a fair deal's check) have catalog keys;
    e2e/test_i18n_catalogs.py checks the other languages have the same keys."""
    catalog = (ROOT / "web" / "js" / "i18n" / "locales" / "en.js").read_text(encoding="utf-8")
    codes = [c for c in ERROR_CODES if c.startswith("peer_") or c in ("remote_seat", "not_remote_seat", "bad_since",
                                                                       "bad_level")]
    assert len(codes) == 12
    for code in codes:
        assert f'"refusal.{code}":' in catalog, code
    for code in ("verified", "bad_fair", "bad_secret", "commitment_mismatch", "deal_mismatch"):
        assert f'"review.fair.{code}":' in catalog, code
