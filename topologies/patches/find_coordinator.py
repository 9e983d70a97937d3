"""The exactly-once producers retry a FindCoordinator request that failed with a retriable
error (aiokafka's ``Sender._find_coordinator``), as they retry one whose coordinator is not
available, instead of failing their transaction for good.

Why: a transactional producer asks a random broker of its metadata where its transaction
(or its group's offsets) coordinator is. aiokafka retries that request on
CoordinatorNotAvailable, NodeNotReady and RequestTimedOut only; any other ``KafkaError``
it re-raises as a plain ``KafkaError``, and its sender routine ("Unexpected error in sender
routine") moves the transaction to FATAL_ERROR and fails every batch ("Unexpected error
during batch delivery"). A ``KafkaConnectionError`` is one of those, though aiokafka marks
it retriable: the broker asked was closing its connections. On a three-broker cluster's
rolling restart the exactly-once worker asked the broker being stopped (its controlled
shutdown closes them), crashed, and its read_committed outputs stayed incomplete (1 of 5
rolling restarts of ``make test-cluster``; RELIABILITY.md, "A three-broker cluster").
Each retry refreshes the metadata first and waits the producer's retry backoff, as
aiokafka's own retries there do; an error that is not retriable (authorisation) is raised
as before.

Per producer (:func:`configure`, on the producers ``topologies.transactions`` builds), not
for every aiokafka producer of the process; Faust's own producer has no transactions.
"""

from __future__ import annotations

import asyncio
import logging
import types
from typing import Any

from aiokafka.errors import KafkaError
from aiokafka.producer.sender import Sender

PATCHED = "aiokafka.producer.sender.Sender._find_coordinator"
ORIGINAL = Sender._find_coordinator

log = logging.getLogger("chao.transactions")


def retriable_cause(exc: BaseException) -> BaseException | None:
    """The retriable error behind aiokafka's plain ``KafkaError("...")`` wrapper, or None
    (an error raised as itself, authorisation ones included, is not retried)."""
    cause = exc.__cause__
    if type(exc) is KafkaError and isinstance(cause, KafkaError):
        return cause if getattr(cause, "retriable", False) else None
    return None


async def find_coordinator_retrying(self: Any, coordinator_type: int, coordinator_key: str) -> Any:
    while True:
        try:
            return await ORIGINAL(self, coordinator_type, coordinator_key)
        except KafkaError as exc:
            cause = retriable_cause(exc)
            if cause is None:
                raise
            log.warning(
                "finding the coordinator for %s failed (%s): retrying",
                coordinator_key,
                type(cause).__name__,
            )
            await self.client.force_metadata_update()
            await asyncio.sleep(self._retry_backoff)


def configure(producer: Any) -> Any:
    """Make ``producer`` (an unstarted AIOKafkaProducer) retry as above; returns it."""
    sender = producer._sender
    sender._find_coordinator = types.MethodType(find_coordinator_retrying, sender)
    return producer
