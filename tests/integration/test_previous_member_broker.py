"""topologies.previous_member against the real brokers (Tansu, and Apache Kafka with
``--broker=kafka``): a member killed without leaving is removed by a LeaveGroup sent on
its behalf, so the next member's join does not wait for the dead one's session."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid

import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.admin import AIOKafkaAdminClient

from pipeline.dev.broker import Broker
from pipeline.kafka.admin import TopicSpec, create_topics
from pipeline.kafka.group import leave_group

pytestmark = pytest.mark.integration

# The dead member's session: long, so that a join that waited for it could not pass the
# test's JOIN_LIMIT_S (the worker's default is 10 s). Tansu settles an emptied group about
# half the last session timeout after the next join (measured: 5 s after a 10 s member,
# 15 s after a 30 s one; 18 s after a 10 s member that was not removed).
DEAD_SESSION_MS = 45_000
JOIN_LIMIT_S = 40.0

MEMBER = """
import asyncio, sys
from aiokafka import AIOKafkaConsumer
from aiokafka.admin import AIOKafkaAdminClient
async def main():
    consumer = AIOKafkaConsumer(sys.argv[2], bootstrap_servers=sys.argv[1], group_id=sys.argv[3],
                                session_timeout_ms=int(sys.argv[4]), heartbeat_interval_ms=1000)
    await consumer.start()
    while not consumer.assignment():
        await asyncio.sleep(0.1)
    print(consumer._coordinator.member_id, flush=True)
    await asyncio.sleep(3600)
asyncio.run(main())
"""


def test_a_killed_member_removed_on_its_behalf_does_not_hold_up_the_next_join(
    broker: Broker,
) -> None:
    topic, group = f"previous-{uuid.uuid4().hex[:8]}", f"g-{uuid.uuid4().hex[:8]}"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 2)]))
    member = subprocess.Popen(
        [sys.executable, "-c", MEMBER, broker.bootstrap, topic, group, str(DEAD_SESSION_MS)],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ,
    )
    try:
        assert member.stdout is not None
        member_id = member.stdout.readline().strip()
        assert member_id, "the first member got no assignment"
    finally:
        member.send_signal(signal.SIGKILL)  # dies without leaving the group
        member.wait()

    assert asyncio.run(leave_group(broker.bootstrap, group, member_id)) == "NoError"
    assert asyncio.run(members(broker.bootstrap, group)) == []

    async def join() -> set[int]:
        consumer = AIOKafkaConsumer(topic, bootstrap_servers=broker.bootstrap, group_id=group)
        await consumer.start()
        try:
            deadline = time.monotonic() + JOIN_LIMIT_S
            while not consumer.assignment() and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            return {tp.partition for tp in consumer.assignment()}
        finally:
            await consumer.stop()

    # Without the LeaveGroup this join would wait for the dead member's 45 s session.
    assert asyncio.run(join()) == {0, 1}


async def members(bootstrap: str, group: str) -> list[str]:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        (answer,) = await admin.describe_consumer_groups([group])
    finally:
        await admin.close()
    (described,) = answer.groups
    return [member[0] for member in described[5]]


def test_leaving_for_a_member_the_group_does_not_know_is_answered_not_raised(
    broker: Broker,
) -> None:
    group = f"g-{uuid.uuid4().hex[:8]}"
    answer = asyncio.run(leave_group(broker.bootstrap, group, "nobody-" + uuid.uuid4().hex))
    assert answer in {"UnknownMemberIdError", "NoError", "GroupIdNotFoundError"}
    assert asyncio.run(leave_group("127.0.0.1:9", group, "x", timeout=2)).startswith("no answer")
