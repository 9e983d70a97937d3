"""The local Apache Kafka broker's set-up, without starting it (pipeline/dev/apache.py):
clear errors when Java or Maven is missing, the jar cache, the settings, the storage
folders left behind. tests/integration runs the broker itself (``--broker=kafka``)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from pipeline.cli import build_parser
from pipeline.dev import apache
from pipeline.dev.apache import (
    BROKER_SETTINGS,
    DEFAULT_KAFKA_VERSION,
    KAFKA_RELEASES,
    KafkaBroker,
    KafkaCluster,
    cluster_settings,
    jar_cache,
    jars_present,
    java_binary,
    kafka_jars,
    kafka_release,
    random_cluster_id,
    remove_stale_folders,
)
from pipeline.dev.broker import EmbeddedBroker, new_broker
from pipeline.dev.secure_broker import AUTHORIZER, MECHANISM
from pipeline.errors import BrokerError, PipelineError


@pytest.fixture
def empty_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A PATH with nothing on it, no JAVA_HOME, an empty jar cache."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.delenv(apache.VERSION_ENV, raising=False)
    monkeypatch.setenv(apache.CACHE_ENV, str(tmp_path / "cache"))
    return bin_dir


def test_missing_java_is_named(empty_path: Path) -> None:
    with pytest.raises(BrokerError, match="Java is not installed") as caught:
        java_binary()
    assert isinstance(caught.value, PipelineError)  # the project's one root exception
    assert "openjdk-17" in str(caught.value)


def test_an_old_java_is_refused(empty_path: Path) -> None:
    fake = empty_path / "java"
    fake.write_text("#!/bin/sh\necho 'openjdk version \"1.8.0_392\"' >&2\n")
    fake.chmod(0o755)
    with pytest.raises(BrokerError, match=r"is Java 8; Apache Kafka 3\.9\.1 needs Java 11"):
        java_binary("3.9.1")
    fake.write_text("#!/bin/sh\necho 'openjdk version \"11.0.25\" 2024-10-15' >&2\n")
    assert java_binary("3.9.1") == str(fake)
    with pytest.raises(BrokerError, match=r"is Java 11; Apache Kafka 4\.3\.1 needs Java 17"):
        java_binary()  # Kafka 4 brokers need Java 17


def test_missing_maven_is_named_when_the_jars_are_not_cached(empty_path: Path) -> None:
    assert not jars_present()
    with pytest.raises(BrokerError, match=r"Maven \(mvn\) is not installed"):
        kafka_jars()
    with pytest.raises(BrokerError, match=r"Maven \(mvn\) is not installed"):
        KafkaBroker().start()  # the tests that need the broker fail: nothing is skipped


def test_cached_jars_need_no_maven(empty_path: Path) -> None:
    for version, release in KAFKA_RELEASES.items():
        folder = jar_cache(version)
        folder.mkdir(parents=True)
        (folder / apache.COMPLETE).write_text(apache._pom_checksum(release) + "\n")
        assert kafka_jars(version) == folder
        (folder / apache.COMPLETE).write_text("a checksum of another pom\n")
        assert not jars_present(folder, version)  # a changed pom fetches again


def test_the_cache_is_kept_per_version(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(apache.CACHE_ENV, raising=False)
    monkeypatch.delenv(apache.VERSION_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    assert jar_cache() == Path(f"/somewhere/cache/chao-pipeline/kafka-{DEFAULT_KAFKA_VERSION}")
    assert jar_cache("3.9.1") == Path("/somewhere/cache/chao-pipeline/kafka-3.9.1")
    monkeypatch.setenv(apache.VERSION_ENV, "3.9.1")
    assert jar_cache() == Path("/somewhere/cache/chao-pipeline/kafka-3.9.1")
    monkeypatch.setenv(apache.CACHE_ENV, "/elsewhere")
    assert jar_cache("4.3.1") == Path("/elsewhere/kafka-4.3.1")


def test_the_version_is_chosen_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(apache.VERSION_ENV, raising=False)
    assert DEFAULT_KAFKA_VERSION.startswith("4.")  # Kafka 4 is the production broker
    assert KafkaBroker().version == DEFAULT_KAFKA_VERSION
    assert KafkaBroker(version="3.9.1").version == "3.9.1"
    monkeypatch.setenv(apache.VERSION_ENV, "3.9.1")
    assert KafkaBroker().version == "3.9.1"
    assert new_broker("kafka", kafka_version="4.3.1").version == "4.3.1"  # type: ignore[attr-defined]
    monkeypatch.setenv(apache.VERSION_ENV, "2.8.0")
    with pytest.raises(BrokerError, match=r"unknown Apache Kafka version '2\.8\.0' \(CHAO_KAFKA"):
        KafkaBroker()
    with pytest.raises(BrokerError, match=r"one of 4\.3\.1, 3\.9\.1"):
        kafka_release("5.0.0")


def test_each_version_has_its_pom_and_logging() -> None:
    """Each pom names its own Kafka version and the logging binding of that version's
    distribution: log4j2 for Kafka 4 (slf4j 1.7 through log4j-slf4j-impl), reload4j for 3.9."""
    for version, release in KAFKA_RELEASES.items():
        pom = release.pom.read_text()
        assert f"<artifactId>kafka_2.13</artifactId>\n      <version>{version}</version>" in pom
        if release.logging == "log4j2":
            assert "<artifactId>log4j-slf4j-impl</artifactId>" in pom
            assert "reload4j" not in pom
        else:
            assert "<artifactId>slf4j-reload4j</artifactId>" in pom


def test_the_log_configuration_fits_the_version(tmp_path: Path) -> None:
    flag = apache._log_config(tmp_path / "log4j.properties", "INFO", KAFKA_RELEASES["4.3.1"])
    assert flag.startswith("-Dlog4j2.configurationFile=file://")
    text = Path(flag.split("=", 1)[1].removeprefix("file://")).read_text()
    assert "rootLogger.level = INFO" in text and "logger.state.level = WARN" in text
    flag = apache._log_config(tmp_path / "log4j.properties", "WARN", KAFKA_RELEASES["3.9.1"])
    assert flag == f"-Dlog4j.configuration={(tmp_path / 'log4j.properties').as_uri()}"
    assert "log4j.rootLogger=WARN, out" in (tmp_path / "log4j.properties").read_text()


def test_settings_listen_on_loopback_only(tmp_path: Path) -> None:
    broker = KafkaBroker(19092, controller_port=19093)
    text = broker.server_properties(tmp_path / "data")
    settings = dict(line.split("=", 1) for line in text.splitlines())
    assert settings["listeners"] == "PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093"
    assert settings["advertised.listeners"] == "PLAINTEXT://127.0.0.1:19092"
    assert settings["controller.quorum.voters"] == "1@127.0.0.1:19093"
    assert settings["process.roles"] == "broker,controller"
    assert settings["log.dirs"] == str(tmp_path / "data")
    for name, value in BROKER_SETTINGS.items():
        assert settings[name] == value
    assert settings["auto.create.topics.enable"] == "false"
    assert settings["offsets.topic.replication.factor"] == "1"
    assert settings["group.initial.rebalance.delay.ms"] == "0"


def test_the_compose_files_kafka_settings_are_the_clusters(tmp_path: Path) -> None:
    """Every KAFKA_* setting of docker-compose.yml's brokers that is not about its
    listeners, node or folders is set the same way on the local cluster's nodes
    (``broker --engine kafka --nodes 3``, make test-cluster)."""
    import yaml

    compose = yaml.safe_load((Path(__file__).parents[2] / "docker-compose.yml").read_text())
    where = {"NODE_ID", "PROCESS_ROLES", "CONTROLLER_QUORUM_VOTERS", "LISTENERS", "LOG_DIRS"}
    where |= {"ADVERTISED_LISTENERS", "LISTENER_SECURITY_PROTOCOL_MAP"}
    where |= {"INTER_BROKER_LISTENER_NAME", "CONTROLLER_LISTENER_NAMES"}
    # The SASL_SSL listener and the authorizer: the local cluster is PLAINTEXT; they are
    # the secured local broker's (pipeline.dev.secure_broker), checked below.
    secured = {
        "SASL_ENABLED_MECHANISMS": MECHANISM,
        "AUTHORIZER_CLASS_NAME": AUTHORIZER,
        "ALLOW_EVERYONE_IF_NO_ACL_FOUND": "false",
    }
    where |= {*secured, "SSL_KEYSTORE_TYPE", "SSL_KEYSTORE_LOCATION", "SUPER_USERS"}
    where |= {"LISTENER_NAME_SECURE_SCRAM___SHA___512_SASL_JAAS_CONFIG"}
    nodes = [name for name in compose["services"] if name.startswith("kafka-")]
    assert len(nodes) == 3
    settings = KafkaCluster(len(nodes)).nodes[0].settings
    for name in nodes:
        for key, value in compose["services"][name]["environment"].items():
            if not key.startswith("KAFKA_") or key.removeprefix("KAFKA_") in where:
                continue
            setting = key.removeprefix("KAFKA_").lower().replace("_", ".")
            assert settings.get(setting) == str(value), f"{name}: {setting}"
        environment = compose["services"][name]["environment"]
        for key, value in secured.items():
            assert str(environment[f"KAFKA_{key}"]) == value, f"{name}: {key}"
    # A single node differs only in what a cluster sets for its replicas.
    assert {k: v for k, v in settings.items() if k not in cluster_settings(3)} == {
        k: v for k, v in BROKER_SETTINGS.items() if k not in cluster_settings(3)
    }


def test_storage_folders_of_dead_starters_are_removed(tmp_path: Path) -> None:
    gone = subprocess.Popen(["true"])  # a pid that has exited
    gone.wait()
    stale = tmp_path / f"{apache.TMP_PREFIX}stale"
    live = tmp_path / f"{apache.TMP_PREFIX}live"
    unknown = tmp_path / f"{apache.TMP_PREFIX}no-pids"
    for folder in (stale, live, unknown):
        folder.mkdir()
    (stale / "pids").write_text(f"{gone.pid}\n")
    (live / "pids").write_text(f"{gone.pid}\n{os.getpid()}\n")
    remove_stale_folders(tmp_path)
    assert not stale.exists() and live.exists() and unknown.exists()


def test_either_engine_from_one_call() -> None:
    assert isinstance(new_broker("tansu"), EmbeddedBroker)
    kafka = new_broker("kafka", 19092)
    assert isinstance(kafka, KafkaBroker) and kafka.url == "kafka://127.0.0.1:19092"
    with pytest.raises(BrokerError, match="unknown broker engine 'redpanda'"):
        new_broker("redpanda")


def test_the_command_line_takes_the_engine() -> None:
    args = build_parser().parse_args(["broker", "--engine", "kafka", "--port", "29092"])
    assert (args.engine, args.port, args.create_topics) == ("kafka", 29092, False)
    assert args.kafka_version is None  # CHAO_KAFKA_VERSION, else the default
    args = build_parser().parse_args(["broker", "--engine", "kafka", "--kafka-version", "3.9.1"])
    assert args.kafka_version == "3.9.1"
    broker_parser = next(
        action
        for action in build_parser()._subparsers._group_actions  # type: ignore[union-attr]
    ).choices["broker"]
    version_option = next(a for a in broker_parser._actions if a.dest == "kafka_version")
    assert tuple(version_option.choices) == tuple(KAFKA_RELEASES)
    assert build_parser().parse_args(["broker"]).engine == "tansu"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["broker", "--engine", "zookeeper"])


def test_cluster_ids_never_look_like_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """An id starting with '-' made the storage tool fail ("argument --cluster-id/-t:
    expected one argument"): one start in 64 failed before this."""
    import uuid

    dash_first = uuid.UUID(bytes=b"\xf8" + bytes(15))  # base64 "-A..."
    ids = iter([dash_first, uuid.UUID(int=1)])
    monkeypatch.setattr(uuid, "uuid4", lambda: next(ids))
    cluster_id = random_cluster_id()
    assert len(cluster_id) == 22 and not cluster_id.startswith("-")


def test_a_cluster_is_three_voters_with_one_cluster_id(tmp_path: Path) -> None:
    """Three combined nodes on loopback: ids 1-3, one cluster id, every node a voter of the
    same static quorum, the cluster's replication settings on each."""
    cluster = KafkaCluster(3, ports=[29092, 29093, 29094])
    assert [node.node_id for node in cluster.nodes] == [1, 2, 3]
    assert {node.cluster_id for node in cluster.nodes} == {cluster.cluster_id}
    props = [
        dict(line.split("=", 1) for line in node.server_properties(tmp_path).splitlines())
        for node in cluster.nodes
    ]
    voters = {p["controller.quorum.voters"] for p in props}
    assert len(voters) == 1
    [quorum] = voters
    controller_ports = [node.controller_port for node in cluster.nodes]
    assert quorum == ",".join(
        f"{n}@127.0.0.1:{port}" for n, port in zip((1, 2, 3), controller_ports, strict=True)
    )
    every_port = [*controller_ports, 29092, 29093, 29094]
    assert len(set(every_port)) == 6, "two listeners on one port"
    for n, p in enumerate(props, start=1):
        assert p["node.id"] == str(n)
        assert p["process.roles"] == "broker,controller"
        assert p["advertised.listeners"] == f"PLAINTEXT://127.0.0.1:{29091 + n}"
        assert p["default.replication.factor"] == "3"
        assert p["min.insync.replicas"] == "2"
        assert p["offsets.topic.replication.factor"] == "3"
        assert p["transaction.state.log.replication.factor"] == "3"
        assert p["transaction.state.log.min.isr"] == "2"
        assert p["auto.create.topics.enable"] == "false"
    assert cluster.bootstrap == "127.0.0.1:29092,127.0.0.1:29093,127.0.0.1:29094"
    assert cluster.url == "kafka://127.0.0.1:29092;127.0.0.1:29093;127.0.0.1:29094"
    from pipeline.config import bootstrap_addresses

    assert bootstrap_addresses(cluster.url) == [("127.0.0.1", p) for p in (29092, 29093, 29094)]
    assert cluster_settings(1)["min.insync.replicas"] == "1"
    assert cluster_settings(1)["default.replication.factor"] == "1"
    with pytest.raises(BrokerError, match="2 ports for 3 nodes"):
        KafkaCluster(3, ports=[1, 2])


def _quorum_answer(leader: int, error: int = 0) -> bytes:
    """A DescribeQuorum v0 response body (after its size), as Kafka writes it."""
    import struct

    name = b"__cluster_metadata"
    body = struct.pack(">i", 5) + b"\x00"  # correlation id, no tagged fields
    body += struct.pack(">h", 0) + bytes([2, len(name) + 1]) + name + bytes([2])
    body += struct.pack(">ihiiq", 0, error, leader, 7, 1234)
    body += bytes([2]) + struct.pack(">iq", leader, 1234) + b"\x00"  # one voter
    body += bytes([1])  # no observers
    body += b"\x00\x00\x00"  # tagged fields: partition, topic, response
    return body


@pytest.mark.parametrize(("leader", "error"), [(2, 0), (3, 0), (-1, 0), (1, 6)])
def test_the_active_controller_is_read_from_describe_quorum(leader: int, error: int) -> None:
    import socket
    import struct
    import threading

    from pipeline.dev.apache import describe_quorum_leader

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    asked: list[bytes] = []

    def answer() -> None:
        conn, _ = server.accept()
        with conn:
            (size,) = struct.unpack(">i", conn.recv(4))
            asked.append(conn.recv(size))
            body = _quorum_answer(leader, error)
            conn.sendall(struct.pack(">i", len(body)) + body)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        if leader >= 0 and not error:
            assert describe_quorum_leader("127.0.0.1", port) == leader
        else:
            with pytest.raises(BrokerError):
                describe_quorum_leader("127.0.0.1", port)
    finally:
        thread.join(5)
        server.close()
    api_key, version = struct.unpack(">hh", asked[0][:4])
    assert (api_key, version) == (55, 0)
    assert b"__cluster_metadata" in asked[0]


def test_the_command_line_runs_three_nodes() -> None:
    args = build_parser().parse_args(["broker", "--engine", "kafka", "--nodes", "3"])
    assert args.nodes == 3
    assert build_parser().parse_args(["broker"]).nodes == 1
    with pytest.raises(SystemExit):
        build_parser().parse_args(["broker", "--engine", "kafka", "--nodes", "2"])
    from pipeline.cli import main

    assert main(["broker", "--nodes", "3"]) == 2  # Tansu runs one node


def test_the_wheel_ships_every_release_s_pom_beside_the_launcher(tmp_path: Path) -> None:
    # KafkaRelease.pom looks beside pipeline/dev/apache.py: an installed wheel must have
    # the pom files there (`make install` and `chao-pipeline broker --engine kafka` fetch
    # the jars through them).
    import zipfile

    from hatchling.builders.wheel import WheelBuilder

    root = Path(__file__).resolve().parents[2]
    [wheel] = list(WheelBuilder(str(root)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "pipeline/dev/apache.py" in names
    for release in KAFKA_RELEASES.values():
        assert release.pom.is_file()
        assert f"pipeline/dev/{release.pom.name}" in names, release.pom.name
