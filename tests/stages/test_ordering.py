"""Stage 4 with a controllable clock: the reorder window, caps, late and duplicate events."""

from __future__ import annotations

from typing import Any

import orjson

from pipeline import Pipeline, PipelineConfig, SessionState, Source
from pipeline.stages.ordering import CLEAN, DEAD_LETTER


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def event(seq: int, *, event_id: str | None = None, session: str = "s1", **extra: Any) -> bytes:
    return orjson.dumps(
        {
            "eventId": event_id or f"{session}-e{seq}",
            "type": "message.delta",
            "sessionId": session,
            "seq": seq,
            "ts": "2026-12-02T10:00:00Z",
            "payload": {"messageId": "m", "delta": f"d{seq}"},
            **extra,
        }
    )


def seqs(outputs: list[tuple[str, dict[str, Any]]]) -> list[int]:
    return [record["seq"] for kind, record in outputs if kind == CLEAN]


SRC = Source("t", 0, 0)


def test_gap_is_skipped_after_the_window_without_further_events() -> None:
    clock = FakeClock()
    pipeline = Pipeline(PipelineConfig(reorder_window_s=2.0), clock=clock)
    assert seqs(pipeline.process(event(0), SRC)) == [0]
    assert seqs(pipeline.process(event(2), SRC)) == []
    assert seqs(pipeline.process(event(3), SRC)) == []
    clock.now += 1.9
    assert pipeline.expire() == []
    assert pipeline.stats.waiting == 2
    clock.now += 0.2
    assert seqs(pipeline.expire()) == [2, 3]
    assert pipeline.stats.gaps == 1
    assert pipeline.stats.waiting == 0
    # seq 1 arriving now is late: its place was skipped.
    assert pipeline.process(event(1), SRC) == []
    assert pipeline.stats.late == 1


def test_gap_filled_within_the_window_releases_in_order() -> None:
    clock = FakeClock()
    pipeline = Pipeline(clock=clock)
    pipeline.process(event(0), SRC)
    pipeline.process(event(2), SRC)
    clock.now += 1.0
    assert seqs(pipeline.process(event(1), SRC)) == [1, 2]
    clock.now += 10
    assert pipeline.expire() == []
    assert pipeline.stats.gaps == 0


def test_each_gap_waits_from_its_oldest_waiting_event() -> None:
    clock = FakeClock()
    pipeline = Pipeline(PipelineConfig(reorder_window_s=2.0), clock=clock)
    pipeline.process(event(0), SRC)
    pipeline.process(event(2), SRC)  # gap at 1, waiting since t
    clock.now += 1.5
    pipeline.process(event(5), SRC)  # gap at 3-4, waiting since t+1.5
    clock.now += 0.6
    assert seqs(pipeline.expire()) == [2]
    clock.now += 1.0
    assert seqs(pipeline.expire()) == []
    clock.now += 0.5
    assert seqs(pipeline.expire()) == [5]
    assert pipeline.stats.gaps == 2


def test_the_timer_sees_an_event_that_starts_waiting_after_an_empty_pass() -> None:
    """The timer skips its pass while no waiting event can be due: an event that starts
    waiting after a pass found nothing must still be skipped to once it is due, in any
    session, and one still young must be left waiting."""
    clock = FakeClock()
    pipeline = Pipeline(PipelineConfig(reorder_window_s=2.0), clock=clock)
    pipeline.process(event(0), SRC)
    assert pipeline.expire() == []  # nothing waits
    clock.now += 5.0
    pipeline.process(event(2), SRC)  # waits from now
    clock.now += 1.0
    pipeline.process(event(0, session="s2"), SRC)
    pipeline.process(event(3, session="s2"), SRC)  # waits from one second later
    assert pipeline.expire() == []
    clock.now += 1.1
    assert seqs(pipeline.expire()) == [2]
    assert pipeline.stats.waiting == 1
    clock.now += 1.0
    assert seqs(pipeline.expire()) == [3]
    assert pipeline.stats.waiting == 0


def test_has_waiting_is_true_exactly_while_some_event_waits_on_a_gap() -> None:
    """The gap timer reads the input often only while this is true: it must never be false
    while an event waits (a gap filled, skipped, or its session evicted clears it)."""
    clock = FakeClock()
    pipeline = Pipeline(PipelineConfig(reorder_window_s=2.0, max_sessions=2), clock=clock)
    sequencer = pipeline.sequencer
    pipeline.process(event(0), SRC)
    assert not sequencer.has_waiting()
    pipeline.process(event(2), SRC)
    assert sequencer.has_waiting()
    pipeline.process(event(1), SRC)  # filled
    assert not sequencer.has_waiting()
    pipeline.process(event(4), SRC)
    clock.now += 2.1
    assert seqs(pipeline.expire()) == [4]  # skipped
    assert not sequencer.has_waiting()
    pipeline.process(event(6), SRC)
    assert sequencer.has_waiting()
    pipeline.process(event(0, session="s2"), SRC)
    pipeline.process(event(0, session="s3"), SRC)  # over the cap: s1 evicted, its gap skipped
    assert pipeline.stats.sessions_evicted == 1
    assert not sequencer.has_waiting()


def test_waiting_cap_skips_the_gap() -> None:
    pipeline = Pipeline(PipelineConfig(max_waiting_events=3), clock=FakeClock())
    pipeline.process(event(0), SRC)
    for seq in (5, 6, 7):
        assert pipeline.process(event(seq), SRC) == []
    assert seqs(pipeline.process(event(9), SRC)) == [5, 6, 7]
    assert pipeline.stats.gaps == 1
    assert pipeline.stats.waiting == 1


def test_duplicates_and_late_events_are_counted_not_released() -> None:
    pipeline = Pipeline(clock=FakeClock())
    pipeline.process(event(0), SRC)
    pipeline.process(event(2), SRC)
    assert pipeline.process(event(2), SRC) == []  # redelivery of a waiting event
    assert pipeline.process(event(0), SRC) == []  # redelivery of a released event
    assert pipeline.process(event(2, event_id="other"), SRC) == []  # seq already claimed
    assert pipeline.process(event(0, event_id="other0"), SRC) == []  # below next seq
    assert pipeline.stats.duplicates == 2
    assert pipeline.stats.late == 2
    # Same eventId under a new seq: a duplicate, and its seq still counts.
    assert seqs(pipeline.process(event(1, event_id="s1-e0"), SRC)) == [2]
    assert pipeline.stats.duplicates == 3


def test_rejected_event_consumes_its_seq() -> None:
    pipeline = Pipeline(clock=FakeClock())
    pipeline.process(event(0), SRC)
    pipeline.process(event(2), SRC)
    bad = orjson.loads(event(1))
    bad["type"] = "no.such.type"
    outputs = pipeline.process(orjson.dumps(bad), SRC)
    assert [kind for kind, _ in outputs] == [DEAD_LETTER, CLEAN]
    assert outputs[0][1]["reason"] == "unknown_type"
    assert seqs(outputs) == [2]


def test_invalid_envelope_with_usable_session_and_seq_keeps_its_place() -> None:
    pipeline = Pipeline(clock=FakeClock())
    pipeline.process(event(0), SRC)
    pipeline.process(event(2), SRC)
    outputs = pipeline.process(event(1, ts="yesterday"), SRC)
    assert outputs[0] == (DEAD_LETTER, outputs[0][1])
    assert outputs[0][1]["reason"] == "invalid_envelope"
    assert outputs[0][1]["detail"] == "ts"
    assert seqs(outputs) == [2]


def test_session_state_round_trips_through_its_wire_form() -> None:
    store: dict[str, SessionState] = {}
    pipeline = Pipeline(store=store, clock=FakeClock())
    pipeline.process(event(0), SRC)
    pipeline.process(event(3), SRC)
    state = store["s1"]
    restored = SessionState.from_wire(orjson.loads(orjson.dumps(state.to_wire())))
    assert restored == state
    # A pipeline resumed from the restored state continues where the first stood.
    resumed = Pipeline(store={"s1": restored}, clock=FakeClock())
    resumed.sequencer.reindex()
    assert resumed.stats.waiting == 1
    assert seqs(resumed.process(event(1), SRC)) == [1]
    assert seqs(resumed.process(event(2), SRC)) == [2, 3]


def test_idle_sessions_are_forgotten() -> None:
    clock = FakeClock()
    store: dict[str, SessionState] = {}
    pipeline = Pipeline(PipelineConfig(session_idle_timeout_s=60), store=store, clock=clock)
    pipeline.process(event(0, session="a"), SRC)
    clock.now += 30
    pipeline.process(event(0, session="b"), SRC)
    clock.now += 31
    assert pipeline.sequencer.forget_idle() == 1
    assert list(store) == ["b"]


def test_seen_event_ids_are_bounded() -> None:
    store: dict[str, SessionState] = {}
    pipeline = Pipeline(PipelineConfig(max_seen_event_ids=16), store=store, clock=FakeClock())
    for seq in range(40):
        pipeline.process(event(seq), SRC)
    assert len(store["s1"].seen) == 16
    assert "s1-e39" in store["s1"].seen and "s1-e0" not in store["s1"].seen


def offer(pipeline: Pipeline, seq: int, arrived: float, **extra: Any) -> list[int]:
    """Stage and order one event whose raw record was appended at ``arrived``."""
    staged = pipeline.stage(event(seq, **extra), SRC, arrived)
    assert not isinstance(staged, dict)
    return seqs(pipeline.offer(staged))


def test_gap_is_judged_on_the_input_not_on_the_clock() -> None:
    """Contract 3.4: the window runs between arrivals on the raw topic; however long the
    processing took, a gap goes only once the input watermark is a window past the
    waiting event's arrival."""
    clock = FakeClock()
    pipeline = Pipeline(PipelineConfig(reorder_window_s=2.0), clock=clock)
    offer(pipeline, 0, arrived=990.0)
    offer(pipeline, 2, arrived=995.0)  # processed 5 s after it arrived (a backlog)
    clock.now += 60  # a minute of processing later, on the clock
    # The input is processed up to 996.9: seq 1 may still arrive within 2 s of seq 2.
    assert pipeline.expire(watermark=996.9) == []
    assert pipeline.stats.gaps == 0
    # Processed up to 997: nothing that arrived within the window is left in the input.
    assert seqs(pipeline.expire(watermark=997.0)) == [2]
    assert pipeline.stats.gaps_by_cause == {"window": 1}
    # Seq 1 comes after all: late, by the cause of the skip that passed it.
    assert offer(pipeline, 1, arrived=999.0) == []
    assert pipeline.stats.late_by_cause == {"window": 1}


def test_the_long_limit_applies_only_while_the_input_is_stalled() -> None:
    clock = FakeClock()
    config = PipelineConfig(reorder_window_s=2.0, gap_max_wait_s=300.0)
    pipeline = Pipeline(config, clock=clock)
    offer(pipeline, 0, arrived=clock.now)
    offer(pipeline, 2, arrived=clock.now)
    clock.now += 1000  # a long backlog: the watermark has not reached the arrival
    assert pipeline.expire(watermark=clock.now - 1000) == []
    # Some partition is not processed at all: held for 1,000 s > 300 s, so it goes.
    assert seqs(pipeline.expire(watermark=clock.now - 1000, input_stalled=True)) == [2]
    assert pipeline.stats.gaps_by_cause == {"input_stalled": 1}
    assert offer(pipeline, 1, arrived=clock.now) == []
    assert pipeline.stats.late_by_cause == {"input_stalled": 1}


def test_the_long_limit_counts_from_when_this_process_held_the_event() -> None:
    clock = FakeClock()
    store: dict[str, SessionState] = {}
    config = PipelineConfig(reorder_window_s=2.0, gap_max_wait_s=300.0)
    pipeline = Pipeline(config, store=store, clock=clock)
    offer(pipeline, 0, arrived=clock.now)
    offer(pipeline, 2, arrived=clock.now)
    clock.now += 250
    # A successor recovers the state through its wire form and holds the event from now.
    recovered = {
        sid: SessionState.from_wire(orjson.loads(orjson.dumps(state.to_wire())))
        for sid, state in store.items()
    }
    assert recovered["s1"].waiting[2].arrived == 1000.0  # the input's time travels
    successor = Pipeline(config, store=recovered, clock=clock)
    successor.sequencer.reindex(restart_waits=True)
    clock.now += 100  # 350 s since the arrival, 100 s held by the successor
    assert successor.expire(watermark=0.0, input_stalled=True) == []
    clock.now += 200
    assert seqs(successor.expire(watermark=0.0, input_stalled=True)) == [2]


def test_late_events_are_counted_by_cause() -> None:
    clock = FakeClock()
    pipeline = Pipeline(PipelineConfig(max_waiting_events=2), clock=clock)
    offer(pipeline, 0, arrived=clock.now)
    for seq in (5, 6, 7):  # a third waiting event: the gap 1..4 is skipped at the cap
        offer(pipeline, seq, arrived=clock.now)
    assert pipeline.stats.gaps_by_cause == {"max_waiting": 1}
    offer(pipeline, 3, arrived=clock.now)  # in the skipped range
    offer(pipeline, 6, arrived=clock.now, eventId="another")  # released under another event
    assert pipeline.stats.late_by_cause == {"max_waiting": 1, "seq_taken": 1}
    assert pipeline.stats.late == 2 and pipeline.stats.gaps == 1
    flushed = Pipeline(clock=clock)
    offer(flushed, 1, arrived=clock.now)
    flushed.flush()
    assert flushed.stats.gaps_by_cause == {"end_of_input": 1}


def test_skipped_ranges_survive_the_state_wire_form_and_are_bounded() -> None:
    clock = FakeClock()
    store: dict[str, SessionState] = {}
    pipeline = Pipeline(PipelineConfig(max_waiting_events=1), store=store, clock=clock)
    for seq in range(0, 80, 2):  # every other seq missing: each second event skips one
        offer(pipeline, seq, arrived=clock.now)
    state = store["s1"]
    assert len(state.skipped) == 16
    assert SessionState.from_wire(orjson.loads(orjson.dumps(state.to_wire()))) == state
    # Older releases' 8-item form (drops, no skipped ranges) still reads.
    old = [*state.to_wire()[:7], [["ordering", "late", 1]]]
    assert SessionState.from_wire(old).skipped == []
