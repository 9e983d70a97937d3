"""Credentials out of log lines: a last line of defence.

The API never logs a token, a query string or a request URL. Libraries might: aiohttp's
access log (Faust runs its server without one; ``tests/topologies/test_http_api.py`` fails if that
changes), an exception whose text quotes a URL. :class:`RedactCredentials`, a filter on
every handler of the worker's root logger, rewrites any record whose text contains an
``access_token=`` value, a ``Bearer`` credential or a JWT-shaped string.
"""

from __future__ import annotations

import logging
import re
from typing import Final

REDACTED: Final = "<redacted>"
_PATTERNS: Final = (
    (re.compile(r"(access_token=)[^&\s\"'#]*", re.IGNORECASE), rf"\g<1>{REDACTED}"),
    (re.compile(r"(bearer\s+)[A-Za-z0-9\-._~+/]+=*", re.IGNORECASE), rf"\g<1>{REDACTED}"),
    (re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*"), REDACTED),
)
# Cheap tests before the regular expressions: most records contain none of these.
_MARKERS: Final = ("access_token", "earer", "eyJ")


def redact_credentials(text: str) -> str:
    """``text`` with every token-looking part replaced by ``<redacted>``."""
    if not any(marker in text for marker in _MARKERS):
        return text
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactCredentials(logging.Filter):
    """Rewrites a record's message (and its traceback text) when it contains credentials."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: leave it to the handler's own error path
            return True
        redacted = redact_credentials(message)
        if redacted != message:
            record.msg = redacted
            record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_credentials(record.exc_text)
        return True
