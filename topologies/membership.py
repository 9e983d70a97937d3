"""Asking the group coordinator whether this worker is still a member of its consumer group.

Why: a worker frozen past its session timeout (a GC or VM pause, SIGSTOP) is expelled and
its partitions go to other workers, which recover the sessions' states and write their
own. Thawed, its timers fire before its heartbeat learns the news: an at-least-once commit
then would write states built from what it held into changelog partitions it no longer
owns, the broker keeps that last write, and the partitions' next owner recovers stale
states (the zombie fault test on Apache Kafka lost events that way: a session recovered
without its ``session.started`` dead-letters its reasoning as ``session_ineligible``).
So an at-least-once commit asks first, between flushing its outputs and taking the
states (``Checkpoint.commit``).

How: one Heartbeat request with the generation and member id the consumer joined with,
sent to the coordinator on Faust's consumer thread (aiokafka's client lives there). Not
aiokafka's own ``_do_heartbeat``: that one resets the member on a refusal, which could
race the consumer's own rejoin. The coordinator answers a live member of the current
generation with no error (or "rebalancing": still a member until it rejoins) and treats
the request as a heartbeat, so the member stays in the group for a session timeout
after a yes. aiokafka has no public call for this; tests/topologies/test_membership.py fails if an
upgrade moves the parts used here.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import aiokafka.errors as Errors
from aiokafka.client import ConnectionGroup
from aiokafka.protocol.group import HeartbeatRequest

from topologies import faust_bridge
from topologies.checkpoint import Membership

log = logging.getLogger("chao.topology")

#: How long a commit waits for the answer before it gives up (and commits nothing).
ANSWER_TIMEOUT_S = 10.0

#: The coordinator's answers that mean this member still holds its partitions.
MEMBER_ANSWERS = (Errors.NoError, Errors.RebalanceInProgressError)
#: The answers that mean it does not (the others leave the question open).
EXPELLED_ANSWERS = (Errors.UnknownMemberIdError, Errors.IllegalGenerationError)


async def ask_coordinator(coordinator: Any, generation: int) -> Membership:
    """One Heartbeat to aiokafka's group ``coordinator`` (on the loop it runs on), for the
    member it joined as, if that is ``generation`` (the app's current assignment)."""
    if coordinator.generation != generation or not coordinator.member_id:
        # Rejoined since (or rejoining): the app still holds the old assignment's work.
        return Membership.EXPELLED
    node = coordinator.coordinator_id
    if node is None:
        return Membership.UNKNOWN
    request = HeartbeatRequest(coordinator.group_id, generation, coordinator.member_id)
    try:
        response = await faust_bridge.send_to_coordinator(
            coordinator, node, request, ConnectionGroup.COORDINATION
        )
    except Errors.KafkaError as exc:
        log.warning("membership check: no answer from the coordinator: %s", type(exc).__name__)
        return Membership.UNKNOWN
    answer = Errors.for_code(response.error_code)
    if answer in MEMBER_ANSWERS:
        return Membership.MEMBER
    if answer in EXPELLED_ANSWERS:
        return Membership.EXPELLED
    log.warning("membership check: the coordinator answered %s", answer.__name__)
    return Membership.UNKNOWN


async def still_member(app: Any) -> Membership:
    """Whether the coordinator counts this Faust app's consumer a member of the generation
    of its current assignment (``app.consumer_generation_id``)."""
    thread = faust_bridge.consumer_thread(app.consumer)  # where aiokafka runs
    generation = app.consumer_generation_id

    async def ask() -> Membership:
        coordinator = faust_bridge.group_coordinator(thread)
        return await ask_coordinator(coordinator, generation)

    try:
        result: Membership = await asyncio.wait_for(thread.call_thread(ask), ANSWER_TIMEOUT_S)
    except TimeoutError:  # the consumer thread is busy or stopping: ask at the next commit
        log.warning("membership check: no answer in %g s", ANSWER_TIMEOUT_S)
        return Membership.UNKNOWN
    return result
