"""A consumer group's progress as any member can read it from the broker: the committed
offsets of every partition of some topics, and their start and end offsets.

The worker's gap timer reads it (``topologies.progress``): whether a gap may be skipped
depends on partitions this worker does not own. Two clients of its own, never the Faust
consumer's (that one runs on Faust's consumer thread and is busy in rebalances): an admin
client for the group's committed offsets (OffsetFetch with the partitions named: the
embedded Tansu answers only that form) and a consumer without a group for the offsets
(ListOffsets). Both answer on Apache Kafka and on Tansu.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.client import AIOKafkaClient

from pipeline.kafka.security import KafkaSecurity, aiokafka_options

TP = tuple[str, int]
_METADATA_MAX_AGE_S = 30.0  # partitions added to a topic are seen within this


class GroupOffsets:
    """Committed offsets of one group and the offsets of every partition of ``topics``."""

    def __init__(
        self,
        bootstrap: str | list[str],
        group_id: str,
        topics: list[str],
        timeout_s: float = 5.0,
        *,
        adjust: Callable[[AIOKafkaConsumer], None] | None = None,
        security: KafkaSecurity | None = None,
    ) -> None:
        """``adjust``: applied to the offsets consumer once made (the worker passes the
        embedded broker's end-offset workaround, topologies/patches/end_offsets.py)."""
        self.group_id = group_id
        self.topics = topics
        self._bootstrap = bootstrap
        self._timeout_ms = int(timeout_s * 1000)
        self._adjust = adjust
        self._security = security  # None: the environment's (pipeline.kafka.security)
        self._clients: tuple[AIOKafkaAdminClient, AIOKafkaConsumer, AIOKafkaClient] | None = None
        self._partitions: list[TopicPartition] = []
        self._known_at = -_METADATA_MAX_AGE_S
        self._starts: dict[TP, int] = {}

    async def start(self) -> None:
        """Connect (idempotent); aiokafka's clients are made on the running loop."""
        if self._clients is None:
            client_id = f"{self.group_id}-progress"
            options = aiokafka_options(self._security)
            admin = AIOKafkaAdminClient(
                bootstrap_servers=self._bootstrap,
                client_id=client_id,
                request_timeout_ms=self._timeout_ms,
                **options,
            )
            consumer = AIOKafkaConsumer(
                bootstrap_servers=self._bootstrap,
                client_id=client_id,
                enable_auto_commit=False,
                request_timeout_ms=self._timeout_ms,
                **options,
            )
            if self._adjust is not None:
                self._adjust(consumer)
            # The topics' partitions: a consumer without a subscription keeps no metadata
            # of them (its topics() answers names only), so a client of its own asks.
            metadata = AIOKafkaClient(
                bootstrap_servers=self._bootstrap,
                client_id=client_id,
                request_timeout_ms=self._timeout_ms,
                **options,
            )
            try:
                await admin.start()
                await consumer.start()
                await metadata.bootstrap()
            except BaseException:
                await metadata.close()
                await consumer.stop()
                await admin.close()
                raise
            self._clients = (admin, consumer, metadata)

    async def stop(self) -> None:
        if self._clients is not None:
            admin, consumer, metadata = self._clients
            self._clients = None
            await metadata.close()
            await consumer.stop()
            await admin.close()

    def _connected(self) -> tuple[AIOKafkaAdminClient, AIOKafkaConsumer, AIOKafkaClient]:
        if self._clients is None:
            raise RuntimeError("GroupOffsets.start() first")
        return self._clients

    async def partitions(self) -> list[TopicPartition]:
        """Every partition of the topics (metadata of all topics: asking for named ones
        would make a broker that creates topics on demand create a missing one)."""
        now = time.monotonic()
        if now - self._known_at >= _METADATA_MAX_AGE_S or not self._partitions:
            _, _, client = self._connected()
            cluster = await client.fetch_all_metadata()
            partitions = []
            for topic in self.topics:
                found = cluster.partitions_for_topic(topic)
                if not found:  # judging without a topic would pass anything: no reading
                    raise LookupError(f"no partitions known for topic {topic}")
                partitions += [TopicPartition(topic, p) for p in sorted(found)]
            self._partitions = partitions
            self._known_at = now
        return self._partitions

    async def processed(self) -> dict[TP, int]:
        """The group's committed offset of every partition; a partition the group has not
        committed yet starts where the consumer starts reading it, at its log start."""
        admin, consumer, _ = self._connected()
        partitions = await self.partitions()
        answer = await admin.list_consumer_group_offsets(self.group_id, partitions=partitions)
        committed = {
            (tp.topic, tp.partition): meta.offset for tp, meta in answer.items() if meta.offset >= 0
        }
        missing = [tp for tp in partitions if (tp.topic, tp.partition) not in committed]
        unknown = [tp for tp in missing if (tp.topic, tp.partition) not in self._starts]
        if unknown:
            starts = await consumer.beginning_offsets(unknown)
            self._starts.update({(tp.topic, tp.partition): start for tp, start in starts.items()})
        for tp in missing:
            committed[(tp.topic, tp.partition)] = self._starts[(tp.topic, tp.partition)]
        return committed

    async def ends(self) -> dict[TP, int]:
        """The end offset (high watermark) of every partition."""
        _, consumer, _ = self._connected()
        partitions = await self.partitions()
        answer = await consumer.end_offsets(partitions)
        return {(tp.topic, tp.partition): end for tp, end in answer.items()}
