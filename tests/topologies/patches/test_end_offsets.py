"""topologies/patches/end_offsets.py with a fake broker: the first answer comes from
ListOffsets raised to a fetch's high watermark; later ones from the fetch alone, at the
last known end minus one; a partition whose fetch errs, or that was empty, is listed again.
(tests/integration/test_broker_answers.py runs the patch on both real brokers.)"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from aiokafka import TopicPartition

from topologies.patches import end_offsets

OFFSET_OUT_OF_RANGE = 1
A, B = TopicPartition("raw", 0), TopicPartition("raw", 1)


@dataclass
class FakeBroker:
    """Partition ends; ListOffsets answers ``short`` less than the end (Tansu's bug)."""

    ends: dict[TopicPartition, int]
    short: int = 3
    log_start: dict[TopicPartition, int] = field(default_factory=dict)
    listed: list[list[TopicPartition]] = field(default_factory=list)
    fetched: list[list[tuple[TopicPartition, int]]] = field(default_factory=list)

    async def list_offsets(self, partitions: list[TopicPartition]) -> dict[TopicPartition, int]:
        self.listed.append(list(partitions))
        return {tp: max(0, self.ends[tp] - self.short) for tp in partitions}

    async def send(self, node: int, request: Any) -> Any:
        assert node == 1
        asked = [
            (TopicPartition(topic, partition), offset)
            for topic, partitions in request._topics
            for partition, offset, _max_bytes in partitions
        ]
        self.fetched.append(asked)
        answer: dict[str, list[tuple[int, int, int]]] = {}
        for tp, offset in asked:
            in_range = self.log_start.get(tp, 0) <= offset < self.ends[tp]
            error = 0 if in_range else OFFSET_OUT_OF_RANGE
            answer.setdefault(tp.topic, []).append((tp.partition, error, self.ends[tp]))
        return type("FetchResponse", (), {"topics": list(answer.items())})()


class FakeCluster:
    def leader_for_partition(self, tp: TopicPartition) -> int:
        return 1


class FakeConsumer:
    def __init__(self, broker: FakeBroker) -> None:
        self.end_offsets = broker.list_offsets
        self._client = type("Client", (), {"cluster": FakeCluster(), "send": broker.send})()


def ends_of(consumer: FakeConsumer, *tps: TopicPartition) -> dict[TopicPartition, int]:
    return asyncio.run(consumer.end_offsets(list(tps)))


def test_first_answer_lists_and_fetches_later_ones_only_fetch() -> None:
    broker = FakeBroker({A: 60, B: 10})
    consumer = FakeConsumer(broker)
    end_offsets.configure(consumer)  # type: ignore[arg-type]
    assert ends_of(consumer, A, B) == {A: 60, B: 10}  # short answers raised to the watermark
    assert broker.listed == [[A, B]]
    broker.ends.update({A: 80, B: 11})
    assert ends_of(consumer, A, B) == {A: 80, B: 11}
    assert broker.listed == [[A, B]]  # no second ListOffsets
    assert broker.fetched[-1] == [(A, 59), (B, 9)]  # at the last known end minus one


def test_a_partition_whose_fetch_errs_is_listed_again() -> None:
    broker = FakeBroker({A: 60, B: 10})
    consumer = FakeConsumer(broker)
    end_offsets.configure(consumer)  # type: ignore[arg-type]
    ends_of(consumer, A, B)
    broker.ends[B] = 4  # recreated shorter: a fetch at 9 is out of range
    broker.short = 0
    assert ends_of(consumer, A, B) == {A: 60, B: 4}
    assert broker.listed == [[A, B], [B]]
    broker.log_start[A] = 70  # truncated past the known end
    broker.ends[A] = 75
    assert ends_of(consumer, A) == {A: 75}
    assert broker.listed[-1] == [A]


def test_empty_partitions_and_new_ones_are_listed_every_time() -> None:
    broker = FakeBroker({A: 0, B: 5}, short=0)
    consumer = FakeConsumer(broker)
    end_offsets.configure(consumer)  # type: ignore[arg-type]
    assert ends_of(consumer, A) == {A: 0}
    broker.ends[A] = 2
    assert ends_of(consumer, A, B) == {A: 2, B: 5}
    assert broker.listed == [[A], [A, B]]  # A had no end to fetch below; B is new
    assert ends_of(consumer, B) == {B: 5} and broker.listed[-1] == [A, B]


def test_a_failing_fetch_falls_back_to_listing_everything() -> None:
    broker = FakeBroker({A: 60}, short=0)
    consumer = FakeConsumer(broker)
    end_offsets.configure(consumer)  # type: ignore[arg-type]
    ends_of(consumer, A)

    async def unreachable(node: int, request: Any) -> Any:
        raise ConnectionError("broker gone")

    consumer._client.send = unreachable
    assert ends_of(consumer, A) == {A: 60}  # ListOffsets' own answer
    assert broker.listed == [[A], [A]]
