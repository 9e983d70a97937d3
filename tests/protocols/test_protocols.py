"""The protocol adapters (pipeline.protocols) over the shared fixtures and a generated run.

The client libraries themselves check the streams in clients/conformance (make test-node);
these tests check what needs no library: ids and resume points (no gap, no repeat), that
nothing but the clean stream's own content appears, and the mapping decisions the docs
promise (expired approvals are never denials, redacted cards stay empty).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from pipeline.config import PipelineConfig
from pipeline.dev.generate import generate_file
from pipeline.filemode import process_file
from pipeline.protocols import (
    InvalidResumePoint,
    ProtocolStream,
    ResumePoint,
    parse_resume_point,
)
from pipeline.protocols.tool import ProtocolToolError, read_sessions, write_streams
from tests.conftest import FIXTURES

PROTOCOLS = ("ag-ui", "ai-sdk")
FIXTURE_FILES = sorted(FIXTURES.glob("*.expected.jsonl"))

# Strings a frame may carry that are not taken from the clean events: protocol vocabulary.
VOCABULARY = {
    "assistant",
    "reasoning",
    "tool",
    "tool_card",
    "stop",
    "other",
    "error",
    "failed",
    "skipped",
    "approval expired",
}
PROTOCOL_KEYS = {
    "threadId",
    "runId",
    "messageId",
    "role",
    "delta",
    "toolCallId",
    "toolCallName",
    "content",
    "activityType",
    "replace",
    "name",
    "value",
    "stepName",
    "metadata",
    "timestamp",
    "message",
    "code",
    "id",
    "providerMetadata",
    "chao",
    "toolName",
    "input",
    "output",
    "errorText",
    "dynamic",
    "providerExecuted",
    "approvalId",
    "data",
    "messageMetadata",
    "sessionId",
    "finishReason",
    "partial",
}
# Ids an adapter derives from clean ids (prefix or suffix, never other text).
DERIVED_ID = re.compile(r"\A(tool-card|tool-result|activity|artifact|reasoning):|@\d+\Z|:\d+\Z")


def sessions_of(path: Path) -> dict[str, list[dict[str, Any]]]:
    return read_sessions(str(path))


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    root = tmp_path_factory.mktemp("generated")
    generate_file(root / "raw.jsonl", 120, seed=16)
    process_file(str(root / "raw.jsonl"), root / "out", PipelineConfig(), progress=False)
    return sessions_of(root / "out" / "session-events.jsonl")


def all_sessions(generated: dict[str, list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    out = [events for path in FIXTURE_FILES for events in sessions_of(path).values()]
    return out + list(generated.values())


def strings(value: Any) -> list[str]:
    """The string values in a frame (keys aside: they are the protocol's field names or
    keys of clean data, checked with the values below them)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def keys(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [k for key, v in value.items() for k in [key, *keys(v)]]
    if isinstance(value, list):
        return [k for v in value for k in keys(v)]
    return []


def clean_strings(events: list[dict[str, Any]]) -> set[str]:
    """Every string of the clean events, plus the JSON text of every value (tool input and
    output travel as JSON text in AG-UI)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        found.add(orjson.dumps(value).decode())
        if isinstance(value, dict):
            for key, item in value.items():
                found.add(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(value)

    for event in events:
        walk(event)
    return found


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_nothing_but_the_clean_stream_appears(
    protocol: str, generated: dict[str, list[dict[str, Any]]]
) -> None:
    checked = 0
    for events in all_sessions(generated):
        allowed = clean_strings(events) | VOCABULARY
        for frame in ProtocolStream(protocol).resume(events):
            data = dict(frame.data)
            kind = data.pop("type")
            assert re.fullmatch(r"[A-Z_]+|[a-z-]+|data-chao-[a-z]+", kind)
            for text in strings(data):
                if text in allowed:
                    continue
                if DERIVED_ID.search(text) and any(part in allowed for part in _id_parts(text)):
                    continue
                raise AssertionError(f"{protocol}: {text!r} is not from the clean stream")
            for key in keys(data):
                assert key in allowed or key in PROTOCOL_KEYS, key
            checked += 1
    assert checked > 1000


def _id_parts(text: str) -> list[str]:
    stripped = re.sub(r"\A(tool-card|tool-result|activity|artifact|reasoning):", "", text)
    return [stripped, re.sub(r"(@\d+|:\d+)\Z", "", stripped)]


@pytest.mark.parametrize("protocol", [*PROTOCOLS, "clean"])
def test_resume_after_every_frame_has_no_gap_and_no_repeat(
    protocol: str, generated: dict[str, list[dict[str, Any]]]
) -> None:
    resumes = 0
    for events in all_sessions(generated)[:60]:
        full = ProtocolStream(protocol).resume(events)
        ids = [frame.id for frame in full]
        assert all(frame_id is not None for frame_id in ids)
        assert len(set(ids)) == len(ids)
        for position, frame in enumerate(full):
            assert frame.seq is not None and frame.index is not None
            point = ResumePoint(frame.seq, None if frame.last else frame.index)
            assert parse_resume_point(frame.id or "") == point
            resumed = ProtocolStream(protocol).resume(events, point)
            with_ids = [f for f in resumed if f.id is not None]
            preamble = resumed[: len(resumed) - len(with_ids)]
            assert all(f.id is None for f in preamble)  # the preamble comes first, id-less
            assert [f.id for f in with_ids] == ids[position + 1 :]
            assert [f.data for f in with_ids] == [f.data for f in full[position + 1 :]]
            resumes += 1
    assert resumes > 500


@pytest.mark.parametrize("protocol", [*PROTOCOLS, "clean"])
def test_live_feeding_gives_the_same_frames_as_the_trace(
    protocol: str, generated: dict[str, list[dict[str, Any]]]
) -> None:
    for events in all_sessions(generated):
        whole = ProtocolStream(protocol).resume(events)
        live = ProtocolStream(protocol)
        fed = live.resume(events[:3])
        for event in events[3:]:
            fed += live.feed(event)
            assert live.feed(event) == []  # a repeat (at-least-once) adds nothing
        assert [(f.id, f.data) for f in fed] == [(f.id, f.data) for f in whole]


def test_resume_with_later_live_events() -> None:
    events = sessions_of(FIXTURES / "basic.expected.jsonl")["s-basic"]
    whole = ProtocolStream("ag-ui").resume(events)
    stream = ProtocolStream("ag-ui")
    got = stream.resume(events[:10], parse_resume_point("9"))
    for event in events[10:]:
        got += stream.feed(event)
    ids = [f.id for f in whole]
    assert [f.id for f in got if f.id is not None] == ids[ids.index("9") + 1 :]
    preamble = [f.data["type"] for f in got if f.id is None]
    assert preamble == ["RUN_STARTED", "STEP_STARTED", "REASONING_START", "TEXT_MESSAGE_START"]


def frames_of(protocol: str, name: str, session: str) -> list[dict[str, Any]]:
    events = sessions_of(FIXTURES / f"{name}.expected.jsonl")[session]
    return [f.data for f in ProtocolStream(protocol).resume(events)]


def test_ag_ui_runs_open_and_close_around_everything() -> None:
    frames = frames_of("ag-ui", "tools", "s-tools")
    kinds = [f["type"] for f in frames]
    assert kinds[0] == "RUN_STARTED" and kinds[-1] == "RUN_ERROR"
    cards = {
        f["content"]["callId"]: f["content"] for f in frames if f["type"] == "ACTIVITY_SNAPSHOT"
    }
    assert cards["c3"]["approval"] == "expired" and cards["c3"]["status"] == "skipped"
    assert cards["c2"]["approval"] == "rejected"
    basic = [f["type"] for f in frames_of("ag-ui", "basic", "s-basic")]
    # message.completed settles the run; the settlement after it re-opens the same run
    assert basic[-3:] == ["RUN_STARTED", "CUSTOM", "RUN_FINISHED"]
    assert basic.count("RUN_FINISHED") == 2


def test_ai_sdk_expired_approval_is_never_a_denial() -> None:
    frames = frames_of("ai-sdk", "tools", "s-tools")
    denied = [f["toolCallId"] for f in frames if f["type"] == "tool-output-denied"]
    assert denied == ["c2"]  # the human rejection only
    errors = {f["toolCallId"]: f["errorText"] for f in frames if f["type"] == "tool-output-error"}
    assert errors["c3"] == "approval expired"
    approvals = [f["toolCallId"] for f in frames if f["type"] == "tool-approval-request"]
    assert approvals == ["c1", "c2", "c3"]
    assert all(f.get("providerExecuted") for f in frames if f["type"].startswith("tool-input"))


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_redacted_cards_stay_empty(protocol: str) -> None:
    frames = frames_of(protocol, "policy", "s-policy")
    about_t1 = [f for f in frames if "t1" in strings(f)]
    assert about_t1
    for frame in about_t1:
        assert frame["type"] not in ("TOOL_CALL_ARGS", "TOOL_CALL_RESULT")
        if frame["type"] in ("tool-input-available", "tool-output-available"):
            assert frame.get("input") is None and frame.get("output") is None
        card = frame.get("content") or (frame.get("data") or {}).get("data")
        if isinstance(card, dict) and "redacted" in card:
            assert card["redacted"] is True and card["input"] is None and card["output"] is None


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_completed_text_adds_only_what_was_not_streamed(protocol: str) -> None:
    events = [
        _event(0, "message.delta", "message", {"messageId": "m", "delta": "Hel"}),
        _event(1, "message.completed", "message", {"messageId": "m", "text": "Hello"}, True),
        _event(2, "message.completed", "message", {"messageId": "n", "text": "Bye"}, True),
    ]
    frames = [f.data for f in ProtocolStream(protocol).resume(events)]
    deltas = [f["delta"] for f in frames if f["type"] in ("TEXT_MESSAGE_CONTENT", "text-delta")]
    assert deltas == ["Hel", "lo", "Bye"]


def _event(
    seq: int, etype: str, family: str, data: dict[str, Any], terminal: bool = False
) -> dict[str, Any]:
    return {
        "eventId": f"e{seq}",
        "type": etype,
        "sessionId": "s",
        "runId": "r",
        "seq": seq,
        "ts": "2026-12-02T10:00:00Z",
        "family": family,
        "terminal": terminal,
        "data": data,
    }


def test_a_run_that_comes_back_is_a_new_ai_sdk_message() -> None:
    events = [
        _event(0, "message.delta", "message", {"messageId": "m", "delta": "a"}),
        {**_event(1, "message.delta", "message", {"messageId": "n", "delta": "b"}), "runId": "q"},
        _event(2, "message.delta", "message", {"messageId": "m", "delta": "c"}),
    ]
    frames = [f.data for f in ProtocolStream("ai-sdk").resume(events)]
    assert [f["messageId"] for f in frames if f["type"] == "start"] == ["r", "q", "r@2"]


@pytest.mark.parametrize("text", ["", "x", "-1", "1:", ":1", "1:2:3", "1.5", "9007199254740992"])
def test_invalid_resume_points_name_the_field(text: str) -> None:
    with pytest.raises(InvalidResumePoint) as caught:
        parse_resume_point(text, "after")
    assert caught.value.field == "after"
    assert str(caught.value) == str(InvalidResumePoint("after"))  # never echoes the value


def test_cli_writes_sse_and_jsonl(tmp_path: Path) -> None:
    source = FIXTURES / "basic.expected.jsonl"
    out = io.BytesIO()
    write_streams(str(source), out, protocol="ai-sdk")
    blocks = out.getvalue().decode().split("\n\n")
    assert blocks[0].startswith("id: 0:0\ndata: {")
    assert out.getvalue().endswith(b"\n\n")
    out = io.BytesIO()
    write_streams(str(source), out, protocol="ag-ui", fmt="jsonl", resume_points="seqs")
    records = [orjson.loads(line) for line in out.getvalue().splitlines()]
    streams = [r["after"] for r in records if r.get("stream")]
    assert streams == [None, *(str(seq) for seq in range(14))]
    # after the last seq (13) the run is closed and nothing follows: no frame at all
    assert {r["after"] for r in records if "frame" in r} == {None, *map(str, range(13))}
    with pytest.raises(ProtocolToolError):
        write_streams(str(FIXTURES / "policy.expected.jsonl"), io.BytesIO(), protocol="ag-ui")
