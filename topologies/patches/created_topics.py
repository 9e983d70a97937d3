"""Patch of ``faust.transport.drivers.aiokafka.Transport._really_create_topic``: Faust's
topic creation returns once the broker's metadata lists the new topic.

Why: Apache Kafka (KRaft) answers CreateTopics once its controller has committed the
topic; the broker's metadata cache lists it a moment later (measured on Kafka 3.9.1: still
unknown ~130 ms after the answer on a busy machine). Faust creates the worker's internal
topics (``<app>-staged``, ``<app>-sessions-changelog``) and subscribes to them at once.
aiokafka's consumer, asking for their metadata in that moment, is told the topic does not
exist ("Topic ... not found in cluster metadata"), the group leader assigns without it
("Ignoring missing topic"), and nothing asks again until aiokafka's metadata max age
(5 minutes). A worker started with fresh internal topics then owned no re-key partition:
it passed every event to the re-key topic, which nobody read, and published nothing
(tests/integration/test_streaming.py on ``--broker=kafka``). The embedded Tansu lists a
topic as soon as it has answered, so this only ever waited there for one metadata request.

The wait is bounded (:data:`LISTED_TIMEOUT_S`); past it the worker goes on as before,
with a warning. An app without patch settings creates topics as Faust does.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from faust.transport.drivers.aiokafka import Transport

from topologies.patches import of

PATCHED = "faust.transport.drivers.aiokafka.Transport._really_create_topic"
LISTED_TIMEOUT_S = 30.0
POLL_S = 0.1

ORIGINAL = Transport._really_create_topic


async def wait_until_listed(
    owner: Any, client: Any, topic: str, timeout: float = LISTED_TIMEOUT_S
) -> bool:
    """Ask the broker for the metadata of every topic until ``topic`` is listed, each of
    its partitions with a leader; False when ``timeout`` passes first. (The partition
    count is not checked here: a topic that existed already may have another one, which
    the topology refuses with a clear error once it writes.)"""
    deadline = time.monotonic() + timeout
    while True:
        try:
            metadata = await client.fetch_all_metadata()
        except Exception:  # a broker hiccup: ask again until the deadline
            metadata = None
        if metadata is not None:
            partitions = metadata.partitions_for_topic(topic) or set()
            led = metadata.available_partitions_for_topic(topic) or set()
            if partitions and len(led) == len(partitions):
                return True
        if time.monotonic() >= deadline or getattr(owner, "should_stop", False):
            return False
        await asyncio.sleep(POLL_S)


async def create_topic_then_wait_until_listed(
    self: Any,
    owner: Any,
    client: Any,
    topic: str,
    partitions: int,
    replication: int,
    **kwargs: Any,
) -> None:  # pragma: no cover - run by Faust against a broker
    await ORIGINAL(self, owner, client, topic, partitions, replication, **kwargs)
    if of(self.app) is not None and not await wait_until_listed(owner, client, topic):
        owner.log.warning(
            "topic %r is not in the broker's metadata %g s after its creation; going on",
            topic,
            LISTED_TIMEOUT_S,
        )


def install() -> None:
    """Idempotent."""
    Transport._really_create_topic = create_topic_then_wait_until_listed  # type: ignore[method-assign]
