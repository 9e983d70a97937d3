"""One worker per data directory, held for the worker's life by a lock file.

Why: everything under ``CHAO_WORKER_DATADIR`` belongs to one worker process: the
predecessor note (:mod:`topologies.previous_member`), the traces' database and the
RocksDB tables. A second worker started on a live worker's directory would read the live
worker's member id as its predecessor's and remove it from the group (a rebalance)
before anything else stopped it, and with the memory store nothing else stops it at all.
So the worker takes this lock first, before it talks to the broker, and a second one
fails at once with a :class:`~pipeline.errors.StateError` naming the directory.

``flock`` on ``<datadir>/worker.lock``: the kernel releases it when the process dies,
however it dies (SIGKILL, the OOM killer), so a successor on the same directory never
finds a stale lock; the file itself is never removed (removing it would let a second
worker lock a new file while the first still holds the old one).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from pipeline.errors import StateError

#: Under the data directory; empty, only its lock matters.
LOCK_FILE = "worker.lock"


class DatadirLock:
    """The held lock: held until :meth:`release` or the process's exit (dropping this
    object does not close the descriptor, so a worker need not keep it)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


def hold_datadir(datadir: str | Path) -> DatadirLock:
    """Lock ``datadir`` (created when missing) for this process, or raise
    :class:`~pipeline.errors.StateError` naming it when another process holds it."""
    directory = Path(datadir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise StateError(
            f"cannot use the data directory {directory}: {exc.strerror} "
            "(CHAO_WORKER_DATADIR must be a writable directory)"
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise StateError(
            f"the data directory {directory} is in use by another worker (each worker "
            "needs its own CHAO_WORKER_DATADIR)"
        ) from None
    return DatadirLock(directory, fd)
