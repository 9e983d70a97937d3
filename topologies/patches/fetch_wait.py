"""A short fetch wait (``CHAO_WORKER_FETCH_MAX_WAIT_MS``) instead of Faust's hard-coded
1500 ms: embedded broker (Tansu) only.

Why: Tansu does not answer a waiting fetch as soon as data arrives; it holds an idle fetch
for the whole wait (measured: a record produced into an idle partition is delivered after
~1.23 s with 1500 ms, ~37 ms with 100 ms). That adds up to 1.5 s per hop, two hops per
event: longer than the contract's 2 s reorder window, so events of one session on two
partitions could be skipped as late. Apache Kafka answers a fetch as soon as data
arrives: there Faust's wait stays.
"""

from __future__ import annotations

from typing import Any

PATCHED = "faust.transport.drivers.aiokafka.AIOKafkaConsumerThread._create_worker_consumer"


def configure(consumer: Any, milliseconds: int) -> None:
    """Read by ``AIOKafkaConsumer.start()`` when it creates the fetcher."""
    consumer._fetch_max_wait_ms = milliseconds
