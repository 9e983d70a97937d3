"""What the embedded broker (Tansu 0.6, memory engine) costs per fetch as a partition fills
(issues 24, 27: the latency tail after make bench's backlog).

The same number of records is written to two topics, to one in few large record batches
and to the other in many small ones (as a paced producer writes: make bench's latency
stream sends one batch per partition every 10 ms); then, on each topic in turn, a
consumer reads what a producer offers at a fixed rate, from the end of the partitions, and
the round trip (produce to fetched) and the broker's CPU are measured. An empty topic is
the baseline. Then the broker CPU of 100 end-offset lookups of all partitions of each filled
topic, three ways (``LOOKUPS``; the worker's is ``topologies/patches/end_offsets.py``).

    cd /tmp && PYTHONPATH=<tree> python -m benchmarks.tansu_fetch_cost [--records N] [--rate R]

``--backlog``: instead, drain make bench's 200k-line backlog with one worker and print how
many record batches each of its topics' partitions then holds.
"""

from __future__ import annotations

import argparse
import asyncio
import struct
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.protocol.fetch import FetchRequest

from benchmarks import bench_streaming as bench
from benchmarks.profile_worker import cpu_seconds
from pipeline.config import PipelineConfig
from pipeline.dev.broker import EmbeddedBroker
from pipeline.kafka.admin import TopicSpec, create_topics
from pipeline.kafka.security import aiokafka_options
from topologies.patches import end_offsets

PARTITIONS = 8
VALUE = b"v" * 300  # about a raw event's size


async def fill(bootstrap: str, topic: str, records: int, per_send: int) -> None:
    """``records`` records, awaited every ``per_send`` sends (so batches of about
    ``per_send / PARTITIONS`` records each)."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0, **aiokafka_options())
    await producer.start()
    try:
        for start in range(0, records, per_send):
            count = min(per_send, records - start)
            sent = [
                await producer.send(topic, VALUE, key=b"%d" % (start + n)) for n in range(count)
            ]
            await asyncio.gather(*sent)
    finally:
        await producer.stop()


async def round_trip(bootstrap: str, topic: str, rate: float, seconds: float) -> list[float]:
    """Round trips (ms) of ``rate * seconds`` records offered at ``rate`` and read from the
    end of ``topic``'s partitions."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, fetch_max_wait_ms=20, **aiokafka_options()
    )
    await consumer.start()
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0, **aiokafka_options())
    await producer.start()
    try:
        partitions = [TopicPartition(topic, p) for p in range(PARTITIONS)]
        consumer.assign(partitions)
        ends = await end_offsets_of(consumer, partitions)
        for tp in partitions:
            consumer.seek(tp, ends[tp])
        count = int(rate * seconds)
        latencies: list[float] = []

        async def read() -> None:
            while len(latencies) < count:
                fetched = await consumer.getmany(timeout_ms=200)
                now = time.time()
                for records in fetched.values():
                    latencies.extend((now - float(r.value or b"0")) * 1000 for r in records)

        reader = asyncio.create_task(read())
        started = time.monotonic()
        for n in range(count):
            ahead = started + n / rate - time.monotonic()
            if ahead > 0:
                await asyncio.sleep(ahead)
            await producer.send(topic, b"%.6f" % time.time(), key=b"%d" % n)
        await asyncio.wait_for(reader, timeout=120)
        return latencies
    finally:
        await producer.stop()
        await consumer.stop()


async def end_offsets_of(
    consumer: AIOKafkaConsumer, partitions: list[TopicPartition]
) -> dict[TopicPartition, int]:
    """Tansu answers ListOffsets short: the worker's lookup gives the true ends."""
    end_offsets.configure(consumer)
    ends: dict[TopicPartition, int] = await consumer.end_offsets(partitions)
    return ends


#: How the end offsets are looked up: ListOffsets alone (aiokafka; short on Tansu), then
#: a fetch's high watermark over it (the worker's lookup until 2026-12-07), and a fetch
#: at the last known end alone (the worker's lookup since).
LOOKUPS = ("ListOffsets", "ListOffsets + fetch", "fetch at the known end")


async def lookups(bootstrap: str, topic: str, how: str, times: int) -> None:
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, **aiokafka_options())
    await consumer.start()
    try:
        partitions = [TopicPartition(topic, p) for p in range(PARTITIONS)]
        if how == LOOKUPS[2]:
            end_offsets.configure(consumer)
        for _ in range(times):
            listed = await consumer.end_offsets(partitions)
            if how == LOOKUPS[1]:
                await end_offsets.high_watermarks(consumer, listed)
    finally:
        await consumer.stop()


def compare(records: int, rate: float, seconds: float) -> None:
    with tempfile.TemporaryDirectory(prefix="chao-tansu-cost-") as tmp:
        broker = EmbeddedBroker(log_path=Path(tmp) / "broker.log")
        broker.start()
        try:
            assert broker.process is not None
            pid, bootstrap = broker.process.pid, broker.bootstrap
            topics = {"empty": 0, "large-batches": 4000, "small-batches": 40}
            asyncio.run(create_topics(bootstrap, [TopicSpec(t, PARTITIONS) for t in topics]))
            for topic, per_send in topics.items():
                if per_send:
                    asyncio.run(fill(bootstrap, topic, records, per_send))
            print(
                f"{records} records of {len(VALUE)} bytes per filled topic, {PARTITIONS} "
                f"partitions; round trips at {rate:.0f} records/s for {seconds:.0f} s"
            )
            print("| topic | records per batch | round trip p50 / p99 (ms) | broker CPU (s) |")
            print("|---|---:|---|---:|")
            for turn in range(2):
                for topic, per_send in topics.items():
                    before = cpu_seconds(pid)
                    latencies = asyncio.run(round_trip(bootstrap, topic, rate, seconds))
                    used = cpu_seconds(pid) - before
                    size = f"{per_send // PARTITIONS}" if per_send else "-"
                    p50, p99 = bench.percentile(latencies, 0.5), bench.percentile(latencies, 0.99)
                    print(
                        f"| {topic} (turn {turn + 1}) | {size} | {p50:.1f} / {p99:.1f} "
                        f"| {used:.2f} |",
                        flush=True,
                    )
            print("\n| 100 end-offset lookups of all partitions | topic | broker CPU (s) |")
            print("|---|---|---:|")
            for topic in ("large-batches", "small-batches"):
                for how in LOOKUPS * 2:
                    before = cpu_seconds(pid)
                    asyncio.run(lookups(bootstrap, topic, how, 100))
                    print(f"| {how} | {topic} | {cpu_seconds(pid) - before:.2f} |", flush=True)
        finally:
            broker.stop()


async def count_batches(bootstrap: str, topic: str) -> list[int]:
    """Record batches in each partition of ``topic``, read with raw Fetch requests."""
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, **aiokafka_options())
    await consumer.start()
    try:
        client = consumer._client
        await client.force_metadata_update()
        counts = []
        for partition in range(PARTITIONS):
            node = client.cluster.leader_for_partition(TopicPartition(topic, partition))
            offset, batches = 0, 0
            while True:
                asked = [(topic, [(partition, offset, 4 << 20)])]
                request = FetchRequest(100, 1, 8 << 20, 0, asked)
                data = (await client.send(node, request)).topics[0][1][0][-1]
                position, next_offset = 0, offset
                while data and position + 27 <= len(data):
                    # v2 batch header: baseOffset, batchLength, ..., lastOffsetDelta at 23.
                    base, length = struct.unpack_from(">qi", data, position)
                    if position + 12 + length > len(data):
                        break
                    batches += 1
                    next_offset = base + struct.unpack_from(">i", data, position + 23)[0] + 1
                    position += 12 + length
                if next_offset <= offset:
                    break
                offset = next_offset
            counts.append(batches)
        return counts
    finally:
        await consumer.stop()


def backlog_batches() -> None:
    lines = bench.lines_for(200_000, seed=11, start=datetime.now(UTC))
    config = PipelineConfig()
    with (
        tempfile.TemporaryDirectory(prefix="chao-tansu-cost-") as tmp,
        bench.fresh_broker(tmp, "b") as broker,
    ):
        worker = bench.single_worker_setup(broker, config, Path(tmp), "bench-worker")
        try:
            bench.measure_worker(broker, [worker], lines, config)
        finally:
            worker.stop()
        names = config.topics
        for topic in (names.raw, names.session_events, names.reasoning, names.dead_letter):
            counts = asyncio.run(count_batches(broker.bootstrap, topic))
            print(f"{topic}: {sum(counts)} batches, per partition {counts}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=200_000)
    parser.add_argument("--rate", type=float, default=3000.0, help="records/s")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--backlog", action="store_true", help="count make bench's batches")
    args = parser.parse_args()
    if args.backlog:
        backlog_batches()
    else:
        compare(args.records, args.rate, args.seconds)


if __name__ == "__main__":
    main()
