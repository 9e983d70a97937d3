"""make bench's screening share (benchmarks.bench_screening.chain_share) switches the
screening off where the policy stage really reaches it: a stage-chain refactor once moved
that call and left the benchmark patching a name nothing used (make bench failed)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from benchmarks.bench_screening import chain_share
from benchmarks.bench_stages import stage_chain
from benchmarks.bench_streaming import lines_for
from pipeline.screening.engine import Screening


def test_the_screening_share_runs_the_chain_once_with_and_once_without_screening(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = lines_for(2_000, seed=5, start=datetime(2026, 12, 6, tzinfo=UTC))
    calls = 0
    real = Screening.screen

    def counted(self: Screening, summary: Any, phase: Any = None) -> Any:
        nonlocal calls
        calls += 1
        return real(self, summary, phase)

    monkeypatch.setattr(Screening, "screen", counted)
    stage_chain(lines)
    once = calls
    assert once > 0  # the generated lines have summaries to screen
    calls = 0
    with_screening, without = chain_share(lines, repeats=1)
    assert calls == once  # the run without screening called none
    assert with_screening > 0 and without > 0
