"""The trace endpoints' request parameters (session id, resume point) and their one
error document."""

from __future__ import annotations

import re
from typing import Final

from pydantic import TypeAdapter, ValidationError

from pipeline.models.envelope import MAX_SEQ, SessionId

_SESSION_ID: Final = TypeAdapter(SessionId)
_DIGITS: Final = re.compile(r"\A[0-9]{1,16}\Z")


class InvalidSeq(ValueError):
    """A resume point that is not a seq; ``field`` names the header or parameter."""

    def __init__(self, field_name: str) -> None:
        super().__init__(f"{field_name} must be an integer seq from 0 to {MAX_SEQ}")
        self.field = field_name


def valid_session_id(value: object) -> bool:
    """True when ``value`` is a session id the pipeline accepts (contract section 1).

    The same constraint as the envelope, so an id that can never have a trace gets a 400,
    not a 404.
    """
    try:
        _SESSION_ID.validate_python(value)
    except ValidationError:
        return False
    return True


def parse_last_event_id(header: str | None, after_param: str | None) -> int | None:
    """The resume point of an SSE request: the seq after which to send events, or None.

    ``Last-Event-ID`` (sent by a reconnecting EventSource) wins over ``?after=``; an empty
    header counts as absent, as the SSE spec has clients omit it when they have no id. A
    value that is not a decimal integer from 0 to 2^53-1 raises :class:`InvalidSeq` naming
    the field (never echoing the value).
    """
    if header is not None and header.strip():
        return _parse_seq("Last-Event-ID", header)
    if after_param is not None:
        return _parse_seq("after", after_param)
    return None


def _parse_seq(field_name: str, raw: str) -> int:
    text = raw.strip()
    if not _DIGITS.match(text):
        raise InvalidSeq(field_name)
    value = int(text)
    if value > MAX_SEQ:
        raise InvalidSeq(field_name)
    return value


def error_document(code: str, message: str) -> dict[str, str]:
    """The one error body of the trace endpoints, in HTTP responses and SSE error events."""
    return {"error": code, "message": message}
