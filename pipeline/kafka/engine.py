"""Which broker engine the worker talks to: Apache Kafka, or the embedded Tansu.

The worker works around two behaviours of Tansu (``topologies.patches``: end offsets
answered short, idle fetches held for the whole wait) and only there.
``CHAO_WORKER_BROKER_ENGINE`` chooses: ``kafka``, ``tansu``, or ``auto`` (the default),
which asks the broker for the APIs it supports: every Apache Kafka since 1.0 lists
OffsetForLeaderEpoch (23) and CreatePartitions (37), Tansu 0.6 lists neither. When no
broker answers, ``auto`` takes ``tansu``: its workarounds are harmless on Kafka (they
were applied everywhere before), the reverse is not.
"""

from __future__ import annotations

import logging
import struct
from typing import Literal

from pipeline.kafka.security import KafkaSecurity, probe_connection
from pipeline.kafka.wire import recv_exactly

Engine = Literal["kafka", "tansu"]
EngineSetting = Literal["auto", "kafka", "tansu"]
KAFKA_ONLY_APIS = frozenset({23, 37})  # OffsetForLeaderEpoch, CreatePartitions

log = logging.getLogger("chao.worker")


def api_keys(
    host: str, port: int, timeout: float = 3.0, security: KafkaSecurity | None = None
) -> set[int]:
    """The API keys the broker at host:port supports (an ApiVersions v0 request; over
    TLS when the client security settings say so)."""
    client_id = b"chao-engine-probe"
    body = struct.pack(">hhih", 18, 0, 7, len(client_id)) + client_id
    with probe_connection(host, port, timeout, security) as sock:
        sock.sendall(struct.pack(">i", len(body)) + body)
        (size,) = struct.unpack(">i", recv_exactly(sock, 4))
        data = recv_exactly(sock, size)
    correlation, error, count = struct.unpack(">ihi", data[:10])
    if correlation != 7 or error != 0:
        raise ValueError(f"ApiVersions answered with error {error}")
    return {struct.unpack(">h", data[10 + 6 * n : 12 + 6 * n])[0] for n in range(count)}


def engine_of(keys: set[int]) -> Engine:
    return "kafka" if keys >= KAFKA_ONLY_APIS else "tansu"


def resolve_engine(
    setting: EngineSetting, addresses: list[tuple[str, int]], unknown: Engine = "tansu"
) -> Engine:
    """The engine ``setting`` names, or for ``auto`` the one the first answering address
    is; ``unknown`` when none answers (exactly-once passes ``kafka``: only Kafka can do it,
    and a worker started before its broker must not refuse it)."""
    if setting != "auto":
        return setting
    for host, port in addresses:
        try:
            engine = engine_of(api_keys(host, port))
        except (OSError, ValueError, struct.error):
            continue
        log.info("broker engine at %s:%d: %s", host, port, engine)
        return engine
    assumed = "the embedded one (tansu)" if unknown == "tansu" else unknown
    log.warning("no broker answered to tell its engine: assuming %s", assumed)
    return unknown
