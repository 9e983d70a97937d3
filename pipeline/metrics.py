"""Prometheus metrics (contract section 5), read from :class:`Stats` at scrape time.

The stages only bump plain counters; this collector turns them into metric families when
Prometheus scrapes, so counting costs no Prometheus call on the hot path at all. Every
label comes from a fixed set (families, stages, reasons, statuses, configured topics) or
from the configured tool keys plus ``other``, so series never grow with input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector

from pipeline.config import PipelineConfig
from pipeline.detectors import DETECTOR_NAMES
from pipeline.models.clean import REASONS_BY_STAGE
from pipeline.stages.ordering import GAP_CAUSES, LATE_CAUSES, OTHER_TOOL
from pipeline.stages.stats import LATENCY_BUCKETS, Stats
from pipeline.stages.tools import CARD_STATUSES
from pipeline.stages.types import FAMILIES, NO_FAMILY
from pipeline.topics import output_names

COT_REASONS = REASONS_BY_STAGE["cot_policy"]


def sample_sum(exposition: str, name: str) -> float:
    """Sum of every sample whose line starts with ``name`` in a Prometheus text exposition
    (for readers of a worker's /metrics: the demo and the tests)."""
    return sum(
        float(line.rsplit(None, 1)[1])
        for line in exposition.splitlines()
        if line.startswith(name) and not line.startswith("#")
    )


class PipelineCollector(Collector):
    """Exposes one worker's :class:`Stats`."""

    def __init__(
        self,
        stats: Stats,
        config: PipelineConfig,
        *,
        sessions_tracked: Callable[[], int] | None = None,
        partition_offsets: Callable[[], dict[tuple[str, int], tuple[int, int]]] | None = None,
        stalled: Callable[[], bool] | None = None,
    ) -> None:
        self.stats = stats
        self.config = config
        self.sessions_tracked = sessions_tracked
        # (topic, partition) -> (end offset, committed offset) of the assigned partitions
        self.partition_offsets = partition_offsets
        # True once the stall watchdog found stuck partitions (the worker then exits)
        self.stalled = stalled

    def collect(self) -> Iterator[Metric]:
        s = self.stats
        consumed = CounterMetricFamily(
            "chao_events_consumed", "Raw records consumed, by family", labels=["family"]
        )
        for family in (*FAMILIES, NO_FAMILY):
            consumed.add_metric([family], s.consumed[family])
        yield consumed

        published = CounterMetricFamily(
            "chao_events_published", "Records published, by topic", labels=["topic"]
        )
        for topic in output_names(self.config.topics):
            published.add_metric([topic], s.published[topic])
        yield published

        dead = CounterMetricFamily(
            "chao_events_dead_lettered",
            "Events dead-lettered (rejected or policy-dropped), by stage and reason",
            labels=["stage", "reason"],
        )
        for stage, reasons in REASONS_BY_STAGE.items():
            for reason in reasons:
                dead.add_metric([stage, reason], s.dead_letters[(stage, reason)])
        yield dead

        cot = CounterMetricFamily(
            "chao_cot_steps_dropped",
            "Visible-reasoning events dropped, by reason",
            labels=["reason"],
        )
        for reason in COT_REASONS:
            cot.add_metric([reason], s.cot_dropped[reason])
        yield cot

        unsafe = CounterMetricFamily(
            "chao_unsafe_summaries",
            "Summaries dropped as unsafe, by detector",
            labels=["detector"],
        )
        for detector in DETECTOR_NAMES:
            unsafe.add_metric([detector], s.unsafe_detectors[detector])
        yield unsafe

        tools = CounterMetricFamily(
            "chao_tool_events",
            "Released tool-card events, by tool and status",
            labels=["tool_key", "status"],
        )
        for tool_key in (*self.config.tool_keys, OTHER_TOOL):
            for status in sorted(CARD_STATUSES):
                tools.add_metric([tool_key, status], s.tool_events[(tool_key, status)])
        yield tools

        gaps = CounterMetricFamily(
            "chao_ordering_gaps",
            "Gaps in seq skipped by the ordering stage, by cause (window: the input showed "
            "the missing event was not coming in time; input_stalled: the long limit while "
            "an input partition was not processed; max_waiting; evicted; end_of_input)",
            labels=["cause"],
        )
        for cause in GAP_CAUSES:
            gaps.add_metric([cause], s.gaps_by_cause[cause])
        yield gaps
        late = CounterMetricFamily(
            "chao_ordering_late",
            "Events dropped because their seq had passed, by the cause of the skip that "
            "passed it (seq_taken: another event had it)",
            labels=["cause"],
        )
        for cause in LATE_CAUSES:
            late.add_metric([cause], s.late_by_cause[cause])
        yield late
        yield CounterMetricFamily(
            "chao_duplicates", "Events dropped as duplicates (eventId seen)", value=s.duplicates
        )
        yield CounterMetricFamily(
            "chao_tool_calls_removed",
            "Invalid message.toolCalls entries removed",
            value=s.tool_calls_removed,
        )
        yield CounterMetricFamily(
            "chao_sessions_forgotten",
            "Idle sessions whose state was dropped",
            value=s.sessions_forgotten,
        )
        yield CounterMetricFamily(
            "chao_sessions_evicted",
            "Least recently active sessions dropped to stay within CHAO_MAX_SESSIONS",
            value=s.sessions_evicted,
        )
        yield GaugeMetricFamily(
            "chao_reorder_waiting_events", "Events waiting in reorder buffers", value=s.waiting
        )
        if self.sessions_tracked is not None:
            yield GaugeMetricFamily(
                "chao_sessions_tracked",
                "Sessions whose state this worker holds",
                value=self.sessions_tracked(),
            )
        if self.stalled is not None:
            yield GaugeMetricFamily(
                "chao_worker_stalled",
                "1 when assigned partitions had records waiting and made no progress for "
                "CHAO_WORKER_STALL_TIMEOUT_S (the worker then exits to be restarted)",
                value=int(self.stalled()),
            )
        if self.partition_offsets is not None:
            lag = GaugeMetricFamily(
                "chao_consumer_lag",
                "Records between the committed offset and the end of each assigned partition",
                labels=["topic", "partition"],
            )
            highwater = GaugeMetricFamily(
                "chao_consumer_highwater",
                "End offset of each assigned partition (its rate is the incoming traffic)",
                labels=["topic", "partition"],
            )
            for (topic, partition), (end, committed) in sorted(self.partition_offsets().items()):
                lag.add_metric([topic, str(partition)], max(0, end - committed))
                highwater.add_metric([topic, str(partition)], end)
            yield lag
            yield highwater
        cumulative = 0
        buckets = []
        for bound, count in zip((*LATENCY_BUCKETS, float("inf")), s.latency_counts, strict=True):
            cumulative += count
            buckets.append(("+Inf" if bound == float("inf") else repr(bound), cumulative))
        yield HistogramMetricFamily(
            "chao_end_to_end_latency_seconds",
            "Envelope ts to publish of released events",
            buckets=buckets,
            sum_value=s.latency_sum,
        )
