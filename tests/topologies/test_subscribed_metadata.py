"""topologies/subscribed_metadata.py on aiokafka's real classes (no broker here): a
subscribed topic missing from the consumer's metadata makes it ask again, and aiokafka's
group leader rejoins once its metadata lists the topic (if an upgrade stops rejoining by
itself, the net needs to request the rejoin)."""

from __future__ import annotations

import asyncio
from typing import Any

from aiokafka.cluster import ClusterMetadata
from aiokafka.consumer.group_coordinator import GroupCoordinator
from aiokafka.consumer.subscription_state import SubscriptionState
from aiokafka.protocol.metadata import MetadataResponse_v0

from topologies.subscribed_metadata import refresh_if_unlisted, unlisted


def answer(topics: dict[str, int]) -> MetadataResponse_v0:
    """What a broker answers: each topic with its partitions, led by broker 1."""
    return MetadataResponse_v0(
        [(1, "127.0.0.1", 9092)],
        [(0, topic, [(0, p, 1, [1], [1]) for p in range(n)]) for topic, n in topics.items()],
    )


class Client:
    """aiokafka's client as the consumer holds it: a real ClusterMetadata, and a refresh
    that answers with ``brokers_list`` (what the brokers list by then)."""

    def __init__(self, listed: dict[str, int]) -> None:
        self.cluster = ClusterMetadata()
        self.cluster.update_metadata(answer(listed))
        self.brokers_list = listed
        self.refreshes = 0

    async def force_metadata_update(self) -> bool:
        self.refreshes += 1
        self.cluster.update_metadata(answer(self.brokers_list))
        return True


class Consumer:
    def __init__(self, client: Client, topics: set[str]) -> None:
        self._client = client
        self.topics = topics

    def subscription(self) -> set[str]:
        return self.topics


def test_a_subscribed_topic_missing_from_the_metadata_is_asked_for_again() -> None:
    client = Client({"raw": 4})
    consumer = Consumer(client, {"raw", "app-staged"})
    assert unlisted(consumer) == ["app-staged"]
    client.brokers_list = {"raw": 4, "app-staged": 4}  # the brokers list it by now
    assert asyncio.run(refresh_if_unlisted(consumer)) == ["app-staged"]
    assert client.refreshes == 1 and unlisted(consumer) == []
    # Nothing missing: no request at all.
    assert asyncio.run(refresh_if_unlisted(consumer)) == []
    assert client.refreshes == 1


def leader(cluster: ClusterMetadata, topics: set[str]) -> Any:
    """aiokafka's GroupCoordinator in the state its group leader is in after assigning
    (``_perform_assignment``: the group's subscription and a snapshot of its metadata),
    without its coordination task (no broker)."""
    subscription = SubscriptionState()
    subscription.subscribe(topics=set(topics))
    coordinator: Any = object.__new__(GroupCoordinator)
    coordinator._subscription = subscription
    coordinator._cluster = cluster
    coordinator._group_subscription = set(topics)
    coordinator._metadata_snapshot = coordinator._get_metadata_snapshot()
    coordinator.rejoins = 0

    def request_rejoin() -> None:
        coordinator.rejoins += 1

    coordinator.request_rejoin = request_rejoin
    cluster.add_listener(coordinator._handle_metadata_update)
    return coordinator


def test_the_group_leader_rejoins_once_its_refreshed_metadata_lists_the_topic() -> None:
    async def scenario() -> None:  # aiokafka's subscription state needs a running loop
        client = Client({"raw": 4})
        consumer = Consumer(client, {"raw", "app-staged"})
        coordinator = leader(client.cluster, consumer.topics)
        assert coordinator._metadata_snapshot == {"raw": 4, "app-staged": 0}  # assigned so
        await refresh_if_unlisted(consumer)  # still unlisted: nothing changes
        assert coordinator.rejoins == 0
        client.brokers_list = {"raw": 4, "app-staged": 4}
        await refresh_if_unlisted(consumer)
        assert coordinator.rejoins == 1

    asyncio.run(scenario())
