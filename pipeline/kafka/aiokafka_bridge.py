"""Every private aiokafka attribute the product reads, outside the patches
(``topologies.patches``, which change how the libraries behave): one small function each,
with why no public way serves.

It lives here, under :mod:`pipeline.kafka`, because the Kafka helpers of this layer
(:mod:`pipeline.kafka.admin`, :mod:`pipeline.kafka.io`) need it and ``pipeline`` never
imports ``topologies``; the worker's publishers (``topologies.publish``) use it too. The
private Faust attributes (and the aiokafka ones reached only through Faust's objects) are
in ``topologies.faust_bridge``. tests/topologies/test_faust_bridge.py pins each attribute used here
on the
real classes (it fails when an aiokafka upgrade moves or renames one) and checks that no
other module reads a private attribute of the libraries.

The module does not import aiokafka (its functions take aiokafka's objects).
"""

from __future__ import annotations

from typing import Any


async def wait_on_metadata(client: Any, topic: str) -> Any:
    """Have the producer's client fetch ``topic``'s metadata now and wait for it (what
    ``send`` does before the first record of a topic); no public call does."""
    return await client._wait_on_metadata(topic)


async def refresh_metadata(consumer: Any) -> Any:
    """Refresh an ``AIOKafkaConsumer``'s view of every topic: it has no public call that
    refreshes its own view (asking it for a topic it does not know does not)."""
    return await consumer._client.force_metadata_update()


def consumer_cluster(consumer: Any) -> Any:
    """An ``AIOKafkaConsumer``'s ``ClusterMetadata``: what its group leader assigns from
    (topologies.subscribed_metadata); the consumer has no public view of it."""
    return consumer._client.cluster


def partition_table(metadata: Any) -> dict[str, dict[int, Any]]:
    """aiokafka's ``ClusterMetadata`` table of topic -> partition -> PartitionMetadata
    (topic, partition, leader, replicas, isr, error): its public calls give partition
    numbers and leaders, not replicas and the in-sync set."""
    table: dict[str, dict[int, Any]] = metadata._partitions
    return table
