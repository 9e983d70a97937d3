"""Leak checks: text the contract forbids to forward never reaches any output.

A unique canary is planted in every place the contract forbids: extra cot fields, the
text of cot steps dropped for each of the six reasons, ``thinking.emit`` input and output,
message provider fields, extra activity fields, invalid ``toolCalls`` entries, unknown
event types, unknown envelope fields, invalid envelopes and every other dead-lettered
record (one for each reason of the contract), repeated keys and over-deep records. The
pipeline runs in process, and the canary must not appear in a clean event, a dead letter,
the Prometheus exposition of its counters, the file-mode summary, or any log record
emitted at DEBUG level by any logger.

The planted records come from the traffic generator (``pipeline.dev.generate``, which plants
``TrafficProfile.canary`` in every forbidden place) and ``tests.test_properties``'s leaky
session, plus a session per drop reason built here; each test also checks that its records
really reached the rejection they were built for, so a leak check can't pass by testing
nothing.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from prometheus_client import CollectorRegistry, generate_latest

from pipeline import Pipeline, PipelineConfig, Source
from pipeline.cli import main
from pipeline.dev.generate import _UNSAFE, TrafficProfile, generate_events
from pipeline.metrics import PipelineCollector
from pipeline.models.clean import REASONS_BY_STAGE
from pipeline.stages.ordering import CLEAN, DEAD_LETTER, Output
from tests.test_properties import leaky_session

CANARY = f"QZXleak{random.Random(7).getrandbits(48):012x}"
TS = "2026-12-02T10:00:00Z"
MARK = {"disclosure": "visible_reasoning_v1"}
CONFIG = PipelineConfig(cot_disabled_prefixes=("beta-",))


def env(session: str, seq: int, type_: str, payload: Any, **extra: Any) -> dict[str, Any]:
    return {
        "eventId": f"{session}-e{seq}",
        "type": type_,
        "sessionId": session,
        "seq": seq,
        "ts": TS,
        "payload": payload,
        **extra,
    }


def sessions_for_every_reason() -> list[bytes]:
    """Records that end in every dead-letter reason of the contract, the canary in each."""
    c = CANARY
    rng = random.Random(1)
    lines: list[dict[str, Any]] = []

    def session(sid: str, eligible: bool, *events: tuple[str, Any]) -> None:
        start = ("session.started", {"visibleReasoning": "eligible" if eligible else "no"})
        for seq, (type_, payload) in enumerate((start, *events)):
            lines.append(env(sid, seq, type_, payload, internalTrace=c))

    step = {**MARK, "stepId": "a", "summary": f"Looking at {c}"}
    session("beta-1", True, ("cot.step", step))  # cot_disabled
    session("ineligible-1", False, ("cot.step", step))  # session_ineligible
    session(
        "policy-1",
        True,
        ("cot.step", {"stepId": "a", "summary": f"unmarked {c}"}),  # unmarked
        ("cot.step", {**MARK, "stepId": "b", "summary": "x" * 1000 + c}),  # malformed
        ("cot.phase", {**MARK, "phase": [c]}),  # malformed
        *(
            ("cot.step", {**MARK, "stepId": f"u{i}", "summary": template(rng, c)})
            for i, template in enumerate(_UNSAFE.values())  # unsafe_summary, each detector
        ),
        ("cot.tool.reasoning", {**MARK, "toolCallId": "nope", "summary": f"about {c}"}),
        ("tool.started", {"callId": "k1", "input": c}),  # missing_tool_key
        ("tool.started", {"toolKey": "bits.search", "input": {"q": c}}),  # missing_call_id
        (
            "tool.started",
            {"toolKey": "bits.search", "callId": "k2", "activity": {"label": c}},
        ),  # invalid_activity
        ("message.delta", {"delta": c}),  # invalid_payload (no messageId)
        ("message.delta", {"messageId": "m", "delta": [c]}),  # invalid_payload (delta)
        ("debug.trace", {"text": c}),  # unknown_type
    )
    raw = [orjson.dumps(line) for line in lines]
    # Validation failures that keep no place, and the shapes of pipeline/stages/shape.py.
    raw += [
        f'{{"not json {c}'.encode(),  # invalid_json
        b'{"eventId":"\xff","text":"' + c.encode() + b'"}',  # invalid_json (not UTF-8)
        orjson.dumps([c]),  # invalid_json (not an object)
        orjson.dumps(env("bad id!", 0, "message.delta", {"messageId": "m", "delta": c})),
        orjson.dumps({**env("policy-1", 99, "cot.step", {"summary": c}), "seq": "99"}),
        orjson.dumps(
            env("policy-1", 100, "message.delta", {"messageId": "m", "delta": "d"})
        ).replace(b'"delta":"d"', b'"delta":"' + c.encode() + b'","delta":"d"'),  # repeated key
        orjson.dumps(env("policy-1", 101, "artifact.x", {"a": "@"})).replace(
            b'"@"', b"[" * 200 + b'"' + c.encode() + b'"' + b"]" * 200
        ),  # too deep
        orjson.dumps(env("policy-1", 102, "artifact.x", {"a": c * ((1 << 20) // len(c) + 1)})),
    ]
    return raw


def run_in_process(
    lines: list[bytes], config: PipelineConfig = CONFIG
) -> tuple[Pipeline, list[Output]]:
    pipeline = Pipeline(config, clock=lambda: 0.0)
    outputs: list[Output] = []
    for offset, line in enumerate(lines, start=1):
        outputs += pipeline.process(line, Source("leak", 0, offset))
    outputs += pipeline.flush()
    return pipeline, outputs


def exposition(pipeline: Pipeline) -> str:
    registry = CollectorRegistry()
    registry.register(
        PipelineCollector(
            pipeline.stats, pipeline.config, sessions_tracked=lambda: len(pipeline.sequencer.store)
        )
    )
    return generate_latest(registry).decode()


def log_text(caplog: pytest.LogCaptureFixture) -> str:
    parts = []
    for record in caplog.records:
        parts.append(record.getMessage())
        parts.append(repr(record.args))
        parts.append(record.exc_text or "")
        parts.append(repr(getattr(record, "__dict__", {})))
    return "\n".join(parts)


def assert_no_canary(canary: str, pipeline: Pipeline, outputs: list[Output], logs: str) -> None:
    needle = canary.encode()
    for kind, record in outputs:
        assert needle not in orjson.dumps(record), (kind, record)
    assert canary not in exposition(pipeline)
    assert canary not in logs


@pytest.fixture
def debug_logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every logger at DEBUG, captured at the root (levels restored afterwards)."""
    caplog.set_level(logging.DEBUG)
    loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.DEBUG)
    yield caplog
    for logger, level in zip(loggers, levels, strict=True):
        logger.setLevel(level)


def test_every_drop_reason_carries_no_text(debug_logs: pytest.LogCaptureFixture) -> None:
    lines = sessions_for_every_reason()
    logging.getLogger("pipeline").debug("leak test run starts")  # the capture works
    pipeline, outputs = run_in_process(lines)
    assert_no_canary(CANARY, pipeline, outputs, log_text(debug_logs))
    assert "leak test run starts" in debug_logs.text

    # The planted records reached every reason of the contract, and every detector.
    reasons = Counter(r["reason"] for kind, r in outputs if kind == DEAD_LETTER)
    for stage, stage_reasons in REASONS_BY_STAGE.items():
        for reason in stage_reasons:
            assert reasons[reason] >= 1, (stage, reason, reasons)
    assert set(pipeline.stats.unsafe_detectors) == set(_UNSAFE)
    print(
        f"\nleaks, every reason: {len(lines)} records with the canary, {len(reasons)} "
        f"dead-letter reasons and {len(_UNSAFE)} detectors reached; canary in outputs, "
        "exposition and DEBUG logs: 0"
    )
    # ... and the sessions did run: their session.started events came out.
    assert sum(1 for kind, r in outputs if kind == CLEAN and r["family"] == "session") == 3


def test_generated_hostile_traffic_never_leaks(debug_logs: pytest.LogCaptureFixture) -> None:
    profile = TrafficProfile(
        canary=CANARY, violation_rate=0.3, malformed_rate=0.05, duplicate_rate=0.05
    )
    lines = list(generate_events(250, seed=13, profile=profile))
    planted = sum(CANARY.encode() in line for line in lines)
    pipeline, outputs = run_in_process(lines)
    assert_no_canary(CANARY, pipeline, outputs, log_text(debug_logs))
    dead = sum(1 for kind, _ in outputs if kind == DEAD_LETTER)
    clean = len(outputs) - dead
    print(
        f"\nleaks: {len(lines):,} generated records, {planted:,} with a planted canary; "
        f"{clean:,} clean events and {dead:,} dead letters, the exposition and every DEBUG "
        "log record carry it 0 times"
    )
    assert planted > len(lines) // 4
    assert (
        pipeline.stats.cot_dropped and pipeline.stats.dead_letters[("validation", "unknown_type")]
    )


def test_leaky_session_through_file_mode(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    debug_logs: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The leaky session of tests/test_properties.py and every reason's records, through
    the command line: output files, summary and logs."""
    monkeypatch.setenv("CHAO_COT_DISABLED_PREFIXES", "beta-")
    raw = tmp_path / "leak.jsonl"
    lines = [orjson.dumps(e) for e in leaky_session(CANARY)] + sessions_for_every_reason()
    raw.write_bytes(b"\n".join(lines) + b"\n")
    out = tmp_path / "out"
    assert main(["process", str(raw), "--out", str(out), "--no-progress"]) == 0
    printed = capsys.readouterr()
    for path in sorted(out.glob("*.jsonl")):
        assert CANARY not in path.read_text(), path.name
    assert CANARY not in printed.out + printed.err
    assert CANARY not in log_text(debug_logs)
    dead = (out / "dead-letter.jsonl").read_text()
    assert '"too_large"' in dead and '"unsafe_summary"' in dead and '"invalid_json"' in dead
