"""Everything we change in how Faust runs, in one place, each with the reason.

A test (tests/test_faust_tuning.py) fails when a Faust or aiokafka upgrade undoes any of it.
"""

from __future__ import annotations

from typing import Any

from pipeline.config import WorkerSettings


def faust_app_settings(settings: WorkerSettings) -> dict[str, Any]:
    """Keyword arguments for ``faust.App``."""
    return {
        "broker": settings.broker,
        # State lives in the changelog topic; the in-memory store is rebuilt from it at
        # start and on rebalance (no RocksDB to install, nothing on local disk to trust).
        "store": "memory://",
        "datadir": settings.datadir,
        "web_enabled": True,
        "web_bind": settings.web_host,
        "web_host": settings.web_host,
        "web_port": settings.web_port,
        "topic_partitions": settings.partitions,
        "topic_replication_factor": 1,
        "table_standby_replicas": 0,
        # A new consumer group starts from the beginning of the raw topic: nothing skipped.
        "consumer_auto_offset_reset": "earliest",
        # Every output is acknowledged by all in-sync replicas before it counts.
        "producer_acks": -1,
        # Detect a dead worker within seconds, not Faust's default of a minute and more.
        "broker_session_timeout": settings.consumer_session_timeout_s,
        "broker_heartbeat_interval": settings.consumer_heartbeat_s,
        "broker_commit_interval": 1.0,
    }


def apply_faust_tuning() -> None:
    """Process-wide adjustments; idempotent."""
