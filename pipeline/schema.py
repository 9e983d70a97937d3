"""JSON Schema generated from the pydantic models; never written by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from pydantic import TypeAdapter

from pipeline.models.api import TraceDocument
from pipeline.models.clean import CleanEvent, DeadLetter
from pipeline.models.envelope import RawEnvelope

SCHEMA_FILES: dict[str, Any] = {
    "raw-envelope.schema.json": RawEnvelope,
    "clean-event.schema.json": CleanEvent,
    "dead-letter.schema.json": DeadLetter,
    # GET /sessions/{sessionId}/trace (also in schemas/openapi.json): @chao/clean-stream
    # generates its TraceDocument type from this file.
    "trace-document.schema.json": TraceDocument,
}


def json_schemas() -> dict[str, dict[str, Any]]:
    return {name: TypeAdapter(model).json_schema() for name, model in SCHEMA_FILES.items()}


def write_schemas(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in json_schemas().items():
        path = out_dir / name
        path.write_bytes(
            orjson.dumps(schema, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n"
        )
        written.append(path)
    return written
