"""Every change to how Faust and aiokafka behave, one small module each, with its reason.

:func:`apply` applies them to one app, idempotently. What a patch needs per app lives on
the app (:class:`AppPatches`, attribute ``chao_patches``); a patched Faust method behaves
as Faust's own for an app without it, so two apps in one process share nothing. Patches:

- :mod:`.batch_delivery` (``Consumer._drain_messages``): fetched batches to the agents whole;
- :mod:`.worker_consumer` (``AIOKafkaConsumerThread._create_worker_consumer``): per-app
  settings of the aiokafka consumer Faust builds, which are
  :mod:`.prefetch_backoff` (every broker), and on the embedded broker (Tansu) only
  :mod:`.fetch_wait` and :mod:`.end_offsets`;
- :mod:`.created_topics` (``Transport._really_create_topic``): wait until a created topic
  is listed.

tests/test_patches.py fails when a faust-streaming or aiokafka upgrade changes a patched
function (its source is pinned by hash) or undoes a patch.
"""

from __future__ import annotations

from typing import Any

from pipeline.kafka.engine import Engine
from topologies.patches import batch_delivery, created_topics, worker_consumer
from topologies.patches.base import ATTR, AppPatches, of

__all__ = ["AppPatches", "apply", "of"]


def apply(app: Any, *, engine: Engine, fetch_max_wait_ms: int) -> AppPatches:
    """Apply every patch for ``app``; idempotent (a second call returns the first's)."""
    existing = of(app)
    if existing is not None:
        return existing
    batch_delivery.install()
    worker_consumer.install()
    created_topics.install()
    patches = AppPatches(engine, fetch_max_wait_ms)
    setattr(app, ATTR, patches)
    return patches
