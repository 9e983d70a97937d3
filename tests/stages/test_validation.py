"""Stage 1 edge cases: every rejection names a field, never a value."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from pipeline import Pipeline, PipelineConfig, Source
from pipeline.models.envelope import check_rfc3339
from pipeline.stages.types import StagedEvent

SRC = Source("t", 3, 42)
BASE: dict[str, Any] = {
    "eventId": "e1",
    "type": "message.delta",
    "sessionId": "s1",
    "seq": 0,
    "ts": "2026-12-02T10:00:00Z",
    "payload": {"messageId": "m", "delta": "x"},
}


def stage(raw: bytes, config: PipelineConfig | None = None) -> Any:
    return Pipeline(config).stage(raw, SRC)


def rejection_of(result: Any) -> tuple[str, str, str | None]:
    if isinstance(result, StagedEvent):
        assert result.rejection is not None
        return tuple(result.rejection)  # type: ignore[return-value]
    return (result["stage"], result["reason"], result["detail"])


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"not json", "invalid_json"),
        (b"[1,2]", "invalid_json"),
        (b'"a string"', "invalid_json"),
        (b"\xff\xfe{}", "invalid_json"),
        (b'{"a": NaN}', "invalid_json"),
        (b"[" * 5000 + b"]" * 5000, "invalid_json"),
        (b'{"a": 1e400}', "invalid_json"),
    ],
)
def test_unparseable_records_are_invalid_json(raw: bytes, reason: str) -> None:
    result = stage(raw)
    assert rejection_of(result) == ("validation", reason, None)
    assert result["source"] == {"topic": "t", "partition": 3, "offset": 42}


def test_record_over_the_size_limit_is_rejected_unread() -> None:
    record = orjson.dumps({**BASE, "payload": {"messageId": "m", "delta": "x" * (1 << 20)}})
    result = stage(record)
    assert rejection_of(result) == ("validation", "too_large", None)
    assert result["eventId"] is None  # not read, so nothing taken from it


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("eventId", ""),
        ("eventId", "x" * 129),
        ("eventId", 7),
        ("type", None),
        ("sessionId", "has space"),
        ("sessionId", "x" * 129),
        ("runId", 5),
        ("seq", -1),
        ("seq", 2**53),
        ("seq", True),
        ("seq", 1.0),
        ("seq", "1"),
        ("ts", "2026-12-02"),
        ("ts", 1733133600),
        ("stepId", ""),
        ("payload", [1]),
        ("payload", None),
    ],
)
def test_invalid_envelope_names_the_field(field: str, value: Any) -> None:
    secret = "QZXsecret"
    record = {**BASE, field: value, "extra": secret}
    result = stage(orjson.dumps(record))
    assert rejection_of(result) == ("validation", "invalid_envelope", field)
    assert secret not in str(result)


def test_missing_field_is_named() -> None:
    record = {k: v for k, v in BASE.items() if k != "ts"}
    assert rejection_of(stage(orjson.dumps(record))) == ("validation", "invalid_envelope", "ts")


def test_dead_letter_copies_only_fields_that_are_themselves_valid() -> None:
    record = {**BASE, "seq": "zero", "sessionId": "bad id"}
    result = stage(orjson.dumps(record))
    assert result["eventId"] == "e1" and result["type"] == "message.delta"
    assert result["seq"] is None and result["sessionId"] is None


@pytest.mark.parametrize(
    ("event_type", "payload", "detail"),
    [
        ("message.delta", {"delta": "x"}, "messageId"),
        ("message.delta", {"messageId": "m"}, "delta"),
        ("message.delta", {"messageId": "m", "delta": 5}, "delta"),
        ("message.completed", {"messageId": "m", "text": ["x"]}, "text"),
        ("message.completed", {"messageId": "m", "toolCalls": {"a": 1}}, "toolCalls"),
        ("message.completed", {"messageId": "x" * 129}, "messageId"),
    ],
)
def test_invalid_message_payload(event_type: str, payload: dict[str, Any], detail: str) -> None:
    result = stage(orjson.dumps({**BASE, "type": event_type, "payload": payload}))
    assert rejection_of(result) == ("validation", "invalid_payload", detail)


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        ({"callId": "c"}, "missing_tool_key"),
        ({"toolKey": 5, "callId": "c"}, "missing_tool_key"),
        ({"toolKey": "k"}, "missing_call_id"),
        ({"toolKey": "k", "callId": ""}, "missing_call_id"),
        ({"toolKey": "k", "callId": "c", "activity": "text"}, "invalid_activity"),
        (
            {"toolKey": "k", "callId": "c", "activity": {"activityType": "a", "label": "l"}},
            "invalid_activity",
        ),
        (
            {
                "toolKey": "k",
                "callId": "c",
                "activity": {"activityType": "a", "label": "x" * 501, "status": "active"},
            },
            "invalid_activity",
        ),
    ],
)
def test_tool_normalization_rejections(payload: dict[str, Any], reason: str) -> None:
    result = stage(orjson.dumps({**BASE, "type": "tool.progress", "payload": payload}))
    assert rejection_of(result) == ("normalization", reason, None)


def test_configured_reasoning_carrier_is_redacted() -> None:
    config = PipelineConfig(reasoning_carriers=("notes.think",))
    payload = {"toolKey": "notes.think", "callId": "c", "input": "raw", "output": "raw"}
    result = stage(orjson.dumps({**BASE, "type": "tool.completed", "payload": payload}), config)
    assert result.data["redacted"] is True
    assert result.data["input"] is None and result.data["output"] is None


@pytest.mark.parametrize(
    "value",
    [
        "2026-12-02T10:00:00Z",
        "2026-12-02T10:00:00.123Z",
        "2026-12-02t10:00:00z",
        "2026-12-02 10:00:00+01:00",
        "2026-12-02T10:00:00.123456789-05:30",
    ],
)
def test_rfc3339_accepts(value: str) -> None:
    assert check_rfc3339(value) == value


@pytest.mark.parametrize(
    "value",
    ["2026-12-02", "2026-12-02T10:00:00", "2026-13-01T00:00:00Z", "2026-02-30T10:00:00Z", "now"],
)
def test_rfc3339_rejects(value: str) -> None:
    with pytest.raises(ValueError):
        check_rfc3339(value)
