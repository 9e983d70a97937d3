"""After a rebalance, a stream partition without a committed offset goes back to its reset
position, not only the partitions with one.

Patched: ``faust.transport.drivers.aiokafka.AIOKafkaConsumerThread.seek_to_committed``
(Faust's "seek partitions to the last committed offset", which ``Consumer.perform_seek``
calls when table recovery resumes the streams, and when ``getmany`` returns while the
flow is stopped).

Why: during a rebalance aiokafka can hand Faust's ``getmany`` records of partitions just
assigned, and advance its positions past them, while Faust drops them: the table recovery
that starts in that rebalance pauses the stream partitions by removing them from the very
set ``getmany`` filters by, or the flow is already stopped. Faust counts on seeking the
stream partitions back to their committed offsets after recovery to fetch them again. But
aiokafka's ``AIOKafkaConsumer.seek_to_committed`` seeks only partitions whose committed
offset is > 0. A partition taken over from a worker that died before its first commit
has none, so its position stayed at the end: the survivor never processed those records
and its ordering stage waited for them forever (docs/kafka.md, "What running on Kafka
found"; ``test_two_workers_split_partitions_and_survive_a_sigkill`` on Kafka). Here every
assigned stream partition (not the tables' changelogs, which recovery positions itself)
whose committed offset is missing goes to the reset position of
``consumer_auto_offset_reset`` (``earliest`` for the worker: what a partition nobody has
committed starts from anyway), and one committed at 0 goes to 0. Records processed since
and not committed are read again: the at-least-once repeats a seek to a committed offset
gives too.

Per app, as every patch: the patched method behaves as Faust's own for an app
``topologies.patches.apply`` never saw (``patches.of(app)`` is None).
``tests/topologies/patches/test_seek_uncommitted_partitions.py`` fails when an upgrade of
faust-streaming or
aiokafka changes the functions this relies on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Mapping
from typing import Any

from aiokafka import TopicPartition
from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

from topologies.patches import of

log = logging.getLogger("chao.patches.seek_uncommitted_partitions")

_original_seek_to_committed = AIOKafkaConsumerThread.seek_to_committed


async def seek_uncommitted(
    consumer: Any,
    committed: Mapping[TopicPartition, int | None],
    *,
    reset: str,
    skip_topics: Collection[str] = (),
) -> list[TopicPartition]:
    """Seek each partition of ``committed`` (what aiokafka's ``seek_to_committed``
    returned) that has no committed offset to the ``reset`` position (``earliest`` or
    ``latest``; ``none``: left where it is), and each committed at 0 to 0, except the
    partitions of ``skip_topics``. Returns the partitions moved."""
    streams = sorted(
        (tp for tp in committed if tp.topic not in skip_topics),
        key=lambda tp: (tp.topic, tp.partition),
    )
    unset = [tp for tp in streams if committed[tp] is None]
    at_zero = [tp for tp in streams if committed[tp] == 0]
    for tp in at_zero:
        consumer.seek(tp, 0)
    if reset not in ("earliest", "latest"):
        unset = []
    if unset:
        positions = await asyncio.gather(*(_position(consumer, tp) for tp in unset))
        before = dict(zip(unset, positions, strict=True))
        if reset == "earliest":
            await consumer.seek_to_beginning(*unset)
        else:
            await consumer.seek_to_end(*unset)
        moved = [f"{tp.topic}[{tp.partition}]@{before[tp]}" for tp in unset]
        # At a worker's first assignment every partition is at its start already: quiet.
        level = logging.INFO if any(before[tp] != 0 for tp in unset) else logging.DEBUG
        log.log(level, "no committed offset, sought to %s: %s", reset, ", ".join(moved))
    return at_zero + unset


async def _position(consumer: Any, tp: TopicPartition) -> int | str:
    """The partition's fetch position, for the log ("?" while it is being reset: the
    lookups run side by side, so a rebalance waits at most 1 s for them)."""
    try:
        return int(await asyncio.wait_for(consumer.position(tp), 1.0))
    except Exception:
        return "?"


async def _seek_to_committed_or_reset(self: Any) -> Mapping[TopicPartition, int | None]:
    app = self.app
    if of(app) is None:
        return await _original_seek_to_committed(self)

    async def in_consumer_thread() -> Mapping[TopicPartition, int | None]:
        consumer = self._ensure_consumer()
        committed: Mapping[TopicPartition, int | None] = await consumer.seek_to_committed()
        await seek_uncommitted(
            consumer,
            committed,
            reset=str(app.conf.consumer_auto_offset_reset),
            skip_topics=set(app.tables.changelog_topics),
        )
        return committed

    return await self.call_thread(in_consumer_thread)  # type: ignore[no-any-return]


_seek_to_committed_or_reset.chao_patch = True  # type: ignore[attr-defined]


def install() -> None:
    """Idempotent: install the patched method (once per process)."""
    if not getattr(AIOKafkaConsumerThread.seek_to_committed, "chao_patch", False):
        AIOKafkaConsumerThread.seek_to_committed = _seek_to_committed_or_reset  # type: ignore[method-assign,assignment]
