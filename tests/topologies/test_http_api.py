"""The session endpoints over HTTP, in process, without a broker: the worker's real aiohttp
application (topologies.http_api wired by PipelineTopology) behind aiohttp's test server.

Covers each refusal with its headers, the token in the query, HEAD, the stream limits (per
token and per worker, 429 with Retry-After), a stream ended by its token's expiry, CORS,
Faust's own endpoints staying off, and that nothing logged at DEBUG carries a token or
the secret. Forwarding between two real workers: tests/integration/test_api_auth.py.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import orjson
import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from pipeline.api.redact import RedactCredentials
from pipeline.api.settings import ApiSettings
from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.models.api import ErrorBody, TraceDocument
from pipeline.trace import TraceSettings
from tests.api_util import OTHER_SECRET, SECRET, claims, hs256, unsigned
from topologies.pipeline_app import PipelineTopology

SID = "s-0123456789abcdef"
OTHER = "s-fedcba9876543210"
_APPS = iter(range(10_000))


def topology(keepalive_s: float = 15.0, **api: Any) -> PipelineTopology:
    app_id = f"http-api-{next(_APPS)}"
    built = PipelineTopology(
        WorkerSettings(broker="kafka://127.0.0.1:9", app_id=app_id, partitions=4),
        PipelineConfig(topics=TopicNames(raw=f"{app_id}.raw")),
        trace_settings=TraceSettings(sse_keepalive_s=keepalive_s),
        api_settings=ApiSettings(**{"auth_secret": SECRET, **api}),
    )
    assert built.traces is not None
    for session_id in (SID, OTHER):
        record = {
            "eventId": f"{session_id}-e0",
            "type": "message.delta",
            "sessionId": session_id,
            "runId": "run-1",
            "seq": 0,
            "ts": "2026-12-03T10:00:00.000Z",
            "family": "message",
            "terminal": False,
            "data": {"messageId": "m1", "delta": "hello"},
        }
        built.traces.append([(record, orjson.dumps(record))])
    built.ready = True  # as after the first rebalance: its sessions are recovered
    return built


@asynccontextmanager
async def client(built: PipelineTopology, **server: Any) -> AsyncIterator[TestClient[Any, Any]]:
    test_server = TestServer(built.app.web.web_app)
    await test_server.start_server(**server)  # e.g. access_log=None, as Faust's runner has
    async with TestClient(test_server) as test_client:
        yield test_client


def run(
    built: PipelineTopology,
    scenario: Callable[[TestClient[Any, Any]], Awaitable[None]],
    **server: Any,
) -> None:
    async def main() -> None:
        async with client(built, **server) as test_client:
            await scenario(test_client)

    asyncio.run(main())


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def error_of(response: ClientResponse) -> dict[str, Any]:
    assert response.content_type == "application/json"
    body: dict[str, Any] = ErrorBody.model_validate(await response.json()).model_dump()
    assert response.headers["Cache-Control"] == "no-store"
    return body


# -- refusals ------------------------------------------------------------------------------------


def test_each_refusal_with_its_status_headers_and_body() -> None:
    good = hs256(claims(SID))

    async def scenario(c: TestClient[Any, Any]) -> None:
        for path in (f"/sessions/{SID}/trace", f"/sessions/{SID}/events"):
            response = await c.get(path)
            assert response.status == 401
            assert response.headers["WWW-Authenticate"] == 'Bearer realm="chao-pipeline"'
            assert (await error_of(response))["error"] == "missing_token"
            cases = {
                "garbage": ("garbage", 401, "invalid_token"),
                "wrong signature": (hs256(claims(SID), OTHER_SECRET), 401, "invalid_token"),
                "alg none": (unsigned(claims(SID)), 401, "invalid_token"),
                "expired": (hs256(claims(SID, ttl=-120)), 401, "token_expired"),
                "not yet valid": (
                    hs256(claims(SID, nbf=int(time.time()) + 600)),
                    401,
                    "invalid_token",
                ),
                "wrong audience": (hs256(claims(SID, aud="other")), 401, "invalid_token"),
                "another session": (hs256(claims(OTHER)), 403, "insufficient_scope"),
            }
            for name, (token, status, code) in cases.items():
                for how in ("header", "query"):
                    if how == "header":
                        response = await c.get(path, headers=bearer(token))
                    else:
                        response = await c.get(path, params={"access_token": token})
                    assert response.status == status, (path, name, how)
                    body = await error_of(response)
                    assert body["error"] == code, (path, name, how)
                    challenge = response.headers["WWW-Authenticate"]
                    rfc_code = "insufficient_scope" if status == 403 else "invalid_token"
                    assert f'error="{rfc_code}"' in challenge
                    assert token not in challenge and token not in body["message"]
            same = await c.get(path, headers=bearer(good), params={"access_token": good})
            assert same.status == 200
            same.close()
            other_token = hs256(claims(OTHER))
            both = await c.get(path, headers=bearer(good), params={"access_token": other_token})
            assert both.status == 400 and (await error_of(both))["error"] == "invalid_request"
            # The token is checked before the session id: no token, nothing learned.
            assert (await c.get("/sessions/bad%20id/trace")).status == 401
            invalid = await c.get("/sessions/bad%20id/trace", headers=bearer(good))
            assert (await error_of(invalid))["error"] == "invalid_session_id"
        unknown = hs256(claims("s-unknown"))
        response = await c.get("/sessions/s-unknown/trace", headers=bearer(unknown))
        assert response.status == 404 and (await error_of(response))["error"] == "unknown_session"

    run(topology(), scenario)


def test_a_covering_token_reads_the_trace_and_the_stream() -> None:
    token = hs256(claims(SID))
    operator = hs256(claims(scope="sessions:read:*"))

    async def scenario(c: TestClient[Any, Any]) -> None:
        for headers, params in ((bearer(token), {}), ({}, {"access_token": token})):
            response = await c.get(f"/sessions/{SID}/trace", headers=headers, params=params)
            assert response.status == 200 and response.headers["Cache-Control"] == "no-store"
            document = TraceDocument.model_validate(await response.json())
            assert document.sessionId == SID and document.lastSeq == 0
        response = await c.get(f"/sessions/{OTHER}/trace", headers=bearer(operator))
        assert response.status == 200
        stream = await c.get(f"/sessions/{SID}/events", params={"access_token": token})
        assert stream.status == 200 and stream.content_type == "text/event-stream"
        assert await stream.content.readline() == b"id: 0\n"
        stream.close()
        head = await c.head(f"/sessions/{SID}/events", headers=bearer(token))
        assert head.status == 200 and head.headers["Content-Type"] == "text/event-stream"

    run(topology(), scenario)


def test_a_worker_that_has_not_recovered_its_sessions_answers_503_not_404() -> None:
    built = topology()
    built.ready = False  # starting: the first rebalance (and recovery) is not done
    token = hs256(claims(scope="sessions:read:*"))

    async def scenario(c: TestClient[Any, Any]) -> None:
        unknown = "s-not-recovered-yet"
        for path in (f"/sessions/{unknown}/trace", f"/sessions/{unknown}/events"):
            response = await c.get(path, headers=bearer(token))
            assert response.status == 503 and response.headers["Retry-After"] == "5"
            assert (await error_of(response))["error"] == "not_ready"
        response = await c.get(f"/sessions/{SID}/trace", headers=bearer(token))
        assert response.status == 200  # a session it holds is served
        built.ready = True
        response = await c.get(f"/sessions/{unknown}/trace", headers=bearer(token))
        assert response.status == 404 and (await error_of(response))["error"] == "unknown_session"

    run(built, scenario)


def test_unconfigured_answers_503_and_disabled_serves_without_a_token() -> None:
    async def unconfigured(c: TestClient[Any, Any]) -> None:
        response = await c.get(f"/sessions/{SID}/trace", headers=bearer(hs256(claims(SID))))
        assert response.status == 503
        body = await error_of(response)
        assert body["error"] == "auth_not_configured" and "CHAO_API_AUTH_SECRET" in body["message"]
        # Open (it carries no conversation text); /metrics and /ready need a running
        # consumer: tests/integration/test_api_auth.py.
        assert (await c.get("/health")).status == 200

    run(topology(auth_secret=None), unconfigured)

    async def disabled(c: TestClient[Any, Any]) -> None:
        assert (await c.get(f"/sessions/{SID}/trace")).status == 200

    run(topology(auth="disabled", auth_secret=None), disabled)


def test_faust_builtin_endpoints_stay_off_and_there_is_no_access_log() -> None:
    built = topology(auth="disabled")

    async def scenario(c: TestClient[Any, Any]) -> None:
        # /table/{name}/{key}/ would serve a trace with no check at all.
        for path in (f"/table/traces/{SID}/", "/table/", "/router/", "/graph/", "/stats/"):
            assert (await c.get(path)).status == 404, path

    run(built, scenario)
    # aiohttp's access log would write each request line, query string (access_token)
    # included: Faust runs its server without one.
    assert built.app.web._runner._kwargs.get("access_log", "default") is None


# -- what the HTTP parser refuses ----------------------------------------------------------------


async def raw_exchange(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """One request as bytes on a fresh connection (no client library between: it might
    refuse to send it); the status, headers and body of the answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 10)  # the server closes after it
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in header_lines)
    return int(status_line.split()[1]), headers, body


def test_what_the_parser_refuses_is_answered_with_the_error_document_quoting_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """aiohttp's own answer to an Authorization header over its 8190-byte limit is a 400
    whose text quotes the header's first 100 bytes: the token (topologies/patches/
    parse_errors.py). The worker answers 431 with the API's error document instead."""
    token = hs256(claims(SID))
    oversized = token + "A" * 9000  # the token's start is what aiohttp used to quote
    path = f"/sessions/{SID}/trace"
    requests = {
        "header": (f"GET {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {oversized}\r\n\r\n"),
        "url": f"GET {path}?access_token={oversized} HTTP/1.1\r\nHost: x\r\n\r\n",
        "malformed": f"GET {path} HTTP/1.1\r\nHost: x\r\nAuthorization {token}\r\n\r\n",
    }
    answers = {}

    async def scenario(c: TestClient[Any, Any]) -> None:
        port = c.server.port
        assert port is not None
        for name, request in requests.items():
            answers[name] = await raw_exchange(port, request.encode())
        # The connection is closed after a refusal, and the server goes on answering.
        assert (await c.get(path, headers=bearer(token))).status == 200

    caplog.set_level(logging.DEBUG)
    run(topology(), scenario, access_log=None)
    expected = {"header": (431, "header_too_large"), "url": (431, "header_too_large")}
    for name, (status, headers, body) in answers.items():
        document = ErrorBody.model_validate(orjson.loads(body)).model_dump()
        assert (status, document["error"]) == expected.get(name, (400, "bad_request")), name
        assert headers["Content-Type"].startswith("application/json"), name
        assert headers["Cache-Control"] == "no-store", name
        assert token[:20].encode() not in body and b"Bearer" not in body, name
    assert "8190 bytes" in orjson.loads(answers["header"][2])["message"]
    logged = " ".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)
    assert "refused a request the HTTP parser could not read (LineTooLong)" in logged
    assert token[:20] not in logged


def test_another_aiohttp_server_answers_parser_errors_as_aiohttp_does() -> None:
    """The patch is the worker's only: aiohttp's own answer still quotes the line (which is
    why the patch exists; if an upgrade stops quoting it, the patch may go)."""
    from aiohttp import web

    topology()  # a worker's app exists in this process: the patch is installed

    async def main() -> bytes:
        server = TestServer(web.Application())
        await server.start_server()
        try:
            assert server.port is not None
            request = (
                f"GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer s3cret{'A' * 9000}\r\n\r\n"
            )
            status, _, body = await raw_exchange(server.port, request.encode())
            assert status == 400
            return body
        finally:
            await server.close()

    assert b"Bearer s3cret" in asyncio.run(main())


# -- limits --------------------------------------------------------------------------------------


def test_stream_limits_per_token_and_per_worker() -> None:
    tokens = [hs256(claims(SID, jti=str(n))) for n in range(3)]

    async def scenario(c: TestClient[Any, Any]) -> None:
        async def open_stream(token: str) -> ClientResponse:
            return await c.get(f"/sessions/{SID}/events", headers=bearer(token))

        first = [await open_stream(tokens[0]) for _ in range(2)]
        assert [r.status for r in first] == [200, 200]
        refused = await open_stream(tokens[0])
        assert refused.status == 429 and refused.headers["Retry-After"].isdigit()
        body = await error_of(refused)
        assert body["error"] == "too_many_streams" and "token" in body["message"]
        second = await open_stream(tokens[1])  # another token: room left on the worker
        assert second.status == 200
        full = await open_stream(tokens[2])  # the worker's 3 streams are open
        assert full.status == 429 and "worker" in (await error_of(full))["message"]
        first[0].close()  # a client leaves: its stream's place is free again
        await asyncio.sleep(0.3)
        again = await open_stream(tokens[2])
        assert again.status == 200
        for response in (first[1], second, again):
            response.close()

    built = topology(max_streams=3, max_streams_per_token=2, keepalive_s=0.1)
    run(built, scenario)
    assert built.api is not None


def test_a_stream_ends_when_its_token_expires() -> None:
    token = hs256(claims(SID, ttl=2))

    async def scenario(c: TestClient[Any, Any]) -> None:
        response = await c.get(f"/sessions/{SID}/events", headers=bearer(token))
        assert response.status == 200
        body = await asyncio.wait_for(response.content.read(), timeout=15)
        assert b"event: error" in body and b'"error":"token_expired"' in body
        assert body.startswith(b"id: 0\n")

    run(topology(keepalive_s=0.2, leeway_s=0), scenario)


# -- CORS ----------------------------------------------------------------------------------------


def test_cors_for_listed_origins_only() -> None:
    allowed, other = "https://app.example.com", "https://evil.example"

    async def scenario(c: TestClient[Any, Any]) -> None:
        preflight = {
            "Origin": allowed,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization",
        }
        response = await c.options(f"/sessions/{SID}/events", headers=preflight)
        assert response.status == 200
        assert response.headers["Access-Control-Allow-Origin"] == allowed
        assert "authorization" in response.headers["Access-Control-Allow-Headers"].lower()
        assert "Access-Control-Allow-Credentials" not in response.headers
        response = await c.options(f"/sessions/{SID}/trace", headers={**preflight, "Origin": other})
        assert response.status == 403 and "Access-Control-Allow-Origin" not in response.headers
        # The answers themselves, errors included, carry the headers a page may read.
        response = await c.get(f"/sessions/{SID}/trace", headers={"Origin": allowed})
        assert response.status == 401
        assert response.headers["Access-Control-Allow-Origin"] == allowed
        assert "WWW-Authenticate" in response.headers["Access-Control-Expose-Headers"]
        response = await c.get(f"/sessions/{SID}/trace", headers={"Origin": other})
        assert "Access-Control-Allow-Origin" not in response.headers
        response = await c.get("/health", headers={"Origin": allowed})
        assert "Access-Control-Allow-Origin" not in response.headers

    run(topology(cors_origins=f"{allowed}, https://other.example.com"), scenario)

    async def no_cors(c: TestClient[Any, Any]) -> None:
        response = await c.get(f"/sessions/{SID}/trace", headers={"Origin": allowed})
        assert "Access-Control-Allow-Origin" not in response.headers

    run(topology(), no_cors)


# -- logs ----------------------------------------------------------------------------------------


def test_no_token_or_secret_in_any_log_record_at_debug(caplog: pytest.LogCaptureFixture) -> None:
    tokens = [
        hs256(claims(SID)),
        hs256(claims(OTHER)),
        hs256(claims(SID, ttl=-120)),
        hs256(claims(SID), OTHER_SECRET),
        unsigned(claims(SID)),
    ]

    async def scenario(c: TestClient[Any, Any]) -> None:
        for token in tokens:
            for path in (
                f"/sessions/{SID}/trace",
                f"/sessions/{SID}/events",
                "/sessions/x y/trace",
            ):
                for response in (
                    await c.get(path, headers=bearer(token)),
                    await c.get(path, params={"access_token": token}),
                    await c.get(path, headers=bearer(token), params={"access_token": token}),
                ):
                    if response.content_type == "text/event-stream":
                        await response.content.readline()
                    response.close()

    def leaks(records: list[logging.LogRecord]) -> list[str]:
        found = []
        for record in records:
            text = record.getMessage() + (record.exc_text or "")
            if any(s in text for s in (*tokens, SECRET, OTHER_SECRET, "access_token=eyJ")):
                found.append(f"{record.name}: {text[:200]}")
        return found

    caplog.set_level(logging.DEBUG)
    # As the worker runs it: aiohttp's server without an access log (Faust's AppRunner).
    run(topology(keepalive_s=0.1), scenario, access_log=None)
    assert caplog.records  # something was logged: the check below looks at real lines
    assert not leaks(caplog.records)

    # With an access log (aiohttp's default, as a future Faust might turn on) its lines
    # quote the query string: the worker's log filter (pipeline.api.redact) rewrites them.
    caplog.clear()
    caplog.handler.addFilter(RedactCredentials())
    run(topology(keepalive_s=0.1), scenario)
    access = [r for r in caplog.records if r.name == "aiohttp.access"]
    assert any("access_token=<redacted>" in r.getMessage() for r in access)
    assert not leaks(caplog.records)
