"""Guards for topologies/patches/seek_uncommitted_partitions.py: they fail when a
faust-streaming or aiokafka upgrade changes the functions the patch replaces or relies on
(then re-read them, and drop the patch if the upgrade fixed the cause). The behaviour on a
real broker: tests/integration/test_seek_uncommitted_partitions.py."""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable
from typing import Any

import faust
from aiokafka import AIOKafkaConsumer
from faust.tables.recovery import Recovery
from faust.transport.consumer import Consumer
from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

from topologies import patches
from topologies.patches import seek_uncommitted_partitions as patch

#: sha256 (first 16 hex digits) of the source of each function, faust-streaming 0.15.3 and
#: aiokafka 0.14.0.
SOURCES = {
    # replaced: Faust's "seek partitions to the last committed offset"
    "faust AIOKafkaConsumerThread.seek_to_committed": "775ab0adc4b052ab",
    # the cause: seeks only partitions with a committed offset > 0
    "aiokafka AIOKafkaConsumer.seek_to_committed": "f6cd85c8b70a4ccf",
    # the caller: what it does with the answer (read offsets, committed offsets)
    "faust Consumer.perform_seek": "0e8c130ff4b0afd8",
}

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "faust AIOKafkaConsumerThread.seek_to_committed": patch._original_seek_to_committed,
    "aiokafka AIOKafkaConsumer.seek_to_committed": AIOKafkaConsumer.seek_to_committed,
    "faust Consumer.perform_seek": Consumer.perform_seek,
}


def digest(function: Callable[..., Any]) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


def test_the_patched_and_relied_on_functions_are_unchanged() -> None:
    assert {name: digest(function) for name, function in FUNCTIONS.items()} == SOURCES


def test_the_cause_is_still_there() -> None:
    # aiokafka skips partitions without a committed offset (None) or committed at 0.
    assert "if offset and offset > 0:" in inspect.getsource(AIOKafkaConsumer.seek_to_committed)
    # Faust seeks the stream partitions to committed offsets after table recovery, and in
    # getmany when records come back while the flow is stopped (records it then drops).
    assert "consumer.perform_seek()" in inspect.getsource(Recovery._resume_streams)
    assert "await self.perform_seek()" in inspect.getsource(Consumer.getmany)
    assert "self.seek_to_committed()" in inspect.getsource(Consumer.perform_seek)


def test_apply_is_per_app_and_idempotent() -> None:
    marked, other = faust.App("seek-patch-a"), faust.App("seek-patch-b")
    patches.apply(marked, engine="kafka", fetch_max_wait_ms=20)
    patches.apply(marked, engine="kafka", fetch_max_wait_ms=20)
    installed = AIOKafkaConsumerThread.seek_to_committed
    assert getattr(installed, "chao_patch", False)
    assert installed is patch._seek_to_committed_or_reset
    assert patches.of(marked) is not None
    assert patches.of(other) is None  # Faust's own behaviour for that app
