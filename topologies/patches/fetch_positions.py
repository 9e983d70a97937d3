"""Where a fetch left each partition: the offset after its last delivered message *and*
after the transaction markers and aborted records the fetch skipped past it.

Read by :mod:`.batch_delivery` from aiokafka's fetch positions right after each
``getmany`` (``TopicPartitionState.position``: aiokafka moves it past control batches and,
reading committed, past aborted batches, as it hands records out), and carried with the
batch (:class:`FetchedBatch`).

Why: a partition written by transactions ends with a commit marker, an offset no message
ever has. Counting "processed up to" as the last message's offset + 1 left a partition
one offset short of its end for ever: the catch-up tracker never saw the re-key topic
caught up (gaps were never skipped once the input stopped), the stall watchdog saw a
record waiting, and exactly-once committed offsets that pointed at markers. The
exactly-once committer commits these positions (only markers and aborted records lie
between them and the last message), and the progress trackers advance to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

Partition = tuple[str, int]


class FetchedBatch(list[Any]):
    """One topic's messages of one fetch, with ``next_offsets``: per partition, the offset
    the fetch continues from after the last of them."""

    next_offsets: dict[Partition, int]

    def __init__(self, messages: Iterable[Any], next_offsets: dict[Partition, int]) -> None:
        super().__init__(messages)
        self.next_offsets = next_offsets

    def only(self, messages: list[Any]) -> FetchedBatch:
        """The batch cut down to ``messages`` (a subset, e.g. those of the live
        generation), with the positions of their partitions."""
        present = {(m.topic, m.partition) for m in messages}
        return FetchedBatch(
            messages, {tp: o for tp, o in self.next_offsets.items() if tp in present}
        )


def next_offsets(messages: Sequence[Any]) -> dict[Partition, int]:
    """Per partition, where processing ``messages`` leaves it: the fetch's position when
    known (past trailing markers), else the last message's offset + 1."""
    ends: dict[Partition, int] = {}
    for message in messages:
        key = (message.topic, message.partition)
        if message.offset >= ends.get(key, -1):
            ends[key] = message.offset + 1
    known = getattr(messages, "next_offsets", None)
    if known:
        for key, end in ends.items():
            position = known.get(key)
            if position is not None and position > end:
                ends[key] = position
    return ends


def positions(faust_consumer: Any, partitions: Iterable[Any]) -> dict[Partition, int]:
    """aiokafka's fetch positions of ``partitions`` now (those it has one for)."""
    thread = getattr(faust_consumer, "_thread", None)
    consumer = getattr(thread, "_consumer", None)
    subscription = getattr(getattr(consumer, "_subscription", None), "subscription", None)
    assignment = getattr(subscription, "assignment", None)
    if assignment is None:
        return {}
    found = {}
    for tp in partitions:
        try:
            state = assignment.state_value(tp)
        except (KeyError, AttributeError):
            continue
        if state is not None and state.has_valid_position:
            found[(tp.topic, tp.partition)] = int(state.position)
    return found
