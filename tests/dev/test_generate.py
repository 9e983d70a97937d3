"""Tests of the raw-traffic generator (pipeline/dev/generate.py).

The generator feeds the demo, the benchmarks and the scale/property tests, so these tests pin
down what the others rely on: determinism, a valid envelope on every non-malformed line,
complete per-session seqs, byte-identical redeliveries, the configured rates, and canaries
only in places the contract forbids to forward.
"""

from __future__ import annotations

import random
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.dev.generate import TrafficProfile, generate_events, generate_file, generate_session

DISCLOSURE = "visible_reasoning_v1"
SID_RE = re.compile(r"[A-Za-z0-9._:-]{1,128}")
TS_RE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z")
TERMINAL = {
    "message.completed",
    "message.partially_completed",
    "run.failed",
    "run.error",
    "run.settlement.completed",
}
KNOWN_TYPES = TERMINAL | {
    "session.started",
    "cot.step",
    "cot.phase",
    "cot.tool.reasoning",
    "cot.completed",
    "capability.resolved",
    "plan.step_added",
    "tool.started",
    "tool.progress",
    "tool.approval_required",
    "tool.approval_response",
    "tool.approval_timeout",
    "tool.completed",
    "tool.failed",
    "tool.degraded",
    "message.delta",
}
CARD_STATUSES = {"pending", "executing", "completed", "failed", "degraded", "rejected", "skipped"}
ACTIVITY_FIELDS = (
    "activityType",
    "origin",
    "label",
    "detail",
    "renderHint",
    "status",
    "subjectType",
    "subjectId",
)
CARRIERS = {"thinking.emit"}
# Substrings that only the policy-breaking summaries carry (one or more per detector).
UNSAFE_MARKERS = (
    "X-Amz-Signature",
    "X-Goog-Signature",
    "sig=",
    "signature=",
    "token=",
    "sk-live-",
    "Bearer ",
    "password=",
    "ghp_",
    "AKIA",
    "eyJ",
    "PRIVATE KEY",
    "/home/",
    "/etc/",
    "/var/",
    "C:\\",
    "\\\\",
    "file://",
    ".internal",
    ".corp",
    ".local",
    "<|im_start|>",
    "<|system|>",
    "[INST]",
    "system prompt",
    '"role"',
    '"choices"',
    '"thinking"',
)
START = datetime(2026, 12, 2, 10, 0, 0, tzinfo=UTC)


# ---------------------------------------------------------------------------------------------
# Helpers: an independent reading of the contract's envelope and display-field rules
# ---------------------------------------------------------------------------------------------


def is_str(value: Any, lo: int = 1, hi: int = 128) -> bool:
    return isinstance(value, str) and lo <= len(value) <= hi


def is_ts(value: Any) -> bool:
    if not isinstance(value, str) or not TS_RE.fullmatch(value):
        return False
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def valid_envelope(obj: Any) -> bool:
    if not isinstance(obj, dict):
        return False
    seq = obj.get("seq")
    return (
        is_str(obj.get("eventId"))
        and isinstance(obj.get("type"), str)
        and bool(obj["type"])
        and isinstance(obj.get("sessionId"), str)
        and SID_RE.fullmatch(obj["sessionId"]) is not None
        and isinstance(seq, int)
        and not isinstance(seq, bool)
        and 0 <= seq < 2**53
        and is_ts(obj.get("ts"))
        and ("runId" not in obj or is_str(obj["runId"]))
        and ("stepId" not in obj or is_str(obj["stepId"]))
        and isinstance(obj.get("payload"), dict)
    )


def first(mapping: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        value = mapping.get(key)
        if value is not None:
            return value
    return None


def dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


def optional(payload: dict[str, Any], key: str, check: Callable[[Any], bool]) -> bool:
    return key not in payload or check(payload[key])


def cot_display_ok(type_: str, p: dict[str, Any]) -> bool:
    """The contract's `malformed` rule (section 3.2, item 4)."""
    if type_ == "cot.step":
        return (
            is_str(p.get("stepId"))
            and is_str(p.get("summary"), 1, 1000)
            and optional(p, "phase", lambda v: is_str(v, 1, 64))
            and optional(p, "ts", is_ts)
            and optional(p, "toolCallId", is_str)
        )
    if type_ == "cot.phase":
        return (
            is_str(p.get("phase"), 1, 64)
            and optional(p, "stepId", is_str)
            and optional(p, "ts", is_ts)
        )
    if type_ == "cot.tool.reasoning":
        return (
            is_str(p.get("toolCallId"))
            and is_str(p.get("summary"), 1, 1000)
            and optional(p, "stepId", is_str)
            and optional(p, "ts", is_ts)
        )
    return optional(p, "ts", is_ts)  # cot.completed


def activity_ok(activity: Any) -> bool:
    if not isinstance(activity, dict):
        return False
    for key in ACTIVITY_FIELDS:
        if key in activity and not is_str(activity[key], 1, 500):
            return False
    return (
        all(key in activity for key in ("activityType", "label", "status"))
        and activity["status"] in {"pending", "active", "completed", "failed"}
        and all(
            is_str(activity[k])
            for k in ACTIVITY_FIELDS
            if k in activity and k not in ("label", "detail")
        )
    )


@dataclass
class Traffic:
    """Parsed output of generate_events."""

    lines: list[bytes]
    malformed: list[bytes] = field(default_factory=list)
    # sessionId -> seq -> list of raw copies
    copies: dict[str, dict[int, list[bytes]]] = field(default_factory=lambda: defaultdict(dict))

    @classmethod
    def parse(cls, lines: Iterable[bytes]) -> Traffic:
        traffic = cls(list(lines))
        for line in traffic.lines:
            try:
                obj = orjson.loads(line)
            except orjson.JSONDecodeError:
                traffic.malformed.append(line)
                continue
            if not valid_envelope(obj) or not obj["sessionId"].startswith("s-"):
                traffic.malformed.append(line)
                continue
            traffic.copies[obj["sessionId"]].setdefault(obj["seq"], []).append(line)
        return traffic

    def sessions(self) -> dict[str, list[dict[str, Any]]]:
        """Each session's unique events in seq order."""
        return {
            sid: [orjson.loads(by_seq[s][0]) for s in sorted(by_seq)]
            for sid, by_seq in self.copies.items()
        }

    @property
    def session_lines(self) -> int:
        return sum(len(c) for by_seq in self.copies.values() for c in by_seq.values())

    @property
    def unique_events(self) -> int:
        return sum(len(by_seq) for by_seq in self.copies.values())


@pytest.fixture(scope="module")
def big() -> Traffic:
    """1000 sessions with the default profile (the scale case)."""
    return Traffic.parse(generate_events(1000, seed=0))


# ---------------------------------------------------------------------------------------------
# Profile
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"duplicate_rate": -0.1},
        {"malformed_rate": 1.5},
        {"violation_rate": 2.0},
        {"tool_failure_rate": -1.0},
        {"ineligible_rate": 1.01},
        {"shuffle_window": -1},
        {"canary": ""},
        {"canary": "a\nb"},
    ],
)
def test_profile_rejects_bad_values(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        TrafficProfile(**kwargs)


def test_profile_defaults() -> None:
    p = TrafficProfile()
    assert (p.duplicate_rate, p.malformed_rate, p.violation_rate) == (0.02, 0.005, 0.05)
    assert (p.tool_failure_rate, p.ineligible_rate, p.shuffle_window) == (0.1, 0.2, 8)
    assert p.canary == "CANARY"


# ---------------------------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------------------------


def test_same_seed_same_bytes() -> None:
    a = list(generate_events(40, seed=5))
    b = list(generate_events(40, seed=5))
    assert a == b
    assert a != list(generate_events(40, seed=6))


def test_generate_session_is_deterministic() -> None:
    p = TrafficProfile()
    a = generate_session(random.Random(11), "s-abc", p, START)
    b = generate_session(random.Random(11), "s-abc", p, START)
    assert orjson.dumps(a) == orjson.dumps(b)
    assert orjson.dumps(a) != orjson.dumps(generate_session(random.Random(12), "s-abc", p, START))


def test_global_random_is_not_used() -> None:
    random.seed(1)
    a = list(generate_events(10, seed=3))
    random.seed(2)
    state = random.getstate()
    b = list(generate_events(10, seed=3))
    assert a == b
    assert random.getstate() == state


def test_zero_sessions() -> None:
    assert list(generate_events(0)) == []


# ---------------------------------------------------------------------------------------------
# One session
# ---------------------------------------------------------------------------------------------


def test_generate_session_shape() -> None:
    p = TrafficProfile(violation_rate=0.2, malformed_rate=0.05)
    for i in range(200):
        sid = f"s-{i:04x}"
        events = generate_session(random.Random(i), sid, p, START)
        assert [e["seq"] for e in events] == list(range(len(events)))
        assert all(valid_envelope(e) for e in events)
        assert all(e["sessionId"] == sid and e["eventId"] == f"{sid}-e{e['seq']}" for e in events)
        assert events[0]["type"] == "session.started"
        assert events[0]["ts"] == "2026-12-02T10:00:00.000Z"
        assert events[0]["payload"]["visibleReasoning"] in ("eligible", "ineligible")
        assert all(e["type"] != "session.started" for e in events[1:])
        stamps = [e["ts"] for e in events]
        assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)  # strictly increasing
        # every run ends on a terminal event, runs do not interleave
        runs: list[str] = []
        for e in events[1:]:
            if not runs or runs[-1] != e["runId"]:
                assert e["runId"] not in runs
                runs.append(e["runId"])
        assert 1 <= len(runs) <= 4
        last_of_run = {e["runId"]: e for e in events[1:]}
        assert all(e["type"] in TERMINAL for e in last_of_run.values())


def test_generate_session_accepts_naive_start_and_checks_id() -> None:
    events = generate_session(random.Random(0), "s-x", TrafficProfile(), datetime(2026, 1, 1))
    assert events[0]["ts"] == "2026-01-01T00:00:00.000Z"
    with pytest.raises(ValueError):
        generate_session(random.Random(0), "bad id!", TrafficProfile(), START)


# ---------------------------------------------------------------------------------------------
# The stream
# ---------------------------------------------------------------------------------------------


def test_every_line_is_an_envelope_without_malformed_traffic() -> None:
    profile = TrafficProfile(malformed_rate=0.0)
    lines = list(generate_events(150, seed=2, profile=profile))
    for line in lines:
        assert b"\n" not in line and b"\r" not in line
        obj = orjson.loads(line)
        assert valid_envelope(obj), line
        assert obj["sessionId"].startswith("s-")
        assert obj["type"] in KNOWN_TYPES or obj["type"].startswith(("artifact.", "preview."))


def test_seqs_complete_and_duplicates_byte_identical(big: Traffic) -> None:
    assert len(big.copies) == 1000
    for by_seq in big.copies.values():
        assert sorted(by_seq) == list(range(len(by_seq)))
        for copies in by_seq.values():
            assert len(set(copies)) == 1  # a redelivery is the exact same bytes
            assert len(copies) <= 2


def test_rates_are_about_right(big: Traffic) -> None:
    events = big.unique_events
    duplicates = big.session_lines - events
    assert 0.015 <= duplicates / events <= 0.025
    assert 0.0035 <= len(big.malformed) / events <= 0.0065

    sessions = big.sessions()
    starts = [s[0] for s in sessions.values()]
    assert all(e["type"] == "session.started" for e in starts)
    ineligible = sum(e["payload"]["visibleReasoning"] == "ineligible" for e in starts)
    assert 0.15 <= ineligible / len(starts) <= 0.25

    # tool failure rate the way the dashboard computes it: failed / (completed + failed)
    outcome: dict[tuple[str, Any], str] = {}
    for sid, session in sessions.items():
        for e in session:
            p = e["payload"]
            if e["type"] in ("tool.completed", "tool.failed"):
                call = first(p, "callId", "toolCallId") or e.get("stepId")
                outcome[(sid, call)] = e["type"]
    failed = sum(v == "tool.failed" for v in outcome.values())
    assert 0.07 <= failed / len(outcome) <= 0.13

    # violating cot events
    cot = violating = 0
    for session in sessions.values():
        for e in session:
            if e["type"].startswith("cot."):
                cot += 1
                p = e["payload"]
                summary = p.get("summary")
                if (
                    p.get("disclosure") != DISCLOSURE
                    or not cot_display_ok(e["type"], p)
                    or (isinstance(summary, str) and "CANARY" in summary)
                ):
                    violating += 1
    assert 0.035 <= violating / cot <= 0.065


def test_size_and_length_are_realistic(big: Traffic) -> None:
    per_session = [len(by_seq) for by_seq in big.copies.values()]
    assert 25 <= statistics.mean(per_session) <= 40
    sizes = [len(c[0]) for by_seq in big.copies.values() for c in by_seq.values()]
    assert 200 <= statistics.median(sizes) <= 600
    assert sum(150 <= s <= 700 for s in sizes) / len(sizes) >= 0.8
    assert max(sizes) < 4096


def test_malformed_lines_kinds_rate_and_canary() -> None:
    profile = TrafficProfile(malformed_rate=0.05)
    traffic = Traffic.parse(generate_events(200, seed=9, profile=profile))
    rate = len(traffic.malformed) / traffic.unique_events
    assert 0.035 <= rate <= 0.065
    kinds: Counter[str] = Counter()
    real = set(traffic.copies)
    for line in traffic.malformed:
        assert b"CANARY" in line, line
        try:
            obj = orjson.loads(line)
        except orjson.JSONDecodeError:
            try:
                line.decode("utf-8")
            except UnicodeDecodeError:
                kinds["not_utf8"] += 1
            else:
                kinds["not_json"] += 1
            continue
        if not isinstance(obj, dict):
            kinds["not_object"] += 1
            continue
        if obj.get("sessionId") in real:
            # a malformed line never carries a valid seq for a real session
            assert "seq" not in obj
            kinds["missing_seq"] += 1
        elif not isinstance(obj.get("sessionId"), str) or not SID_RE.fullmatch(obj["sessionId"]):
            kinds["bad_session"] += 1
        elif valid_envelope(obj):
            assert obj["type"] not in KNOWN_TYPES
            kinds["unknown_type"] += 1
        else:
            kinds["wrong_types"] += 1
    expected = {
        "not_utf8",
        "not_json",
        "not_object",
        "missing_seq",
        "bad_session",
        "unknown_type",
        "wrong_types",
    }
    assert set(kinds) == expected, kinds


def test_shuffle_is_local_and_sessions_interleave() -> None:
    base = TrafficProfile(duplicate_rate=0.0, malformed_rate=0.0, shuffle_window=0)
    ordered = list(generate_events(120, seed=4, profile=base))
    assert len(set(ordered)) == len(ordered)

    # without shuffling every session's events arrive in seq order ...
    next_seq: dict[str, int] = defaultdict(int)
    in_flight = max_in_flight = 0
    remaining = Counter(orjson.loads(line)["sessionId"] for line in ordered)
    for line in ordered:
        e = orjson.loads(line)
        assert e["seq"] == next_seq[e["sessionId"]]
        next_seq[e["sessionId"]] += 1
        if e["seq"] == 0:
            in_flight += 1
        remaining[e["sessionId"]] -= 1
        max_in_flight = max(max_in_flight, in_flight)
        if remaining[e["sessionId"]] == 0:
            in_flight -= 1
    # ... and several sessions are in flight at once
    assert max_in_flight >= 5

    for window in (1, 3, 8):
        profile = TrafficProfile(duplicate_rate=0.0, malformed_rate=0.0, shuffle_window=window)
        shuffled = list(generate_events(120, seed=4, profile=profile))
        assert sorted(shuffled) == sorted(ordered)
        position = {line: i for i, line in enumerate(ordered)}
        for i, line in enumerate(shuffled):
            assert i // window == position[line] // window
        if window == 1:
            assert shuffled == ordered
        else:
            assert shuffled != ordered


def test_generate_file(tmp_path: Path) -> None:
    path = tmp_path / "raw.jsonl"
    count = generate_file(path, 30, seed=1)
    data = path.read_bytes()
    lines = list(generate_events(30, seed=1))
    assert count == len(lines) == data.count(b"\n")
    assert data == b"".join(line + b"\n" for line in lines)
    assert b"" not in lines


# ---------------------------------------------------------------------------------------------
# Canaries
# ---------------------------------------------------------------------------------------------


@dataclass
class CanaryReport:
    planted: Counter[str] = field(default_factory=Counter)
    unsafe: Counter[str] = field(default_factory=Counter)


def check_canaries(sessions: dict[str, list[dict[str, Any]]], canary: str) -> CanaryReport:
    """Assert the canary is absent from every forwarded field; count where it was planted."""
    report = CanaryReport()
    for session in sessions.values():
        cards: set[str] = set()
        for e in session:
            type_, p = e["type"], e["payload"]
            for key in ("eventId", "type", "sessionId", "runId", "ts", "stepId"):
                assert canary not in str(e.get(key, "")), e
            if any(canary in str(v) for k, v in e.items() if k not in ("payload",)):
                report.planted["envelope"] += 1
            if type_.startswith("cot."):
                marked = p.get("disclosure") == DISCLOSURE
                if not (marked and cot_display_ok(type_, p)):
                    report.planted["unmarked_or_malformed"] += canary in dumps(p)
                    continue
                for key in ("stepId", "phase", "ts"):
                    assert canary not in str(p.get(key, "")), e
                summary = p.get("summary")
                call = p.get("toolCallId")
                if isinstance(summary, str) and canary in summary:
                    hits = [m for m in UNSAFE_MARKERS if m in summary]
                    unknown_card = type_ == "cot.tool.reasoning" and call not in cards
                    assert hits or unknown_card, e
                    report.unsafe["unknown_card" if unknown_card else hits[0]] += 1
                else:
                    if summary is not None:
                        assert not any(m in summary for m in UNSAFE_MARKERS), e
                    if type_ == "cot.tool.reasoning":
                        assert call in cards, e  # a safe explanation is about a known card
                extras = {
                    k: v
                    for k, v in p.items()
                    if k not in ("disclosure", "stepId", "summary", "phase", "ts", "toolCallId")
                }
                report.planted["cot_extra"] += canary in dumps(extras)
            elif type_.startswith("tool."):
                key = first(p, "toolKey", "key")
                call = first(p, "callId", "toolCallId") or e.get("stepId")
                activity = p.get("activity")
                if isinstance(activity, dict):
                    for name in ACTIVITY_FIELDS:
                        assert canary not in str(activity.get(name, "")), e
                    report.planted["activity_extra"] += canary in dumps(activity)
                if key in CARRIERS:
                    report.planted["carrier"] += canary in dumps(p)
                else:
                    for name in ("input", "args", "data", "output"):
                        assert canary not in dumps(p.get(name)), e
                if key and call and (activity is None or activity_ok(activity)):
                    cards.add(call)
            elif type_.startswith("message."):
                for name in ("messageId", "delta", "text"):
                    assert canary not in dumps(p.get(name)), e
                extras = {
                    k: v
                    for k, v in p.items()
                    if k not in ("messageId", "delta", "text", "toolCalls")
                }
                report.planted["message_provider"] += canary in dumps(extras)
                for entry in p.get("toolCalls") or []:
                    valid = (
                        isinstance(entry, dict)
                        and isinstance(first(entry, "toolKey", "key"), str)
                        and isinstance(first(entry, "callId", "toolCallId"), str)
                        and entry.get("status") in CARD_STATUSES
                    )
                    if not valid:
                        report.planted["invalid_tool_call"] += canary in dumps(entry)
                    elif first(entry, "toolKey", "key") in CARRIERS:
                        report.planted["carrier_tool_call"] += canary in dumps(entry)
                    else:
                        assert canary not in dumps(entry), e
            elif type_ in KNOWN_TYPES or type_.startswith(("artifact.", "preview.")):
                # session, activity, artifact and run payloads are forwarded as received
                assert canary not in dumps(p), e
            else:
                report.planted["unknown_type"] += canary in dumps(p)
    return report


def test_canary_only_where_forwarding_is_forbidden(big: Traffic) -> None:
    report = check_canaries(big.sessions(), "CANARY")
    for place in (
        "envelope",
        "unmarked_or_malformed",
        "cot_extra",
        "activity_extra",
        "carrier",
        "message_provider",
        "invalid_tool_call",
        "carrier_tool_call",
        "unknown_type",
    ):
        assert report.planted[place] > 0, (place, report.planted)
    # every kind of unsafe summary shows up at the default rate
    for marker_group in (
        ("X-Amz-Signature", "X-Goog-Signature", "sig=", "signature=", "token="),
        ("sk-live-", "Bearer ", "password=", "ghp_", "AKIA", "eyJ", "PRIVATE KEY"),
        ("/home/", "/etc/", "/var/", "C:\\", "\\\\", "file://", ".internal", ".corp", ".local"),
        ("<|im_start|>", "<|system|>", "[INST]", "system prompt"),
        ('"role"', '"choices"', '"thinking"'),
        ("unknown_card",),
    ):
        assert any(report.unsafe[m] for m in marker_group), (marker_group, report.unsafe)


def test_custom_canary_and_hostile_profile() -> None:
    profile = TrafficProfile(
        duplicate_rate=0.2,
        malformed_rate=0.2,
        violation_rate=0.5,
        tool_failure_rate=0.5,
        ineligible_rate=0.5,
        shuffle_window=32,
        canary="LEAKED7",
    )
    traffic = Traffic.parse(generate_events(60, seed=8, profile=profile))
    assert b"CANARY" not in b"".join(traffic.lines)
    assert all(b"LEAKED7" in line for line in traffic.malformed)
    check_canaries(traffic.sessions(), "LEAKED7")


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    sessions=st.integers(min_value=0, max_value=12),
    duplicate_rate=st.floats(0.0, 1.0),
    malformed_rate=st.floats(0.0, 1.0),
    violation_rate=st.floats(0.0, 1.0),
    shuffle_window=st.integers(0, 64),
    canary=st.from_regex(r"ZQ[A-Z0-9]{3,12}", fullmatch=True),
)
def test_invariants_hold_for_any_profile(
    seed: int,
    sessions: int,
    duplicate_rate: float,
    malformed_rate: float,
    violation_rate: float,
    shuffle_window: int,
    canary: str,
) -> None:
    profile = TrafficProfile(
        duplicate_rate=duplicate_rate,
        malformed_rate=malformed_rate,
        violation_rate=violation_rate,
        shuffle_window=shuffle_window,
        canary=canary,
    )
    lines = list(generate_events(sessions, seed=seed, profile=profile))
    assert lines == list(generate_events(sessions, seed=seed, profile=profile))
    traffic = Traffic.parse(lines)
    assert len(traffic.copies) == sessions
    for by_seq in traffic.copies.values():
        assert sorted(by_seq) == list(range(len(by_seq)))
        assert all(len(set(copies)) == 1 for copies in by_seq.values())
    assert all(canary.encode() in line for line in traffic.malformed)
    check_canaries(traffic.sessions(), canary)
