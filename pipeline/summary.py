"""The one-screen summary printed at the end of a run. Counts only, never event text."""

from __future__ import annotations

from pipeline.stages.stats import Stats
from pipeline.stages.types import FAMILIES


def _rows(title: str, items: list[tuple[str, int]]) -> list[str]:
    if not items:
        return [f"{title}: none"]
    width = max(len(label) for label, _ in items)
    return [f"{title}:"] + [f"  {label:<{width}}  {count:>10,}" for label, count in items]


def format_summary(stats: Stats, *, elapsed_s: float | None = None) -> str:
    consumed = stats.total_consumed()
    released = sum(stats.released.values())
    dead = sum(stats.dead_letters.values())
    head = f"events in: {consumed:,}   released: {released:,}   dead letters: {dead:,}"
    if elapsed_s is not None and elapsed_s > 0:
        head += f"   ({elapsed_s:.2f} s, {consumed / elapsed_s:,.0f} events/s)"
    lines = [head]
    lines += _rows("released by family", [(f, stats.released[f]) for f in FAMILIES])
    lines += _rows(
        "dead letters by stage/reason",
        sorted((f"{stage}/{reason}", n) for (stage, reason), n in stats.dead_letters.items()),
    )
    lines += _rows("unsafe summaries by detector", sorted(stats.unsafe_detectors.items()))
    lines += _rows(
        "ordering",
        [
            ("duplicates", stats.duplicates),
            ("late", stats.late),
            ("gaps skipped", stats.gaps),
            ("toolCalls entries removed", stats.tool_calls_removed),
        ],
    )
    return "\n".join(lines)
