"""How many live streams a worker serves: per worker and per token.

A stream holds a connection, a queue and a task for as long as the client stays; without
a bound, one client (or one leaked token) could hold a worker's memory and file
descriptors. :class:`StreamLimiter` counts the open streams; the web layer takes a
:class:`StreamLease` before it opens a stream and releases it when the stream ends, and
answers 429 with ``Retry-After`` when there is no room.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pipeline.api import errors


@dataclass(eq=False)
class StreamLease:
    """One open stream; :meth:`release` it exactly once when the stream ends."""

    limiter: StreamLimiter
    token_key: str | None
    released: bool = field(default=False)

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.limiter._release(self.token_key)


class StreamLimiter:
    """Open streams per worker (``max_total``) and per token (``max_per_token``).

    Streams of a request without a token (auth disabled) count against the worker's limit
    only. The counts are this worker's: a token may hold ``max_per_token`` streams on each
    worker it reaches.
    """

    def __init__(self, max_total: int, max_per_token: int) -> None:
        if max_total < 1 or max_per_token < 1:
            raise ValueError("stream limits must be at least 1")
        self.max_total = max_total
        self.max_per_token = max_per_token
        self.total = 0
        self._per_token: Counter[str] = Counter()

    def acquire(self, token_key: str | None) -> StreamLease:
        """A lease for one more stream; 429 :class:`~pipeline.api.errors.ApiError` when
        the worker or the token is at its limit."""
        if self.total >= self.max_total:
            raise errors.too_many_streams(
                f"this worker serves its maximum of {self.max_total} live streams; "
                "try again later or another worker"
            )
        if token_key is not None and self._per_token[token_key] >= self.max_per_token:
            raise errors.too_many_streams(
                f"this token holds its maximum of {self.max_per_token} live streams on "
                "this worker; close one first"
            )
        self.total += 1
        if token_key is not None:
            self._per_token[token_key] += 1
        return StreamLease(self, token_key)

    def streams_of(self, token_key: str) -> int:
        return self._per_token[token_key]

    def _release(self, token_key: str | None) -> None:
        self.total -= 1
        if token_key is not None:
            self._per_token[token_key] -= 1
            if self._per_token[token_key] <= 0:
                del self._per_token[token_key]
