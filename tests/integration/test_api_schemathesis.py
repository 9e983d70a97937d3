"""schemathesis against a live worker on the embedded broker, with the committed OpenAPI
document (schemas/openapi.json): no 5xx, and every response conforms to the document
(status, content type, headers, body schema), once with an operator's token and once
unauthenticated."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pipeline.api.openapi import DEFAULT_OUT
from pipeline.dev.generate import generate_events
from pipeline.kafka.io import produce_lines
from tests.integration.conftest import api_token
from tests.integration.streaming_util import file_mode, read_outputs

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
# Conformance to the document. Left out: checks that need a resource to be created first
# (use_after_free, ensure_resource_availability: the API has no write operations) and
# object_level_authorization (needs two users' resources, covered by test_api_auth.py).
CONFORMANCE = (
    "not_a_server_error,status_code_conformance,content_type_conformance,"
    "response_headers_conformance,response_schema_conformance"
)


def schemathesis(
    url: str, report: Path, *args: str, config: str = ""
) -> subprocess.CompletedProcess[str]:
    config_file = report.with_suffix(".toml")
    config_file.write_text(config)
    command = [
        str(Path(sys.executable).with_name("st")),
        "--config-file",
        str(config_file),
        "run",
        str(ROOT / DEFAULT_OUT),
        "--url",
        url,
        "--max-examples",
        "40",
        "--seed",
        "2026",
        "--request-timeout",
        "5",
        "--workers",
        "1",
        "--report",
        "junit",
        "--report-junit-path",
        str(report),
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)


def test_schemathesis_against_a_live_worker(deploy: Any, tmp_path: Path) -> None:
    deployment = deploy()
    worker = deployment.worker("schemathesis")
    worker.wait_ready()
    lines = list(generate_events(5, seed=9, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines))
    read_outputs(deployment, len(clean), len(dead), timeout=90)

    with_token = schemathesis(
        worker.url,
        tmp_path / "with-token.xml",
        "--checks",
        "all",
        "--exclude-checks",
        "use_after_free,ensure_resource_availability,object_level_authorization",
        "--header",
        f"Authorization: Bearer {api_token(ttl_s=900)}",
        # The token is the header above: no made-up access_token beside it (two different
        # tokens at once are refused with 400, RFC 6750 section 2).
        config="[generation]\nwith-security-parameters = false\n",
    )
    assert with_token.returncode == 0, with_token.stdout[-6000:] + with_token.stderr[-2000:]
    # Unauthenticated: no token, or made-up ones in the header and the query.
    unauthenticated = schemathesis(
        worker.url, tmp_path / "unauthenticated.xml", "--checks", CONFORMANCE
    )
    assert unauthenticated.returncode == 0, (
        unauthenticated.stdout[-6000:] + unauthenticated.stderr[-2000:]
    )
    # With a token, on a session that exists: real trace documents checked against the
    # document (the runs above find only 404 for made-up session ids). Not the live tail:
    # a stream of a real session never ends by itself.
    session_id = clean[0]["sessionId"]
    real_session = schemathesis(
        worker.url,
        tmp_path / "real-session.xml",
        "--checks",
        CONFORMANCE + ",positive_data_acceptance",
        "--include-operation-id",
        "getSessionTrace",
        "--mode",
        "positive",
        "--header",
        f"Authorization: Bearer {api_token(session_id, ttl_s=900)}",
        config="[generation]\nwith-security-parameters = false\n\n"
        "[[operations]]\n"
        'include-operation-id = "getSessionTrace"\n'
        f'parameters = {{ sessionId = "{session_id}" }}\n',
    )
    assert real_session.returncode == 0, real_session.stdout[-6000:] + real_session.stderr
    assert "Missing test data" not in real_session.stdout
    for run in (with_token, unauthenticated, real_session):
        assert "passed" in run.stdout.lower()
        print(run.stdout[-1500:])
