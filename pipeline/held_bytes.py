"""Bytes kept for a long time are copied to their own size first: orjson over-allocates.

Why: since orjson 3.12 (``byteswriter.rs``: a 4 KiB first buffer, and a ``finish()``
whose resize is a no-op because it sets the object's size first), every ``orjson.dumps``
result keeps its whole buffer: a 300-byte clean event costs about 4,100 bytes of memory
for as long as it is referenced (measured with tracemalloc; home-assistant/core#181245
found the same). The worker's session traces hold every released clean event's JSON for
up to ``CHAO_TRACE_MAX_AGE_S``: held as orjson returned it, 100k events took about 380 MiB
(issue 29). A copy through a memoryview allocates exactly the length, for about 0.2 us.

Only bytes held past the batch that made them go through :func:`held`; everything else
(what the producer sends and forgets) keeps orjson's buffer, which is freed with it.
``tests/test_held_bytes.py`` fails when an orjson upgrade trims its buffers again (then
this module can go) and when a held trace costs more than its events' size.
"""

from __future__ import annotations


def held(value: bytes) -> bytes:
    """``value`` in a buffer of its own length (``bytes(value)`` and ``value[:]`` return the
    same object, buffer and all)."""
    return bytes(memoryview(value))
