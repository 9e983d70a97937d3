"""The figures of the fault tests count what they claim: a lost, reordered, repeated,
changed or leaked record in an otherwise perfect output shows in its figure (no broker)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import orjson
import pytest

from pipeline import Pipeline, Source
from pipeline.config import TopicNames
from pipeline.core import record_key, topics_for
from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.kafka.io import Record
from tests.faults.faults_util import CANARY, Expected, Figures, figures

TOPICS = TopicNames(
    raw="f.raw.events",
    session_events="f.clean.session-events",
    reasoning="f.clean.reasoning",
    tool_cards="f.clean.tool-cards",
    messages="f.clean.messages",
    artifacts="f.clean.artifacts",
    dead_letter="f.dead-letter",
)
DEPLOYMENT: Any = SimpleNamespace(topics=TOPICS)
TOPIC_LIST = [TOPICS.session_events, TOPICS.reasoning, TOPICS.tool_cards, TOPICS.messages]
TOPIC_LIST += [TOPICS.artifacts, TOPICS.dead_letter]


def perfect_run() -> tuple[Expected, dict[str, list[Record]], int]:
    """File-mode outputs of generated traffic, laid out on topics as the topology does."""
    lines = list(generate_events(40, seed=3, profile=TrafficProfile(canary=CANARY)))
    pipeline = Pipeline(None, clock=lambda: 0.0)
    outputs = []
    for offset, line in enumerate(lines):
        outputs += pipeline.process(line, Source(TOPICS.raw, 0, offset))
    outputs += pipeline.flush()
    records: dict[str, list[Record]] = {topic: [] for topic in TOPIC_LIST}
    for kind, record in outputs:
        for topic in topics_for((kind, record), TOPICS):
            value = orjson.dumps(record)
            at = len(records[topic])
            records[topic].append(Record(topic, 0, at, record_key(record), value))
    clean = [r for k, r in outputs if k == "clean"]
    dead = [r for k, r in outputs if k != "clean"]
    assert clean and dead
    return Expected(DEPLOYMENT, clean, dead, lines), records, len(lines)


def count(records: dict[str, list[Record]], expected: Expected) -> Figures:
    return figures("self-check", expected, records, events=0)


def renumbered(records: list[Record]) -> list[Record]:
    return [replace(r, offset=i) for i, r in enumerate(records)]


def test_a_perfect_output_counts_nothing() -> None:
    expected, records, _ = perfect_run()
    fig = count(records, expected)
    fig.assert_clean()
    assert fig.duplicated == 0


@pytest.mark.parametrize(
    "fault, figure",
    [
        ("drop a clean event", "lost"),
        ("drop a dead letter", "lost"),
        ("swap two events of a session", "reordered"),
        ("repeat a clean event", "duplicated"),
        ("repeat a dead letter", "duplicated"),
        ("change a repeated event", "conflicting"),
        ("invent an event", "unexpected"),
        ("change an event", "mismatched"),
        ("leak the canary", "leaked"),
    ],
)
def test_each_fault_shows_in_its_figure(fault: str, figure: str) -> None:
    expected, records, _ = perfect_run()
    clean = records[TOPICS.session_events]
    dead = records[TOPICS.dead_letter]

    def event(i: int) -> dict[str, Any]:
        result: dict[str, Any] = orjson.loads(clean[i].value)
        return result

    if fault == "drop a clean event":
        del clean[5]
    elif fault == "drop a dead letter":
        del dead[0]
    elif fault == "swap two events of a session":
        first = event(0)["sessionId"]
        i, j = [n for n in range(len(clean)) if event(n)["sessionId"] == first][:2]
        clean[i], clean[j] = clean[j], clean[i]
    elif fault == "repeat a clean event":
        clean.append(clean[3])
    elif fault == "repeat a dead letter":
        dead.append(dead[0])
    elif fault == "change a repeated event":
        changed = {**event(3), "ts": "2000-01-01T00:00:00Z"}
        clean.append(replace(clean[3], value=orjson.dumps(changed)))
    elif fault == "invent an event":
        invented = {**event(3), "seq": 10**9}
        clean.append(replace(clean[3], value=orjson.dumps(invented)))
    elif fault == "change an event":
        changed = {**event(3), "ts": "2000-01-01T00:00:00Z"}
        clean[3] = replace(clean[3], value=orjson.dumps(changed))
    elif fault == "leak the canary":
        leaky = {**event(3), "internal": CANARY}
        clean.append(replace(clean[3], value=orjson.dumps(leaky)))
    records[TOPICS.session_events] = renumbered(clean)
    records[TOPICS.dead_letter] = renumbered(dead)
    fig = count(records, expected)
    assert getattr(fig, figure) >= 1, fig.line()
    with pytest.raises(AssertionError):
        fig.assert_clean() if figure != "duplicated" else _fail_on_repeats(fig)


def _fail_on_repeats(fig: Figures) -> None:
    fig.assert_clean()  # repeats alone are allowed (at-least-once) ...
    assert fig.duplicated == 0  # ... this is where a test that allows none would fail


@pytest.mark.parametrize("line_duplicated", [True, False], ids=["duplicated", "single"])
def test_a_dead_letter_from_another_source(line_duplicated: bool) -> None:
    """A second dead letter with the same content from another raw record is a repeat
    only when the input holds that line twice (the other copy was dead-lettered after a
    replay); otherwise the worker invented it."""
    expected, records, _ = perfect_run()
    dead = records[TOPICS.dead_letter]
    values = [orjson.loads(r.value) for r in dead]
    index = next(
        i
        for i, v in enumerate(values)
        if (v.get("eventId") in expected.repeated_ids) == line_duplicated
        and v.get("eventId") is not None
    )
    other = {**values[index], "source": {**values[index]["source"], "offset": 10**6}}
    dead.append(replace(dead[index], value=orjson.dumps(other)))
    records[TOPICS.dead_letter] = renumbered(dead)
    fig = count(records, expected)
    if line_duplicated:
        fig.assert_clean()
        assert fig.duplicated == 1, fig.line()
    else:
        assert fig.unexpected == 1, fig.line()
        with pytest.raises(AssertionError):
            fig.assert_clean()
