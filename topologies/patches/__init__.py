"""Every change to how Faust, aiokafka and aiohttp behave, one small module each, with its
reason.

:func:`apply` applies them to one app, idempotently. What they need per app lives on the
app, in one place: :class:`AppPatches` (:func:`of`); a patched method behaves as Faust's
own for an app without it, so two apps in one process share nothing. (The aiohttp patch,
:mod:`.parse_errors`, sees only the web server's aiohttp app: it marks that one.) The
consumer settings (:mod:`.worker_consumer`) apply per broker: :mod:`.fetch_wait` and
:mod:`.prefetch_backoff` on every broker, :mod:`.read_committed` in exactly-once mode,
the Tansu workaround :mod:`.end_offsets` on Tansu only. tests/topologies/patches/test_patches.py
fails when a
faust-streaming, aiokafka or aiohttp upgrade changes a patched function (source pinned by
hash) or undoes a patch.

Reading a private attribute without changing behaviour is not a patch: that goes through
``topologies.faust_bridge``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from pipeline.kafka.engine import Engine

BatchRoute = Callable[[list[Any]], Awaitable[None]]


@dataclass
class AppPatches:
    """What the patches need to know about one app (its attribute ``chao_patches``)."""

    engine: Engine
    fetch_max_wait_ms: int
    read_committed: bool = False  # exactly-once: the consumer skips aborted records
    # {topic: async callable taking that topic's messages of one fetch}: batch_delivery.
    batch_routes: dict[str, BatchRoute] = field(default_factory=dict)
    # Reading committed: each assigned partition's fetch position once everything fetched
    # before it was delivered (batch_delivery, for recovery_past_markers).
    delivered_positions: dict[tuple[str, int], int] = field(default_factory=dict)


def of(app: Any) -> AppPatches | None:
    """The app's patch settings, None for an app :func:`apply` never saw."""
    return getattr(app, "chao_patches", None)


def apply(
    app: Any, *, engine: Engine, fetch_max_wait_ms: int, read_committed: bool = False
) -> AppPatches:
    """Apply every patch for ``app``; idempotent (a second call returns the first's)."""
    from topologies.patches import (
        batch_delivery,
        parse_errors,
        recovery_past_markers,
        seek_before_resume,
        seek_uncommitted_partitions,
        worker_consumer,
    )

    existing = of(app)
    if existing is not None:
        return existing
    for patch in (
        batch_delivery,
        worker_consumer,
        parse_errors,
        recovery_past_markers,
        seek_before_resume,
        seek_uncommitted_partitions,
    ):
        patch.install()
    parse_errors.apply(app.web.web_app)  # the worker's web server (Faust's aiohttp app)
    patches = app.chao_patches = AppPatches(engine, fetch_max_wait_ms, read_committed)
    return patches
