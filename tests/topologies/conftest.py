"""Topologies built in the test process keep their local files (the traces' database,
``topologies.trace_bodies``) in directories of each test's own: the default data directory
is relative to where pytest runs, and some tests build two topologies in one process,
which a worker never does (two workers must not share a data directory; the database's
lock refuses it, ``tests/topologies/test_trace_bodies.py``)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from topologies import pipeline_app
from topologies.trace_bodies import DiskTraceBodies


@pytest.fixture(autouse=True)
def _own_datadir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHAO_WORKER_DATADIR", str(tmp_path / "datadir"))
    count = itertools.count()
    monkeypatch.setattr(
        pipeline_app,
        "worker_bodies",
        lambda datadir, *args, **kwargs: DiskTraceBodies(
            Path(datadir) / f"trace-bodies-{next(count)}", *args, **kwargs
        ),
    )
