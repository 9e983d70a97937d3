"""A clean-topic reader for downstream services: each session's events once, in seq order.

The pipeline publishes at least once: after a crash a worker may publish again events it
had already published (exact copies, same seq). Within one topic every session's events are
in strictly increasing seq order apart from those repeats (contract section 4), so a
consumer needs only the highest seq it applied per session to drop them. This module does
that over an aiokafka consumer in a consumer group::

    async with CleanTopicReader(bootstrap, group_id="billing") as reader:
        async for events in reader.batches():
            handle(events)          # each session's new events, in seq order
        # the offsets of a batch are committed when the next one is asked for (or by
        # reader.commit()), i.e. only after the caller handled it

What it guarantees and what it does not:

- **Repeats** (an event whose seq is not above the highest seq applied for its session)
  are dropped and counted (:attr:`ReaderStats.repeats`).
- **Gaps** in seq are normal: a dead-lettered event or a skipped gap never reaches a clean
  topic, so seq 7 may follow seq 5. The reader yields the event and does not wait. On
  ``chao.clean.session-events`` each record carries the seq of the session's previous
  event in a header (``chao-trace-prev-seq``, pipeline/trace/headers.py); when it is above the
  highest seq this reader applied, events were published that this reader never got (it
  started after them, or the topic's retention removed them): that is counted
  (:attr:`ReaderStats.missed`) and reported to ``on_missed(session_id, applied, previous)``.
- **Exactly-once workers** (``CHAO_PROCESSING_GUARANTEE=exactly_once``, Apache Kafka):
  the reader reads committed records only (``isolation_level``, the default), so a
  worker's crash leaves no repeat to drop; events arrive when their transaction commits
  (each commit interval).
- **Crashes of the reader itself**: offsets are committed only for batches the caller has
  handled, so nothing is lost; a batch handled but not committed when the reader dies is
  read again by the next one. Whether that next reader drops it depends on ``applied``:
  the default is an in-memory dict (repeats inside one run are dropped); pass a persistent
  mapping (session id -> highest seq applied), written with the caller's own output, to
  drop them across restarts too.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, TopicPartition

from pipeline.config import TopicNames
from pipeline.kafka.security import KafkaSecurity, aiokafka_options
from pipeline.trace.headers import parse_prev_seq

log = logging.getLogger("chao.reader")

OnMissed = Callable[[str, int, int], None]  # (session id, highest applied, previous seq)


@dataclass
class ReaderStats:
    read: int = 0  # records read
    applied: int = 0  # events yielded
    repeats: int = 0  # dropped: seq not above the highest applied for the session
    missed: int = 0  # records that showed events this reader never got
    malformed: int = 0  # records that are not clean events (skipped, never yielded)


@dataclass
class SessionSeqFilter:
    """The pure part: admits each session's events once, in seq order.

    ``applied`` maps a session id to the highest seq applied (-1 or absent: none).
    """

    applied: MutableMapping[str, int] = field(default_factory=dict)
    on_missed: OnMissed | None = None
    stats: ReaderStats = field(default_factory=ReaderStats)

    def admit(self, event: dict[str, Any], previous: int = -1) -> bool:
        """True when ``event`` is new for its session (and records it as applied).

        ``previous``: the seq of the session's event before this one, when the record
        says (the prev-seq header); -1 when unknown.
        """
        session_id, seq = event["sessionId"], event["seq"]
        highest = self.applied.get(session_id, -1)
        if seq <= highest:
            self.stats.repeats += 1
            return False
        if previous > highest:
            self.stats.missed += 1
            if self.on_missed is not None:
                self.on_missed(session_id, highest, previous)
        self.applied[session_id] = seq
        self.stats.applied += 1
        return True


class CleanTopicReader:
    """Reads a clean topic in a consumer group; see the module docstring."""

    def __init__(
        self,
        bootstrap: str | list[str],
        *,
        group_id: str,
        topic: str | None = None,
        applied: MutableMapping[str, int] | None = None,
        on_missed: OnMissed | None = None,
        from_beginning: bool = True,
        isolation_level: str = "read_committed",
        consumer: Any = None,
        security: KafkaSecurity | None = None,
    ) -> None:
        """``security``: TLS and SASL settings (None: ``CHAO_KAFKA_*`` of the environment,
        :mod:`pipeline.kafka.security`)."""
        # Default: the clean session-events topic as configured (CHAO_TOPIC_SESSION_EVENTS).
        self.topic = topic if topic is not None else TopicNames().session_events
        self.filter = SessionSeqFilter({} if applied is None else applied, on_missed)
        self._options = {
            "bootstrap_servers": bootstrap,
            "group_id": group_id,
            "enable_auto_commit": False,
            "auto_offset_reset": "earliest" if from_beginning else "latest",
            # What an exactly-once worker's aborted transactions held is never read (with
            # an at-least-once worker, which writes no transactions, it changes nothing).
            "isolation_level": isolation_level,
        }
        self._security = security
        self._consumer = consumer  # made in start(): aiokafka wants a running loop
        self._pending: dict[TopicPartition, int] = {}  # next offset to commit, per partition

    @property
    def stats(self) -> ReaderStats:
        return self.filter.stats

    async def start(self) -> None:
        if self._consumer is None:
            self._consumer = AIOKafkaConsumer(
                self.topic, **self._options, **aiokafka_options(self._security)
            )
        await self._consumer.start()

    async def stop(self) -> None:
        """Stop without committing the last batch (the caller may not have handled it)."""
        await self._consumer.stop()

    async def __aenter__(self) -> CleanTopicReader:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def commit(self) -> None:
        """Commit the offsets of every record of the batches yielded so far.

        The commit order, in one place: the caller handles a batch (writes its outputs),
        then the offsets after it are committed. A record is never committed before the
        batch holding it was handed over and the caller came back for more (or called
        this), so a crash can repeat a batch but never lose one.
        """
        if self._pending:
            await self._consumer.commit(dict(self._pending))
            self._pending.clear()

    async def batches(
        self, *, timeout_ms: int = 500, max_records: int = 1000, idle_batches: bool = False
    ) -> AsyncIterator[list[dict[str, Any]]]:
        """Yield lists of new events: in each, every session's events in seq order.

        Commits the previous batch's offsets before reading the next one. With
        ``idle_batches`` an empty list is yielded when nothing came within ``timeout_ms``
        (lets a caller check a deadline); otherwise it waits.
        """
        while True:
            await self.commit()
            records = await self._consumer.getmany(timeout_ms=timeout_ms, max_records=max_records)
            events = []
            for tp, messages in records.items():
                for message in messages:
                    self.stats.read += 1
                    self._pending[tp] = message.offset + 1
                    event = self._decode(message)
                    if event is None:
                        continue
                    try:
                        previous = parse_prev_seq(message.headers)
                    except ValueError:
                        previous = -1
                    if self.filter.admit(event, previous):
                        events.append(event)
            if events or idle_batches:
                yield events

    def _decode(self, message: Any) -> dict[str, Any] | None:
        try:
            event = orjson.loads(message.value)
            if (
                isinstance(event, dict)
                and isinstance(event.get("sessionId"), str)
                and isinstance(event.get("seq"), int)
            ):
                return event
        except (orjson.JSONDecodeError, TypeError):
            pass
        self.stats.malformed += 1
        log.warning(
            "skipped a record that is not a clean event at %s[%d]@%d",
            message.topic,
            message.partition,
            message.offset,
        )
        return None


async def read_until(
    reader: CleanTopicReader,
    want: int,
    *,
    timeout: float,
    on_batch: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """Read with ``reader`` until ``want`` new events came or ``timeout`` seconds passed;
    commits what it read and returns the events (for the demo and tests; a service loops
    over :meth:`CleanTopicReader.batches` instead)."""
    got: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    async with reader:
        async for batch in reader.batches(timeout_ms=200, idle_batches=True):
            got += batch
            if on_batch is not None and batch:
                on_batch(len(batch))
            if len(got) >= want or time.monotonic() > deadline:
                break
        await reader.commit()
    return got
