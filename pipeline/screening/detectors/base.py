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
    return max(floor, max(text.rfind(ch, floor, index) for ch in stop) + 1)


def run_end(text: str, index: int, stop: frozenset[str] = TOKEN_STOP, limit: int = 4096) -> int:
    """End (exclusive) of the run of non-stop characters that starts at or spans ``index``."""
    ceiling = min(len(text), index + limit)
    ends = [at for at in (text.find(ch, index, ceiling) for ch in stop) if at != -1]
    return min(ends) if ends else ceiling


class Detector(Protocol):
    """One of the contract's five detectors."""

    name: str

    def anchors(self) -> Iterable[tuple[str, str]]:
        """(lower-case literal, trigger) pairs: the check needs one of the literals."""
        ...

    def check(self, ctx: Context) -> bool:
        """Whether this detector fires on ``ctx`` (its ``hits`` filled by the scan)."""
        ...
