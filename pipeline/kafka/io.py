"""Small aiokafka clients used by the demo, the benchmarks and the integration tests:
playing raw lines onto a topic and reading topics back. The pipeline itself runs in Faust."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from pipeline.errors import MissingTopicsError
from pipeline.kafka import aiokafka_bridge
from pipeline.kafka.security import KafkaSecurity, aiokafka_options
from pipeline.topics import CREATE_COMMAND


@dataclass(frozen=True)
class Record:
    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes
    timestamp: int = 0  # ms since the epoch (the producer's CreateTime)


IsolationLevel = Literal["read_uncommitted", "read_committed"]
"""What a reader sees of transactional topics: ``read_uncommitted`` (Kafka's default)
every record written, aborted transactions and open ones included; ``read_committed``
only records of committed transactions (and non-transactional ones), up to the last
stable offset: what a downstream consumer of an exactly-once worker reads."""


async def produce_lines(
    bootstrap: str,
    topic: str,
    lines: Iterable[bytes],
    *,
    seed: int = 0,
    on_sent: Callable[[int], None] | None = None,
    rate: float | None = None,
    request_timeout_s: float = 40.0,
    idempotent: bool = False,
    hurry: Callable[[], bool] | None = None,
    security: KafkaSecurity | None = None,
) -> int:
    """Send each line with a random key (raw producers key by whatever they like).

    ``rate`` (lines/s) paces the sending, until ``hurry()`` returns true: then the rest
    goes as fast as it can; ``on_sent`` is called with a count as batches go.
    ``request_timeout_s`` (aiokafka's default 40 s) is how long a send may wait for an
    unanswering broker before it fails; no retries on top. aiokafka itself resends a batch
    whose answer was lost (a broker stopped mid-request), which can put lines on the topic
    twice, unless ``idempotent`` (Kafka's idempotent producer: the broker drops the resent
    copy; Apache Kafka only, Tansu refuses it).
    """
    rng = random.Random(seed)
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap,
        acks="all",
        linger_ms=5,
        max_request_size=2 * 1024 * 1024,
        request_timeout_ms=int(request_timeout_s * 1000),
        enable_idempotence=idempotent,
        **aiokafka_options(security),
    )
    await producer.start()
    sent = 0
    started = time.monotonic()
    try:
        batch = []
        for line in lines:
            batch.append(await producer.send(topic, line, key=rng.randbytes(8).hex().encode()))
            sent += 1
            if len(batch) >= 500:
                await asyncio.gather(*batch)
                if on_sent:
                    on_sent(len(batch))
                batch = []
            if rate is not None and not (hurry is not None and hurry()):
                ahead = sent / rate - (time.monotonic() - started)
                if ahead > 0:
                    await asyncio.sleep(ahead)
        await asyncio.gather(*batch)
        if on_sent and batch:
            on_sent(len(batch))
    finally:
        await producer.stop()
    return sent


# How long read_topics waits for the partitions of the topics it reads, beyond its timeout
# when that is shorter: a metadata answer took over 2 s beside a busy CI lane (2026-12-08),
# and a reader asked to read for 2 s then had no partitions at all.
METADATA_WAIT_S = 30.0


async def read_topics(
    bootstrap: str,
    topics: list[str],
    *,
    until: Callable[[dict[str, list[Record]]], bool],
    timeout: float,
    isolation_level: IsolationLevel = "read_uncommitted",
    ends: dict[tuple[str, int], int] | None = None,
    security: KafkaSecurity | None = None,
) -> dict[str, list[Record]]:
    """Read ``topics`` from the beginning until ``until(records)`` holds, or the reading
    position of every partition in ``ends`` reached its end there, or ``timeout`` passes;
    returns every record read, per topic, in partition/offset order. ``timeout`` counts
    from when the reader has every topic's partitions: finding them waits up to
    METADATA_WAIT_S more (a busy broker), then a topic still unknown raises
    :class:`~pipeline.errors.MissingTopicsError` naming it.
    ``isolation_level``: :data:`IsolationLevel` (``read_committed``: what a consumer of an
    exactly-once worker's outputs sees; record offsets then skip transaction markers and
    aborted records, which positions count: hence ``ends``)."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        isolation_level=isolation_level,
        **aiokafka_options(security),
    )
    await consumer.start()
    records: dict[str, list[Record]] = {topic: [] for topic in topics}
    try:
        found_by = time.monotonic() + max(timeout, METADATA_WAIT_S)
        while True:
            partitions = [
                TopicPartition(topic, p)
                for topic in topics
                for p in sorted(consumer.partitions_for_topic(topic) or ())
            ]
            missing = set(topics) - {tp.topic for tp in partitions}
            if not missing:
                break
            if time.monotonic() >= found_by:
                raise MissingTopicsError(
                    f"no partitions found for {', '.join(sorted(missing))} on {bootstrap} "
                    f"within {METADATA_WAIT_S:g} s (do the topics exist? `{CREATE_COMMAND}`)"
                )
            # Metadata of all topics (no topic named: a broker never auto-creates one here);
            # the consumer has no public call that refreshes its own view.
            await aiokafka_bridge.refresh_metadata(consumer)
            await asyncio.sleep(0.2)
        consumer.assign(partitions)
        await consumer.seek_to_beginning(*partitions)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not until(records):
            if ends is not None and await _reached(consumer, ends):
                break
            batches = await consumer.getmany(timeout_ms=200, max_records=5000)
            for tp, messages in batches.items():
                records[tp.topic].extend(
                    Record(tp.topic, tp.partition, m.offset, m.key, m.value or b"", m.timestamp)
                    for m in messages
                )
    finally:
        await consumer.stop()
    return records


async def _reached(consumer: AIOKafkaConsumer, ends: dict[tuple[str, int], int]) -> bool:
    for (topic, partition), end in ends.items():
        if await consumer.position(TopicPartition(topic, partition)) < end:
            return False
    return True
