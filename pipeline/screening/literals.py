"""One pass over a text for every anchor literal of every rule (Hyperscan, literal mode).

Why Hyperscan (``python -m benchmarks.bench_screening``, BENCHMARKS.md "Screening": the
engines interleaved on the same 20,000 summaries of generated traffic, best of five).
"Does any literal occur?", the question nearly every summary stops at, ran at about the
same rate on Hyperscan and on an Aho-Corasick automaton (pyahocorasick) with the
shipped literals (575k and 597k texts/s in the run recorded there), but as literals are
added Hyperscan keeps its rate and Aho-Corasick does not: with 4 and 16 times the
literals, 584k and 516k against 403k and 334k. An RE2 set (google-re2) ran at 490k and
would not compile with 16 times the literals; one Python alternation of the same
literals ran at about 2k texts/s. Aho-Corasick collects every hit faster (Hyperscan
calls back into Python once per hit), but only the few texts with hits take that path.

Hyperscan reports byte offsets of the UTF-8 text: they are turned into character
positions here (the same numbers for ASCII text, the common case).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from threading import get_ident
from typing import Generic, TypeVar

import hyperscan

__all__ = ["LiteralScanner"]

P = TypeVar("P")


class LiteralScanner(Generic[P]):
    """Finds every occurrence of a set of lower-case literals, each with its payload."""

    def __init__(self, literals: Sequence[tuple[str, P]]) -> None:
        self._payloads: list[P] = [payload for _, payload in literals]
        self._lengths: list[int] = [len(literal.encode()) for literal, _ in literals]
        self._db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        self._db.compile(
            expressions=[literal.encode() for literal, _ in literals],
            ids=list(range(len(literals))),
            elements=len(literals),
            literal=True,
        )
        self._scratch = hyperscan.Scratch(self._db)
        self._local = threading.local()
        self._owner = threading.get_ident()

    def __len__(self) -> int:
        return len(self._payloads)

    def _scratch_here(self) -> hyperscan.Scratch:
        # A scratch space serves one scan at a time: one per thread.
        if threading.get_ident() == self._owner:
            return self._scratch
        scratch: hyperscan.Scratch | None = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._scratch.clone()
            self._local.scratch = scratch
        return scratch

    def any(self, low: str) -> bool:
        """Whether any literal occurs in ``low``: stops at the first."""
        scratch = self._scratch if get_ident() == self._owner else self._scratch_here()
        try:
            # Positional arguments (data, match_event_handler, flags, context, scratch): the
            # binding parses keywords in half of this call's own time (measured, 700 -> 320 ns).
            self._db.scan(low.encode(), _stop, 0, None, scratch)
        except hyperscan.ScanTerminated:
            return True
        return False

    def hits(self, low: str) -> list[tuple[int, P]]:
        """(start position in characters, payload) of every occurrence, in order."""
        found: list[tuple[int, int]] = []
        append = found.append

        def on_match(index: int, start: int, end: int, flags: int, context: object) -> None:
            append((end, index))

        data = low.encode()
        self._db.scan(data, on_match, 0, None, self._scratch_here())  # positional, as in any()
        lengths, payloads = self._lengths, self._payloads
        if len(data) == len(low):  # ASCII: byte offsets are character positions
            return [(end - lengths[i], payloads[i]) for end, i in found]
        return [(_char_index(data, end - lengths[i]), payloads[i]) for end, i in found]


def _stop(index: int, start: int, end: int, flags: int, context: object) -> bool:
    return True


def _char_index(data: bytes, byte_offset: int) -> int:
    return len(data[:byte_offset].decode("utf-8", errors="ignore"))
