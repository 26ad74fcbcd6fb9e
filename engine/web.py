"""The browser app's JSON protocol (docs/protocol.md, types in :mod:`engine.protocol`).

``handle(request_json) -> answer_json`` is the one entry point of the worker; it never raises.  One
:class:`Session` per worker; the page's player ("me") is seat 0; the other seats are bots, the bot lab's bot, or
people who share this device (pass-and-play), or friends on their own devices (play together: the host's page
forwards each friend only the ``guest`` answer for its seat).  Every view is computed for one viewer seat (``me``
or a person's): its hand and legal cards, never another seat's unplayed cards.  The engine sends codes and params,
never sentences, and owns every default and limit (the UI learns them from ``hello``).  A refused request answers
``ok: false`` and leaves the session unchanged.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from .bots import LEVELS, Bot, hint, make_bot
from .bots.coach import COACH_ITERATIONS, coach_steps
from .cards import (
    CODES,
    EIGHTS_POINTS,
    LAST_TRICK_BONUS,
    PLAIN_POINTS,
    RANKS,
    SUITS,
    TRUMP_POINTS,
    codes_of,
    iter_cards,
    parse_card,
    sort_key,
)
from .fairdeal import VERIFIED, FairRefused, FairRound
from .fairdeal import verify as verify_fair_deal
from .game import DEFAULT_HANDS, Game, hand_record
from .games import GAMES, MITTLERE, MOLOTOW, PLUSMINUS, GameSpec, game_spec
from .observation import Observation, observe
from .obsjson import observation_from_json, observation_to_json
from .peer import NAME_MAX_LEN, PEER_VERSION, REACTIONS, PeerLink, clean_name
from .peer import SEATS as PEER_SEATS
from .protocol import (
    PROTOCOL_VERSION,
    Answer,
    CardAt,
    CardPoints,
    CardRule,
    CoachAnswer,
    ErrorAnswer,
    ErrorInfo,
    Event,
    FairAnswer,
    GameAnswer,
    GameInfo,
    GuestAnswer,
    HandRecord,
    HelloAnswer,
    HintAnswer,
    LastTrick,
    ObserveAnswer,
    Params,
    PeerCheckAnswer,
    Reason,
    RecordsAnswer,
    Refused,
    ReviewAnswer,
    ReviewedHand,
    Roles,
    SeatKind,
    VerifyDealAnswer,
    View,
    ViewAnswer,
    WhyAnswer,
)
from .quote import QUOTE_MAX, quote
from .record import RecordError, replay, summary
from .rules import DEFAULT_RULES, TIES_MODES, RulesError, exemption, legal_mask, refusals, trick_winner_offset
from .scoring import HUNDRED, MOLOTOW_HUNDRED, PLUSMINUS_MOST_MAX
from .state import HandState, IllegalMove, outcome, refusal, trick_points
from .text import TABLE_NAMES

HUMAN = 0   # the seat the page's player sits in (the bots play the other two)
HANDS_CHOICES = (3, 6, 9, 12, 24)
HANDS_MIN, HANDS_MAX = 1, 240
SEED_MAX_LEN = 64
GUEST_CHUNK = 100   # events per guest answer (a state message stays far below a data channel's 256 KiB)
MAX_REVIEW_RECORDS = 480  # a review or an import holds at most this many hand records (240 hands, each redealt)
DETAIL_MAX_LEN = 300
COACH_MIN_ITERATIONS, COACH_MAX_ITERATIONS = 50, 4000  # play-outs per coached decision (default: COACH_ITERATIONS)
DEFAULT_LEVEL = "normal" if "normal" in LEVELS else LEVELS[-1]
OUTSIDE = "outside"   # a seat played by an outside bot (the bot lab's): the page asks it through observe/outside_move
# Who sits in a seat (docs/seats.md): the page's player, another person at this device, one of our bots, the lab's bot
ME: SeatKind = "me"
PERSON: SeatKind = "person"
BOT: SeatKind = "bot"
REMOTE: SeatKind = "remote"   # a friend on their own device (play together): the host page plays its cards
SEAT_KINDS: tuple[SeatKind, ...] = (ME, PERSON, BOT, "outside", REMOTE)
PEOPLE: tuple[SeatKind, ...] = (ME, PERSON)   # the seats a page may view and play for
#: The card points by rank that hello tells the page (its How to play shows them; it copies none).
CARD_POINTS: CardPoints = {"plain": dict(zip(RANKS, PLAIN_POINTS, strict=True)),
                           "trump": dict(zip(RANKS, TRUMP_POINTS, strict=True)),
                           "eights": dict(zip(RANKS, EIGHTS_POINTS, strict=True)), "last_trick": LAST_TRICK_BONUS}
#: Per game, the card points from which a hand is "100 or more" in its settlement (hello's games: the page's
#: statistics count such hands with it).
HUNDREDS = {MITTLERE.id: HUNDRED, MOLOTOW.id: MOLOTOW_HUNDRED, PLUSMINUS.id: PLUSMINUS_MOST_MAX + 1}


class ProtocolError(Refused):
    """A refused request: an error code and the params its sentence needs."""


def _echo(value: object) -> str:
    """A piece of the request quoted back in an error's params: cut short, always valid UTF-8."""
    text = value if isinstance(value, str) else quote(value)
    return _clean(text[:QUOTE_MAX])


def _clean(text: str) -> str:
    """``text`` with lone surrogates (valid in JSON, not in UTF-8) replaced."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def current_winner(st: HandState) -> int | None:
    """The seat whose card wins the current (incomplete) trick so far, or None before its first card."""
    if not st.trick:
        return None
    return (st.leader + trick_winner_offset(st.trick, st.trump)) % st.spec.seats


class Session:
    """A game between the page's player (seat 0), bots and people at this device, driven by JSON requests."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.bots: list[Bot | None] = [None, None, None]
        self.levels: list[str | None] = [None, None, None]
        self.kinds: list[SeatKind] = [ME, BOT, BOT]
        self.viewer = HUMAN   # the seat whose hand the views show (``view`` with ``seat`` changes it)
        self.log: list[Event] = []   # every event of the game so far, in order (the guests' stream reads it)
        self.links: dict[int, PeerLink] = {}   # per friend's seat, the link its messages come over (peer_check)
        self.host_link = PeerLink(HUMAN, from_host=True)   # a guest's page: the host's messages (peer_check from_host)
        self.fair: dict[int, FairRound] = {}   # the host's fair deals by hand ordinal (secret until each hand is over)

    # -- dispatch --------------------------------------------------------------------------------------------------
    def handle(self, request: dict[str, Any]) -> Answer:
        """Answer one decoded request; ProtocolError for a refused one (nothing changed)."""
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise ProtocolError("bad_request")
        handler = self._handlers().get(cmd)
        if handler is None:
            raise ProtocolError("unknown_command", {"cmd": _echo(cmd)})
        return handler(request)

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], Answer]]:
        return {
            "hello": self.cmd_hello, "new_game": self.cmd_new_game, "play": self.cmd_play,
            "bot_move": self.cmd_bot_move, "why": self.cmd_why, "hint": self.cmd_hint,
            "observe": self.cmd_observe, "outside_move": self.cmd_outside_move,
            "next_hand": self.cmd_next_hand, "view": self.cmd_view, "records": self.cmd_records,
            "review": self.cmd_review, "coach": self.cmd_coach, "restore": self.cmd_restore,
            "seat": self.cmd_seat, "guest": self.cmd_guest, "verify_deal": self.cmd_verify_deal,
            "peer_check": self.cmd_peer_check, "guest_view": self.cmd_guest_view,
            "fair_begin": self.cmd_fair_begin, "fair_take": self.cmd_fair_take,
            "fair_commitments": self.cmd_fair_commitments, "fair_deal": self.cmd_fair_deal,
            "fair_secrets": self.cmd_fair_secrets, "fair_rounds": self.cmd_fair_rounds, "rename": self.cmd_rename,
        }

    # -- commands --------------------------------------------------------------------------------------------------
    def cmd_hello(self, req: dict[str, Any]) -> HelloAnswer:
        return {
            "ok": True, "protocol": PROTOCOL_VERSION, "levels": list(LEVELS),
            "seats": MITTLERE.seats, "human_seat": HUMAN, "hand_points": MITTLERE.hand_points,
            "card_points": CARD_POINTS,
            "games": {spec.id: game_info(spec) for spec in GAMES.values()},
            "peer_version": PEER_VERSION, "reactions": list(REACTIONS),
            "defaults": {"hands": DEFAULT_HANDS, "hands_choices": list(HANDS_CHOICES),
                         "bots": [DEFAULT_LEVEL, DEFAULT_LEVEL], "names": list(TABLE_NAMES),
                         "rules": DEFAULT_RULES.to_json(), "coach_iterations": COACH_ITERATIONS},
            "limits": {"hands_min": HANDS_MIN, "hands_max": HANDS_MAX, "seed_max_len": SEED_MAX_LEN,
                       "name_max_len": NAME_MAX_LEN, "seats_max": PEER_SEATS},
        }

    def cmd_new_game(self, req: dict[str, Any]) -> GameAnswer:
        # every field is checked before anything changes
        hands = req.get("hands", DEFAULT_HANDS)
        if not _is_int(hands) or not HANDS_MIN <= hands <= HANDS_MAX:
            raise ProtocolError("bad_hands", {"min": HANDS_MIN, "max": HANDS_MAX})
        spec = _game_of(req)
        kinds, levels = _seats(req, spec.seats)
        seed = _seed(req.get("seed"))
        try:
            rules = spec.rules_from_json(req.get("rules"))
        except RulesError as e:
            raise ProtocolError("bad_rules", {"key": _echo(e.key) if e.key is not None else None}) from None
        names = _names(req.get("names", list(table_names(spec.seats))), spec.seats)
        game = Game(hands_total=hands, seed=seed, rules=rules, names=names, spec=spec)
        self.game, self.kinds, self.levels, self.viewer = game, kinds, levels, HUMAN
        self.bots = [make_bot(level, f"{game.seed}/{s}") if kind in (BOT, REMOTE) and level else None
                     for s, (kind, level) in enumerate(zip(kinds, levels, strict=True))]
        events: list[Event] = [{"type": "hand_dealt", "hand_no": 1, "dealer": game.dealer,
                                "leader": game.state.leader, "redeal": False}]
        self.log = list(events)
        self.links = {s: PeerLink(s) for s, kind in enumerate(kinds) if kind == REMOTE}
        return {"ok": True, "events": events, "view": self.view(history=True)}

    def cmd_play(self, req: dict[str, Any]) -> GameAnswer | ErrorAnswer:
        """A card for a seat of a person at this device or a friend's (no bot standing in): ``seat`` (default: the
        viewer), which must be the seat to play.  A friend's card is checked for its turn here alone (the peer check
        does not): out of turn, or no card to play now, it is refused peer_out_of_turn {seat: the seat to play}."""
        game = self._game()
        seat = self._person_seat(req, remote=True)
        if self.kinds[seat] == REMOTE and (game.phase != "play" or game.state.to_play != seat):
            raise ProtocolError("peer_out_of_turn", {"seat": game.state.to_play if game.phase == "play" else None})
        if game.phase != "play":
            raise ProtocolError("not_playing")
        if game.state.to_play != seat:
            raise ProtocolError("not_your_turn", {"seat": game.state.to_play})
        return self._play_card(game, req)

    def _person_seat(self, req: dict[str, Any], remote: bool = False) -> int:
        """The request's ``seat`` (default: the viewer), which must be the page's player's or a person's at this
        device (bad_seat otherwise: a bot's seat, an outside bot's, no such seat); ``remote``: or a friend's with no
        bot standing in.  A friend's seat where it may not be: remote_seat."""
        seat = req.get("seat", self.viewer)
        if _is_int(seat) and 0 <= seat < len(self.kinds) and self.kinds[seat] == REMOTE:
            if remote and self.levels[seat] is None:
                return int(seat)
            raise ProtocolError("remote_seat", {"seat": seat})
        if not (_is_int(seat) and 0 <= seat < len(self.kinds) and self.kinds[seat] in PEOPLE):
            raise ProtocolError("bad_seat", {"seat": _echo(seat) if not _is_int(seat) else seat})
        return int(seat)

    def _remote_seat(self, req: dict[str, Any]) -> int:
        """The request's ``seat``, which must be a friend's (not_remote_seat otherwise)."""
        seat: Any = req.get("seat")
        if not (_is_int(seat) and 0 <= seat < len(self.kinds) and self.kinds[seat] == REMOTE):
            raise ProtocolError("not_remote_seat", {"seat": _echo(seat) if not _is_int(seat) else seat})
        return int(seat)

    def _play_card(self, game: Game, req: dict[str, Any]) -> GameAnswer | ErrorAnswer:
        """Play the request's card for the seat to play; an illegal card is refused (nothing changes)."""
        c = self._card(req)
        try:
            events = game.play(c)
        except IllegalMove as e:
            return {"ok": False, "error": {"code": e.refusal.code, "params": dict(e.refusal.params)},
                    "view": self.view()}
        return self._moved(events)

    def _observe(self, game: Game, seat: int) -> Observation:
        net = game.net
        return observe(game.state, seat, tuple(net), game.hands_left)

    def cmd_bot_move(self, req: dict[str, Any]) -> GameAnswer:
        game = self._game()
        seat = game.state.to_play
        bot = self.bots[seat] if seat is not None else None
        if game.phase == "play" and seat is not None and self.levels[seat] == OUTSIDE:
            raise ProtocolError("outside_turn", {"seat": seat})
        if game.phase != "play" or seat is None or bot is None:
            raise ProtocolError("not_bot_turn")
        net = game.net
        obs = observe(game.state, seat, tuple(net), game.hands_left)
        start = time.perf_counter()
        c = bot.choose(obs)
        think = (time.perf_counter() - start) * 1000
        answer = self._moved(game.play(c))
        answer["think_ms"] = round(think, 2)
        return answer

    def cmd_seat(self, req: dict[str, Any]) -> ViewAnswer:
        """A friend's seat changes hands: ``kind`` "bot" with a ``level`` (a bot stands in while the friend is
        away) or "remote" (the friend plays it again).  Only a friend's seat (not_remote_seat)."""
        game = self._game()
        seat, kind, level = self._remote_seat(req), req.get("kind"), req.get("level")
        if kind == REMOTE and set(req) <= {"cmd", "seat", "kind"}:
            self.levels[seat], self.bots[seat] = None, None
        elif kind == BOT and isinstance(level, str) and level in LEVELS and set(req) <= {"cmd", "seat", "kind",
                                                                                       "level"}:
            self.levels[seat], self.bots[seat] = level, make_bot(level, f"{game.seed}/{seat}")
        else:
            raise ProtocolError("bad_level", {"levels": list(LEVELS)})
        return {"ok": True, "view": self.view(history=True)}

    def cmd_guest(self, req: dict[str, Any]) -> GuestAnswer:
        """What a friend's seat may see: its observation (a bot's) and the public events from ``since`` on."""
        game = self._game()
        seat, since = self._remote_seat(req), req.get("since", 0)
        if not (_is_int(since) and 0 <= since <= len(self.log)):
            raise ProtocolError("bad_since", {"next": len(self.log)})
        events = self.log[since:since + GUEST_CHUNK]
        return {"ok": True, "seat": seat, "observation": observation_to_json(self._observe(game, seat)),
                "events": events, "next": since + len(events), "more": since + len(events) < len(self.log)}

    def cmd_verify_deal(self, req: dict[str, Any]) -> VerifyDealAnswer:
        """Check a fair deal's commitments and secrets against a played hand's record (engine.fairdeal)."""
        try:
            st = replay(req.get("record"))
        except RecordError as e:
            raise ProtocolError("bad_record", {"hand": 1, "text": _clean(str(e))}) from None
        code, params = verify_fair_deal(req.get("commitments") or [], req.get("secrets") or [], st.dealer,
                                        [codes_of(m) for m in st.dealt])
        return {"ok": True, "verified": code == VERIFIED, "code": code, "params": params}

    def cmd_peer_check(self, req: dict[str, Any]) -> PeerCheckAnswer:
        """A message from a friend's page, checked for its seat (engine.peer); accepted: its seq is remembered.
        With ``from_host`` (a guest's page, no game): a message from the host, checked on the page's one host link
        (``reset``: a new link, its numbers start afresh)."""
        if req.get("from_host") is True:
            if req.get("reset") is True:
                self.host_link = PeerLink(HUMAN, from_host=True)
            return {"ok": True, "message": self.host_link.accept(req.get("message"))}
        self._game()
        seat = self._remote_seat(req)
        message = self.links[seat].accept(req.get("message"))   # PeerRefused: refused like any request
        return {"ok": True, "message": message}

    def cmd_rename(self, req: dict[str, Any]) -> ViewAnswer:
        """A seat's name changes while the game runs (a friend's name came; the page's language changed the name it
        gave a seat by default): ``seat`` is called ``name`` from now on (cleaned as every name is; bad_names when
        nothing is left)."""
        game = self._game()
        seat: Any = req.get("seat")
        if not (_is_int(seat) and 0 <= seat < len(game.names)):
            raise ProtocolError("bad_seat", {"seat": _echo(seat) if not _is_int(seat) else seat})
        name = req.get("name")
        clean = clean_name(name) if isinstance(name, str) else ""
        if not clean:
            raise ProtocolError("bad_names", {"max_len": NAME_MAX_LEN})
        names = list(game.names)
        names[seat] = clean
        game.names = tuple(names)
        return {"ok": True, "view": self.view(history=True)}

    # -- the fair deal, the host's side (engine.fairdeal.FairRound, docs/peer.md) ---------------------------------
    def _fair_round(self, req: dict[str, Any]) -> FairRound:
        hand_no = req.get("hand_no")
        if not _is_int(hand_no) or hand_no not in self.fair:
            raise ProtocolError("fair_unexpected")
        return self.fair[hand_no]

    def cmd_fair_begin(self, req: dict[str, Any]) -> FairAnswer:
        """The host's round for dealt hand ``hand_no`` (1: a new game, every round before it is dropped) among
        ``seats`` (0 first, then friends' seats, ascending): its ``commit`` message (the host's commitment)."""
        self._game()
        hand_no: Any = req.get("hand_no")
        seats: Any = req.get("seats")
        if not (_is_int(hand_no) and 1 <= hand_no <= MAX_REVIEW_RECORDS and isinstance(seats, list) and seats
                and seats[0] == HUMAN and all(_is_int(s) for s in seats)
                and all(0 < s < len(self.kinds) and self.kinds[s] == REMOTE for s in seats[1:])
                and all(a < b for a, b in zip(seats, seats[1:], strict=False))):
            raise ProtocolError("bad_fair_round")
        if hand_no == 1:
            self.fair.clear()
        r = FairRound.begin(int(hand_no), [int(s) for s in seats])
        self.fair[r.hand_no] = r
        return {"ok": True, "message": {"type": "commit", "hand_no": r.hand_no, "commitment": r.commitments[HUMAN]},
                "waiting": r.waiting()}

    def cmd_fair_take(self, req: dict[str, Any]) -> FairAnswer:
        """A friend's ``commit`` or ``reveal`` (a message peer_check accepted, for ``seat``): the seats the round
        still waits for; refused fair_unexpected (not awaited) or fair_mismatch {seat} (a secret not the promised)."""
        seat, msg = self._remote_seat(req), req.get("message")
        if not isinstance(msg, dict) or msg.get("type") not in ("commit", "reveal"):
            raise ProtocolError("fair_unexpected")
        r = self._fair_round(msg)
        value = msg.get("commitment") if msg["type"] == "commit" else msg.get("secret")
        try:
            r.take(seat, str(msg["type"]), str(value))
        except FairRefused as e:
            raise ProtocolError(e.code, e.params) from None
        return {"ok": True, "waiting": r.waiting()}

    def cmd_fair_commitments(self, req: dict[str, Any]) -> FairAnswer:
        """Every commitment is in, or the wait is over: the ``commitments`` message (a silent friend left out)."""
        r = self._fair_round(req)
        try:
            message = r.fix_commitments()
        except FairRefused as e:
            raise ProtocolError(e.code, e.params) from None
        return {"ok": True, "message": message, "waiting": r.waiting()}

    def cmd_fair_deal(self, req: dict[str, Any]) -> FairAnswer:
        """Every secret is in, or the wait is over: the hand's ``seed``, the ``dealt`` message (the seats whose
        secrets made it, never a secret) and the ``round`` for the host's own keeping (its review, a reload)."""
        r = self._fair_round(req)
        try:
            seed = r.deal()
        except FairRefused as e:
            raise ProtocolError(e.code, e.params) from None
        return {"ok": True, "message": r.dealt_message(), "seed": seed, "round": r.to_json()}

    def cmd_fair_secrets(self, req: dict[str, Any]) -> FairAnswer:
        """The ``secrets`` message of dealt hand ``hand_no``, only once its last card is played (fair_hand_not_over
        before: no friend may learn another's secret, or the host's, while the hand can still be played)."""
        r = self._fair_round(req)
        if r.stage != "dealt" or r.hand_no > len(self._game().results):
            raise ProtocolError("fair_hand_not_over", {"hand_no": r.hand_no})
        return {"ok": True, "message": r.secrets_message()}

    def cmd_fair_rounds(self, req: dict[str, Any]) -> FairAnswer:
        """A host's page reloaded: the rounds it kept (each as fair_deal's ``round``) back into the engine."""
        rounds = req.get("rounds")
        if not isinstance(rounds, list) or len(rounds) > MAX_REVIEW_RECORDS:
            raise ProtocolError("bad_fair_round")
        try:
            kept = [FairRound.from_json(x) for x in rounds]
        except ValueError:
            raise ProtocolError("bad_fair_round") from None
        self.fair = {r.hand_no: r for r in kept}
        return {"ok": True}

    def cmd_guest_view(self, req: dict[str, Any]) -> ViewAnswer:
        """A guest's page: the view of its own seat from a `state` it received (the observation) and the public
        events of the game so far (every one from index 0), with the table's names.  The session is not touched."""
        try:
            obs = observation_from_json(req["observation"])
            events = [ev for ev in req["events"] if isinstance(ev, dict)]
        except (KeyError, TypeError, ValueError, IndexError, RulesError):
            raise ProtocolError("bad_request") from None
        names = _names(req.get("names"), obs.seats)
        return {"ok": True, "view": guest_view(obs, events, names)}

    def _outside_seat(self) -> int:
        """The seat to play, which must be an outside bot's."""
        game = self._game()
        seat = game.state.to_play
        if game.phase != "play" or seat is None or self.levels[seat] != OUTSIDE:
            raise ProtocolError("not_outside_turn", {"seat": seat})
        return seat

    def cmd_observe(self, req: dict[str, Any]) -> ObserveAnswer:
        seat = self._outside_seat()
        return {"ok": True, "seat": seat, "observation": observation_to_json(self._observe(self._game(), seat))}

    def cmd_outside_move(self, req: dict[str, Any]) -> GameAnswer | ErrorAnswer:
        seat = self._outside_seat()
        game = self._game()
        if "level" in req:
            level = req["level"]
            if not isinstance(level, str) or level not in LEVELS:
                raise ProtocolError("bad_level", {"levels": list(LEVELS)})
            return self._moved(game.play(make_bot(level, f"{game.seed}/{seat}").choose(self._observe(game, seat))))
        return self._play_card(game, req)

    def cmd_why(self, req: dict[str, Any]) -> WhyAnswer:
        game = self._game()
        c = self._card(req)
        if game.phase != "play":
            return {"ok": True, "legal": False, "code": "not_playing", "params": {}}
        if game.state.to_play != self.viewer:
            return {"ok": True, "legal": False, "code": "not_your_turn", "params": {"seat": game.state.to_play}}
        r = refusal(game.state, c)
        if r is None:
            return {"ok": True, "legal": True, "code": None, "params": None}
        return {"ok": True, "legal": False, "code": r.code, "params": dict(r.params)}

    def cmd_hint(self, req: dict[str, Any]) -> HintAnswer:
        game = self._game()
        if game.phase != "play" or game.state.to_play != self.viewer:
            raise ProtocolError("not_your_turn", {"seat": game.state.to_play})
        obs = self._observe(game, self.viewer)
        c, sentence, explanation = hint(obs)
        return {"ok": True, "card": CODES[c], "reason": _reason(explanation, sentence)}

    def cmd_next_hand(self, req: dict[str, Any]) -> GameAnswer:
        game = self._game()
        if game.phase != "hand-over":
            raise ProtocolError("not_hand_over", {"phase": game.phase})
        seed = _seed(req["seed"]) if "seed" in req else None
        events = game.next_hand(seed)
        self.log.extend(events)
        return {"ok": True, "events": events, "view": self.view(history=True)}

    def cmd_view(self, req: dict[str, Any]) -> ViewAnswer:
        """The current view (with the history); with ``seat``: first make that seat (the page's player's or a
        person's at this device) the viewer, e.g. once the device was handed over."""
        if "seat" in req:
            seat = self._person_seat(req)
            self._game()
            self.viewer = seat
        return {"ok": True, "view": self.view(history=True) if self.game else None}

    def cmd_records(self, req: dict[str, Any]) -> RecordsAnswer:
        return {"ok": True, "records": self.records()}

    def cmd_review(self, req: dict[str, Any]) -> ReviewAnswer:
        """Validate and replay hand records (an import, the hand review); the session is not touched.

        Each hand: the replay summary (tricks with their points, trump, settlement case and deltas) plus the dealt
        hands, the dealer, who fixed trump, and the record in canonical form (what an export writes)."""
        records = req.get("records")
        if not isinstance(records, list) or not 1 <= len(records) <= MAX_REVIEW_RECORDS:
            raise ProtocolError("bad_records", {"max": MAX_REVIEW_RECORDS})
        hands: list[ReviewedHand] = []
        for i, rec in enumerate(records):
            try:
                st = replay(rec)
            except RecordError as e:
                raise ProtocolError("bad_record", {"hand": i + 1, "text": _clean(str(e))}) from None
            record: HandRecord = hand_record(st)
            hands.append({**summary(st), "dealer": st.dealer, "hands": record["hands"],
                          "trump_fixed_by": st.trump_fixed_by, "rules": record["rules"], "record": record,
                          "roles": _roles(st),
                          "trump_fixed_trick": st.trump_fixed_at // st.spec.seats if st.trump_fixed_at is not None
                          else None})
        return {"ok": True, "hands": hands}

    def cmd_coach(self, req: dict[str, Any]) -> CoachAnswer:
        """The coach's evaluation of one seat's decisions in a hand record, in steps (see CoachRequest)."""
        seat, start = req.get("seat"), req.get("start", 0)
        limit, iterations = req.get("limit"), req.get("iterations", COACH_ITERATIONS)
        most = max(spec.seats for spec in GAMES.values())
        checks = (("seat", _is_int(seat) and seat in range(most)), ("start", _is_int(start) and start >= 0),
                  ("limit", limit is None or (_is_int(limit) and limit >= 1)),
                  ("iterations", _is_int(iterations) and COACH_MIN_ITERATIONS <= iterations <= COACH_MAX_ITERATIONS))
        for field, ok in checks:
            if not ok:
                raise ProtocolError("bad_coach", {"field": field})
        try:
            if seat not in range(replay(req.get("record")).spec.seats):   # a seat of the record's game
                raise ProtocolError("bad_coach", {"field": "seat"})
            out = coach_steps(req.get("record"), int(seat or 0), start, limit, iterations)
        except RecordError as e:
            raise ProtocolError("bad_record", {"hand": 1, "text": _clean(str(e))}) from None
        return {"ok": True, "decisions": out["decisions"], "count": out["count"], "next": out["next"]}

    def cmd_restore(self, req: dict[str, Any]) -> ViewAnswer:
        """Rebuild a game from its setup (new_game's fields) and the cards played in each dealt hand (the page's
        journal).  Every card is checked as if it were played now; on any problem the session is left as it was."""
        setup, hands = req.get("setup"), req.get("hands")
        if not isinstance(setup, dict) or not isinstance(hands, list) or not hands or \
                not all(isinstance(h, list) for h in hands):
            raise ProtocolError("bad_journal", {"hand": None, "index": None})
        seeds = req.get("hand_seeds", [None] * len(hands))
        if not (isinstance(seeds, list) and len(seeds) == len(hands) and seeds[0] is None):
            raise ProtocolError("bad_journal", {"hand": None, "index": None})
        fresh = Session()
        fresh.cmd_new_game({"cmd": "new_game", **{k: setup[k] for k in ("game", "hands", "bots", "seats", "seed",
                                                                          "rules", "names") if k in setup}})
        game = fresh._game()
        for i, plays in enumerate(hands):
            if i > 0:
                if game.phase != "hand-over":
                    raise ProtocolError("bad_journal", {"hand": i + 1, "index": None})
                fresh.log.extend(game.next_hand(_seed(seeds[i]) if seeds[i] is not None else None))
            for k, code in enumerate(plays):
                if game.phase != "play":
                    raise ProtocolError("bad_journal", {"hand": i + 1, "index": k})
                try:
                    fresh.log.extend(game.play(parse_card(code)))
                except (ValueError, IllegalMove):
                    raise ProtocolError("bad_journal", {"hand": i + 1, "index": k}) from None
        self.game, self.bots, self.levels, self.kinds, self.viewer = (fresh.game, fresh.bots, fresh.levels,
                                                                      fresh.kinds, fresh.viewer)
        self.log, self.links = fresh.log, fresh.links
        return {"ok": True, "view": self.view(history=True)}

    # -- helpers ---------------------------------------------------------------------------------------------------
    def _game(self) -> Game:
        if self.game is None:
            raise ProtocolError("no_game")
        return self.game

    @staticmethod
    def _card(req: dict[str, Any]) -> int:
        value = req.get("card")
        try:
            return parse_card(value)
        except ValueError:
            raise ProtocolError("bad_card", {"card": _echo(value)}) from None

    def _moved(self, events: list[Event]) -> GameAnswer:
        """The answer to a card played: the history only when a hand ended (else the UI keeps its copy)."""
        over = any(ev["type"] == "hand_over" for ev in events)
        self.log.extend(events)
        return {"ok": True, "events": events, "view": self.view(history=over)}

    def view(self, history: bool = False) -> View:
        """What the viewer seat may see; ``history``: include every settled hand's result."""
        game = self._game()
        st = game.state
        viewer = self.viewer
        to_play = st.to_play if game.phase == "play" else None
        trump = st.trump if st.trump >= 0 else None
        hand = sorted(iter_cards(st.hands[viewer]), key=lambda c: sort_key(c, trump))
        legal = st.legal_mask() if to_play == viewer else 0
        barred, free = card_rules(st.hands[viewer], st.trick, st.trump, st.rules.undertrump_when_void,
                                  to_play == viewer)
        last: LastTrick | None = None
        if st.tricks:
            t = st.tricks[-1]
            last = {"leader": t.leader, "winner": t.winner, "points": trick_points(st, t),
                    "cards": [{"seat": s, "card": CODES[c]} for s, c in zip(t.seats(), t.cards, strict=True)]}
        results = [r.to_json() for r in game.results]
        view: View = {
            "phase": game.phase, "hand_no": game.hand_no, "hands_total": game.hands_total,
            "game": st.spec.id, "seats": st.spec.seats, "dealer": st.dealer, "to_play": to_play, "seed": game.seed,
            "viewer": viewer,
            "players": [{"name": game.names[s], "bot": self.levels[s], "kind": self.kinds[s]}
                        for s in range(st.spec.seats)],
            "hand": [CODES[c] for c in hand],
            "legal": [CODES[c] for c in hand if legal >> c & 1],
            "refusals": barred, "exemption": free,
            "counts": [h.bit_count() for h in st.hands],
            "trick": {"leader": st.leader, "cards": [{"seat": (st.leader + i) % st.spec.seats, "card": CODES[c]}
                                                     for i, c in enumerate(st.trick)],
                      "winning_seat": current_winner(st)},
            "trump": st.trump_suit, "trump_fixed_by": st.trump_fixed_by,
            "trump_fixed_trick": (st.trump_fixed_at // st.spec.seats) if st.trump_fixed_at is not None else None,
            "tricks_won": list(st.tricks_won), "points_taken": st.card_points(),
            "last_trick": last,
            "scores": {"strokes": game.strokes, "zeros": game.zeros, "net": game.net},
            "hand_result": results[-1] if game.phase != "play" and results else None,
            "winners": game.winners,
        }
        if history:
            view["history"] = results
        return view

    def records(self) -> list[HandRecord]:
        """Hand records of every finished hand (for replays and tests)."""
        return [r.record for r in self._game().results]

    def error_view(self) -> View | None:
        """The unchanged view for an error answer (None without a game, or if even the view fails)."""
        try:
            return self.view() if self.game else None
        except Exception:
            return None

def _roles(st: HandState) -> Roles | None:
    """Who played which part in a finished hand's settlement (None before the end)."""
    settled = outcome(st).settlement
    return settled.roles.copy() if settled else None


def _seed(value: object) -> str | None:
    """The seed as text (None: the engine picks one).  Never converted to a number: "--5" and "²" are seeds too."""
    if value is None:
        return None
    text: str
    if _is_int(value):
        try:
            text = str(value)
        except ValueError:  # beyond Python's digit limit: far too long anyway
            raise ProtocolError("bad_seed", {"max_len": SEED_MAX_LEN}) from None
    elif isinstance(value, str):
        text = value.strip()
    else:
        raise ProtocolError("bad_seed", {"max_len": SEED_MAX_LEN})
    if not text:
        return None
    if len(text) > SEED_MAX_LEN or _clean(text) != text:
        raise ProtocolError("bad_seed", {"max_len": SEED_MAX_LEN})
    return text


def game_info(spec: GameSpec) -> GameInfo:
    """What hello says about a game (docs/seats.md §1)."""
    choices = {"no_trump": ["eights", "annul"]}
    if spec.id in TIES_MODES:
        choices["ties"] = list(TIES_MODES[spec.id])
    info: GameInfo = {"seats": spec.seats, "cards_per_hand": spec.cards_per_hand, "hand_points": spec.hand_points,
                      "hands": spec.default_hands, "open_ended": spec.open_ended, "flags": list(spec.flags),
                      "rules": spec.default_rules.to_json(spec.id), "choices": choices,
                      "zeros": spec.zeros, "hundred": HUNDREDS[spec.id]}
    if spec.target is not None:
        info["target"] = spec.target
    return info


def _game_of(req: dict[str, Any]) -> GameSpec:
    """The game ``new_game`` asks for (``game``, default Mittlere); bad_game for anything else."""
    try:
        return game_spec(req.get("game", MITTLERE.id))
    except ValueError:
        raise ProtocolError("bad_game", {"games": list(GAMES)}) from None


def table_names(seats: int) -> tuple[str, ...]:
    """The default names at a table of ``seats`` seats (the UI words its own)."""
    return TABLE_NAMES if seats == len(TABLE_NAMES) else ("You", "Right", "Across", "Left")[:seats]


def _seats(req: dict[str, Any], n_seats: int = MITTLERE.seats) -> tuple[list[SeatKind], list[str | None]]:
    """Who sits where: ``seats`` (one entry per seat: {"kind": "me"} for seat 0 only, {"kind": "person"}, {"kind":
    "bot", "level": id}, {"kind": "outside"}, {"kind": "remote"} with an optional level: a bot standing in) or, the
    older form, ``bots`` (the levels, or "outside", of every seat but 0).  Not both.  -> the seats' kinds and their
    bot levels (None for people and friends with no bot standing in; "outside" for the lab's bot)."""
    if "seats" in req:
        seats = req["seats"]
        bad = ProtocolError("bad_seats", {"seats": n_seats, "kinds": [str(k) for k in SEAT_KINDS],
                                          "levels": list(LEVELS)})
        if "bots" in req or not (isinstance(seats, list) and len(seats) == n_seats
                                 and all(isinstance(x, dict) for x in seats)):
            raise bad
        kinds: list[SeatKind] = []
        levels: list[str | None] = []
        for i, seat in enumerate(seats):
            kind, level = seat.get("kind"), seat.get("level")
            allowed = {"kind", "level"} if kind in (BOT, REMOTE) else {"kind"}
            if (kind not in SEAT_KINDS or (kind == ME) != (i == HUMAN) or set(seat) - allowed
                    or ("level" in seat and not (isinstance(level, str) and level in LEVELS))
                    or (kind == BOT and "level" not in seat)):
                raise bad
            kinds.append(SEAT_KINDS[SEAT_KINDS.index(kind)])   # (the typed constant)
            levels.append(level if kind in (BOT, REMOTE) else OUTSIDE if kind == OUTSIDE else None)
        return kinds, levels
    bots = req.get("bots", [DEFAULT_LEVEL] * (n_seats - 1))
    if not (isinstance(bots, list) and len(bots) == n_seats - 1
            and all(isinstance(b, str) and (b in LEVELS or b == OUTSIDE) for b in bots)):
        raise ProtocolError("bad_bots", {"levels": list(LEVELS)})
    return [ME, *("outside" if b == OUTSIDE else BOT for b in bots)], [None, *bots]


def card_rules(hand: int, trick: Sequence[int], trump: int, undertrump_when_void: bool,
               turn: bool) -> tuple[dict[str, CardRule], CardRule | None]:
    """At the viewer's turn (``turn``): why each card of ``hand`` it may not play may not (the refusals ``why``
    gives) and why cards off the led suit may be played after all (void, puur): View.refusals and View.exemption;
    else none of them."""
    if not turn:
        return {}, None
    barred: dict[str, CardRule] = {CODES[c]: {"code": r.code, "params": dict(r.params)}
                                   for c, r in refusals(hand, trick, trump, undertrump_when_void).items()}
    free = exemption(hand, trick, trump)
    return barred, {"code": free[0], "params": dict(free[1])} if free else None


def guest_view(obs: Observation, events: list[dict[str, Any]], names: tuple[str, ...]) -> View:
    """The view of a friend's seat on its own page, from what it may see only: its observation and the public
    events (a View as the host's engine would give that seat; nothing else about the game is known)."""
    seats, seat = obs.seats, obs.seat
    over = [ev for ev in events if ev.get("type") == "hand_over"]
    dealt = [i for i, ev in enumerate(events) if ev.get("type") == "hand_dealt"]
    since = dealt[-1] if dealt else 0
    this_hand = events[since:]
    phase: Any = "play"
    if any(ev.get("type") == "game_over" for ev in this_hand):
        phase = "game-over"
    elif any(ev.get("type") == "hand_over" for ev in this_hand):
        phase = "hand-over"
    results: list[Any] = [{k: v for k, v in ev.items() if k not in ("type", "record")} for ev in over]
    counted = sum(1 for r in results if r.get("case") != "annulled")
    strokes = [sum(int(r["strokes"][s]) for r in results) for s in range(seats)]
    zeros = [sum(int(r["zeros"][s]) for r in results) for s in range(seats)]
    game_over = next((ev for ev in reversed(events) if ev.get("type") == "game_over"), None)
    to_play = obs.to_play if phase == "play" else None
    trump = obs.trump if obs.trump >= 0 else None
    hand = sorted(iter_cards(obs.hand), key=lambda c: sort_key(c, trump))
    legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void) if to_play == seat else 0
    barred, free = card_rules(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void, to_play == seat)
    won = [ev for ev in this_hand if ev.get("type") == "trick_won"]
    last: LastTrick | None = None
    if won:
        cards: list[CardAt] = [{"seat": int(c["seat"]), "card": str(c["card"])} for c in won[-1]["cards"]]
        last = {"leader": cards[0]["seat"], "winner": int(won[-1]["seat"]), "points": int(won[-1]["points"]),
                "cards": cards}
    hand_no = int(events[since].get("hand_no", 1)) if dealt else 1
    return {
        "phase": phase, "hand_no": hand_no, "hands_total": counted + obs.hands_left, "game": obs.game,
        "seats": seats, "dealer": obs.dealer,
        "to_play": to_play, "seed": "", "viewer": seat,
        "players": [{"name": names[s], "bot": None, "kind": "me" if s == seat else "remote"} for s in range(seats)],
        "hand": [CODES[c] for c in hand], "legal": [CODES[c] for c in hand if legal >> c & 1],
        "refusals": barred, "exemption": free,
        "counts": list(obs.counts),
        "trick": {"leader": obs.leader, "cards": [{"seat": (obs.leader + i) % seats, "card": CODES[c]}
                                                  for i, c in enumerate(obs.trick)],
                  "winning_seat": (obs.leader + trick_winner_offset(obs.trick, obs.trump)) % seats if obs.trick
                  else None},
        "trump": SUITS[obs.trump] if trump is not None else None, "trump_fixed_by": obs.trump_fixed_by,
        "trump_fixed_trick": obs.trump_fixed_at // seats if obs.trump_fixed_at is not None else None,
        "tricks_won": list(obs.tricks_won), "points_taken": obs.card_points(), "last_trick": last,
        "scores": {"strokes": strokes, "zeros": zeros, "net": [strokes[s] - zeros[s] for s in range(seats)]},
        "history": results, "hand_result": results[-1] if phase != "play" and results else None,
        "winners": list(game_over["winners"]) if game_over else None,
    }


def _names(value: object, seats: int = MITTLERE.seats) -> tuple[str, ...]:
    """A name per seat (bad_names otherwise)."""
    bad = ProtocolError("bad_names", {"max_len": NAME_MAX_LEN})
    if not (isinstance(value, list) and len(value) == seats and all(isinstance(n, str) for n in value)):
        raise bad
    names = [clean_name(n, cut=False) for n in value]
    if not all(0 < len(n) <= NAME_MAX_LEN and _clean(n) == n for n in names):
        raise bad
    return tuple(names)


def _reason(explanation: dict[str, Any], sentence: str) -> Reason:
    """The hint's reason as the bots give it (a code and params); a bot without one: code "search" {text}."""
    if isinstance(explanation.get("code"), str):
        return {"code": explanation["code"], "params": dict(explanation.get("params") or {})}
    return {"code": "search", "params": {"text": sentence}}


_SESSION = Session()
_SET_ASIDE: list[Session] = []   # the player's session while the worker takes its memory snapshot


def set_session_aside() -> None:
    """Before the worker's memory snapshot (web/js/engine/snapshot.js): a fresh session in the player's place, so that
    a warm start restored from it begins with no game, whatever was played before the snapshot was taken."""
    global _SESSION
    _SET_ASIDE.append(_SESSION)
    _SESSION = Session()


def take_session_back() -> None:
    """After the snapshot: the player's session in place again (nothing of it changed meanwhile)."""
    global _SESSION
    if _SET_ASIDE:
        _SESSION = _SET_ASIDE.pop()

_INTERNAL_FALLBACK = '{"ok": false, "error": {"code": "internal", "params": {}, "detail": "the answer failed"}, ' \
                     '"view": null}'


def handle(request_json: str) -> str:
    """The one entry point of the worker: a JSON request in, a JSON answer out.  Never raises."""
    session = _SESSION
    try:
        return json.dumps(_answer(session, request_json), ensure_ascii=False)
    except Exception:  # a bug in building or encoding the answer: still an answer, never a dead worker
        return _INTERNAL_FALLBACK


def _answer(session: Session, request_json: str) -> Answer:
    try:
        request = json.loads(request_json)
    except (ValueError, RecursionError, TypeError):
        # not JSON, an int beyond the digit limit, nesting too deep, not a string
        return _error(session, "bad_json", {})
    try:
        if not isinstance(request, dict):
            raise ProtocolError("bad_request")
        return session.handle(request)
    except Refused as e:   # ProtocolError, or a friend's message refused (PeerRefused)
        return _error(session, e.code, e.params)
    except Exception as e:  # a bug must never kill the worker: report it with its detail
        detail = f"{type(e).__name__}: {_clean(str(e))}"[:DETAIL_MAX_LEN]
        answer = _error(session, "internal", {})
        answer["error"]["detail"] = detail
        return answer


def _error(session: Session, code: str, params: Params) -> ErrorAnswer:
    error: ErrorInfo = {"code": code, "params": params}
    return {"ok": False, "error": error, "view": session.error_view()}
