"""Hand records: JSON in, a validated :class:`HandState` out, and the replay summary.

A record is ``{"game": "mittlere"?, "rules": {...}?, "dealer": 0..2, "hands": [[12 codes] x 3], "plays": [codes...]}``:
``hands`` by seat, ``plays`` in playing order (0 to 36 cards).  ``game`` names the game (:mod:`engine.games`): without
it the record is Mittlere's (every record written before the family); ``"molotow"`` and ``"plusminus"`` have four
hands of nine cards.  The game fixes the number of hands, the cards in each and the rule flags ``rules`` may hold.
Every problem raises :class:`RecordError` with one plain sentence that says exactly what is wrong.
"""

from __future__ import annotations

from typing import Any

from .cards import CODES, NUM_CARDS, SUITS, codes_of, parse_card
from .games import MITTLERE, game_spec
from .protocol import ReplaySummary
from .rules import Rules
from .state import HandState, outcome, refusal, trick_points


class RecordError(ValueError):
    """A hand record that is not valid; the message says what is wrong."""


def parse_record(data: Any) -> tuple[HandState, list[int]]:
    """Validate a decoded record: the dealt state and the plays (card ints), not yet applied.

    >>> parse_record({"dealer": 0, "hands": [["SA"] * 12, [], []]})
    Traceback (most recent call last):
    ...
    engine.record.RecordError: duplicate card SA in the hand of seat 0 (twice in that hand)
    >>> parse_record({"game": "molotow", "dealer": 0, "hands": [[], [], []]})
    Traceback (most recent call last):
    ...
    engine.record.RecordError: hands must be a list of four hands (one per seat)
    """
    if not isinstance(data, dict):
        raise RecordError(f"a hand record must be a JSON object, not {type(data).__name__}")
    # Other top-level keys (an id, a comment) are tolerated: only these five have a meaning.
    try:
        spec = game_spec(data.get("game", MITTLERE.id))
    except ValueError as e:
        raise RecordError(str(e)) from None
    try:
        rules = Rules.from_json(data.get("rules"), spec.id)
    except ValueError as e:
        raise RecordError(str(e)) from None
    if "dealer" not in data:
        raise RecordError("the record has no dealer")
    dealer = data["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < spec.seats:
        raise RecordError(f"dealer must be {spec.seat_list()}, not {dealer!r}")
    hands_in = data.get("hands")
    if not isinstance(hands_in, list) or len(hands_in) != spec.seats:
        raise RecordError(f"hands must be a list of {spec.seats_word()} hands (one per seat)")
    seen: dict[int, int] = {}
    hands = []
    for seat, hand in enumerate(hands_in):
        if not isinstance(hand, list):
            raise RecordError(f"hand of seat {seat} must be a list of card codes")
        if len(hand) != spec.cards_per_hand:
            raise RecordError(f"hand of seat {seat} has {len(hand)} cards, not {spec.cards_per_hand}")
        m = 0
        for code in hand:
            try:
                c = parse_card(code)
            except ValueError as e:
                raise RecordError(f"hand of seat {seat}: {e}") from None
            if c in seen:
                where = "twice in that hand" if seen[c] == seat else f"also in the hand of seat {seen[c]}"
                raise RecordError(f"duplicate card {CODES[c]} in the hand of seat {seat} ({where})")
            seen[c] = seat
            m |= 1 << c
        hands.append(m)
    plays_in = data.get("plays", [])
    if not isinstance(plays_in, list):
        raise RecordError("plays must be a list of card codes")
    if len(plays_in) > NUM_CARDS:
        raise RecordError(f"the record has {len(plays_in)} plays, more than the 36 cards of a hand")
    plays = []
    for i, code in enumerate(plays_in):
        try:
            plays.append(parse_card(code))
        except ValueError as e:
            raise RecordError(f"play {i}: {e}") from None
    return HandState(hands, dealer, rules, spec), plays


def replay(data: Any) -> HandState:
    """Apply a record's plays, checking each; the final state.

    >>> from engine.cards import codes_of
    >>> from engine.deal import deal
    >>> record = {"dealer": 0, "hands": [codes_of(h) for h in deal(42, 0, 0)], "plays": ["HA", "H9", "HQ"]}
    >>> replay(record)
    HandState(dealer=0, plays=3, trump=None, to_play=1)
    >>> replay({**record, "plays": ["HA", "S6"]})
    Traceback (most recent call last):
    ...
    engine.record.RecordError: play 1: seat 2 may not play S6: You hold ♥: follow suit. (must_follow; legal: H8 H9)
    """
    state, plays = parse_record(data)
    for i, c in enumerate(plays):
        seat = state.to_play
        r = refusal(state, c)
        if r is not None:
            legal = " ".join(codes_of(state.legal_mask()))
            if r.code == "not_in_hand":
                raise RecordError(f"play {i}: seat {seat} does not hold {CODES[c]} (legal: {legal})")
            raise RecordError(f"play {i}: seat {seat} may not play {CODES[c]}: {r.message} ({r.code}; legal: {legal})")
        state.push(c)
    return state


def summary(state: HandState) -> ReplaySummary:
    """The replay output for a state (the fields README "Hand records and the CLI" lists).

    >>> from engine.cards import codes_of
    >>> from engine.deal import deal
    >>> hands = [codes_of(h) for h in deal(42, 0, 0)]
    >>> out = summary(replay({"dealer": 0, "hands": hands, "plays": ["HA", "H9", "HQ"]}))
    >>> out["tricks"], out["card_points"], out["to_play"], out["complete"]
    ([{'leader': 1, 'cards': ['HA', 'H9', 'HQ'], 'winner': 1, 'points': 14}], [0, 14, 0], 1, False)
    """
    out = outcome(state)
    s = out.settlement
    result: ReplaySummary = {
        "trump": SUITS[state.trump] if state.trump >= 0 else None,
        "trump_fixed_at": state.trump_fixed_at,
        "tricks": [{"leader": t.leader, "cards": [CODES[c] for c in t.cards], "winner": t.winner,
                    "points": trick_points(state, t)} for t in state.tricks],
        "complete": out.complete,
        "to_play": state.to_play,
        "legal": codes_of(state.legal_mask()),
        "tricks_won": list(out.tricks_won),
        "card_points": list(out.card_points),
        "settlement": list(s.deltas) if s else None,
        "settlement_case": s.case if s else None,
        "annulled": out.annulled,
    }
    if state.spec.id != MITTLERE.id:  # Mittlere's output stays byte for byte as before the family
        result["strokes"] = list(s.strokes) if s else None
        result["zeros"] = list(s.zeros) if s else None
    return result
