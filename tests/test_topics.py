"""The topic registry (pipeline.topics) is the one description of the topology: the worker's
declarations, topic administration, file mode, the metrics and the AsyncAPI document list
exactly its topics, and no topic name or suffix is written anywhere else in the code."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pipeline.asyncapi import asyncapi_document
from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.errors import MissingTopicsError, TopologyError
from pipeline.filemode import FILE_TOPICS, OUTPUT_STEMS
from pipeline.kafka.admin import pipeline_topics, session_events_spec
from pipeline.metrics import PipelineCollector
from pipeline.stages.stats import Stats
from pipeline.stages.types import FAMILIES
from pipeline.topics import (
    DEFAULT_PARTITIONS,
    FAMILY_VIEW,
    KINDS,
    RAW_MAX_MESSAGE_BYTES,
    Topics,
    create_command,
    creation_plan,
    markdown_table,
    missing_topics,
    missing_topics_error,
    worker_partitions,
)

REPO = Path(__file__).resolve().parents[1]
NAMES = TopicNames(
    raw="x.raw",
    session_events="x.session-events",
    reasoning="x.reasoning",
    tool_cards="x.tool-cards",
    messages="x.messages",
    artifacts="x.artifacts",
    dead_letter="x.dead-letter",
)
APP_ID = "x-app"


# -- the registry itself ---------------------------------------------------------------------


def test_every_configurable_name_is_a_topic_and_internal_names_take_the_app_id() -> None:
    topics = Topics(NAMES, app_id=APP_ID, partitions=3)
    external = {topic.id for topic in topics if not topic.internal}
    assert external == set(TopicNames.model_fields)
    for topic in topics:
        assert topic.partitions == 3
        if topic.internal:
            assert topic.name.startswith(f"{APP_ID}-") and topic.name != f"{APP_ID}-"
        else:
            assert topic.name == getattr(NAMES, topic.id)
    assert [t.name for t in topics.internal()] == ["x-app-staged", "x-app-sessions-changelog"]
    assert len({topic.name for topic in topics}) == len(KINDS)


def test_roles_keys_cleanup_and_views() -> None:
    topics = Topics()
    assert topics.raw.role == "source" and topics.raw.kind.key == "any"
    assert topics.raw.kind.max_message_bytes == RAW_MAX_MESSAGE_BYTES
    assert 2 * PipelineConfig().max_record_bytes <= RAW_MAX_MESSAGE_BYTES
    assert topics.sessions_changelog.kind.cleanup_policy == "compact"
    assert topics.staged.kind.cleanup_policy is None  # the broker's default
    for topic in topics:
        if not topic.internal:
            assert topic.kind.cleanup_policy == "delete" and topic.kind.retention_ms
        assert topic.kind.title and topic.kind.description
    # Every family with a view has exactly one view topic, carrying that family only.
    views = [topic for topic in topics if topic.role == "view"]
    assert {topic.kind.family for topic in views} == set(FAMILY_VIEW)
    assert set(FAMILY_VIEW) <= set(FAMILIES)
    assert {FAMILY_VIEW[t.kind.family] for t in views if t.kind.family} == {t.id for t in views}
    assert [t.id for t in topics.outputs()] == [
        "session_events",
        "reasoning",
        "tool_cards",
        "messages",
        "artifacts",
        "dead_letter",
    ]


# -- everything else is derived from it ------------------------------------------------------


def _declared(topology: Any) -> dict[str, Any]:
    """Every Faust topic the worker declares: subscribed, written to, or a table's changelog
    (the declaration with partitions when a name is declared twice: the clean topic is
    written to and is the traces' changelog)."""
    app = topology.app
    declared = [topology.raw_topic, topology.staged_topic, *topology.out_topics.values()]
    declared += [table.changelog_topic for table in app.tables.values()]
    by_name: dict[str, Any] = {}
    for topic in declared:
        name = topic.get_topic_name()
        if name not in by_name or topic.partitions is not None:
            by_name[name] = topic
    return by_name


def test_the_worker_declares_exactly_the_registry_topics() -> None:
    from topologies.pipeline_app import PipelineTopology

    settings = WorkerSettings(broker="kafka://127.0.0.1:9", app_id=APP_ID, partitions=5)
    topology = PipelineTopology(settings, PipelineConfig(topics=NAMES))
    registry = Topics(NAMES, app_id=APP_ID, partitions=5)
    declared = _declared(topology)
    assert set(declared) == {topic.name for topic in registry}
    assert set(topology.out_topics) == {topic.name for topic in registry.outputs()}
    for topic in registry.same_partitions():
        assert declared[topic.name].partitions == 5, topic.name
    for topic in registry.internal():
        assert declared[topic.name].internal
        assert bool(declared[topic.name].compacting) == (topic.kind.cleanup_policy == "compact")
    assert topology.settings.partitions == topology.topics.partitions == 5


def test_a_topology_built_without_partitions_takes_the_default() -> None:
    from topologies.pipeline_app import PipelineTopology

    settings = WorkerSettings(broker="kafka://127.0.0.1:9", app_id="x-default")
    assert settings.partitions is None  # the worker reads the raw topic's count at start
    topology = PipelineTopology(settings, PipelineConfig(topics=NAMES))
    assert topology.topics.partitions == topology.staged_topic.partitions == DEFAULT_PARTITIONS


def test_admin_creates_the_registry_topics_but_the_internal_ones() -> None:
    registry = Topics(NAMES, partitions=6, replication=2)
    specs = pipeline_topics(NAMES, 6, replication=2)
    assert specs == [topic.spec() for topic in registry if not topic.internal]
    assert {spec.name for spec in specs} == set(dict(NAMES).values())
    assert session_events_spec(NAMES, 6) == Topics(NAMES, partitions=6).session_events.spec()
    by_name = {spec.name: spec.configs() for spec in specs}
    assert by_name[NAMES.raw]["max.message.bytes"] == str(RAW_MAX_MESSAGE_BYTES)
    assert by_name[NAMES.dead_letter]["retention.ms"] == str(30 * 24 * 3600 * 1000)


def test_asyncapi_lists_the_registry_topics() -> None:
    document = asyncapi_document(partitions=7)
    registry = Topics(partitions=7)
    channels = document["channels"].values()
    assert [channel["address"] for channel in channels] == [topic.name for topic in registry]
    for channel, topic in zip(channels, registry, strict=True):
        assert channel["title"] == topic.kind.title
        assert channel["description"].startswith(topic.kind.description)
        assert channel["bindings"]["kafka"]["partitions"] == 7
        assert ("tags" in channel) == topic.internal


def test_metrics_and_file_mode_use_the_output_topics() -> None:
    config = PipelineConfig(topics=NAMES)
    collector = PipelineCollector(Stats(), config, sessions_tracked=lambda: 0)
    [published] = [f for f in collector.collect() if f.name == "chao_events_published"]
    labels = [sample.labels["topic"] for sample in published.samples]
    assert labels == [topic.name for topic in Topics(NAMES).outputs()]
    assert tuple(kind.file_stem for kind in KINDS if kind.file_stem) == OUTPUT_STEMS
    assert tuple(topic.name for topic in Topics(FILE_TOPICS).outputs()) == OUTPUT_STEMS


# -- no topic name or suffix written twice ---------------------------------------------------


def _forbidden() -> set[str]:
    defaults = {str(field.default) for field in TopicNames.model_fields.values()}
    suffixes = {str(kind.suffix) for kind in KINDS if kind.suffix}
    return defaults | suffixes | {".raw.events", ".clean.", ".dead-letter"}


def _code_strings(path: Path) -> Iterator[tuple[int, str]]:
    """String constants of a module that are not docstrings (f-string parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


# Where a topic name may be written: the registry, the settings that name the topics, and
# sentences for people (help texts, descriptions) may name one too.
ALLOWED = {"pipeline/topics.py", "pipeline/config.py"}


def test_no_topic_name_or_suffix_is_written_outside_the_registry() -> None:
    forbidden = _forbidden()
    found = []
    for folder in ("pipeline", "topologies", "benchmarks"):
        for path in sorted((REPO / folder).rglob("*.py")):
            relative = path.relative_to(REPO).as_posix()
            if relative in ALLOWED:
                continue
            for line, text in _code_strings(path):
                hits = sorted(word for word in forbidden if word in text)
                # A sentence for people (a help text, a description) may name a topic.
                if hits and " " not in text.strip():
                    found.append(f"{relative}:{line}: {text!r} ({', '.join(hits)})")
    assert not found, "topic names or suffixes outside pipeline/topics.py:\n" + "\n".join(found)


# -- partitions from the source --------------------------------------------------------------


def _counts(**by_name: int | None) -> dict[str, int | None]:
    return dict(by_name)


def test_partitions_come_from_the_raw_topic_when_not_configured() -> None:
    counts = {NAMES.raw: 4, NAMES.session_events: 4}
    assert worker_partitions(NAMES, APP_ID, None, counts) == 4
    # Internal topics that don't exist yet are created with it; configured wins.
    assert worker_partitions(NAMES, APP_ID, 4, {NAMES.raw: 2, NAMES.session_events: 4}) == 4
    # Without traces, the clean topic's count does not matter.
    assert (
        worker_partitions(
            NAMES, APP_ID, None, {NAMES.raw: 3, NAMES.session_events: 9}, traces=False
        )
        == 3
    )


def test_a_missing_raw_topic_is_an_error_unless_partitions_are_configured() -> None:
    with pytest.raises(TopologyError, match=r"the raw topic x\.raw does not exist"):
        worker_partitions(NAMES, APP_ID, None, {})
    assert worker_partitions(NAMES, APP_ID, 5, {}) == 5


def test_disagreeing_topics_are_named_with_their_counts() -> None:
    counts = {
        NAMES.raw: 4,
        NAMES.session_events: 4,
        f"{APP_ID}-staged": 8,
        f"{APP_ID}-sessions-changelog": 8,
    }
    with pytest.raises(TopologyError) as caught:
        worker_partitions(NAMES, APP_ID, None, counts)
    message = str(caught.value)
    assert "the worker's 4 (the raw topic x.raw has 4)" in message
    assert "x-app-staged has 8, x-app-sessions-changelog has 8" in message
    counts[NAMES.session_events] = 2
    with pytest.raises(TopologyError, match=r"x\.session-events has 2, x-app-staged has 8"):
        worker_partitions(NAMES, APP_ID, None, counts)
    with pytest.raises(TopologyError, match=r"CHAO_WORKER_PARTITIONS=8\): x\.session-events has 2"):
        worker_partitions(NAMES, APP_ID, 8, counts)


# -- topics checked at start, and created --------------------------------------------------------


def test_missing_topics_are_the_operators_topics_the_broker_lacks() -> None:
    topics = Topics(NAMES, app_id=APP_ID, partitions=4)
    everything = {topic.name: 4 for topic in topics}
    assert missing_topics(topics, everything) == []
    # The case: the raw topic exists, the clean and dead-letter topics do not.
    counts: dict[str, int | None] = {**everything, NAMES.session_events: None}
    del counts[NAMES.dead_letter]
    assert missing_topics(topics, counts) == [NAMES.session_events, NAMES.dead_letter]
    # The internal topics are the worker's to create: never missing.
    only_operators = {t.name: 4 for t in topics if not t.internal}
    assert missing_topics(topics, only_operators) == []
    # Nothing at all: every operator topic, in registry order, and no internal one.
    assert missing_topics(topics, {}) == [t.name for t in topics if not t.internal]


def test_the_missing_topics_line_names_them_and_the_command() -> None:
    command = create_command("kafka://k1:9092;k2:9093", "chao-pipeline", None)
    assert command == "chao-pipeline topics --create --broker kafka://k1:9092,k2:9093"
    error = missing_topics_error([NAMES.session_events, NAMES.dead_letter], command)
    assert isinstance(error, TopologyError) and error.exit_code == 2
    message = str(error)
    assert "\n" not in message
    assert message.startswith(
        "2 topic(s) the worker reads or writes do not exist: x.session-events, x.dead-letter; "
        "create them with: chao-pipeline topics --create --broker kafka://k1:9092,k2:9093"
    )
    # The app id and the partitions a worker was given reach the command it is told to run.
    assert create_command("kafka://k:9092", APP_ID, 4) == (
        f"chao-pipeline topics --create --broker kafka://k:9092 --app-id {APP_ID} --partitions 4"
    )


def test_the_creation_plan_fits_what_exists() -> None:
    def plan(counts: dict[str, int | None], brokers: int = 1, **kw: Any) -> Topics:
        configured = kw.pop("configured", None)
        return creation_plan(NAMES, APP_ID, configured, counts, brokers, **kw)

    assert plan({}).partitions == DEFAULT_PARTITIONS
    assert plan({NAMES.raw: 6}).partitions == 6  # the existing raw topic's
    assert plan({}, configured=5).partitions == 5  # CHAO_WORKER_PARTITIONS
    assert plan({NAMES.raw: 6}, configured=5).partitions == 5  # the worker's count wins
    assert plan({}, partitions=3).partitions == 3  # --partitions
    # Replication: 3 on a cluster of 3 or more brokers, every broker on fewer, or as given.
    assert [plan({}, brokers).replication for brokers in (1, 2, 3, 5)] == [1, 2, 3, 3]
    assert plan({}, 5, replication=2).replication == 2
    specs = {spec.name: spec for spec in (t.spec() for t in plan({}, 3))}
    assert specs[NAMES.raw].configs()["max.message.bytes"] == str(RAW_MAX_MESSAGE_BYTES)
    # With 3 replicas, min.insync.replicas 2: an acks=all write is on two brokers.
    assert specs[f"{APP_ID}-sessions-changelog"].configs() == {
        "cleanup.policy": "compact",
        "min.insync.replicas": "2",
    }
    assert {spec.replication for spec in specs.values()} == {3}
    assert {s.configs()["min.insync.replicas"] for s in specs.values()} == {"2"}
    # Fewer replicas: the broker's default (a single broker's is 1).
    for brokers in (1, 2):
        assert not any("min.insync.replicas" in t.spec().configs() for t in plan({}, brokers)), (
            brokers
        )
    # Refused before anything is created: topics that would not fit the worker's count
    # (the raw topic's 6, or CHAO_WORKER_PARTITIONS).
    with pytest.raises(TopologyError, match=r"x\.session-events has 3"):
        plan({NAMES.raw: 6}, partitions=3)
    with pytest.raises(TopologyError, match=r"CHAO_WORKER_PARTITIONS=5\): x\.session-events"):
        plan({}, partitions=3, configured=5)


def test_the_topics_command_refuses_options_it_cannot_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pipeline.cli import main

    assert main(["topics", "--partitions", "4"]) == 2
    assert "go with --create" in capsys.readouterr().err
    assert main(["topics", "--create", "--replication-factor", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_missing_topics_exit_with_code_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import topologies.worker
    from pipeline.cli import main

    error = missing_topics_error([NAMES.raw], "the command")

    def refused(settings: WorkerSettings) -> None:
        raise error

    monkeypatch.setattr(topologies.worker, "run_worker", refused)
    assert isinstance(error, MissingTopicsError)
    assert main(["worker"]) == 2
    assert capsys.readouterr().err == f"chao-pipeline: {error}\n"


def test_the_readme_lists_the_registry_topics() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    begin = readme.index("<!-- topics:")
    begin = readme.index("\n", begin) + 1
    end = readme.index("<!-- /topics -->")
    assert readme[begin:end] == markdown_table(), "README.md's topic table: chao-pipeline topics"


def test_the_topics_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    from pipeline.cli import main

    assert main(["topics"]) == 0
    assert capsys.readouterr().out == markdown_table()


@pytest.mark.parametrize(
    ("raw_replicas", "configured", "wanted"),
    [(3, None, 3), (1, None, 1), (None, None, 1), (3, 2, 2), (0, None, 1)],
    ids=["cluster", "one-broker", "unknown", "configured", "no-replicas-listed"],
)
def test_the_worker_gives_its_internal_topics_the_raw_topics_replicas(
    monkeypatch: pytest.MonkeyPatch, raw_replicas: int | None, configured: int | None, wanted: int
) -> None:
    """The internal topics (re-key, changelog, Faust's leader topic) get the raw topic's
    replication factor, read at start with its partition count (CHAO_WORKER_REPLICATION
    overrides): with one replica on a cluster, a broker loss took a part of the worker's
    state with it. Tansu lists no replicas (0): one."""
    import topologies.worker
    from pipeline.kafka.admin import Cluster
    from topologies.app import app_settings

    names = PipelineConfig().topics
    every = [t.name for t in Topics(names)]

    async def metadata(bootstrap: str, wanted: list[str], timeout: float = 30.0) -> Cluster:
        return Cluster(dict.fromkeys(every, 4), 3, {names.raw: raw_replicas})

    monkeypatch.setattr(topologies.worker, "cluster", metadata)
    settings = topologies.worker.resolve_partitions(
        WorkerSettings(replication=configured), PipelineConfig()
    )
    assert (settings.partitions, settings.replication) == (4, wanted)
    assert app_settings(settings)["topic_replication_factor"] == wanted


@pytest.mark.parametrize(("replication", "in_sync"), [(3, {"min.insync.replicas": "2"}), (1, {})])
def test_the_internal_topics_are_declared_with_the_replicas(
    replication: int, in_sync: dict[str, str]
) -> None:
    """Faust creates the internal topics with the app's replication factor (its leader
    topic too) and each topic's config: min.insync.replicas=2 from 3 replicas on."""
    from topologies.pipeline_app import PipelineTopology

    topology = PipelineTopology(
        WorkerSettings(partitions=4, replication=replication, broker_engine="tansu")
    )
    assert topology.app.conf.topic_replication_factor == replication
    for topic in (topology.staged_topic, topology.table.changelog_topic):
        assert topic.replicas in (None, replication)
        assert dict(topic.config or {}) == in_sync, topic.get_topic_name()


def test_the_raw_topic_takes_the_brokers_append_time() -> None:
    """Contract 3.4's arrival is the append to the raw topic: the raw topic is created with
    message.timestamp.type=LogAppendTime (topics --create, the compose job, the tests),
    and a worker reading producers' timestamps there says how to change it."""
    from pipeline.topics import RAW_TIMESTAMP_TYPE, arrival_warning

    specs = {spec.name: spec.configs() for spec in Topics(NAMES).admin_specs()}
    assert specs[NAMES.raw]["message.timestamp.type"] == RAW_TIMESTAMP_TYPE == "LogAppendTime"
    others = [name for name, configs in specs.items() if "message.timestamp.type" in configs]
    assert others == [NAMES.raw]  # the outputs keep the worker's own timestamps
    assert arrival_warning(NAMES.raw, 1) is None
    warning = arrival_warning(NAMES.raw, 0)
    assert warning is not None
    assert f"--entity-name {NAMES.raw}" in warning
    assert "message.timestamp.type=LogAppendTime" in warning
