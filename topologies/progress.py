"""The input watermark: up to what arrival time the whole group has processed its input.

Contract section 3.4: a gap may be skipped only once every raw partition has been
processed past the arrival of the waiting event plus the reorder window, whoever owns the
partitions (this worker, another one, or nobody while a member is dead or a rebalance
runs); processing delays never count. :class:`InputProgress` turns looks at the input into
that time, the *watermark*: every raw record that was appended before it has been
processed, through the re-key hop to the ordering stage of its session's owner.

It decides on plain data (:class:`InputReading`), so tests drive it through members
joining, dying and rebalancing, a frozen member, idle partitions and backlogs with a
fake clock. The worker (``topologies.pipeline_app``) takes a reading on its gap timer with
``pipeline.kafka.offsets.GroupOffsets``.

How a reading is taken, and why in this order:

1. ``processed``: for every raw and re-key partition, the next offset not processed yet,
   group-wide: the group's committed offset (the partition's log start where it has none),
   or this worker's own position where it owns the partition and is further;
2. then ``ends``: the end offset of every raw and re-key partition, at clock time ``at``.

Every record appended before ``at`` lies below ``ends``. So once a later reading's
``processed`` covers a reading's raw ends, every raw record that arrived before its ``at``
has been staged: ordered in place, or sent to the re-key topic, where it lies below the
re-key ends of any reading taken after that ``processed`` (step 2 follows step 1). Once a
still later reading's ``processed`` covers those re-key ends too, ``at`` is the watermark.
A partition with nothing to read passes at once: it never holds the watermark back, so on
a caught-up input the watermark trails the clock by about two readings.

The long limit: a partition that has records to read and whose processed offset has not
moved for ``stall_after_s`` is *stalled* (not being processed at all; the same test as the
worker's watchdog). While some partition is, the gap timer may skip a gap that has been
held for ``CHAO_GAP_MAX_WAIT_S`` (``SessionSequencer.expire``).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field

TP = tuple[str, int]
Offsets = dict[TP, int]
_MAX_PENDING = 10_000  # readings remembered while behind (at 10 a second: 17 minutes)


@dataclass(frozen=True)
class InputReading:
    """One look at the input (module docstring: how it is taken)."""

    at: float  # clock time when the end offsets were asked for
    processed: Mapping[TP, int]  # next offset not processed, every raw and re-key partition
    ends: Mapping[TP, int]  # end offsets, every raw and re-key partition, read after


@dataclass
class _Tick:
    at: float
    raw_ends: Offsets
    staged_ends: Offsets | None = None  # set once every raw partition passed raw_ends


@dataclass
class InputProgress:
    raw_topic: str
    stall_after_s: float
    watermark: float = -math.inf
    # Partitions with records to read that made no progress for stall_after_s (last reading).
    stalled: list[TP] = field(default_factory=list)
    _pending: deque[_Tick] = field(default_factory=deque)
    _staged: int = 0  # how many ticks at the front of _pending have their staged_ends
    _last: dict[TP, tuple[int, float]] = field(default_factory=dict)  # (processed, since)

    def observe(self, reading: InputReading) -> float:
        """Take a reading; return the watermark."""
        processed, ends = reading.processed, reading.ends
        pending = self._pending
        # The re-key step, oldest first: their re-key ends were read before these offsets.
        while self._staged and _passed(pending[0].staged_ends or {}, processed):
            self.watermark = max(self.watermark, pending.popleft().at)
            self._staged -= 1
        # The raw step: the staged ticks are a prefix of pending; every raw partition has
        # passed these ticks' raw ends, so their re-keyed records lie below this reading's
        # re-key ends (read after its processed offsets).
        staged_ends: Offsets | None = None
        while self._staged < len(pending) and _passed(pending[self._staged].raw_ends, processed):
            if staged_ends is None:
                staged_ends = {tp: end for tp, end in ends.items() if tp[0] != self.raw_topic}
            pending[self._staged].staged_ends = staged_ends
            self._staged += 1
        if len(pending) < _MAX_PENDING:
            raw_ends = {tp: end for tp, end in ends.items() if tp[0] == self.raw_topic}
            pending.append(_Tick(reading.at, raw_ends))
        self._note_stalls(reading)
        return self.watermark

    def restart(self) -> None:
        """Forget the readings in progress and the watermark (after a rebalance: the
        positions this worker counted as processed may have been of partitions it lost
        before committing them; the group's committed offsets are the only safe start)."""
        self._pending.clear()
        self._staged = 0
        self.watermark = -math.inf

    def _note_stalls(self, reading: InputReading) -> None:
        stalled = []
        for tp, end in reading.ends.items():
            at = reading.processed.get(tp, 0)
            last = self._last.get(tp)
            if at >= end or last is None or last[0] != at:
                self._last[tp] = (at, reading.at)
            elif reading.at - last[1] >= self.stall_after_s:
                stalled.append(tp)
        self.stalled = sorted(stalled)


def _passed(ends: Offsets, processed: Mapping[TP, int]) -> bool:
    return all(processed.get(tp, 0) >= end for tp, end in ends.items())


def advance(positions: Offsets, topic: str, partition: int, next_offset: int) -> None:
    key = (topic, partition)
    if next_offset > positions.get(key, -1):
        positions[key] = next_offset
