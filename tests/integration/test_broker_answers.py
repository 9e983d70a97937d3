"""What the broker answers where the two engines differ, and what the worker's workarounds
for the embedded one do on the other (topologies/patches/end_offsets.py).

End offsets: Tansu answers ListOffsets(LATEST) short after a multi-record batch, so the
worker takes the larger of that answer and a fetch's high watermark. On Apache Kafka both
agree: the workaround changes nothing there (it costs one small fetch per end_offsets call,
made at recovery and for lag, never per event).
"""

from __future__ import annotations

import asyncio
import time

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from pipeline.kafka.admin import TopicSpec, create_topics
from topologies.patches import end_offsets as end_offsets_patch

pytestmark = pytest.mark.integration


async def write_batches(bootstrap: str, topic: str, batches: int, size: int) -> None:
    """``batches`` record batches of ``size`` records each to partition 0."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=50)
    await producer.start()
    try:
        for batch in range(batches):
            sent = [
                await producer.send(topic, b"%d-%d" % (batch, n), partition=0) for n in range(size)
            ]
            await asyncio.gather(*sent)
    finally:
        await producer.stop()


async def end_offsets(bootstrap: str, tp: TopicPartition) -> tuple[int, int]:
    """(the broker's own ListOffsets answer, the worker's patched answer)."""
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False)
    await consumer.start()
    try:
        stock = await consumer.end_offsets([tp])
        end_offsets_patch.configure(consumer)
        patched = await consumer.end_offsets([tp])
    finally:
        await consumer.stop()
    return stock[tp], patched[tp]


def test_end_offsets_after_multi_record_batches(broker, broker_engine_name: str) -> None:  # type: ignore[no-untyped-def]
    topic = f"end-offsets-{time.monotonic_ns()}"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 1)]))
    asyncio.run(write_batches(broker.bootstrap, topic, batches=3, size=20))
    stock, patched = asyncio.run(end_offsets(broker.bootstrap, TopicPartition(topic, 0)))
    assert patched == 60, (stock, patched)  # the worker's answer is right on either broker
    if broker_engine_name == "kafka":
        assert stock == 60  # Kafka's own answer is right: the workaround changes nothing


def test_the_engine_is_told_by_the_apis_the_broker_lists(broker, broker_engine_name: str) -> None:  # type: ignore[no-untyped-def]
    from pipeline.config import bootstrap_addresses
    from pipeline.kafka.engine import resolve_engine

    assert resolve_engine("auto", bootstrap_addresses(broker.bootstrap)) == broker_engine_name
