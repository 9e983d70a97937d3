"""What every detector is: a name, the literals it needs, and a check of one context."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from pipeline.screening.context import Context

__all__ = ["TOKEN_CHARS", "Detector", "run_end", "run_start"]

# Characters a token (a key, a URL, a path) is made of: a run of them is one "word".
TOKEN_STOP = frozenset(" \t\r\n\"'`<>()[]{}|\\,;")
TOKEN_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.~:%@!$&*#?"
)


def run_start(text: str, index: int, stop: frozenset[str] = TOKEN_STOP, limit: int = 2048) -> int:
    """Start of the run of non-stop characters that contains ``text[index]``."""
    floor = max(0, index - limit)
    while index > floor and text[index - 1] not in stop:
        index -= 1
    return index


def run_end(text: str, index: int, stop: frozenset[str] = TOKEN_STOP, limit: int = 4096) -> int:
    """End (exclusive) of the run of non-stop characters that starts at or spans ``index``."""
    ceiling = min(len(text), index + limit)
    while index < ceiling and text[index] not in stop:
        index += 1
    return index


class Detector(Protocol):
    """One of the contract's five detectors."""

    name: str

    def anchors(self) -> Iterable[tuple[str, str]]:
        """(lower-case literal, trigger) pairs: the check needs one of the literals."""
        ...

    def check(self, ctx: Context) -> bool:
        """Whether this detector fires on ``ctx`` (its ``hits`` filled by the scan)."""
        ...
