"""Guards for topologies/patches/created_topics.py: Faust's topic creation waits until the broker's
metadata lists the new topic (no broker here; tests/integration on ``--broker=kafka``
shows the race it closes: a fresh worker without its re-key partitions)."""

from __future__ import annotations

import asyncio
import inspect
from types import SimpleNamespace
from typing import Any

from aiokafka.cluster import ClusterMetadata
from aiokafka.protocol.metadata import MetadataResponse_v0
from faust.transport.drivers.aiokafka import Transport

from topologies.patches.created_topics import install, wait_until_listed


def metadata(topics: dict[str, int], leaderless: int = 0) -> ClusterMetadata:
    """What a broker answers: each topic with its partitions, the first ``leaderless``
    partitions of each without a leader."""
    cluster = ClusterMetadata()
    response = MetadataResponse_v0(
        [(1, "127.0.0.1", 9092)],
        [
            (0, topic, [(0, p, -1 if p < leaderless else 1, [1], [1]) for p in range(count)])
            for topic, count in topics.items()
        ],
    )
    cluster.update_metadata(response)
    return cluster


class Broker:
    """Answers fetch_all_metadata with the topic listed from the ``listed_after``-th call."""

    def __init__(self, listed_after: int, leaderless_until: int = 0) -> None:
        self.calls = 0
        self.listed_after = listed_after
        self.leaderless_until = leaderless_until

    async def fetch_all_metadata(self) -> ClusterMetadata:
        self.calls += 1
        if self.calls < self.listed_after:
            return metadata({"other": 2})
        leaderless = 1 if self.calls < self.leaderless_until else 0
        return metadata({"other": 2, "t-staged": 4}, leaderless=leaderless)


def test_topic_creation_is_patched_and_faust_still_has_the_method() -> None:
    install()
    install()  # idempotent
    from topologies.patches import created_topics

    assert Transport._really_create_topic is created_topics.create_topic_then_wait_until_listed
    # Faust still creates topics through the method patched, and still subscribes without
    # waiting for the metadata itself (if it starts waiting, drop the patch).
    source = inspect.getsource(Transport._create_topic)
    assert "self._really_create_topic" in source


def test_waits_until_the_topic_is_listed_with_a_leader_for_every_partition() -> None:
    owner = SimpleNamespace(should_stop=False)
    broker = Broker(listed_after=3, leaderless_until=5)
    assert asyncio.run(wait_until_listed(owner, broker, "t-staged", timeout=10))
    assert broker.calls == 5  # unknown twice, then listed but one partition leaderless twice


def test_gives_up_after_the_timeout_and_when_the_worker_stops() -> None:
    never = Broker(listed_after=10**9)
    assert not asyncio.run(wait_until_listed(SimpleNamespace(), never, "t-staged", timeout=0.3))
    assert never.calls >= 2
    stopping = Broker(listed_after=10**9)
    owner: Any = SimpleNamespace(should_stop=True)
    assert not asyncio.run(wait_until_listed(owner, stopping, "t-staged", timeout=10))
    assert stopping.calls == 1
