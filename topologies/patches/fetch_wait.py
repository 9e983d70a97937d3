"""A short fetch wait (``CHAO_WORKER_FETCH_MAX_WAIT_MS``, 20 ms) instead of Faust's
hard-coded 1500 ms, on every broker.

Why on Tansu: it does not answer a waiting fetch as soon as data arrives; it holds an idle
fetch for the whole wait (measured: a record produced into an idle partition is delivered
after ~1.23 s with 1500 ms, ~37 ms with 100 ms). That adds up to 1.5 s per hop, two hops
per event: longer than the contract's 2 s reorder window, so events of one session on two
partitions could be skipped as late.

Why on Apache Kafka too (it was Tansu only until the Kafka benchmarks of issue 17): Kafka
does answer a waiting fetch when data arrives, but only for the partitions in it, and
aiokafka leaves out of a fetch every partition whose fetched records are still unread and
sends a node no new fetch while one waits. Records arriving on those partitions then sat
behind a fetch for idle ones until its 1.5 s ran out: the worker's p50 latency at half its
rate was 0.8-1.3 s on Kafka, 7-70 ms with 20 ms, at no throughput loss measurable in the
noise (BENCHMARKS.md, "On Apache Kafka"). An idle worker sends up to 50 small fetches a
second per broker for it.
"""

from __future__ import annotations

from typing import Any

PATCHED = "faust.transport.drivers.aiokafka.AIOKafkaConsumerThread._create_worker_consumer"


def configure(consumer: Any, milliseconds: int) -> None:
    """Read by ``AIOKafkaConsumer.start()`` when it creates the fetcher."""
    consumer._fetch_max_wait_ms = milliseconds
