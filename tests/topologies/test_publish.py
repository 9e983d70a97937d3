"""BatchPublisher against a fake producer: partitioning, order, headers, delivery offsets."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from topologies.publish import BatchPublisher
from topologies.state import partition_for


class FakeBatch:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.records: list[tuple[bytes | None, bytes | None, Any]] = []

    def append(
        self, *, key: bytes | None, value: bytes | None, timestamp: None, headers: Any
    ) -> object | None:
        if len(self.records) == self.capacity:
            return None  # full, as aiokafka's builder answers
        assert isinstance(headers, list)  # aiokafka's C builder refuses anything else
        self.records.append((key, value, headers))
        return object()


class FakeProducer:
    """Appended batches are the broker's log, per (topic, partition)."""

    def __init__(self, capacity: int = 1000) -> None:
        self.capacity = capacity
        self.log: dict[tuple[str, int], list[tuple[bytes | None, bytes | None, Any]]] = {}

    def create_batch(self) -> FakeBatch:
        return FakeBatch(self.capacity)

    async def send_batch(self, batch: FakeBatch, topic: str, *, partition: int) -> Any:
        log = self.log.setdefault((topic, partition), [])
        offset = len(log)
        log.extend(batch.records)
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        done.set_result(SimpleNamespace(topic=topic, partition=partition, offset=offset))
        return done


def _publisher(producer: FakeProducer, partitions: int = 3) -> BatchPublisher:
    publisher = BatchPublisher(lambda: producer)
    publisher._partitions["t"] = partitions  # what prepare() learns from the broker
    return publisher


def test_records_go_to_their_key_partition_in_the_order_added_with_their_headers() -> None:
    producer = FakeProducer(capacity=4)  # several batches per partition
    publisher = _publisher(producer)
    keys = [f"s-{n}".encode() for n in range(5)]
    added = []
    for n in range(40):
        key = keys[n % 5]
        headers = [("chao-trace-prev-seq", b"%d" % (n - 5))] if n % 2 else []
        publisher.add("t", key, b"v%d" % n, headers)
        added.append((key, b"v%d" % n, headers))

    delivered = asyncio.run(publisher.publish())

    for (topic, partition), log in producer.log.items():
        assert topic == "t"
        expected = [r for r in added if partition_for(r[0], 3) == partition]
        assert log == expected
    assert sum(d.count for d in delivered) == 40
    # Each delivery names the offsets its records got, contiguous per partition.
    for partition in {partition_for(k, 3) for k in keys}:
        spans = sorted((d.first, d.count) for d in delivered if d.partition == partition)
        starts = [sum(count for _, count in spans[:i]) for i in range(len(spans))]
        assert [first for first, _ in spans] == starts


def test_records_without_a_key_are_spread_over_the_partitions() -> None:
    producer = FakeProducer()
    publisher = _publisher(producer)
    for n in range(6):
        publisher.add("t", None, b"d%d" % n)
    asyncio.run(publisher.publish())
    assert sorted(len(log) for log in producer.log.values()) == [2, 2, 2]


def test_a_record_larger_than_a_batch_is_an_error_not_a_silent_drop() -> None:
    producer = FakeProducer(capacity=0)
    publisher = _publisher(producer)
    publisher.add("t", b"s-0", b"too big")
    with pytest.raises(ValueError, match="exceeds the producer batch size"):
        asyncio.run(publisher.publish())


def test_a_task_s_records_are_sent_only_once_its_transaction_is_opened() -> None:
    """Exactly-once: a record for a task whose transaction a commit sealed waits
    (``opened``, TaskProducers.opened) before it is routed to the task's producer."""
    producer = FakeProducer()
    gate = asyncio.Event()
    routed: list[tuple[str, int] | None] = []

    async def opened(task: tuple[str, int] | None) -> None:
        if task == ("raw", 0):
            await gate.wait()

    def route(task: tuple[str, int] | None) -> FakeProducer:
        routed.append(task)
        return producer

    async def run() -> None:
        publisher = BatchPublisher(lambda: producer, route, opened)
        publisher._partitions["t"] = 1
        publisher.add("t", b"k", b"v1", task=("raw", 1))
        publisher.add("t", b"k", b"v0", task=("raw", 0))
        assert publisher.pending_tasks() == {("raw", 0), ("raw", 1)}
        sent = asyncio.ensure_future(publisher.publish())
        for _ in range(5):
            await asyncio.sleep(0)
        assert routed == [("raw", 1)] and not sent.done()
        gate.set()
        await sent
        assert routed == [("raw", 1), ("raw", 0)]

    asyncio.run(run())
