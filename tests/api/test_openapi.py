"""The OpenAPI document (schemas/openapi.json) is generated from the code, is valid OpenAPI
3.1, does not drift, and its schemas describe what the API really answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.versions import consts

from pipeline.api import errors
from pipeline.api.openapi import DEFAULT_OUT, openapi_document, render_openapi
from pipeline.cli import main
from pipeline.models.api import ErrorBody, TraceDocument
from pipeline.trace.http import error_document
from pipeline.trace.model import SessionTrace
from tests.conftest import FIXTURES
from tests.fixtures_util import by_session, expected

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / DEFAULT_OUT


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return openapi_document()


def test_the_document_is_valid_openapi_3_1(document: dict[str, Any]) -> None:
    assert document["openapi"].startswith("3.1")
    validate(document)  # the official OpenAPI 3.1 schema, shipped with the validator
    assert consts  # the validator's own schema set is what checked it


def test_the_committed_document_is_what_the_code_generates() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == render_openapi(), (
        "schemas/openapi.json is stale: run `chao-pipeline schema --openapi`"
    )


def test_the_cli_writes_the_same_document(tmp_path: Path) -> None:
    assert main(["schema", "--openapi", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "openapi.json").read_text(encoding="utf-8") == render_openapi()
    assert main(["schema", "--openapi", "--asyncapi", "--out", str(tmp_path)]) == 2


def test_paths_security_and_open_endpoints(document: dict[str, Any]) -> None:
    paths = document["paths"]
    assert set(paths) == {
        "/sessions/{sessionId}/trace",
        "/sessions/{sessionId}/events",
        "/inspect/{sessionId}",
        "/inspect/assets/{asset}",
        "/metrics",
        "/ready",
        "/health",
    }
    schemes = document["components"]["securitySchemes"]
    assert schemes["bearerToken"]["scheme"] == "bearer"
    assert (schemes["accessTokenQuery"]["in"], schemes["accessTokenQuery"]["name"]) == (
        "query",
        "access_token",
    )
    for path, item in paths.items():
        operation = item["get"]
        if path.startswith("/sessions/"):
            assert operation["security"] == [{"bearerToken": []}, {"accessTokenQuery": []}]
            assert {"401", "403", "503"} <= set(operation["responses"])
            assert operation["responses"]["401"]["headers"]["WWW-Authenticate"]["required"]
        else:
            assert operation["security"] == [], path  # open: no conversation text, no token
    events = paths["/sessions/{sessionId}/events"]["get"]["responses"]
    assert events["429"]["headers"]["Retry-After"]["required"]
    assert "text/event-stream" in events["200"]["content"]


def test_schemas_come_from_the_models_not_written_twice(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    trace = schemas["TraceDocument"]
    # The events: the CleanEvent union (pydantic inlines the union, its members are refs).
    events = trace["properties"]["events"]["items"]
    assert events["oneOf"] == schemas["CleanEvent"]["oneOf"]
    assert events["discriminator"] == schemas["CleanEvent"]["discriminator"]
    assert trace["properties"]["toolCards"]["items"] == {"$ref": "#/components/schemas/ToolCard"}
    clean = orjson.loads((ROOT / "schemas" / "clean-event.schema.json").read_bytes())
    # The same clean-event definitions as the JSON Schema file (one source: the models).
    for name, definition in clean["$defs"].items():
        assert orjson.dumps(schemas[name], option=orjson.OPT_SORT_KEYS) == orjson.dumps(
            _rebase(definition), option=orjson.OPT_SORT_KEYS
        ), name


def _rebase(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {
            k: (v.replace("#/$defs/", "#/components/schemas/") if k == "$ref" else _rebase(v))
            for k, v in schema.items()
        }
    if isinstance(schema, list):
        return [_rebase(item) for item in schema]
    return schema


def test_every_fixture_trace_document_matches_the_model() -> None:
    checked = 0
    for path in sorted(FIXTURES.glob("*.expected.jsonl")):
        for session_id, events in by_session(
            expected(path.name.removesuffix(".expected.jsonl"))
        ).items():
            trace = SessionTrace.empty(session_id)
            for event in events:
                trace.append(event)
            TraceDocument.model_validate(orjson.loads(orjson.dumps(trace.document())))
            checked += 1
    assert checked > 5


def test_every_refusal_body_matches_the_model() -> None:
    refusals = [
        errors.missing_token(),
        errors.invalid_request("x"),
        errors.invalid_token("x"),
        errors.insufficient_scope(),
        errors.auth_not_configured(),
        errors.keys_unavailable(),
        errors.too_many_streams("x"),
        errors.owner_unavailable(),
    ]
    for refusal in refusals:
        ErrorBody.model_validate(refusal.body())
    ErrorBody.model_validate(error_document("unknown_session", "no trace"))
