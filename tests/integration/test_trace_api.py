"""Reload and resume on the embedded broker with two workers: the trace endpoint and the
SSE live tail, asked of either worker."""

from __future__ import annotations

import asyncio
import http.client
import random
import threading
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import orjson
import pytest

from pipeline.dev.generate import TrafficProfile, generate_events
from pipeline.kafka.io import produce_lines
from tests.integration.conftest import api_token, bearer
from tests.integration.streaming_util import (
    assert_traces_match_topic,
    file_mode,
    read_outputs,
    wait_for_split,
    wait_until,
)

pytestmark = pytest.mark.integration


def get_json(url: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, orjson.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, orjson.loads(exc.read())


class SseClient:
    """Reads SSE messages from a worker in a thread, following one 307 redirect (with the
    same headers: a client that sends its token in Authorization re-sends it)."""

    def __init__(
        self,
        url: str,
        last_event_id: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.headers = headers or {}
        self.status: int | None = None
        self.events: list[tuple[int, str, dict[str, Any]]] = []
        self.errors: list[dict[str, Any]] = []
        self.redirected = False
        self.location: str | None = None
        self._stop = threading.Event()
        self._conn: http.client.HTTPConnection | None = None
        self._thread = threading.Thread(target=self._run, args=(url, last_event_id), daemon=True)
        self._thread.start()

    def _open(self, url: str, last_event_id: int | None) -> http.client.HTTPResponse:
        for _ in range(2):
            parts = urlsplit(url)
            conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
            headers = {"Accept": "text/event-stream", **self.headers}
            if last_event_id is not None:
                headers["Last-Event-ID"] = str(last_event_id)
            conn.request("GET", f"{parts.path}?{parts.query}", headers=headers)
            response = conn.getresponse()
            if response.status == 307:
                url = response.getheader("Location") or ""
                self.location = url
                self.redirected = True
                conn.close()
                continue
            self._conn = conn
            return response
        raise AssertionError("redirected twice")

    def _run(self, url: str, last_event_id: int | None) -> None:
        response = self._open(url, last_event_id)
        self.status = response.status
        assert response.status == 200, response.status
        fields: dict[str, str] = {}
        while not self._stop.is_set():
            try:
                line = response.readline()
            except (OSError, ValueError, AttributeError):  # closed under the reader
                return
            if not line:
                return
            text = line.decode().rstrip("\n")
            if text.startswith(":"):
                continue
            if text:
                name, _, value = text.partition(": ")
                fields[name] = value
                continue
            if fields.get("event") == "error":
                self.errors.append(orjson.loads(fields["data"]))
            elif "id" in fields:
                self.events.append(
                    (int(fields["id"]), fields["event"], orjson.loads(fields["data"]))
                )
            fields = {}

    def close(self) -> None:
        self._stop.set()
        if self._conn is not None and self._conn.sock is not None:
            self._conn.sock.shutdown(2)
            self._conn.close()
        self._thread.join(10)


def test_trace_and_live_tail_from_either_worker(deploy) -> None:  # type: ignore[no-untyped-def]
    deployment = deploy()
    first, second = deployment.worker("a"), deployment.worker("b")
    first.wait_ready()
    second.wait_ready()
    wait_for_split(deployment, [first, second])

    profile = TrafficProfile(malformed_rate=0.01, duplicate_rate=0.05, violation_rate=0.2)
    lines = list(generate_events(30, seed=17, profile=profile, start=datetime.now(UTC)))
    clean, dead = file_mode(lines)
    # Follow one long session live: play the first part of the stream, connect, play the rest.
    by_session: dict[str, list[dict[str, Any]]] = {}
    for event in clean:
        by_session.setdefault(event["sessionId"], []).append(event)
    followed = max(by_session, key=lambda s: len(by_session[s]))
    first_of_followed = next(
        i for i, line in enumerate(lines) if followed.encode() in line and b'"seq":0' in line
    )
    cut = first_of_followed + 1
    bootstrap = deployment.broker.bootstrap
    asyncio.run(produce_lines(bootstrap, deployment.topics.raw, lines[:cut], seed=1))
    workers = [first, second]
    random.Random(3).shuffle(workers)

    # A client's token covers the followed session only.
    token = api_token(followed)

    def trace_known() -> bool:
        return get_json(f"{workers[0].url}/sessions/{followed}/trace", bearer(token))[0] == 200

    wait_until(trace_known, 30, "the followed session's trace")
    # As an EventSource does: the token in the query, so a redirect keeps it.
    live = SseClient(f"{workers[0].url}/sessions/{followed}/events?after=0&access_token={token}")
    # after=0: everything after seq 0; seq 0 itself comes from the trace document below.
    asyncio.run(produce_lines(bootstrap, deployment.topics.raw, lines[cut:], seed=2))
    want_followed = [e for e in by_session[followed] if e["seq"] > 0]
    wait_until(lambda: len(live.events) >= len(want_followed) // 2, 60, "half the live events")
    live.close()
    received = list(live.events)
    # Reconnect where the client stopped, through the other worker this time.
    # This time with the token in the Authorization header (re-sent on the redirect).
    resumed = SseClient(
        f"{workers[1].url}/sessions/{followed}/events", received[-1][0], headers=bearer(token)
    )
    wait_until(
        lambda: len(received) + len(resumed.events) >= len(want_followed),
        60,
        "the rest of the followed session after reconnecting",
    )
    time.sleep(0.5)  # a bounded window in which a repeat or extra event would show up
    resumed.close()
    got = [data for _, _, data in received + resumed.events]
    assert got == want_followed, "live tail + resume must give each event once, in order"
    assert [seq for seq, _, _ in received + resumed.events] == [e["seq"] for e in got]
    assert not live.errors and not resumed.errors
    # One of the two connections reached the worker that does not own the session.
    assert live.redirected != resumed.redirected
    # The redirect keeps the query (so an EventSource's access_token goes along) and adds
    # no token that was not in it.
    redirect = live.location or resumed.location or ""
    assert ("access_token=" in redirect) == live.redirected

    # Every session's trace, asked of either worker, is what the clean topic carries.
    records = read_outputs(deployment, len(clean), len(dead), timeout=90)
    session_records = records[deployment.topics.session_events]
    documents = assert_traces_match_topic([first, second], session_records)
    assert set(documents) == set(by_session)
    for document in documents.values():
        events = document["events"]
        for card in document["toolCards"]:
            if card["callId"] in {e["data"]["callId"] for e in events if e["family"] == "tool"}:
                assert card in [e["data"] for e in events if e["family"] == "tool"] or any(
                    card in (e["data"].get("toolCalls") or []) for e in events
                )
    # Nothing dropped or dead-lettered is served: the canary never appears.
    for session_id in documents:
        status, body = first.get(f"/sessions/{session_id}/trace")  # an operator's token
        assert status == 200 and profile.canary.encode() not in body

    operator = deployment.api_headers
    assert get_json(f"{first.url}/sessions/s-no-such-session/trace", operator)[0] == 404
    status, error = get_json(f"{second.url}/sessions/{'x' * 300}/trace", operator)
    assert status == 400 and error["error"] == "invalid_session_id"
    status, error = get_json(f"{second.url}/sessions/{followed}/events?after=abc", operator)
    assert status == 400 and error["error"] == "invalid_seq" and "abc" not in error["message"]
