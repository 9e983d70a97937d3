"""Patch of ``aiohttp.web_protocol.RequestHandler._make_error_handler``: a request that
aiohttp's HTTP parser cannot read gets the API's own error document
(:func:`pipeline.api.errors.header_too_large`, 431; :func:`~pipeline.api.errors.bad_request`,
400), which quotes nothing from the request.

Why: aiohttp answers such a request (a header or the request line over its 8190-byte
limit, too many headers, a malformed line) with a text/plain 400 whose body is the parser's
message, and the message quotes the start of the offending line: for an oversized
``Authorization`` header, the first 100 bytes of the token; for an oversized URL, its
``access_token``. It also logs the message at ERROR. The parser runs before routing and
middlewares, and neither Faust's web server nor aiohttp's ``Application`` offers a hook for
its errors: the handler aiohttp builds for them is the one place.

Only the aiohttp applications passed to :func:`apply` (a worker's web server) answer this
way; any other aiohttp server in the process answers as aiohttp does.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from aiohttp import web
from aiohttp.http_exceptions import LineTooLong
from aiohttp.web_protocol import RequestHandler

from pipeline.api import errors

PATCHED = "aiohttp.web_protocol.RequestHandler._make_error_handler"
ORIGINAL = RequestHandler._make_error_handler
MARK: Final = web.AppKey("chao_parse_errors", bool)

log = logging.getLogger("chao.api")

Handler = Callable[[web.BaseRequest], Awaitable[web.StreamResponse]]


def refusal(exc: BaseException) -> web.Response:
    """The answer to a request the parser refused with ``exc``: no text of the request."""
    if isinstance(exc, LineTooLong):
        limit = exc.args[1] if len(exc.args) > 1 and isinstance(exc.args[1], int) else None
        error = errors.header_too_large(limit)
    else:
        error = errors.bad_request()
    response = web.json_response(
        error.body(), status=error.status, headers={"Cache-Control": "no-store"}
    )
    response.force_close()  # as aiohttp does: the rest of the connection is unreadable
    return response


def make_error_handler(self: Any, err_info: Any) -> Handler:
    owner = getattr(self._request_handler, "__self__", None)
    if not isinstance(owner, web.Application) or not owner.get(MARK, False):
        handler: Handler = ORIGINAL(self, err_info)
        return handler

    async def refuse(request: web.BaseRequest) -> web.StreamResponse:
        # The exception's type only: its text quotes the request.
        log.info(
            "refused a request the HTTP parser could not read (%s)", type(err_info.exc).__name__
        )
        return refusal(err_info.exc)

    return refuse


def install() -> None:
    """Idempotent."""
    RequestHandler._make_error_handler = make_error_handler  # type: ignore[method-assign]


def apply(web_app: web.Application) -> None:
    """Requests to ``web_app`` that the parser refuses get the API's error document."""
    install()
    web_app[MARK] = True
