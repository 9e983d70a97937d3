"""Where an exactly-once event's latency goes (issue 25): the two transactional hops, each
split into the worker's work and the wait for its transaction to commit.

One exactly-once worker at the default settings on a fresh Apache Kafka node (no
backlog), a stream of generated events offered at ``rate`` for ``seconds`` (random raw
keys, as ``make bench``'s latency streams), and two ``read_committed`` readers running
meanwhile: one of the re-key topic (what the worker's own ``sequence`` agent can read),
one of the clean topic (what a client reads). For every clean event (sessionId, seq),
from the moment it became releasable (its raw record and every earlier seq of its session
were in the raw topic):

- **hop 1, work**: until its re-key record was produced (the record's timestamp);
- **hop 1, commit**: until a ``read_committed`` reader first saw that record;
- **hop 2, work**: until its clean record was produced;
- **hop 2, commit**: until a ``read_committed`` reader first saw the clean record.

The four add up to what a client waits (the last column). Timestamps are the producers'
CreateTime and the readers' clocks, all on this machine::

    cd /tmp && PYTHONPATH=<tree> python -m benchmarks.eos_latency_breakdown 2500

Prints a table of p50 / p90 / p99 per segment; writes nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from benchmarks.bench_streaming import (
    CommittedWatcher,
    clean_key,
    fresh_broker,
    lines_for,
    percentile,
    produce_at_rate,
    releasable_at,
    session_ids,
    single_worker_setup,
)
from pipeline.config import PipelineConfig
from pipeline.kafka.io import read_topics
from pipeline.kafka.offsets import GroupOffsets
from pipeline.topics import Topics

Key = tuple[str, int]


def staged_key(value: Any) -> Key:
    if not isinstance(value, list):  # a string would index as its characters
        raise TypeError("not a staged event")
    return (value[0], value[1])  # StagedEvent.to_wire: [sessionId, seq, ...]


async def end_offsets(bootstrap: str, topics: list[str]) -> dict[tuple[str, int], int]:
    """Every partition's end offset (Apache Kafka's ListOffsets: right there)."""
    offsets = GroupOffsets(bootstrap, "chao-eos-breakdown", topics)  # the group is unused
    await offsets.start()
    try:
        return await offsets.ends()
    finally:
        await offsets.stop()


def first_timestamps(records: list[Any], key_of: Callable[[Any], Key]) -> dict[Key, float]:
    first: dict[Key, float] = {}
    for record in records:
        with contextlib.suppress(orjson.JSONDecodeError, KeyError, TypeError, IndexError):
            key = key_of(orjson.loads(record.value))
            first[key] = min(first.get(key, record.timestamp), record.timestamp)
    return first


PARTS = ("hop 1, work", "hop 1, commit", "hop 2, work", "hop 2, commit")
TOTAL = "what a client waits"


def breakdown(
    ready: dict[Key, int],
    staged_at: dict[Key, float],
    staged_seen: dict[Key, float],
    clean_at: dict[Key, float],
    clean_seen: dict[Key, float],
) -> dict[str, list[float]]:
    """Each part's durations (ms), and TOTAL's, over the clean events seen by the reader
    that have every mark (an event with a mark missing is left out, not guessed)."""
    parts: dict[str, list[float]] = {name: [] for name in (*PARTS, TOTAL)}
    for key, seen in clean_seen.items():
        if not (key in ready and key in staged_at and key in staged_seen and key in clean_at):
            continue
        marks = [ready[key], staged_at[key], staged_seen[key], clean_at[key], seen]
        for name, (a, b) in zip(PARTS, itertools.pairwise(marks), strict=True):
            parts[name].append(b - a)
        parts[TOTAL].append(seen - ready[key])
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rate", type=float, nargs="?", default=2500.0, help="events/s")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--warm-seconds",
        type=float,
        default=3.0,
        help="warm-up stream before the measured one, at the same rate (a fresh broker's "
        "JVM compiles and creates its internal topics meanwhile)",
    )
    parser.add_argument("--commit-interval", help="CHAO_WORKER_COMMIT_INTERVAL_S (default: unset)")
    args = parser.parse_args()
    config = PipelineConfig()
    topics = config.topics
    count = int(args.rate * args.seconds)
    lines = lines_for(count, seed=12, start=datetime.now(UTC))[:count]
    sessions = set(session_ids(lines))
    with (
        tempfile.TemporaryDirectory(prefix="chao-eos-") as tmp,
        fresh_broker(tmp, "eos", engine="kafka") as broker,
    ):
        worker = single_worker_setup(broker, config, Path(tmp), "eos-worker")
        worker.env["CHAO_PROCESSING_GUARANTEE"] = "exactly_once"
        if args.commit_interval:
            worker.env["CHAO_WORKER_COMMIT_INTERVAL_S"] = args.commit_interval
        staged_topic = Topics(app_id=worker.env["CHAO_WORKER_APP_ID"]).staged.name
        try:
            worker.start()
            worker.wait_ready(timeout=120)
            # Warm-up: the worker's transactional producers start with the first
            # records of each partition; those first seconds are not the steady state.
            warm = lines_for(int(args.rate * args.warm_seconds), seed=13, start=datetime.now(UTC))
            asyncio.run(produce_at_rate(broker.bootstrap, topics.raw, warm, args.rate))
            asyncio.run(
                read_topics(
                    broker.bootstrap,
                    [topics.session_events],
                    until=lambda r: False,
                    timeout=5,
                    isolation_level="read_committed",
                )
            )

            async def offer() -> tuple[dict[Key, float], dict[Key, float]]:
                staged = CommittedWatcher(broker.bootstrap, staged_topic, sessions, staged_key)
                clean = CommittedWatcher(broker.bootstrap, topics.session_events, sessions)
                await staged.start()
                await clean.start()
                try:
                    await produce_at_rate(broker.bootstrap, topics.raw, lines, args.rate)
                    deadline = time.monotonic() + 120
                    settled, last = 0, -1
                    while time.monotonic() < deadline and settled < 20:  # 2 s unchanged
                        settled = settled + 1 if len(clean.seen) == last else 0
                        last = len(clean.seen)
                        await asyncio.sleep(0.1)
                finally:
                    await staged.stop()
                    await clean.stop()
                return staged.seen, clean.seen

            staged_seen, clean_seen = asyncio.run(offer())
            read = [topics.raw, staged_topic, topics.session_events]
            records = asyncio.run(
                read_topics(
                    broker.bootstrap,
                    read,
                    until=lambda r: False,
                    timeout=120,
                    ends=asyncio.run(end_offsets(broker.bootstrap, read)),
                )
            )
        finally:
            worker.stop()
    ready = releasable_at(records[topics.raw])
    staged_at = first_timestamps(records[staged_topic], staged_key)
    clean_at = first_timestamps(records[topics.session_events], clean_key)
    segments = breakdown(ready, staged_at, staged_seen, clean_at, clean_seen)
    total = segments.pop(TOTAL)
    print(
        f"exactly-once, {args.rate:,.0f} events/s for {args.seconds:.0f} s "
        f"({len(total):,} clean events of {len(lines):,} raw lines; commit interval "
        f"{args.commit_interval or 'default'})"
    )
    print("| segment | p50 (ms) | p90 (ms) | p99 (ms) |")
    print("|---|---:|---:|---:|")
    for name, values in [*segments.items(), (TOTAL, total)]:
        if values:
            row = " | ".join(f"{percentile(values, q):,.0f}" for q in (0.5, 0.9, 0.99))
            print(f"| {name} | {row} |")


if __name__ == "__main__":
    main()
