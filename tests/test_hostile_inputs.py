"""Bad input at scale: no record crashes a stage, every hostile record ends in a dead letter
(with a reason from the contract and a detail that names a field, never a value) or, where
the contract says so, as an ordered placeholder whose dead letter comes in its turn.

Three layers: a table of hand-made hostile records with their exact outcome, hypothesis
fuzzing of the envelope decoder, of every stage function and of the whole chain, and a
bounded corpus (``test_hostile_corpus``) whose counts RELIABILITY.md reports. Every output
is serialised with orjson and validated against the clean and dead-letter models, since a
record the stages accept but no serialiser can write (nesting past orjson's 254 levels)
is a crash too, only later.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from pipeline import Pipeline, PipelineConfig, Source
from pipeline.detectors import DETECTOR_NAMES
from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.models.clean import REASONS_BY_STAGE, CleanEvent, DeadLetter
from pipeline.models.envelope import ENVELOPE_FIELDS
from pipeline.stages.ordering import CLEAN, DEAD_LETTER, SessionState
from pipeline.stages.policy import screen_reasoning
from pipeline.stages.shape import KNOWN_PAYLOAD_FIELDS, duplicate_key, nested_deeper_than
from pipeline.stages.tools import normalize_tool_calls, normalize_tool_event
from pipeline.stages.types import FAMILY_BY_TYPE, Rejection, StagedEvent
from tests.test_properties import envelope_like

MIB = 1 << 20
TS = "2026-12-02T10:00:00Z"
CANARY = "QZXhostileCANARY"
CLEAN_EVENT: TypeAdapter[Any] = TypeAdapter(CleanEvent)
ALLOWED_DETAILS = {None, "payload", *ENVELOPE_FIELDS, *KNOWN_PAYLOAD_FIELDS, *DETECTOR_NAMES}
REASON_STAGE = {reason: stage for stage, reasons in REASONS_BY_STAGE.items() for reason in reasons}


def envelope(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "eventId": "e1",
        "type": "artifact.created",
        "sessionId": "s1",
        "seq": 0,
        "ts": TS,
        "payload": {},
    }
    base.update(fields)
    return base


def nested(depth: int, leaf: bytes = b"1") -> bytes:
    """JSON text of ``depth`` nested arrays around ``leaf`` (orjson can't write these)."""
    return b"[" * depth + leaf + b"]" * depth


def with_payload_value(env: dict[str, Any], key: str, raw_value: bytes) -> bytes:
    """The envelope's JSON with ``payload[key]`` replaced by raw JSON text."""
    marker = "@@RAW@@"
    text = orjson.dumps({**env, "payload": {**env["payload"], key: marker}})
    return text.replace(orjson.dumps(marker), raw_value)


# -- checks every test applies to every output ------------------------------------------------


def check_outputs(outputs: list[tuple[str, dict[str, Any]]], *, forbidden: str = CANARY) -> None:
    """Writable, conform to the models, reasons of the contract, details from the list of
    field names, and no planted value in a dead letter (the canary only ever sits where a
    dead letter must not copy from; clean events may forward it, e.g. an artifact payload)."""
    for kind, record in outputs:
        text = orjson.dumps(record)  # must be writable: a later crash is a crash
        if kind == CLEAN:
            assert CLEAN_EVENT.validate_python(record).model_dump(exclude_unset=True) == record
        else:
            assert kind == DEAD_LETTER
            assert DeadLetter.model_validate(record).model_dump() == record
            assert REASON_STAGE[record["reason"]] == record["stage"]
            assert record["detail"] in ALLOWED_DETAILS, record
            assert not forbidden or forbidden.encode() not in text, record


def run(lines: list[bytes], config: PipelineConfig | None = None) -> tuple[Pipeline, list[Any]]:
    pipeline = Pipeline(config, clock=lambda: 0.0)
    outputs: list[Any] = []
    for offset, line in enumerate(lines, start=1):
        outputs += pipeline.process(line, Source("hostile", 0, offset))
    outputs += pipeline.flush()
    check_outputs(outputs)
    # Every record ends exactly once: released, dead-lettered, duplicate or late.
    stats = pipeline.stats
    assert len(outputs) + stats.duplicates + stats.late == len(lines)
    assert stats.waiting == 0
    return pipeline, outputs


def outcome(raw: bytes, *, forbidden: str = CANARY) -> tuple[str, str | None, Any]:
    """(reason or "released", detail, placed): placed is True when the record kept its seq."""
    kind, record = single_output(raw, forbidden=forbidden)
    if kind == CLEAN:
        return "released", None, True
    # A placed record (ordered placeholder) has both a valid sessionId and a valid seq.
    return record["reason"], record["detail"], None not in (record["sessionId"], record["seq"])


def single_output(raw: bytes, *, forbidden: str = CANARY) -> tuple[str, dict[str, Any]]:
    """The one output of one record in a fresh pipeline (seq 0 or no place)."""
    pipeline = Pipeline(clock=lambda: 0.0)
    staged = pipeline.stage(raw, Source("hostile", 0, 1))
    if isinstance(staged, StagedEvent):
        # The wire forms downstream (re-key topic, state changelog) must be writable too.
        orjson.dumps(staged.to_wire())
        state = SessionState(next_seq=staged.seq + 1, waiting={staged.seq: staged})
        assert SessionState.from_wire(orjson.loads(orjson.dumps(state.to_wire()))) == state
    outputs = pipeline.offer(staged) if isinstance(staged, StagedEvent) else [(DEAD_LETTER, staged)]
    check_outputs(outputs, forbidden=forbidden)
    assert len(outputs) == 1
    return outputs[0]


# -- hand-made hostile records, each with its exact outcome ------------------------------------

SAFE_STEP = {"disclosure": "visible_reasoning_v1", "stepId": "a", "summary": "Fine"}
exactly_one_mib = orjson.dumps(envelope(type="message.delta", payload={"messageId": "m"}))
_pad = MIB - len(exactly_one_mib) - len(b',"delta":""')
exactly_one_mib = orjson.dumps(
    envelope(type="message.delta", payload={"messageId": "m", "delta": "x" * _pad})
)
assert len(exactly_one_mib) == MIB

HOSTILE: dict[str, tuple[bytes, tuple[str, str | None, bool]]] = {
    # size
    "exactly 1 MiB": (exactly_one_mib, ("released", None, True)),
    "1 MiB + 1": (exactly_one_mib[:-1] + b" }", ("too_large", None, False)),
    "1 MiB of whitespace": (b" " * MIB, ("invalid_json", None, False)),
    # not JSON / not UTF-8
    "empty": (b"", ("invalid_json", None, False)),
    "BOM": (b"\xef\xbb\xbf" + orjson.dumps(envelope()), ("invalid_json", None, False)),
    "NUL after the object": (orjson.dumps(envelope()) + b"\x00", ("invalid_json", None, False)),
    "two objects": (orjson.dumps(envelope()) * 2, ("invalid_json", None, False)),
    "invalid UTF-8 in a value": (
        orjson.dumps(envelope(payload={"t": "@"})).replace(b"@", b"\xc3\x28"),
        ("invalid_json", None, False),
    ),
    "overlong UTF-8": (
        orjson.dumps(envelope(payload={"t": "@"})).replace(b"@", b"\xc0\xaf"),
        ("invalid_json", None, False),
    ),
    "CESU surrogate bytes": (
        orjson.dumps(envelope(payload={"t": "@"})).replace(b"@", b"\xed\xa0\x80"),
        ("invalid_json", None, False),
    ),
    "lone high surrogate escape": (
        with_payload_value(envelope(), "t", b'"\\ud800"'),
        ("invalid_json", None, False),
    ),
    "lone low surrogate escape": (
        with_payload_value(envelope(), "t", b'"\\udc00x"'),
        ("invalid_json", None, False),
    ),
    "lone surrogate in a key": (
        orjson.dumps(envelope()).replace(b'"payload":{}', b'"payload":{"\\ud800":1}'),
        ("invalid_json", None, False),
    ),
    "surrogate pair escape (valid)": (
        with_payload_value(envelope(), "t", b'"\\ud83d\\ude00"'),
        ("released", None, True),
    ),
    "NUL escape in a payload string (valid)": (
        with_payload_value(envelope(), "t", b'"a\\u0000b"'),
        ("released", None, True),
    ),
    # numbers
    "NaN": (with_payload_value(envelope(), "n", b"NaN"), ("invalid_json", None, False)),
    "Infinity": (with_payload_value(envelope(), "n", b"Infinity"), ("invalid_json", None, False)),
    "-Infinity": (
        with_payload_value(envelope(), "n", b"-Infinity"),
        ("invalid_json", None, False),
    ),
    "1e400": (with_payload_value(envelope(), "n", b"1e400"), ("invalid_json", None, False)),
    "seq NaN": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":NaN'),
        ("invalid_json", None, False),
    ),
    "seq 1e3": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":1e3'),
        ("invalid_envelope", "seq", False),
    ),
    "seq 2^64": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":18446744073709551616'),
        ("invalid_envelope", "seq", False),
    ),
    "seq 10^30": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":' + b"1" + b"0" * 30),
        ("invalid_envelope", "seq", False),
    ),
    # nesting
    "10k nested arrays": (nested(10_000), ("invalid_json", None, False)),
    "10k nested objects": (b'{"a":' * 10_000 + b"1" + b"}" * 10_000, ("invalid_json", None, False)),
    "1025 levels": (nested(1025), ("invalid_json", None, False)),
    "1000 levels in the payload": (
        with_payload_value(envelope(), "a", nested(998)),
        ("invalid_json", None, True),
    ),
    "300 levels in a tool input (parses, orjson can't write it)": (
        with_payload_value(
            envelope(type="tool.started", payload={"toolKey": "k", "callId": "c"}),
            "input",
            nested(300),
        ),
        ("invalid_json", None, True),
    ),
    "129 levels: one over the limit": (
        with_payload_value(envelope(), "a", nested(127)),  # envelope 1 + payload 1 + 127
        ("invalid_json", None, True),
    ),
    "128 levels: at the limit": (
        with_payload_value(envelope(), "a", nested(126)),
        ("released", None, True),
    ),
    "300 levels in an unknown envelope field": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":0,"x":' + nested(300)),
        ("invalid_json", None, True),
    ),
    "deep message toolCalls entry": (
        with_payload_value(
            envelope(type="message.completed", payload={"messageId": "m"}),
            "toolCalls",
            b'[{"toolKey":"k","callId":"c","status":"completed","input":' + nested(200) + b"}]",
        ),
        ("invalid_json", None, True),
    ),
    # duplicate keys
    "duplicate seq": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":5,"seq":0'),
        ("invalid_envelope", "seq", True),
    ),
    "duplicate sessionId": (
        orjson.dumps(envelope()).replace(b'"sessionId":"s1"', b'"sessionId":"s0","sessionId":"s1"'),
        ("invalid_envelope", "sessionId", True),
    ),
    "duplicate type": (
        orjson.dumps(envelope()).replace(b'"type":', b'"type":"cot.step","type":'),
        ("invalid_envelope", "type", True),
    ),
    "duplicate eventId": (
        orjson.dumps(envelope()).replace(b'"eventId":', b'"eventId":"e0","eventId":'),
        ("invalid_envelope", "eventId", True),
    ),
    "duplicate payload": (
        orjson.dumps(envelope()).replace(b'"payload":', b'"payload":{"t":"x"},"payload":'),
        ("invalid_envelope", "payload", True),
    ),
    "duplicate key written with an escape": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":0,"\\u0073eq":0'),
        ("invalid_envelope", "seq", True),
    ),
    "duplicate summary (smuggling past the screen)": (
        orjson.dumps(envelope(type="cot.step", payload=SAFE_STEP)).replace(
            b'"summary":', b'"summary":"see /home/' + CANARY.encode() + b'/x","summary":'
        ),
        ("invalid_payload", "summary", True),
    ),
    "duplicate toolKey (carrier or not?)": (
        orjson.dumps(
            envelope(type="tool.started", payload={"toolKey": "bits.search", "callId": "c"})
        ).replace(b'"toolKey":', b'"toolKey":"thinking.emit","toolKey":'),
        ("invalid_payload", "toolKey", True),
    ),
    "duplicate arbitrary artifact key (named payload, never the key)": (
        orjson.dumps(envelope(payload={CANARY: 1})).replace(
            CANARY.encode() + b'":1', CANARY.encode() + b'":0,"' + CANARY.encode() + b'":1'
        ),
        ("invalid_payload", "payload", True),
    ),
    "duplicate inside activity": (
        orjson.dumps(
            envelope(
                type="tool.started",
                payload={
                    "toolKey": "k",
                    "callId": "c",
                    "activity": {"activityType": "t", "label": "L", "status": "active"},
                },
            )
        ).replace(b'"label":', b'"label":"Other","label":'),
        ("invalid_payload", "activity", True),
    ),
    "duplicate in an unknown envelope field (ignored with it)": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":0,"x":{"a":1,"a":2}'),
        ("released", None, True),
    ),
    "repeated unknown envelope field (ignored)": (
        orjson.dumps(envelope()).replace(b'"seq":0', b'"seq":0,"x":1,"x":2'),
        ("released", None, True),
    ),
    "pretty-printed, no repeats (slow path, no false alarm)": (
        orjson.dumps(envelope(payload={"a": [1, {"b": "c"}]}), option=orjson.OPT_INDENT_2),
        ("released", None, True),
    ),
    "escaped non-ASCII, no repeats": (
        orjson.dumps(envelope(payload={"t": "@"})).replace(b"@", b"\\u00e9"),
        ("released", None, True),
    ),
    # huge strings and wrong types in the envelope
    "eventId 129 chars": (
        orjson.dumps(envelope(eventId="e" * 129)),
        ("invalid_envelope", "eventId", True),
    ),
    "sessionId 129 chars": (
        orjson.dumps(envelope(sessionId="s" * 129)),
        ("invalid_envelope", "sessionId", False),
    ),
    "sessionId with a NUL": (
        orjson.dumps(envelope(sessionId="s\x00")),
        ("invalid_envelope", "sessionId", False),
    ),
    "ts with 900k fraction digits": (
        orjson.dumps(envelope(ts="2026-12-02T10:00:00." + "9" * 900_000 + "Z")),
        ("invalid_envelope", "ts", True),
    ),
    "payload is a 900k string": (
        orjson.dumps(envelope(payload="p" * 900_000)),
        ("invalid_envelope", "payload", True),
    ),
    "summary of 900k chars": (
        orjson.dumps(envelope(type="cot.step", payload={**SAFE_STEP, "summary": "s" * 900_000})),
        ("session_ineligible", None, True),  # rule 2 comes before rule 4 (malformed)
    ),
    "message text of 900k chars (valid)": (
        orjson.dumps(
            envelope(type="message.completed", payload={"messageId": "m", "text": "t" * 900_000})
        ),
        ("released", None, True),
    ),
    "200k toolCalls entries": (
        orjson.dumps(
            envelope(
                type="message.completed", payload={"messageId": "m", "toolCalls": [{}] * 200_000}
            )
        ),
        ("released", None, True),
    ),
    "60k payload keys": (
        orjson.dumps(envelope(payload={f"k{i}": i for i in range(60_000)})),
        ("released", None, True),
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_record(name: str) -> None:
    raw, expected = HOSTILE[name]
    assert outcome(raw) == expected


def test_too_large_in_file_mode_is_rejected_unread(tmp_path: Any) -> None:
    from pipeline.filemode import process_file

    path = tmp_path / "big.jsonl"
    path.write_bytes(exactly_one_mib + b"\n" + exactly_one_mib[:-1] + b" }\n" + b"x" * (3 * MIB))
    stats = process_file(str(path), tmp_path / "out", progress=False)
    dead = [
        orjson.loads(line)
        for line in (tmp_path / "out" / "dead-letter.jsonl").read_bytes().splitlines()
    ]
    assert [(d["reason"], d["source"]["offset"]) for d in dead] == [
        ("too_large", 2),
        ("too_large", 3),
    ]
    assert stats.released["message"] == 1


# -- wrong types in every field ------------------------------------------------------------------

WRONG_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    1.5,
    2**53,
    2**63 - 1,
    "",
    "x" * 2000,
    f"{CANARY} /home/{CANARY}",
    [],
    [CANARY],
    {},
    {"k": CANARY},
]
BASE_BY_TYPE: dict[str, dict[str, Any]] = {
    "session.started": {"visibleReasoning": "eligible"},
    "cot.step": {**SAFE_STEP, "phase": "p", "ts": TS, "toolCallId": "c"},
    "cot.phase": {"disclosure": "visible_reasoning_v1", "phase": "p", "stepId": "a", "ts": TS},
    "cot.tool.reasoning": {"disclosure": "visible_reasoning_v1", "toolCallId": "c", "summary": "S"},
    "cot.completed": {"disclosure": "visible_reasoning_v1", "ts": TS},
    "capability.resolved": {"capability": "x"},
    "tool.started": {
        "toolKey": "bits.search",
        "callId": "c",
        "input": {"q": "x"},
        "activity": {"activityType": "t", "label": "L", "status": "active", "detail": "d"},
    },
    "tool.approval_response": {"key": "mail.send", "toolCallId": "c", "approved": True},
    "tool.completed": {"toolKey": "thinking.emit", "callId": "c", "output": "o", "data": "d"},
    "message.delta": {"messageId": "m", "delta": "d"},
    "message.completed": {
        "messageId": "m",
        "text": "t",
        "toolCalls": [
            {"toolKey": "k", "callId": "c", "status": "completed", "approval": "approved"}
        ],
    },
    "artifact.updated": {"title": "T"},
    "run.failed": {"error": "E"},
}


def eligible_session_then(event: dict[str, Any]) -> list[bytes]:
    """An eligible session whose seq 1 is ``event`` (so cot rules 3-6 are reached)."""
    start = envelope(type="session.started", eventId="e0", payload={"visibleReasoning": "eligible"})
    card = envelope(
        type="tool.started", eventId="e1", seq=1, payload={"toolKey": "k", "callId": "c"}
    )
    return [orjson.dumps(start), orjson.dumps(card), orjson.dumps({**event, "seq": 2})]


@pytest.mark.parametrize("field", ENVELOPE_FIELDS)
def test_wrong_type_in_every_envelope_field(field: str) -> None:
    checked = 0
    for value in WRONG_VALUES:
        record = envelope(type="message.delta", payload={"messageId": "m", "delta": "d"})
        record[field] = value
        # Valid envelope fields are metadata a dead letter carries: no canary check here.
        kind, out = single_output(orjson.dumps(record), forbidden="")
        reason, detail = (out["reason"], out["detail"]) if kind == DEAD_LETTER else ("", None)
        optional = field in ("runId", "stepId")
        valid = (
            (field == "type" and isinstance(value, str))
            or (field == "seq" and type(value) is int and 0 <= value < 2**53)
            or (field == "payload" and isinstance(value, dict))
            or (
                field in ("eventId", "runId", "stepId")
                and isinstance(value, str)
                and 0 < len(value) <= 128
            )
            or (optional and value is None)
        )
        if not valid:
            assert (reason, detail) == ("invalid_envelope", field), value
            if field in ("eventId", "sessionId", "seq", "type"):
                assert out[field] is None  # an invalid field's value is never copied
            checked += 1
    assert checked >= 8


@pytest.mark.parametrize("event_type", list(BASE_BY_TYPE))
def test_wrong_type_in_every_payload_field(event_type: str) -> None:
    family = FAMILY_BY_TYPE.get(event_type, "artifact")
    allowed = {
        "session": {"released"},
        "reasoning": {"released", "malformed", "unsafe_summary", "unmarked", "unknown_tool_card"},
        "activity": {"released"},
        "tool": {"released", "missing_tool_key", "missing_call_id", "invalid_activity"},
        "message": {"released", "invalid_payload"},
        "artifact": {"released"},
        "run": {"released"},
    }[family]
    seen: Counter[str] = Counter()
    base = BASE_BY_TYPE[event_type]
    for field in [*base, "toolCalls", "activity", "approved"]:
        for value in WRONG_VALUES:
            payload = {**base, field: value}
            event = envelope(type=event_type, eventId="e2", payload=payload)
            _, outputs = run(eligible_session_then(event))
            record = outputs[-1][1]
            assert record["seq"] == 2
            reason = "released" if outputs[-1][0] == CLEAN else record["reason"]
            assert reason in allowed, (field, value, record)
            if reason in ("malformed", "invalid_payload"):
                assert record["detail"] == field, (field, value, record)
            seen[reason] += 1
    assert sum(seen.values()) >= len(base) * len(WRONG_VALUES)
    if family in ("reasoning", "tool", "message"):
        assert len(seen) >= 2, seen  # the table really reaches the rejections


# -- hypothesis: the decoder, every stage, the chain ------------------------------------------


def json_strategy(text: st.SearchStrategy[str], ints: st.SearchStrategy[int]) -> Any:
    return st.recursive(
        st.none() | st.booleans() | ints | st.floats(allow_nan=False, allow_infinity=False) | text,
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(
                st.sampled_from([*sorted(KNOWN_PAYLOAD_FIELDS), "x", CANARY]), children, max_size=5
            )
        ),
        max_leaves=20,
    )


readable_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["\u0000", "\ufeff", "\u202e", "\U0010ffff", "x" * 1001, f"/home/{CANARY}"]),
)
# What orjson.loads can hand the stages: 64-bit integers, no lone surrogates.
decoded_json = json_strategy(readable_text, st.integers(-(2**63), 2**64 - 1))
# What a producer can write: also integers past 64 bits and lone surrogate escapes.
any_json = json_strategy(
    readable_text | st.sampled_from(["\ud800", "\udc00x"]), st.integers(-(2**70), 2**70)
)


def json_bytes(value: Any) -> bytes:
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:  # ints past 64 bits, lone surrogates: the stdlib writes them
        return json.dumps(value, separators=(",", ":")).encode()


def mutate(raw: bytes, data: st.DataObject) -> bytes:
    """Byte-level damage: truncate, flip, insert hostile bytes, duplicate a span."""
    if not raw:
        return raw
    choice = data.draw(st.integers(0, 4))
    at = data.draw(st.integers(0, len(raw) - 1))
    if choice == 0:
        return raw[:at]
    if choice == 1:
        return raw[:at] + bytes([raw[at] ^ data.draw(st.integers(1, 255))]) + raw[at + 1 :]
    if choice == 2:
        junk = data.draw(
            st.sampled_from([b"\xff", b"\xed\xa0\x80", b"\\ud800", b"NaN", b",", b"\x00"])
        )
        return raw[:at] + junk + raw[at:]
    if choice == 3:
        end = data.draw(st.integers(at, len(raw)))
        return raw[:end] + raw[at:end] + raw[end:]
    return raw


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_the_chain(data: st.DataObject) -> None:
    lines = []
    for _ in range(data.draw(st.integers(1, 12))):
        kind = data.draw(st.integers(0, 3))
        if kind == 0:
            line = data.draw(st.binary(max_size=300))
        elif kind == 1:
            line = data.draw(envelope_like)
        else:
            event_type = data.draw(st.sampled_from([*BASE_BY_TYPE, "x.unknown", "preview.y"]))
            record = envelope(
                type=event_type,
                eventId=data.draw(st.sampled_from(["e1", "e2", "e3"])),
                sessionId=data.draw(st.sampled_from(["s1", "s2"])),
                seq=data.draw(st.integers(0, 5)),
                payload=data.draw(
                    st.fixed_dictionaries(
                        {}, optional={k: any_json for k in BASE_BY_TYPE.get(event_type, {"a": 1})}
                    )
                ),
            )
            line = json_bytes(record)
            if kind == 3:
                line = mutate(line, data)
        lines.append(line)
    run(lines)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted({t for t, f in FAMILY_BY_TYPE.items() if f == "reasoning"})),
    decoded_json,
)
def test_fuzz_policy_screen(event_type: str, payload: Any) -> None:
    if not isinstance(payload, dict):
        payload = {"summary": payload}
    payload = {"disclosure": "visible_reasoning_v1", **payload}
    result = screen_reasoning(event_type, payload)
    if isinstance(result, Rejection):
        assert result.reason in REASONS_BY_STAGE["cot_policy"]
        assert result.detail in ALLOWED_DETAILS
    else:
        assert set(result) <= {"stepId", "summary", "phase", "ts", "toolCallId"}
        orjson.dumps(result)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted({t for t, f in FAMILY_BY_TYPE.items() if f == "tool"})),
    st.dictionaries(
        st.sampled_from([*sorted(KNOWN_PAYLOAD_FIELDS), "x"]), decoded_json, max_size=8
    ),
    st.none() | readable_text,
    st.lists(decoded_json, max_size=6),
)
def test_fuzz_tool_normalization(
    event_type: str, payload: dict[str, Any], step_id: str | None, calls: list[Any]
) -> None:
    card = normalize_tool_event(event_type, payload, step_id, ("thinking.emit",))
    if isinstance(card, Rejection):
        assert card.reason in REASONS_BY_STAGE["normalization"]
    else:
        assert len(card) == 8 and isinstance(card["callId"], str)
    cards, removed = normalize_tool_calls(calls, ("thinking.emit",))
    assert len(cards) + removed == len(calls)
    orjson.dumps([card if isinstance(card, dict) else None, cards])


@settings(max_examples=200, deadline=None)
@given(any_json, st.data())
def test_fuzz_duplicate_key_detector(value: Any, data: st.DataObject) -> None:
    """The slow path agrees with a reference: a key repeated in the payload is found."""
    record = envelope(payload={"a": value, "b": 1})
    raw = json_bytes(record)
    assert duplicate_key(raw) is None  # no repeats, no false alarm
    repeated = raw.replace(b'"b":1', b'"b":0,"b":1')
    assert duplicate_key(repeated) == Rejection("validation", "invalid_payload", "payload")
    levels = data.draw(st.integers(1, 140))
    assert nested_deeper_than({"v": value}, levels) == (_depth({"v": value}) > levels)


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


# -- a bounded corpus: the figures of RELIABILITY.md --------------------------------------------


def hostile_corpus(count: int, seed: int) -> list[bytes]:
    """``count`` hostile records drawn from the table above and byte-damaged generated ones,
    each in its own throw-away session, so none can borrow another's seq."""
    rng = random.Random(seed)
    table = [raw for raw, _ in HOSTILE.values() if len(raw) < 64 * 1024]
    normal = list(generate_events(20, seed=seed, profile=TrafficProfile(canary=CANARY)))
    out = []
    for i in range(count):
        if i % 2:
            out.append(rng.choice(table).replace(b'"s1"', f'"h-{i}"'.encode()))
        else:
            raw = bytearray(rng.choice(normal))
            for _ in range(rng.randint(1, 3)):
                at = rng.randrange(len(raw))
                raw[at : at + 1] = rng.choice([b"\xff", b"{", b'"', b"\\", b"", b"NaN", b"[" * 300])
            out.append(bytes(raw))
    return out


def test_hostile_corpus_mixed_into_normal_traffic() -> None:
    """Hostile records interleaved with normal traffic change nothing for the normal sessions,
    and each ends exactly once. Prints the figures RELIABILITY.md reports."""
    started = time.perf_counter()
    normal = list(
        generate_events(300, seed=11, profile=TrafficProfile(canary=CANARY, malformed_rate=0))
    )
    hostile = hostile_corpus(3000, seed=5)
    rng = random.Random(3)
    mixed = list(normal)
    for line in hostile:
        mixed.insert(rng.randrange(len(mixed) + 1), line)

    reference, alone = run(normal)
    pipeline, together = run(mixed)
    normal_sessions = {r["sessionId"] for _, r in alone}
    kept = [r for k, r in together if k == CLEAN and r["sessionId"] in normal_sessions]
    assert kept == [r for k, r in alone if k == CLEAN]  # nothing lost, reordered or duplicated

    dead = Counter(r["reason"] for k, r in together if k == DEAD_LETTER) - Counter(
        r["reason"] for k, r in alone if k == DEAD_LETTER
    )
    released_hostile = len(together) - len(alone) - sum(dead.values())
    dropped = (pipeline.stats.duplicates + pipeline.stats.late) - (
        reference.stats.duplicates + reference.stats.late
    )
    assert sum(dead.values()) + released_hostile + dropped == len(hostile)  # each ends once
    elapsed = time.perf_counter() - started
    print(
        f"\nhostile corpus: {len(hostile)} hostile records among {len(normal)} normal; "
        f"crashes 0; hostile dead-lettered {sum(dead.values())}, released {released_hostile} "
        f"(damage that left a valid record), duplicate or late {dropped}; the {len(kept)} "
        f"clean events of the normal sessions identical to the run without hostile records; "
        f"{elapsed:.1f} s\ndead letters by reason: {dict(sorted(dead.items()))}"
    )
    assert sum(dead.values()) >= len(hostile) // 2


def test_duplicate_key_check_can_be_switched_off() -> None:
    raw = HOSTILE["duplicate summary (smuggling past the screen)"][0]
    off = PipelineConfig(reject_duplicate_keys=False)
    staged = Pipeline(off).stage(raw, Source("t", 0, 1))
    assert isinstance(staged, StagedEvent) and staged.rejection is None
    assert staged.data == {"stepId": "a", "summary": "Fine"}  # the last value, as orjson reads
    deep = HOSTILE["129 levels: one over the limit"][0]
    staged = Pipeline(off).stage(deep, Source("t", 0, 1))
    assert isinstance(staged, StagedEvent) and staged.rejection == (
        "validation",
        "invalid_json",
        None,
    )
