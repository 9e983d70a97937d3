"""Remembered detector verdicts for cot phase labels (pipeline.stages.policy.unsafe_phase)."""

from __future__ import annotations

from pipeline.detectors import first_unsafe
from pipeline.stages import policy


def test_remembered_verdict_is_the_detectors_verdict() -> None:
    for label in ["planning", "using tools", "/etc/passwd", "<|system|>", "token=abc123def456"]:
        assert policy.unsafe_phase(label) == first_unsafe(label)
        assert policy.unsafe_phase(label) == first_unsafe(label)  # now from memory


def test_remembered_labels_are_bounded() -> None:
    for n in range(policy.MAX_REMEMBERED_PHASES + 50):
        label = f"phase {n} at /home/u{n}/x" if n % 2 else f"phase {n}"
        assert policy.unsafe_phase(label) == first_unsafe(label)
    assert len(policy._PHASE_VERDICTS) <= policy.MAX_REMEMBERED_PHASES
