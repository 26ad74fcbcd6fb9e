"""Mittlere Jass: a pure-Python rules engine (standard library only; runs in CPython and Pyodide).

Modules: ``cards`` (cards and bit sets), ``rules`` (legal cards, reasons, trick winner),
``state`` (a hand and its transitions), ``scoring`` (counting and settlement), ``games`` (each game's
seats, settlement and end), ``deal`` (seeded deals), ``observation`` (a seat's view), ``game`` (N hands),
``record`` (hand records), ``cli`` (``python -m engine``), ``web`` (the JSON protocol of the browser app).
"""

from .cards import code, parse_card
from .game import Game
from .games import GAMES, GameSpec, game_spec
from .observation import Observation, observe
from .rules import Rules
from .state import HandState, IllegalMove, apply_move, legal_move_mask, outcome, refusal

__version__ = "0.1.0"

__all__ = ["GAMES", "Game", "GameSpec", "HandState", "IllegalMove", "Observation", "Rules", "apply_move", "code",
           "game_spec", "legal_move_mask", "observe", "outcome", "parse_card", "refusal"]
