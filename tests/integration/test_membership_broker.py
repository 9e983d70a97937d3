"""topologies.membership against the real brokers (Tansu, and Apache Kafka with
``--broker=kafka``): a member of the current generation is told it is one; the same
question for an unknown member, an old or future generation, or a member that has left
is answered "expelled" by the broker itself.

Tansu (the embedded development broker) checks less: it answers an old generation, and a
member that has left, as a member. There the check catches only members it no longer
knows at all; the zombie fault test runs on Apache Kafka, the production broker."""

from __future__ import annotations

import asyncio
import uuid
from types import SimpleNamespace

import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.client import AIOKafkaClient

from pipeline.dev.broker import Broker
from pipeline.kafka.admin import TopicSpec, create_topics
from topologies.checkpoint import Membership
from topologies.membership import ask_coordinator

pytestmark = pytest.mark.integration


def test_the_broker_answers_the_membership_question(
    broker: Broker, broker_engine_name: str
) -> None:
    topic, group = f"membership-{uuid.uuid4().hex[:8]}", f"g-{uuid.uuid4().hex[:8]}"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 2)]))

    async def run() -> dict[str, Membership]:
        consumer = AIOKafkaConsumer(topic, bootstrap_servers=broker.bootstrap, group_id=group)
        await consumer.start()
        answers: dict[str, Membership] = {}
        client = AIOKafkaClient(bootstrap_servers=broker.bootstrap)
        await client.bootstrap()
        try:
            for _ in range(300):  # joined: partitions assigned
                if consumer.assignment():
                    break
                await asyncio.sleep(0.1)
            assert consumer.assignment(), "the consumer got no partition in 30 s"
            coordinator = consumer._coordinator
            generation, member = coordinator.generation, coordinator.member_id
            answers["member"] = await ask_coordinator(coordinator, generation)

            def asking(member_id: str, generation_id: int) -> SimpleNamespace:
                """The same question from another connection, for another identity."""
                return SimpleNamespace(
                    group_id=group,
                    generation=generation_id,
                    member_id=member_id,
                    coordinator_id=coordinator.coordinator_id,
                    _client=client,
                )

            answers["unknown member"] = await ask_coordinator(
                asking("nobody", generation), generation
            )
            answers["old generation"] = await ask_coordinator(
                asking(member, generation - 1), generation - 1
            )
            answers["next generation"] = await ask_coordinator(
                asking(member, generation + 1), generation + 1
            )
            await consumer.stop()  # leaves the group
            answers["left"] = await ask_coordinator(asking(member, generation), generation)
        finally:
            await consumer.stop()
            await client.close()
        return answers

    answers = asyncio.run(run())
    if broker_engine_name == "tansu":  # measured: it does not check these two
        assert answers.pop("old generation") is Membership.MEMBER
        assert answers.pop("left") is Membership.MEMBER
        assert answers == {
            "member": Membership.MEMBER,
            "unknown member": Membership.EXPELLED,
            "next generation": Membership.EXPELLED,
        }
        return
    assert answers == {
        "member": Membership.MEMBER,
        "unknown member": Membership.EXPELLED,
        "old generation": Membership.EXPELLED,
        "next generation": Membership.EXPELLED,
        "left": Membership.EXPELLED,
    }
