"""Run a screening corpus through the real stage chain and score the outcome.

Used by ``chao-pipeline eval-screening`` and by the corpus test. The corpus format is
``shared/corpus/README.md``'s: one JSON object per line with ``id``, ``summary``,
optional ``phase``, ``expect`` (``keep`` or a detector name), ``group`` and ``why``.

Every case becomes a ``cot.step`` of one eligible session (seq 0 ``session.started``,
then one step per case, its ``stepId`` the case id) and goes through
:class:`pipeline.Pipeline`, the stages file mode and the topology run. A case's fate is
read from the outputs: released on the reasoning stream (with exactly the display fields
that were sent), or dead-lettered at ``cot_policy``/``unsafe_summary`` with a detector
as detail. Dead letters are also checked to carry no text of the step.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import orjson

from pipeline.errors import PipelineError
from pipeline.screening.engine import DETECTOR_NAMES

__all__ = ["Case", "Outcome", "Report", "evaluate", "format_report", "load_cases"]

SESSION: Final = "s-screening-eval"


class CorpusError(PipelineError):
    """The corpus file is missing or malformed (the message names the line, not its text)."""


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    summary: str
    phase: str | None
    expect: str
    group: str
    why: str


@dataclass(frozen=True, slots=True)
class Outcome:
    case: Case
    got: str  # "keep", a detector name, or what else happened ("dropped:<reason>", "lost")
    dead_letter_clean: bool  # its dead letter (if any) carries no text of the step

    @property
    def ok(self) -> bool:
        return self.got == self.case.expect


@dataclass(slots=True)
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def unsafe(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.case.expect != "keep"]

    @property
    def safe(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.case.expect == "keep"]

    def dropped_share(self) -> float:
        unsafe = self.unsafe
        return sum(o.got != "keep" for o in unsafe) / len(unsafe) if unsafe else 1.0

    def named_share(self) -> float:
        unsafe = self.unsafe
        return sum(o.ok for o in unsafe) / len(unsafe) if unsafe else 1.0

    def false_drop_share(self) -> float:
        safe = self.safe
        return sum(o.got != "keep" for o in safe) / len(safe) if safe else 0.0

    def leaky_dead_letters(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.dead_letter_clean]


def load_cases(path: Path) -> list[Case]:
    if not path.is_file():
        raise CorpusError(f"screening corpus not found: {path}")
    cases: list[Case] = []
    seen: set[str] = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            case = Case(
                id=str(raw["id"]),
                summary=raw["summary"],
                phase=raw.get("phase"),
                expect=raw["expect"],
                group=str(raw.get("group", raw["expect"])),
                why=str(raw.get("why", "")),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise CorpusError(f"{path}: line {number} is not a corpus case ({exc!s:.80})") from exc
        if case.expect not in ("keep", *DETECTOR_NAMES):
            raise CorpusError(f"{path}: line {number}: unknown expect {case.expect!r}")
        if case.id in seen:
            raise CorpusError(f"{path}: line {number}: duplicate id {case.id!r}")
        seen.add(case.id)
        cases.append(case)
    if not cases:
        raise CorpusError(f"{path}: no cases")
    return cases


def _raw_lines(cases: list[Case]) -> list[bytes]:
    lines = [
        {
            "eventId": "scr-0",
            "type": "session.started",
            "sessionId": SESSION,
            "seq": 0,
            "ts": "2026-01-01T00:00:00Z",
            "payload": {"visibleReasoning": "eligible"},
        }
    ]
    for seq, case in enumerate(cases, start=1):
        payload: dict[str, Any] = {
            "disclosure": "visible_reasoning_v1",
            "stepId": case.id,
            "summary": case.summary,
        }
        if case.phase is not None:
            payload["phase"] = case.phase
        lines.append(
            {
                "eventId": "scr-" + case.id,
                "type": "cot.step",
                "sessionId": SESSION,
                "seq": seq,
                "ts": "2026-01-01T00:00:01Z",
                "payload": payload,
            }
        )
    return [orjson.dumps(line) for line in lines]


_DISPLAY_FIELDS: Final = ("disclosure", "stepId", "summary", "phase", "ts", "toolCallId")
_DEAD_LETTER_KEYS: Final = frozenset(
    {"eventId", "sessionId", "seq", "type", "stage", "reason", "detail", "source"}
)


def _carries_text(record: dict[str, Any], case: Case) -> bool:
    """Whether a dead letter holds anything but the metadata the contract allows.

    Its keys must be the dead-letter fields; its ids, type and stage the event's; its
    reason one of the contract's; its detail a detector or a display field's name; its
    ``source`` the record's coordinates. Anything else could be text of the step.
    """
    from pipeline.models.clean import REASONS_BY_STAGE

    if not set(record) <= _DEAD_LETTER_KEYS:
        return True
    expected = {
        "eventId": "scr-" + case.id,
        "sessionId": SESSION,
        "type": "cot.step",
        "stage": "cot_policy",
    }
    if any(record.get(key) != value for key, value in expected.items()):
        return True
    if record.get("reason") not in REASONS_BY_STAGE["cot_policy"]:
        return True
    if record.get("detail") not in (None, *DETECTOR_NAMES, *_DISPLAY_FIELDS):
        return True
    source = record.get("source")
    return source is not None and not (
        isinstance(source, dict)
        and set(source) <= {"topic", "partition", "offset"}
        and all(isinstance(v, str | int) for v in source.values())
        and source.get("topic") == "screening-eval"
    )


def evaluate(cases: list[Case]) -> Report:
    """Send every case through the stage chain (one session) and read each one's fate."""
    from pipeline import Pipeline, Source
    from pipeline.stages.ordering import CLEAN

    pipeline = Pipeline(clock=lambda: 0.0)
    outputs = []
    for offset, line in enumerate(_raw_lines(cases)):
        outputs += pipeline.process(line, Source("screening-eval", 0, offset))
    outputs += pipeline.flush()
    released: dict[str, dict[str, Any]] = {}
    dead: dict[str, list[dict[str, Any]]] = {}
    for kind, record in outputs:
        if kind == CLEAN:
            if record.get("family") == "reasoning":
                released[str(record["eventId"])] = record
        else:
            dead.setdefault(str(record.get("eventId")), []).append(dict(record))
    report = Report()
    for case in cases:
        event_id = "scr-" + case.id
        letters = dead.get(event_id, [])
        clean = not any(_carries_text(letter, case) for letter in letters)
        if event_id in released and not letters:
            data = released[event_id]["data"]
            sent = {"stepId": case.id, "summary": case.summary}
            if case.phase is not None:
                sent["phase"] = case.phase
            got = "keep" if data == sent else "altered"
        elif len(letters) == 1 and event_id not in released:
            letter = letters[0]
            if letter.get("stage") == "cot_policy" and letter.get("reason") == "unsafe_summary":
                got = str(letter.get("detail"))
            else:
                got = f"dropped:{letter.get('reason')}"
        else:
            got = "lost" if not letters else "duplicated"
        report.outcomes.append(Outcome(case, got, clean))
    return report


def format_report(report: Report, *, show_text: bool = True) -> str:
    """Recall per detector, share named right, false drops, then every miss and false drop."""
    lines: list[str] = []
    unsafe, safe = report.unsafe, report.safe
    lines.append(f"{len(report.outcomes)} cases: {len(unsafe)} to drop, {len(safe)} to keep")
    lines.append("")
    lines.append(
        f"{'detector':<15} {'cases':>6} {'dropped':>8} {'recall':>8} {'named':>7} {'share':>7}"
    )
    for name in DETECTOR_NAMES:
        mine = [o for o in unsafe if o.case.expect == name]
        if not mine:
            continue
        dropped = sum(o.got != "keep" for o in mine)
        named = sum(o.ok for o in mine)
        lines.append(
            f"{name:<15} {len(mine):>6} {dropped:>8} {dropped / len(mine):>8.1%} "
            f"{named:>7} {named / len(mine):>7.1%}"
        )
    lines.append(
        f"{'all unsafe':<15} {len(unsafe):>6} {sum(o.got != 'keep' for o in unsafe):>8} "
        f"{report.dropped_share():>8.1%} {sum(o.ok for o in unsafe):>7} "
        f"{report.named_share():>7.1%}"
    )
    false_drops = [o for o in safe if o.got != "keep"]
    lines.append(
        f"{'safe':<15} {len(safe):>6} {len(false_drops):>8} false drops "
        f"({report.false_drop_share():.1%})"
    )
    by_detector = Counter(o.got for o in false_drops)
    if by_detector:
        lines.append(
            "  false drops by detector: "
            + ", ".join(f"{k} {v}" for k, v in sorted(by_detector.items()))
        )
    leaky = report.leaky_dead_letters()
    lines.append(f"dead letters carrying step text: {len(leaky)}")
    problems = [o for o in report.outcomes if not o.ok]
    if problems:
        lines.append("")
        lines.append("misses and false drops (id, group, expected -> got, why):")
        for o in problems:
            line = f"  {o.case.id} {o.case.group} {o.case.expect} -> {o.got} ({o.case.why})"
            if show_text:
                shown = (o.case.phase + " | " if o.case.phase else "") + o.case.summary
                line += f"\n      {shown[:160]!r}"
            lines.append(line)
    return "\n".join(lines)
