"""The Faust app of a worker: its settings, and the hooks the checkpoint needs.

``PipelineApp`` is Faust's ``App`` with two of its methods extended the way Faust means
them to be (calling ``super``): a rebalance starts with a commit of what is processed
(Faust waits for the in-flight batches' acks before it revokes partitions, and the
checkpoint acks them), and stopping commits once more before Faust stops its consumer.
In exactly-once mode an assignment starts the assigned partitions' transactional
producers first, through the one hook Faust lacks (``faust_bridge.AssignmentHook``: it
extends a private method).
The commit order: ``topologies.checkpoint.Checkpoint.commit``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import faust
from aiokafka.errors import TransactionalIdAuthorizationFailed

from pipeline.config import WorkerSettings
from pipeline.kafka.security import KafkaSecurity, SecurityError, faust_options
from topologies import faust_bridge
from topologies.faust_checkpoint import FaustCheckpoint

log = logging.getLogger("chao.topology")


def app_settings(settings: WorkerSettings, security: KafkaSecurity | None = None) -> dict[str, Any]:
    """Keyword arguments for ``faust.App``; with the client security settings (None: the
    environment's ``CHAO_KAFKA_*``, pipeline.kafka.security), which Faust hands to each
    aiokafka client it builds."""
    return {
        **faust_options(security),
        "broker": settings.broker,
        # The app's default store: the traces table's (its records are replayed from the
        # clean topic, topologies.traces). The sessions table names its own store
        # (WorkerSettings.state_store, topologies.pipeline_app).
        "store": "memory://",
        "datadir": settings.datadir,
        "web_enabled": True,
        "web_bind": settings.web_host,
        "web_host": settings.web_host,
        "web_port": settings.web_port,
        "topic_partitions": settings.partitions,
        # The internal topics' replicas: the raw topic's (topologies.worker); on a
        # cluster one broker may then fail without taking the worker's state with it.
        "topic_replication_factor": settings.replication or 1,
        "table_standby_replicas": 0,
        # A new consumer group starts from the beginning of the raw topic: nothing skipped.
        "consumer_auto_offset_reset": "earliest",
        # Every output is acknowledged by all in-sync replicas before it counts.
        "producer_acks": -1,
        # Detect a dead worker within seconds, not Faust's default of a minute and more.
        "broker_session_timeout": settings.session_timeout,
        "broker_heartbeat_interval": settings.consumer_heartbeat_s,
        # Static membership when the operator names the worker (KIP-345; aiokafka's
        # group_instance_id, which Faust passes through).
        "consumer_group_instance_id": settings.group_instance_id,
        # Faust's own commits only ever commit what the checkpoint acked.
        "broker_commit_interval": settings.commit_interval,
        # No producer linger: the agents hand whole batches to the producer already
        # (topologies/publish.py), and a linger would only delay each batch's ack.
        "producer_linger": 0.0,
    }


class PipelineApp(faust_bridge.AssignmentHook, faust.App):
    """Faust's app, committing through the worker's checkpoint at rebalances and stop."""

    checkpoint: FaustCheckpoint | None = None
    # Set when the broker refused what the worker's principal needs (topologies.worker
    # exits with it: one line, code 2).
    security_failure: SecurityError | None = None
    # Clients of the worker's own to close at stop, after the final commit.
    closers: list[Callable[[], Awaitable[None]]]
    # Called at a clean stop, after the final commit (the state store's clean marker).
    on_clean_stop: list[Callable[[], None]]

    def on_rebalance_start(self) -> None:
        super().on_rebalance_start()
        if self.checkpoint is not None:
            self.checkpoint.commit_soon()

    async def before_partitions_assigned(self, assigned: Any) -> bool:
        # Exactly-once: the assigned partitions' producers start (fencing their previous
        # owners, topologies.transactions) before Faust's handling, which leads to the
        # streams seeking to the committed offsets; an error crashes the app as Faust's
        # own handling does (and Faust's handling is skipped).
        if self.checkpoint is not None and not self.should_stop:
            try:
                await self.checkpoint.assign_tasks(assigned)
            except Exception as exc:
                log.error("starting transactions failed: %s: %s", type(exc).__name__, exc)
                if isinstance(exc, TransactionalIdAuthorizationFailed):
                    self.security_failure = SecurityError(
                        "authorization failed: the broker refused the exactly-once "
                        "producers' transactional ids (Write on transactional-id prefix "
                        f"{self.conf.id}-: chao-pipeline topics --acls ... --role worker)"
                    )
                await self.crash(exc)
                return False
        return True

    async def on_stop(self) -> None:
        if self.checkpoint is not None:
            committed = await self.checkpoint.final_commit()
            await self.checkpoint.close_tasks()
            # A clean stop: the local state store may be trusted at the next start even
            # under exactly-once (topologies.state_store). Before the stores stop: mode
            # stops an app's children after its on_stop.
            if committed and self.crash_reason is None:
                for mark in getattr(self, "on_clean_stop", ()):
                    mark()
        for close in getattr(self, "closers", ()):
            await close()
        await super().on_stop()
