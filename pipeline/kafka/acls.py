"""The least privilege of each principal of the product, as Kafka ACLs, and creating them.

Roles (docs/kafka.md, "ACLs per role"):

- **worker** (``chao-pipeline worker``): Read the raw topic; Read and Write
  ``chao.clean.session-events`` (it is also the trace table's changelog, read back at
  recovery); Write the other clean topics and the dead-letter topic; Read, Write and
  Create the topics named ``<app_id>-...`` (its re-key topic, state changelog and Faust's
  leader topic, which it creates itself); Read its consumer group ``<app_id>``; under
  exactly-once, Write the transactional ids ``<app_id>-...`` (one per input partition,
  topologies.transactions). Nothing else: not the cluster, no other group.
- **reader** (a downstream service, :mod:`pipeline.kafka.reader`): Read the five clean
  topics and its own consumer group; nothing of the raw, dead-letter or internal topics,
  which carry events before the session rules dropped some of them.

Kafka's Read and Write imply Describe, so none is granted separately. Idempotent
producers need only Write on their topics since Kafka 3.0 (KIP-679), no cluster right.

Created with CreateAcls (API key 30, version 2) over aiokafka's connection: aiokafka's
admin client has no ACL calls, and the product's clients already carry the security
settings (:mod:`pipeline.kafka.security`). ``chao-pipeline topics --acls PRINCIPAL --role
worker|reader`` prints them as ``kafka-acls.sh`` commands or, with ``--apply``, creates
them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from aiokafka.protocol.api import Request, RequestStruct, Response
from aiokafka.protocol.types import (
    Array,
    CompactArray,
    CompactString,
    Int8,
    Int16,
    Int32,
    Schema,
    String,
    TaggedFields,
)

from pipeline.config import TopicNames
from pipeline.errors import BrokerError, ConfigError
from pipeline.kafka.security import KafkaSecurity, aiokafka_options

Role = Literal["worker", "reader"]
ROLES: tuple[Role, ...] = ("worker", "reader")

# Kafka's codes (org.apache.kafka.common.resource / acl).
RESOURCE_TYPES = {"topic": 2, "group": 3, "cluster": 4, "transactional-id": 5}
PATTERN_TYPES = {"literal": 3, "prefixed": 4}
OPERATIONS = {"read": 3, "write": 4, "create": 5, "delete": 6, "describe": 8}
ALLOW = 3


@dataclass(frozen=True, order=True)
class Acl:
    """One allow rule: ``principal`` may ``operation`` on the resource."""

    resource: str  # topic, group, transactional-id
    name: str
    pattern: str  # literal, prefixed
    operation: str  # read, write, create, describe
    principal: str  # User:name

    def kafka_acls_args(self) -> str:
        """The same rule as a ``kafka-acls.sh --add`` argument list."""
        option = {"topic": "--topic", "group": "--group", "transactional-id": "--transactional-id"}
        return (
            f"--allow-principal {self.principal} --operation {self.operation.capitalize()} "
            f"{option[self.resource]} {self.name} --resource-pattern-type {self.pattern}"
        )


def principal_of(name: str) -> str:
    """``alice`` -> ``User:alice``; a name with a type (``User:alice``) unchanged."""
    name = name.strip()
    if not name or name.endswith(":"):
        raise ConfigError("the principal is empty: give a user name, e.g. User:worker")
    return name if ":" in name else f"User:{name}"


def role_acls(
    principal: str,
    role: Role,
    names: TopicNames,
    *,
    app_id: str = "chao-pipeline",
    group: str | None = None,
    exactly_once: bool = True,
) -> list[Acl]:
    """The ACLs of ``role`` (module docstring). ``group``: the reader's consumer group;
    ``exactly_once``: the worker's transactional ids too (granted by default, so a
    deployment may switch its guarantee without new ACLs)."""
    who = principal_of(principal)

    def acl(resource: str, name: str, operation: str, pattern: str = "literal") -> Acl:
        return Acl(resource, name, pattern, operation, who)

    clean = [
        names.session_events,
        names.reasoning,
        names.tool_cards,
        names.messages,
        names.artifacts,
    ]
    if role == "reader":
        if not group:
            raise ConfigError("--group: the reader's consumer group is required with --role reader")
        return [acl("topic", topic, "read") for topic in clean] + [acl("group", group, "read")]
    if role != "worker":
        raise ConfigError(f"--role: one of {', '.join(ROLES)}")
    internal = f"{app_id}-"
    acls = [
        acl("topic", names.raw, "read"),
        acl("topic", names.session_events, "read"),
        *(acl("topic", topic, "write") for topic in [*clean, names.dead_letter]),
        *(acl("topic", internal, op, "prefixed") for op in ("read", "write", "create")),
        acl("group", app_id, "read"),
    ]
    if exactly_once:
        acls.append(acl("transactional-id", internal, "write", "prefixed"))
    return acls


def kafka_acls_commands(acls: Iterable[Acl], bootstrap: str = "BOOTSTRAP") -> str:
    """``kafka-acls.sh`` commands that create ``acls`` (for an operator's own tooling)."""
    return "".join(
        f"kafka-acls.sh --bootstrap-server {bootstrap} --command-config admin.properties "
        f"--add {a.kafka_acls_args()}\n"
        for a in acls
    )


# -- CreateAcls v2 (flexible), as aiokafka's protocol types -----------------------------


class CreateAclsResponse_v2(Response):  # type: ignore[misc]
    API_KEY = 30
    API_VERSION = 2
    SCHEMA = Schema(
        ("throttle_time_ms", Int32),
        (
            "results",
            CompactArray(
                ("error_code", Int16),
                ("error_message", CompactString("utf-8")),
                ("tags", TaggedFields),
            ),
        ),
        ("tags", TaggedFields),
    )


class CreateAclsRequest_v2(RequestStruct):  # type: ignore[misc]
    FLEXIBLE_VERSION = True
    API_KEY = 30
    API_VERSION = 2
    RESPONSE_TYPE = CreateAclsResponse_v2
    SCHEMA = Schema(
        (
            "creations",
            CompactArray(
                ("resource_type", Int8),
                ("resource_name", CompactString("utf-8")),
                ("resource_pattern_type", Int8),
                ("principal", CompactString("utf-8")),
                ("host", CompactString("utf-8")),
                ("operation", Int8),
                ("permission_type", Int8),
                ("tags", TaggedFields),
            ),
        ),
        ("tags", TaggedFields),
    )


class CreateAcls(Request[CreateAclsRequest_v2]):  # type: ignore[misc]
    API_KEY = 30

    def __init__(self, acls: list[Acl]) -> None:
        self.acls = acls

    def build(self, request_struct_class: type[CreateAclsRequest_v2]) -> CreateAclsRequest_v2:
        creations: list[tuple[Any, ...]] = [
            (
                RESOURCE_TYPES[a.resource],
                a.name,
                PATTERN_TYPES[a.pattern],
                a.principal,
                "*",
                OPERATIONS[a.operation],
                ALLOW,
                {},
            )
            for a in self.acls
        ]
        return request_struct_class(creations, {})


async def create_acls(
    bootstrap: str, acls: list[Acl], security: KafkaSecurity | None = None, timeout: float = 30.0
) -> None:
    """Create ``acls`` (existing ones stay; creating one twice is not an error) and return
    once every broker enforces them (:func:`await_acls`). Raises :class:`BrokerError`
    naming each rule the broker refused and why."""
    from aiokafka.client import AIOKafkaClient

    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-acls",
        request_timeout_ms=int(timeout * 1000),
        **aiokafka_options(security),
    )
    try:
        try:
            await asyncio.wait_for(client.bootstrap(), timeout)
            node = client.get_random_node()
            response: Any = await asyncio.wait_for(client.send(node, CreateAcls(acls)), timeout)
        except Exception as exc:
            raise BrokerError(f"could not create ACLs at {bootstrap}: {exc!r}") from exc
    finally:
        await client.close()
    refused = [
        f"{acl.operation} {acl.resource} {acl.name}: error {code}"
        + (f" ({message})" if message else "")
        for acl, (code, message, _) in zip(acls, response.results, strict=True)
        if code
    ]
    if refused:
        raise BrokerError("the broker refused ACLs: " + "; ".join(refused))
    await await_acls(bootstrap, acls, security, timeout)


# -- DescribeAcls v1: which of them the broker enforces ----------------------------------

ANY = 1  # Kafka's filter code for "any" resource type, pattern, operation, permission


class DescribeAclsResponse_v1(Response):  # type: ignore[misc]
    API_KEY = 29
    API_VERSION = 1
    SCHEMA = Schema(
        ("throttle_time_ms", Int32),
        ("error_code", Int16),
        ("error_message", String("utf-8")),
        (
            "resources",
            Array(
                ("resource_type", Int8),
                ("resource_name", String("utf-8")),
                ("pattern_type", Int8),
                (
                    "acls",
                    Array(
                        ("principal", String("utf-8")),
                        ("host", String("utf-8")),
                        ("operation", Int8),
                        ("permission_type", Int8),
                    ),
                ),
            ),
        ),
    )


class DescribeAclsRequest_v1(RequestStruct):  # type: ignore[misc]
    API_KEY = 29
    API_VERSION = 1
    RESPONSE_TYPE = DescribeAclsResponse_v1
    SCHEMA = Schema(
        ("resource_type_filter", Int8),
        ("resource_name_filter", String("utf-8")),
        ("pattern_type_filter", Int8),
        ("principal_filter", String("utf-8")),
        ("host_filter", String("utf-8")),
        ("operation", Int8),
        ("permission_type", Int8),
    )


class DescribeAcls(Request[DescribeAclsRequest_v1]):  # type: ignore[misc]
    API_KEY = 29

    def __init__(self, principal: str) -> None:
        self.principal = principal

    def build(self, request_struct_class: type[DescribeAclsRequest_v1]) -> DescribeAclsRequest_v1:
        return request_struct_class(ANY, None, ANY, self.principal, None, ANY, ANY)


def _acls_of(response: Any) -> set[Acl]:
    resources = {code: name for name, code in RESOURCE_TYPES.items()}
    patterns = {code: name for name, code in PATTERN_TYPES.items()}
    operations = {code: name for name, code in OPERATIONS.items()}
    return {
        Acl(
            resources.get(rtype, str(rtype)),
            name,
            patterns.get(ptype, str(ptype)),
            operations.get(operation, str(operation)),
            principal,
        )
        for rtype, name, ptype, entries in response.resources
        for principal, _host, operation, permission in entries
        if permission == ALLOW
    }


async def await_acls(
    bootstrap: str, acls: list[Acl], security: KafkaSecurity | None = None, timeout: float = 30.0
) -> None:
    """Return once every broker answering at ``bootstrap`` lists ``acls`` (CreateAcls
    answers once the controller committed them; each broker's authorizer enforces them a
    moment later, when its metadata catches up). Raises :class:`BrokerError` naming those
    still missing after ``timeout``."""
    from aiokafka.client import AIOKafkaClient

    wanted = set(acls)
    principals = sorted({acl.principal for acl in acls})
    client = AIOKafkaClient(
        bootstrap_servers=bootstrap,
        client_id="chao-acls",
        request_timeout_ms=int(timeout * 1000),
        **aiokafka_options(security),
    )
    deadline = asyncio.get_running_loop().time() + timeout
    missing = wanted
    try:
        await asyncio.wait_for(client.bootstrap(), timeout)
        nodes = [broker.nodeId for broker in client.cluster.brokers()]
        while True:
            missing = set()
            for node in nodes:
                listed: set[Acl] = set()
                for principal in principals:
                    listed |= _acls_of(await client.send(node, DescribeAcls(principal)))
                missing |= wanted - listed
            if not missing or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.1)
    finally:
        await client.close()
    if missing:
        names = "; ".join(f"{a.operation} {a.resource} {a.name}" for a in sorted(missing))
        raise BrokerError(f"ACLs not in force after {timeout:g}s: {names}")
