"""(q) and (q2) of the Kafka comparison: a Quix Streams application (librdkafka through
confluent-kafka) doing what the bare loop does, as a platform team would write it.

``python -m benchmarks.quix_app BOOTSTRAP IN OUT`` consumes IN, parses each value with
orjson and dumps it again (malformed lines pass through as they are), and produces it to
OUT with the key it came with: (q). ``--stages`` runs the project's stage chain instead
(:class:`pipeline.Pipeline`: ``stage()`` then ``offer()``, in memory, as the bare loop's
``--stages``) and writes every output to the worker's own topics (OUT is then unused):
each clean event to session-events and its family view, each rejection to the dead
letters, keyed by session: (q2). Like the bare loop's ``--stages`` it has no gap timer
(Quix calls the application only when a record arrives), so an event waiting behind a
missing one stays waiting.

Quix's defaults otherwise: at-least-once, its own commit every 5 s (flush the producer,
then commit the offsets), acks=all. One change: each output record is stamped with the
wall clock when it is produced (Quix would copy the input record's timestamp; aiokafka
and Faust stamp the moment of sending), so the harness's rate and latency from the
broker's timestamps measure the same thing for every processor.

Runs until SIGTERM. ``--progress FILE`` rewrites FILE every 0.2 s with ``{"in": records
consumed, "out": records produced}`` (q2's outputs per input vary, so the harness reads
how many to wait for from here).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import orjson
from quixstreams import Application
from quixstreams.models.serializers import SerializationContext, Serializer
from quixstreams.models.topics import Topic

from pipeline import Pipeline, Source
from pipeline.config import PipelineConfig
from pipeline.core import record_key, topics_for
from pipeline.stages.ordering import DEAD_LETTER
from pipeline.stages.types import StagedEvent

Row = tuple[str, bytes | None, bytes]  # (topic, key, value) of one output record


class RowValue(Serializer):
    """The value bytes of a ``Row``: the rows carry their topic and key along."""

    def __call__(self, value: Row, ctx: SerializationContext) -> bytes:
        return value[2]


class Counts:
    """Records in and out, written to a file by a daemon thread (``--progress``)."""

    def __init__(self, path: Path | None) -> None:
        self.read = self.written = 0
        if path is not None:
            threading.Thread(target=self._write, args=(path,), daemon=True).start()

    def _write(self, path: Path) -> None:
        spare = path.with_suffix(".tmp")
        while True:
            spare.write_bytes(orjson.dumps({"in": self.read, "out": self.written}))
            os.replace(spare, path)
            time.sleep(0.2)


def round_trip(value: bytes) -> bytes:
    try:
        return orjson.dumps(orjson.loads(value))
    except orjson.JSONDecodeError:  # malformed lines pass through as they are
        return value


class StageChain:
    """One input record through the stage chain: its output records, as ``Row``s."""

    def __init__(self, counts: Counts) -> None:
        self.pipeline = Pipeline()
        self.topics = self.pipeline.config.topics
        self.counts = counts

    def __call__(self, value: bytes, key: Any, timestamp: int, headers: Any) -> list[Row]:
        from quixstreams import message_context

        ctx = message_context()
        source = Source(ctx.topic, ctx.partition, ctx.offset)
        staged = self.pipeline.stage(value or b"", source)
        if isinstance(staged, StagedEvent):
            outputs = self.pipeline.offer(staged)
        else:
            outputs = [(DEAD_LETTER, staged)]
        rows: list[Row] = []
        for output in outputs:
            encoded = orjson.dumps(output[1])
            record_to = record_key(output[1])
            rows.extend((topic, record_to, encoded) for topic in topics_for(output, self.topics))
        self.counts.read += 1
        self.counts.written += len(rows)
        return rows


def build(
    bootstrap: str, source: str, target: str, *, stages: bool, state_dir: str, counts: Counts
) -> Application:
    app = Application(
        broker_address=bootstrap,
        consumer_group=f"bench-quix-{'q2' if stages else 'q'}",
        auto_offset_reset="earliest",
        auto_create_topics=False,  # the harness creates them, as for every processor
        state_dir=state_dir,
        loglevel="WARNING",
    )
    inputs = app.topic(
        PipelineConfig().topics.raw if stages else source,
        key_deserializer="bytes",
        value_deserializer="bytes",
    )
    sdf = app.dataframe(inputs)
    now = lambda value, key, timestamp, headers: int(time.time() * 1000)  # noqa: E731
    if not stages:

        def passed(value: bytes) -> bytes:
            counts.read += 1
            counts.written += 1
            return round_trip(value)

        output = app.topic(target, key_serializer="bytes", value_serializer="bytes")
        sdf.apply(passed).set_timestamp(now).to_topic(output)
        return app
    chain = StageChain(counts)
    names = {getattr(chain.topics, field) for field in type(chain.topics).model_fields}
    names.discard(chain.topics.raw)
    outputs: dict[str, Topic] = {
        name: app.topic(name, key_serializer="bytes", value_serializer=RowValue()) for name in names
    }
    rows = sdf.apply(chain, expand=True, metadata=True).set_timestamp(now)
    rows.to_topic(lambda row, key, ts, headers: outputs[row[0]], key=lambda row: row[1])
    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bootstrap")
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--stages", action="store_true", help="(q2): the stage chain")
    parser.add_argument("--progress", type=Path, help="records in/out, rewritten every 0.2 s")
    args = parser.parse_args()
    counts = Counts(args.progress)
    with tempfile.TemporaryDirectory(prefix="chao-bench-quix-") as state_dir:
        app = build(
            args.bootstrap,
            args.source,
            args.target,
            stages=args.stages,
            state_dir=state_dir,
            counts=counts,
        )
        app.run()


if __name__ == "__main__":
    main()
