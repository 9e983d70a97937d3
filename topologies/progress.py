"""How far the worker has caught up with its input, as a clock time for the gap timer.

The reorder window is wall-clock time, but an event that fills a gap can sit in a backlog
(raw topic, or re-key topic) while the worker is behind. ``CatchUpTracker`` answers "up
to what time has everything that was in the input been processed?" in two steps, because
a raw record becomes a re-key record before it reaches the ordering stage:

1. every tick, the end offsets of the assigned raw partitions are noted with the time;
2. once the ``stage`` agent has processed past them, the end offsets of the re-key
   partitions at that moment are noted (including what this worker itself has just
   produced there);
3. once the ``sequence`` agent has processed past those, the tick's time is caught up.

The gap timer skips a gap only when its waiting event arrived before that time.
Partitions owned by other workers are not visible here: the window must still cover their
lag (see README, "Failover and the reorder window").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

Offsets = dict[tuple[str, int], int]
_MAX_PENDING = 100_000  # ticks remembered while behind (10 per second: hours of backlog)


@dataclass
class _Tick:
    at: float
    raw_ends: Offsets
    staged_ends: Offsets | None = None


@dataclass
class CatchUpTracker:
    clock: Callable[[], float]
    raw_positions: Offsets = field(default_factory=dict)  # next offset the stage agent reads
    staged_positions: Offsets = field(default_factory=dict)  # ... the sequence agent reads
    staged_produced: Offsets = field(default_factory=dict)  # next offset after what we sent
    caught_up_to: float = float("-inf")
    _pending: deque[_Tick] = field(default_factory=deque)

    def reset(self) -> None:
        """After a rebalance: positions and ticks of the old assignment mean nothing."""
        self.raw_positions.clear()
        self.staged_positions.clear()
        self.staged_produced.clear()
        self._pending.clear()
        self.caught_up_to = float("-inf")

    def tick(
        self,
        raw_ends: Offsets,
        staged_ends: Offsets,
        committed: Callable[[tuple[str, int]], int],
        owned_staged: Collection[tuple[str, int]] | None = None,
    ) -> float:
        """Note this moment's raw end offsets; advance what is caught up; return it.

        ``owned_staged``: the re-key partitions this worker orders. What it sent to other
        workers' re-key partitions is theirs to process: waiting for it here (it never
        reads them) held ``caught_up_to`` at -inf until the next rebalance, so with two
        workers and raw keys that are not the sessionId no gap was ever skipped (found by
        the zombie fault test)."""
        if len(self._pending) < _MAX_PENDING:
            self._pending.append(_Tick(self.clock(), dict(raw_ends)))
        while self._pending:
            tick = self._pending[0]
            if tick.staged_ends is None:
                if not _passed(tick.raw_ends, self.raw_positions, committed):
                    break
                ends = dict(staged_ends)
                for tp, offset in self.staged_produced.items():
                    if owned_staged is None or tp in owned_staged:
                        ends[tp] = max(ends.get(tp, 0), offset)
                tick.staged_ends = ends
            if not _passed(tick.staged_ends, self.staged_positions, committed):
                break
            self.caught_up_to = tick.at
            self._pending.popleft()
        return self.caught_up_to


def _passed(ends: Offsets, positions: Offsets, committed: Callable[[tuple[str, int]], int]) -> bool:
    # A partition this worker has not read from yet starts at its committed offset.
    return all(positions.get(tp, committed(tp)) >= end for tp, end in ends.items())


def advance(positions: Offsets, topic: str, partition: int, next_offset: int) -> None:
    key = (topic, partition)
    if next_offset > positions.get(key, -1):
        positions[key] = next_offset
