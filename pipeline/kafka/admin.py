"""Topic administration with aiokafka: the topics of contract section 4 (described in
:mod:`pipeline.topics`), created up front; the partition counts of existing topics."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaConnectionError, KafkaError, TopicAlreadyExistsError, for_code

from pipeline.config import TopicNames
from pipeline.errors import BrokerError
from pipeline.kafka import aiokafka_bridge
from pipeline.kafka.security import KafkaSecurity, aiokafka_options
from pipeline.topics import RAW_MAX_MESSAGE_BYTES, Topics, TopicSpec

__all__ = [
    "RAW_MAX_MESSAGE_BYTES",
    "Cluster",
    "PartitionState",
    "Partitions",
    "TopicSpec",
    "await_listed_everywhere",
    "cluster",
    "create_topics",
    "partition_states",
    "pipeline_topics",
    "session_events_spec",
    "topic_partitions",
]


def pipeline_topics(names: TopicNames, partitions: int, replication: int = 1) -> list[TopicSpec]:
    """The topics created up front (raw, clean, views, dead letters), as the registry
    (:mod:`pipeline.topics`) describes them."""
    return Topics(names, partitions=partitions, replication=replication).admin_specs()


def session_events_spec(names: TopicNames, partitions: int) -> TopicSpec:
    """How :func:`pipeline_topics` declares ``chao.clean.session-events`` (the worker
    declares it the same way as its trace table's changelog)."""
    return Topics(names, partitions=partitions).session_events.spec()


async def create_topics(
    bootstrap: str,
    specs: list[TopicSpec],
    timeout: float = 30.0,
    security: KafkaSecurity | None = None,
) -> list[str]:
    """Create the topics that don't exist yet; waits for the broker up to ``timeout``.
    Returns the names it created (a topic someone else created meanwhile is not one);
    raises :class:`BrokerError` naming each topic the broker refused and why."""
    deadline = time.monotonic() + timeout
    options = aiokafka_options(security)
    while True:
        admin = AIOKafkaAdminClient(
            bootstrap_servers=bootstrap, request_timeout_ms=10_000, **options
        )
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
        if not missing:
            return []
        try:
            response = await admin.create_topics(
                [
                    NewTopic(s.name, s.partitions, s.replication, topic_configs=s.configs())
                    for s in missing
                ]
            )
        except KafkaError as exc:
            raise BrokerError(f"could not create topics: {exc!r}") from exc
    finally:
        await admin.close()
    # The answer has an error code per topic (aiokafka raises for none of them).
    created, refused = [], []
    for name, code, *message in response.topic_errors:
        if code == 0:
            created.append(name)
        elif code != TopicAlreadyExistsError.errno:  # created by someone else meanwhile: fine
            why = for_code(code).__name__ + (f" ({message[0]})" if message and message[0] else "")
            refused.append(f"{name}: {why}")
    if refused:
        listed = "; ".join(refused)
        raise BrokerError(f"the broker at {bootstrap} refused to create topics: {listed}")
    return created


@dataclass(frozen=True)
class Cluster:
    """What one metadata request says about the cluster."""

    counts: dict[str, int | None]  # topic name -> partitions, None: no such topic
    brokers: int
    # topic name -> replicas of its partition 0, None: no such topic
    replicas: dict[str, int | None] = field(default_factory=dict)


async def topic_partitions(
    bootstrap: str, names: list[str], timeout: float = 30.0, security: KafkaSecurity | None = None
) -> dict[str, int | None]:
    """The partition count of each topic named (None: the topic does not exist)."""
    return (await cluster(bootstrap, names, timeout, security)).counts


async def cluster(
    bootstrap: str, names: list[str], timeout: float = 30.0, security: KafkaSecurity | None = None
) -> Cluster:
    """The partition count of each topic named and the number of brokers, from one
    metadata request.

    Reads the metadata of every topic: asking for named topics would make a broker with
    automatic topic creation create the missing ones, with its default partition count."""
    from aiokafka.client import AIOKafkaClient

    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-topic-check",
        request_timeout_ms=10_000,
        **aiokafka_options(security),
    )
    try:
        try:
            await asyncio.wait_for(client.bootstrap(), timeout)
            metadata = await asyncio.wait_for(client.fetch_all_metadata(), timeout)
        except (KafkaError, TimeoutError) as exc:
            raise BrokerError(f"no topic metadata from the broker at {bootstrap}: {exc!r}") from exc
        counts: dict[str, int | None] = {}
        replicas: dict[str, int | None] = {}
        for name in names:
            partitions = metadata.partitions_for_topic(name)
            counts[name] = len(partitions) if partitions else None
            # aiokafka keeps each partition's replicas only in its private table.
            first = aiokafka_bridge.partition_table(metadata).get(name, {}).get(0)
            replicas[name] = len(first.replicas) if first is not None else None
        return Cluster(counts, len(metadata.brokers()), replicas)
    finally:
        await client.close()


async def await_listed_everywhere(
    bootstrap: str,
    names: list[str],
    timeout: float,
    request_timeout: float = 5.0,
    security: KafkaSecurity | None = None,
) -> dict[str, list[str]]:
    """Ask every broker, a round every 0.2 s, until each lists every topic of ``names``
    with a leader for each partition, or ``timeout`` passes. Returns what is still
    lacking: broker (``host:port``) -> the topics it does not list (a broker that does not
    answer within ``request_timeout`` lacks them all); empty when every broker lists them.

    Why every broker: in a Kafka cluster each broker learns a new topic from the
    controller on its own, a moment apart, and a client asks any one of them. A worker
    whose consumer asked one that did not list its internal topics yet was assigned no
    partition of them, for good (docs/kafka.md, "Topics")."""
    from aiokafka.client import AIOKafkaClient
    from aiokafka.cluster import ClusterMetadata
    from aiokafka.protocol.metadata import MetadataRequest

    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-topic-check",
        request_timeout_ms=int(request_timeout * 1000),
        **aiokafka_options(security),
    )
    deadline = time.monotonic() + timeout
    try:
        try:
            await asyncio.wait_for(client.bootstrap(), request_timeout)
        except (KafkaError, TimeoutError) as exc:
            raise BrokerError(f"no topic metadata from the broker at {bootstrap}: {exc!r}") from exc
        while True:
            lacking: dict[str, list[str]] = {}
            for broker in sorted(client.cluster.brokers(), key=lambda b: b.nodeId):
                where = f"{broker.host}:{broker.port}"
                try:
                    # No topic list: every topic's (asking for named ones could create them).
                    response = await asyncio.wait_for(
                        client.send(broker.nodeId, MetadataRequest(None)), request_timeout
                    )
                except (KafkaError, TimeoutError):
                    lacking[where] = list(names)
                    continue
                view = ClusterMetadata()
                view.update_metadata(response)
                missing = [name for name in names if not _led(view, name)]
                if missing:
                    lacking[where] = missing
            if not lacking or time.monotonic() >= deadline:
                return lacking
            await asyncio.sleep(0.2)
    finally:
        await client.close()


def _led(view: Any, topic: str) -> bool:
    """``topic`` listed in ``view`` (aiokafka's ``ClusterMetadata``), each partition with a
    leader."""
    partitions = view.partitions_for_topic(topic) or set()
    led = view.available_partitions_for_topic(topic) or set()
    return bool(partitions) and len(led) == len(partitions)


@dataclass(frozen=True)
class PartitionState:
    """One partition as the metadata describes it: its leader's node id (-1: none), its
    replicas and those in sync."""

    leader: int
    replicas: tuple[int, ...]
    isr: tuple[int, ...]


@dataclass(frozen=True)
class Partitions:
    brokers: set[int]  # node ids of the brokers listed (registered, not fenced)
    partitions: dict[tuple[str, int], PartitionState]


async def partition_states(
    bootstrap: str,
    topics: list[str] | None,
    timeout: float = 15.0,
    security: KafkaSecurity | None = None,
) -> Partitions:
    """The brokers and, for every partition of ``topics`` (None: every topic), its leader,
    replicas and in-sync replicas, from one metadata request (of every topic, as
    :func:`cluster`)."""
    from aiokafka.client import AIOKafkaClient

    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-partitions",
        request_timeout_ms=5_000,
        **aiokafka_options(security),
    )
    try:
        try:
            await asyncio.wait_for(client.bootstrap(), timeout)
            metadata = await asyncio.wait_for(client.fetch_all_metadata(), timeout)
        except (KafkaError, TimeoutError) as exc:
            raise BrokerError(f"no metadata from the brokers at {bootstrap}: {exc!r}") from exc
        # aiokafka keeps replicas and ISR only in its private table: topic -> partition ->
        # PartitionMetadata(topic, partition, leader, replicas, isr, error).
        table = aiokafka_bridge.partition_table(metadata)
        states = {
            (topic, number): PartitionState(p.leader, tuple(p.replicas), tuple(p.isr))
            for topic in (table if topics is None else topics)
            for number, p in table.get(topic, {}).items()
        }
        return Partitions({broker.nodeId for broker in metadata.brokers()}, states)
    finally:
        await client.close()
