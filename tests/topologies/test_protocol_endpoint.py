"""``GET /sessions/{id}/events?protocol=ag-ui|ai-sdk`` over HTTP, in process, without a
broker: the worker's real aiohttp application (as tests/topologies/test_http_api.py) serving the
fixtures' sessions.

What goes over the wire must be exactly the adapters' frames (``pipeline.protocols``, whose
mapping the conformance tests check with the client libraries): whole, resumed after
every frame id (``Last-Event-ID`` and ``?after=``), then live; stream errors in each
protocol's own error form. The real clients on a live worker: clients/conformance/live.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import orjson
import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from pipeline.api.settings import ApiSettings
from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.protocols import ProtocolStream, parse_resume_point
from pipeline.trace import TraceSettings
from tests.api_util import SECRET, claims, hs256
from tests.conftest import FIXTURES
from tests.fixtures_util import by_session, expected
from topologies.pipeline_app import PipelineTopology

_APPS = iter(range(10_000))
FIXTURE_NAMES = sorted(
    p.name.removesuffix(".expected.jsonl") for p in FIXTURES.glob("*.expected.jsonl")
)
SESSIONS: dict[str, list[dict[str, Any]]] = {}
for _name in FIXTURE_NAMES:
    SESSIONS.update(by_session(expected(_name)))
# Minted at import: valid for a whole test run, however long a loaded machine makes it
# (with the default 10 min it expired before these tests ran in a 16 min full run: 401).
OPERATOR = {"Authorization": f"Bearer {hs256(claims(scope='sessions:read:*', ttl=6 * 3600))}"}
Message = dict[str, Any]  # {"id": str | None, "event": str | None, "data": dict}


def topology(
    sessions: dict[str, list[dict[str, Any]]] | None = None,
    *,
    keepalive_s: float = 15.0,
    max_events: int = 1000,
    **api: Any,
) -> PipelineTopology:
    app_id = f"protocol-endpoint-{next(_APPS)}"
    built = PipelineTopology(
        WorkerSettings(broker="kafka://127.0.0.1:9", app_id=app_id, partitions=4),
        PipelineConfig(topics=TopicNames(raw=f"{app_id}.raw")),
        trace_settings=TraceSettings(sse_keepalive_s=keepalive_s, max_events=max_events),
        api_settings=ApiSettings(**{"auth_secret": SECRET, **api}),
    )
    assert built.traces is not None
    for events in (SESSIONS if sessions is None else sessions).values():
        append(built, events)
    built.ready = True  # as after the first rebalance: its sessions are recovered
    return built


def append(built: PipelineTopology, events: list[dict[str, Any]]) -> None:
    assert built.traces is not None
    built.traces.append([(event, orjson.dumps(event)) for event in events])


@asynccontextmanager
async def client(built: PipelineTopology) -> AsyncIterator[TestClient[Any, Any]]:
    server = TestServer(built.app.web.web_app)
    await server.start_server()
    async with TestClient(server) as test_client:
        yield test_client


def run(
    built: PipelineTopology, scenario: Callable[[TestClient[Any, Any]], Awaitable[None]]
) -> None:
    async def main() -> None:
        async with client(built) as test_client:
            await scenario(test_client)

    asyncio.run(main())


async def read_messages(response: ClientResponse, count: int, timeout: float = 10) -> list[Message]:
    """The next ``count`` SSE messages (comments skipped)."""

    async def read() -> list[Message]:
        messages: list[Message] = []
        fields: dict[str, str] = {}
        while len(messages) < count:
            line = (await response.content.readline()).decode()
            if not line:
                raise AssertionError(f"stream ended after {len(messages)} of {count} messages")
            line = line.rstrip("\n")
            if line.startswith(":"):
                continue
            if line:
                name, _, value = line.partition(": ")
                fields[name] = value
                continue
            if "data" not in fields:
                continue  # the blank line after a comment: no message (SSE)
            messages.append(
                {
                    "id": fields.get("id"),
                    "event": fields.get("event"),
                    "data": orjson.loads(fields["data"]),
                }
            )
            fields = {}
        return messages

    return await asyncio.wait_for(read(), timeout)


def expected_messages(
    protocol: str, events: list[dict[str, Any]], after: str | None = None
) -> list[Message]:
    point = None if after is None else parse_resume_point(after)
    return [
        {"id": frame.id, "event": None, "data": frame.data}
        for frame in ProtocolStream(protocol).resume(events, point)
    ]


def events_url(session_id: str, protocol: str) -> str:
    return f"/sessions/{session_id}/events?protocol={protocol}"


@pytest.mark.parametrize("protocol", ["ag-ui", "ai-sdk"])
def test_every_fixture_session_streams_exactly_the_adapter_frames(protocol: str) -> None:
    async def scenario(c: TestClient[Any, Any]) -> None:
        for session_id, events in SESSIONS.items():
            want = expected_messages(protocol, events)
            response = await c.get(events_url(session_id, protocol), headers=OPERATOR)
            assert response.status == 200
            assert response.headers["Content-Type"] == "text/event-stream"
            header = response.headers.get("x-vercel-ai-ui-message-stream")
            assert header == ("v1" if protocol == "ai-sdk" else None)
            got = await read_messages(response, len(want))
            assert got == want, session_id
            assert got[-1]["id"] == str(events[-1]["seq"])  # the last frame: the clean seq
            response.close()

    run(topology(), scenario)


@pytest.mark.parametrize("protocol", ["ag-ui", "ai-sdk"])
def test_resume_after_every_frame_then_live_with_no_gap_and_no_repeat(protocol: str) -> None:
    """Every frame id of the tools and policy fixtures' sessions as Last-Event-ID (and as
    ?after=): the resumed stream is the adapter's, and a live event then follows it."""
    names = {"tools", "policy"}
    sessions = {
        sid: events
        for sid, events in SESSIONS.items()
        if any(sid in by_session(expected(name)) for name in names)
    }
    assert sessions
    last_seq = max(e["seq"] for events in sessions.values() for e in events)

    async def scenario(c: TestClient[Any, Any]) -> None:
        resumes = 0
        for session_id, events in sessions.items():
            ids = [m["id"] for m in expected_messages(protocol, events) if m["id"] is not None]
            for index, frame_id in enumerate(ids):
                how = {"headers": {**OPERATOR, "Last-Event-ID": frame_id}}
                if index % 2:
                    how = {"headers": OPERATOR, "params": {"after": frame_id}}
                url = events_url(session_id, protocol)
                response = await c.get(url, **how)  # type: ignore[arg-type]
                assert response.status == 200
                want = expected_messages(protocol, events, frame_id)
                assert await read_messages(response, len(want)) == want, (session_id, frame_id)
                response.close()
                resumes += 1
        assert resumes > 50

        # Then live: a new event of one session reaches a resumed stream as its next frames.
        session_id, events = next(iter(sessions.items()))
        response = await c.get(
            events_url(session_id, protocol),
            headers={**OPERATOR, "Last-Event-ID": str(events[-1]["seq"])},
        )
        preamble = expected_messages(protocol, events, str(events[-1]["seq"]))
        assert all(m["id"] is None for m in preamble)
        live = {**events[-1], "seq": last_seq + 1, "eventId": "e-live", "terminal": False}
        live.update(type="message.delta", family="message")
        live["data"] = {"messageId": "m-live", "delta": "more"}
        append(built, [live])
        stream = ProtocolStream(protocol)
        stream.resume(events)
        frames = stream.feed(live)
        want = preamble + [{"id": f.id, "event": None, "data": f.data} for f in frames]
        assert await read_messages(response, len(want)) == want
        response.close()

    built = topology(sessions)
    run(built, scenario)


def test_the_clean_stream_accepts_frame_ids_and_stays_as_it_was() -> None:
    session_id, events = next(iter(SESSIONS.items()))
    seq = events[1]["seq"]

    async def scenario(c: TestClient[Any, Any]) -> None:
        for protocol in ("", "?protocol=clean"):
            response = await c.get(
                f"/sessions/{session_id}/events{protocol}",
                headers={**OPERATOR, "Last-Event-ID": str(seq)},
            )
            got = await read_messages(response, 1)
            assert got[0]["id"] == str(events[2]["seq"]) and got[0]["event"] == events[2]["type"]
            assert "x-vercel-ai-ui-message-stream" not in response.headers
            response.close()
        # Part of a seq (a frame id of another protocol): the clean stream sends the seq again.
        response = await c.get(
            f"/sessions/{session_id}/events", params={"after": f"{seq}:0"}, headers=OPERATOR
        )
        got = await read_messages(response, 1)
        assert got[0]["id"] == str(seq) and got[0]["data"] == events[1]
        response.close()

    run(topology(), scenario)


def test_invalid_protocol_and_resume_points_are_refused_after_the_token() -> None:
    session_id = next(iter(SESSIONS))

    async def scenario(c: TestClient[Any, Any]) -> None:
        response = await c.get(events_url(session_id, "graphql"))
        assert response.status == 401  # the token first: nothing learnt without one
        response = await c.get(events_url(session_id, "graphql"), headers=OPERATOR)
        body = await response.json()
        assert response.status == 400 and body["error"] == "invalid_protocol"
        for header, after, field in (
            ("12:x", None, "Last-Event-ID"),
            (None, "-1", "after"),
            (None, "1:2:3", "after"),
            (None, "99999999999999999", "after"),
        ):
            headers = {**OPERATOR, **({"Last-Event-ID": header} if header else {})}
            params = {"after": after} if after else {}
            response = await c.get(events_url(session_id, "ag-ui"), headers=headers, params=params)
            body = await response.json()
            assert response.status == 400 and body["error"] == "invalid_seq"
            assert field in body["message"]
            assert (header or after) not in body["message"]

    run(topology(), scenario)


def _error_of(protocol: str, message: Message) -> str:
    """The stream error code carried by a protocol's error message."""
    assert message["id"] is None  # the client's Last-Event-ID stays where it was
    data = message["data"]
    if protocol == "ag-ui":
        assert data["type"] == "RUN_ERROR" and data["message"]
        return str(data["code"])
    assert data["type"] == "error"
    code, _, text = str(data["errorText"]).partition(": ")
    assert text
    return code


@pytest.mark.parametrize("protocol", ["ag-ui", "ai-sdk"])
def test_stream_errors_in_the_protocols_own_form(protocol: str) -> None:
    session_id, events = next((s, e) for s, e in SESSIONS.items() if len(e) > 4)
    whole = expected_messages(protocol, events)

    async def reassigned(c: TestClient[Any, Any]) -> None:
        response = await c.get(events_url(session_id, protocol), headers=OPERATOR)
        assert await read_messages(response, len(whole)) == whole
        assert built.traces is not None
        assert built.traces.tail.end("reassigned", "the session moved; reconnect") == 1
        [error] = await read_messages(response, 1)
        assert _error_of(protocol, error) == "reassigned"
        assert await asyncio.wait_for(response.content.read(), 5) == b""  # then it ends

    built = topology({session_id: events})
    run(built, reassigned)

    async def too_far_behind(c: TestClient[Any, Any]) -> None:
        # Bounded to 2 events: the first ones were dropped; a point before them is too old.
        for point in (str(events[0]["seq"]), f"{events[-3]['seq']}:0"):
            response = await c.get(
                events_url(session_id, protocol), headers={**OPERATOR, "Last-Event-ID": point}
            )
            [error] = await read_messages(response, 1)
            assert _error_of(protocol, error) == "too_far_behind"
            assert await asyncio.wait_for(response.content.read(), 5) == b""
        # A whole-seq point at the last dropped seq: every frame after it is computable.
        dropped_through = events[-3]["seq"]
        response = await c.get(
            events_url(session_id, protocol),
            headers={**OPERATOR, "Last-Event-ID": str(dropped_through)},
        )
        want = expected_messages(protocol, events[-2:], str(dropped_through))
        assert await read_messages(response, len(want)) == want
        response.close()

    run(topology({session_id: events}, max_events=2), too_far_behind)

    token = hs256(claims(session_id, ttl=2))

    async def token_expired(c: TestClient[Any, Any]) -> None:
        response = await c.get(
            events_url(session_id, protocol), headers={"Authorization": f"Bearer {token}"}
        )
        assert await read_messages(response, len(whole)) == whole
        [error] = await read_messages(response, 1, timeout=30)
        assert _error_of(protocol, error) == "token_expired"

    run(topology({session_id: events}, keepalive_s=0.2, leeway_s=0), token_expired)


def _sse_data(body: bytes) -> list[dict[str, Any]]:
    messages = [m for m in body.decode().split("\n\n") if m]
    assert all(not m.startswith("id:") for m in messages)  # errors never carry an id
    return [orjson.loads(m.removeprefix("data: ")) for m in messages]


def test_an_ag_ui_stream_error_is_a_run_error_the_verifier_accepts_where_it_comes() -> None:
    """The AG-UI verifier takes a RUN_ERROR first, inside a run and after RUN_FINISHED, but
    after a RUN_ERROR only a RUN_STARTED: the errored run is re-opened first."""
    error = {"type": "RUN_ERROR", "message": "m", "code": "token_expired"}
    assert _sse_data(ProtocolStream("ag-ui").error("token_expired", "m")) == [error]
    tools = by_session(expected("tools"))["s-tools"]
    assert tools[-1]["type"] == "run.failed"  # the stream ends with a RUN_ERROR of its own
    stream = ProtocolStream("ag-ui")
    frames = stream.resume(tools)
    assert frames[-1].data["type"] == "RUN_ERROR"
    reopened, got = _sse_data(stream.error("token_expired", "m"))
    started = next(f.data for f in reversed(frames) if f.data["type"] == "RUN_STARTED")
    assert reopened == started and got == error
    basic = by_session(expected("basic"))["s-basic"]
    stream = ProtocolStream("ag-ui")
    assert stream.resume(basic)[-1].data["type"] == "RUN_FINISHED"
    assert _sse_data(stream.error("slow_consumer", "m")) == [{**error, "code": "slow_consumer"}]
    ai = ProtocolStream("ai-sdk")
    ai.resume(tools)
    assert _sse_data(ai.error("reassigned", "moved")) == [
        {"type": "error", "errorText": "reassigned: moved"}
    ]
