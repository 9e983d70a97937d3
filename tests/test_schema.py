"""The committed JSON Schemas are generated from the models and must not drift."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import orjson

from pipeline.schema import json_schemas
from tests.fixtures_util import expected, expected_dead_letters

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"


def test_committed_schemas_match_the_models() -> None:
    generated = json_schemas()
    assert sorted(p.name for p in SCHEMAS.glob("*.schema.json")) == sorted(generated)
    for name, schema in generated.items():
        committed = orjson.loads((SCHEMAS / name).read_bytes())
        assert committed == schema, f"{name} drifted: run `chao-pipeline schema`"


def test_fixture_outputs_validate_against_the_generated_schemas(fixture_name: str) -> None:
    schemas = json_schemas()
    clean = jsonschema.Draft202012Validator(schemas["clean-event.schema.json"])
    for record in expected(fixture_name):
        clean.validate(record)
    dead = jsonschema.Draft202012Validator(schemas["dead-letter.schema.json"])
    for record in expected_dead_letters(fixture_name):
        dead.validate({**record, "source": {"topic": "t", "partition": 0, "offset": 1}})


def test_schema_rejects_a_card_missing_a_key() -> None:
    clean = jsonschema.Draft202012Validator(json_schemas()["clean-event.schema.json"])
    record = next(e for e in expected("tools") if e["family"] == "tool")
    broken = {**record, "data": {k: v for k, v in record["data"].items() if k != "redacted"}}
    assert not clean.is_valid(broken)
