"""Loading the shared fixtures and comparing outputs with them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import orjson

from tests.conftest import FIXTURES

VIEW_FAMILIES = {
    "reasoning": "reasoning",
    "tool-cards": "tool",
    "messages": "message",
    "artifacts": "artifact",
}


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


def raw_lines(name: str) -> list[bytes]:
    return (FIXTURES / f"{name}.raw.jsonl").read_bytes().splitlines()


def expected(name: str) -> list[dict[str, Any]]:
    return read_jsonl(FIXTURES / f"{name}.expected.jsonl")


def expected_dead_letters(name: str) -> list[dict[str, Any]]:
    return read_jsonl(FIXTURES / f"{name}.dead-letter.jsonl")


def without_source(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "source"} for r in records]


def as_multiset(records: list[dict[str, Any]]) -> Counter[bytes]:
    return Counter(orjson.dumps(r, option=orjson.OPT_SORT_KEYS) for r in records)


def by_session(records: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    sessions: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        sessions.setdefault(record["sessionId"], []).append(record)
    return sessions
