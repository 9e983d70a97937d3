"""pipeline.kafka.stable_offsets against Apache Kafka: a transactional offset commit that is
pending (its transaction open) makes the partition unstable, and only that partition; once
the transaction commits, the partition is stable and the offset is the transaction's.

A worker that read a committed offset while its previous owner's commit was still pending
would process that commit's records again (dead letters twice for a read_committed
reader): the exactly-once worker waits on this before its consumer reads the offsets."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.client import AIOKafkaClient
from aiokafka.structs import OffsetAndMetadata

from pipeline.dev.broker import Broker
from pipeline.kafka.stable_offsets import StableOffsetFetch, await_stable_offsets, unstable

pytestmark = [pytest.mark.integration, pytest.mark.kafka_only]

GROUP = "stable-group"


async def fetch(
    bootstrap: str, partitions: list[tuple[str, int]]
) -> tuple[list[tuple[str, int]], dict[tuple[str, int], int]]:
    client = AIOKafkaClient(bootstrap_servers=bootstrap)
    await client.bootstrap()
    try:
        coordinator = await client.coordinator_lookup(0, GROUP)
        response = await client.send(coordinator, StableOffsetFetch(GROUP, partitions))
    finally:
        await client.close()
    offsets = {
        (name, index): offset
        for name, parts, _ in response.topics
        for index, offset, _epoch, _meta, error, _ in parts
        if not error
    }
    pending, error = unstable(response)
    assert error == 0
    return pending, offsets


async def scenario(bootstrap: str) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic("stable.in", 2, 1)])
    finally:
        await admin.close()
    # The group's plain commit of partition 1: stable at once.
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, group_id=GROUP, enable_auto_commit=False
    )
    await consumer.start()
    try:
        consumer.assign([TopicPartition("stable.in", 1)])
        await consumer.commit({TopicPartition("stable.in", 1): 5})
    finally:
        await consumer.stop()

    both = [("stable.in", 0), ("stable.in", 1)]
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, transactional_id="stable-tid")
    await producer.start()
    try:
        await producer.begin_transaction()
        await producer.send_offsets_to_transaction(
            {TopicPartition("stable.in", 0): OffsetAndMetadata(7, "")}, GROUP
        )
        pending, offsets = await fetch(bootstrap, both)
        assert pending == [("stable.in", 0)]  # the open transaction's commit is pending
        assert offsets[("stable.in", 1)] == 5
        assert not await await_stable_offsets(bootstrap, GROUP, both, timeout_s=0.5)
        assert await await_stable_offsets(bootstrap, GROUP, [("stable.in", 1)], timeout_s=0.5)
        await producer.commit_transaction()
    finally:
        await producer.stop()
    assert await await_stable_offsets(bootstrap, GROUP, both, timeout_s=30)
    pending, offsets = await fetch(bootstrap, both)
    assert pending == []
    assert offsets == {("stable.in", 0): 7, ("stable.in", 1): 5}


def test_pending_transactional_commit_is_unstable_until_committed(broker: Broker) -> None:
    asyncio.run(scenario(broker.bootstrap))
