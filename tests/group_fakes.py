"""Fakes of aiokafka's group coordinator and Faust's consumer thread, for the membership
check (topologies.membership): the coordinator answers a Heartbeat with ``answer``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import aiokafka.errors as Errors


class FakeClient:
    def __init__(self, coordinator: FakeCoordinator) -> None:
        self.coordinator = coordinator

    async def send(self, node: int, request: Any, group: Any = None) -> Any:
        coordinator = self.coordinator
        coordinator.sent.append((node, request._group, request._generation_id, request._member_id))
        if isinstance(coordinator.answer, Exception):
            raise coordinator.answer
        return SimpleNamespace(error_code=coordinator.answer.errno)


class FakeCoordinator:
    """aiokafka's GroupCoordinator as the membership check reads it."""

    def __init__(self, generation: int = 1, answer: Any = Errors.NoError) -> None:
        self.group_id = "group"
        self.generation = generation
        self.member_id = "member-1"
        self.coordinator_id: int | None = 1
        self.answer = answer  # an error class (its errno is answered) or an exception raised
        self.sent: list[tuple[int, str, int, str]] = []
        self._client = FakeClient(self)


class FakeConsumerThread:
    """Faust's AIOKafkaConsumerThread: runs a method "on the thread" (here: awaits it)."""

    def __init__(self, coordinator: FakeCoordinator) -> None:
        self.consumer = SimpleNamespace(_coordinator=coordinator)

    def _ensure_consumer(self) -> Any:
        return self.consumer

    async def call_thread(self, fun: Any, *args: Any) -> Any:
        return await fun(*args)
