"""Stream limits (pipeline.api.limits) and the log filter for credentials
(pipeline.api.redact), without a web server."""

from __future__ import annotations

import logging
import sys

import pytest

from pipeline.api.errors import ApiError
from pipeline.api.limits import StreamLimiter
from pipeline.api.redact import RedactCredentials, redact_credentials
from tests.api_util import claims, hs256


def test_limits_per_token_and_per_worker() -> None:
    limiter = StreamLimiter(max_total=3, max_per_token=2)
    a1, a2 = limiter.acquire("a"), limiter.acquire("a")
    with pytest.raises(ApiError) as caught:
        limiter.acquire("a")
    assert caught.value.status == 429 and caught.value.headers["Retry-After"].isdigit()
    assert "token" in caught.value.message
    b1 = limiter.acquire("b")
    with pytest.raises(ApiError) as caught:
        limiter.acquire("c")
    assert "worker" in caught.value.message
    a1.release()
    a1.release()  # twice: counted once
    assert limiter.total == 2 and limiter.streams_of("a") == 1
    c1 = limiter.acquire("c")
    for lease in (a2, b1, c1):
        lease.release()
    assert limiter.total == 0 and limiter.streams_of("a") == 0
    # Without a token (auth disabled): only the worker's limit counts.
    leases = [limiter.acquire(None) for _ in range(3)]
    with pytest.raises(ApiError):
        limiter.acquire(None)
    for lease in leases:
        lease.release()
    with pytest.raises(ValueError):
        StreamLimiter(0, 1)


def test_redact_credentials_in_text() -> None:
    token = hs256(claims("s-1"))
    line = f'"GET /sessions/s-1/events?after=3&access_token={token}&x=1 HTTP/1.1" 200'
    assert token not in redact_credentials(line)
    assert "access_token=<redacted>&x=1" in redact_credentials(line)
    assert redact_credentials(f"Authorization: Bearer {token}") == (
        "Authorization: Bearer <redacted>"
    )
    assert token not in redact_credentials(f"url='http://h:1/x?{token}'")
    plain = "rebalance complete: partitions [0, 1], 12 sessions held"
    assert redact_credentials(plain) is plain


def test_the_filter_rewrites_messages_arguments_and_tracebacks() -> None:
    token = hs256(claims("s-1"))
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed: %s", (token,), None)
    try:
        raise RuntimeError(f"http://w:1/sessions/s-1/trace?access_token={token}")
    except RuntimeError:
        record.exc_info = sys.exc_info()
    assert RedactCredentials().filter(record)
    assert token not in record.getMessage() and "<redacted>" in record.getMessage()
    assert record.exc_text is not None and token not in record.exc_text
    formatted = logging.Formatter().format(record)
    assert token not in formatted and "RuntimeError" in formatted
