"""The engine–UI protocol, typed: every request, answer, event and view that crosses ``engine.web.handle``.

Plain JSON only.  ``tools/gen_protocol_js.py`` writes these types as JSDoc ``@typedef``s into web/js/engine/protocol.js
(a test fails when the two differ), so the browser code is checked against the same shapes.  docs/protocol.md
explains them.  Conventions: seats are 0..2 (0 is the human), cards are codes (``"SA"``, ``"H10"``), suits are
letters (``"S" "H" "D" "C"``).  The engine never sends a sentence: it sends a ``code`` and the ``params`` a sentence
needs; the UI words them (``engine.text`` does it in English for the command line).
"""

# No "from __future__ import annotations" here: TypedDict must see NotRequired at class creation (Python 3.11).
from typing import Literal, NotRequired, TypedDict

#: Bumped when a request or an answer changes shape; the UI checks it in ``hello``.
PROTOCOL_VERSION = 2

#: A param value: a seat, a count, a number, a card code, a suit letter, a level id, lists of them, or counts by name.
ParamValue = str | int | float | list[int] | list[str] | dict[str, int] | None
Params = dict[str, ParamValue]


class Refused(Exception):
    """A refusal: the error ``code`` and the ``params`` its sentence needs (an answer's ``error``).  ``engine.web``
    refuses a request with its ``ProtocolError``, ``engine.peer`` a friend's message with ``PeerRefused``; both reach
    the page the same way."""

    def __init__(self, code: str, params: Params | None = None):
        super().__init__(code)
        self.code = code
        self.params: Params = params or {}

Phase = Literal["play", "hand-over", "game-over"]
Case = Literal["match", "no_trick", "hundred", "no_trick_and_hundred", "hundred_and_zero", "ranking", "tie", "annulled",
               "molotow_all", "molotow_hundred", "molotow_places", "plusminus"]
SeatKind = Literal["me", "person", "bot", "outside", "remote"]


# -- pieces ------------------------------------------------------------------------------------------------------

class RulesJson(TypedDict):
    """The variant flags (docs/rules.md §7, docs/rules-molotow.md, docs/rules-plusminus.md): no_trump is "eights" or
    "annul"; ties (Molotow: "passed_over" or "share"; Plus-Minus: "passed_over" or "next") only in those games;
    srf_hundred_zero only in Mittlere (written only when true)."""

    undertrump_when_void: bool
    no_trump: str
    ties: NotRequired[str]
    srf_hundred_zero: NotRequired[bool]


class CardAt(TypedDict):
    """A card played by a seat."""

    seat: int
    card: str


class TrickJson(TypedDict):
    """The trick in progress: its leader, the cards so far in playing order, and the seat winning it so far (null
    before its first card)."""

    leader: int
    cards: list[CardAt]
    winning_seat: int | None


class LastTrick(TypedDict):
    """The last complete trick; points valued with the trump known now (trick 12 with its +5)."""

    leader: int
    cards: list[CardAt]
    winner: int
    points: int


class Scores(TypedDict):
    """The game's totals per seat: strokes, zeros and net (strokes minus zeros)."""

    strokes: list[int]
    zeros: list[int]
    net: list[int]


class Player(TypedDict):
    """A seat's name, its bot level id (null for a person; "outside" for the bot lab's bot) and who sits there:
    kind "me" (the page's player, seat 0), "person" (another person at this device), "bot", "outside" or "remote"
    (a friend on their own device; bot: the level of the bot standing in while the friend is away, else null)."""

    name: str
    bot: str | None
    kind: SeatKind


class Roles(TypedDict, total=False):
    """The seats a settlement case is about: match {winner}; no_trick {no_trick}; hundred {hundred};
    no_trick_and_hundred {no_trick, hundred, other}; hundred_and_zero {hundred, zero_points, middle} (Mittlere's
    srf_hundred_zero); ranking {middle, high, low}; tie {tied, third}; annulled {}.  Molotow: molotow_all {winner};
    molotow_hundred {hundred}; molotow_places {stroke, zero, tied} (lists of seats).  Plus-Minus: plusminus {stroke,
    tied, hundred (only when the most, alone, is 100 or more)}."""

    winner: int
    no_trick: int
    hundred: int
    zero_points: int
    other: int
    middle: int
    high: int
    low: int
    tied: list[int]
    third: int
    stroke: list[int]
    zero: list[int]


class HandResultJson(TypedDict):
    """One settled hand.  hand_no counts settled hands (an annulled hand repeats its number); settlement is strokes
    minus zeros per seat; last_trick_bonus_seat won trick 12 and its +5 (null for an annulled hand)."""

    hand_no: int
    dealer: int
    trump: str | None
    card_points: list[int]
    tricks: list[int]
    case: Case
    roles: Roles
    settlement: list[int]
    strokes: list[int]
    zeros: list[int]
    last_trick_bonus_seat: int | None


class HandRecord(TypedDict):
    """A hand record (README, "Hand records and the CLI"): replay it with ``python -m engine replay``.  game:
    "molotow" or "plusminus" (absent: Mittlere)."""

    game: NotRequired[str]
    rules: RulesJson
    dealer: int
    hands: list[list[str]]
    plays: list[str]


class CardRule(TypedDict):
    """A rule about a card of the viewer's hand, as a code and its params: a refusal (as why and play give it:
    must_follow {card, suit, trump}, must_trump {card, trump}, undertrump {card, trump, over}) or an exemption
    (void {suit, trump}: no card of the led plain suit, any card may be played, before trump it fixes trump; puur
    {card, trump}: trump led and the trump Jack is the only trump, it need not be played)."""

    code: str
    params: Params


class View(TypedDict):
    """What the viewer seat may see (never another seat's unplayed cards): viewer is seat 0 unless a view request
    with a person's seat made that seat the viewer.  hand is sorted for display; legal is empty unless it is the
    viewer's turn; refusals: at the viewer's turn, why each card of hand not in legal may not be played (card code ->
    its refusal, the same as why answers), else empty; exemption: at the viewer's turn, why cards off the led suit may
    be played after all (void, puur), else null; points_taken are valued with the current trump; history (every
    settled hand) is sent only in answers to new_game, next_hand and view and in answers whose events hold a
    hand_over: keep the last copy."""

    phase: Phase
    hand_no: int
    hands_total: int
    game: str
    seats: int
    seed: str
    dealer: int
    to_play: int | None
    viewer: int
    players: list[Player]
    hand: list[str]
    legal: list[str]
    refusals: dict[str, CardRule]
    exemption: CardRule | None
    counts: list[int]
    trick: TrickJson
    trump: str | None
    trump_fixed_by: int | None
    trump_fixed_trick: int | None
    tricks_won: list[int]
    points_taken: list[int]
    last_trick: LastTrick | None
    scores: Scores
    history: NotRequired[list[HandResultJson]]
    hand_result: HandResultJson | None
    winners: list[int] | None


# -- events (in order; the UI animates and announces them) ------------------------------------------------------

class HandDealt(TypedDict):
    """A hand was dealt; redeal: an annulled hand is dealt again by the same dealer."""

    type: Literal["hand_dealt"]
    hand_no: int
    dealer: int
    leader: int
    redeal: bool


class CardPlayed(TypedDict):
    """A seat played a card."""

    type: Literal["card_played"]
    seat: int
    card: str


class TrumpFixed(TypedDict):
    """The first card off the led suit fixed its suit as trump; play_index counts the hand's plays from 0."""

    type: Literal["trump_fixed"]
    seat: int
    suit: str
    play_index: int


class TrickWon(TypedDict):
    """A trick was won; points are valued with the trump known at that moment; trick_no is 1..12."""

    type: Literal["trick_won"]
    seat: int
    points: int
    cards: list[CardAt]
    trick_no: int


class HandOver(HandResultJson):
    """The hand is over: its result and its hand record (every seat's dealt cards and every play: all of them
    played by now, so every player may see it; the page keeps it for the saves and the review)."""

    type: Literal["hand_over"]
    record: HandRecord


class GameOver(TypedDict):
    """The game is over: net per seat and the winning seats (ties share)."""

    type: Literal["game_over"]
    standings: list[int]
    winners: list[int]


Event = HandDealt | CardPlayed | TrumpFixed | TrickWon | HandOver | GameOver


# -- requests ---------------------------------------------------------------------------------------------------

class HelloRequest(TypedDict):
    """The first request: the protocol version, bot levels, defaults and limits."""

    cmd: Literal["hello"]


class SeatSetup(TypedDict):
    """Who sits in a seat: kind "me" (seat 0, and only seat 0), "person" (another person at this device: plays
    through play with its seat), "bot" with a level id, "outside" (the bot lab's bot) or "remote" (a friend on their
    own device: the host page plays its cards through play with its seat; with a level: a bot stands in for it)."""

    kind: SeatKind
    level: NotRequired[str]


class NewGameRequest(TypedDict):
    """Start a game.  Absent fields take the defaults of hello.  seed: any text (an int is read as its decimal
    text; empty or absent: the engine picks one).  Who sits where: seats (one entry per seat), or bots (the levels,
    or "outside", of seats 1 and 2; of every seat but 0 in a four-seat game), not both.  game: a game id of
    hello.games (default "mittlere"); rules: that game's flags."""

    cmd: Literal["new_game"]
    game: NotRequired[str]
    hands: NotRequired[int]
    bots: NotRequired[list[str]]
    seats: NotRequired[list[SeatSetup]]
    seed: NotRequired[str | int | None]
    rules: NotRequired[RulesJson]
    names: NotRequired[list[str]]


class CardRequest(TypedDict):
    """play: play a card for seat (default: the viewer), the page's player's or a person's seat at this device,
    whose turn it must be; why: may the viewer play it now, and if not, why not."""

    cmd: Literal["play", "why"]
    card: str
    seat: NotRequired[int]


class ViewRequest(TypedDict):
    """The current view with the history; with seat (the page's player's or a person's at this device): that seat
    becomes the viewer first (pass-and-play, once the device was handed over)."""

    cmd: Literal["view"]
    seat: NotRequired[int]


class ReviewRequest(TypedDict):
    """Validate and replay 1..480 hand records (an import, the hand review); the session is not touched."""

    cmd: Literal["review"]
    records: list[HandRecord]


class CoachRequest(TypedDict):
    """The coach: evaluate ``seat``'s decisions in a complete or partial hand record of any game (``seat``: one of
    its seats, 0..2 in Mittlere, 0..3 in Molotow and Plus-Minus) with the expert search, ``start`` (0-based, among
    the decisions with a real choice) and at most ``limit`` of them (all by default); ``iterations`` play-outs per
    decision (50..4000, default 1500).  The session is not touched."""

    cmd: Literal["coach"]
    record: HandRecord
    seat: int
    start: NotRequired[int]
    limit: NotRequired[int]
    iterations: NotRequired[int]


class GameSetup(TypedDict):
    """A game's setup: new_game's fields."""

    game: NotRequired[str]
    hands: NotRequired[int]
    bots: NotRequired[list[str]]
    seats: NotRequired[list[SeatSetup]]
    seed: NotRequired[str | int | None]
    rules: NotRequired[RulesJson]
    names: NotRequired[list[str]]


class RestoreRequest(TypedDict):
    """Rebuild a game from its setup and the cards played in every dealt hand so far (a journal); answers a
    ViewAnswer (with the history).  Every card is checked as if played now; a refusal changes nothing.
    hand_seeds: per dealt hand, the seed next_hand was given for it, or null (the first entry is always null)."""

    cmd: Literal["restore"]
    setup: GameSetup
    hands: list[list[str]]
    hand_seeds: NotRequired[list[str | None]]


class PlainRequest(TypedDict):
    """bot_move: the bot to play plays one card; hint: a card for the viewer; records: the hand record of every
    settled hand; observe: the observation of an outside bot's seat at its turn (an ObserveAnswer)."""

    cmd: Literal["bot_move", "hint", "records", "observe"]


class OutsideMoveRequest(TypedDict):
    """An outside bot's move (a seat new_game gave the bot "outside": the player's bot in the bot lab): ``card``,
    the card it chose (checked like any card), or ``level``: one of our bots plays this move for it (the player's
    bot failed or is gone).  Answers a GameAnswer, or a refusal as play does."""

    cmd: Literal["outside_move"]
    card: NotRequired[str]
    level: NotRequired[str]


class NextHandRequest(TypedDict):
    """Deal the next hand (phase hand-over); seed: deal it from this seed of its own (deal 0 of it: a fair deal's
    seed, docs/peer.md) instead of the game's."""

    cmd: Literal["next_hand"]
    seed: NotRequired[str]


class SeatRequest(TypedDict):
    """A friend's seat (kind "remote") changes hands: kind "bot" with a level: a bot stands in (the friend is away);
    kind "remote": the friend plays it again (rejoined).  Answers a ViewAnswer."""

    cmd: Literal["seat"]
    seat: int
    kind: Literal["bot", "remote"]
    level: NotRequired[str]


class RenameRequest(TypedDict):
    """A friend's name came or changed while the game runs (play together): seat (a friend's) is called name from
    now on, cleaned as every name is (engine.peer.clean_name); answers a ViewAnswer."""

    cmd: Literal["rename"]
    seat: int
    name: str


class GuestRequest(TypedDict):
    """What a friend's seat may see (the guest's stream, docs/peer.md): its observation and the public events
    from index since (0: all of this game; the answer's next is the index to ask from next time)."""

    cmd: Literal["guest"]
    seat: int
    since: NotRequired[int]


class VerifyDealRequest(TypedDict):
    """Check a fair deal (docs/peer.md): the peers' commitments and revealed secrets (seat order) against the hand
    record that was played.  The session is not touched."""

    cmd: Literal["verify_deal"]
    commitments: list[str]
    secrets: list[str]
    record: HandRecord


class PeerCheckRequest(TypedDict):
    """Check a message a friend's page sent (the raw text as received) for its seat: size, shape, version,
    sequence number (each seat's last accepted one is kept) and turn (docs/peer.md)."""

    cmd: Literal["peer_check"]
    seat: int
    message: str


class PeerCheckHostRequest(TypedDict):
    """A guest's page: check a message the host sent (the raw text as received) on the page's one host link
    (reset: a new link, whose numbers start afresh); answers a PeerCheckAnswer or the message's refusal."""

    cmd: Literal["peer_check"]
    from_host: Literal[True]
    reset: NotRequired[bool]
    message: str


class FairRequest(TypedDict):
    """The host's fair deal (docs/peer.md#fair-deal), one round per dealt hand (hand_no: its ordinal in the game):
    fair_begin (with seats: 0 and the friends present, ascending) -> its commit message; fair_take (seat, message: a
    friend's commit or reveal as peer_check accepted it) -> the seats still waited for; fair_commitments -> the
    commitments message; fair_deal -> the seed, the dealt message and the round to keep; fair_secrets -> the secrets
    message, once that hand is over; fair_rounds (rounds: kept rounds, after a reload)."""

    cmd: Literal["fair_begin", "fair_take", "fair_commitments", "fair_deal", "fair_secrets", "fair_rounds"]
    hand_no: NotRequired[int]
    seats: NotRequired[list[int]]
    seat: NotRequired[int]
    message: NotRequired["PeerMessage"]
    rounds: NotRequired[list["FairRoundJson"]]


class GuestViewRequest(TypedDict):
    """A guest's page (play together): the view of its own seat from the last state message's observation and
    every public event it received (from index 0), with the table's names from the host's hello; answers a
    ViewAnswer (the legal cards, the trick's winner so far, the history).  The session is not touched."""

    cmd: Literal["guest_view"]
    observation: "ObservationJson"
    events: list[Event]
    names: list[str]


Request = (HelloRequest | NewGameRequest | CardRequest | ViewRequest | ReviewRequest | CoachRequest | RestoreRequest
           | PlainRequest | OutsideMoveRequest | NextHandRequest | SeatRequest | RenameRequest | GuestRequest
           | VerifyDealRequest
           | PeerCheckRequest | PeerCheckHostRequest | FairRequest | GuestViewRequest)


# -- answers ----------------------------------------------------------------------------------------------------

class Defaults(TypedDict):
    """What a new game uses when the request leaves a field out, and the choices the UI offers."""

    hands: int
    hands_choices: list[int]
    bots: list[str]
    names: list[str]
    rules: RulesJson
    coach_iterations: int   # play-outs per decision the coach uses when a coach request names none


class Limits(TypedDict):
    """Bounds new_game enforces (inclusive; lengths in characters)."""

    hands_min: int
    hands_max: int
    seed_max_len: int
    name_max_len: int
    seats_max: int   # the most seats at a table of the family (a fair deal's seats, engine.peer.SEATS)


class GameInfo(TypedDict):
    """A game the engine plays (docs/seats.md §1): its seats, the cards each is dealt, the card points of a hand, the
    hands of a game unless told (open_ended: the game ends by its own rule, Plus-Minus at 7 strokes), its rule
    flags (flags: the keys its rules take; rules: their defaults; choices: the values of each flag that is not true or
    false); zeros: whether a hand writes zeros at all (Plus-Minus: strokes only); target: the strokes that win a game
    that ends by its own rule (Plus-Minus: 7, alone on the most), absent otherwise; hundred: the card points from
    which a hand counts as "100 or more" in the game's settlement (docs/rules*.md §5-6)."""

    seats: int
    cards_per_hand: int
    hand_points: int
    hands: int
    open_ended: bool
    flags: list[str]
    rules: RulesJson
    choices: dict[str, list[str]]
    zeros: bool
    hundred: int
    target: NotRequired[int]


class CardPoints(TypedDict):
    """The card points of the rule books (docs/rules.md §2), the same in every game of the family: plain and trump
    by rank ("6".."A"), eights (a no-trump hand counted with the 8s worth 8, rule no_trump "eights") and the last
    trick's bonus."""

    plain: dict[str, int]
    trump: dict[str, int]
    eights: dict[str, int]
    last_trick: int


class HelloAnswer(TypedDict):
    """Answer to hello.  levels: bot level ids, weakest first (the UI names them); seats at the table, the seat
    the page plays (human_seat) and the card points of one hand (hand_points), so the UI copies none of them (seats
    and hand_points: Mittlere's; games: every game by its id)."""

    ok: Literal[True]
    protocol: int
    levels: list[str]
    seats: int
    human_seat: int
    hand_points: int
    card_points: CardPoints
    games: dict[str, GameInfo]
    peer_version: int   # the version of the messages between friends' pages (docs/peer.md)
    reactions: list[str]   # the reactions a player may send the table with friends (ids; the catalogs word them)
    defaults: Defaults
    limits: Limits


class GameAnswer(TypedDict):
    """Answer to new_game, play, next_hand; bot_move adds think_ms (the bot's thinking time)."""

    ok: Literal[True]
    events: list[Event]
    view: View
    think_ms: NotRequired[float]


class WhyAnswer(TypedDict):
    """Answer to why: legal, or the refusal's code and params (as in an ErrorInfo)."""

    ok: Literal[True]
    legal: bool
    code: str | None
    params: Params | None


class ObservationJson(TypedDict):
    """engine.observation.Observation as JSON (engine/obsjson.py): masks as ints below 2**36, tricks as
    [leader, cards, winner]; read back with engine.obsjson.observation_from_json (the bot lab does).  game: the
    game's id and seats its number of seats (every per-seat list has that length); this engine always sends both, an
    older one (a friend's page) may leave them out: then the game is Mittlere, with its three seats."""

    game: NotRequired[str]
    seats: NotRequired[int]
    seat: int
    rules: RulesJson
    dealer: int
    hand: int
    plays: list[list[int]]
    tricks: list[list[int | list[int]]]
    leader: int
    trick: list[int]
    trump: int
    trump_fixed_at: int | None
    trump_fixed_by: int | None
    tricks_won: list[int]
    captured: list[int]
    counts: list[int]
    excluded: list[int]
    scores: list[int]
    hands_left: int


class ObserveAnswer(TypedDict):
    """Answer to observe: the outside bot's seat and what it may see."""

    ok: Literal[True]
    seat: int
    observation: ObservationJson


class Reason(TypedDict):
    """Why a card is suggested: a code and its params, as the search gives them: sampled / solved {card, mean,
    next_best (expected strokes of the best and the next best card), samples, outcomes (percent by outcome class)};
    only_choice {card}."""

    code: str
    params: Params


class HintAnswer(TypedDict):
    """Answer to hint."""

    ok: Literal[True]
    card: str
    reason: Reason


class ViewAnswer(TypedDict):
    """Answer to view (view null before the first game)."""

    ok: Literal[True]
    view: View | None


class RecordsAnswer(TypedDict):
    """Answer to records."""

    ok: Literal[True]
    records: list[HandRecord]


class ReviewTrick(TypedDict):
    """A complete trick of a reviewed hand; points valued with the hand's final trump (trick 12 with its +5)."""

    leader: int
    cards: list[str]
    winner: int
    points: int


class ReplaySummary(TypedDict):
    """What ``python -m engine replay`` prints for a hand record (README, "Hand records and the CLI").  Molotow and
    Plus-Minus add strokes and zeros per seat (null until the hand is complete; Plus-Minus' zeros are all 0);
    Mittlere's output has neither (as before the family)."""

    trump: str | None
    trump_fixed_at: int | None
    tricks: list[ReviewTrick]
    complete: bool
    to_play: int | None
    legal: list[str]
    tricks_won: list[int]
    card_points: list[int]
    settlement: list[int] | None
    settlement_case: Case | None
    annulled: bool
    strokes: NotRequired[list[int] | None]
    zeros: NotRequired[list[int] | None]


class ReviewedHand(ReplaySummary):
    """A replayed hand record: the replay summary plus the dealt hands, the dealer, who fixed trump, the rules and
    the record in canonical form (what an export writes)."""

    dealer: int
    hands: list[list[str]]
    trump_fixed_by: int | None
    rules: RulesJson
    record: HandRecord
    roles: Roles | None
    trump_fixed_trick: int | None


class ReviewAnswer(TypedDict):
    """Answer to review: one reviewed hand per record, in order."""

    ok: Literal[True]
    hands: list[ReviewedHand]


class CoachDecision(TypedDict):
    """One decision the coach evaluated: the card played and the best card (codes) with their expected strokes
    (the game's own settlement: strokes minus zeros), the loss, a mark (blunder ≥ 0.5, mistake ≥ 0.2, inaccuracy ≥
    0.08, else null), the reason as a code with params (best; outcome_risk / outcome_missed {outcome, played_pct,
    best_pct}; worse_on_average), every distinct card's expected strokes, and the cards equivalent to the one
    played.  The outcomes, by game: Mittlere middle, hundred, no_trick (risks), lowest, highest, match (missed);
    Molotow middle, hundred, other_all (risks), lowest, highest, all_points, other_hundred (missed); Plus-Minus
    middle, hundred (risks), lowest, highest, passed (missed)."""

    play_index: int
    trick: int
    card: str
    best: str
    expected: float
    best_expected: float
    loss: float
    mark: Literal["blunder", "mistake", "inaccuracy"] | None
    reason: Reason
    options: dict[str, float]
    same_as: list[str]


class CoachAnswer(TypedDict):
    """Answer to coach: the decisions evaluated in this step, how many decisions the hand has for that seat, and
    the ``start`` of the next step (null when all are done)."""

    ok: Literal[True]
    decisions: list[CoachDecision]
    count: int
    next: int | None


class ErrorInfo(TypedDict):
    """What went wrong: a code and the params its sentence needs.  Codes: bad_json, bad_request,
    unknown_command {cmd}, no_game, bad_hands {min, max}, bad_bots {levels}, bad_seats {seats, kinds, levels}
    (new_game: not one entry per seat, "me" not exactly seat 0, an unknown kind or level, or both seats and bots),
    bad_seat {seat} (play, view: not the page's player's or a person's seat), remote_seat {seat} (view: a friend's
    seat, whose hand the host never shows; play: a friend's seat while a bot stands in), not_remote_seat {seat}
    (seat, guest, the peer check: not a friend's seat), bad_since {next} (guest: no such event index),
    bad_seed {max_len}, bad_rules {key} (new_game: a flag the game does not offer or a value it does not take),
    bad_game {games} (new_game: no such game; games: the known ids), bad_names {max_len}, bad_card {card},
    bad_records {max}, bad_record {hand, text} (review: the 1-based hand and the record's fault in English, the
    replay CLI's sentence; coach: hand 1), bad_coach {field} (coach: seat, start, limit or iterations out of range;
    the seat: one the record's game has), bad_journal {hand, index} (restore: the 1-based hand and the
    0-based card that failed, null when the journal's shape is wrong; a bad setup answers new_game's codes),
    not_playing, not_your_turn {seat}, not_bot_turn, outside_turn {seat} (our bot asked to play an outside bot's
    turn), not_outside_turn {seat} (an outside bot asked at another turn), bad_level {levels} (no such bot level),
    not_hand_over {phase}; a friend's message refused by the peer check (engine.peer): peer_too_big {max},
    peer_malformed {field}, peer_version {version}, peer_unknown_type {type}, peer_not_allowed {type},
    peer_replayed {seq, last}, peer_wrong_seat {seat}; peer_out_of_turn {seat} (play: a friend's card when it is not its
    seat's turn, seat: the seat to play, null when no card may be played); the host's fair deal (fair_*):
    bad_fair_round (fair_begin: seats not 0 then friends' seats ascending, a hand number out of range; fair_rounds: a
    kept round malformed or not matching its commitments), fair_unexpected (a commitment or secret not awaited now,
    or no such round), fair_mismatch {seat} (a friend's secret is not the one it committed to), fair_hand_not_over
    {hand_no} (fair_secrets before that hand's last card); the refusals not_in_hand {card},
    must_follow {card, suit, trump}, must_trump {card, trump}, undertrump {card, trump, over}, hand_complete; and
    internal (a bug) with detail "<ExcType>: <message>" for the error report."""

    code: str
    params: Params
    detail: NotRequired[str]


class ErrorAnswer(TypedDict):
    """A refused or failed request: nothing changed; view is the unchanged view (null without a game)."""

    ok: Literal[False]
    error: ErrorInfo
    view: View | None


class GuestAnswer(TypedDict):
    """Answer to guest: the friend's seat, its observation (what a bot gets), the public events from since on (at
    most engine.web.GUEST_CHUNK of them: a long game goes in several messages, none that grows with the game) and the
    index after them; more: true when events after them remain (ask again from next); nothing else about the game."""

    ok: Literal[True]
    seat: int
    observation: ObservationJson
    events: list[Event]
    next: int
    more: bool


class VerifyDealAnswer(TypedDict):
    """Answer to verify_deal: code "verified" (params {seed}: the hand's seed) or what does not match:
    bad_fair {} (not one 64-hex commitment per secret, 1..3 of them), bad_secret {peer}, commitment_mismatch {peer},
    deal_mismatch {seat} (peers counted from 0 in seat order)."""

    ok: Literal[True]
    verified: bool
    code: str
    params: Params


class PeerCheckAnswer(TypedDict):
    """Answer to peer_check: the message, accepted (its sequence number is now the seat's last)."""

    ok: Literal[True]
    message: "PeerMessage"


class FairRoundJson(TypedDict):
    """A dealt hand's fair deal as the host keeps it: the seats whose secrets made the seed (0 first), their
    commitments and secrets in that order."""

    hand_no: int
    seats: list[int]
    commitments: list[str]
    secrets: list[str]


class FairAnswer(TypedDict):
    """Answer to a fair_* request: the message to send the friends (without v and seq), if any; waiting: the seats
    whose commitment or secret has not come yet; fair_deal adds the hand's seed and the round to keep."""

    ok: Literal[True]
    message: NotRequired[Params]
    waiting: NotRequired[list[int]]
    seed: NotRequired[str]
    round: NotRequired[FairRoundJson]


Answer = (HelloAnswer | GameAnswer | WhyAnswer | HintAnswer | ViewAnswer | RecordsAnswer | ReviewAnswer
          | CoachAnswer | ObserveAnswer | GuestAnswer | VerifyDealAnswer | PeerCheckAnswer | FairAnswer | ErrorAnswer)


# -- messages between peers (play together, docs/peer.md; checked by engine.peer) --------------------------------
# Every message has v (the peer version, engine.peer.PEER_VERSION), type and seq (the sender's sequence number,
# rising by at least 1 per message on one link).

class PeerHello(TypedDict):
    """The first message each way: the host's says the guest's seat and the table's names; a guest's says its seat
    and its own name (names: [its name]), and is sent again whenever the name changes."""

    v: int
    type: Literal["hello"]
    seq: int
    seat: int
    names: list[str]


class PeerCommit(TypedDict):
    """A peer's commitment for the hand hand_no: SHA-256 of its secret, 64 hex digits."""

    v: int
    type: Literal["commit"]
    seq: int
    hand_no: int
    commitment: str


class PeerReveal(TypedDict):
    """A guest's secret for the hand hand_no (64 hex digits), once it holds every peer's commitment."""

    v: int
    type: Literal["reveal"]
    seq: int
    hand_no: int
    secret: str


class PeerCommitments(TypedDict):
    """Host to guest, once every commitment for the hand hand_no is in: the seats taking part in its deal (ascending,
    the host's 0 first) and each one's commitment, in that order. A guest reveals its secret only after this."""

    v: int
    type: Literal["commitments"]
    seq: int
    hand_no: int
    seats: list[int]
    commitments: list[str]


class PeerDealt(TypedDict):
    """Host to guest, when the hand hand_no is dealt: the seats whose secrets made its seed (those of commitments,
    less any friend who fell silent), never the secrets. A guest that revealed and is not among them warns at once."""

    v: int
    type: Literal["dealt"]
    seq: int
    hand_no: int
    seats: list[int]


class PeerSecrets(TypedDict):
    """Host to guest, once the hand hand_no is over (its last card played), never before: the seats whose secrets
    made the seed (the dealt message's) and each one's secret, in that order: every page re-deals and checks."""

    v: int
    type: Literal["secrets"]
    seq: int
    hand_no: int
    seats: list[int]
    secrets: list[str]


class PeerState(TypedDict):
    """Host to guest: the guest's observation and the public events from index since (a GuestAnswer's fields);
    more: further state messages follow at once (the page shows the table once the last has come)."""

    v: int
    type: Literal["state"]
    seq: int
    seat: int
    observation: ObservationJson
    events: list[Event]
    next: int
    more: bool


class PeerCard(TypedDict):
    """Guest to host: the card the guest plays (its turn; the host's engine checks it like any card)."""

    v: int
    type: Literal["card"]
    seq: int
    card: str


class PeerReady(TypedDict):
    """Guest to host, after a hand: the friend is ready for the next one (hand_no: the next dealt hand's ordinal). The
    host sees who is ready and may deal anyway."""

    v: int
    type: Literal["ready"]
    seq: int
    hand_no: int


class PeerReact(TypedDict):
    """A reaction to the table (one of hello's reactions, never free text): a guest's own (seat: its seat), or the host
    passing one on (seat: whose it is). Shown by that seat for a few seconds; rate-limited by the host."""

    v: int
    type: Literal["react"]
    seq: int
    seat: int
    reaction: str


class PeerPresence(TypedDict):
    """away: the host says seat is gone (a bot may stand in); rejoin: a guest is back in its seat (a guest sends it
    first on a new link with its own seat; the host tells the others)."""

    v: int
    type: Literal["away", "rejoin"]
    seq: int
    seat: int


class PeerBye(TypedDict):
    """The sender leaves the table for good (the game is over or the player left)."""

    v: int
    type: Literal["bye"]
    seq: int


PeerMessage = (PeerHello | PeerCommit | PeerReveal | PeerCommitments | PeerDealt | PeerSecrets | PeerState | PeerCard
               | PeerReady | PeerReact | PeerPresence | PeerBye)
