"""topologies/patches/seek_uncommitted_partitions.py on a real broker and a real aiokafka
consumer: after records were taken from aiokafka (and dropped by Faust, as in a rebalance),
Faust's seek to committed offsets brings a partition nobody committed back to its start."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

import faust
import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

from pipeline.kafka.admin import TopicSpec, create_topics
from topologies import patches
from topologies.patches import seek_uncommitted_partitions as patch

pytestmark = pytest.mark.integration

RECORDS = 10


class ConsumerThread:
    """What the patched method uses of Faust's consumer thread, around a real consumer."""

    def __init__(self, consumer: AIOKafkaConsumer, app: Any, changelogs: set[str]) -> None:
        self._consumer = consumer
        self.app = SimpleNamespace(
            conf=app.conf,
            tables=SimpleNamespace(changelog_topics=changelogs),
            chao_patches=patches.of(app),  # the app's patch state (None: not patched)
        )

    def _ensure_consumer(self) -> AIOKafkaConsumer:
        return self._consumer

    async def call_thread(self, fun: Any, *args: Any) -> Any:
        return await fun(*args)


async def scenario(bootstrap: str, apply: bool) -> dict[TopicPartition, int]:
    """Two stream partitions and one changelog partition, each of ``RECORDS`` records,
    all taken from aiokafka; stream partition 0 committed at 4, the others never. Returns
    each partition's position after Faust's seek to committed offsets."""
    stamp = time.monotonic_ns()
    stream, changelog = f"seek-stream-{stamp}", f"seek-changelog-{stamp}"
    await create_topics(bootstrap, [TopicSpec(stream, 2), TopicSpec(changelog, 1)])
    tps = [TopicPartition(stream, 0), TopicPartition(stream, 1), TopicPartition(changelog, 0)]
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
    await producer.start()
    try:
        for tp in tps:
            for n in range(RECORDS):
                await producer.send_and_wait(tp.topic, b"%d" % n, partition=tp.partition)
    finally:
        await producer.stop()

    app = faust.App(f"seek-app-{stamp}", consumer_auto_offset_reset="earliest")
    if apply:
        patches.apply(app, engine="kafka", fetch_max_wait_ms=20)
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        group_id=f"seek-group-{stamp}",
        enable_auto_commit=False,
        auto_offset_reset="earliest",
    )
    await consumer.start()
    try:
        consumer.assign(tps)
        taken = 0
        deadline = time.monotonic() + 60
        while taken < RECORDS * len(tps) and time.monotonic() < deadline:
            batches = await consumer.getmany(timeout_ms=500)
            taken += sum(len(records) for records in batches.values())
        assert taken == RECORDS * len(tps)
        await consumer.commit({tps[0]: 4})
        thread = ConsumerThread(consumer, app, changelogs={changelog})
        committed = await AIOKafkaConsumerThread.seek_to_committed(thread)  # type: ignore[arg-type]
        assert dict(committed) == {tps[0]: 4, tps[1]: None, tps[2]: None}
        return {tp: await consumer.position(tp) for tp in tps}
    finally:
        await consumer.stop()


def test_a_partition_nobody_committed_goes_back_to_its_start(broker) -> None:  # type: ignore[no-untyped-def]
    patch.install()  # the class patch, for every app below
    stream0, stream1, changelog = asyncio.run(scenario(broker.bootstrap, apply=True)).values()
    assert (stream0, stream1, changelog) == (4, 0, RECORDS)  # changelogs: recovery's business


def test_without_the_patch_it_stays_at_the_end(broker) -> None:  # type: ignore[no-untyped-def]
    """The defect itself, on aiokafka as it is: an app not marked gets Faust's behaviour."""
    patch.install()
    stream0, stream1, changelog = asyncio.run(scenario(broker.bootstrap, apply=False)).values()
    assert (stream0, stream1, changelog) == (4, RECORDS, RECORDS)
