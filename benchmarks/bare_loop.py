"""The limit the worker is measured against: a plain aiokafka consume-parse-produce loop.

One process, one consumer, one producer: read a batch, parse each value with orjson, dump
it again, send it to the output topic keyed as it came, wait for the batch's deliveries,
commit. No stages, no state. ``python -m benchmarks.bare_loop BOOTSTRAP IN OUT COUNT`` exits
after COUNT records (or 300 s without progress).
"""

from __future__ import annotations

import argparse
import asyncio
import time

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

try:
    import uvloop
except ImportError:  # pragma: no cover - uvloop is a dependency; the loop still runs without
    uvloop = None


async def run(bootstrap: str, source: str, target: str, count: int) -> int:
    consumer = AIOKafkaConsumer(
        source,
        bootstrap_servers=bootstrap,
        group_id="bench-bare-loop",
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        fetch_max_wait_ms=100,
        max_partition_fetch_bytes=4 * 1024 * 1024,
    )
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=5)
    await consumer.start()
    await producer.start()
    done = 0
    last_progress = time.monotonic()
    try:
        while done < count and time.monotonic() - last_progress < 300:
            batches = await consumer.getmany(timeout_ms=500, max_records=5000)
            pending = []
            for records in batches.values():
                for record in records:
                    try:
                        value = orjson.dumps(orjson.loads(record.value))
                    except orjson.JSONDecodeError:  # malformed lines pass through as they are
                        value = record.value
                    pending.append(await producer.send(target, value, key=record.key))
            if pending:
                await asyncio.gather(*pending)
                await consumer.commit()
                done += len(pending)
                last_progress = time.monotonic()
    finally:
        await producer.stop()
        await consumer.stop()
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bootstrap")
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("count", type=int)
    args = parser.parse_args()
    if uvloop is not None:
        uvloop.install()
    asyncio.run(run(args.bootstrap, args.source, args.target, args.count))


if __name__ == "__main__":
    main()
