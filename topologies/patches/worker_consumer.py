"""Patch of ``faust.transport.drivers.aiokafka.AIOKafkaConsumerThread._create_worker_consumer``:
the aiokafka consumer Faust builds for an app gets that app's settings.

Why: Faust builds it with values it hard-codes (``fetch_max_wait_ms=1500``) and aiokafka
defaults it does not expose (the fetcher's prefetch backoff). Each change is its own module
acting on the one consumer: :mod:`.prefetch_backoff` and :mod:`.fetch_wait` on every
broker, :mod:`.end_offsets` on Tansu only, :mod:`.read_committed` in exactly-once mode.
"""

from __future__ import annotations

from typing import Any

from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

from topologies.patches import end_offsets, fetch_wait, of, prefetch_backoff, read_committed

PATCHED = "faust.transport.drivers.aiokafka.AIOKafkaConsumerThread._create_worker_consumer"
ORIGINAL = AIOKafkaConsumerThread._create_worker_consumer


def create_worker_consumer(self: Any, transport: Any) -> Any:
    consumer = ORIGINAL(self, transport)
    patches = of(self.app)
    if patches is not None:
        prefetch_backoff.configure(consumer)
        fetch_wait.configure(consumer, patches.fetch_max_wait_ms)
        if patches.read_committed:
            read_committed.configure(consumer)
        if patches.engine == "tansu":
            end_offsets.configure(consumer)
    return consumer


def install() -> None:
    """Idempotent."""
    AIOKafkaConsumerThread._create_worker_consumer = create_worker_consumer  # type: ignore[method-assign]
