"""The worker's consumer reads committed records only, in exactly-once mode.

Why a patch: Faust sets ``isolation_level="read_committed"`` only together with its own
exactly-once machinery (``processing_guarantee="exactly_once"``: its transaction manager,
which the worker does not use; topologies.transactions says why). The worker's consumer
reads the re-key topic and, when recovering, the state changelog, both written in the
worker's transactions: it must not see what an aborted transaction wrote. aiokafka reads
the setting when the consumer starts (its fetcher), which is after Faust built it, where
:mod:`.worker_consumer` calls :func:`configure`.
"""

from __future__ import annotations

from typing import Any

PATCHED = "aiokafka.AIOKafkaConsumer._isolation_level (read by AIOKafkaConsumer.start)"


def configure(consumer: Any) -> None:
    consumer._isolation_level = "read_committed"
