"""The input watermark (topologies.progress) on plain data: members joining, dying and
rebalancing, a frozen member, idle partitions and a backlog, with a fake clock."""

from __future__ import annotations

import math

from topologies.progress import TP, InputProgress, InputReading

RAW, STAGED = "raw", "staged"


def tps(topic: str, n: int = 2) -> list[TP]:
    return [(topic, p) for p in range(n)]


class Input:
    """Two raw and two re-key partitions: what is in them and what the group processed."""

    def __init__(self) -> None:
        self.now = 100.0
        self.ends = dict.fromkeys([*tps(RAW), *tps(STAGED)], 0)
        self.processed = dict(self.ends)

    def append(self, tp: TP, n: int = 1) -> None:
        self.ends[tp] += n

    def process(self, tp: TP, upto: int | None = None) -> None:
        self.processed[tp] = self.ends[tp] if upto is None else upto

    def reading(self, step: float = 0.25) -> InputReading:
        self.now += step
        return InputReading(self.now, dict(self.processed), dict(self.ends))


def progress() -> InputProgress:
    return InputProgress(RAW, stall_after_s=60.0)


def test_a_caught_up_input_trails_the_clock_by_two_readings() -> None:
    data, tracker = Input(), progress()
    assert tracker.observe(data.reading()) == -math.inf
    first = data.now
    tracker.observe(data.reading())  # raw passed: re-key ends noted
    assert tracker.observe(data.reading()) == first
    assert tracker.observe(data.reading()) == first + 0.25
    assert tracker.stalled == []


def test_an_unprocessed_raw_partition_holds_the_watermark_whoever_owns_it() -> None:
    """Partition raw[1] has records that nobody processes (its owner died, no rebalance
    yet): the watermark stays below the time they arrived, however long it takes."""
    data, tracker = Input(), progress()
    for _ in range(3):
        tracker.observe(data.reading())
    before = data.now  # the last reading before the records came
    data.append((RAW, 1), 5)  # appended: in the input, not processed
    for _ in range(400):  # 100 s
        tracker.observe(data.reading())
    assert tracker.watermark == before
    # Someone takes it over and processes it: the watermark catches up.
    data.process((RAW, 1))
    for _ in range(3):
        tracker.observe(data.reading())
    assert tracker.watermark >= data.now - 0.5


def test_the_re_key_hop_holds_the_watermark_too() -> None:
    data, tracker = Input(), progress()
    tracker.observe(data.reading())
    data.append((RAW, 0), 3)
    mark = data.now + 0.25
    tracker.observe(data.reading())  # the raw records are in before this reading
    # Staged: the raw partition is processed, its events went to re-key partition 1.
    data.process((RAW, 0))
    data.append((STAGED, 1), 3)
    for _ in range(20):
        tracker.observe(data.reading())
    assert tracker.watermark < mark  # the re-keyed events are not ordered yet
    data.process((STAGED, 1))
    for _ in range(3):
        tracker.observe(data.reading())
    assert tracker.watermark > mark


def test_re_key_ends_are_taken_from_a_reading_after_the_raw_step() -> None:
    """A raw partition passes in a reading whose re-key ends were read *after* its
    processed offsets: what it re-keyed is below them. The re-key step waits for a later
    reading's processed offsets."""
    data, tracker = Input(), progress()
    data.append((RAW, 0), 1)
    tracker.observe(data.reading())
    data.process((RAW, 0))
    data.append((STAGED, 0), 1)  # its re-keyed record
    tracker.observe(data.reading())  # raw passed; re-key end 1 noted for staged[0]
    assert tracker.observe(data.reading()) == -math.inf
    data.process((STAGED, 0))
    assert tracker.observe(data.reading()) > -math.inf


def test_a_backlog_is_worked_off_reading_by_reading() -> None:
    data, tracker = Input(), progress()
    marks = []
    for _ in range(10):  # 10 readings while 100 records a reading come in, none processed
        data.append((RAW, 0), 100)
        marks.append(data.now + 0.25)
        tracker.observe(data.reading())
    assert tracker.watermark == -math.inf
    # Processing catches up to the fifth reading's end: it passes, the next do not.
    data.process((RAW, 0), upto=500)
    for _ in range(2):
        tracker.observe(data.reading())
    assert marks[4] == tracker.watermark


def test_a_partition_with_nothing_to_read_never_holds_it_back() -> None:
    data, tracker = Input(), progress()
    data.append((RAW, 0), 10)
    data.process((RAW, 0))  # raw[1] and both re-key partitions: idle, never written
    for _ in range(3):
        tracker.observe(data.reading())
    assert tracker.watermark == data.now - 0.5
    assert tracker.stalled == []


def test_a_frozen_member_stalls_its_partitions_and_a_rebalance_restarts_the_watermark() -> None:
    data, tracker = Input(), progress()
    for _ in range(3):
        tracker.observe(data.reading())
    data.append((RAW, 1), 7)  # the frozen member's partition: records, no progress
    data.process((RAW, 1), upto=2)
    for _ in range(int(59 / 0.25)):
        tracker.observe(data.reading())
    assert tracker.stalled == []  # not yet the stall timeout
    for _ in range(8):
        tracker.observe(data.reading())
    assert tracker.stalled == [(RAW, 1)]
    # The group expels it; this worker's rebalance forgets what it had counted.
    tracker.restart()
    assert tracker.watermark == -math.inf
    data.process((RAW, 1))  # the new owner processes it
    for _ in range(3):
        tracker.observe(data.reading())
    assert tracker.stalled == []
    assert tracker.watermark == data.now - 0.5
