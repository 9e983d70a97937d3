"""Session traces, the trace document, SSE helpers and the live tail (issue #6), no broker."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Callable
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from pipeline.models.clean import ToolCard
from pipeline.trace import TraceSettings
from pipeline.trace.headers import parse_prev_seq, prev_seq_header
from pipeline.trace.http import InvalidSeq, error_document, parse_last_event_id, valid_session_id
from pipeline.trace.model import SessionTrace, TooFarBehind
from pipeline.trace.replay import apply_clean_record
from pipeline.trace.sse import KEEPALIVE, LiveTail, sse_error, sse_event, stream_events
from tests.fixtures_util import by_session, expected, raw_lines
from tests.test_fixtures import run_stage_api

SID = "s-1"
TOOL_CARD = TypeAdapter(ToolCard)


class FakeClock:
    """A clock the test moves by hand: age bounding without sleeping."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def event(seq: int, type_: str = "message.delta", **data: Any) -> dict[str, Any]:
    family = type_.split(".")[0] if type_.startswith(("tool.", "message.", "run.")) else "artifact"
    return {
        "eventId": f"{SID}-e{seq}",
        "type": type_,
        "sessionId": SID,
        "runId": "run-1",
        "seq": seq,
        "ts": "2026-12-02T10:00:00.000Z",
        "family": family,
        "terminal": type_ in {"message.completed", "message.partially_completed", "run.failed"},
        "data": data or {"messageId": "m1", "delta": f"part {seq}"},
    }


def card(call_id: str, status: str = "executing", tool_key: str = "bits.search") -> dict[str, Any]:
    return {
        "toolKey": tool_key,
        "callId": call_id,
        "status": status,
        "approval": None,
        "input": None,
        "output": None,
        "activity": None,
        "redacted": False,
    }


def tool_event(seq: int, call_id: str, status: str, type_: str = "tool.progress") -> dict[str, Any]:
    return event(seq, type_, **card(call_id, status))


def trace_of(seqs: list[int], cls: type[SessionTrace] = SessionTrace, **kwargs: Any) -> Any:
    trace = cls(SID, **kwargs)
    for seq in seqs:
        trace.append(event(seq))
    return trace


def seqs(events: list[dict[str, Any]] | TooFarBehind) -> list[int]:
    assert isinstance(events, list)
    return [e["seq"] for e in events]


# --- bounding, idempotence, resume points ------------------------------------------------


def test_count_bound_drops_oldest_first_and_remembers_what_it_dropped() -> None:
    trace = trace_of([0, 1, 2, 4, 5, 7], max_events=3)
    assert seqs(trace.events) == [4, 5, 7]
    assert trace.dropped_through == 2
    assert trace.first_seq == 4
    assert trace.last_seq == 7
    assert trace.truncated


def test_age_bound_uses_the_injected_clock() -> None:
    clock = FakeClock(0.0)
    trace = SessionTrace(SID, max_age_s=10.0, clock=clock)
    for seq, now in [(0, 0.0), (1, 5.0), (2, 10.0)]:
        clock.now = now
        trace.append(event(seq))
    assert seqs(trace.events) == [0, 1, 2]  # exactly max_age old is still held
    clock.now = 12.0
    trace.append(event(3))
    assert seqs(trace.events) == [1, 2, 3]
    assert trace.dropped_through == 0
    assert trace.prune(now=15.5) == 1  # a timer ages out idle sessions without an append
    assert seqs(trace.events) == [2, 3]
    clock.now = 1000.0
    assert trace.prune() == 2
    assert trace.events == [] and len(trace.appended_at) == 0
    doc = trace.document()
    assert doc["firstSeq"] is None and doc["lastSeq"] == 3 and doc["truncated"] is True
    assert trace.events_after(3) == []
    assert isinstance(trace.events_after(2), TooFarBehind)


def test_append_is_idempotent_and_ignores_older_events() -> None:
    trace = trace_of([0, 1, 2])
    assert trace.append(event(2)) is False  # at-least-once repeat
    assert trace.append(event(1)) is False  # older than the newest
    assert trace.append(event(3)) is True
    assert seqs(trace.events) == [0, 1, 2, 3]
    bounded = trace_of([0, 1, 2, 3], max_events=2)
    assert bounded.append(event(0)) is False  # also when the event was already dropped
    assert seqs(bounded.events) == [2, 3]


@pytest.mark.parametrize(
    "bad",
    [
        {**event(0), "sessionId": "other"},
        {**event(0), "seq": -1},
        {**event(0), "seq": "3"},
        {**event(0), "seq": True},
    ],
)
def test_append_rejects_events_that_are_not_of_this_session(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        SessionTrace(SID).append(bad)


def test_events_after() -> None:
    trace = trace_of([0, 1, 3, 4, 8, 9], max_events=4)  # held: 3 4 8 9, dropped through 1
    assert seqs(trace.events_after(None)) == [3, 4, 8, 9]
    assert seqs(trace.events_after(1)) == [3, 4, 8, 9]
    assert seqs(trace.events_after(2)) == [3, 4, 8, 9]  # a gap, not a loss
    assert seqs(trace.events_after(5)) == [8, 9]
    assert trace.events_after(9) == []
    assert trace.events_after(50) == []
    assert trace.events_after(0) == TooFarBehind(after=0, dropped_through=1)


@given(
    gaps=st.lists(st.integers(min_value=1, max_value=4), max_size=60),
    max_events=st.integers(min_value=1, max_value=20),
    after=st.integers(min_value=0, max_value=250),
)
def test_bounded_trace_properties(gaps: list[int], max_events: int, after: int) -> None:
    appended = []
    seq = -1
    for gap in gaps:
        seq += gap
        appended.append(seq)
    trace = trace_of(appended, max_events=max_events)
    assert seqs(trace.events) == appended[-max_events:]
    dropped = appended[:-max_events]
    assert trace.dropped_through == (dropped[-1] if dropped else -1)
    result = trace.events_after(after)
    if dropped and after < dropped[-1]:
        assert result == TooFarBehind(after, dropped[-1])
    else:
        # Exactly the appended events after the resume point: nothing lost, nothing extra.
        assert seqs(result) == [s for s in appended if s > after]


class DictBodies:
    """Trace bodies kept outside the trace, in a dict that forgets nothing (the worker's
    are on disk and age out: tests/topologies/test_trace_bodies.py)."""

    def __init__(self) -> None:
        self.stored: dict[tuple[str, int], bytes] = {}
        self.rebuild: dict[int, tuple[int, float, int]] = {}  # what a rebuild reads, by seq
        self.asked: list[int] = []

    def put(
        self, session_id: str, seq: int, appended_at: float, prev_seq: int, encoded: bytes
    ) -> None:
        assert (session_id, seq) not in self.stored  # each event is put once
        self.stored[(session_id, seq)] = encoded
        self.rebuild[seq] = (seq, appended_at, prev_seq)

    def get(self, session_id: str, seqs: Any) -> list[bytes]:
        self.asked += seqs
        return [self.stored[(session_id, seq)] for seq in seqs]


@given(
    steps=st.lists(
        st.tuples(st.integers(min_value=0, max_value=3), st.floats(min_value=0.0, max_value=40.0)),
        max_size=60,
    ),
    max_events=st.integers(min_value=1, max_value=12),
    after=st.integers(min_value=-1, max_value=120),
)
def test_a_trace_with_its_bodies_outside_serves_what_an_inside_one_serves(
    steps: list[tuple[int, float]], max_events: int, after: int
) -> None:
    """The same appends (repeats and old seqs among them) and clock moves, with count and
    age bounds cutting: the same documents and resume answers; the bytes are in the store,
    none in the trace, and the trace asks the store only for events it holds."""
    inside_clock, outside_clock = FakeClock(), FakeClock()
    bodies = DictBodies()
    inside = SessionTrace(SID, max_events=max_events, max_age_s=60.0, clock=inside_clock)
    outside = SessionTrace(
        SID, max_events=max_events, max_age_s=60.0, clock=outside_clock, bodies=bodies
    )
    seq = 0
    for step, elapsed in steps:
        seq = max(0, seq + step - 1)  # sometimes a repeat or an older seq
        for clock in (inside_clock, outside_clock):
            clock.now += elapsed
        assert inside.append(event(seq)) == outside.append(event(seq))
        assert inside.prune() == outside.prune()
        assert outside.encoded == []
        assert all((SID, held) in bodies.stored for held in outside.seqs)
    assert outside.document() == inside.document()
    start = None if after < 0 else after
    assert outside.events_after(start) == inside.events_after(start)
    assert set(bodies.asked) <= set(outside.seqs)
    # A restart rebuilds it from what the store kept (every event ever put, pruned or not).
    rebuilt = SessionTrace.rebuilt(
        SID,
        [bodies.rebuild[seq] for seq in sorted(bodies.rebuild)],
        TraceSettings(max_events=max_events, max_age_s=60.0),
        bodies,
        clock=outside_clock,
    )
    assert rebuilt.document() == inside.document()
    assert (rebuilt.dropped_through, rebuilt.last_seq) == (inside.dropped_through, inside.last_seq)
    assert rebuilt.events_after(start) == inside.events_after(start)


@given(
    records=st.lists(
        st.tuples(st.integers(min_value=0, max_value=3), st.integers(min_value=-1, max_value=3)),
        max_size=40,
    ),
    max_events=st.integers(min_value=1, max_value=12),
)
def test_a_trace_replayed_with_records_not_read_is_rebuilt_the_same(
    records: list[tuple[int, int]], max_events: int
) -> None:
    """Recovery replays clean records whose header says records before them were not read
    (apply_clean_record): the events count as dropped, and a rebuild from the store says so
    too."""
    clock = FakeClock()
    settings = TraceSettings(max_events=max_events, max_age_s=3600.0)
    bodies = DictBodies()
    traces: dict[str, SessionTrace] = {}
    seq = -1
    for step, unread in records:
        prev = seq
        seq += 1 + step
        header = seq - 1 - max(0, unread) if unread >= 0 and seq - 1 > prev else prev
        apply_clean_record(
            traces,
            SID,
            orjson.dumps(event(seq)),
            clock.now,
            header,
            settings,
            clock=clock,
            bodies=bodies,
        )
    if SID not in traces:
        return
    live = traces[SID]
    rebuilt = SessionTrace.rebuilt(
        SID, [bodies.rebuild[s] for s in sorted(bodies.rebuild)], settings, bodies, clock=clock
    )
    assert rebuilt.document() == live.document()
    assert (rebuilt.dropped_through, rebuilt.last_seq) == (live.dropped_through, live.last_seq)


# --- tool cards, document, wire form -----------------------------------------------------


def test_tool_cards_from_card_events_and_completed_messages_later_wins() -> None:
    trace = SessionTrace(SID)
    trace.append(tool_event(0, "c1", "pending", "tool.approval_required"))
    trace.append(tool_event(1, "c2", "executing", "tool.started"))
    trace.append(event(2, "message.delta", messageId="m1", delta="x"))
    completed_c1 = card("c1", "completed")
    skipped_c3 = card("c3", "skipped", "bits.open")
    trace.append(
        event(
            3, "message.completed", messageId="m1", text="t", toolCalls=[completed_c1, skipped_c3]
        )
    )
    trace.append(tool_event(4, "c2", "failed", "tool.failed"))
    trace.append(event(5, "message.completed", messageId="m2", text="no calls"))
    partial_c3 = card("c3", "rejected", "bits.open")
    trace.append(event(6, "message.partially_completed", messageId="m3", toolCalls=[partial_c3]))
    cards = trace.tool_cards()
    assert list(cards) == ["c1", "c2", "c3"]  # order of first appearance
    assert cards["c1"] == completed_c1  # toolCalls override the earlier card event
    assert cards["c2"]["status"] == "failed"  # a card event overrides the earlier one
    assert cards["c3"] == partial_c3
    for value in cards.values():
        TOOL_CARD.validate_python(value)


def test_document_shape() -> None:
    assert SessionTrace(SID).document() == {
        "sessionId": SID,
        "events": [],
        "toolCards": [],
        "firstSeq": None,
        "lastSeq": None,
        "truncated": False,
        "drops": [],
    }
    trace = SessionTrace(SID, max_events=2)
    for e in [tool_event(0, "c1", "executing"), event(2), tool_event(5, "c1", "completed")]:
        trace.append(e)
    drops = [{"stage": "cot_policy", "reason": "unsafe_summary", "count": 2}]
    assert trace.document(drops) == {
        "sessionId": SID,
        "events": [event(2), tool_event(5, "c1", "completed")],
        "toolCards": [card("c1", "completed")],
        "firstSeq": 2,
        "lastSeq": 5,
        "truncated": True,
        "drops": drops,
    }


# A clean-topic record as recovery reads it: the event's JSON, its timestamp, its header.
Record = tuple[bytes, float, int]


def _live_with_records(
    batches: list[list[int]], settings: TraceSettings, clock: FakeClock, step_s: float
) -> tuple[SessionTrace, list[Record]]:
    """A trace appended batch by batch as the topology does, with the clean-topic record
    of every published event (repeats too: the topic gets whatever was published)."""
    trace = SessionTrace.empty(SID, settings, clock=clock)
    records = []
    for seqs in batches:
        for seq in seqs:
            raw = orjson.dumps(event(seq))
            records.append((raw, clock.now, trace.last_seq))  # the header: seq before it
            trace.append(event(seq), raw, clock.now)
        clock.now += step_s
    return trace, records


def _replayed(records: list[Record], settings: TraceSettings, clock: FakeClock) -> Any:
    traces: dict[str, SessionTrace] = {}
    for value, appended_at, prev in records:
        apply_clean_record(traces, SID, value, appended_at, prev, settings, clock=clock)
    return traces.get(SID)


def _same_trace(a: SessionTrace, b: SessionTrace) -> bool:
    return (a.document(), a.dropped_through, a.appended_at) == (
        b.document(),
        b.dropped_through,
        b.appended_at,
    )


@given(
    st.lists(st.lists(st.integers(0, 60), max_size=6), max_size=12),
    st.integers(1, 8),
    st.sampled_from([0.0, 1.0, 7.0]),
)
def test_replaying_the_clean_records_rebuilds_the_live_trace(
    batches: list[list[int]], max_events: int, step_s: float
) -> None:
    settings = TraceSettings(max_events=max_events, max_age_s=20.0)
    clock = FakeClock()
    live, records = _live_with_records(batches, settings, clock, step_s)
    live.prune()
    # Replayed twice over (a worker re-reading its own records; exact repeats after a
    # crash): the same trace.
    for replay in (records, records + records):
        back = _replayed(replay, settings, clock)
        if not live.seqs:
            assert back is None  # held nothing: forgotten, as expire() does live
        else:
            assert back is not None and _same_trace(back, live)


@given(st.lists(st.integers(0, 60), min_size=1, max_size=30), st.data())
def test_a_replay_that_starts_late_counts_exactly_what_it_did_not_read_as_dropped(
    seqs: list[int], data: st.DataObject
) -> None:
    settings = TraceSettings(max_events=1000, max_age_s=1000.0)  # no bound cuts anything
    clock = FakeClock()
    live, records = _live_with_records([[seq] for seq in seqs], settings, clock, 1.0)
    start = data.draw(st.integers(0, len(records)))
    back = _replayed(records[start:], settings, clock)
    unread = [
        orjson.loads(v)["seq"] for v, _, prev in records[:start] if orjson.loads(v)["seq"] > prev
    ]
    if back is None:  # only repeats of unread events were read: nothing to hold
        assert all(orjson.loads(v)["seq"] <= prev for v, _, prev in records[start:])
        return
    assert back.last_seq == live.last_seq
    # A client that saw an unread event is told it fell behind; one that saw a held
    # event resumes exactly: never a silently shorter list, never a needless reload.
    assert back.dropped_through == max(unread, default=-1)
    assert list(back.seqs) == [seq for seq in live.seqs if seq > back.dropped_through]


def test_clean_records_not_read_count_as_dropped() -> None:
    clock = FakeClock()
    settings = TraceSettings(max_age_s=100.0)
    live, records = _live_with_records([[0, 1], [2, 5], [6]], settings, clock, 1.0)
    assert list(live.seqs) == [0, 1, 2, 5, 6] and not live.truncated
    back = _replayed(records[2:], settings, clock)  # recovery started at the third record
    assert list(back.seqs) == [2, 5, 6] and back.last_seq == 6
    assert back.dropped_through == 1 and back.truncated
    assert isinstance(back.events_after(0), TooFarBehind)
    assert [e["seq"] for e in back.events_after(1)] == [2, 5, 6]


def test_clean_records_older_than_the_age_bound_replay_into_nothing() -> None:
    clock = FakeClock()
    settings = TraceSettings(max_age_s=10.0)
    _, records = _live_with_records([[0], [1]], settings, clock, 1.0)
    clock.now += 60.0
    assert _replayed(records, settings, clock) is None


@pytest.mark.parametrize(
    "value",
    [
        b"not json",
        b"[]",
        b"CANARY",
        b'{"sessionId": "CANARY-sid", "seq": 1}',
        b'{"sessionId": "s-1", "seq": -1}',
        b'{"sessionId": "s-1", "seq": true}',
        b'{"sessionId": "s-1"}',
    ],
)
def test_a_malformed_clean_record_raises_and_changes_nothing(value: bytes) -> None:
    held = SessionTrace.empty(SID)
    held.append(event(0))
    traces = {SID: held}
    before = held.document()
    with pytest.raises(ValueError) as caught:
        apply_clean_record(traces, SID, value, 0.0, 5)
    assert traces == {SID: held} and held.document() == before
    assert "CANARY" not in str(caught.value) and "not json" not in str(caught.value)


def test_the_prev_seq_header_round_trips_and_a_bad_one_is_refused() -> None:
    assert parse_prev_seq([prev_seq_header(41)]) == 41
    assert parse_prev_seq((("other", b"x"), prev_seq_header(-1))) == -1
    assert parse_prev_seq(None) == -1 and parse_prev_seq([]) == -1  # not written by us
    for bad in (b"CANARY", b"-2", b"1.5", b"9" * 40):
        with pytest.raises(ValueError) as caught:
            parse_prev_seq([(prev_seq_header(0)[0], bad)])
        assert "CANARY" not in str(caught.value)


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    default = TraceSettings()
    assert (default.enabled, default.max_events, default.max_age_s, default.sse_max_queue) == (
        True,
        1000,
        3600.0,
        1000,
    )
    monkeypatch.setenv("CHAO_TRACE_MAX_EVENTS", "7")
    monkeypatch.setenv("CHAO_TRACE_MAX_AGE_S", "30")
    monkeypatch.setenv("CHAO_TRACE_SSE_MAX_QUEUE", "5")
    monkeypatch.setenv("CHAO_TRACE_ENABLED", "false")
    settings = TraceSettings()
    assert (settings.enabled, settings.max_events, settings.max_age_s) == (False, 7, 30.0)
    assert settings.sse_max_queue == 5
    trace = SessionTrace.empty(SID, settings)
    assert (trace.max_events, trace.max_age_s) == (7, 30.0)


# --- SSE formatting and request parsing ----------------------------------------------------


def parse_sse(stream: bytes) -> list[dict[str, str]]:
    """A small SSE reader after the WHATWG rules: messages end at a blank line, a leading
    space after the colon is dropped, comment lines are skipped, data lines are joined."""
    messages = []
    text = stream.decode()
    assert text.endswith("\n\n") or not text
    for block in text.split("\n\n")[:-1]:
        message: dict[str, str] = {}
        for line in block.split("\n"):
            assert "\r" not in line
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            message[name] = message[name] + "\n" + value if name in message else value
        if message:
            messages.append(message)
    return messages


def test_sse_event_round_trips() -> None:
    e = event(42, "message.delta", messageId="m1", delta="two\nlines\r\n and \u2028 more")
    raw = sse_event(e)
    assert raw.count(b"\n") == 4  # id, event, data, blank line
    [message] = parse_sse(raw)
    assert message["id"] == "42"
    assert message["event"] == "message.delta"
    assert orjson.loads(message["data"]) == e


def test_sse_event_name_can_not_inject_fields() -> None:
    e = {**event(3), "type": "artifact.x\ndata: injected\nid: 99", "family": "artifact"}
    [message] = parse_sse(sse_event(e))
    assert message["event"] == "artifact"
    assert message["id"] == "3"
    assert orjson.loads(message["data"]) == e


def test_sse_error_has_no_id() -> None:
    [message] = parse_sse(sse_error("too_far_behind", "reload\nplease"))
    assert "id" not in message
    assert message["event"] == "error"
    assert orjson.loads(message["data"]) == error_document("too_far_behind", "reload\nplease")
    assert orjson.loads(message["data"]) == {"error": "too_far_behind", "message": "reload\nplease"}


@pytest.mark.parametrize(
    ("header", "after", "want"),
    [
        (None, None, None),
        (None, "0", 0),
        (None, "17", 17),
        ("5", None, 5),
        ("5", "9", 5),  # Last-Event-ID wins
        ("", "9", 9),  # an empty header counts as absent
        ("  ", None, None),
        (" 12 ", None, 12),
        ("007", None, 7),
        (str(2**53 - 1), None, 2**53 - 1),
    ],
)
def test_parse_last_event_id(header: str | None, after: str | None, want: int | None) -> None:
    assert parse_last_event_id(header, after) == want


@pytest.mark.parametrize(
    ("header", "after", "field"),
    [
        ("-1", None, "Last-Event-ID"),
        ("abc", "3", "Last-Event-ID"),  # an invalid header is not papered over by after
        ("1.5", None, "Last-Event-ID"),
        (str(2**53), None, "Last-Event-ID"),
        (None, "-3", "after"),
        (None, "", "after"),
        (None, "+4", "after"),
        (None, "1_000", "after"),
        (None, "0x10", "after"),
        (None, "9" * 40, "after"),
        (None, "٣", "after"),  # a non-ASCII digit
    ],
)
def test_parse_last_event_id_rejects(header: str | None, after: str | None, field: str) -> None:
    with pytest.raises(ValueError, match=field) as info:
        parse_last_event_id(header, after)
    assert isinstance(info.value, InvalidSeq) and info.value.field == field


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        ("s-basic", True),
        ("A.b:c_d-9", True),
        ("x" * 128, True),
        ("x" * 129, False),
        ("", False),
        ("a/b", False),
        ("a b", False),
        ("abc\n", False),
        ("é", False),
        (5, False),
        (None, False),
    ],
)
def test_valid_session_id(value: object, ok: bool) -> None:
    assert valid_session_id(value) is ok


# --- live tail and the event stream --------------------------------------------------------


async def take(stream: AsyncGenerator[bytes, None], count: int) -> list[dict[str, str]]:
    """The next ``count`` SSE messages of a stream, with a timeout instead of a hang."""
    out: list[dict[str, str]] = []
    while len(out) < count:
        chunk = await asyncio.wait_for(anext(stream), 5)
        out += parse_sse(chunk)
    return out


def data_seqs(messages: list[dict[str, str]]) -> list[int]:
    assert all(int(m["id"]) == orjson.loads(m["data"])["seq"] for m in messages)
    return [orjson.loads(m["data"])["seq"] for m in messages]


def released(trace: SessionTrace, tail: LiveTail, e: dict[str, Any]) -> None:
    """What the topology does with a released event: trace first, then the live tail."""
    trace.append(e)
    tail.publish(e["sessionId"], e)


def lookup(trace: SessionTrace | None, on_lookup: Callable[[], None] | None = None) -> Any:
    def find(session_id: str) -> SessionTrace | None:
        if on_lookup is not None:
            on_lookup()
        return trace if trace is not None and trace.session_id == session_id else None

    return find


class RacyTrace(SessionTrace):
    """A trace whose reader is overtaken by releases right after it took the backlog, as
    by a release running between two steps of the reader."""

    after_read: Callable[[], None] | None = None

    def events_after(self, after: int | None) -> list[dict[str, Any]] | TooFarBehind:
        backlog = super().events_after(after)
        hook, self.after_read = self.after_read, None
        if hook is not None:
            hook()
        return backlog


def test_stream_gives_backlog_then_live_without_gap_or_repeat() -> None:
    async def scenario() -> None:
        trace: RacyTrace = trace_of(list(range(10)), RacyTrace)
        tail = LiveTail(max_queue=100)

        def before_read() -> None:
            # Repeats of held events, and a release that lands in the trace and the queue.
            tail.publish(SID, event(8))
            tail.publish(SID, event(9))
            released(trace, tail, event(10))

        def after_read() -> None:
            # Released after the backlog was taken: only the live queue has it.
            tail.publish(SID, event(9))
            released(trace, tail, event(11))

        trace.after_read = after_read
        stream = stream_events(lookup(trace, before_read), tail, SID, 4)
        first = await take(stream, 7)
        assert data_seqs(first) == [5, 6, 7, 8, 9, 10, 11]
        assert tail.subscriber_count(SID) == 1
        tail.publish(SID, event(9))  # a repeat after an at-least-once replay
        released(trace, tail, event(11))
        released(trace, tail, event(12))
        released(trace, tail, event(14))
        live = await take(stream, 2)
        assert data_seqs(live) == [12, 14]
        assert [m["event"] for m in live] == ["message.delta"] * 2
        await stream.aclose()
        assert tail.subscriber_count() == 0

    asyncio.run(scenario())


def test_reconnect_with_last_event_id_resumes_exactly() -> None:
    async def scenario() -> None:
        trace = trace_of([0, 1, 2])
        tail = LiveTail()
        stream = stream_events(lookup(trace), tail, SID, None)
        got = await take(stream, 3)
        released(trace, tail, event(3))
        got += await take(stream, 1)
        await stream.aclose()  # the client disconnects; events go on
        for seq in (4, 5):
            released(trace, tail, event(seq))
        resume = parse_last_event_id(got[-1]["id"], None)
        stream = stream_events(lookup(trace), tail, SID, resume)
        got += await take(stream, 2)
        released(trace, tail, event(6))
        got += await take(stream, 1)
        await stream.aclose()
        assert data_seqs(got) == [0, 1, 2, 3, 4, 5, 6]

    asyncio.run(scenario())


def test_slow_client_gets_an_error_event_then_recovers_from_the_trace() -> None:
    async def scenario() -> None:
        trace = trace_of([0])
        tail = LiveTail(max_queue=2)
        stream = stream_events(lookup(trace), tail, SID, None)
        assert data_seqs(await take(stream, 1)) == [0]
        for seq in range(1, 6):  # the client reads nothing meanwhile
            released(trace, tail, event(seq))
        [error] = await take(stream, 1)
        assert error["event"] == "error" and "id" not in error
        assert orjson.loads(error["data"])["error"] == "slow_consumer"
        with pytest.raises(StopAsyncIteration):
            await anext(stream)
        assert tail.subscriber_count() == 0
        # Nothing was lost: a reconnect after the last id received gets the rest.
        stream = stream_events(lookup(trace), tail, SID, 0)
        assert data_seqs(await take(stream, 5)) == [1, 2, 3, 4, 5]
        await stream.aclose()

    asyncio.run(scenario())


def test_resume_point_older_than_the_trace_gives_too_far_behind() -> None:
    async def scenario() -> None:
        trace = trace_of(list(range(6)), max_events=3)  # holds 3 4 5
        tail = LiveTail()
        stream = stream_events(lookup(trace), tail, SID, 1)
        [error] = await take(stream, 1)
        assert orjson.loads(error["data"])["error"] == "too_far_behind"
        with pytest.raises(StopAsyncIteration):
            await anext(stream)
        stream = stream_events(lookup(trace), tail, SID, 2)  # saw everything dropped
        assert data_seqs(await take(stream, 3)) == [3, 4, 5]
        await stream.aclose()
        assert tail.subscriber_count() == 0

    asyncio.run(scenario())


def test_unknown_session_and_ended_streams() -> None:
    async def scenario() -> None:
        tail = LiveTail()
        stream = stream_events(lookup(None), tail, SID, None)
        [error] = await take(stream, 1)
        assert orjson.loads(error["data"])["error"] == "unknown_session"
        with pytest.raises(StopAsyncIteration):
            await anext(stream)

        trace = trace_of([0])
        stream = stream_events(lookup(trace), tail, SID, None)
        await take(stream, 1)
        waiting = asyncio.ensure_future(take(stream, 1))  # blocked on an empty queue
        await asyncio.sleep(0)
        assert tail.end("reassigned", "reconnect", {"other"}) == 0
        assert tail.end("reassigned", "reconnect", {SID}) == 1
        [error] = await waiting
        assert orjson.loads(error["data"]) == error_document("reassigned", "reconnect")
        assert tail.subscriber_count() == 0  # released before the last message
        with pytest.raises(StopAsyncIteration):
            await anext(stream)

    asyncio.run(scenario())


def test_idle_stream_sends_keepalive_comments() -> None:
    async def scenario() -> None:
        trace = trace_of([])
        tail = LiveTail()
        stream = stream_events(lookup(trace), tail, SID, None, keepalive_s=0.01)
        assert await asyncio.wait_for(anext(stream), 5) == KEEPALIVE
        released(trace, tail, event(0))
        chunk = await asyncio.wait_for(anext(stream), 5)
        while chunk == KEEPALIVE:
            chunk = await asyncio.wait_for(anext(stream), 5)
        assert data_seqs(parse_sse(chunk)) == [0]
        await stream.aclose()

    asyncio.run(scenario())


def test_publish_without_subscribers_is_a_no_op() -> None:
    tail = LiveTail(max_queue=1)
    assert tail.publish(SID, event(0)) == 0
    with pytest.raises(ValueError):
        LiveTail(max_queue=0)


# --- every shared fixture through the pipeline into traces ---------------------------------


def test_fixture_traces_hold_exactly_the_clean_session_events(fixture_name: str) -> None:
    clean, dead = run_stage_api(fixture_name)
    traces: dict[str, SessionTrace] = {}
    for record in clean + clean:  # the second pass is an at-least-once replay
        trace = traces.setdefault(record["sessionId"], SessionTrace(record["sessionId"]))
        trace.append(record)
    want = by_session(expected(fixture_name))
    assert set(traces) == set(want)
    dead_seqs = {(d["sessionId"], d["seq"]) for d in dead if d["seq"] is not None}
    for session_id, trace in traces.items():
        assert trace.events == sorted(want[session_id], key=lambda e: e["seq"])
        doc = trace.document()
        assert doc["events"] == want[session_id]
        assert not dead_seqs & {(session_id, e["seq"]) for e in doc["events"]}
        held_cards = [e["data"] for e in want[session_id] if e["family"] == "tool"] + [
            c for e in want[session_id] for c in e["data"].get("toolCalls", [])
        ]
        for tool_card in doc["toolCards"]:
            assert tool_card in held_cards
            if tool_card["redacted"]:
                assert tool_card["input"] is None and tool_card["output"] is None
        stream = b"".join(sse_event(e) for e in trace.events)
        assert [orjson.loads(m["data"]) for m in parse_sse(stream)] == want[session_id]
        # The fixtures plant CANARY text only in what must be dropped or redacted.
        for blob in (orjson.dumps(doc), b"".join(trace.encoded), stream):
            assert b"CANARY" not in blob


def test_fixtures_do_plant_canaries() -> None:
    """Keeps the CANARY check above meaningful."""
    assert any(b"CANARY" in line for line in raw_lines("policy"))
