"""The session endpoints of a worker, behind the token check (docs/api.md).

- ``GET /sessions/{sessionId}/trace``: the trace document (``pipeline.trace``);
- ``GET /sessions/{sessionId}/events?after=SEQ`` (or ``Last-Event-ID``): Server-Sent
  Events, the held events after SEQ, then live ones; ``&protocol=ag-ui`` or
  ``&protocol=ai-sdk``: the same stream as AG-UI events or AI SDK UI message chunks
  (``pipeline.protocols``, docs/protocols.md), whose frame ids are the resume points.

Every request goes through :meth:`SessionApi.check` first (``pipeline.api.auth``: 401,
403, 503 when no key is configured), then the session id is checked (400). New endpoints
under ``/sessions/{sessionId}/`` register with :meth:`SessionApi.session_page`, which runs
the same check and hands the handler the request's :class:`~pipeline.api.auth.Grant`.

Across workers (a session's trace and stream live on the worker that owns its partition):

- the trace: a worker that does not own the session checks the token, then forwards the
  request to the owner with the same ``Authorization`` header or ``access_token``
  parameter, and relays the owner's answer (status, body, ``WWW-Authenticate``,
  ``Retry-After``). The owner checks the token again: a forwarded request is never
  trusted because it came from a peer. Not Faust's ``router.route_req``: it drops the
  answer's headers and fails with a 500 when the owner does not answer (here: 503).
- the stream: a worker that does not own the session checks the token, then answers 307
  with the owner's URL: the same path and query, so a token sent as ``access_token``
  (what an EventSource does) is in the redirect; a token sent in ``Authorization`` is not
  (curl -L and browsers drop that header on a redirect to another host or port: re-send
  it, docs/api.md). A stream is not proxied through a second worker.

A request that already passed through a worker carries :data:`FORWARDED_HEADER` and is
answered where it lands (no second hop, whatever the assignment says by then).

Limits (``pipeline.api.limits``): live streams per worker and per token; beyond them 429
with ``Retry-After``. A stream ends with an ``event: error`` (``token_expired``) once its
token expires (checked at each event and each keepalive).

CORS: with ``CHAO_API_CORS_ORIGINS`` set, these two routes answer the listed origins,
preflight included (``Authorization`` and ``Last-Event-ID`` allowed), through Faust's own
CORS support (aiohttp_cors); ``/metrics``, ``/ready`` and ``/health`` get no CORS headers.

Nothing here logs a token, a query string or a URL.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

import aiohttp
import orjson
from aiohttp import web as aioweb
from faust.types.web import ResourceOptions
from yarl import URL

from pipeline.api import errors
from pipeline.api.auth import Authenticator, Credentials, Grant, build_authenticator
from pipeline.api.errors import ApiError
from pipeline.api.limits import StreamLimiter
from pipeline.api.settings import ApiSettings
from pipeline.inspector import ASSETS, HEADERS, PAGE, PAGE_TYPE, static_file
from pipeline.protocols import EXTRA_HEADERS, PROTOCOLS, InvalidResumePoint, resume_point_of
from pipeline.protocols.live import ProtocolRenderer, clean_after
from pipeline.trace.http import valid_session_id
from pipeline.trace.sse import CleanRenderer, StreamRenderer, stream_events
from topologies.traces import Traces

log = logging.getLogger("chao.api")

TRACE_PATH: Final = "/sessions/{session_id}/trace"
EVENTS_PATH: Final = "/sessions/{session_id}/events"
INSPECT_PATH: Final = "/inspect/{session_id}"
INSPECT_ASSET_PATH: Final = "/inspect/assets/{asset}"
# Marks a request one worker sent to another (forwarded trace request).
FORWARDED_HEADER: Final = "X-Chao-Forwarded"
FORWARD_TIMEOUT_S: Final = 10.0
# Headers of the owner's answer a forwarding worker passes on.
RELAYED_HEADERS: Final = ("WWW-Authenticate", "Retry-After")
# Conversation data and refusals are for the requester only, never for a shared cache.
NO_STORE: Final = {"Cache-Control": "no-store"}
CORS_MAX_AGE_S: Final = 600

# A session endpoint: (request, sessionId, grant, credentials) -> response.
SessionHandler = Callable[[Any, str, Grant, Credentials | None], Awaitable[Any]]


def faust_web_settings() -> dict[str, Any]:
    """Faust's built-in web endpoints, all off.

    Why: ``/table/{name}/{key}/`` serves any table's values (the traces table: every
    conversation) with no check, ``/router/`` lists every worker's address and partitions,
    and the statistics pages describe internals. None of them is part of the API; the
    router keeps working without its endpoints (``app.router`` is used in-process).
    ``tests/topologies/test_http_api.py`` fails if one of them answers again.
    """
    return {
        "web_tables_enabled": False,
        "web_router_enabled": False,
        "web_stats_enabled": False,
        "web_graph_enabled": False,
        "web_metrics_enabled": False,
    }


def cors_options(origins: tuple[str, ...]) -> dict[str, ResourceOptions] | None:
    """Faust's per-route CORS options for the allowed origins (None: no CORS)."""
    if not origins:
        return None
    options = ResourceOptions(
        allow_credentials=False,  # bearer tokens, not cookies
        expose_headers=("WWW-Authenticate", "Retry-After"),
        allow_headers=("Authorization", "Last-Event-ID"),
        max_age=CORS_MAX_AGE_S,
        allow_methods=("GET",),
    )
    return {origin: options for origin in origins}


class SessionApi:
    """The session endpoints of one worker, their token check and their limits."""

    def __init__(
        self,
        app: Any,
        traces: Traces,
        settings: ApiSettings | None = None,
        authenticator: Authenticator | None = None,
        ready: Callable[[], bool] | None = None,
    ) -> None:
        self.app = app
        self.traces = traces
        # Whether the worker has recovered its sessions (None: always). While it has not, a
        # session it does not hold gets 503 not_ready, not 404: it may be about to hold it.
        self.ready = ready
        self.settings = settings or ApiSettings()
        self.auth = authenticator or build_authenticator(self.settings)
        self.limiter = StreamLimiter(self.settings.max_streams, self.settings.max_streams_per_token)
        self.cors = cors_options(self.settings.cors_origins)
        self.session_page(TRACE_PATH)(self._trace)
        self.session_page(EVENTS_PATH)(self._events)
        self._inspector_pages()
        self._say_how_it_is_protected()

    def _say_how_it_is_protected(self) -> None:
        if self.auth.mode == "disabled":
            log.warning(
                "CHAO_API_AUTH=disabled: the session endpoints serve every conversation to "
                "anyone who reaches this worker's port"
            )
        elif self.auth.mode == "unconfigured":
            log.warning(
                "no token verification configured: the session endpoints answer 503 until "
                "CHAO_API_AUTH_SECRET or CHAO_API_JWKS is set (docs/api.md)"
            )

    # -- the reusable check ------------------------------------------------------------------

    async def check(self, request: Any, session_id: str) -> tuple[Grant, Credentials | None]:
        """The token check of every session endpoint: the request's grant and credentials,
        or :class:`ApiError` (401, 403, 503; 400 for an invalid session id, after the token
        check so that an unauthenticated caller learns nothing)."""
        grant, credentials = await self.auth.authenticate(
            request.headers.get("Authorization"), request.query.getall("access_token", [])
        )
        if not valid_session_id(session_id):
            raise ApiError(400, "invalid_session_id", "not a valid sessionId")
        self.auth.authorize(grant, session_id)
        return grant, credentials

    def session_page(self, path: str) -> Callable[[SessionHandler], SessionHandler]:
        """Register ``handler`` for GET ``path`` (which has ``{session_id}``), behind
        :meth:`check`; an :class:`ApiError` it raises becomes the error response."""

        def register(handler: SessionHandler) -> SessionHandler:
            # Faust makes a View class of it: called as a method, with the view first.
            async def page(view: Any, request: Any, session_id: str) -> Any:
                try:
                    grant, credentials = await self.check(request, session_id)
                    return await handler(request, session_id, grant, credentials)
                except ApiError as exc:
                    return self.error_response(exc)

            page.__name__ = handler.__name__
            page.__doc__ = handler.__doc__
            self.app.page(path, cors_options=self.cors)(page)
            return handler

        return register

    def error_response(self, exc: ApiError) -> Any:
        return self.app.web.json(exc.body(), status=exc.status, headers={**NO_STORE, **exc.headers})

    # -- the inspector page ------------------------------------------------------------------

    def _inspector_pages(self) -> None:
        """``/inspect/{sessionId}`` and its assets (``pipeline.inspector``): static files, no
        token check (they hold no session data and no token: the page's script reads the
        token from its own URL and calls the session endpoints with it). A worker that does
        not own the session redirects the page to the owner (same path and query), so the
        page and the API it calls share an origin."""

        async def inspector_page(view: Any, request: Any, session_id: str) -> Any:
            if not valid_session_id(session_id):
                return self.error_response(
                    ApiError(400, "invalid_session_id", "not a valid sessionId")
                )
            owner = (
                None if FORWARDED_HEADER in request.headers else self.traces.owner_url(session_id)
            )
            if owner is not None:
                location = request.url.with_host(owner.host).with_port(owner.port)
                return aioweb.Response(status=307, headers={"Location": str(location), **NO_STORE})
            return self.app.web.bytes(static_file(PAGE), content_type=PAGE_TYPE, headers=HEADERS)

        async def inspector_asset(view: Any, request: Any, asset: str) -> Any:
            if asset not in ASSETS:
                return self.error_response(ApiError(404, "not_found", "no such file"))
            return self.app.web.bytes(
                static_file(asset), content_type=ASSETS[asset], headers=HEADERS
            )

        self.app.page(INSPECT_PATH)(inspector_page)
        self.app.page(INSPECT_ASSET_PATH)(inspector_asset)

    # -- the trace ---------------------------------------------------------------------------

    async def _trace(
        self, request: Any, session_id: str, grant: Grant, credentials: Credentials | None
    ) -> Any:
        owner = None if FORWARDED_HEADER in request.headers else self.traces.owner_url(session_id)
        if owner is not None:
            return await self._forward(request, owner)
        document = self.traces.document(session_id)
        if document is None:
            raise self._unknown()
        return self.app.web.bytes(
            orjson.dumps(document), content_type="application/json", headers=NO_STORE
        )

    def _unknown(self) -> ApiError:
        """The answer for a session this worker holds no trace of: 404, unless it has not
        recovered its sessions yet (then 503 not_ready: a client retries, and a restarted
        worker's clients resume instead of giving up)."""
        if self.ready is not None and not self.ready():
            return errors.not_ready()
        return ApiError(404, "unknown_session", "no trace for this session")

    async def _forward(self, request: Any, owner: URL) -> Any:
        """The owner's answer to the same request (module docstring)."""
        url = request.url.with_host(owner.host).with_port(owner.port)
        headers = {FORWARDED_HEADER: "1", "Accept": "application/json"}
        authorization = request.headers.get("Authorization")
        if authorization is not None:
            headers["Authorization"] = authorization
        try:
            async with self.app.http_client.get(
                url,
                headers=headers,
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=FORWARD_TIMEOUT_S),
            ) as response:
                body = await response.read()
                status = response.status
                content_type = response.content_type
                relayed = {
                    name: response.headers[name]
                    for name in RELAYED_HEADERS
                    if name in response.headers
                }
        except (aiohttp.ClientError, TimeoutError) as exc:
            # The exception's type only: its text may quote the URL, and so the token.
            log.warning(
                "could not forward a trace request to the worker at %s:%s: %s",
                owner.host,
                owner.port,
                type(exc).__name__,
            )
            raise errors.owner_unavailable() from None
        return self.app.web.bytes(
            body, content_type=content_type, status=status, headers={**NO_STORE, **relayed}
        )

    # -- the live tail -----------------------------------------------------------------------

    async def _events(
        self, request: Any, session_id: str, grant: Grant, credentials: Credentials | None
    ) -> Any:
        protocol = request.query.get("protocol", "clean")
        if protocol not in PROTOCOLS:
            raise ApiError(
                400, "invalid_protocol", f"protocol must be one of {', '.join(PROTOCOLS)}"
            )
        try:
            point = resume_point_of(
                request.headers.get("Last-Event-ID"), request.query.get("after")
            )
        except InvalidResumePoint as exc:
            raise ApiError(400, "invalid_seq", str(exc)) from None
        owner = None if FORWARDED_HEADER in request.headers else self.traces.owner_url(session_id)
        if owner is not None:
            location = request.url.with_host(owner.host).with_port(owner.port)
            return aioweb.Response(status=307, headers={"Location": str(location), **NO_STORE})
        if self.traces.trace(session_id) is None:
            raise self._unknown()
        renderer: StreamRenderer = (
            CleanRenderer(clean_after(point))
            if protocol == "clean"
            else ProtocolRenderer(protocol, point)
        )
        lease = self.limiter.acquire(grant.key)
        try:
            return await self._stream(request, session_id, renderer, protocol, grant)
        finally:
            lease.release()

    async def _stream(
        self,
        request: Any,
        session_id: str,
        renderer: StreamRenderer,
        protocol: str,
        grant: Grant,
    ) -> Any:
        response = aioweb.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
                **EXTRA_HEADERS[protocol],
            }
        )
        await response.prepare(request)
        if request.method == "HEAD":
            return response
        events = stream_events(
            self.traces.trace,
            self.traces.tail,
            session_id,
            None,
            keepalive_s=self.traces.settings.sse_keepalive_s,
            renderer=renderer,
        )
        expires_at = grant.expires_at
        try:
            async for chunk in events:
                if expires_at is not None and time.time() >= expires_at:
                    await response.write(
                        renderer.error(
                            "token_expired",
                            "the token has expired; reconnect with a new token and "
                            "Last-Event-ID (or ?after=) to resume",
                        )
                    )
                    break
                await response.write(chunk)
        except (ConnectionResetError, RuntimeError):
            pass  # the client went away
        finally:
            await events.aclose()
        return response
