"""End offsets from a fetch's high watermark: embedded broker (Tansu) only.

Why: Tansu 0.6.0 answers ListOffsets(LATEST) with the base offset of the partition's last
batch + 1 instead of its last offset + 1 whenever that batch held more than one record.
Faust compares a changelog's end offset with what it has read during table recovery, so
the short answer makes recovery stop early (state lost) or crash with ConsistencyError.
A Fetch response's high watermark is right, so the end offsets of this consumer are the
larger of the two answers (tests/integration/test_broker_answers.py shows both brokers).
"""

from __future__ import annotations

import collections

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.protocol.fetch import FetchRequest

PATCHED = "aiokafka.consumer.consumer.AIOKafkaConsumer.end_offsets"


def configure(consumer: AIOKafkaConsumer) -> None:
    """Replace ``end_offsets`` of this one consumer."""
    listed = consumer.end_offsets

    async def end_offsets(partitions: list[TopicPartition]) -> dict[TopicPartition, int]:
        offsets = await listed(partitions)
        try:
            return await high_watermarks(consumer, offsets)
        except Exception:  # never worse than the broker's own answer
            return dict(offsets)

    consumer.end_offsets = end_offsets


async def high_watermarks(
    consumer: AIOKafkaConsumer, offsets: dict[TopicPartition, int]
) -> dict[TopicPartition, int]:
    """``offsets``, each raised to its partition's high watermark where that is larger."""
    client = consumer._client
    by_node: dict[int, dict[str, list[tuple[int, int, int]]]] = collections.defaultdict(
        lambda: collections.defaultdict(list)
    )
    for tp, offset in offsets.items():
        node = client.cluster.leader_for_partition(tp)
        if offset <= 0 or node is None or node < 0:  # empty partition: the answer is right
            continue
        # Fetch one existing record (offset - 1); only the response's high watermark is used.
        by_node[node][tp.topic].append((tp.partition, offset - 1, 1024))
    result = dict(offsets)
    for node, topics in by_node.items():
        # max_wait_ms=100, min_bytes=1 (Tansu answers min_bytes=0 with no partitions),
        # max_bytes=1024, isolation level read_uncommitted.
        request = FetchRequest(100, 1, 1024, 0, list(topics.items()))
        response = await client.send(node, request)
        for topic, partitions in response.topics:
            for partition_data in partitions:
                partition, error_code, high_watermark = partition_data[:3]
                tp = TopicPartition(topic, partition)
                if error_code == 0 and high_watermark >= 0 and tp in result:
                    result[tp] = max(result[tp], high_watermark)
    return result
