"""English sentences for the engine's codes: refusals, settlement cases, events and protocol errors.

The engine speaks in codes and parameters (see :mod:`engine.protocol`); the browser turns them into sentences in
the player's language through its own catalog, and the command line uses this module.  Nothing else in the engine
writes user-facing text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import RANKS, SUIT_SYMBOLS, SUITS
from .quote import QUOTE_MAX, quote

__all__ = ["DEFAULT_NAMES", "QUOTE_MAX", "TABLE_NAMES", "card_text", "error_text", "event_text", "fair_deal_text",
           "quote",
           "refusal_text", "settlement_text", "suit_text"]

Params = Mapping[str, object]

#: The seats' names when nobody names the players: the replay CLI's sentences and a ``Game`` built without names.
DEFAULT_NAMES = ("Seat 0", "Seat 1", "Seat 2")
#: The players' default names at the browser's table, seat by seat (the human, the bot to the right, the bot to the
#: left): what ``hello`` offers the page (``defaults.names``) and ``new_game`` uses when the page sends none.
TABLE_NAMES = ("You", "Right", "Left")


def suit_text(suit: object) -> str:
    """``"D"`` -> ``"♦"`` (anything else is shown as given)."""
    return SUIT_SYMBOLS[SUITS.index(suit)] if isinstance(suit, str) and len(suit) == 1 and suit in SUITS else str(suit)


def card_text(code: object) -> str:
    """``"DA"`` -> ``"♦A"`` (anything that is not a card code is shown as given)."""
    if isinstance(code, str) and len(code) >= 2 and code[0] in SUITS and code[1:] in RANKS:
        return suit_text(code[0]) + code[1:]
    return str(code)


def refusal_text(code: str, params: Params) -> str:
    """Why a card may not be played, as the replay CLI and the Python API's ``IllegalMove`` say it."""
    if code == "not_in_hand":
        return f"You do not hold the {card_text(params.get('card'))}."
    if code == "must_follow":
        if params.get("trump") is None:
            return f"You hold {suit_text(params.get('suit'))}: follow suit."
        return f"You hold {suit_text(params.get('suit'))}: follow suit or play a trump."
    if code == "must_trump":
        return f"Trump {suit_text(params.get('trump'))} was led and you hold a trump: play a trump."
    if code == "undertrump":
        return f"You may not undertrump the {card_text(params.get('over'))}."
    if code == "hand_complete":
        return "The hand is over: no more cards can be played."
    return code


def settlement_text(case: str, roles: Mapping[str, object], card_points: Sequence[int],
                    names: Sequence[str] = DEFAULT_NAMES) -> str:
    """One sentence explaining a hand's settlement (docs/rules.md §6) from its case and roles."""

    def name(role: str) -> str:
        seat = roles[role]
        return names[seat] if isinstance(seat, int) else str(seat)

    def pts(role: str) -> int:
        seat = roles[role]
        return card_points[seat] if isinstance(seat, int) else 0

    if case == "match":
        return f"Match for {name('winner')} (all 12 tricks): +2; −1 for the others."
    if case == "no_trick_and_hundred":
        return (f"No trick for {name('no_trick')} and 100 or more for {name('hundred')} ({pts('hundred')} points): "
                f"the penalties add up, −1 each; +2 for {name('other')}.")
    if case == "no_trick":
        return f"No trick for {name('no_trick')}: −2; +1 for the others."
    if case == "hundred":
        return f"100 or more for {name('hundred')} ({pts('hundred')} points): −2; +1 for the others."
    if case == "tie":
        tied = roles["tied"]
        a, b = tied if isinstance(tied, (list, tuple)) else (0, 0)
        return (f"Tie between {names[a]} and {names[b]} at {card_points[a]} points: "
                f"nothing for them; +1 for {name('third')}.")
    if case == "ranking":
        return (f"Middle score for {name('middle')} ({pts('middle')} points): −2; +1 for the highest, "
                f"{name('high')} ({pts('high')}), and the lowest, {name('low')} ({pts('low')}).")
    if case == "annulled":
        return "No trump was fixed: the hand is annulled and dealt again."
    if case == "hundred_and_zero":
        return (f"100 or more for {name('hundred')} ({pts('hundred')} points) and 0 points for {name('zero_points')}: "
                f"+2 for {name('middle')}; −1 for the other two.")
    if case == "molotow_all":
        return f"All the points for {name('winner')}: three strokes; a zero for each other player."
    if case == "molotow_hundred":
        return (f"100 or more for {name('hundred')} ({pts('hundred')} points): three zeros; "
                "a stroke for each other player.")
    if case in ("molotow_places", "plusminus"):
        return _places_text(case, roles, names)
    return case


def _places_text(case: str, roles: Mapping[str, object], names: Sequence[str]) -> str:
    """Molotow's rule 3 and Plus-Minus' settlement: who writes a stroke, who a zero, who is tied."""
    def who(role: str) -> str:
        seats = roles.get(role)
        return " and ".join(names[s] for s in seats if isinstance(s, int)) if isinstance(seats, list) else ""

    parts = []
    if who("stroke"):
        parts.append(f"a stroke for {who('stroke')}")
    if who("zero"):
        parts.append(f"a zero for {who('zero')}")
    if who("tied"):
        parts.append(f"tied: {who('tied')}")
    hundred = roles.get("hundred")
    if isinstance(hundred, int):
        parts.append(f"no stroke for {names[hundred]}'s 100 or more")
    text = "; ".join(parts) if parts else "nothing for anyone"
    return text[0].upper() + text[1:] + "."


def event_text(event: Mapping[str, object], names: Sequence[str] = DEFAULT_NAMES) -> str | None:
    """A line for an event worth announcing (trump fixed, trick won, game over), else None."""
    kind = event.get("type")
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)
    if kind == "trump_fixed":
        return f"{suit_text(event.get('suit'))} is trump — fixed by {who}"
    if kind == "trick_won":
        return f"{who} won trick {event.get('trick_no')} ({event.get('points')} points)"
    if kind == "game_over":
        winners = event.get("winners")
        seats = [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else []
        if len(seats) == 1:
            return f"{names[seats[0]]} wins the game."
        return " and ".join(names[w] for w in seats) + " share the win."
    return None


def error_text(code: str, params: Params, names: Sequence[str] = DEFAULT_NAMES) -> str:
    """A protocol error (``engine.web``) in English, for logs and the command line."""
    p = params
    if code in ("not_in_hand", "must_follow", "must_trump", "undertrump", "hand_complete"):
        return refusal_text(code, p)
    seat = p.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "another player"
    texts = {
        "bad_json": "The request is not valid JSON.",
        "bad_request": "A request must be a JSON object with a cmd.",
        "unknown_command": f"Unknown command {p.get('cmd')!r}.",
        "no_game": "Start a new game first.",
        "bad_hands": f"Hands per game must be a whole number from {p.get('min')} to {p.get('max')}.",
        "bad_bots": f"Choose one bot level for each of the other seats (known: {_join(p.get('levels'))}).",
        "bad_seats": f"Give each of the {p.get('seats')} seats who sits there: 'me' for seat 0 only, "
                     f"'person', 'outside' or 'bot' with a level (known: {_join(p.get('levels'))}); not both seats "
                     "and bots.",
        "bad_seat": f"Seat {p.get('seat')} is not played by a person at this device.",
        "remote_seat": f"Seat {p.get('seat')} is a friend's on their own device: its cards are never shown here, "
                       "and a bot is playing it now if one stands in.",
        "not_remote_seat": f"Seat {p.get('seat')} is not a friend's seat.",
        "bad_since": f"A friend's events are counted from 0 to {p.get('next')}: start from one of them.",
        "bad_seed": f"The seed must be a whole number or a word of at most {p.get('max_len')} characters.",
        "bad_rules": f"Unknown rule setting {p.get('key')!r} for this game, or a value it does not take.",
        "bad_game": f"Unknown game (known: {_join(p.get('games'))}).",
        "bad_names": f"Give a player name for every seat, each of at most {p.get('max_len')} characters.",
        "bad_card": f"Unknown card {p.get('card')!r} (expected a suit S/H/D/C and a rank 6-10/J/Q/K/A, e.g. 'SA').",
        "bad_records": f"Give a list of 1 to {p.get('max')} hand records.",
        "bad_record": f"Hand {p.get('hand')}: {p.get('text')}.",
        "bad_journal": _journal_text(p),
        "bad_coach": f"The coach cannot take that {p.get('field')} (a seat of the hand's game, start >= 0, limit >= 1, "
                     "iterations 50-4000).",
        "not_playing": "The hand is over: no card can be played now.",
        "not_your_turn": f"Wait: it is {who}'s turn.",
        "not_bot_turn": "It is not a bot's turn.",
        "outside_turn": f"Seat {p.get('seat')} is played by an outside bot: ask it (observe, outside_move).",
        "not_outside_turn": "It is not an outside bot's turn.",
        "bad_level": f"Choose a bot level (known: {_join(p.get('levels'))}).",
        "not_hand_over": "The next hand can be dealt once this one is over.",
        "peer_too_big": f"A friend's message is longer than {p.get('max')} bytes: ignored.",
        "peer_malformed": f"A friend's message is malformed ({p.get('field') or 'not a JSON object'}): ignored.",
        "peer_version": f"A friend's page speaks another version (this one speaks {p.get('version')}): reload it.",
        "peer_unknown_type": f"A friend's message of unknown type {p.get('type')!r}: ignored.",
        "peer_not_allowed": f"A friend may not send a {p.get('type')!r} message: ignored.",
        "peer_replayed": f"A friend's message came again (number {p.get('seq')}, last {p.get('last')}): ignored.",
        "peer_wrong_seat": f"A friend's message speaks for another seat than theirs ({p.get('seat')}): ignored.",
        "peer_out_of_turn": f"A friend's card came out of turn: it is {who}'s turn.",
        "bad_fair_round": "This fair deal's seats or hand number are not valid.",
        "fair_unexpected": "A friend's fair-deal message came at the wrong moment: ignored.",
        "fair_mismatch": f"The secret of seat {p.get('seat')} is not the one promised before the hand: the deal goes "
                         "on without it.",
        "fair_hand_not_over": f"The secrets of hand {p.get('hand_no')} stay hidden until its last card is played.",
        "internal": "Internal error.",
    }
    return texts.get(code, code)


def fair_deal_text(code: str, params: Params) -> str:
    """A fair deal's check (verify_deal, engine.fairdeal) in English; peers are counted from 0 in seat order."""
    p = params
    texts = {
        "verified": "Deal verified: the cards came from everyone's secrets.",
        "bad_fair": "The deal cannot be checked: one commitment per secret is needed.",
        "bad_secret": f"The deal cannot be checked: secret {_int(p.get('peer')) + 1} is not a secret.",
        "commitment_mismatch": f"Warning: secret {_int(p.get('peer')) + 1} is not the one committed to "
                               "before the hand.",
        "deal_mismatch": f"Warning: seat {p.get('seat')}'s cards are not the ones the secrets deal.",
    }
    return texts.get(code, code)


def _journal_text(p: Params) -> str:
    hand, index = p.get("hand"), p.get("index")
    if hand is None:
        return "A restore needs the game's setup and the cards of every dealt hand."
    if index is None:
        return f"Hand {_int(hand) - 1} is not over, so hand {hand} cannot be dealt."
    return f"Hand {hand}, card {_int(index) + 1} cannot be played."


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _join(values: object) -> str:
    return ", ".join(str(v) for v in values) if isinstance(values, list) else ""
