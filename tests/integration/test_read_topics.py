"""pipeline.kafka.io.read_topics: the reading window starts once the reader has its
partitions (CI, 2026-12-08: a metadata answer took longer than a 2 s window, and the reader
failed inside aiokafka, "No partitions are currently assigned"); a topic that does not
exist is named in a MissingTopicsError."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from pipeline.dev.broker import Broker
from pipeline.errors import MissingTopicsError
from pipeline.kafka import io
from pipeline.kafka.admin import TopicSpec, create_topics
from pipeline.kafka.io import produce_lines, read_topics

pytestmark = pytest.mark.integration


def test_a_short_window_still_reads_what_is_there(broker: Broker) -> None:
    topic = f"rt{uuid.uuid4().hex[:8]}.raw"
    asyncio.run(create_topics(broker.bootstrap, [TopicSpec(topic, 2)]))
    lines = [b'{"n": %d}' % n for n in range(20)]
    asyncio.run(produce_lines(broker.bootstrap, topic, lines, seed=1))
    records = asyncio.run(
        read_topics(broker.bootstrap, [topic], until=lambda r: len(r[topic]) >= 20, timeout=5)
    )
    assert sorted(r.value for r in records[topic]) == sorted(lines)


def test_a_missing_topic_is_named(broker: Broker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(io, "METADATA_WAIT_S", 1.0)
    missing = f"rt{uuid.uuid4().hex[:8]}.absent"
    with pytest.raises(MissingTopicsError, match=missing):
        asyncio.run(read_topics(broker.bootstrap, [missing], until=lambda r: False, timeout=0.2))
