"""A strict runtime check of JSON values against the protocol's TypedDicts (engine/protocol.py).

``problems(value, Type)`` lists every way ``value`` differs from ``Type``: a missing required key, an unknown key,
a value of the wrong type.  The protocol tests run every answer of whole games through it.
"""

import functools
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


def problems(value: Any, tp: Any, where: str = "$") -> list[str]:
    if tp is Any:
        return []
    if tp is None or tp is type(None):
        return [] if value is None else [f"{where}: {value!r:.60} is not null"]
    origin = get_origin(tp)
    if origin is Literal:
        return [] if any(value == a and type(value) is type(a) for a in get_args(tp)) else \
            [f"{where}: {value!r:.60} is not one of {get_args(tp)}"]
    if origin in (Union, types.UnionType):
        options = [problems(value, a, where) for a in get_args(tp)]
        if any(not p for p in options):
            return []
        # report the option that got furthest (fewest problems), e.g. the matching event type
        return min(options, key=len)
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not an object ({tp.__name__})"]
        hints = _hints(tp)
        out = [f"{where}: missing {k!r} ({tp.__name__})" for k in tp.__required_keys__ if k not in value]
        out += [f"{where}: unknown key {k!r} ({tp.__name__})" for k in value if k not in hints]
        for k, v in value.items():
            if k in hints:
                out += problems(v, hints[k], f"{where}.{k}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        (item,) = get_args(tp)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not an object"]
        _, item = get_args(tp)
        return [p for k, v in value.items() for p in problems(v, item, f"{where}.{k}")]
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r:.60} is not a bool"]
    if tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r:.60} is not an int"]
    if tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r:.60} is not a number"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r:.60} is not a string"]
    raise TypeError(f"conforms.py does not know the type {tp!r}")



@functools.cache
def _hints(tp: Any) -> dict[str, Any]:
    return get_type_hints(tp)
