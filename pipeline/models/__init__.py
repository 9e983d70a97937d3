"""Pydantic models: the single source of every event schema the pipeline reads or writes."""

from pipeline.models.clean import (
    CleanEvent,
    DeadLetter,
    DeadLetterSource,
    MessageData,
    ReasoningData,
    SessionData,
    ToolCard,
)
from pipeline.models.envelope import RawEnvelope
from pipeline.models.payloads import Activity

__all__ = [
    "Activity",
    "CleanEvent",
    "DeadLetter",
    "DeadLetterSource",
    "MessageData",
    "RawEnvelope",
    "ReasoningData",
    "SessionData",
    "ToolCard",
]
