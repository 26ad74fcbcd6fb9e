"""Quoting bad input in error messages, cut to a readable length."""

from __future__ import annotations

#: Longest quotation of a bad input in a message (a 10 MB card code must not give a 10 MB line).
QUOTE_MAX = 60


def quote(value: object, limit: int = QUOTE_MAX) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters (never raises)."""
    try:
        text = repr(value)
    except Exception:  # e.g. an int beyond Python's digit limit for str(), a RecursionError
        text = f"<{type(value).__name__}>"
    return cut(text, limit)


def cut(text: str, limit: int = QUOTE_MAX) -> str:
    """``text`` cut to ``limit`` characters (the last one an ellipsis when it was longer)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
