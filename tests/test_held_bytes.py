"""pipeline.held_bytes: why it exists (orjson over-allocates) and that a held trace costs
about its events' size."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

import orjson

from pipeline.held_bytes import held
from pipeline.trace.model import SessionTrace

EVENT = {
    "sessionId": "s-held",
    "seq": 0,
    "type": "cot.step",
    "ts": "2026-12-06T10:00:00.000Z",
    "payload": {"stepId": "r1", "summary": "Reading the deployment notes " * 6},
}


def allocated_per_item(make: Callable[[int], Any], count: int = 2_000) -> float:
    """Bytes allocated per item by ``make`` (tracemalloc), the items kept alive."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [make(i) for i in range(count)]
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(kept) == count
    return (after - before) / count


def test_orjson_still_over_allocates_its_results() -> None:
    """The reason for held(). When this fails, orjson sizes its results again: remove
    pipeline.held_bytes and its call."""
    size = len(orjson.dumps(EVENT))
    per_item = allocated_per_item(lambda i: orjson.dumps(EVENT))
    assert per_item > 4 * size, (size, per_item)


def test_held_copies_into_a_buffer_of_its_own_length() -> None:
    value = orjson.dumps(EVENT)
    copy = held(value)
    assert copy == value and type(copy) is bytes
    per_item = allocated_per_item(lambda i: held(orjson.dumps(EVENT)))
    # The bytes object's header (33 bytes) and the allocator's rounding, no more.
    assert per_item < len(value) + 64, (len(value), per_item)


def test_a_held_trace_costs_about_its_events_size() -> None:
    """What issue 29 measured: a trace of orjson results held about 4 KB per event."""
    size = len(orjson.dumps(EVENT))
    trace = SessionTrace("s-held", max_events=100_000)

    def append(seq: int) -> bool:
        event = {**EVENT, "seq": seq}
        return trace.append(event, orjson.dumps(event), now=0.0)

    per_event = allocated_per_item(append)
    assert len(trace.seqs) == 2_000
    # The encoded event (and its header), its list slot, and 8 bytes each for its seq and
    # its time.
    assert per_event < size + 80, (size, per_event)
