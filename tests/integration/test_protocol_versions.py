"""Every request aiokafka (and so Faust and the worker) can send has a version this Kafka
accepts (docs/kafka.md, "Kafka 4 and the worker's client").

Kafka 4.0 removed old versions of many requests (KIP-896: e.g. Fetch below v4, OffsetCommit
below v2, CreateTopics below v2). aiokafka picks, per connection, the newest version both
sides know (``Request.prepare`` with the broker's ApiVersions answer) and fails a request
with none in common. This asks the broker under test (``make test-kafka``: 4.x;
``CHAO_KAFKA_VERSION=3.9.1``: 3.9) which versions it takes and checks each request class
against it, without sending them. It also pins what docs/kafka.md says aiokafka does on
Kafka 4: transactions through the version-0 requests (TxnOffsetCommit v0 carries no group
generation: no KIP-447 fencing) and the classic group protocol (JoinGroup/SyncGroup/
Heartbeat; the KIP-848 ConsumerGroupHeartbeat is never sent).
"""

from __future__ import annotations

import asyncio
import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any

import aiokafka.protocol
import pytest
from aiokafka.client import AIOKafkaClient
from aiokafka.protocol.api import Request

from pipeline.kafka.stable_offsets import StableOffsetFetch

pytestmark = [pytest.mark.integration, pytest.mark.kafka_only]

# The requests the worker and its tools send: produce and fetch, offsets, metadata, the
# classic group protocol, topic creation and configs, and the transactional ones.
WORKER_APIS = {
    0: "Produce",
    1: "Fetch",
    2: "ListOffsets",
    3: "Metadata",
    8: "OffsetCommit",
    9: "OffsetFetch",
    10: "FindCoordinator",
    11: "JoinGroup",
    12: "Heartbeat",
    13: "LeaveGroup",
    14: "SyncGroup",
    18: "ApiVersions",
    19: "CreateTopics",
    22: "InitProducerId",
    24: "AddPartitionsToTxn",
    25: "AddOffsetsToTxn",
    26: "EndTxn",
    28: "TxnOffsetCommit",
    32: "DescribeConfigs",
}
CONSUMER_GROUP_HEARTBEAT = 68  # KIP-848's consumer protocol


def _request_classes() -> Iterator[Any]:
    for module in pkgutil.iter_modules(aiokafka.protocol.__path__):
        importlib.import_module(f"aiokafka.protocol.{module.name}")
    seen: set[Any] = set()
    todo: list[Any] = list(Request.__subclasses__())
    while todo:
        cls = todo.pop()
        if cls not in seen:
            seen.add(cls)
            todo.extend(cls.__subclasses__())
            yield cls


async def broker_versions(bootstrap: str) -> dict[int, tuple[int, int]]:
    client = AIOKafkaClient(bootstrap_servers=bootstrap)
    await client.bootstrap()
    try:
        node = next(iter(client.cluster.brokers())).nodeId
        conn = await client._get_conn(node)
        assert conn is not None
        return dict(conn._versions)
    finally:
        await client.close()


def negotiated(cls: Any, versions: dict[int, tuple[int, int]]) -> int | None:
    low, high = versions[cls.API_KEY]
    common = [s.API_VERSION for s in cls._CLASSES if low <= s.API_VERSION <= high]
    return max(common, default=None)


def test_every_request_has_a_version_the_broker_takes(broker) -> None:  # type: ignore[no-untyped-def]
    versions = asyncio.run(broker_versions(broker.bootstrap))
    missing = sorted(name for key, name in WORKER_APIS.items() if key not in versions)
    assert not missing, f"the broker lists no version of {missing}"
    classes = [*_request_classes(), StableOffsetFetch]
    assert {c.API_KEY for c in classes} >= set(WORKER_APIS)
    refused = {
        f"{cls.__name__} (aiokafka v{[s.API_VERSION for s in cls._CLASSES]}, "
        f"broker v{versions[cls.API_KEY]})"
        for cls in classes
        if cls.API_KEY in versions and negotiated(cls, versions) is None
    }
    assert not refused, f"requests this Kafka refuses in every version aiokafka has: {refused}"

    # What docs/kafka.md says of aiokafka on Kafka 4 (and 3.9): version-0 transactional
    # requests, OffsetFetch v7 only through the worker's own StableOffsetFetch, and no
    # KIP-848 consumer protocol. A newer aiokafka that changes this makes the docs stale.
    by_key = {c.API_KEY: c for c in classes if c is not StableOffsetFetch}
    for key in (22, 24, 25, 26, 28):
        assert negotiated(by_key[key], versions) == 0, WORKER_APIS[key]
    assert negotiated(StableOffsetFetch, versions) == 7
    assert CONSUMER_GROUP_HEARTBEAT not in by_key
