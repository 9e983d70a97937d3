"""The session inspector page (/inspect/{sessionId}) as the worker serves it, in process;
its files in the wheel. The page in a real browser: clients/conformance/live
(inspector.browser.test.ts)."""

from __future__ import annotations

import logging
import zipfile
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from yarl import URL

from pipeline.api.redact import RedactCredentials
from pipeline.inspector import ASSETS, CONTENT_SECURITY_POLICY, PAGE, static_file
from tests.api_util import claims, hs256
from tests.topologies.test_http_api import run as run_server
from tests.topologies.test_protocol_endpoint import run, topology

ROOT = Path(__file__).resolve().parents[1]
SID = "s-0123456789abcdef"


def test_the_page_and_its_assets_are_served_with_a_strict_policy() -> None:
    token = hs256(claims(SID))

    async def scenario(c: TestClient[Any, Any]) -> None:
        response = await c.get(f"/inspect/{SID}", params={"access_token": token})
        assert response.status == 200 and response.content_type == "text/html"
        body = await response.read()
        assert body == static_file(PAGE)
        assert token.encode() not in body and SID.encode() not in body  # static: no data
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["Cache-Control"] == "no-store"
        for name, content_type in ASSETS.items():
            asset = await c.get(f"/inspect/assets/{name}")
            assert asset.status == 200 and asset.content_type == content_type
            assert await asset.read() == static_file(name)
        for missing in ("nothing.js", "..%2Fpyproject.toml", "index.html"):
            response = await c.get(f"/inspect/assets/{missing}")
            assert response.status == 404
        response = await c.get("/inspect/bad%20id")
        assert response.status == 400 and (await response.json())["error"] == "invalid_session_id"

    run(topology({}), scenario)


def test_a_worker_that_does_not_own_the_session_redirects_the_page_to_the_owner() -> None:
    built = topology({})
    assert built.traces is not None
    built.traces.owner_url = lambda session_id: URL("http://127.0.0.1:6099")  # type: ignore[method-assign]

    async def scenario(c: TestClient[Any, Any]) -> None:
        response = await c.get(
            f"/inspect/{SID}", params={"access_token": "abc"}, allow_redirects=False
        )
        assert response.status == 307
        assert (
            response.headers["Location"] == f"http://127.0.0.1:6099/inspect/{SID}?access_token=abc"
        )

    run(built, scenario)


def test_the_page_loads_nothing_from_elsewhere() -> None:
    for directive in ("default-src 'none'", "script-src 'self'", "connect-src 'self'"):
        assert directive in CONTENT_SECURITY_POLICY
    page = static_file(PAGE).decode()
    assert "http://" not in page and "https://" not in page
    with pytest.raises(KeyError):
        static_file("../__init__.py")


def test_the_wheel_ships_the_page(tmp_path: Path) -> None:
    from hatchling.builders.wheel import WheelBuilder

    [wheel] = list(WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (PAGE, *ASSETS):
        assert f"pipeline/inspector/static/{name}" in names, name


def test_the_token_in_the_page_url_is_never_logged(caplog: pytest.LogCaptureFixture) -> None:
    token = hs256(claims(SID))

    async def scenario(c: TestClient[Any, Any]) -> None:
        for path in (f"/inspect/{SID}", "/inspect/bad%20id", "/inspect/assets/inspector.js"):
            response = await c.get(path, params={"access_token": token})
            await response.read()

    def leaks() -> list[str]:
        return [r.name for r in caplog.records if token in r.getMessage() + (r.exc_text or "")]

    caplog.set_level(logging.DEBUG)
    # As the worker runs it: aiohttp's server without an access log (Faust's AppRunner).
    run_server(topology({}), scenario, access_log=None)
    assert caplog.records  # the check below looks at real lines
    assert not leaks()
    # With an access log, the worker's log filter rewrites the query's token.
    caplog.clear()
    caplog.handler.addFilter(RedactCredentials())
    run_server(topology({}), scenario)
    assert any(r.name == "aiohttp.access" for r in caplog.records)
    assert not leaks()
