"""Consumer-group requests the worker sends outside its consumer: leaving the group on
behalf of a member that died without leaving (``topologies.previous_member``)."""

from __future__ import annotations

import asyncio

from aiokafka.client import AIOKafkaClient, ConnectionGroup, CoordinationType
from aiokafka.errors import KafkaError, for_code
from aiokafka.protocol.group import LeaveGroupRequest

from pipeline.kafka.security import KafkaSecurity, aiokafka_options

__all__ = ["leave_group"]


async def leave_group(
    bootstrap: str,
    group: str,
    member_id: str,
    *,
    timeout: float = 10.0,
    security: KafkaSecurity | None = None,
) -> str:
    """Ask ``group``'s coordinator to remove ``member_id``, as that member would on a clean
    stop (LeaveGroup). Returns the coordinator's answer by name: ``NoError`` (removed; the
    group rebalances without waiting for its session to run out), ``UnknownMemberIdError``
    (not a member: it left or its session ran out already), or another error's name;
    ``no answer: ...`` when no coordinator answered within ``timeout``. Never raises for
    the broker's trouble: the caller goes on either way."""
    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-group-leave",
        request_timeout_ms=int(timeout * 1000),
        **aiokafka_options(security),
    )
    try:
        async with asyncio.timeout(timeout):
            await client.bootstrap()
            node = await client.coordinator_lookup(CoordinationType.GROUP, group)
            request = LeaveGroupRequest(group, member_id)
            response = await client.send(node, request, group=ConnectionGroup.COORDINATION)
    except (KafkaError, TimeoutError, OSError) as exc:
        return f"no answer: {type(exc).__name__}"
    finally:
        await client.close()
    return str(for_code(response.error_code).__name__)
