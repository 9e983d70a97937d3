"""The stall watchdog's decision (topologies.watchdog), with a clock passed in: no broker,
no sleeping."""

from __future__ import annotations

import asyncio

import pytest

from pipeline.config import WorkerSettings
from pipeline.models.api import ReadyBody
from topologies.watchdog import StallWatch, Stuck, Watchdog, WorkerStalled, hang_after

RAW = ("chao.raw.events", 0)
RAW1 = ("chao.raw.events", 1)
STAGED = ("chao-pipeline-staged", 3)


def test_records_waiting_without_progress_for_the_timeout_are_stuck() -> None:
    watch = StallWatch(60)
    assert watch.observe(0, {RAW: (100, 40)}) == []
    assert watch.observe(59.9, {RAW: (120, 40)}) == []
    assert watch.observe(60, {RAW: (130, 40)}) == [Stuck("chao.raw.events", 0, 90, 0)]


def test_progress_restarts_the_clock() -> None:
    watch = StallWatch(60)
    watch.observe(0, {RAW: (100, 40)})
    watch.observe(50, {RAW: (100, 41)})  # one record committed: progress
    assert watch.observe(100, {RAW: (100, 41)}) == []
    assert watch.observe(110, {RAW: (100, 41)}) == [Stuck("chao.raw.events", 0, 59, 50)]


def test_nothing_waiting_is_never_stuck_however_long() -> None:
    watch = StallWatch(60)
    for now in range(0, 1000, 10):
        assert watch.observe(now, {RAW: (100, 100), STAGED: (0, 0)}) == []
    # Records arrive: the clock starts then, not at the last move of the offset.
    assert watch.observe(1000, {RAW: (150, 100)}) == []
    assert watch.observe(1059, {RAW: (150, 100)}) == []
    assert watch.observe(1060, {RAW: (150, 100)}) == [Stuck("chao.raw.events", 0, 50, 1000)]


def test_only_the_stuck_partitions_are_named() -> None:
    watch = StallWatch(10)
    watch.observe(0, {RAW: (10, 0), RAW1: (10, 0), STAGED: (5, 0)})
    stuck = watch.observe(10, {RAW: (10, 0), RAW1: (10, 5), STAGED: (5, 0)})
    assert [(s.topic, s.partition) for s in stuck] == [STAGED, RAW]


def test_rebalancing_or_recovering_is_not_a_stall_and_starts_afresh() -> None:
    watch = StallWatch(10)
    watch.observe(0, {RAW: (10, 0)})
    assert watch.observe(20, {RAW: (10, 0)}, active=False) == []
    assert watch.observe(25, {RAW: (10, 0)}) == []  # the clock starts again here
    assert watch.observe(35, {RAW: (10, 0)}) == [Stuck("chao.raw.events", 0, 10, 25)]


def test_a_partition_that_leaves_and_comes_back_starts_afresh() -> None:
    watch = StallWatch(10)
    watch.observe(0, {RAW: (10, 0)})
    watch.observe(5, {})
    assert watch.observe(12, {RAW: (10, 0)}) == []


class FakeWorker:
    def __init__(self) -> None:
        self.now = 0.0
        self.offsets: dict[tuple[str, int], tuple[int, int]] = {RAW: (10, 0)}
        self.active = True
        self.stopped: list[BaseException] = []

    async def stop(self, exc: BaseException) -> None:
        self.stopped.append(exc)

    def watchdog(self) -> Watchdog:
        return Watchdog(
            60,
            lambda: self.offsets,
            lambda: self.active,
            self.stop,
            clock=lambda: self.now,
            wall_clock=lambda: 1_764_849_600.0 + self.now,  # 2025-12-04 12:00:00 UTC
            exit_delay_s=0,
        )


def test_watchdog_stops_the_worker_once_says_so_and_logs_the_partitions(
    caplog: pytest.LogCaptureFixture,
) -> None:
    worker = FakeWorker()
    dog = worker.watchdog()
    asyncio.run(dog.check())
    worker.now = 30
    asyncio.run(dog.check())
    assert not dog.stalled and dog.ready_body() == {"stalled": []} and not worker.stopped
    worker.now = 61
    with caplog.at_level("ERROR", logger="chao.watchdog"):
        asyncio.run(dog.check())
    assert dog.stalled
    assert dog.ready_body() == {
        "stalled": [{"topic": "chao.raw.events", "partition": 0, "waiting": 10}]
    }
    ReadyBody(ready=False, assigned={}, **dog.ready_body())  # /ready's published schema
    [exc] = worker.stopped
    assert isinstance(exc, WorkerStalled) and "chao.raw.events[0]" in str(exc)
    [line] = [r.getMessage() for r in caplog.records]
    assert "worker stalled" in line
    assert "chao.raw.events[0]: 10 records waiting, no progress since 12:00:00 UTC (61 s)" in line
    worker.now = 200
    asyncio.run(dog.check())
    assert len(worker.stopped) == 1  # stopping already


def test_stall_timeout_setting_defaults_to_a_minute_and_fault_injection_is_off() -> None:
    settings = WorkerSettings()
    assert settings.stall_timeout_s == 60
    assert settings.fault_hang_after_batches == 0


def test_hang_after_delivers_until_the_nth_batch() -> None:
    delivered: list[list[int]] = []

    async def deliver(messages: list[int]) -> None:
        delivered.append(messages)

    async def run() -> bool:
        hanging = hang_after(3, deliver)
        await hanging([1])
        await hanging([2])
        try:
            await asyncio.wait_for(hanging([3]), timeout=0.05)
        except TimeoutError:
            return True
        return False

    assert asyncio.run(run())
    assert delivered == [[1], [2]]


def test_stalled_gauge_follows_the_watchdog() -> None:
    from prometheus_client import CollectorRegistry, generate_latest

    from pipeline.config import PipelineConfig
    from pipeline.metrics import PipelineCollector, sample_sum
    from pipeline.stages.stats import Stats

    stalled = [False]
    registry = CollectorRegistry()
    registry.register(PipelineCollector(Stats(), PipelineConfig(), stalled=lambda: stalled[0]))
    assert sample_sum(generate_latest(registry).decode(), "chao_worker_stalled") == 0
    stalled[0] = True
    assert sample_sum(generate_latest(registry).decode(), "chao_worker_stalled") == 1
