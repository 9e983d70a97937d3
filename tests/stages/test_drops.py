"""Per-session drop counts (pipeline.stages.drops): counted where the session is ordered,
equal to the session's dead letters plus its late events, exact across a crash (state of
the last commit + replay), and in the trace document."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

import orjson
import pytest

from pipeline.core import Pipeline
from pipeline.dev.generate import generate_events
from pipeline.models.api import TraceDocument
from pipeline.stages.drops import drop_list
from pipeline.stages.ordering import DEAD_LETTER, SessionState
from pipeline.stages.types import Source
from pipeline.trace.model import SessionTrace
from tests.conftest import FIXTURES
from tests.fixtures_util import raw_lines

FIXTURE_NAMES = sorted(p.name.removesuffix(".raw.jsonl") for p in FIXTURES.glob("*.raw.jsonl"))


def run(
    lines: list[bytes], pipeline: Pipeline | None = None, start: int = 0
) -> tuple[Pipeline, list[dict[str, Any]]]:
    """Process ``lines`` (file mode's way: each in turn, then flush); the dead letters."""
    pipeline = pipeline or Pipeline(clock=lambda: 0.0)
    dead: list[dict[str, Any]] = []
    for offset, line in enumerate(lines, start):
        dead += [
            r for kind, r in pipeline.process(line, Source("t", 0, offset)) if kind == DEAD_LETTER
        ]
    dead += [r for kind, r in pipeline.flush() if kind == DEAD_LETTER]
    return pipeline, dead


def counts(pipeline: Pipeline) -> dict[str, Counter[tuple[str, str]]]:
    out: dict[str, Counter[tuple[str, str]]] = {}
    for session_id in pipeline.sequencer.store:
        drops = pipeline.sequencer.drop_counts(session_id)
        if drops:
            out[session_id] = Counter({(d["stage"], d["reason"]): d["count"] for d in drops})
    return out


def placed_dead_letters(dead: list[dict[str, Any]]) -> dict[str, Counter[tuple[str, str]]]:
    """The dead letters of events placed in a session (usable sessionId and seq)."""
    out: dict[str, Counter[tuple[str, str]]] = {}
    for record in dead:
        if record["sessionId"] is not None and record["seq"] is not None:
            out.setdefault(record["sessionId"], Counter())[(record["stage"], record["reason"])] += 1
    return out


def generated_lines(sessions: int, seed: int) -> list[bytes]:
    start = datetime(2026, 12, 3, tzinfo=UTC)
    return list(generate_events(sessions, seed=seed, start=start))


def check_counts_are_dead_letters_and_late(lines: list[bytes]) -> int:
    pipeline, dead = run(lines)
    got = counts(pipeline)
    without_late = {
        sid: Counter({k: n for k, n in c.items() if k != ("ordering", "late")})
        for sid, c in got.items()
    }
    assert {s: c for s, c in without_late.items() if c} == placed_dead_letters(dead)
    late = sum(c[("ordering", "late")] for c in got.values())
    assert late == pipeline.stats.late
    # Records that cannot be placed in a session are not counted per session.
    unplaced = [r for r in dead if r["sessionId"] is None or r["seq"] is None]
    total = sum(sum(c.values()) for c in got.values())
    assert total == len(dead) - len(unplaced) + late
    return total


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_each_fixture_session_counts_its_dead_letters(name: str) -> None:
    check_counts_are_dead_letters_and_late(raw_lines(name))


def test_a_generated_run_counts_every_session_dead_letter_and_late_event() -> None:
    assert check_counts_are_dead_letters_and_late(generated_lines(300, seed=16)) > 50


def test_the_document_lists_drops_in_stage_order_and_validates() -> None:
    drops = {
        ("ordering", "late"): 1,
        ("cot_policy", "unsafe_summary"): 3,
        ("validation", "invalid_payload"): 2,
        ("cot_policy", "cot_disabled"): 1,
    }
    listed = drop_list(drops)
    assert [(d["stage"], d["reason"]) for d in listed] == [
        ("validation", "invalid_payload"),
        ("cot_policy", "cot_disabled"),
        ("cot_policy", "unsafe_summary"),
        ("ordering", "late"),
    ]
    trace = SessionTrace("s-1")
    document = trace.document(listed)
    assert TraceDocument.model_validate(document).drops[1].count == 1
    with pytest.raises(ValueError):
        TraceDocument.model_validate({**document, "drops": [{**listed[0], "detail": "x"}]})
    with pytest.raises(ValueError):
        TraceDocument.model_validate({**document, "drops": [{**listed[0], "reason": "a text"}]})


def test_the_state_wire_form_carries_drops_and_reads_the_old_form() -> None:
    pipeline, _ = run(raw_lines("policy"))
    with_drops = [s for s in pipeline.sequencer.store.values() if s.drops]
    assert with_drops
    for state in pipeline.sequencer.store.values():
        wire = orjson.loads(orjson.dumps(state.to_wire()))
        assert len(wire) == (8 if state.drops else 7)  # nothing more for a session without
        assert SessionState.from_wire(wire) == state
    old = with_drops[0].to_wire()[:7]  # as written before drop counts existed
    assert SessionState.from_wire(old).drops is None


def _restored(pipeline: Pipeline) -> Pipeline:
    """A new pipeline with the states of ``pipeline`` through their wire form (a worker
    recovering the state changelog)."""
    store = {
        sid: SessionState.from_wire(orjson.loads(orjson.dumps(state.to_wire())))
        for sid, state in pipeline.sequencer.store.items()
    }
    restored = Pipeline(store=store, clock=lambda: 0.0)
    restored.sequencer.reindex()
    return restored


def test_counts_are_exact_across_a_crash_and_replay() -> None:
    """A crash after ``k`` records with the state of that commit, then a replay of what
    follows; and a state written ahead of the offsets (a later batch's), replayed from an
    earlier offset: the replayed records are repeats and count nothing twice."""
    lines = raw_lines("policy") + generated_lines(40, seed=3)
    reference = counts(run(lines)[0])
    assert reference
    for k in range(0, len(lines), max(1, len(lines) // 23)):
        first = Pipeline(clock=lambda: 0.0)
        for offset, line in enumerate(lines[:k]):
            first.process(line, Source("t", 0, offset))
        resumed, _ = run(lines[k:], _restored(first), start=k)
        assert counts(resumed) == reference, k
        # State ahead of the offsets: written after 5 more records, replayed from k.
        ahead = Pipeline(clock=lambda: 0.0)
        for offset, line in enumerate(lines[: k + 5]):
            ahead.process(line, Source("t", 0, offset))
        resumed, _ = run(lines[k:], _restored(ahead), start=k)
        assert counts(resumed) == reference, k
