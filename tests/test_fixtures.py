"""Every shared fixture gives exactly its expected clean output and dead letters,
through the stage API and through the CLI (contract sections 4 and 6)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
from pydantic import TypeAdapter

from pipeline import Pipeline, Source
from pipeline.cli import main
from pipeline.models.clean import CleanEvent, DeadLetter
from pipeline.stages.ordering import CLEAN, DEAD_LETTER
from tests.conftest import FIXTURES
from tests.fixtures_util import (
    VIEW_FAMILIES,
    as_multiset,
    expected,
    expected_dead_letters,
    raw_lines,
    read_jsonl,
    without_source,
)

CLEAN_EVENT = TypeAdapter(CleanEvent)


def run_stage_api(name: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    pipeline = Pipeline(clock=lambda: 0.0)
    outputs = []
    for line_no, line in enumerate(raw_lines(name), start=1):
        if line.strip():
            outputs += pipeline.process(line, Source(f"{name}.raw.jsonl", 0, line_no))
    outputs += pipeline.flush()
    clean = [record for kind, record in outputs if kind == CLEAN]
    dead = [record for kind, record in outputs if kind == DEAD_LETTER]
    return clean, dead


def test_stage_api_gives_expected_output(fixture_name: str) -> None:
    clean, dead = run_stage_api(fixture_name)
    assert clean == expected(fixture_name)
    assert as_multiset(without_source(dead)) == as_multiset(expected_dead_letters(fixture_name))


def test_outputs_conform_to_the_models(fixture_name: str) -> None:
    clean, dead = run_stage_api(fixture_name)
    for record in clean:
        assert CLEAN_EVENT.validate_python(record).model_dump(exclude_unset=True) == record
    for record in dead:
        assert DeadLetter.model_validate(record).model_dump() == record


def test_cli_writes_expected_files(fixture_name: str, tmp_path: Path) -> None:
    raw = FIXTURES / f"{fixture_name}.raw.jsonl"
    assert main(["process", str(raw), "--out", str(tmp_path), "--no-progress"]) == 0
    want = expected(fixture_name)
    assert read_jsonl(tmp_path / "session-events.jsonl") == want
    for view, family in VIEW_FAMILIES.items():
        assert read_jsonl(tmp_path / f"{view}.jsonl") == [e for e in want if e["family"] == family]
    dead = read_jsonl(tmp_path / "dead-letter.jsonl")
    assert as_multiset(without_source(dead)) == as_multiset(expected_dead_letters(fixture_name))


def test_dead_letter_source_names_file_and_line(tmp_path: Path) -> None:
    raw = FIXTURES / "policy.raw.jsonl"
    main(["process", str(raw), "--out", str(tmp_path), "--no-progress"])
    lines = raw.read_bytes().splitlines()
    dead = read_jsonl(tmp_path / "dead-letter.jsonl")
    assert dead
    for record in dead:
        assert record["source"]["topic"] == "policy.raw.jsonl"
        assert record["source"]["partition"] == 0
        line = lines[record["source"]["offset"] - 1]
        if record["eventId"] is not None:
            assert orjson.loads(line)["eventId"] == record["eventId"]
        else:
            assert record["reason"] == "invalid_json"
            assert not isinstance(_try_json(line), dict)


def _try_json(line: bytes) -> object:
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        return None


def test_console_script_reads_stdin(tmp_path: Path) -> None:
    raw = (FIXTURES / "basic.raw.jsonl").read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "pipeline.cli", "process", "-", "--out", str(tmp_path)],
        input=raw,
        capture_output=True,
        check=True,
    )
    assert b"events in: 14" in result.stdout
    assert read_jsonl(tmp_path / "session-events.jsonl") == expected("basic")
