"""pipeline.kafka.reader without a broker: the per-session seq filter and the commit order
(the reader against the embedded broker: tests/integration/test_reader.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import orjson

from pipeline.kafka.reader import CleanTopicReader, SessionSeqFilter


def ev(session: str, seq: int) -> dict[str, Any]:
    return {"sessionId": session, "seq": seq, "eventId": f"{session}-{seq}"}


def test_each_session_once_in_seq_order_and_gaps_do_not_block() -> None:
    seen: list[tuple[str, int, int]] = []
    f = SessionSeqFilter(on_missed=lambda s, applied, prev: seen.append((s, applied, prev)))
    stream = [ev("a", 0), ev("b", 0), ev("a", 1), ev("a", 0), ev("a", 1), ev("a", 3), ev("b", 0)]
    admitted = [(e["sessionId"], e["seq"]) for e in stream if f.admit(e)]
    assert admitted == [("a", 0), ("b", 0), ("a", 1), ("a", 3)]
    assert f.stats.repeats == 3 and f.stats.missed == 0
    # the record says the session's previous event was seq 5: seqs 4..5 never reached us
    assert f.admit(ev("a", 6), previous=5)
    assert seen == [("a", 3, 5)] and f.stats.missed == 1
    # a known gap (the previous event IS the one applied) is not a miss
    assert f.admit(ev("a", 9), previous=6) and f.stats.missed == 1


def test_a_persistent_applied_map_drops_repeats_across_readers() -> None:
    store: dict[str, int] = {}
    assert SessionSeqFilter(store).admit(ev("a", 4))
    assert not SessionSeqFilter(store).admit(ev("a", 4))
    assert store == {"a": 4}


@dataclass
class Msg:
    value: bytes
    offset: int
    headers: tuple[tuple[str, bytes], ...] = ()
    topic: str = "t"
    partition: int = 0


@dataclass
class FakeConsumer:
    """getmany hands out one prepared batch per call; calls are logged in order."""

    batches: list[dict[Any, list[Msg]]]
    log: list[Any] = field(default_factory=list)

    async def getmany(self, timeout_ms: int, max_records: int) -> dict[Any, list[Msg]]:
        self.log.append("getmany")
        return self.batches.pop(0) if self.batches else {}

    async def commit(self, offsets: dict[Any, int]) -> None:
        self.log.append(("commit", dict(offsets)))


def test_offsets_are_committed_only_after_the_caller_handled_the_batch() -> None:
    def msg(session: str, seq: int, offset: int) -> Msg:
        return Msg(orjson.dumps(ev(session, seq)), offset)

    consumer = FakeConsumer(
        [
            {"p0": [msg("a", 0, 0), msg("a", 1, 1)], "p1": [msg("b", 0, 0)]},
            {"p0": [msg("a", 1, 2), Msg(b"not json", 3), msg("a", 2, 4)]},
        ]
    )
    reader = CleanTopicReader("unused:0", group_id="g", consumer=consumer)
    handled: list[list[tuple[str, int]]] = []

    async def run() -> None:
        batches = reader.batches(timeout_ms=1)
        for _ in range(2):
            batch = await anext(batches)
            consumer.log.append("handled")
            handled.append([(e["sessionId"], e["seq"]) for e in batch])
        await reader.commit()

    asyncio.run(run())
    assert handled == [[("a", 0), ("a", 1), ("b", 0)], [("a", 2)]]
    assert consumer.log == [
        "getmany",
        "handled",
        ("commit", {"p0": 2, "p1": 1}),
        "getmany",
        "handled",
        ("commit", {"p0": 5}),
    ]
    assert (reader.stats.repeats, reader.stats.malformed, reader.stats.read) == (1, 1, 6)
