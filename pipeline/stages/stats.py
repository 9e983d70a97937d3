"""Plain counters the stages bump on the hot path.

Cheap dict and int increments only; the Prometheus exporter and the file-mode summary
read them (the exporter by differences, once per batch), so counting never costs a
Prometheus call per event.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


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

    def total_consumed(self) -> int:
        return sum(self.consumed.values())
