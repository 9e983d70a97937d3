"""Starting and stopping worker processes (the demo, benchmarks and integration tests).

A worker is the real thing (``python -m pipeline.cli worker``), started as a child
process, so these callers exercise exactly what an operator runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import IO

from pipeline.dev.broker import die_with_parent, free_port, terminate
from pipeline.errors import PipelineError


class WorkerProcess:
    """One ``chao-pipeline worker`` child process."""

    def __init__(
        self,
        broker_url: str,
        *,
        name: str = "worker",
        log_dir: Path,
        env: dict[str, str] | None = None,
        web_port: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.name = name
        # Sent with every get(), e.g. an Authorization header for the session endpoints.
        self.headers = dict(headers or {})
        self.web_port = web_port or free_port()
        self.log_path = log_dir / f"{name}.log"
        self.datadir = log_dir / f"{name}.data"
        self.env = {
            **os.environ,
            "CHAO_WORKER_BROKER": broker_url,
            "CHAO_WORKER_WEB_PORT": str(self.web_port),
            "CHAO_WORKER_DATADIR": str(self.datadir),
            **(env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.web_port}"

    def start(self) -> WorkerProcess:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pipeline.cli", "worker"],
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # Ctrl-C reaches the caller, which stops us in order
            preexec_fn=die_with_parent,
        )
        return self

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def get(
        self, path: str, timeout: float = 2.0, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        request = urllib.request.Request(
            self.url + path, headers={**self.headers, **(headers or {})}
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return int(response.status), bytes(response.read())
        except urllib.error.HTTPError as exc:
            return int(exc.code), bytes(exc.read())

    def wait_ready(self, timeout: float = 60.0) -> float:
        """Wait until the worker's /ready answers 200; returns the seconds it took."""
        started = time.monotonic()
        deadline = started + timeout
        while time.monotonic() < deadline:
            if not self.alive():
                raise PipelineError(f"worker {self.name} exited at start:\n{self.log_tail()}")
            try:
                if self.get("/ready", timeout=1.0)[0] == 200:
                    return time.monotonic() - started
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.2)
        raise PipelineError(f"worker {self.name} not ready in {timeout}s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def stop(self, timeout: float = 30.0) -> int | None:
        """SIGTERM, then SIGKILL if it does not stop in time; returns the exit code."""
        process = self.process
        if process is None:
            return None
        code = terminate(process, timeout)
        self._close()
        return code

    def kill(self) -> None:
        """SIGKILL: a crash, with no chance to flush or commit anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self._close()

    def _close(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> WorkerProcess:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
