"""Wait until a group's committed offsets of some partitions are *stable*: no transactional
offset commit for them is still pending at the group coordinator.

Why: with exactly-once, a partition's offsets are committed inside a transaction
(TxnOffsetCommit). After the transaction commits, the broker writes its markers, and only
then does the group coordinator make those offsets the committed ones; an OffsetFetch in
between returns the offset from before the transaction. A worker taking over a partition at
a rebalance right after its previous owner committed (the previous owner commits at
revocation, the new one fetches at once) would start from there and process the
transaction's records again: its dead letters came out twice for a ``read_committed``
reader (2 of 11 two-member kill runs on Kafka 3.9). KIP-447's answer is OffsetFetch with
``require_stable`` (version 7): the coordinator answers UNSTABLE_OFFSET_COMMIT while such a
commit is pending. aiokafka speaks OffsetFetch up to version 3, so this module defines
version 7 with aiokafka's protocol types and asks until every partition is stable; the
worker does that after fencing the partitions' previous owners and before its consumer
fetches the committed offsets (``topologies.faust_checkpoint``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable

from aiokafka.client import AIOKafkaClient
from aiokafka.protocol.api import Request, RequestStruct, Response
from aiokafka.protocol.types import (
    Boolean,
    CompactArray,
    CompactString,
    Int16,
    Int32,
    Int64,
    Schema,
    TaggedFields,
)

from pipeline.kafka.security import KafkaSecurity, aiokafka_options

log = logging.getLogger("chao.kafka.stable_offsets")

UNSTABLE_OFFSET_COMMIT = 88  # Kafka's error code: a transactional commit is pending
COORDINATOR_ERRORS = {14, 15, 16}  # loading, not available, not coordinator: ask again
_BACKOFF_S = 0.02


# aiokafka is untyped here (Any): its protocol classes are subclassed as they are.
class OffsetFetchResponse_v7(Response):  # type: ignore[misc]
    API_KEY = 9
    API_VERSION = 7
    SCHEMA = Schema(
        ("throttle_time_ms", Int32),
        (
            "topics",
            CompactArray(
                ("name", CompactString("utf-8")),
                (
                    "partitions",
                    CompactArray(
                        ("partition_index", Int32),
                        ("committed_offset", Int64),
                        ("committed_leader_epoch", Int32),
                        ("metadata", CompactString("utf-8")),
                        ("error_code", Int16),
                        ("tags", TaggedFields),
                    ),
                ),
                ("tags", TaggedFields),
            ),
        ),
        ("error_code", Int16),
        ("tags", TaggedFields),
    )


class OffsetFetchRequest_v7(RequestStruct):  # type: ignore[misc]
    FLEXIBLE_VERSION = True
    API_KEY = 9
    API_VERSION = 7
    RESPONSE_TYPE = OffsetFetchResponse_v7
    SCHEMA = Schema(
        ("group_id", CompactString("utf-8")),
        (
            "topics",
            CompactArray(
                ("name", CompactString("utf-8")),
                ("partition_indexes", CompactArray(Int32)),
                ("tags", TaggedFields),
            ),
        ),
        ("require_stable", Boolean),
        ("tags", TaggedFields),
    )


class StableOffsetFetch(Request[OffsetFetchRequest_v7]):  # type: ignore[misc]
    """OffsetFetch v7 with ``require_stable`` for named partitions."""

    API_KEY = 9

    def __init__(self, group_id: str, partitions: Iterable[tuple[str, int]]) -> None:
        by_topic: dict[str, list[int]] = {}
        for topic, partition in partitions:
            by_topic.setdefault(topic, []).append(partition)
        self.group_id = group_id
        self.topics: list[tuple[str, list[int], dict[int, bytes]]] = [
            (t, sorted(ps), {}) for t, ps in sorted(by_topic.items())
        ]

    def build(self, request_struct_class: type[OffsetFetchRequest_v7]) -> OffsetFetchRequest_v7:
        return request_struct_class(self.group_id, self.topics, True, {})


def unstable(response: OffsetFetchResponse_v7) -> tuple[list[tuple[str, int]], int]:
    """The partitions still pending, and the first other error code (0 for none)."""
    pending: list[tuple[str, int]] = []
    other = response.error_code if response.error_code != UNSTABLE_OFFSET_COMMIT else 0
    for name, partitions, _ in response.topics:
        for index, _offset, _epoch, _meta, error, _ in partitions:
            if error == UNSTABLE_OFFSET_COMMIT:
                pending.append((name, index))
            elif error and not other:
                other = error
    if response.error_code == UNSTABLE_OFFSET_COMMIT and not pending:
        pending = [("*", -1)]
    return pending, other


async def await_stable_offsets(
    bootstrap: str | list[str],
    group_id: str,
    partitions: Iterable[tuple[str, int]],
    *,
    timeout_s: float = 60.0,
    security: KafkaSecurity | None = None,
) -> bool:
    """Ask the group coordinator until no transactional offset commit is pending for
    ``partitions``; True once stable, False after ``timeout_s`` (logged: the partitions'
    records since their last stable commit may then be processed again, a repeat, never
    a loss). 60 s: aiokafka's default transaction timeout, after which the broker aborts
    any transaction still open."""
    wanted = sorted(set(partitions))
    if not wanted:
        return True
    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id=f"{group_id}-stable-offsets",
        **aiokafka_options(security),
    )
    started = time.monotonic()
    waits = 0
    try:
        await client.bootstrap()
        coordinator = await client.coordinator_lookup(0, group_id)
        while True:
            response = await client.send(coordinator, StableOffsetFetch(group_id, wanted))
            pending, error = unstable(response)
            if error in COORDINATOR_ERRORS:
                coordinator = await client.coordinator_lookup(0, group_id)
            elif error:
                raise RuntimeError(f"OffsetFetch for group {group_id} failed: error code {error}")
            elif not pending:
                if waits:
                    log.info(
                        "committed offsets stable after %.2f s (%d pending answers)",
                        time.monotonic() - started,
                        waits,
                    )
                return True
            waits += 1
            if time.monotonic() - started > timeout_s:
                log.error(
                    "transactional offset commits still pending after %.0f s for %s; "
                    "reading on: their records may be processed again",
                    timeout_s,
                    ", ".join(f"{t}[{p}]" for t, p in pending),
                )
                return False
            await asyncio.sleep(_BACKOFF_S)
    finally:
        await client.close()
