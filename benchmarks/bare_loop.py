"""The limit the worker is measured against: a plain aiokafka consume-parse-produce loop.

One process, one consumer, one producer: read a batch, parse each value with orjson, dump
it again, send it to the output topic keyed as it came, wait for the batch's deliveries,
commit. No stages, no state. ``python -m benchmarks.bare_loop BOOTSTRAP IN OUT COUNT`` exits
after COUNT input records (or 300 s without progress) and prints, as JSON, its own rate
(input records / seconds from the first fetched batch to the last acknowledged send) and
the number of records it sent.

``--stages`` runs the pipeline's stage chain (:class:`pipeline.Pipeline`, in memory, no
Faust, state never written out) instead of the orjson round trip, and sends every output
to OUT as many times as the worker would (an event and its family view): the same work
and record traffic as the worker minus Faust, the changelogs and the gap timer.
``--via MID`` first sends each staged event to MID and orders it when read back from
there (the re-key hop, which the worker takes for sessions another worker owns).
``--batched`` produces each fetched batch's records through the worker's own
``BatchPublisher`` (one aiokafka batch per partition) instead of one ``send()`` per record:
with the stages, the worker's work and its way of writing, minus Faust.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

from pipeline import Pipeline, Source
from pipeline.core import topics_for
from pipeline.kafka.security import aiokafka_options
from pipeline.stages.ordering import DEAD_LETTER
from pipeline.stages.types import StagedEvent
from topologies.publish import BatchPublisher

try:
    import uvloop
except ImportError:  # pragma: no cover - uvloop is a dependency; the loop still runs without
    uvloop = None


class Work:
    """What one input record turns into: (topic, key, value) records and whether it is done."""

    def __init__(self, target: str, via: str | None, stages: bool) -> None:
        self.target, self.via, self.stages = target, via, stages
        self.pipeline = Pipeline() if stages else None
        self.topics = self.pipeline.config.topics if self.pipeline else None

    def __call__(self, topic: str, record: Any) -> tuple[list[tuple[str, Any, bytes]], int]:
        if self.pipeline is None:
            try:
                value = orjson.dumps(orjson.loads(record.value))
            except orjson.JSONDecodeError:  # malformed lines pass through as they are
                value = record.value
            if self.via and topic != self.via:
                return [(self.via, record.key, value)], 0
            return [(self.target, record.key, value)] * (2 if self.via else 1), 1
        source = Source(topic, record.partition, record.offset)
        if self.via is None:
            outputs = self.pipeline.process(record.value or b"", source)
        elif topic == self.via:
            outputs = self.pipeline.offer(StagedEvent.from_wire(orjson.loads(record.value)))
        else:
            staged = self.pipeline.stage(record.value or b"", source)
            if isinstance(staged, StagedEvent):
                key = staged.session_id.encode()
                return [(self.via, key, orjson.dumps(staged.to_wire()))], 0
            outputs = [(DEAD_LETTER, staged)]
        sends = []
        for output in outputs:
            value = orjson.dumps(output[1])
            session = output[1].get("sessionId")
            key = session.encode() if isinstance(session, str) else None
            for _ in topics_for(output, self.topics):  # type: ignore[arg-type]
                sends.append((self.target, key, value))
        return sends, 1


async def run(
    bootstrap: str,
    source: str,
    target: str,
    count: int,
    *,
    via: str | None = None,
    stages: bool = False,
    batched: bool = False,
) -> dict[str, float]:
    consumer = AIOKafkaConsumer(
        *([source, via] if via else [source]),
        bootstrap_servers=bootstrap,
        group_id="bench-bare-loop",
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        fetch_max_wait_ms=100,
        max_partition_fetch_bytes=4 * 1024 * 1024,
        **aiokafka_options(),  # CHAO_KAFKA_* (pipeline.kafka.security)
    )
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap, acks="all", linger_ms=5, **aiokafka_options()
    )
    await consumer.start()
    await producer.start()
    work = Work(target, via, stages)
    publisher = None
    if batched:
        publisher = BatchPublisher(lambda: producer)
        await publisher.prepare([target, *([via] if via else [])])
    done = sent = fetches = 0
    started = finished_at = 0.0
    last_progress = time.monotonic()
    try:
        while done < count and time.monotonic() - last_progress < 300:
            batches = await consumer.getmany(timeout_ms=500, max_records=5000)
            if batches and not started:
                started = time.monotonic()
            pending = []
            finished = 0
            for tp, records in batches.items():
                for record in records:
                    sends, ended = work(tp.topic, record)
                    if publisher is not None:
                        for topic, key, value in sends:
                            publisher.add(topic, key, value)
                        sent += len(sends)
                    else:
                        for topic, key, value in sends:
                            pending.append(await producer.send(topic, value, key=key))
                    finished += ended
            if publisher is not None:
                await publisher.publish()
            if pending:
                await asyncio.gather(*pending)
                sent += len(pending)
            if batches:
                fetches += 1
                await consumer.commit()
                done += finished
                finished_at = last_progress = time.monotonic()
    finally:
        await producer.stop()
        await consumer.stop()
    return {
        "events_per_s": done / max(finished_at - started, 1e-6),
        "records_out": sent,
        "records_per_fetch": done / max(fetches, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bootstrap")
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("count", type=int)
    parser.add_argument("--via", help="a middle topic: the re-key hop")
    parser.add_argument("--stages", action="store_true", help="run the stage chain")
    parser.add_argument(
        "--batched",
        action="store_true",
        help="produce through the worker's BatchPublisher (aiokafka batch builders, one "
        "batch per partition per fetched batch) instead of one send() per record",
    )
    args = parser.parse_args()
    if uvloop is not None:
        uvloop.install()
    figures = asyncio.run(
        run(
            args.bootstrap,
            args.source,
            args.target,
            args.count,
            via=args.via,
            stages=args.stages,
            batched=args.batched,
        )
    )
    print(orjson.dumps(figures).decode())


if __name__ == "__main__":
    main()
