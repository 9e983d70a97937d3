"""The production broker on demand: Apache Kafka 4.3.1 (or 3.9.1), one KRaft node on loopback,
or a cluster of three (:class:`KafkaCluster`).

Production runs on Apache Kafka 4.x (``docker-compose.yml``: ``apache/kafka:4.3.1``,
KRaft); 3.9.1, the last 3.x release, stays supported. No Docker engine runs on the
development machines, so the same version runs here from its jars: Maven fetches them once
from Maven Central (``pipeline/dev/pom-VERSION.xml``, one per version, each with the
logging its distribution ships: log4j2 for 4.x, reload4j for 3.9) into a cache folder per
version, and :class:`KafkaBroker` starts ``kafka.Kafka`` with the machine's Java as one
combined broker and controller, both listeners on 127.0.0.1, its storage formatted
(``kafka-storage format``, the ``kafka.tools.StorageTool`` main class) in a temporary
folder that is deleted when it stops. The version: ``version=``, else
``$CHAO_KAFKA_VERSION``, else :data:`DEFAULT_KAFKA_VERSION` (:data:`KAFKA_RELEASES` lists
those known). :class:`KafkaBroker` has the interface of the embedded
:class:`~pipeline.dev.broker.EmbeddedBroker`, so tests and tools take either
(:func:`pipeline.dev.broker.new_broker`). Settings and why: :data:`BROKER_SETTINGS`,
``docs/kafka.md``. :class:`KafkaCluster` runs three such nodes as one cluster (a
three-voter quorum, topics on 3 replicas; ``chao-pipeline broker --engine kafka --nodes
3``, ``make test-cluster``): docs/kafka.md, "A three-broker cluster".

``python -m pipeline.dev.apache [VERSION]`` fetches the jars (``make install`` runs it
for the default version).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from pipeline.dev.broker import (
    BrokerProcess,
    broker_ready,
    die_with_parent,
    free_port,
    terminate,
)
from pipeline.errors import BrokerError
from pipeline.kafka.wire import recv_exactly
from pipeline.topics import CLUSTER_REPLICATION, min_insync_replicas


@dataclass(frozen=True)
class KafkaRelease:
    """One Apache Kafka version this project can start: its pom (the jars and their
    logging binding), its log configuration's format and the oldest Java its broker runs on."""

    version: str
    logging: Literal["log4j2", "log4j1"]  # log4j1: reload4j, Kafka 3.x's binding
    min_java: int

    @property
    def pom(self) -> Path:
        return Path(__file__).with_name(f"pom-{self.version}.xml")


KAFKA_RELEASES: dict[str, KafkaRelease] = {
    # Kafka 4 brokers need Java 17; their distribution logs through log4j2.
    "4.3.1": KafkaRelease("4.3.1", "log4j2", 17),
    # The last 3.x release (KIP-896 removed old protocol versions in 4.0; the worker's
    # aiokafka negotiates newer ones, docs/kafka.md): brokers on Java 11+, reload4j.
    "3.9.1": KafkaRelease("3.9.1", "log4j1", 11),
}
DEFAULT_KAFKA_VERSION = "4.3.1"
KAFKA_VERSION = DEFAULT_KAFKA_VERSION  # the default; kafka_release() says which one runs
VERSION_ENV = "CHAO_KAFKA_VERSION"
"""The Kafka version to start when none is given (one of :data:`KAFKA_RELEASES`)."""
CACHE_ENV = "CHAO_KAFKA_CACHE"
"""Folder of the jar caches: ``$CHAO_KAFKA_CACHE/kafka-VERSION`` (default
``$XDG_CACHE_HOME/chao-pipeline/kafka-VERSION``, with ``~/.cache`` when XDG_CACHE_HOME is
unset): one download per user and version, shared by checkouts."""


class LocalKafkaSettings(BaseSettings):
    """The local Apache Kafka's settings (``CHAO_KAFKA_VERSION``, ``CHAO_KAFKA_CACHE``): a
    development tool's, read at each call (a test run switches them per test). The other
    ``CHAO_KAFKA_*`` variables are the clients' security
    (:class:`pipeline.kafka.security.KafkaSecurity`)."""

    model_config = SettingsConfigDict(env_prefix="CHAO_KAFKA_", frozen=True, extra="ignore")

    version: str = Field(
        "",
        description="The Apache Kafka version the local broker runs when none is given "
        f"(one of {', '.join(KAFKA_RELEASES)}); empty: {DEFAULT_KAFKA_VERSION}.",
    )
    cache: str = Field(
        "",
        description="Folder of the jar caches, one kafka-VERSION folder each; empty: "
        "$XDG_CACHE_HOME/chao-pipeline (~/.cache when XDG_CACHE_HOME is unset).",
    )


COMPLETE = ".complete"  # written last into a filled cache: the pom's checksum
HEAP = "512m"
TMP_PREFIX = "chao-kafka-"

# The broker's settings, besides its listeners, node id and log folder. From
# docker-compose.yml's kafka service where they apply (one node: every internal topic with
# one replica; no initial rebalance delay), then what a single local node needs:
BROKER_SETTINGS: dict[str, str] = {
    # As docker-compose.yml.
    "offsets.topic.replication.factor": "1",
    "transaction.state.log.replication.factor": "1",
    "transaction.state.log.min.isr": "1",
    "default.replication.factor": "1",
    "min.insync.replicas": "1",
    "num.partitions": "12",
    "group.initial.rebalance.delay.ms": "0",
    # Topics exist only when someone creates them, as in production, where the compose
    # file's topics job creates them and the workers create their internal topics. (Tansu
    # creates a topic on a metadata request for it; Kafka's own default would too.)
    "auto.create.topics.enable": "false",
    # The log cleaner (compacted changelogs) takes this much heap up front: Kafka's default
    # of 128 MiB is a quarter of the 512 MiB heap; 16 MiB dedupes 500k keys per pass.
    "log.cleaner.dedupe.buffer.size": str(16 * 1024 * 1024),
    # Consumer session timeouts from 1 s (Kafka's floor is 6 s): the integration and fault
    # tests run workers with 4 s, so a killed worker's partitions move within seconds, as
    # on the embedded broker. Production keeps Kafka's default (docs/kafka.md).
    "group.min.session.timeout.ms": "1000",
}


def kafka_release(version: str | None = None) -> KafkaRelease:
    """The release to run: ``version``, else ``$CHAO_KAFKA_VERSION``, else the default."""
    chosen = version or LocalKafkaSettings().version.strip() or DEFAULT_KAFKA_VERSION
    try:
        return KAFKA_RELEASES[chosen]
    except KeyError:
        known = ", ".join(KAFKA_RELEASES)
        where = "" if version else f" ({VERSION_ENV})"
        raise BrokerError(
            f"unknown Apache Kafka version {chosen!r}{where}: one of {known}"
        ) from None


def jar_cache(version: str | None = None) -> Path:
    """Where one version's jars are kept: in ``$CHAO_KAFKA_CACHE`` or the user's cache
    folder, ``kafka-VERSION``."""
    release = kafka_release(version)
    configured = LocalKafkaSettings().cache.strip()
    if configured:
        return Path(configured).expanduser() / f"kafka-{release.version}"
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "chao-pipeline" / f"kafka-{release.version}"


def _pom_checksum(release: KafkaRelease | None = None) -> str:
    return hashlib.sha256((release or kafka_release()).pom.read_bytes()).hexdigest()


def jars_present(folder: Path | None = None, version: str | None = None) -> bool:
    release = kafka_release(version)
    folder = folder or jar_cache(release.version)
    try:
        return (folder / COMPLETE).read_text().strip() == _pom_checksum(release)
    except OSError:
        return False


def kafka_jars(version: str | None = None, *, say: Callable[[str], None] | None = None) -> Path:
    """The folder of one Kafka version's jars, fetched from Maven Central by Maven on first
    use.

    Concurrent callers (two test runs, two checkouts) wait for one fetch: a lock file
    next to the folder; the jars go to a temporary sibling first and are moved in place
    once complete, so a folder marked complete is never half filled.
    """
    release = kafka_release(version)
    folder = jar_cache(release.version)
    if jars_present(folder, release.version):
        return folder
    mvn = shutil.which("mvn")
    if mvn is None:
        raise BrokerError(
            f"Maven (mvn) is not installed: it fetches Apache Kafka {release.version}'s jars "
            f"from Maven Central once, into {folder}. Install it (Debian: apt-get install "
            "maven; `make install` does it as root)."
        )
    folder.parent.mkdir(parents=True, exist_ok=True)
    with (folder.parent / f"{folder.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if jars_present(folder, release.version):  # another process fetched them while we waited
            return folder
        (say or _stderr)(
            f"fetching Apache Kafka {release.version}'s jars from Maven Central into {folder} "
            "(once, about 50 MB) ..."
        )
        partial = Path(tempfile.mkdtemp(prefix=f"{folder.name}.partial-", dir=folder.parent))
        try:
            command = [
                mvn,
                "-q",
                "-B",
                "-f",
                str(release.pom),
                "dependency:copy-dependencies",
                f"-DoutputDirectory={partial}",
                "-DincludeScope=runtime",
            ]
            try:
                done = subprocess.run(
                    command, capture_output=True, text=True, timeout=1200, check=False
                )
            except subprocess.TimeoutExpired as exc:
                raise BrokerError("Maven did not fetch Kafka's jars within 20 minutes") from exc
            if done.returncode != 0 or not any(partial.glob(f"kafka_2.13-{release.version}.jar")):
                output = (done.stdout + done.stderr).strip().splitlines()[-15:]
                raise BrokerError(
                    f"Maven could not fetch Kafka's jars (exit code {done.returncode}):\n"
                    + "\n".join(output)
                )
            (partial / COMPLETE).write_text(_pom_checksum(release) + "\n")
            if folder.exists():
                shutil.rmtree(folder)
            partial.rename(folder)
        finally:
            shutil.rmtree(partial, ignore_errors=True)
    return folder


def java_binary(version: str | None = None) -> str:
    """The ``java`` to run Kafka with (``$JAVA_HOME/bin/java``, else the PATH's); checks it
    is recent enough for that Kafka version."""
    release = kafka_release(version)
    java_home = os.environ.get("JAVA_HOME", "").strip()
    candidate = Path(java_home) / "bin" / "java" if java_home else None
    java = str(candidate) if candidate and candidate.is_file() else shutil.which("java")
    if java is None:
        raise BrokerError(
            "Java is not installed: the Apache Kafka broker needs a Java runtime (17; "
            "Debian: apt-get install openjdk-17-jre-headless; `make install` does it as root)."
        )
    try:
        done = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BrokerError(f"{java} -version failed: {exc}") from exc
    match = re.search(r'version "(\d+)(?:\.(\d+))?', done.stderr + done.stdout)
    if match is None:
        raise BrokerError(f"could not tell the version of {java}")
    major = int(match.group(1))
    if major == 1 and match.group(2):  # "1.8.0_392"
        major = int(match.group(2))
    if major < release.min_java:
        raise BrokerError(
            f"{java} is Java {major}; Apache Kafka {release.version} needs Java "
            f"{release.min_java} or "
            "newer (17 recommended)"
        )
    return java


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _log_config(path: Path, level: str, release: KafkaRelease) -> str:
    """Write Kafka's log configuration (everything at ``level`` to stdout, the state change
    log at WARN) in the release's format; returns the JVM flag that loads it. Kafka 4 logs
    through log4j2 (a log4j 1 file would be ignored: its default configuration logs INFO);
    3.x through reload4j, which reads log4j 1 properties."""
    pattern = "[%d] %p %m (%c)%n"
    if release.logging == "log4j2":
        path = path.with_suffix(".log4j2.properties")
        path.write_text(
            "status = warn\n"
            # Log4j's own shutdown hook would stop logging before Kafka's shutdown is done
            # ("Unable to register Log4j shutdown hook because JVM is shutting down").
            "shutdownHook = disable\n"
            "appender.out.type = Console\n"
            "appender.out.name = out\n"
            "appender.out.target = SYSTEM_OUT\n"
            "appender.out.layout.type = PatternLayout\n"
            f"appender.out.layout.pattern = {pattern}\n"
            f"rootLogger.level = {level}\n"
            "rootLogger.appenderRef.out.ref = out\n"
            # The state change log repeats every partition's every move: noise here.
            "logger.state.name = state.change.logger\n"
            "logger.state.level = WARN\n"
        )
        return f"-Dlog4j2.configurationFile={path.as_uri()}"
    path.write_text(
        f"log4j.rootLogger={level}, out\n"
        "log4j.appender.out=org.apache.log4j.ConsoleAppender\n"
        "log4j.appender.out.layout=org.apache.log4j.PatternLayout\n"
        f"log4j.appender.out.layout.ConversionPattern={pattern}\n"
        "log4j.logger.state.change.logger=WARN\n"
    )
    return f"-Dlog4j.configuration={path.as_uri()}"


def random_cluster_id() -> str:
    """16 random bytes in URL-safe base64 without padding: Kafka's cluster id form. Never
    one that starts with ``-``, as Kafka's own ``Uuid.randomUuid`` (the storage tool would
    read it as an option: one id in 64 did, and the broker failed to start)."""
    while True:
        cluster_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        if not cluster_id.startswith("-"):
            return cluster_id


def remove_stale_folders(parent: Path | None = None) -> None:
    """Delete the storage folders of brokers whose starter died without stopping them
    (a SIGKILLed test run: the broker itself dies with its parent, its folder stays)."""
    parent = parent or Path(tempfile.gettempdir())
    for folder in parent.glob(f"{TMP_PREFIX}*"):
        try:
            pids = [int(p) for p in (folder / "pids").read_text().split()]
        except (OSError, ValueError):
            continue  # not ours, or being set up right now
        if not any(_alive(pid) for pid in pids):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class KafkaBroker(BrokerProcess):
    """Apache Kafka as one KRaft node (broker and controller) on loopback ports.

    The same interface as :class:`~pipeline.dev.broker.EmbeddedBroker`: ``start()``
    returns the seconds until a Metadata request is answered, ``stop()`` stops it (SIGTERM:
    Kafka shuts down in order) and deletes its storage; ``pause()``/``resume()`` freeze
    it for fault tests. ``stop(keep_storage=True)`` then ``start()`` restarts it (a broker
    restart, for fault tests): the same storage, ports and cluster id, so topics, records,
    committed offsets and transactions outlive the restart. ``log_path`` gets Kafka's own
    log (INFO); without it, warnings and errors go to this process's stderr. The Java
    process dies with its parent. ``version``: one of :data:`KAFKA_RELEASES`, else
    ``$CHAO_KAFKA_VERSION``, else :data:`DEFAULT_KAFKA_VERSION`.
    """

    def __init__(
        self,
        port: int | None = None,
        *,
        host: str = "127.0.0.1",
        log_path: Path | None = None,
        controller_port: int | None = None,
        settings: dict[str, str] | None = None,
        version: str | None = None,
        node_id: int = 1,
        voters: str | None = None,
        cluster_id: str | None = None,
    ) -> None:
        self.release = kafka_release(version)  # BrokerError for a version not known
        self.host = host
        self.port = port or free_port(host)
        self.controller_port = controller_port or free_port(host)
        self.log_path = log_path
        self.settings = {**BROKER_SETTINGS, **(settings or {})}
        self.node_id = node_id
        # The quorum: this node alone, unless it is one node of a KafkaCluster.
        self.voters = voters or f"{node_id}@{host}:{self.controller_port}"
        self.cluster_id = cluster_id or random_cluster_id()
        self.process: subprocess.Popen[bytes] | None = None
        self.folder: Path | None = None
        self._log: IO[bytes] | None = None

    @property
    def version(self) -> str:
        return self.release.version

    @property
    def bootstrap(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def url(self) -> str:
        """The broker URL in Faust's form."""
        return f"kafka://{self.bootstrap}"

    def server_properties(self, log_dir: Path) -> str:
        listeners = {
            "process.roles": "broker,controller",
            "node.id": str(self.node_id),
            "controller.quorum.voters": self.voters,
            "listeners": (
                f"PLAINTEXT://{self.host}:{self.port},CONTROLLER://{self.host}:{self.controller_port}"
            ),
            "advertised.listeners": f"PLAINTEXT://{self.host}:{self.port}",
            "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
            "inter.broker.listener.name": "PLAINTEXT",
            "controller.listener.names": "CONTROLLER",
            "log.dirs": str(log_dir),
        }
        return "".join(f"{k}={v}\n" for k, v in {**listeners, **self.settings}.items())

    def start(self, timeout: float = 90.0) -> float:
        """Format the storage, start the broker and wait until it answers; returns the
        seconds from launching Java until then (fetching the jars, once, is not counted).
        Raises BrokerError, having stopped everything it started, when it cannot."""
        started = self.launch(timeout)
        try:
            self.wait_ready(started, timeout)
        except BaseException:
            self.stop()
            raise
        return time.monotonic() - started

    def launch(self, timeout: float = 90.0) -> float:
        """Format the storage (a new broker) and launch Java, without waiting for it to
        answer (a node of a cluster answers only once a majority of the quorum runs);
        returns the monotonic time of the launch."""
        jars = kafka_jars(self.version)
        java = java_binary(self.version)
        remove_stale_folders()
        try:
            return self._launch(jars, java, timeout)
        except BaseException:  # Ctrl-C included: leave no broker and no folder behind
            self.stop()
            raise

    def _launch(self, jars: Path, java: str, timeout: float) -> float:
        classpath = str(jars / "*")
        started = time.monotonic()
        if self.folder is None:  # a new broker; else a restart on the kept storage
            folder = Path(tempfile.mkdtemp(prefix=TMP_PREFIX))
            self.folder = folder
            (folder / "pids").write_text(f"{os.getpid()}\n")
            self.prepare(folder)
            (folder / "server.properties").write_text(self.server_properties(folder / "data"))
            self._format(java, classpath, folder / "server.properties", timeout)
        folder = self.folder
        properties = folder / "server.properties"
        logging_flag = _log_config(
            folder / "log4j.properties", "INFO" if self.log_path else "WARN", self.release
        )
        self._log = self.log_path.open("ab") if self.log_path else None
        command = [
            java,
            f"-Xmx{HEAP}",
            f"-Xms{HEAP}",
            # Kafka's own JVM flags (kafka-run-class.sh), but for the heap.
            "-XX:+UseG1GC",
            "-XX:MaxGCPauseMillis=20",
            "-XX:InitiatingHeapOccupancyPercent=35",
            "-XX:+ExplicitGCInvokesConcurrent",
            "-Djava.awt.headless=true",
            logging_flag,
            "-cp",
            classpath,
            "kafka.Kafka",
            str(properties),
        ]
        self.process = subprocess.Popen(
            command,
            stdout=self._log,  # None: this process's own stdout
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=folder,
            start_new_session=True,  # Ctrl-C in a terminal reaches us, we stop it in order
            preexec_fn=die_with_parent,
        )
        with (folder / "pids").open("a") as pids:
            pids.write(f"{self.process.pid}\n")
        return started

    def wait_ready(self, started: float, timeout: float) -> None:
        """Wait until the launched broker answers a Metadata request, up to ``timeout``
        seconds after ``started`` (monotonic); raises BrokerError when it exits first or
        the time passes."""
        while time.monotonic() < started + timeout:
            if self.process is None or self.process.poll() is not None:
                code = None if self.process is None else self.process.returncode
                raise BrokerError(
                    f"Apache Kafka exited at start (node {self.node_id}, exit code {code})"
                    + self._see_log()
                )
            if self.answers():
                return
            time.sleep(0.1)
        raise BrokerError(
            f"Apache Kafka did not answer on {self.bootstrap} in {timeout:g}s" + self._see_log()
        )

    def prepare(self, folder: Path) -> None:
        """Called once a new broker's folder exists, before its properties are written
        (the secured broker writes its certificates and secrets there)."""

    def answers(self) -> bool:
        """Whether the launched broker answers (a Metadata request listing a broker)."""
        return broker_ready(self.host, self.port)

    def format_arguments(self) -> list[str]:
        """More arguments of ``kafka-storage format`` (the secured broker's SCRAM users)."""
        return []

    def _format(self, java: str, classpath: str, properties: Path, timeout: float) -> None:
        command = [
            java,
            "-Xmx256m",
            "-XX:TieredStopAtLevel=1",  # a short run: quick start beats peak speed
            _log_config(properties.parent / "format-log4j.properties", "WARN", self.release),
            "-cp",
            classpath,
            "kafka.tools.StorageTool",
            "format",
            "--cluster-id",
            self.cluster_id,
            "--config",
            str(properties),
            *self.format_arguments(),
        ]
        try:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                timeout=timeout,
                cwd=properties.parent,
                preexec_fn=die_with_parent,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            self.stop()
            raise BrokerError(f"formatting Kafka's storage took over {timeout:g}s") from exc
        if done.returncode != 0:
            self.stop()
            output = (done.stdout + done.stderr).strip().splitlines()[-10:]
            raise BrokerError(
                f"formatting Kafka's storage failed (exit code {done.returncode}):\n"
                + "\n".join(output)
            )

    def _see_log(self) -> str:
        if self.log_path is None:
            return ""
        with contextlib.suppress(OSError):
            lines = self.log_path.read_text(errors="replace").splitlines()
            problems = [line for line in lines if " ERROR " in line or " FATAL " in line]
            tail = (problems or lines)[-5:]
            return f"; see {self.log_path}:\n" + "\n".join(tail)
        return f"; see {self.log_path}"

    def stop(self, timeout: float = 30.0, *, keep_storage: bool = False) -> None:
        """Stop the broker (in order; SIGKILL after ``timeout``) and delete its storage;
        with ``keep_storage``, the storage stays for the next ``start()`` (a restart)."""
        process, self.process = self.process, None
        if process is not None:
            if process.poll() is None:
                process.send_signal(signal.SIGCONT)  # a paused broker cannot stop
            terminate(process, timeout)
        if self._log is not None:
            self._log.close()
            self._log = None
        if keep_storage:
            return
        folder, self.folder = self.folder, None
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)

    def kill(self) -> None:
        """SIGKILL the broker (a crash: no controlled shutdown); its storage stays, so
        ``start()`` restarts it."""
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            process.wait(30)
        if self._log is not None:
            self._log.close()
            self._log = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None


def cluster_settings(nodes: int) -> dict[str, str]:
    """What a cluster of ``nodes`` nodes sets unlike one node (docker-compose.yml's
    brokers): every internal topic (group offsets, transaction state) and every topic
    created without a replication factor on 3 replicas (on fewer nodes: on each), and a
    write with ``acks=all`` acknowledged once 2 replicas have it, so one node may fail
    while every partition still takes writes and no acknowledged write is lost."""
    replicas = min(CLUSTER_REPLICATION, nodes)
    in_sync = str(min_insync_replicas(replicas) or 1)
    return {
        "offsets.topic.replication.factor": str(replicas),
        "transaction.state.log.replication.factor": str(replicas),
        "transaction.state.log.min.isr": in_sync,
        "default.replication.factor": str(replicas),
        "min.insync.replicas": in_sync,
    }


class KafkaCluster:
    """Apache Kafka as ``nodes`` KRaft nodes on loopback ports, each a combined broker and
    controller (:class:`KafkaBroker`), one cluster id, every node a voter of the quorum
    (``controller.quorum.voters``: the static quorum, which 3.9.1 and 4.x both take), with
    :func:`cluster_settings`. For fault tests, each node can be killed (SIGKILL),
    stopped (SIGTERM: its controlled shutdown), frozen and thawed, and started again on
    its storage and ports; the cluster says which node leads most partitions of some
    topics (:meth:`leaders`) and which one is the active controller
    (:meth:`active_controller`), asking the cluster itself.

    The interface tests use of a broker: ``bootstrap`` (every node, ``,`` between),
    ``url`` (Faust's form, ``;`` between), ``start()``, ``stop()``."""

    def __init__(
        self,
        nodes: int = 3,
        *,
        host: str = "127.0.0.1",
        log_dir: Path | None = None,
        settings: dict[str, str] | None = None,
        version: str | None = None,
        ports: list[int] | None = None,
    ) -> None:
        if nodes < 1:
            raise BrokerError(f"a cluster needs at least 1 node, not {nodes}")
        if ports is not None and len(ports) != nodes:
            raise BrokerError(f"{len(ports)} ports for {nodes} nodes")
        self.release = kafka_release(version)
        self.host = host
        self.log_path = log_dir
        self.cluster_id = random_cluster_id()
        taken: set[int] = set(ports or ())
        broker_ports = list(ports) if ports else [_unused_port(host, taken) for _ in range(nodes)]
        controller_ports = [_unused_port(host, taken) for _ in range(nodes)]
        voters = ",".join(f"{n + 1}@{host}:{controller_ports[n]}" for n in range(nodes))
        node_settings = {**cluster_settings(nodes), **(settings or {})}
        self.nodes = [
            KafkaBroker(
                broker_ports[n],
                host=host,
                log_path=log_dir / f"kafka-{n + 1}.log" if log_dir else None,
                controller_port=controller_ports[n],
                settings=node_settings,
                version=self.release.version,
                node_id=n + 1,
                voters=voters,
                cluster_id=self.cluster_id,
            )
            for n in range(nodes)
        ]
        self.frozen: set[int] = set()
        self.process: subprocess.Popen[bytes] | None = None  # the Broker protocol's; per node

    @property
    def version(self) -> str:
        return self.release.version

    @property
    def port(self) -> int:
        return self.nodes[0].port

    @property
    def bootstrap(self) -> str:
        return ",".join(node.bootstrap for node in self.nodes)

    @property
    def url(self) -> str:
        """The bootstrap list in Faust's form (``kafka://h:p1;h:p2;h:p3``)."""
        return "kafka://" + ";".join(node.bootstrap for node in self.nodes)

    def node(self, node_id: int) -> KafkaBroker:
        return self.nodes[node_id - 1]

    def answering(self) -> list[KafkaBroker]:
        """The nodes that run and are not frozen."""
        return [n for n in self.nodes if n.running and n.node_id not in self.frozen]

    def _reachable(self) -> str:
        nodes = self.answering()
        if not nodes:
            raise BrokerError("no node of the cluster is running")
        return ",".join(node.bootstrap for node in nodes)

    # -- the whole cluster ------------------------------------------------------------

    def start(self, timeout: float = 180.0) -> float:
        """Start every node and wait until each answers and the cluster's metadata lists
        them all; returns the seconds it took. Raises BrokerError, having stopped
        everything, when it cannot. The nodes are launched together: a node answers only
        once a majority of the quorum runs."""
        started = time.monotonic()
        try:
            for node in self.nodes:
                node.launch(timeout)
            for node in self.nodes:
                node.wait_ready(started, timeout)
            self.wait_registered(started + timeout - time.monotonic())
        except BaseException:
            self.stop()
            raise
        return time.monotonic() - started

    def stop(self, timeout: float = 10.0) -> None:
        """Stop every node (SIGTERM to all at once, SIGKILL to those still running after
        ``timeout`` in all) and delete their storage. Not one by one: the last node's
        controlled shutdown would wait for a quorum that is gone, 30 s and more."""
        self.resume()
        for node in self.nodes:
            if node.process is not None and node.process.poll() is None:
                node.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for node in self.nodes:
            if node.process is not None:
                try:
                    node.process.wait(max(0.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    node.process.kill()
                    node.process.wait(30)
            node.stop()  # it has exited: closes its log, deletes its storage
        self.frozen.clear()

    def pause(self) -> None:
        for node in self.nodes:
            self.freeze(node.node_id)

    def resume(self) -> None:
        for node in self.nodes:
            self.thaw(node.node_id)

    def __enter__(self) -> KafkaCluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- one node ---------------------------------------------------------------------

    def kill(self, node_id: int) -> None:
        """SIGKILL one node: broker and controller die at once, no controlled shutdown."""
        self.frozen.discard(node_id)
        self.node(node_id).kill()

    def stop_node(self, node_id: int, timeout: float = 60.0) -> None:
        """Stop one node in order (SIGTERM: its controlled shutdown moves its leaderships
        first), keeping its storage."""
        self.thaw(node_id)
        self.node(node_id).stop(timeout, keep_storage=True)

    def start_node(self, node_id: int, timeout: float = 120.0) -> float:
        """Start a killed or stopped node again on its storage and ports; returns the
        seconds until it answers and the cluster lists it again."""
        node = self.node(node_id)
        started = node.launch(timeout)
        try:
            node.wait_ready(started, timeout)
            self.wait_registered(started + timeout - time.monotonic())
        except BaseException:
            node.stop(keep_storage=True)
            raise
        return time.monotonic() - started

    def freeze(self, node_id: int) -> None:
        """SIGSTOP one node: its connections stay open, nothing answers."""
        node = self.node(node_id)
        if node.running:
            node.pause()
            self.frozen.add(node_id)

    def thaw(self, node_id: int) -> None:
        if node_id in self.frozen:
            self.node(node_id).resume()
            self.frozen.discard(node_id)

    # -- what the cluster says --------------------------------------------------------

    def brokers(self) -> set[int]:
        """The node ids the cluster's metadata lists as brokers (registered, not fenced)."""
        from pipeline.kafka.admin import partition_states

        return asyncio.run(partition_states(self._reachable(), [])).brokers

    def wait_registered(self, timeout: float) -> None:
        """Wait until the metadata lists every running, unfrozen node as a broker."""
        deadline = time.monotonic() + max(timeout, 0.0)
        want = {node.node_id for node in self.answering()}
        listed: set[int] = set()
        while time.monotonic() < deadline:
            with contextlib.suppress(BrokerError):
                listed = self.brokers()
                if want <= listed:
                    return
            time.sleep(0.2)
        raise BrokerError(
            f"the cluster lists brokers {sorted(listed)}, not every running node "
            f"{sorted(want)}, after {timeout:.0f}s"
        )

    def leaders(self, topics: list[str]) -> Counter[int]:
        """How many partitions of ``topics`` each node leads (from the metadata)."""
        from pipeline.kafka.admin import partition_states

        states = asyncio.run(partition_states(self._reachable(), topics)).partitions
        return Counter(state.leader for state in states.values() if state.leader >= 0)

    def leading_most(self, topics: list[str]) -> int:
        """The node that leads most partitions of ``topics`` (the lowest id on a tie)."""
        counts = self.leaders(topics)
        if not counts:
            raise BrokerError(f"no partition of {topics} has a leader")
        return min(counts, key=lambda node_id: (-counts[node_id], node_id))

    def active_controller(self) -> int:
        """The node id of the quorum's leader, the active controller: asked of a node with
        a DescribeQuorum request (a broker forwards it to the active controller)."""
        reasons = []
        for node in self.answering():
            try:
                return describe_quorum_leader(node.host, node.port)
            except (OSError, ValueError, BrokerError) as exc:
                reasons.append(f"{node.bootstrap}: {exc}")
        raise BrokerError("no node told the active controller: " + "; ".join(reasons))

    def wait_in_sync(self, topics: list[str] | None = None, timeout: float = 120.0) -> float:
        """Wait until every node is listed and every partition of ``topics`` (None: every
        topic, the internal ones too) has all its replicas in sync; returns the seconds."""
        from pipeline.kafka.admin import partition_states

        started = time.monotonic()
        deadline = started + timeout
        lagging: list[str] = []
        while time.monotonic() < deadline:
            with contextlib.suppress(BrokerError):
                state = asyncio.run(partition_states(self._reachable(), topics))
                want = {node.node_id for node in self.answering()}
                lagging = [
                    f"{topic}-{partition}"
                    for (topic, partition), p in state.partitions.items()
                    if set(p.isr) != set(p.replicas) or p.leader < 0
                ]
                if want <= state.brokers and not lagging:
                    return time.monotonic() - started
            time.sleep(0.5)
        raise BrokerError(
            f"partitions not in sync after {timeout:.0f}s: {', '.join(sorted(lagging)[:10])}"
        )


def _unused_port(host: str, taken: set[int]) -> int:
    """A free port not handed out already (two free_port calls may give the same one)."""
    while True:
        port = free_port(host)
        if port not in taken:
            taken.add(port)
            return port


METADATA_TOPIC = b"__cluster_metadata"  # the KRaft quorum's one partition


def _uvarint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _read_uvarint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, at
        shift += 7


def _skip_tags(data: bytes, at: int) -> int:
    count, at = _read_uvarint(data, at)
    for _ in range(count):
        _, at = _read_uvarint(data, at)
        size, at = _read_uvarint(data, at)
        at += size
    return at


def describe_quorum_leader(host: str, port: int, timeout: float = 5.0) -> int:
    """The leader of the KRaft quorum (the active controller), from a DescribeQuorum v0
    request (api key 55; a flexible version: compact strings and tagged fields) to the
    node at host:port. Raw socket, as :func:`pipeline.dev.broker.broker_ready`: aiokafka
    has no DescribeQuorum. Raises BrokerError when the answer carries an error."""
    client_id = b"chao-quorum"
    header = struct.pack(">hhih", 55, 0, 5, len(client_id)) + client_id + b"\x00"
    body = (
        _uvarint(2)  # one topic
        + _uvarint(len(METADATA_TOPIC) + 1)
        + METADATA_TOPIC
        + _uvarint(2)  # one partition
        + struct.pack(">i", 0)
        + b"\x00\x00\x00"  # the partition's, the topic's and the request's tagged fields
    )
    request = header + body
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.settimeout(timeout)
        sock.sendall(struct.pack(">i", len(request)) + request)
        (size,) = struct.unpack(">i", recv_exactly(sock, 4))
        data = recv_exactly(sock, size)
    (correlation,) = struct.unpack(">i", data[:4])
    if correlation != 5:
        raise ValueError("an answer to another request")
    at = _skip_tags(data, 4)  # response header v1
    (error,) = struct.unpack(">h", data[at : at + 2])
    at += 2
    if error:
        raise BrokerError(f"DescribeQuorum answered error {error}")
    topics, at = _read_uvarint(data, at)
    if topics - 1 != 1:
        raise ValueError(f"DescribeQuorum answered {topics - 1} topics")
    name_size, at = _read_uvarint(data, at)
    at += name_size - 1
    partitions, at = _read_uvarint(data, at)
    if partitions - 1 != 1:
        raise ValueError(f"DescribeQuorum answered {partitions - 1} partitions")
    _, error, leader = struct.unpack(">ihi", data[at : at + 10])
    if error:
        raise BrokerError(f"DescribeQuorum answered error {error} for the metadata partition")
    if leader < 0:
        raise BrokerError("the quorum has no leader right now")
    return int(leader)


def main(argv: list[str] | None = None) -> int:
    """Fetch one version's jars (the default, or the one named) and check Java (``make
    install``); prints where the jars are."""
    args = sys.argv[1:] if argv is None else argv
    try:
        release = kafka_release(args[0] if args else None)
        folder = kafka_jars(release.version)
        java_binary(release.version)
    except BrokerError as exc:
        print(f"chao-pipeline: {exc}", file=sys.stderr)
        return 1
    print(f"Apache Kafka {release.version} jars: {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
