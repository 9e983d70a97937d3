"""Topic administration with aiokafka: the topics of contract section 4, created up front."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaConnectionError, KafkaError, TopicAlreadyExistsError

from pipeline.config import TopicNames
from pipeline.errors import BrokerError

DAY_MS = 24 * 3600 * 1000
RAW_MAX_MESSAGE_BYTES = 8 * 1024 * 1024
"""``max.message.bytes`` of the raw topic. The contract dead-letters a record over 1 MiB as
``too_large``; Apache Kafka's default limit (``message.max.bytes``, 1 MiB + 12 bytes per
record batch) would refuse such a record to its producer instead, so it could never reach
the pipeline. Up to this size it does, and is dead-lettered; beyond it the broker still
refuses it (the producer gets MESSAGE_TOO_LARGE). Keep it above ``CHAO_MAX_RECORD_BYTES``."""


@dataclass(frozen=True)
class TopicSpec:
    name: str
    partitions: int
    replication: int = 1
    retention_ms: int | None = None
    max_message_bytes: int | None = None  # None: the broker's default

    def configs(self) -> dict[str, str]:
        configs = {"cleanup.policy": "delete"}
        if self.retention_ms is not None:
            configs["retention.ms"] = str(self.retention_ms)
        if self.max_message_bytes is not None:
            configs["max.message.bytes"] = str(self.max_message_bytes)
        return configs


def pipeline_topics(names: TopicNames, partitions: int, replication: int = 1) -> list[TopicSpec]:
    """The raw topic and every output topic, with the retention an operator would expect:
    raw and clean streams 7 days (clients replay a week), dead letters 30 days (time to
    investigate a rejection); the raw topic takes records up to
    :data:`RAW_MAX_MESSAGE_BYTES`."""
    week, month = 7 * DAY_MS, 30 * DAY_MS
    return [
        TopicSpec(names.raw, partitions, replication, week, RAW_MAX_MESSAGE_BYTES),
        TopicSpec(names.session_events, partitions, replication, week),
        TopicSpec(names.reasoning, partitions, replication, week),
        TopicSpec(names.tool_cards, partitions, replication, week),
        TopicSpec(names.messages, partitions, replication, week),
        TopicSpec(names.artifacts, partitions, replication, week),
        TopicSpec(names.dead_letter, partitions, replication, month),
    ]


def session_events_spec(names: TopicNames, partitions: int) -> TopicSpec:
    """How :func:`pipeline_topics` declares ``chao.clean.session-events`` (the worker
    declares it the same way as its trace table's changelog)."""
    return next(
        spec for spec in pipeline_topics(names, partitions) if spec.name == names.session_events
    )


async def create_topics(bootstrap: str, specs: list[TopicSpec], timeout: float = 30.0) -> None:
    """Create the topics that don't exist yet; waits for the broker up to ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=10_000)
        try:
            await admin.start()
            break
        except KafkaConnectionError as exc:
            await admin.close()
            if time.monotonic() > deadline:
                raise BrokerError(f"no Kafka broker answers at {bootstrap}") from exc
            await asyncio.sleep(0.5)
    try:
        existing = set(await admin.list_topics())
        missing = [spec for spec in specs if spec.name not in existing]
        if missing:
            try:
                await admin.create_topics(
                    [
                        NewTopic(s.name, s.partitions, s.replication, topic_configs=s.configs())
                        for s in missing
                    ]
                )
            except TopicAlreadyExistsError:
                pass  # created by someone else meanwhile: fine
            except KafkaError as exc:
                raise BrokerError(f"could not create topics: {exc}") from exc
    finally:
        await admin.close()
