"""Tokens across two real workers on the embedded broker: forwarding (trace) and redirects
(live tail) keep the token, the owner checks it again, the open endpoints stay open, and no
token or secret reaches a worker's log at DEBUG."""

from __future__ import annotations

import asyncio
import http.client
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import orjson
import pytest

from pipeline.dev.generate import generate_events
from pipeline.dev.runner import WorkerProcess
from pipeline.kafka.io import produce_lines
from tests.api_util import OTHER_SECRET, claims, hs256, unsigned
from tests.integration.conftest import API_SECRET, api_token, bearer
from tests.integration.streaming_util import file_mode, read_outputs, wait_for_split

pytestmark = pytest.mark.integration


def request(
    url: str, headers: dict[str, str] | None = None, read_line: bool = False
) -> tuple[int, dict[str, str], bytes]:
    """One GET, redirects not followed; for a stream, only its first line."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        conn.request("GET", f"{parts.path}?{parts.query}", headers=headers or {})
        response = conn.getresponse()
        got = dict(response.getheaders())
        if response.getheader("Content-Type", "").startswith("text/event-stream"):
            body = response.readline() if read_line else b""
        else:
            body = response.read()
        return response.status, got, body
    finally:
        conn.close()


def test_tokens_across_two_workers_and_no_token_in_the_logs(deploy: Any) -> None:
    deployment = deploy(CHAO_WORKER_LOG_LEVEL="debug")
    first, second = deployment.worker("a"), deployment.worker("b")
    first.wait_ready()
    second.wait_ready()
    wait_for_split(deployment, [first, second])
    lines = list(generate_events(12, seed=5, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    asyncio.run(produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines))
    read_outputs(deployment, len(clean), len(dead), timeout=90)
    sessions = sorted({event["sessionId"] for event in clean})
    used_tokens: list[str] = []

    def token(*session_ids: str, **extra: Any) -> str:
        minted = hs256(claims(*session_ids, **extra), API_SECRET)
        used_tokens.append(minted)
        return minted

    def owner_and_other(session_id: str) -> tuple[WorkerProcess, WorkerProcess]:
        status, _, _ = request(
            f"{first.url}/sessions/{session_id}/events", bearer(token(session_id))
        )
        assert status in (200, 307), status
        return (first, second) if status == 200 else (second, first)

    pairs = {session_id: owner_and_other(session_id) for session_id in sessions}
    # Both workers own some of the sessions (else nothing is forwarded below).
    assert {owner.name for owner, _ in pairs.values()} == {"a", "b"}
    # Up to two sessions owned by each worker (at least one each, asserted above).
    picked = [s for s in sessions if pairs[s][0] is first][:2]
    picked += [s for s in sessions if pairs[s][0] is second][:2]
    for session_id in picked:
        owner, other = pairs[session_id]
        mine = token(session_id)
        # The trace, asked of the worker that does not own it: forwarded with the token,
        # given either way, and the owner's answer relayed.
        status, _, direct = request(f"{owner.url}/sessions/{session_id}/trace", bearer(mine))
        assert status == 200
        for url, headers in (
            (f"{other.url}/sessions/{session_id}/trace", bearer(mine)),
            (f"{other.url}/sessions/{session_id}/trace?access_token={mine}", {}),
        ):
            status, got, body = request(url, headers)
            assert status == 200 and orjson.loads(body) == orjson.loads(direct)
            assert got["Cache-Control"] == "no-store"
        # The non-owner checks first: nothing is forwarded or redirected for a bad token.
        for path in ("trace", "events"):
            url = f"{other.url}/sessions/{session_id}/{path}"
            status, got, body = request(url)
            assert status == 401 and got["WWW-Authenticate"] == 'Bearer realm="chao-pipeline"'
            status, got, body = request(url, bearer(token(sessions[0] + "x")))
            assert status == 403 and orjson.loads(body)["error"] == "insufficient_scope"
            status, got, body = request(url, bearer(token(session_id, ttl=-120)))
            assert status == 401 and orjson.loads(body)["error"] == "token_expired"
            status, _, _ = request(url, bearer(hs256(claims(session_id), OTHER_SECRET)))
            assert status == 401
        # The live tail: a 307 to the owner, keeping a query token, not adding one.
        status, got, _ = request(
            f"{other.url}/sessions/{session_id}/events?after=0&access_token={mine}"
        )
        assert status == 307
        location = got["Location"]
        assert urlsplit(location).port == urlsplit(owner.url).port
        assert parse_qs(urlsplit(location).query) == {"after": ["0"], "access_token": [mine]}
        assert request(location, read_line=True)[0] == 200
        status, got, _ = request(f"{other.url}/sessions/{session_id}/events", bearer(mine))
        assert status == 307 and "access_token" not in got["Location"]
        # Following without the header (curl -L, a browser's cross-origin redirect): 401;
        # re-sending it: the stream.
        assert request(got["Location"])[0] == 401
        assert request(got["Location"], bearer(mine), read_line=True)[0] == 200
        # The owner checks the token itself, also on a request marked as forwarded.
        forwarded = {"X-Chao-Forwarded": "1"}
        for path in ("trace", "events"):
            url = f"{owner.url}/sessions/{session_id}/{path}"
            assert request(url, forwarded)[0] == 401
            assert request(url, {**forwarded, **bearer(unsigned(claims(session_id)))})[0] == 401
            assert request(url, {**forwarded, **bearer(token(sessions[0] + "x"))})[0] == 403
    # Open endpoints: no token needed (they carry no conversation text); Faust's table
    # endpoint, which would serve the traces unchecked, is off.
    for worker in (first, second):
        for path in ("/metrics", "/health", "/ready"):
            assert request(f"{worker.url}{path}")[0] == 200, path
        assert request(f"{worker.url}/table/traces/{sessions[0]}/")[0] == 404
        assert request(f"{worker.url}/router/")[0] == 404
    # An Authorization header over the HTTP parser's limit: the API's own 431 document,
    # quoting nothing of it (aiohttp's answer quoted the token: patches/parse_errors.py).
    oversized = token(sessions[0]) + "A" * 9000
    status, got, body = request(f"{first.url}/sessions/{sessions[0]}/trace", bearer(oversized))
    assert status == 431 and orjson.loads(body)["error"] == "header_too_large", body[:200]
    assert got["Content-Type"].startswith("application/json")
    assert oversized[:40].encode() not in body
    used_tokens.append(api_token())
    deployment.stop()
    for worker in (first, second):
        log = worker.log_path.read_text(errors="replace")
        assert "[DEBUG]" in log  # the worker really logged at DEBUG
        assert API_SECRET not in log
        for used in used_tokens:
            assert used not in log, f"a token in {worker.name}'s log"
        assert "access_token=ey" not in log
        assert "Bearer ey" not in log


def test_a_worker_refuses_an_unusable_secret_without_printing_it(deploy: Any) -> None:
    deployment = deploy(CHAO_API_AUTH_SECRET="short-but-secret")
    worker = deployment.worker("bad-secret")
    assert worker.process is not None
    assert worker.process.wait(60) == 1
    log = worker.log_path.read_text(errors="replace")
    assert "CHAO_API_AUTH_SECRET is too short" in log
    assert "short-but-secret" not in log


def test_without_configuration_the_session_endpoints_answer_503(deploy: Any) -> None:
    deployment = deploy(CHAO_API_AUTH_SECRET="")
    worker = deployment.worker("unconfigured")
    worker.wait_ready()
    status, _, body = request(f"{worker.url}/sessions/s-1/trace", bearer(api_token("s-1")))
    assert status == 503
    error = orjson.loads(body)
    assert error["error"] == "auth_not_configured"
    assert (
        "CHAO_API_AUTH_SECRET" in error["message"] and "CHAO_API_AUTH=disabled" in error["message"]
    )
    assert request(f"{worker.url}/metrics")[0] == 200
    log = worker.log_path.read_text(errors="replace")
    assert "no token verification configured" in log
