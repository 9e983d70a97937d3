"""The exactly-once parts that need no broker: the task producers' lifecycle and commit
(fake producers recording what aiokafka's would be asked), the offsets committed past
transaction markers, and the refusal on Tansu. On Kafka: tests/integration/test_exactly_once.py
and the fault tests."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from pipeline.config import WorkerSettings
from pipeline.errors import ConfigError
from topologies.patches.fetch_positions import FetchedBatch, next_offsets
from topologies.transactions import TaskProducers, transactional_id


class Fenced(Exception):
    pass


@dataclass
class FakeProducer:
    tid: str
    log: list[tuple[str, str]]
    fail_on: set[str] = field(default_factory=set)
    in_transaction: bool = False
    offsets: list[Any] = field(default_factory=list)

    async def _do(self, what: str) -> None:
        self.log.append((self.tid, what))
        if what in self.fail_on:
            raise Fenced(what)

    async def start(self) -> None:
        await self._do("start")

    async def begin_transaction(self) -> None:
        await self._do("begin")
        self.in_transaction = True

    async def send_offsets_to_transaction(self, offsets: Any, group_id: str) -> None:
        await self._do("offsets")
        self.offsets.append((offsets, group_id))

    async def commit_transaction(self) -> None:
        await self._do("commit")
        self.in_transaction = False

    async def abort_transaction(self) -> None:
        await self._do("abort")
        self.in_transaction = False

    async def flush(self) -> None:
        await self._do("flush")

    async def stop(self) -> None:
        await self._do("stop")


def factory(log: list[tuple[str, str]], fail: dict[str, set[str]] | None = None) -> Any:
    made: dict[str, FakeProducer] = {}

    def make(tid: str) -> FakeProducer:
        made[tid] = FakeProducer(tid, log, (fail or {}).get(tid, set()))
        return made[tid]

    make.made = made  # type: ignore[attr-defined]
    return make


def test_transactional_ids_name_the_input_partition() -> None:
    assert transactional_id("app", ("raw", 3)) == "app-raw-3"
    assert transactional_id("app", ("app-staged", 0)) != transactional_id("app", ("raw", 0))


def test_assign_starts_each_new_task_and_opens_its_transaction() -> None:
    log: list[tuple[str, str]] = []
    tasks = TaskProducers("app", factory(log))
    asyncio.run(tasks.assign({("raw", 0), ("staged", 1)}))
    assert sorted(log) == sorted(
        [("app-raw-0", "start"), ("app-raw-0", "begin"), ("app-staged-1", "start"),
         ("app-staged-1", "begin")]
    )  # fmt: skip
    asyncio.run(tasks.assign({("raw", 0)}))  # started already: nothing again
    assert len(log) == 4


def test_assign_waits_for_stable_offsets_of_every_assigned_task_after_fencing() -> None:
    """The committed offsets are read only after the previous owners are fenced and no
    transactional commit of theirs (or of this worker, just before the rebalance) is
    pending: a task kept across the rebalance is waited on too."""
    log: list[tuple[str, str]] = []

    async def stable(assigned: list[tuple[str, int]]) -> None:
        log.append(("stable", ",".join(f"{t}-{p}" for t, p in assigned)))

    tasks = TaskProducers("app", factory(log), stable=stable)
    asyncio.run(tasks.assign({("raw", 0)}))
    asyncio.run(tasks.assign({("raw", 0), ("raw", 1)}))
    assert log == [
        ("app-raw-0", "start"), ("app-raw-0", "begin"), ("stable", "raw-0"),
        ("app-raw-1", "start"), ("app-raw-1", "begin"), ("stable", "raw-0,raw-1"),
    ]  # fmt: skip


def test_commit_puts_each_offset_in_its_own_task_and_commits_only_tasks_used() -> None:
    log: list[tuple[str, str]] = []
    make = factory(log)
    tasks = TaskProducers("app", make)

    async def run() -> None:
        await tasks.assign({("raw", 0), ("raw", 1), ("staged", 0)})
        log.clear()
        tasks.producer(("staged", 0))  # a publisher wrote into staged[0]'s transaction
        await tasks.commit({("raw", 1): 42}, "group")

    asyncio.run(run())
    assert sorted(log) == sorted(
        [("app-raw-1", "offsets"), ("app-raw-1", "commit"), ("app-raw-1", "begin"),
         ("app-staged-0", "commit"), ("app-staged-0", "begin")]
    )  # fmt: skip
    ((offsets, group),) = make.made["app-raw-1"].offsets
    assert group == "group"
    ((tp, meta),) = offsets.items()
    assert (tp.topic, tp.partition, meta.offset) == ("raw", 1, 42)
    assert tasks.written == set()


def test_a_fenced_commit_raises_and_a_record_without_task_is_refused() -> None:
    log: list[tuple[str, str]] = []
    tasks = TaskProducers("app", factory(log, {"app-raw-0": {"commit"}}))

    async def run() -> None:
        await tasks.assign({("raw", 0)})
        with pytest.raises(Fenced):
            await tasks.commit({("raw", 0): 5}, "group")
        with pytest.raises(RuntimeError, match="raw\\[7\\]"):
            tasks.producer(("raw", 7))  # not assigned: no transaction to join
        with pytest.raises(RuntimeError):
            tasks.producer(None)
        with pytest.raises(RuntimeError, match="unassigned"):
            await tasks.commit({("raw", 9): 1}, "group")

    asyncio.run(run())


def test_a_failed_start_stops_that_producer_and_raises() -> None:
    log: list[tuple[str, str]] = []
    tasks = TaskProducers("app", factory(log, {"app-raw-1": {"start"}}))
    with pytest.raises(Fenced):
        asyncio.run(tasks.assign({("raw", 0), ("raw", 1)}))
    assert ("app-raw-1", "stop") in log
    assert set(tasks.producers) == {("raw", 0)}


def test_close_aborts_and_stops_every_producer_even_when_fenced() -> None:
    log: list[tuple[str, str]] = []
    tasks = TaskProducers("app", factory(log, {"app-raw-0": {"abort"}}))

    async def run() -> list[Any]:
        await tasks.assign({("raw", 0), ("raw", 1)})
        tasks.producer(("raw", 1))  # a publisher wrote to raw[1]'s transaction
        log.clear()
        return await tasks.close()

    # What the caller must know: raw[1]'s aborted transaction held records.
    assert asyncio.run(run()) == [("raw", 1)]
    assert sorted(log) == [
        ("app-raw-0", "abort"),
        ("app-raw-0", "stop"),
        ("app-raw-1", "abort"),
        ("app-raw-1", "stop"),
    ]
    assert tasks.producers == {}


def test_a_sealed_transaction_takes_no_later_record_until_it_has_committed() -> None:
    """What the checkpoint's commit relies on while the agents go on
    (topologies.checkpoint.Checkpoint.commit): a record for a sealed task waits until the
    task's next transaction is open; a task the commit did not take takes records at once
    and keeps them for the next commit; the commit's own records go into sealed tasks
    only."""
    log: list[tuple[str, str]] = []
    tasks = TaskProducers("app", factory(log))

    async def run() -> None:
        await tasks.assign({("raw", 0), ("raw", 1), ("staged", 0)})
        tasks.producer(("raw", 0))  # a batch's outputs, before the commit
        assert tasks.seal({("staged", 0)}) == [("raw", 0), ("staged", 0)]
        tasks.sealed_producer(("staged", 0))  # the commit's state record
        with pytest.raises(RuntimeError, match="unsealed task: raw\\[1\\]"):
            tasks.sealed_producer(("raw", 1))
        waiting = asyncio.ensure_future(tasks.opened(("raw", 0)))
        await tasks.opened(("raw", 1))  # not sealed: at once
        tasks.producer(("raw", 1))  # a later batch's record: the next commit's
        for _ in range(5):
            await asyncio.sleep(0)
        assert not waiting.done()
        log.clear()
        await tasks.commit({("raw", 0): 7}, "group")
        await waiting
        assert ("app-raw-1", "commit") not in log  # its record is a later batch's
        assert tasks.written == {("raw", 1)} and tasks.sealed == {}

    asyncio.run(run())


def test_a_failed_commit_fails_whoever_waits_for_its_transactions() -> None:
    log: list[tuple[str, str]] = []
    tasks = TaskProducers("app", factory(log, {"app-raw-0": {"commit"}}))

    async def run() -> None:
        await tasks.assign({("raw", 0)})
        tasks.seal({("raw", 0)})
        waiting = asyncio.ensure_future(tasks.opened(("raw", 0)))
        with pytest.raises(Fenced):
            await tasks.commit({("raw", 0): 1}, "group")
        with pytest.raises(RuntimeError, match="commit of a transaction failed"):
            await waiting

    asyncio.run(run())


def test_closing_with_a_sealed_commit_unfinished_fails_its_waiters() -> None:
    log: list[tuple[str, str]] = []
    tasks = TaskProducers("app", factory(log))

    async def run() -> list[Any]:
        await tasks.assign({("raw", 0)})
        tasks.producer(("raw", 0))
        tasks.seal()
        waiting = asyncio.ensure_future(tasks.opened(("raw", 0)))
        await asyncio.sleep(0)
        aborted = await tasks.close()  # the worker stops: the commit never came
        with pytest.raises(RuntimeError):
            await waiting
        return aborted

    assert asyncio.run(run()) == [("raw", 0)]


def message(topic: str, partition: int, offset: int) -> Any:
    return SimpleNamespace(topic=topic, partition=partition, offset=offset)


def test_next_offsets_go_past_the_markers_a_fetch_skipped() -> None:
    plain = [message("t", 0, 4), message("t", 0, 5), message("t", 1, 9)]
    assert next_offsets(plain) == {("t", 0): 6, ("t", 1): 10}
    fetched = FetchedBatch(plain, {("t", 0): 8, ("t", 1): 7})  # 7: behind, ignored
    assert next_offsets(fetched) == {("t", 0): 8, ("t", 1): 10}
    only = fetched.only([plain[2]])
    assert next_offsets(only) == {("t", 1): 10}
    assert only.next_offsets == {("t", 1): 7}


def test_exactly_once_is_refused_on_tansu() -> None:
    from topologies.pipeline_app import PipelineTopology

    settings = WorkerSettings(broker_engine="tansu", processing_guarantee="exactly_once")
    with pytest.raises(ConfigError, match="Tansu") as refused:
        PipelineTopology(settings)
    assert "at_least_once" in str(refused.value)


def test_static_membership_is_refused_on_tansu() -> None:
    from topologies.pipeline_app import PipelineTopology

    settings = WorkerSettings(broker_engine="tansu", group_instance_id="worker-0")
    with pytest.raises(ConfigError, match="Tansu") as refused:
        PipelineTopology(settings)
    assert "CHAO_WORKER_GROUP_INSTANCE_ID" in str(refused.value)
    assert "worker-0" not in str(refused.value)  # names the setting, not its value
