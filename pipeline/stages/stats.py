"""Plain counters the stages bump on the hot path.

Cheap dict and int increments only; the Prometheus exporter and the file-mode summary
read them (the exporter by differences, once per batch), so counting never costs a
Prometheus call per event.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final, TypeVar

_K = TypeVar("_K")

# Upper bounds (seconds) of chao_end_to_end_latency_seconds; +Inf is implied.
LATENCY_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class HotCounter(Counter[_K]):
    """A Counter whose ``counter[key] += 1`` costs half as much.

    ``Counter`` defines ``__delitem__`` in Python (deleting a missing key is not an error),
    and that makes every item assignment go through a Python-level slot, deletion or not.
    This one deletes as ``dict`` does (a missing key raises KeyError) and keeps everything
    else of ``Counter``: missing keys read as 0, ``most_common``, ``total``, arithmetic.
    """

    __slots__ = ()
    __delitem__ = dict.__delitem__  # type: ignore[assignment]


@dataclass
class Stats:
    consumed: Counter[str] = field(default_factory=HotCounter)  # by family ("unknown": none)
    released: Counter[str] = field(default_factory=HotCounter)  # by family
    published: Counter[str] = field(default_factory=HotCounter)  # by topic
    dead_letters: Counter[tuple[str, str]] = field(default_factory=HotCounter)  # (stage, reason)
    cot_dropped: Counter[str] = field(default_factory=HotCounter)  # by reason
    unsafe_detectors: Counter[str] = field(default_factory=HotCounter)  # by detector
    tool_events: Counter[tuple[str, str]] = field(default_factory=HotCounter)  # (key, status)
    duplicates: int = 0
    late: int = 0
    gaps: int = 0
    # The same two counts by cause (pipeline.stages.ordering: GAP_CAUSES, LATE_CAUSES).
    gaps_by_cause: Counter[str] = field(default_factory=HotCounter)
    late_by_cause: Counter[str] = field(default_factory=HotCounter)
    tool_calls_removed: int = 0
    waiting: int = 0  # gauge: events held in reorder buffers right now
    sessions_forgotten: int = 0
    sessions_evicted: int = 0  # least recently active sessions dropped at max_sessions
    # End-to-end latency histogram (envelope ts to publish): counts per bucket, +Inf last.
    latency_counts: list[int] = field(default_factory=lambda: [0] * (len(LATENCY_BUCKETS) + 1))
    latency_sum: float = 0.0

    def total_consumed(self) -> int:
        return sum(self.consumed.values())

    def observe_latency(self, ts: str, now: float) -> None:
        """Record publish latency of an event whose envelope ``ts`` is an RFC 3339 string."""
        try:
            emitted = datetime.fromisoformat(ts).timestamp()
        except ValueError:  # validated already; the rare form fromisoformat can't read
            return
        latency = max(0.0, now - emitted)
        self.latency_counts[bisect_left(LATENCY_BUCKETS, latency)] += 1
        self.latency_sum += latency
