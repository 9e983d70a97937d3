"""End offsets from a fetch's high watermark: embedded broker (Tansu) only.

Why: Tansu 0.6.0 answers ListOffsets(LATEST) with the base offset of the partition's last
batch + 1 instead of its last offset + 1 whenever that batch held more than one record.
Faust compares a changelog's end offset with what it has read during table recovery, so
the short answer makes recovery stop early (state lost) or crash with ConsistencyError.
A Fetch response's high watermark is right, so the end offsets of this consumer are the
larger of the two answers (tests/integration/test_broker_answers.py shows both brokers).

Once a partition's end is known, later calls ask only the Fetch, at the last known end
minus one, and skip ListOffsets. Why: Tansu's memory engine answers both requests with
a walk whose cost grows with the partition (measured: its broker CPU grows with the
partition's records and record batches), and the gap timer asks for the end of every raw
and re-key partition up to four times a second. The two together cost about twice the
fetch alone (``python -m benchmarks.tansu_fetch_cost``; BENCHMARKS.md, "The tail after
the backlog is the embedded broker's"). A high watermark never goes down, so a Fetch at an
offset below it answers; when it errs (the partition deleted, recreated shorter, or
truncated past that offset) the partition is asked with ListOffsets again.
"""

from __future__ import annotations

import collections

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.protocol.fetch import FetchRequest

PATCHED = "aiokafka.consumer.consumer.AIOKafkaConsumer.end_offsets"


def configure(consumer: AIOKafkaConsumer) -> None:
    """Replace ``end_offsets`` of this one consumer."""
    listed = consumer.end_offsets
    known: dict[TopicPartition, int] = {}  # the last answer of each partition, when > 0

    async def end_offsets(partitions: list[TopicPartition]) -> dict[TopicPartition, int]:
        result: dict[TopicPartition, int] = {}
        if known:
            try:
                fetched = await high_watermarks(
                    consumer, {tp: known[tp] for tp in partitions if tp in known}, only=True
                )
            except Exception:  # ask them all with ListOffsets below
                fetched = {}
            result.update(fetched)
        unknown = [tp for tp in partitions if tp not in result]
        if unknown:
            offsets = await listed(unknown)
            try:
                result.update(await high_watermarks(consumer, offsets))
            except Exception:  # never worse than the broker's own answer
                result.update(offsets)
        for tp, end in result.items():
            if end > 0:
                known[tp] = end
            else:
                known.pop(tp, None)
        return {tp: result[tp] for tp in partitions if tp in result}

    consumer.end_offsets = end_offsets


async def high_watermarks(
    consumer: AIOKafkaConsumer, offsets: dict[TopicPartition, int], *, only: bool = False
) -> dict[TopicPartition, int]:
    """``offsets``, each raised to its partition's high watermark where that is larger.

    ``only``: the answer holds just the partitions whose Fetch answered without an error
    (the caller asks the others another way); else every partition of ``offsets``.
    """
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
    result = {} if only else dict(offsets)
    for node, topics in by_node.items():
        # max_wait_ms=100, min_bytes=1 (Tansu answers min_bytes=0 with no partitions),
        # max_bytes=1024, isolation level read_uncommitted.
        request = FetchRequest(100, 1, 1024, 0, list(topics.items()))
        response = await client.send(node, request)
        for topic, partitions in response.topics:
            for partition_data in partitions:
                partition, error_code, high_watermark = partition_data[:3]
                tp = TopicPartition(topic, partition)
                if error_code == 0 and high_watermark >= 0 and tp in offsets:
                    result[tp] = max(offsets[tp], high_watermark)
    return result
