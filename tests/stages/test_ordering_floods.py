"""Resource floods against the ordering stage: memory stays bounded whatever the input.

* Too many sessions: the sequencer holds at most ``max_sessions``; a new session at the cap
  evicts the least recently active one, releasing what it held (nothing received is lost)
  and counting it (``chao_sessions_evicted_total``).
* One session far ahead of its gap: at most ``max_waiting_events`` wait, other sessions
  are untouched, and a seq 10^12 ahead costs one waiting entry, nothing proportional to the
  distance.

Loads are bounded in count and time; the figures RELIABILITY.md reports are printed (run
with ``-s``).
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable, Iterator, MutableMapping

import pytest

from pipeline import Pipeline, PipelineConfig, SessionState, Source, Stats
from pipeline.dev.generate import generate_events
from pipeline.metrics import PipelineCollector
from pipeline.models.envelope import MAX_SEQ
from pipeline.stages.ordering import CLEAN, Output, SessionSequencer
from pipeline.stages.types import StagedEvent

SRC = Source("flood", 0, 0)
KIB = 1024


def staged(session: str, seq: int, *, event_id: str | None = None) -> StagedEvent:
    """A valid artifact event, as the stateless stages would hand it over."""
    return StagedEvent(
        session,
        seq,
        event_id if event_id is not None else f"{session}-e{seq}",
        "artifact.updated",
        None,
        "2026-12-02T10:00:00Z",
        "artifact",
        {"n": seq},
        None,
        None,
        SRC,
    )


def released(outputs: list[Output]) -> list[tuple[str, int]]:
    return [(r["sessionId"], r["seq"]) for kind, r in outputs if kind == CLEAN]


def exposition(stats: Stats) -> dict[str, float]:
    samples: dict[str, float] = {}
    for family in PipelineCollector(stats, PipelineConfig()).collect():
        for sample in family.samples:
            samples[sample.name] = samples.get(sample.name, 0.0) + sample.value
    return samples


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- many sessions ----------------------------------------------------------------------------


def test_a_million_sessions_stay_within_the_cap() -> None:
    """10^6 distinct sessions (each a released event and one waiting behind a gap) through a
    sequencer capped at 10,000: the store never holds more, every excess session is counted
    as evicted, every event comes out exactly once, and memory is flat (traced over 100k
    sessions early and 100k sessions late in the run: the same peak)."""
    cap, total, window = 10_000, 1_000_000, 100_000
    traced = {2 * cap: "early", total - window: "late"}
    seq = SessionSequencer(PipelineConfig(max_sessions=cap), clock=lambda: 0.0)
    started = time.perf_counter()
    out_events = 0
    peaks: dict[str, tuple[int, int]] = {}
    tracing = ""
    for i in range(total):
        if i in traced:
            gc.collect()
            tracing = traced[i]
            tracemalloc.start()
        sid = f"flood-{i}"
        out_events += len(seq.offer(staged(sid, 0)))
        out_events += len(seq.offer(staged(sid, 2)))  # waits behind the missing seq 1
        if tracing and i in (2 * cap + window - 1, total - 1):
            peaks[tracing] = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            tracing = ""
            assert len(seq.store) <= cap
    out_events += len(seq.flush())
    elapsed = time.perf_counter() - started
    stats = seq.stats
    assert len(seq.store) == cap
    assert stats.sessions_evicted == total - cap
    assert out_events == 2 * total  # evicted sessions released their waiting event
    assert stats.gaps == total and stats.waiting == 0
    assert exposition(stats)["chao_sessions_evicted_total"] == total - cap
    (_, early_peak), (late_now, late_peak) = peaks["early"], peaks["late"]
    assert late_peak <= early_peak * 1.1 + 256 * KIB, peaks
    # What a window leaves allocated is the cap's worth of sessions, not the window's.
    assert late_now < cap * 2 * KIB, peaks
    print(
        f"\n{total:,} sessions, cap {cap:,}: held {len(seq.store):,}, evicted "
        f"{stats.sessions_evicted:,}, events in {2 * total:,} out {out_events:,}, lost 0; "
        f"traced peak over 100k sessions early {early_peak / 2**20:.1f} MiB, late "
        f"{late_peak / 2**20:.1f} MiB; {late_now / cap:.0f} bytes per held session "
        f"(one waiting event each); {elapsed:.1f} s"
    )


def test_memory_per_session_is_small() -> None:
    """Idle sessions of one event each (the shape of a flood of fresh session ids)."""
    count = 20_000
    seq = SessionSequencer(PipelineConfig(), clock=lambda: 0.0)
    events = [staged(f"idle-session-{i:08d}", 0) for i in range(count)]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for event in events:
        seq.offer(event)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    per_session = (after - before) / count
    print(f"\nstate of an idle one-event session: {per_session:.0f} bytes (incl. recency entry)")
    assert per_session < 1.5 * KIB


def test_least_recently_active_session_is_evicted() -> None:
    config = PipelineConfig(max_sessions=3)
    pipeline = Pipeline(config, clock=lambda: 0.0)
    sequencer = pipeline.sequencer
    for sid in ("a", "b", "c"):
        sequencer.offer(staged(sid, 0))
    sequencer.offer(staged("a", 1))  # a is active again: b is now the least recent
    sequencer.offer(staged("b", 2))  # ... until b gets an event (waiting behind seq 1)
    out = sequencer.offer(staged("d", 0))  # c is least recent now
    assert set(sequencer.store) == {"a", "b", "d"}
    assert released(out) == [("d", 0)]
    out = sequencer.offer(staged("e", 0))  # a is least recent
    assert set(sequencer.store) == {"b", "d", "e"}
    out = sequencer.offer(staged("f", 0))  # b: its waiting seq 2 is released, not lost
    assert released(out) == [("b", 2), ("f", 0)]
    assert pipeline.stats.sessions_evicted == 3
    assert pipeline.stats.waiting == 0 and pipeline.stats.gaps == 1


def test_an_evicted_session_comes_back_as_new() -> None:
    """What eviction forgets (as idle expiry does): eligibility, seen eventIds, next seq."""
    sequencer = SessionSequencer(PipelineConfig(max_sessions=1), clock=lambda: 0.0)
    sequencer.offer(staged("a", 0))
    sequencer.offer(staged("b", 0))  # evicts a
    assert sequencer.offer(staged("a", 1)) == []  # waits for a seq 0 that already went out
    assert sequencer.stats.sessions_evicted == 2
    assert released(sequencer.flush()) == [("a", 1)]
    assert sequencer.stats.gaps == 1


def test_forget_idle_frees_room_under_the_cap() -> None:
    clock = Clock()
    config = PipelineConfig(max_sessions=2, session_idle_timeout_s=10)
    sequencer = SessionSequencer(config, clock=clock)
    sequencer.offer(staged("a", 0))
    sequencer.offer(staged("b", 0))
    clock.now += 11
    assert sequencer.forget_idle() == 2
    sequencer.offer(staged("c", 0))
    sequencer.offer(staged("d", 0))
    assert set(sequencer.store) == {"c", "d"}
    assert sequencer.stats.sessions_evicted == 0


def test_reindex_orders_restored_sessions_by_last_activity() -> None:
    """A restored store (changelog recovery) is indexed by last activity, oldest first."""
    store: dict[str, SessionState] = {
        "newest": SessionState(next_seq=1, last_seen=30.0),
        "oldest": SessionState(next_seq=1, last_seen=10.0),
        "middle": SessionState(next_seq=1, last_seen=20.0),
    }
    sequencer = SessionSequencer(PipelineConfig(max_sessions=3), store=store, clock=lambda: 40.0)
    sequencer.reindex()
    sequencer.offer(staged("fresh", 0))
    assert set(store) == {"newest", "middle", "fresh"}
    # A session removed behind the sequencer's back (partition handed over) is skipped
    # and not counted.
    del store["middle"]
    sequencer.offer(staged("fresh2", 0))  # the stale entry made room: nothing evicted
    assert set(store) == {"newest", "fresh", "fresh2"}
    assert sequencer.stats.sessions_evicted == 1
    sequencer.offer(staged("fresh3", 0))
    assert set(store) == {"fresh", "fresh2", "fresh3"}
    assert sequencer.stats.sessions_evicted == 2


class CountingStore(MutableMapping[str, SessionState]):
    """A store whose len() and iteration are expensive (like a Faust table view)."""

    def __init__(self) -> None:
        self.data: dict[str, SessionState] = {}
        self.scans = 0
        self.gets = 0

    def __getitem__(self, key: str) -> SessionState:
        self.gets += 1
        return self.data[key]

    def __setitem__(self, key: str, value: SessionState) -> None:
        self.data[key] = value

    def __delitem__(self, key: str) -> None:
        del self.data[key]

    def __iter__(self) -> Iterator[str]:
        self.scans += 1
        return iter(self.data)

    def __len__(self) -> int:
        self.scans += 1
        return len(self.data)


def test_the_cap_never_scans_the_store() -> None:
    store = CountingStore()
    sequencer = SessionSequencer(PipelineConfig(max_sessions=100), store=store, clock=lambda: 0.0)
    for i in range(5_000):
        sequencer.offer(staged(f"s{i}", 0))
    assert len(store.data) == 100 and store.scans == 0


def test_max_sessions_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHAO_MAX_SESSIONS", "2500")
    assert PipelineConfig().max_sessions == 2500
    monkeypatch.setenv("CHAO_MAX_SESSIONS", "0")
    with pytest.raises(ValueError, match="max_sessions"):
        PipelineConfig()


# -- one session far ahead -------------------------------------------------------------------


def test_seq_absurdly_far_ahead_allocates_nothing_proportional() -> None:
    sequencer = SessionSequencer(PipelineConfig(), clock=lambda: 0.0)
    gc.collect()
    tracemalloc.start()
    for seq in (10**12, MAX_SEQ, 10**15):
        sequencer.offer(staged("far", seq))
    used = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert used < 64 * KIB
    assert sequencer.stats.waiting == 3
    assert released(sequencer.offer(staged("far", 0))) == [("far", 0)]
    # The first skip jumps straight to the lowest waiting seq: one gap, no loop over seqs
    # (a loop over 10^12 seqs would not end before the test's timeout).
    assert released(sequencer.flush()) == [("far", 10**12), ("far", 10**15), ("far", MAX_SEQ)]
    assert sequencer.stats.gaps == 3


def run_sessions(
    lines: list[bytes], config: PipelineConfig, flood: Callable[[int], list[bytes]] | None = None
) -> tuple[Pipeline, list[Output], list[int], int]:
    """Outputs of the normal sessions, the seqs the flooder got released (not its records:
    the test must not be what holds memory), and the most events waiting at once."""
    pipeline = Pipeline(config, clock=lambda: 0.0)
    outputs: list[Output] = []
    flooder: list[int] = []
    max_waiting = 0

    def take(new: list[Output]) -> None:
        for output in new:
            if output[1]["sessionId"] == "flooder":
                assert output[0] == CLEAN
                flooder.append(output[1]["seq"])
            else:
                outputs.append(output)

    for offset, line in enumerate(lines):
        take(pipeline.process(line, Source("t", 0, offset)))
        for extra in flood(offset) if flood else ():
            take(pipeline.process(extra, Source("flood", 0, offset)))
            max_waiting = max(max_waiting, pipeline.stats.waiting)
    take(pipeline.flush())
    return pipeline, outputs, flooder, max_waiting


def test_one_session_far_ahead_is_bounded_and_others_unaffected() -> None:
    """A session sends 100k events ahead of a gap it never fills, interleaved with 300
    normal sessions: at most max_waiting_events of it wait, memory stays flat, and the
    normal sessions' clean output is exactly what it is without the flood."""
    import orjson

    cap = 1_000
    config = PipelineConfig(max_waiting_events=cap)
    lines = list(generate_events(300, seed=21))
    per_line = 100_000 // len(lines) + 1
    sent = 0

    def flood(offset: int) -> list[bytes]:
        nonlocal sent
        batch = []
        for _ in range(per_line):
            sent += 1
            # seq 0 never comes; seqs climb far ahead, a few repeated.
            batch.append(
                orjson.dumps(
                    {
                        "eventId": f"f{sent}",
                        "type": "artifact.updated",
                        "sessionId": "flooder",
                        "seq": sent * 1_000,
                        "ts": "2026-12-02T10:00:00Z",
                        "payload": {"chunk": "x" * 200},
                    }
                )
            )
        return batch

    _, alone, _, _ = run_sessions(lines, config)
    started = time.perf_counter()
    gc.collect()
    tracemalloc.start()
    pipeline, together, flooded, max_waiting = run_sessions(lines, config, flood)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    elapsed = time.perf_counter() - started

    assert together == alone  # normal sessions: same clean events and dead letters
    assert len(flooded) == sent  # every flood event released once its gaps were skipped
    assert flooded == sorted(flooded)
    assert max_waiting <= cap + 1 + 50  # the flooder's cap plus the normal sessions' waits
    print(
        f"\nflood: {sent:,} events of one session ahead of a gap among {len(lines):,} normal "
        f"lines; waiting at most {max_waiting:,}; gaps skipped {pipeline.stats.gaps:,}; "
        f"normal output identical; traced peak {peak / 2**20:.1f} MiB; {elapsed:.1f} s"
    )
    assert peak < 64 * 2**20


def test_forget_idle_walks_only_the_idle_sessions() -> None:
    """A pass looks at the idle sessions (oldest activity first) and the first active one,
    not at every session held: it runs under the processing lock."""
    clock = Clock()
    store = CountingStore()
    sequencer = SessionSequencer(
        PipelineConfig(session_idle_timeout_s=10, max_sessions=10_000), store=store, clock=clock
    )
    for n in range(5):
        sequencer.offer(staged(f"old-{n}", 0))
    sequencer.offer(staged("old-waiting", 1))  # waits on seq 0: kept while waiting
    clock.now += 11
    for n in range(2_000):
        sequencer.offer(staged(f"new-{n}", 0))
    store.gets = store.scans = 0
    assert sequencer.forget_idle() == 5
    assert store.gets == 7  # five idle, the waiting one walked past, the first active one
    assert store.scans == 0  # never a pass over the whole store
    assert "old-waiting" in store.data and len(store.data) == 2_001
    clock.now += 11  # now everything is idle; the waiting session is still kept
    assert sequencer.forget_idle() == 2_000
    assert set(store.data) == {"old-waiting"}
    assert sequencer.stats.sessions_forgotten == 2_005
