"""The test readers' isolation level on Apache Kafka (kafka_only: Tansu has no transactions).

``read_topics(..., isolation_level="read_committed")`` reads as a consumer of an
exactly-once worker's outputs does: records of committed transactions (and of plain
producers), never those of an aborted transaction, and nothing past an open one (the last
stable offset). The default, ``read_uncommitted``, reads them all: the exactly-once fault
tests' "0 repeats" means something only because their reader is the committed one.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest
from aiokafka import AIOKafkaProducer

from pipeline.dev.broker import Broker
from pipeline.kafka.admin import TopicSpec, create_topics
from pipeline.kafka.io import IsolationLevel, Record, read_topics

pytestmark = [pytest.mark.integration, pytest.mark.kafka_only]


async def write(bootstrap: str, topic: str) -> AIOKafkaProducer:
    """On partition 0: ``plain`` (no transaction), ``committed`` (a committed transaction),
    ``aborted`` (an aborted one), then ``open`` in a transaction left open. Returns the
    producer holding the open transaction (its caller aborts it and stops it)."""
    plain = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await plain.start()
    try:
        await plain.send_and_wait(topic, b"plain", partition=0)
    finally:
        await plain.stop()
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap, transactional_id=f"rc-{uuid.uuid4().hex[:8]}"
    )
    await producer.start()
    async with producer.transaction():
        await producer.send_and_wait(topic, b"committed", partition=0)
    await producer.begin_transaction()
    await producer.send_and_wait(topic, b"aborted", partition=0)
    await producer.abort_transaction()
    await producer.begin_transaction()
    await producer.send_and_wait(topic, b"open", partition=0)
    return producer


async def read(bootstrap: str, topic: str, level: IsolationLevel) -> list[Record]:
    # No until: read for the whole (short) time, so that a record a level must not see
    # has every chance to show up.
    records = await read_topics(
        bootstrap, [topic], until=lambda r: False, timeout=4.0, isolation_level=level
    )
    return records[topic]


def test_read_committed_skips_aborted_and_open_transactions(broker: Broker) -> None:
    topic = f"rc{uuid.uuid4().hex[:8]}.out"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 1)]))

    async def scenario() -> tuple[list[Record], list[Record]]:
        producer = await write(broker.bootstrap, topic)
        try:
            committed = await read(broker.bootstrap, topic, "read_committed")
            uncommitted = await read(broker.bootstrap, topic, "read_uncommitted")
        finally:
            await producer.abort_transaction()
            await producer.stop()
        return committed, uncommitted

    committed, uncommitted = asyncio.run(scenario())
    assert [r.value for r in committed] == [b"plain", b"committed"]
    assert [r.value for r in uncommitted] == [b"plain", b"committed", b"aborted", b"open"]
