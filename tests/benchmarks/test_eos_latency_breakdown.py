"""The exactly-once latency breakdown's arithmetic (benchmarks/eos_latency_breakdown.py)."""

from __future__ import annotations

import orjson

from benchmarks.eos_latency_breakdown import (
    PARTS,
    TOTAL,
    breakdown,
    clean_key,
    first_timestamps,
    staged_key,
)
from pipeline.kafka.io import Record


def record(value: object, timestamp: int, offset: int = 0) -> Record:
    return Record("t", 0, offset, None, orjson.dumps(value), timestamp)


def test_the_parts_are_the_gaps_between_the_marks_and_add_up_to_the_total() -> None:
    key = ("s1", 3)
    parts = breakdown(
        ready={key: 1_000},
        staged_at={key: 1_150.0},
        staged_seen={key: 1_300.0},
        clean_at={key: 1_360.0},
        clean_seen={key: 1_500.0},
    )
    assert [parts[name] for name in PARTS] == [[150.0], [150.0], [60.0], [140.0]]
    assert parts[TOTAL] == [500.0]


def test_an_event_missing_a_mark_is_left_out_of_every_part() -> None:
    whole, partial = ("s1", 1), ("s2", 1)
    parts = breakdown(
        ready={whole: 0, partial: 0},
        staged_at={whole: 10.0, partial: 10.0},
        staged_seen={whole: 20.0},  # the re-key reader never saw partial's record
        clean_at={whole: 30.0, partial: 30.0},
        clean_seen={whole: 40.0, partial: 40.0},
    )
    assert all(len(parts[name]) == 1 for name in (*PARTS, TOTAL))


def test_first_timestamps_keep_each_keys_earliest_record_and_skip_what_has_no_key() -> None:
    records = [
        record(["s1", 1, "e1"], 200),
        record(["s1", 1, "e1"], 150, offset=1),  # a repeat written earlier elsewhere
        record(["s1", 2, "e2"], 300, offset=2),
        record("not a staged event", 100, offset=3),
    ]
    assert first_timestamps(records, staged_key) == {("s1", 1): 150, ("s1", 2): 300}
    clean = [record({"sessionId": "s1", "seq": 1}, 90), record({"seq": 2}, 80, offset=1)]
    assert first_timestamps(clean, clean_key) == {("s1", 1): 90}
