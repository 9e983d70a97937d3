"""Stall watchdog: a worker that silently stops consuming is an outage nobody sees.

A partition is *stuck* when it is assigned to this worker, has records waiting (its end
offset is past the committed offset) and its committed offset has not moved for
``CHAO_WORKER_STALL_TIMEOUT_S``. Then ``/ready`` answers 503 with the stuck partitions,
``chao_worker_stalled`` is 1, the log names the partitions and since when they are stuck,
and the worker stops with an error (exit code non-zero) so that its supervisor restarts
it: a restart loses nothing (state and offsets were committed in order, the new worker
replays from the committed offsets).

Not a fix for any stall: each cause is to be found and fixed (issue 19's was the gap timer
waiting for a first batch). This is the safety net, and what an operator sees.

:class:`StallWatch` is the decision, pure (the clock is passed in); :class:`Watchdog` wires
it into a worker. :func:`hang_after` is the fault-injection hook the fault test uses
(``CHAO_WORKER_FAULT_HANG_AFTER_BATCHES``, off by default).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pipeline.errors import PipelineError

log = logging.getLogger("chao.watchdog")

#: (topic, partition) -> (end offset, committed offset)
Offsets = Mapping[tuple[str, int], tuple[int, int]]


class WorkerStalled(PipelineError):
    """Assigned partitions had records waiting and made no progress for the timeout."""


@dataclass(frozen=True)
class Stuck:
    topic: str
    partition: int
    waiting: int  # records between the committed offset and the end
    since: float  # clock time from which the committed offset has not moved

    def describe(self, now: float, wall_now: float) -> str:
        since = time.strftime("%H:%M:%S", time.gmtime(wall_now - (now - self.since)))
        return (
            f"{self.topic}[{self.partition}]: {self.waiting} records waiting, "
            f"no progress since {since} UTC ({now - self.since:.0f} s)"
        )


class StallWatch:
    """Which assigned partitions are stuck, from successive looks at their offsets.

    ``observe`` is called periodically with the clock's time and the offsets of the
    assigned input partitions (``active=False`` while the worker is rebalancing or
    recovering: nothing is expected to move then, and the assignment may change, so
    everything starts afresh). A partition makes progress when its committed offset moves,
    or when nothing waits in it.
    """

    def __init__(self, timeout_s: float) -> None:
        self.timeout_s = timeout_s
        # (topic, partition) -> (committed offset last seen, since when unchanged)
        self._seen: dict[tuple[str, int], tuple[int, float]] = {}

    def observe(self, now: float, offsets: Offsets, *, active: bool = True) -> list[Stuck]:
        if not active:
            self._seen.clear()
            return []
        seen: dict[tuple[str, int], tuple[int, float]] = {}
        stuck = []
        for key, (end, committed) in sorted(offsets.items()):
            if end <= committed:
                continue  # nothing waiting: not stuck, and the clock restarts
            before = self._seen.get(key)
            since = before[1] if before is not None and before[0] == committed else now
            seen[key] = (committed, since)
            if now - since >= self.timeout_s:
                stuck.append(Stuck(key[0], key[1], end - committed, since))
        self._seen = seen
        return stuck


class Watchdog:
    """Runs a :class:`StallWatch` in a worker (``check`` from a timer) and stops the worker
    when partitions are stuck; ``stuck`` is what /ready and the gauge show."""

    def __init__(
        self,
        timeout_s: float,
        offsets: Callable[[], Offsets],
        active: Callable[[], bool],
        stop: Callable[[BaseException], Awaitable[Any]],
        *,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        exit_delay_s: float = 5.0,
    ) -> None:
        self.watch = StallWatch(timeout_s)
        self.offsets = offsets
        self.active = active
        self.stop = stop
        self.clock = clock
        self.wall_clock = wall_clock
        self.exit_delay_s = exit_delay_s
        self.stuck: list[Stuck] = []

    @property
    def stalled(self) -> bool:
        return bool(self.stuck)

    def ready_body(self) -> dict[str, Any]:
        """What /ready adds while stalled (it answers 503 then)."""
        return {
            "stalled": [
                {"topic": s.topic, "partition": s.partition, "waiting": s.waiting}
                for s in self.stuck
            ]
        }

    async def check(self) -> None:
        if self.stuck:
            return  # already stopping
        now = self.clock()
        stuck = self.watch.observe(now, self.offsets(), active=self.active())
        if not stuck:
            return
        self.stuck = stuck
        wall_now = self.wall_clock()
        log.error(
            "worker stalled, stopping it for a restart (nothing is lost: it resumes from the "
            "committed offsets): %s",
            "; ".join(s.describe(now, wall_now) for s in stuck),
        )
        # A few seconds for /ready and /metrics to be seen saying so, then exit non-zero.
        await asyncio.sleep(self.exit_delay_s)
        names = ", ".join(f"{s.topic}[{s.partition}]" for s in stuck)
        await self.stop(WorkerStalled(f"no progress on {names} for {self.watch.timeout_s} s"))


def hang_after(
    batches: int, deliver: Callable[[list[Any]], Awaitable[None]]
) -> Callable[[list[Any]], Awaitable[None]]:
    """Fault injection (``CHAO_WORKER_FAULT_HANG_AFTER_BATCHES``, tests only): the
    ``batches``-th delivery of fetched messages to an agent, and every later one, never
    returns, as when an agent hangs on an await that is never woken (the fetch loop waits
    on it, nothing more is processed or committed, the process looks healthy)."""
    delivered = 0

    async def deliver_then_hang(messages: list[Any]) -> None:
        nonlocal delivered
        delivered += 1
        if delivered >= batches:
            log.warning("fault injection: delivery of fetched messages hangs from now on")
            await asyncio.Event().wait()
        await deliver(messages)

    return deliver_then_hang
