"""Failing fast on a secured cluster: before Faust starts, the worker checks that it can
authenticate, that the broker's certificate verifies, and that its principal may do what
the worker does with each of its topics and its group; each failure is one line naming
what failed (:class:`~pipeline.kafka.security.SecurityError`, exit code 2), never a
secret.

Why: without it, aiokafka turns a refused password or an untrusted certificate into
"Unable to bootstrap" (the cause only in an ERROR line per attempt), and the worker's wait
for its broker would wait for ever; a missing ACL makes a topic invisible in the
metadata (the worker said "missing topics: create them"), or fails a fetch or a send
minutes into the run.

Authorization is read from the broker itself: Metadata version 9 with
``include_topic_authorized_operations`` (KIP-430) answers, for each topic named, the
operations this principal may perform; DescribeGroups with authorized operations does
the same for the consumer group. aiokafka speaks Metadata up to version 5, so version 9 is
defined here with aiokafka's protocol types (as :mod:`pipeline.kafka.stable_offsets`).
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Mapping
from typing import Any

from aiokafka import errors as kafka_errors
from aiokafka.protocol.admin import DescribeGroupsResponse_v3
from aiokafka.protocol.api import Request, RequestStruct, Response
from aiokafka.protocol.types import (
    Array,
    Boolean,
    CompactArray,
    CompactString,
    Int16,
    Int32,
    Schema,
    String,
    TaggedFields,
)

from pipeline.kafka.acls import OPERATIONS
from pipeline.kafka.security import KafkaSecurity, SecurityError, aiokafka_options

TOPIC_AUTHORIZATION_FAILED = 29
GROUP_AUTHORIZATION_FAILED = 30
UNKNOWN_TOPIC = 3
UNKNOWN_OPERATIONS = -(2**31)  # the broker did not compute them (no authorizer)

AUTHENTICATION_ERRORS = (
    kafka_errors.SaslAuthenticationFailed,
    kafka_errors.AuthenticationFailedError,
    kafka_errors.UnsupportedSaslMechanismError,
    kafka_errors.IllegalSaslStateError,
)


def _who(security: KafkaSecurity) -> str:
    return f"user {security.sasl_username!r}" if security.sasl_username else "this client"


async def check_connection(
    host: str, port: int, security: KafkaSecurity, timeout: float = 10.0
) -> str | None:
    """None when a connection to host:port authenticates with ``security``; else why
    not, for a failure that may pass (refused, no answer: the broker may be starting).
    Raises :class:`SecurityError` for the ones that do not pass by waiting: the broker's
    certificate does not verify, or the broker refuses the credentials."""
    from aiokafka.conn import create_conn

    try:
        conn = await asyncio.wait_for(
            create_conn(
                host,
                port,
                client_id="chao-security-check",
                request_timeout_ms=int(timeout * 1000),
                **aiokafka_options(security),
            ),
            timeout,
        )
    except ssl.SSLCertVerificationError as exc:
        raise SecurityError(
            f"TLS verification of the broker at {host}:{port} failed: "
            f"{exc.verify_message or exc.reason} (CHAO_KAFKA_SSL_CAFILE: the CA that signed "
            "the broker's certificate; the certificate must name the host connected to)"
        ) from None
    except ssl.SSLError as exc:
        raise SecurityError(
            f"TLS handshake with the broker at {host}:{port} failed: {exc.reason or exc} "
            f"(CHAO_KAFKA_SECURITY_PROTOCOL={security.security_protocol}: does the listener "
            "speak TLS?)"
        ) from None
    except AUTHENTICATION_ERRORS as exc:
        raise SecurityError(
            f"authentication failed at {host}:{port} as {_who(security)} with "
            f"{security.sasl_mechanism}: {type(exc).__name__}"
            + _broker_says(exc)
            + " (CHAO_KAFKA_SASL_USERNAME / CHAO_KAFKA_SASL_PASSWORD[_FILE])"
        ) from None
    except TimeoutError:
        return f"no authenticated connection within {timeout:g} s"
    except (OSError, kafka_errors.KafkaError) as exc:
        return f"{type(exc).__name__}: {exc}"
    conn.close()
    return None


def _broker_says(exc: Exception) -> str:
    """The broker's own explanation (Kafka's says which mechanism and "invalid
    credentials"; it never quotes what the client sent)."""
    text = str(exc.args[0]) if exc.args and isinstance(exc.args[0], str) else ""
    return f": {text}" if text else ""


# -- Metadata v9 with the topics' authorized operations ------------------------------------


class MetadataResponse_v9(Response):  # type: ignore[misc]
    API_KEY = 3
    API_VERSION = 9
    SCHEMA = Schema(
        ("throttle_time_ms", Int32),
        (
            "brokers",
            CompactArray(
                ("node_id", Int32),
                ("host", CompactString("utf-8")),
                ("port", Int32),
                ("rack", CompactString("utf-8")),
                ("tags", TaggedFields),
            ),
        ),
        ("cluster_id", CompactString("utf-8")),
        ("controller_id", Int32),
        (
            "topics",
            CompactArray(
                ("error_code", Int16),
                ("name", CompactString("utf-8")),
                ("is_internal", Boolean),
                (
                    "partitions",
                    CompactArray(
                        ("error_code", Int16),
                        ("partition_index", Int32),
                        ("leader_id", Int32),
                        ("leader_epoch", Int32),
                        ("replica_nodes", CompactArray(Int32)),
                        ("isr_nodes", CompactArray(Int32)),
                        ("offline_replicas", CompactArray(Int32)),
                        ("tags", TaggedFields),
                    ),
                ),
                ("topic_authorized_operations", Int32),
                ("tags", TaggedFields),
            ),
        ),
        ("cluster_authorized_operations", Int32),
        ("tags", TaggedFields),
    )


class MetadataRequest_v9(RequestStruct):  # type: ignore[misc]
    FLEXIBLE_VERSION = True
    API_KEY = 3
    API_VERSION = 9
    RESPONSE_TYPE = MetadataResponse_v9
    SCHEMA = Schema(
        ("topics", CompactArray(("name", CompactString("utf-8")), ("tags", TaggedFields))),
        ("allow_auto_topic_creation", Boolean),
        ("include_cluster_authorized_operations", Boolean),
        ("include_topic_authorized_operations", Boolean),
        ("tags", TaggedFields),
    )


class AuthorizedMetadata(Request[MetadataRequest_v9]):  # type: ignore[misc]
    """Metadata of named topics with the operations this principal may perform on each;
    never creates a topic."""

    API_KEY = 3

    def __init__(self, topics: list[str]) -> None:
        self.topics = topics

    def build(self, request_struct_class: type[MetadataRequest_v9]) -> MetadataRequest_v9:
        return request_struct_class([(t, {}) for t in self.topics], False, False, True, {})


def topic_problems(response: Any, needs: Mapping[str, set[str]]) -> list[str]:
    """Each operation of ``needs`` (topic -> operations) the answer does not authorize,
    as "Read topic X". The broker answers a topic's operations whether it exists or not
    (Kafka hides which, from a principal that may not Describe it); whether it exists is
    the worker's own check (pipeline.topics; its internal topics it creates itself)."""
    problems = []
    answered = {name: (error, ops) for error, name, _, _, ops, _ in response.topics}
    for topic, operations in needs.items():
        error, ops = answered.get(topic, (UNKNOWN_TOPIC, UNKNOWN_OPERATIONS))
        if error == TOPIC_AUTHORIZATION_FAILED:
            problems += [f"{op.capitalize()} topic {topic}" for op in sorted(operations)]
        elif ops == UNKNOWN_OPERATIONS:
            continue  # a missing topic is the worker's own check (pipeline.topics)
        else:
            problems += [
                f"{op.capitalize()} topic {topic}"
                for op in sorted(operations)
                if not ops & (1 << OPERATIONS[op])
            ]
    return problems


async def check_access(
    bootstrap: str,
    security: KafkaSecurity,
    topics: Mapping[str, set[str]],
    group: str | None,
    *,
    hint: str = "",
    timeout: float = 15.0,
) -> None:
    """Raise :class:`SecurityError` naming every topic operation of ``topics`` and the
    Read of ``group`` that the broker does not authorize for this principal."""
    from aiokafka.client import AIOKafkaClient

    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-access-check",
        request_timeout_ms=int(timeout * 1000),
        **aiokafka_options(security),
    )
    try:
        await asyncio.wait_for(client.bootstrap(), timeout)
        node = client.get_random_node()
        response = await asyncio.wait_for(
            client.send(node, AuthorizedMetadata(sorted(topics))), timeout
        )
    finally:
        await client.close()
    problems = topic_problems(response, topics)
    if group is not None:
        problems += await _group_problems(bootstrap, security, group, timeout)
    if problems:
        raise SecurityError(
            f"authorization failed: {_who(security)} may not " + ", ".join(problems) + hint
        )


class DescribeGroupsRequest_v3(RequestStruct):  # type: ignore[misc]
    """aiokafka's version 3 answers with its version 2 response class, which drops the
    authorized operations: this one reads them."""

    API_KEY = 15
    API_VERSION = 3
    RESPONSE_TYPE = DescribeGroupsResponse_v3
    SCHEMA = Schema(("groups", Array(String("utf-8"))), ("include_authorized_operations", Boolean))


class GroupOperations(Request[DescribeGroupsRequest_v3]):  # type: ignore[misc]
    API_KEY = 15

    def __init__(self, group: str) -> None:
        self.group = group

    def build(
        self, request_struct_class: type[DescribeGroupsRequest_v3]
    ) -> DescribeGroupsRequest_v3:
        return request_struct_class([self.group], True)


async def _group_problems(
    bootstrap: str, security: KafkaSecurity, group: str, timeout: float
) -> list[str]:
    """["Read group G"] unless the principal may read ``group``. Asked again while the
    group coordinator is not available (a new cluster creates its offsets topic at the
    first FindCoordinator)."""
    from aiokafka.client import AIOKafkaClient

    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-access-check",
        request_timeout_ms=int(timeout * 1000),
        **aiokafka_options(security),
    )
    deadline = time.monotonic() + timeout
    try:
        await client.bootstrap()
        while True:
            try:
                coordinator = await client.coordinator_lookup(0, group)
                answer = await client.send(coordinator, GroupOperations(group))
                break
            except kafka_errors.GroupAuthorizationFailedError:
                return [f"Read group {group}"]
            except kafka_errors.KafkaError as exc:
                if not exc.retriable or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.5)
    finally:
        await client.close()
    for error, _gid, _state, _ptype, _protocol, _members, ops in answer.groups:
        if error == GROUP_AUTHORIZATION_FAILED or (
            ops != UNKNOWN_OPERATIONS and not ops & (1 << OPERATIONS["read"])
        ):
            return [f"Read group {group}"]
    return []
