"""pipeline.kafka.offsets.GroupOffsets against the real broker (both engines): every
partition of the topics named, the group's committed offsets (a partition without one at
its log start) and the end offsets. A reading without the partitions would let the gap
timer pass anything (topologies.progress), so an empty answer is an error."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from pipeline.dev.broker import Broker
from pipeline.kafka.io import produce_lines
from pipeline.kafka.offsets import GroupOffsets
from topologies.patches import end_offsets

pytestmark = pytest.mark.integration


async def scenario(bootstrap: str, engine: str) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic("go.a", 3, 1), NewTopic("go.b", 2, 1)])
    finally:
        await admin.close()
    await asyncio.sleep(1)
    lines = [b'{"n": %d}' % n for n in range(60)]
    await produce_lines(bootstrap, "go.a", lines, seed=1)
    committer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, group_id="go-group", enable_auto_commit=False
    )
    await committer.start()
    try:
        committer.assign([TopicPartition("go.a", 0)])
        await committer.commit({TopicPartition("go.a", 0): 2})
    finally:
        await committer.stop()

    # As the worker makes it (topologies.pipeline_app): Tansu's end offsets need the
    # workaround, without it a partition's end is short after a multi-record batch.
    adjust = end_offsets.configure if engine == "tansu" else None
    offsets = GroupOffsets(bootstrap, "go-group", ["go.a", "go.b"], adjust=adjust)
    await offsets.start()
    try:
        ends = await offsets.ends()
        processed = await offsets.processed()
        missing = GroupOffsets(bootstrap, "go-group", ["go.a", "go.none"])
        await missing.start()
        try:
            with pytest.raises(LookupError, match=r"go\.none"):
                await missing.ends()
        finally:
            await missing.stop()
    finally:
        await offsets.stop()
    expected = [("go.a", 0), ("go.a", 1), ("go.a", 2), ("go.b", 0), ("go.b", 1)]
    assert sorted(ends) == expected
    assert sum(ends[("go.a", p)] for p in range(3)) == 60
    assert ends[("go.b", 0)] == ends[("go.b", 1)] == 0
    assert sorted(processed) == expected
    assert processed[("go.a", 0)] == 2  # committed
    assert processed[("go.a", 1)] == processed[("go.a", 2)] == 0  # none: the log start


def test_group_offsets_name_every_partition(broker: Broker, broker_engine_name: str) -> None:
    asyncio.run(scenario(broker.bootstrap, broker_engine_name))
