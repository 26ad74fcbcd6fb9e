"""The browser app's JSON protocol (docs/protocol.md): ``handle(request_json) -> response_json``.

One :class:`Session` per worker.  The human is seat 0.  Every answer is plain JSON; a bad request
answers ``ok: false`` with a plain message and leaves the session unchanged.
"""

from __future__ import annotations

import json
import time
from typing import Any

from .bots import LEVEL_NAMES, LEVELS, make_bot, suggest
from .cards import CODES, NUM_SEATS, SUIT_SYMBOLS, SUITS, codes_of, iter_cards, parse_card, sort_key
from .game import Game
from .observation import observe
from .record import RecordError, replay, summary
from .rules import Refusal, Rules, trick_winner_offset
from .state import HandState, IllegalMove, refusal, trick_points

HUMAN = 0
DEFAULT_NAMES = ("You", "Right", "Left")
HANDS_CHOICES = (3, 6, 9, 12, 24)
MAX_REVIEW_RECORDS = 480  # a review or an import holds at most this many hand records (240 hands, each redealt)


class ProtocolError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def current_winner(st: HandState) -> int | None:
    """The seat whose card wins the current (incomplete) trick so far, or None before its first card."""
    if not st.trick:
        return None
    return (st.leader + trick_winner_offset(st.trick, st.trump)) % NUM_SEATS


class Session:
    """A game between the human (seat 0) and two bots, driven by JSON requests."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.bots: list = [None, None, None]
        self.levels: list[str | None] = [None, None, None]

    # -- requests ------------------------------------------------------------------------------
    def handle(self, request: dict) -> dict:
        cmd = request.get("cmd")
        handler = getattr(self, f"cmd_{cmd}", None) if isinstance(cmd, str) else None
        if handler is None:
            raise ProtocolError("unknown_command", f"Unknown command {cmd!r}.")
        return handler(request)

    def cmd_levels(self, req: dict) -> dict:
        return {"ok": True, "levels": [{"id": lv, "name": LEVEL_NAMES[lv]} for lv in LEVELS]}

    def cmd_new_game(self, req: dict) -> dict:
        hands = req.get("hands", 12)
        if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1 or hands > 240:
            raise ProtocolError("bad_hands", f"Hands per game must be a whole number from 1 to 240, not {hands!r}.")
        default = "normal" if "normal" in LEVELS else LEVELS[-1]
        bots = req.get("bots", [default, default])
        if not isinstance(bots, list) or len(bots) != 2:
            raise ProtocolError("bad_bots", "Choose one bot level for each of the two other seats.")
        for level in bots:
            if level not in LEVELS:
                raise ProtocolError("bad_bots", f"Unknown bot level {level!r} (known: {', '.join(LEVELS)}).")
        seed = req.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise ProtocolError("bad_seed", "The seed must be a whole number or a word.")
        if isinstance(seed, str):
            seed = seed.strip() or None
            if seed is not None and seed.lstrip("-").isdigit():
                seed = int(seed)
        try:
            rules = Rules.from_json(req.get("rules"))
        except ValueError as e:
            raise ProtocolError("bad_rules", str(e)) from None
        names = req.get("names", list(DEFAULT_NAMES))
        if not (isinstance(names, list) and len(names) == 3 and all(isinstance(n, str) and n.strip() for n in names)):
            raise ProtocolError("bad_names", "Give three player names.")
        game = Game(hands_total=hands, seed=seed, rules=rules, names=tuple(n.strip()[:24] for n in names))  # type: ignore[arg-type]
        self.game = game
        self.levels = [None, bots[0], bots[1]]
        self.bots = [None] + [make_bot(bots[i - 1], f"{game.seed}/{i}") for i in (1, 2)]
        events = [{"type": "hand_dealt", "hand_no": 1, "dealer": game.dealer, "leader": game.state.leader,
                   "redeal": False}]
        return {"ok": True, "events": events, "view": self.view()}

    def cmd_play(self, req: dict) -> dict:
        game = self._game()
        if game.phase != "play":
            raise ProtocolError("not_playing", "The hand is over: no card can be played now.")
        if game.state.to_play != HUMAN:
            raise ProtocolError("not_your_turn", f"It is {game.names[game.state.to_play]}'s turn.")
        c = self._card(req)
        try:
            events = game.play(c)
        except IllegalMove as e:
            return {"ok": False, "error": e.refusal.to_json(), "view": self.view()}
        return {"ok": True, "events": self._decorate(events), "view": self.view()}

    def cmd_bot_move(self, req: dict) -> dict:
        game = self._game()
        seat = game.state.to_play
        if game.phase != "play" or seat is None or self.bots[seat] is None:
            raise ProtocolError("not_bot_turn", "It is not a bot's turn.")
        obs = observe(game.state, seat, tuple(game.net), game.hands_left)  # type: ignore[arg-type]
        start = time.perf_counter()
        c = self.bots[seat].choose(obs)
        think = (time.perf_counter() - start) * 1000
        events = game.play(c)
        return {"ok": True, "events": self._decorate(events), "view": self.view(), "think_ms": round(think, 2)}

    def cmd_why(self, req: dict) -> dict:
        game = self._game()
        c = self._card(req)
        if game.phase != "play":
            r: Refusal | None = Refusal("not_playing", "The hand is over: no card can be played now.")
        elif game.state.to_play != HUMAN:
            r = Refusal("not_your_turn", f"Wait: it is {game.names[game.state.to_play]}'s turn.")
        else:
            r = refusal(game.state, c)
        return {"ok": True, "legal": r is None, "code": r.code if r else None, "message": r.message if r else None}

    def cmd_hint(self, req: dict) -> dict:
        game = self._game()
        if game.phase != "play" or game.state.to_play != HUMAN:
            raise ProtocolError("not_your_turn", "A hint is given when it is your turn.")
        obs = observe(game.state, HUMAN, tuple(game.net), game.hands_left)  # type: ignore[arg-type]
        c, reason = suggest(obs)
        return {"ok": True, "card": CODES[c], "reason": reason}

    def cmd_next_hand(self, req: dict) -> dict:
        game = self._game()
        if game.phase != "hand-over":
            raise ProtocolError("not_hand_over", "The next hand can be dealt once this one is over.")
        return {"ok": True, "events": game.next_hand(), "view": self.view()}

    def cmd_review(self, req: dict) -> dict:
        """Validate and replay hand records (an import, the hand review); the session is not touched.

        Each hand: the replay summary (tricks with their points, trump, settlement case and deltas) plus the dealt
        hands, the dealer, who fixed trump, and the record in canonical form (what an export writes)."""
        records = req.get("records")
        if not isinstance(records, list) or not 1 <= len(records) <= MAX_REVIEW_RECORDS:
            raise ProtocolError("bad_records", f"Give a list of 1 to {MAX_REVIEW_RECORDS} hand records.")
        hands = []
        for i, rec in enumerate(records):
            try:
                st = replay(rec)
            except RecordError as e:
                raise ProtocolError("bad_record", f"Hand {i + 1}: {e}.") from None
            record = {"rules": st.rules.to_json(), "dealer": st.dealer, "hands": [codes_of(m) for m in st.dealt],
                      "plays": [CODES[c] for c in st.plays]}
            hands.append({**summary(st), "dealer": st.dealer, "hands": record["hands"],
                          "trump_fixed_by": st.trump_fixed_by, "rules": record["rules"], "record": record})
        return {"ok": True, "hands": hands}

    def cmd_restore(self, req: dict) -> dict:
        """Rebuild a game from its setup and the cards played in each dealt hand (the page's journal).

        Every card is checked as if it were played now; on any problem the session is left as it was.
        """
        setup, hands = req.get("setup"), req.get("hands")
        if not isinstance(setup, dict) or not isinstance(hands, list) or not hands or \
                not all(isinstance(h, list) for h in hands):
            raise ProtocolError("bad_journal", "A restore needs the game's setup and the cards of every dealt hand.")
        fresh = Session()
        fresh.cmd_new_game({"cmd": "new_game", **{k: setup[k] for k in ("hands", "bots", "seed", "rules", "names")
                                                    if k in setup}})
        game = fresh._game()
        for i, plays in enumerate(hands):
            if i > 0:
                if game.phase != "hand-over":
                    raise ProtocolError("bad_journal", f"Hand {i} is not over, so hand {i + 1} cannot be dealt.")
                game.next_hand()
            for k, code in enumerate(plays):
                if game.phase != "play":
                    raise ProtocolError("bad_journal", f"Hand {i + 1} is over before its card {k + 1}.")
                try:
                    game.play(parse_card(code))
                except (ValueError, IllegalMove) as e:
                    raise ProtocolError("bad_journal", f"Hand {i + 1}, card {k + 1} ({str(code)[:8]!r}): {e}") from None
        self.game, self.bots, self.levels = fresh.game, fresh.bots, fresh.levels
        return {"ok": True, "view": self.view()}

    def cmd_view(self, req: dict) -> dict:
        return {"ok": True, "view": self.view() if self.game else None}

    # -- helpers -----------------------------------------------------------------------------------
    def _game(self) -> Game:
        if self.game is None:
            raise ProtocolError("no_game", "Start a new game first.")
        return self.game

    @staticmethod
    def _card(req: dict) -> int:
        try:
            return parse_card(req.get("card"))  # type: ignore[arg-type]
        except ValueError as e:
            raise ProtocolError("bad_card", str(e)) from None

    def _decorate(self, events: list[dict]) -> list[dict]:
        """Add the plain sentences the UI shows and announces."""
        names = self.game.names  # type: ignore[union-attr]
        for ev in events:
            t = ev["type"]
            if t == "trump_fixed":
                ev["message"] = f"{SUIT_SYMBOLS[SUITS.index(ev['suit'])]} is trump — fixed by {names[ev['seat']]}"
            elif t == "trick_won":
                ev["message"] = f"{names[ev['seat']]} won trick {ev['trick_no']} ({ev['points']} points)"
            elif t == "hand_over":
                ev.pop("record", None)
        return events

    def view(self) -> dict:
        game = self._game()
        st = game.state
        to_play = st.to_play if game.phase == "play" else None
        trump = st.trump if st.trump >= 0 else None
        hand = sorted(iter_cards(st.hands[HUMAN]), key=lambda c: sort_key(c, trump))
        legal = st.legal_mask() if to_play == HUMAN else 0
        last = None
        if st.tricks:
            t = st.tricks[-1]
            last = {"leader": t.leader, "winner": t.winner, "points": trick_points(st, t),
                    "cards": [{"seat": s, "card": CODES[c]} for s, c in zip(t.seats(), t.cards, strict=True)]}
        history = [r.to_json() for r in game.results]
        for h in history:
            h.pop("record", None)
        result = history[-1] if game.phase != "play" and history else None
        return {
            "phase": game.phase, "hand_no": game.hand_no, "hands_total": game.hands_total,
            "dealer": st.dealer, "to_play": to_play, "seed": game.seed,
            "players": [{"name": game.names[s], "bot": self.levels[s]} for s in range(NUM_SEATS)],
            "hand": [CODES[c] for c in hand],
            "legal": [CODES[c] for c in hand if legal >> c & 1],
            "counts": [h.bit_count() for h in st.hands],
            "trick": {"leader": st.leader, "cards": [{"seat": (st.leader + i) % NUM_SEATS, "card": CODES[c]}
                                                     for i, c in enumerate(st.trick)],
                      "winning_seat": current_winner(st)},
            "trump": st.trump_suit, "trump_fixed_by": st.trump_fixed_by,
            "trump_fixed_trick": (st.trump_fixed_at // 3) if st.trump_fixed_at is not None else None,
            "tricks_won": list(st.tricks_won), "points_taken": st.card_points(),
            "last_trick": last,
            "scores": {"strokes": game.strokes, "zeros": game.zeros, "net": game.net},
            "history": history, "hand_result": result, "winners": game.winners,
        }

    def records(self) -> list[dict]:
        """Hand records of every finished hand (for replays and tests)."""
        return [r.record for r in self._game().results]


_SESSION = Session()


def handle(request_json: str) -> str:
    """The one entry point of the worker: a JSON request in, a JSON answer out.  Never raises."""
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise ProtocolError("bad_request", "A request must be a JSON object with a cmd.")
        if request.get("cmd") == "records":
            answer: dict[str, Any] = {"ok": True, "records": _SESSION.records()}
        else:
            answer = _SESSION.handle(request)
    except json.JSONDecodeError as e:
        answer = {"ok": False, "error": {"code": "bad_json", "message": f"Not valid JSON: {e.msg}."}}
    except ProtocolError as e:
        answer = {"ok": False, "error": {"code": e.code, "message": str(e)},
                  "view": _SESSION.view() if _SESSION.game else None}
    except Exception as e:  # a bug must never kill the worker: report it plainly
        answer = {"ok": False, "error": {"code": "internal", "message": f"Internal error: {type(e).__name__}: {e}"}}
    return json.dumps(answer, ensure_ascii=False)
