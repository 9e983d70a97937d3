"""Producing a batch of records at once, with aiokafka's batch API.

Why not ``await topic.send(...)`` per record: Faust's send path (channel, future message,
sensors, debug log, aiokafka's per-message accumulator) costs well over 100 us per
record on these machines, several times the cost of the stages themselves, and every
event produces three or more records (re-key, clean topics, state). The agents hand over
whole batches anyway, so records are grouped per partition into aiokafka batch builders
and each builder goes out as one batch.

Partitions are chosen like Kafka's default partitioner (murmur2 of the key), which is
what Faust's producer would have chosen: the re-key topic and the state changelog line
up by key as before (``topologies.state.partition_for``). Records without a key (dead
letters with no session) are spread round-robin.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pipeline.kafka import aiokafka_bridge
from topologies.state import partition_for

Headers = list[tuple[str, bytes]]  # aiokafka's C batch builder takes only a list
NO_HEADERS: Headers = []  # shared, never mutated


@dataclass(frozen=True)
class Delivered:
    """Where one batch of records landed: offsets ``first`` .. ``first + count - 1``."""

    topic: str
    partition: int
    first: int
    count: int


Task = tuple[str, int]  # an input partition (topologies.transactions)


class BatchPublisher:
    """Collect records with :meth:`add`; :meth:`publish` sends them and waits for the acks.

    Records of one (topic, partition) keep the order in which they were added. With
    ``route`` (exactly-once), each record goes through the producer of the task it is
    added with, inside that task's transaction; without, through ``producer``.
    """

    def __init__(
        self,
        producer: Callable[[], Any],
        route: Callable[[Task | None], Any] | None = None,
        opened: Callable[[Task | None], Awaitable[None]] | None = None,
    ) -> None:
        """``opened`` (exactly-once): awaited before a task's records are routed; returns
        once the task's transaction takes them (``TaskProducers.opened``: a commit may
        have sealed it)."""
        self._producer = producer  # the running AIOKafkaProducer (Faust's own)
        self._route = route
        self._opened = opened
        self._pending: dict[
            tuple[Task | None, str, int], list[tuple[bytes | None, bytes | None, Headers]]
        ] = {}
        self._partitions: dict[str, int] = {}
        self._round_robin = itertools.count()

    async def prepare(self, topics: list[str]) -> None:
        """Learn the partition count of every topic :meth:`add` will be given."""
        producer = self._producer()
        for topic in topics:
            if topic not in self._partitions:
                await aiokafka_bridge.wait_on_metadata(producer.client, topic)
                count = len(producer.client.cluster.partitions_for_topic(topic) or ())
                if count == 0:
                    raise RuntimeError(f"no partitions known for topic {topic}")
                self._partitions[topic] = count

    def pending_tasks(self) -> set[Task]:
        """The tasks of the records added and not yet published."""
        return {task for task, _, _ in self._pending if task is not None}

    def partitions(self, topic: str) -> int:
        """The partition count :meth:`prepare` learned for ``topic``."""
        return self._partitions[topic]

    def add(
        self,
        topic: str,
        key: bytes | None,
        value: bytes | None,
        headers: Headers = NO_HEADERS,
        task: Task | None = None,
    ) -> None:
        count = self._partitions[topic]  # prepare() first
        partition = next(self._round_robin) % count if key is None else partition_for(key, count)
        self._pending.setdefault((task, topic, partition), []).append((key, value, headers))

    async def publish(self) -> list[Delivered]:
        """Send every pending record; return once the broker has acknowledged them all."""
        pending, self._pending = self._pending, {}
        if not pending:
            return []
        route = self._route
        producer: Any = self._producer() if route is None else None
        sends = []
        counts = []
        opened = self._opened
        for (task, topic, partition), records in pending.items():
            if route is not None:
                if opened is not None:
                    await opened(task)
                producer = route(task)
            batch = producer.create_batch()
            in_batch = 0
            for key, value, headers in records:
                if batch.append(key=key, value=value, timestamp=None, headers=headers) is None:
                    if in_batch == 0:  # a single record larger than a batch may hold
                        raise ValueError(f"record for {topic} exceeds the producer batch size")
                    sends.append(await producer.send_batch(batch, topic, partition=partition))
                    counts.append(in_batch)
                    batch = producer.create_batch()
                    in_batch = 0
                    if batch.append(key=key, value=value, timestamp=None, headers=headers) is None:
                        raise ValueError(f"record for {topic} exceeds the producer batch size")
                in_batch += 1
            sends.append(await producer.send_batch(batch, topic, partition=partition))
            counts.append(in_batch)
        results = await asyncio.gather(*sends)
        return [
            Delivered(meta.topic, meta.partition, meta.offset, count)
            for meta, count in zip(results, counts, strict=True)
        ]
