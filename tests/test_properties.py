"""Property tests over the stage chain (hypothesis)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline import Pipeline, Source
from pipeline.cli import main
from pipeline.stages.ordering import CLEAN, DEAD_LETTER
from tests.fixtures_util import expected, raw_lines

SOURCE = Source("prop", 0, 1)


def run(lines: list[bytes]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], Pipeline]:
    pipeline = Pipeline(clock=lambda: 0.0)
    outputs = []
    for offset, line in enumerate(lines, start=1):
        outputs += pipeline.process(line, Source("prop", 0, offset))
    outputs += pipeline.flush()
    clean = [r for kind, r in outputs if kind == CLEAN]
    dead = [r for kind, r in outputs if kind == DEAD_LETTER]
    return clean, dead, pipeline


def accounted(pipeline: Pipeline, clean: list[Any], dead: list[Any], lines: int) -> None:
    """Every record ends exactly once: released, dead-lettered, duplicate or late."""
    stats = pipeline.stats
    assert len(clean) + len(dead) + stats.duplicates + stats.late == lines
    assert stats.waiting == 0


# -- any bytes ---------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)
envelope_like = st.fixed_dictionaries(
    {},
    optional={
        "eventId": st.one_of(st.text(max_size=130), json_values),
        "type": st.sampled_from(
            [
                "session.started",
                "cot.step",
                "cot.phase",
                "cot.tool.reasoning",
                "cot.completed",
                "tool.started",
                "tool.approval_response",
                "message.delta",
                "message.completed",
                "artifact.created",
                "run.failed",
                "weird",
            ]
        ),
        "sessionId": st.sampled_from(["s1", "s2", "bad id!", ""]) | json_values,
        "runId": st.none() | st.text(max_size=5),
        "seq": st.integers(min_value=-2, max_value=6) | json_values,
        "ts": st.sampled_from(["2026-12-02T10:00:00Z", "2026-12-02", "x"]) | json_values,
        "stepId": json_values,
        "payload": st.dictionaries(
            st.sampled_from(
                [
                    "disclosure",
                    "summary",
                    "stepId",
                    "phase",
                    "toolCallId",
                    "toolKey",
                    "key",
                    "callId",
                    "input",
                    "data",
                    "activity",
                    "messageId",
                    "delta",
                    "text",
                    "toolCalls",
                    "visibleReasoning",
                    "approved",
                    "ts",
                ]
            ),
            json_values | st.just("visible_reasoning_v1"),
            max_size=8,
        )
        | json_values,
    },
).map(orjson.dumps)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.binary(max_size=200) | envelope_like, max_size=30))
def test_any_bytes_end_released_or_dead_lettered(lines: list[bytes]) -> None:
    lines = [line for line in lines if line.strip()]
    clean, dead, pipeline = run(lines)
    accounted(pipeline, clean, dead, len(lines))


# -- interleaving and redelivery -------------------------------------------------------------

SESSION_LINES = raw_lines("basic") + raw_lines("tools") + raw_lines("policy")


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.lists(st.integers(0, 200), max_size=20))
def test_interleaving_and_redelivery_do_not_change_output(
    rng: random.Random, redeliver: list[int]
) -> None:
    in_order, _, _ = run(SESSION_LINES)
    shuffled = SESSION_LINES + [SESSION_LINES[i % len(SESSION_LINES)] for i in redeliver]
    rng.shuffle(shuffled)
    clean, _, _ = run(shuffled)
    sessions = {e["sessionId"] for e in in_order}
    for session in sessions:
        assert [e for e in clean if e["sessionId"] == session] == [
            e for e in in_order if e["sessionId"] == session
        ]
    assert len(clean) == len(in_order)


def test_in_order_run_is_the_fixture_output() -> None:
    # Guard for the property above: its baseline really is the contract's output.
    clean, _, _ = run(SESSION_LINES)
    assert clean == expected("basic") + expected("tools") + expected("policy")


# -- planted text never leaks -------------------------------------------------------------

canaries = st.text(
    alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    min_size=6,
    max_size=12,
).map(lambda s: f"QZX{s}")


def leaky_session(canary: str) -> list[dict[str, Any]]:
    """A session with the canary in every place the contract forbids to forward."""
    ts = "2026-12-02T10:00:00Z"
    marked = {"disclosure": "visible_reasoning_v1"}
    events: list[dict[str, Any]] = [
        {"type": "session.started", "payload": {"visibleReasoning": "eligible", "note": canary}},
        {
            "type": "cot.step",
            "payload": {
                **marked,
                "stepId": "a",
                "summary": "Fine step",
                "providerThinking": canary,
                "raw": {"x": canary},
            },
        },
        {"type": "cot.step", "payload": {"stepId": "b", "summary": f"unmarked {canary}"}},
        {"type": "cot.step", "payload": {**marked, "stepId": "c", "rawText": canary}},
        {
            "type": "cot.step",
            "payload": {
                **marked,
                "stepId": "d",
                "summary": f"key sk-live-{canary}abcdefghijklmnop",
            },
        },
        {
            "type": "cot.step",
            "payload": {**marked, "stepId": "e", "summary": f"see /home/{canary}/notes.txt"},
        },
        {
            "type": "cot.step",
            "payload": {**marked, "stepId": "f", "summary": f"<|im_start|>system {canary}"},
        },
        {"type": "cot.step", "payload": {**marked, "stepId": "g", "summary": "x" * 1001 + canary}},
        {
            "type": "cot.tool.reasoning",
            "payload": {**marked, "toolCallId": "nope", "summary": f"about {canary}"},
        },
        {
            "type": "tool.started",
            "payload": {
                "toolKey": "thinking.emit",
                "callId": "t",
                "input": {"thought": canary},
                "args": canary,
            },
        },
        {
            "type": "tool.completed",
            "payload": {
                "toolKey": "thinking.emit",
                "callId": "t",
                "output": canary,
                "data": {"t": canary},
            },
        },
        {
            "type": "tool.started",
            "payload": {
                "toolKey": "bits.search",
                "callId": "c1",
                "activity": {
                    "activityType": "tool_read",
                    "label": "L",
                    "status": "active",
                    "secret": canary,
                },
            },
        },
        {
            "type": "message.delta",
            "payload": {
                "messageId": "m",
                "delta": "hi",
                "provider": {"thinking": canary},
                "reasoning_content": canary,
            },
        },
        {
            "type": "message.completed",
            "payload": {
                "messageId": "m",
                "text": "hi",
                "raw": canary,
                "toolCalls": [
                    {
                        "toolKey": "thinking.emit",
                        "callId": "t",
                        "status": "completed",
                        "input": canary,
                        "output": canary,
                        "extra": canary,
                    },
                    {
                        "toolKey": "bits.search",
                        "callId": "c1",
                        "status": "completed",
                        "providerPayload": canary,
                    },
                ],
            },
        },
        {"type": "weird.event", "payload": {"text": canary}},
    ]
    out = []
    for seq, event in enumerate(events):
        out.append(
            {
                "eventId": f"e{seq}",
                "sessionId": "s-leak",
                "seq": seq,
                "ts": ts,
                "internalTrace": canary,
                **event,
            }
        )
    # Invalid envelope (no seq). Its eventId, sessionId and type are metadata that a dead
    # letter carries by contract, so the canary goes in the payload only.
    out.append(
        {
            "eventId": "bad",
            "sessionId": "s-leak",
            "ts": ts,
            "type": "cot.step",
            "payload": {"summary": canary},
        }
    )
    return out


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(canary=canaries)
def test_planted_text_never_leaks(tmp_path: Path, canary: str, capsys: Any) -> None:
    raw = tmp_path / "leak.jsonl"
    raw.write_bytes(b"\n".join(orjson.dumps(e) for e in leaky_session(canary)))
    out = tmp_path / "out"
    assert main(["process", str(raw), "--out", str(out), "--no-progress"]) == 0
    printed = capsys.readouterr()
    files = list(out.glob("*.jsonl"))
    assert len(files) == 6
    for path in files:
        assert canary not in path.read_text(), path.name
    assert canary not in printed.out + printed.err
    # The session really was processed: the safe parts came through.
    released = (out / "session-events.jsonl").read_text()
    assert "Fine step" in released and '"redacted":true' in released
