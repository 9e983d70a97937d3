"""Per-app settings of the patches (on the app, never module-level)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from pipeline.kafka.engine import Engine

ATTR = "chao_patches"

BatchRoute = Callable[[list[Any]], Awaitable[None]]


@dataclass
class AppPatches:
    """What the patches need to know about one app."""

    engine: Engine
    fetch_max_wait_ms: int
    # {topic name: async callable taking that topic's messages of one fetch}: see
    # batch_delivery. The callable owns tracking and acking them.
    batch_routes: dict[str, BatchRoute] = field(default_factory=dict)


def of(app: Any) -> AppPatches | None:
    """The app's patch settings, None for an app ``apply`` never saw."""
    return getattr(app, ATTR, None)
