"""A subscribed topic that the consumer's metadata does not list: ask the brokers again.

Why: aiokafka's group leader assigns only the topics its own metadata lists (Faust's
assignor logs "Ignoring missing topic") and asks for fresh metadata only every five
minutes (``metadata_max_age_ms``). A leader whose metadata came from a broker that did
not list a new internal topic yet left that topic's partitions unassigned, nobody
processed them, and the worker looked idle (the three-broker fault tests; the worker now
waits for every broker to list its topics before it starts, ``topologies.worker``, and
this is the net under that). Once the leader's refreshed metadata lists the topic,
aiokafka sees the subscription's metadata change and rejoins the group by itself (its
``GroupCoordinator._handle_metadata_update``); on a member that is not the leader a
refresh changes nothing. tests/topologies/test_subscribed_metadata.py checks both halves
on aiokafka's real classes.

Cheap when nothing is missing: one look at the consumer's local metadata per tick.
"""

from __future__ import annotations

import logging
from typing import Any

from pipeline.kafka import aiokafka_bridge
from topologies import faust_bridge

log = logging.getLogger("chao.topology")


def unlisted(consumer: Any) -> list[str]:
    """The topics ``consumer`` (aiokafka's) subscribes to that its metadata does not list."""
    cluster = aiokafka_bridge.consumer_cluster(consumer)
    return sorted(t for t in consumer.subscription() if not cluster.partitions_for_topic(t))


async def refresh_if_unlisted(consumer: Any) -> list[str]:
    """Refresh ``consumer``'s metadata when a subscribed topic is missing from it; returns
    the topics that were missing."""
    missing = unlisted(consumer)
    if missing:
        log.warning(
            "subscribed topics missing from the consumer's metadata, asking the brokers "
            "again (the group rebalances once they are listed): %s",
            ", ".join(missing),
        )
        await aiokafka_bridge.refresh_metadata(consumer)
    return missing


async def check(app: Any) -> None:
    """One tick, for a Faust ``app`` (on Faust's consumer thread, where aiokafka runs)."""
    thread = faust_bridge.consumer_thread(app.consumer)

    async def in_consumer_thread() -> None:
        await refresh_if_unlisted(faust_bridge.aiokafka_consumer(thread))

    await thread.call_thread(in_consumer_thread)
