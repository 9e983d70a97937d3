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
from typing import Final

# Upper bounds (seconds) of chao_end_to_end_latency_seconds; +Inf is implied.
LATENCY_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


@dataclass
class Stats:
    consumed: Counter[str] = field(default_factory=Counter)  # by family ("unknown": none)
    released: Counter[str] = field(default_factory=Counter)  # by family
    published: Counter[str] = field(default_factory=Counter)  # by topic
    dead_letters: Counter[tuple[str, str]] = field(default_factory=Counter)  # (stage, reason)
    cot_dropped: Counter[str] = field(default_factory=Counter)  # by reason
    unsafe_detectors: Counter[str] = field(default_factory=Counter)  # by detector
    tool_events: Counter[tuple[str, str]] = field(default_factory=Counter)  # (tool_key, status)
    duplicates: int = 0
    late: int = 0
    gaps: int = 0
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
