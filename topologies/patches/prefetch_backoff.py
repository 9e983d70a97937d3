"""A 10 ms prefetch backoff for aiokafka's fetcher (instead of 100 ms), on every broker.

Why: aiokafka's fetcher sends no fetch to a broker while any partition led by it has
fetched records nobody has taken yet, for up to its ``prefetch_backoff`` (0.1 s, not a
consumer setting). Faust never takes the records of the changelog partitions it is not
recovering (it leaves them out of ``getmany``, it does not pause them in aiokafka), yet the
fetcher fetches each of them once: the worker's own first outputs and states. Each such
fetch stopped every fetch from that broker for 100 ms (measured: a fresh worker at 9,000
events/s, p99 123 ms, all of it in the first second; 23 ms with 10 ms; BENCHMARKS.md). A
partition whose records wait for a busy agent still gets no new fetch until they are
taken, so the buffer stays one result per partition.
"""

from __future__ import annotations

from typing import Any

PATCHED = "aiokafka.consumer.fetcher.Fetcher.__init__"  # its prefetch_backoff default
PREFETCH_BACKOFF_S = 0.01


def configure(consumer: Any) -> None:
    """Set the backoff on the fetcher ``consumer.start()`` creates (read at each fetch)."""
    start = consumer.start

    async def start_with_short_prefetch_backoff() -> None:
        await start()
        consumer._fetcher._prefetch_backoff = PREFETCH_BACKOFF_S

    consumer.start = start_with_short_prefetch_backoff
