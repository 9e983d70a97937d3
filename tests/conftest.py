from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures"
FIXTURE_NAMES = sorted(p.name.removesuffix(".raw.jsonl") for p in FIXTURES.glob("*.raw.jsonl"))

if not FIXTURE_NAMES:  # fail loudly: a missing fixture folder must never pass as "no tests"
    raise RuntimeError(f"no fixtures found in {FIXTURES}")


@pytest.fixture(params=FIXTURE_NAMES)
def fixture_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)
