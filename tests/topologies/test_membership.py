"""topologies.membership: what the coordinator's answers to a Heartbeat mean, and the
aiokafka and Faust parts it relies on (an upgrade that moves them fails here). The same
check against real brokers: tests/integration/test_membership_broker.py."""

from __future__ import annotations

import asyncio
import inspect
from types import SimpleNamespace
from typing import Any

import aiokafka.errors as Errors
import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.client import ConnectionGroup
from aiokafka.consumer.group_coordinator import GroupCoordinator
from aiokafka.protocol.group import HeartbeatRequest, HeartbeatRequest_v0
from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread, Consumer

from tests.group_fakes import FakeConsumerThread, FakeCoordinator
from topologies.checkpoint import Membership
from topologies.membership import ask_coordinator, still_member


@pytest.mark.parametrize(
    ("answer", "membership"),
    [
        (Errors.NoError, Membership.MEMBER),
        (Errors.RebalanceInProgressError, Membership.MEMBER),
        (Errors.UnknownMemberIdError, Membership.EXPELLED),
        (Errors.IllegalGenerationError, Membership.EXPELLED),
        (Errors.NotCoordinatorForGroupError, Membership.UNKNOWN),
        (Errors.GroupCoordinatorNotAvailableError, Membership.UNKNOWN),
        (Errors.KafkaConnectionError(), Membership.UNKNOWN),
    ],
)
def test_the_coordinators_answers(answer: Any, membership: Membership) -> None:
    coordinator = FakeCoordinator(generation=7, answer=answer)
    assert asyncio.run(ask_coordinator(coordinator, 7)) is membership
    assert coordinator.sent == [(1, "group", 7, "member-1")]


def test_a_consumer_that_rejoined_since_is_not_a_member_of_the_old_generation() -> None:
    """The app holds the work of generation 3; the consumer rejoined as 4: not asked."""
    coordinator = FakeCoordinator(generation=4)
    assert asyncio.run(ask_coordinator(coordinator, 3)) is Membership.EXPELLED
    coordinator.generation, coordinator.member_id = 3, ""  # reset, rejoining
    assert asyncio.run(ask_coordinator(coordinator, 3)) is Membership.EXPELLED
    assert coordinator.sent == []


def test_no_known_coordinator_leaves_it_open() -> None:
    coordinator = FakeCoordinator()
    coordinator.coordinator_id = None
    assert asyncio.run(ask_coordinator(coordinator, 1)) is Membership.UNKNOWN
    assert coordinator.sent == []


def test_still_member_asks_on_the_consumer_thread_for_the_apps_generation() -> None:
    coordinator = FakeCoordinator(generation=5)
    app = SimpleNamespace(
        consumer=SimpleNamespace(_thread=FakeConsumerThread(coordinator)),
        consumer_generation_id=5,
    )
    assert asyncio.run(still_member(app)) is Membership.MEMBER
    app.consumer_generation_id = 4
    assert asyncio.run(still_member(app)) is Membership.EXPELLED


def test_a_consumer_thread_that_does_not_answer_leaves_it_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import topologies.membership

    class StuckThread(FakeConsumerThread):
        async def call_thread(self, fun: Any, *args: Any) -> Any:
            await asyncio.Event().wait()  # a method queue that never runs it

    monkeypatch.setattr(topologies.membership, "ANSWER_TIMEOUT_S", 0.01)
    app = SimpleNamespace(
        consumer=SimpleNamespace(_thread=StuckThread(FakeCoordinator())),
        consumer_generation_id=1,
    )
    assert asyncio.run(still_member(app)) is Membership.UNKNOWN


def test_the_aiokafka_and_faust_parts_it_uses_are_still_there() -> None:
    """A real consumer's coordinator is exercised by the broker test; here, the names."""
    struct = HeartbeatRequest("group", 3, "member").build(HeartbeatRequest_v0)
    assert (struct.group, struct.generation_id, struct.member_id) == ("group", 3, "member")
    assert ConnectionGroup.COORDINATION
    source = "".join(inspect.getsource(c) for c in GroupCoordinator.__mro__[:-1])
    for attribute in ("group_id", "generation", "member_id", "coordinator_id", "_client"):
        assert f"self.{attribute} =" in source, attribute
    assert "self._coordinator = " in inspect.getsource(AIOKafkaConsumer)
    assert callable(AIOKafkaConsumerThread.call_thread)
    assert callable(AIOKafkaConsumerThread._ensure_consumer)
    assert "_thread" in Consumer.__annotations__
