"""The stage chain that both the file mode and the Faust topology run.

Nothing here is implemented twice: :meth:`Pipeline.stage` is the stateless part
(validation, policy screening, tool normalization) that the topology runs before
re-keying by session; :meth:`Pipeline.offer` is the stateful part (ordering and the
rules that depend on released order) that runs where the session's state lives.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, MutableMapping
from typing import Any

from pipeline.config import PipelineConfig, TopicNames
from pipeline.stages.ordering import (
    CLEAN,
    DEAD_LETTER,
    Clock,
    Output,
    SessionSequencer,
    SessionState,
)
from pipeline.stages.stats import Stats
from pipeline.stages.types import DeadLetterDict, Source, StagedEvent
from pipeline.stages.validation import StageValues, reject_too_large, stage_record
from pipeline.topics import FAMILY_VIEW


class Pipeline:
    """Raw records in; clean events and dead letters out."""

    def __init__(
        self,
        config: PipelineConfig | None = None,
        *,
        store: MutableMapping[str, SessionState] | None = None,
        clock: Clock = time.time,
        stats: Stats | None = None,
    ) -> None:
        self.config = config or PipelineConfig()
        self.stats = stats if stats is not None else Stats()
        self.sequencer = SessionSequencer(self.config, store=store, clock=clock, stats=self.stats)
        self._stage_values = StageValues.of(self.config)  # the config is frozen

    def stage(
        self, raw: bytes, source: Source, arrived: float = 0.0
    ) -> StagedEvent | DeadLetterDict:
        """Stateless stages; a record that can't be placed in a session is dead-lettered now.

        ``arrived``: when the record was appended to its topic (its Kafka timestamp, in
        seconds); 0 when unknown (the ordering stage then takes its clock)."""
        staged = stage_record(raw, source, self._stage_values, self.stats)
        if isinstance(staged, StagedEvent):
            staged.arrived = arrived
        else:
            self.stats.dead_letters[(staged["stage"], staged["reason"])] += 1
        return staged

    def reject_too_large(self, source: Source) -> list[Output]:
        """For readers that measure a record without reading it (file mode's long lines)."""
        record = reject_too_large(source, self.stats)
        self.stats.dead_letters[(record["stage"], record["reason"])] += 1
        return [(DEAD_LETTER, record)]

    def offer(self, staged: StagedEvent) -> list[Output]:
        return self.sequencer.offer(staged)

    def process(self, raw: bytes, source: Source) -> list[Output]:
        # stage() then offer(), written out (file mode and the benchmark run this per record;
        # arrival stays unknown, StagedEvent's default).
        staged = stage_record(raw, source, self._stage_values, self.stats)
        if isinstance(staged, StagedEvent):
            return self.sequencer.offer(staged)
        self.stats.dead_letters[(staged["stage"], staged["reason"])] += 1
        return [(DEAD_LETTER, staged)]

    def expire(
        self, *, watermark: float | None = None, input_stalled: bool = False
    ) -> list[Output]:
        return self.sequencer.expire(watermark=watermark, input_stalled=input_stalled)

    def flush(self) -> list[Output]:
        return self.sequencer.flush()


def topics_for(output: Output, topics: TopicNames) -> Iterable[str]:
    """The topics one output goes to: every clean event to session-events and its view."""
    kind, record = output
    if kind == CLEAN:
        yield topics.session_events
        view = FAMILY_VIEW.get(record["family"])
        if view is not None:
            yield getattr(topics, view)
    else:
        yield topics.dead_letter


def record_key(record: dict[str, Any]) -> bytes | None:
    """Every clean topic is keyed by sessionId (dead letters too, where it is known)."""
    session_id = record.get("sessionId")
    return session_id.encode() if isinstance(session_id, str) else None
