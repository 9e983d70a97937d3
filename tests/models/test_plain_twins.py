"""The plain-Python twins of the input models accept exactly what the models accept.

The hot path validates with hand-written twins (``envelope_values``, ``cot_*_values``,
``activity_values``, ``message_values``) and runs a pydantic model only to name the field
of an invalid record. These tests are what makes that safe: for JSON input, a twin returns
None exactly when its model raises, and otherwise the very values, in the same key order,
that the model dumps. Boundary values are read from the models' JSON Schemas, so the tests
follow a changed bound; every field gets each of them in turn, then hypothesis mixes them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from pipeline.models import envelope
from pipeline.models.envelope import (
    _RFC3339_ASCII,
    _SESSION_ID,
    MAX_SEQ,
    RawEnvelope,
    envelope_values,
    has_rfc3339_shape,
    is_rfc3339,
    is_session_id,
)
from pipeline.models.payloads import (
    COT_DISPLAY_MODELS,
    COT_DISPLAY_VALUES,
    Activity,
    CotCompleted,
    CotPhase,
    CotStep,
    CotToolReasoning,
    MessagePayload,
    activity_values,
    message_values,
)

TS = "2026-12-02T10:00:00Z"
VALID: dict[type[BaseModel], dict[str, Any]] = {
    RawEnvelope: {
        "eventId": "e1",
        "type": "cot.step",
        "sessionId": "s1",
        "runId": "r1",
        "seq": 0,
        "ts": "2026-12-02T10:00:00.123Z",
        "stepId": "st1",
        "payload": {"a": [1, {"b": None}]},
    },
    CotStep: {
        "stepId": "r1",
        "summary": "Checking the calendar",
        "phase": "planning",
        "ts": TS,
        "toolCallId": "c1",
    },
    CotPhase: {"phase": "planning", "stepId": "r1", "ts": TS},
    CotToolReasoning: {
        "toolCallId": "c1",
        "summary": "The file is large",
        "stepId": "r1",
        "ts": TS,
    },
    CotCompleted: {"ts": TS},
    Activity: {
        "activityType": "tool_read",
        "origin": "chao",
        "label": "Reading",
        "detail": "page 1",
        "renderHint": "tool_card",
        "status": "active",
        "subjectType": "file",
        "subjectId": "f1",
    },
    MessagePayload: {"messageId": "m1", "delta": "Hel", "text": "Hello", "toolCalls": [{}]},
}

TIMESTAMPS = [
    TS,
    "2026-12-02T10:00:00.123Z",
    "2026-12-02t10:00:00z",
    "2026-12-02 10:00:00+01:00",
    "2026-12-02T10:00:00.123456789-05:30",
    "2026-12-02T10:00:00",
    "2026-12-02",
    "2026-13-01T00:00:00Z",
    "2026-02-30T10:00:00Z",
    "2026-12-02T10:00:00Z\n",
    "２026-12-02T10:00:00Z",
    "2026-12-02T10:00:00.٠23+01:30",  # a non-ASCII digit in the fraction
    "2026-12-0٢T10:00:00Z",
    "now",
]
IDS = ["s1", "sess.1:a_b-c", "bad id", "ünï", "s1\n", "\ns1", "a/b", "a" * 128, "a" * 129]
OTHER_VALUES: list[Any] = [None, True, False, 0, 1, -1, 1.0, 0.5, "", [], [1], {}, {"a": 1}]


def _schema_values(schema: Any, key: str) -> list[Any]:
    """Every value of ``key`` anywhere in a JSON Schema."""
    found: list[Any] = []
    if isinstance(schema, dict):
        for name, value in schema.items():
            if name == key:
                found.extend(value if isinstance(value, list) else [value])
            found += _schema_values(value, key)
    elif isinstance(schema, list):
        for item in schema:
            found += _schema_values(item, key)
    return found


@cache
def special_values(model: type[BaseModel], field: str) -> list[Any]:
    """Values at and around the field's bounds, its enum, and the usual suspects."""
    schema = model.model_json_schema()["properties"][field]
    lengths = _schema_values(schema, "minLength") + _schema_values(schema, "maxLength")
    numbers = _schema_values(schema, "minimum") + _schema_values(schema, "maximum")
    return [
        *("x" * (n + d) for n in lengths for d in (-1, 0, 1) if n + d >= 0),
        *(n + d for n in numbers for d in (-1, 0, 1)),
        *(float(n) for n in numbers),
        *_schema_values(schema, "enum"),
        *(value.upper() for value in _schema_values(schema, "enum")),
        *TIMESTAMPS,
        *IDS,
        *OTHER_VALUES,
        MAX_SEQ + 1,
        2**63,
        2**64 - 1,
    ]


def as_json(value: Any) -> Any:
    """What the pipeline sees: the value after a trip through JSON."""
    return orjson.loads(orjson.dumps(value))


def dumped(model: type[BaseModel], data: Any, *, exclude_none: bool) -> dict[str, Any] | None:
    try:
        return model.model_validate(data).model_dump(exclude_none=exclude_none)
    except ValidationError:
        return None


def _envelope_twin(data: Any) -> dict[str, Any] | None:
    values = envelope_values(data)
    return None if values is None else dict(zip(RawEnvelope.model_fields, values, strict=True))


# (model, twin, whether the stages take the dump without None values)
TWINS: list[tuple[type[BaseModel], Callable[[Any], dict[str, Any] | None], bool]] = [
    (RawEnvelope, _envelope_twin, False),
    *((COT_DISPLAY_MODELS[t], twin, True) for t, twin in COT_DISPLAY_VALUES.items()),
    (Activity, activity_values, False),
    (MessagePayload, message_values, True),
]
TWIN_IDS = [model.__name__ for model, _, _ in TWINS]


def assert_twin_matches(
    model: type[BaseModel], twin: Callable[[Any], Any], exclude_none: bool, data: Any
) -> None:
    data = as_json(data)
    expected = dumped(model, data, exclude_none=exclude_none)
    result = twin(data)
    assert result == expected
    if expected is not None:
        assert list(result) == list(expected)  # key order too: it is the output's order


def test_every_cot_type_has_a_twin() -> None:
    assert set(COT_DISPLAY_VALUES) == set(COT_DISPLAY_MODELS)


@pytest.mark.parametrize(("model", "twin", "exclude_none"), TWINS, ids=TWIN_IDS)
def test_twin_matches_the_model_field_by_field(
    model: type[BaseModel], twin: Callable[[Any], Any], exclude_none: bool
) -> None:
    base = VALID[model]
    assert twin(as_json(base)) is not None
    for field in model.model_fields:
        without = {k: v for k, v in base.items() if k != field}
        assert_twin_matches(model, twin, exclude_none, without)
        for value in special_values(model, field):
            assert_twin_matches(model, twin, exclude_none, {**base, field: value})


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=("Cs",)), max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=5,
)


@cache
def near_valid(model: type[BaseModel]) -> st.SearchStrategy[dict[str, Any]]:
    """The model's valid example with some fields dropped or replaced, and unknown keys."""
    base = VALID[model]
    fields = list(model.model_fields)
    replacement = {f: st.sampled_from(special_values(model, f)) | json_values for f in fields}
    return st.builds(
        lambda drop, replace, extra: {
            **{k: v for k, v in base.items() if k not in drop},
            **replace,
            **extra,
        },
        st.sets(st.sampled_from(fields), max_size=2),
        st.fixed_dictionaries({}, optional=replacement),
        st.dictionaries(st.sampled_from(["extra", "disclosure", "Ts"]), json_values, max_size=1),
    )


@pytest.mark.parametrize(("model", "twin", "exclude_none"), TWINS, ids=TWIN_IDS)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_twin_matches_the_model_on_mixed_changes(
    model: type[BaseModel], twin: Callable[[Any], Any], exclude_none: bool, data: st.DataObject
) -> None:
    assert_twin_matches(model, twin, exclude_none, data.draw(near_valid(model)))


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_activity_twin_matches_the_model_on_any_json(raw: Any) -> None:
    assert_twin_matches(Activity, activity_values, False, raw)


def test_timestamps_take_ascii_digits_only() -> None:
    assert is_rfc3339("2026-12-02T10:00:00.023+01:30")
    assert not is_rfc3339("2026-12-02T10:00:00.٠23+01:30")
    assert not is_rfc3339("2026-12-0٢T10:00:00Z")


@pytest.mark.parametrize("value", TIMESTAMPS)
def test_timestamp_check_matches_the_model(value: str) -> None:
    assert is_rfc3339(value) is (dumped(CotCompleted, {"ts": value}, exclude_none=True) is not None)


# Text that is nearly a timestamp: its characters, look-alike digits, and a few others.
timestamp_like = st.text(st.sampled_from("0123456789-:.TtZz +\n٢２x"), max_size=36) | st.builds(
    lambda value, at, char: value[:at] + char + value[at + 1 :],
    st.sampled_from(TIMESTAMPS),
    st.integers(0, 40),
    st.sampled_from(["", "0", "9", "-", ":", ".", "T", "t", " ", "Z", "+", "٢", "00", "\n"]),
)


@settings(max_examples=2000, deadline=None)
@given(timestamp_like)
def test_timestamp_shape_check_matches_the_regex(value: str) -> None:
    assert has_rfc3339_shape(value) is (_RFC3339_ASCII.match(value) is not None)


@pytest.mark.parametrize("value", TIMESTAMPS)
def test_timestamp_shape_check_matches_the_regex_on_the_examples(value: str) -> None:
    assert has_rfc3339_shape(value) is (_RFC3339_ASCII.match(value) is not None)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(IDS) | st.text(st.sampled_from("aZ09._:-/ \nü"), max_size=130))
def test_session_id_check_matches_the_pattern_remembered_or_not(value: str) -> None:
    expected = _SESSION_ID.match(value) is not None
    assert is_session_id(value) is expected
    assert is_session_id(value) is expected  # now remembered, if valid
    assert (value in envelope._VALID_SESSION_IDS) is expected


def test_remembered_session_ids_are_bounded() -> None:
    for n in range(envelope.MAX_REMEMBERED_SESSION_IDS + 10):
        assert is_session_id(f"s-{n}")
        assert len(envelope._VALID_SESSION_IDS) <= envelope.MAX_REMEMBERED_SESSION_IDS
    assert not is_session_id("s 1")
