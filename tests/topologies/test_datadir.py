"""One worker per data directory (topologies.datadir), with a real lock and real processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.config import WorkerSettings
from pipeline.errors import StateError
from topologies.datadir import LOCK_FILE, hold_datadir

HOLDER = """
import sys, time
from topologies.datadir import hold_datadir
hold_datadir(sys.argv[1])
print("held", flush=True)
time.sleep(120)
"""


def _holder(datadir: Path) -> subprocess.Popen[str]:
    """Another process holding ``datadir``'s lock, once it has printed "held"."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(datadir)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "held"
    return process


def test_a_second_holder_is_refused_naming_the_directory(tmp_path: Path) -> None:
    datadir = tmp_path / "data"
    first = hold_datadir(datadir)
    assert (datadir / LOCK_FILE).exists()
    with pytest.raises(StateError, match="in use by another worker") as refused:
        hold_datadir(datadir)
    assert str(datadir) in str(refused.value)
    first.release()
    hold_datadir(datadir).release()  # free again once released


def test_the_lock_goes_with_a_killed_process(tmp_path: Path) -> None:
    """SIGKILL leaves no stale lock: a successor on the same directory starts."""
    datadir = tmp_path / "data"
    holder = _holder(datadir)
    try:
        with pytest.raises(StateError):
            hold_datadir(datadir)
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=10)
    hold_datadir(datadir).release()


def test_an_unusable_directory_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(StateError, match="CHAO_WORKER_DATADIR must be a writable directory"):
        hold_datadir(blocker / "data")


@pytest.mark.parametrize("store", ["memory", "rocksdb"])
def test_a_worker_on_a_held_directory_stops_before_the_broker_and_the_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, store: str
) -> None:
    """With either store (the memory store opens no database of its own), a second worker
    started on a live worker's directory fails before it waits for the broker, so it never
    removes the live worker from the group as its predecessor."""
    from topologies import worker

    datadir = tmp_path / "data"
    holder = _holder(datadir)
    touched: list[str] = []
    monkeypatch.setattr(worker, "install_event_loop", lambda: None)
    monkeypatch.setattr(
        worker, "wait_for_broker", lambda *args, **kwargs: touched.append("broker") or True
    )
    monkeypatch.setattr(worker, "leave_for_predecessor", lambda *args: touched.append("group"))
    settings = WorkerSettings(
        broker="kafka://127.0.0.1:9", app_id="second", datadir=str(datadir), state_store=store
    )
    try:
        with pytest.raises(StateError, match="CHAO_WORKER_DATADIR"):
            worker.run_worker(settings)
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=10)
    assert touched == []
