"""(f) of the Kafka comparison: a plain Faust agent doing the bare loop's work.

faust-streaming as it comes, none of the project's patches or tuning (no batched
produce, no in-memory channels, no checkpoint, Python's default event loop): one agent
on IN that parses each value with orjson, dumps it again (malformed lines pass through as
they are) and sends it to OUT with the key it came with, ``await topic.send()`` per record,
Faust acking offsets as the stream moves on and committing every ``broker_commit_every``.

``python -m benchmarks.faust_plain BOOTSTRAP IN OUT DATADIR`` runs until SIGTERM.
"""

from __future__ import annotations

import sys
from typing import Any

import faust
import orjson

from pipeline.kafka.security import faust_options


def round_trip(value: bytes) -> bytes:
    try:
        return orjson.dumps(orjson.loads(value))
    except orjson.JSONDecodeError:  # malformed lines pass through as they are
        return value


def build(bootstrap: str, source: str, target: str, datadir: str) -> faust.App:
    app = faust.App(
        "bench-faust-plain",
        broker=f"kafka://{bootstrap}",
        datadir=datadir,
        web_enabled=False,
        topic_partitions=8,
        consumer_auto_offset_reset="earliest",
        **faust_options(),  # CHAO_KAFKA_* (pipeline.kafka.security)
    )
    inputs = app.topic(source, key_serializer="raw", value_serializer="raw")
    output = app.topic(target, key_serializer="raw", value_serializer="raw")

    @app.agent(inputs)
    async def pass_through(stream: Any) -> None:
        async for event in stream.events():
            await output.send(key=event.key, value=round_trip(event.value))

    return app


def main() -> None:
    bootstrap, source, target, datadir = sys.argv[1:5]
    app = build(bootstrap, source, target, datadir)
    sys.argv[1:] = ["worker", "--loglevel", "warn"]
    app.main()


if __name__ == "__main__":
    main()
