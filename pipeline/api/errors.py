"""The HTTP API's refusals as data: status, body and headers, built without a web framework.

Every refusal is an :class:`ApiError`; the topology turns it into a response with the one
error body of the API (``{"error": "<code>", "message": "<text>"}``,
:func:`pipeline.trace.http.error_document`). Messages are fixed texts: they never quote a token,
a secret, a claim value or a library's exception text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from pipeline.errors import PipelineError
from pipeline.trace.http import error_document

REALM: Final = "chao-pipeline"
# Seconds a client is told to wait (Retry-After) before trying again after a 429 or 503.
RETRY_AFTER_S: Final = 5


# Not frozen: Python sets attributes such as __traceback__ on exceptions it handles.
@dataclass(eq=False)
class ApiError(PipelineError):
    """A request the API refuses: ``status``, the body's ``code`` and ``message``, and the
    headers that go with it (``WWW-Authenticate``, ``Retry-After``)."""

    status: int
    code: str
    message: str
    headers: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.status} {self.code}: {self.message}"

    def body(self) -> dict[str, str]:
        return error_document(self.code, self.message)


def bearer_challenge(error: str | None = None, description: str | None = None) -> str:
    """A ``WWW-Authenticate`` value (RFC 6750 section 3).

    A request with no token gets the bare challenge (``Bearer realm="..."``): the RFC says
    not to include an error code when the client sent no authentication at all. Every other
    refusal names the RFC's code (``invalid_request``, ``invalid_token``,
    ``insufficient_scope``) and a fixed description.
    """
    parts = [f'realm="{REALM}"']
    if error is not None:
        parts.append(f'error="{error}"')
    if description is not None:
        # A quoted-string: the descriptions are fixed ASCII texts without quotes.
        parts.append(f'error_description="{description}"')
    return "Bearer " + ", ".join(parts)


def missing_token() -> ApiError:
    return ApiError(
        401,
        "missing_token",
        "this endpoint needs a token: send 'Authorization: Bearer <token>' or, from an "
        "EventSource, '?access_token=<token>'",
        {"WWW-Authenticate": bearer_challenge()},
    )


def invalid_request(message: str) -> ApiError:
    return ApiError(
        400,
        "invalid_request",
        message,
        {"WWW-Authenticate": bearer_challenge("invalid_request", message)},
    )


def invalid_token(message: str, code: str = "invalid_token") -> ApiError:
    """401 for a token that is malformed, badly signed, expired, not yet valid or for
    another audience; ``code`` may be more precise than the RFC's (``token_expired``)."""
    return ApiError(
        401,
        code,
        message,
        {"WWW-Authenticate": bearer_challenge("invalid_token", message)},
    )


def insufficient_scope() -> ApiError:
    message = "the token does not grant access to this session"
    return ApiError(
        403,
        "insufficient_scope",
        message,
        {"WWW-Authenticate": bearer_challenge("insufficient_scope", message)},
    )


def auth_not_configured() -> ApiError:
    return ApiError(
        503,
        "auth_not_configured",
        "the session endpoints need token verification and none is configured: set "
        "CHAO_API_AUTH_SECRET (HS256, at least 32 bytes) or CHAO_API_JWKS (a JWK Set file "
        "or URL), or CHAO_API_AUTH=disabled to serve without tokens (docs/api.md)",
    )


def keys_unavailable() -> ApiError:
    return ApiError(
        503,
        "auth_unavailable",
        "the keys that verify tokens could not be loaded; try again later",
        {"Retry-After": str(RETRY_AFTER_S)},
    )


def too_many_streams(message: str) -> ApiError:
    return ApiError(429, "too_many_streams", message, {"Retry-After": str(RETRY_AFTER_S)})


def owner_unavailable() -> ApiError:
    return ApiError(
        503,
        "owner_unavailable",
        "the worker that holds this session did not answer; try again later",
        {"Retry-After": str(RETRY_AFTER_S)},
    )


def not_ready() -> ApiError:
    """The worker is starting or rebalancing: the sessions it will hold are not recovered
    yet, so a session it does not know may be one it is about to hold (not a 404)."""
    return ApiError(
        503,
        "not_ready",
        "the worker is recovering its sessions (starting or rebalancing); retry shortly",
        {"Retry-After": str(RETRY_AFTER_S)},
    )


def header_too_large(limit: int | None) -> ApiError:
    """431 for a request the HTTP parser refused as too long (a header field or the request
    line): the parser's own answer quotes the line's start, e.g. the token."""
    size = f" of {limit} bytes" if limit is not None else ""
    return ApiError(
        431,
        "header_too_large",
        f"a header field or the request line is longer than the server's limit{size}",
    )


def bad_request() -> ApiError:
    """400 for any other request the HTTP parser cannot read (malformed, too many headers)."""
    return ApiError(400, "bad_request", "the request is not valid HTTP/1.1")
