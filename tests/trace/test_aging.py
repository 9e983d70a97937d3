"""The age index of the traces (pipeline.trace.aging): a pass pops only what may be due."""

from __future__ import annotations

from pipeline.trace.aging import OldestFirst


def test_only_traces_noted_older_than_the_horizon_are_popped_oldest_first() -> None:
    index = OldestFirst()
    for n in range(1000):
        index.note(f"s-{n}", 1000.0 + n)
    assert index.pop_due(1000.0) == []  # nothing before the horizon: nothing looked at
    assert index.pop_due(1003.0) == ["s-0", "s-1", "s-2"]
    assert len(index) == 997
    assert index.pop_due(1003.0) == []  # popped: the caller notes again what stays held


def test_a_trace_keeps_the_time_it_was_first_noted_with_until_popped() -> None:
    # Appends note on every event; the oldest event's time only moves later, and an early
    # time is safe (popped early, pruned, noted again), a late one would miss the trace.
    index = OldestFirst()
    index.note("s-1", 10.0)
    index.note("s-1", 50.0)
    assert len(index) == 1
    assert index.pop_due(11.0) == ["s-1"]
    index.note("s-1", 50.0)
    assert index.pop_due(11.0) == []
    assert index.pop_due(51.0) == ["s-1"]


def test_a_rebuild_indexes_exactly_the_traces_given() -> None:
    index = OldestFirst()
    index.note("gone", 1.0)
    index.rebuild([("a", 5.0), ("b", 2.0), ("empty", float("-inf"))])
    assert len(index) == 3
    assert index.pop_due(3.0) == ["empty", "b"]
    assert index.pop_due(100.0) == ["a"]
