"""Which traces may hold events past the age bound, without looking at every trace.

The worker ages traces out on a timer (``topologies.traces.Traces.expire``, every
``CHAO_WORKER_IDLE_CHECK_INTERVAL_S``), under the lock the batches take. A pass over every
held trace costs about a microsecond each: a second with a million sessions, during which
no batch is processed. :class:`OldestFirst` keeps, for each trace, the append time of its
oldest event as it was when noted, in a heap; a pass pops only the traces noted as older
than the age bound, so it costs what actually ages out (plus a log factor).

A noted time may be older than the trace's real oldest event (appends prune by count and
age too): such a trace is popped early, found not due, and noted again with its real
oldest time. It is never younger, so a due trace is never missed. Traces that appear other
than through the noted path (recovery replaying the clean topic) are indexed by
:meth:`OldestFirst.rebuild`, a single full pass.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable


class OldestFirst:
    """Session ids by the append time of their trace's oldest event, oldest first."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, str]] = []
        self._noted: set[str] = set()

    def __len__(self) -> int:
        return len(self._noted)

    def note(self, session_id: str, oldest: float) -> None:
        """A trace that holds events, the oldest appended at ``oldest``. A trace noted
        already keeps its earlier (never later) time until it is popped."""
        if session_id not in self._noted:
            self._noted.add(session_id)
            heapq.heappush(self._heap, (oldest, session_id))

    def pop_due(self, horizon: float) -> list[str]:
        """Remove and return the traces noted with an oldest event before ``horizon``;
        the caller prunes them and notes again the ones that still hold events."""
        heap, due = self._heap, []
        while heap and heap[0][0] < horizon:
            _, session_id = heapq.heappop(heap)
            self._noted.discard(session_id)
            due.append(session_id)
        return due

    def rebuild(self, oldest: Iterable[tuple[str, float]]) -> None:
        """Index exactly these traces: (session id, its oldest event's append time)."""
        self._heap = [(at, session_id) for session_id, at in oldest]
        heapq.heapify(self._heap)
        self._noted = {session_id for _, session_id in self._heap}
