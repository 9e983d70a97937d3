"""Every topic of the topology, described once: the registry the rest derives from.

Each topic has a role, a key, a cleanup policy and retention, the family view it carries,
its largest record where that matters, a title and a description. Names come from the
``CHAO_TOPIC_*`` settings (:class:`~pipeline.config.TopicNames`) and, for the worker's
internal topics, from its app id (``CHAO_WORKER_APP_ID``) and a suffix. The worker's topic
declarations (``topologies/``), topic administration (:mod:`pipeline.kafka.admin`), file
mode's output files, the metrics' topic labels and ``schemas/asyncapi.json`` all take them
from here; ``tests/test_topics.py`` checks that each of them lists exactly these topics.

Partitions: every topic of one topology has the same count. The internal topics (the re-key
topic and the state changelog) and ``chao.clean.session-events`` (the trace table's
changelog) must, because a session's events, state and trace share a partition number; the
worker takes the count from the raw topic unless ``CHAO_WORKER_PARTITIONS`` sets it (as
Kafka Streams derives its internal topics' partitions from the source topic).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from pipeline.config import TopicNames, WorkerSettings, bootstrap_servers
from pipeline.errors import MissingTopicsError, TopologyError

DEFAULT_PARTITIONS: Final = 8
"""Partitions where nothing else says: ``chao-pipeline broker --create-topics`` without
``--partitions`` and a topology built without a broker (tests). A worker takes the raw
topic's count."""

DAY_MS: Final = 24 * 3600 * 1000
CLEAN_RETENTION_MS: Final = 7 * DAY_MS  # raw and clean streams: clients replay a week
DEAD_LETTER_RETENTION_MS: Final = 30 * DAY_MS  # time to investigate a rejection
RAW_MAX_MESSAGE_BYTES: Final = 8 * 1024 * 1024
"""``max.message.bytes`` of the raw topic. The contract dead-letters a record over 1 MiB as
``too_large``; Apache Kafka's default limit (``message.max.bytes``, 1 MiB + 12 bytes per
record batch) would refuse such a record to its producer instead, so it could never reach
the pipeline. Up to this size it does, and is dead-lettered; beyond it the broker still
refuses it (the producer gets MESSAGE_TOO_LARGE). Keep it above ``CHAO_MAX_RECORD_BYTES``."""

RAW_TIMESTAMP_TYPE: Final = "LogAppendTime"
"""``message.timestamp.type`` of the raw topic: each record's timestamp is when the broker
appended it, which is what contract 3.4 calls its arrival (the reorder window is measured
between arrivals, and the worker reads arrival from the record's timestamp). With Kafka's
default, ``CreateTime``, the timestamp is when the producer's ``send`` was called: a batch
held in its producer across a leader change (a broker failover, a rolling restart) is
appended seconds later than its timestamps say, so the worker took the event waiting
behind a gap for older than it was and skipped the gap before the window had passed,
dropping the missing event as late when it arrived within the window
(tests/faults/test_cluster.py's rolling restart: 18 events lost in one run)."""

LOG_APPEND_TIME: Final = 1
"""A record's timestamp type as the consumer reads it: 0 CreateTime, 1 LogAppendTime."""


def arrival_warning(topic: str, timestamp_type: int) -> str | None:
    """What a worker on Kafka logs once when the raw topic's records carry their producers'
    timestamps rather than the broker's append times (None when they carry append times):
    the reorder window is then measured from the producers' clocks (RAW_TIMESTAMP_TYPE)."""
    if timestamp_type == LOG_APPEND_TIME:
        return None
    return (
        f"the raw topic {topic} keeps its producers' timestamps "
        "(message.timestamp.type=CreateTime), so the reorder window is measured from "
        "them: a record held in its producer across a broker failover or restart can be "
        "dropped as late. Set it to the broker's append time: kafka-configs.sh "
        f"--bootstrap-server ... --alter --entity-type topics --entity-name {topic} "
        '--add-config message.timestamp.type=LogAppendTime (docs/kafka.md, "A three-broker '
        'cluster")'
    )


DEFAULT_APP_ID: Final[str] = WorkerSettings.model_fields["app_id"].default

Role = Literal["source", "clean", "view", "dead-letter", "re-key", "changelog"]
Key = Literal["any", "sessionId", "sessionId or none"]


CLUSTER_REPLICATION: Final = 3
"""Replicas of a topic ``topics --create`` creates on a cluster of at least 3 brokers (the
usual production setting: one broker may fail while two stay in sync); on fewer, every
broker holds one."""

CLUSTER_MIN_INSYNC: Final = 2
"""``min.insync.replicas`` of a topic with 3 or more replicas: a write acknowledged to an
``acks=all`` producer (every producer of the worker) is on at least 2 brokers, so the loss
of any one broker loses no acknowledged record, and with one broker down every partition
still takes writes. With fewer replicas the broker's default applies."""


def min_insync_replicas(replication: int) -> int | None:
    """The ``min.insync.replicas`` a topic with ``replication`` replicas is created with
    (None: the broker's default): :data:`CLUSTER_MIN_INSYNC` from 3 replicas on."""
    return CLUSTER_MIN_INSYNC if replication >= CLUSTER_REPLICATION else None


@dataclass(frozen=True)
class TopicSpec:
    """How a topic is created: what :func:`pipeline.kafka.admin.create_topics` needs."""

    name: str
    partitions: int
    replication: int = 1
    retention_ms: int | None = None  # None: the broker's default
    max_message_bytes: int | None = None  # None: the broker's default
    cleanup_policy: str | None = "delete"  # None: the broker's default
    timestamp_type: str | None = None  # message.timestamp.type; None: the broker's default

    def configs(self) -> dict[str, str]:
        configs = {}
        if self.cleanup_policy is not None:
            configs["cleanup.policy"] = self.cleanup_policy
        if self.retention_ms is not None:
            configs["retention.ms"] = str(self.retention_ms)
        if self.max_message_bytes is not None:
            configs["max.message.bytes"] = str(self.max_message_bytes)
        if self.timestamp_type is not None:
            configs["message.timestamp.type"] = self.timestamp_type
        in_sync = min_insync_replicas(self.replication)
        if in_sync is not None:
            configs["min.insync.replicas"] = str(in_sync)
        return configs


@dataclass(frozen=True)
class TopicKind:
    """What one topic of the topology is, whatever it is called."""

    id: str  # a TopicNames field, or an internal topic's id
    role: Role
    key: Key
    title: str
    description: str
    cleanup_policy: str | None = "delete"  # None: the broker's default
    retention_ms: int | None = None  # None: the broker's default
    max_message_bytes: int | None = None
    timestamp_type: str | None = None  # message.timestamp.type; None: the broker's default
    family: str | None = None  # the event family a view carries
    file_stem: str | None = None  # file mode's output file (contract section 6)
    suffix: str | None = None  # internal topics: the name is the app id and this

    @property
    def internal(self) -> bool:
        """Created by the worker (Faust), not up front by the operator."""
        return self.suffix is not None


KINDS: Final[tuple[TopicKind, ...]] = (
    TopicKind(
        "raw",
        "source",
        "any",
        "Raw events",
        "Raw events from Chao's backend. Record key: anything or nothing; the pipeline does "
        "not rely on it (one session's events may arrive on several partitions). Raw "
        "duplicates (a producer retry, a redelivered record) are dropped by `eventId`. Its "
        "partition count is the topology's: the worker creates its internal topics with it.",
        retention_ms=CLEAN_RETENTION_MS,
        max_message_bytes=RAW_MAX_MESSAGE_BYTES,
        timestamp_type=RAW_TIMESTAMP_TYPE,
    ),
    TopicKind(
        "session_events",
        "clean",
        "sessionId",
        "Clean session events",
        "Every released event of every family: the stream a client renders (reasoning, tool "
        "cards and messages interleaved in their recorded order). Also the changelog of the "
        "workers' session traces (a recovering worker rebuilds them from it), so it has the "
        "workers' partition count; each record carries the header `chao-trace-prev-seq`.",
        retention_ms=CLEAN_RETENTION_MS,
        file_stem="session-events",
    ),
    TopicKind(
        "reasoning",
        "view",
        "sessionId",
        "Visible reasoning view",
        "The `reasoning` family only, for downstream services.",
        retention_ms=CLEAN_RETENTION_MS,
        family="reasoning",
        file_stem="reasoning",
    ),
    TopicKind(
        "tool_cards",
        "view",
        "sessionId",
        "Tool cards view",
        "The `tool` family only, for downstream services.",
        retention_ms=CLEAN_RETENTION_MS,
        family="tool",
        file_stem="tool-cards",
    ),
    TopicKind(
        "messages",
        "view",
        "sessionId",
        "Messages view",
        "The `message` family only, for downstream services.",
        retention_ms=CLEAN_RETENTION_MS,
        family="message",
        file_stem="messages",
    ),
    TopicKind(
        "artifacts",
        "view",
        "sessionId",
        "Artifacts view",
        "The `artifact` family only, for downstream services.",
        retention_ms=CLEAN_RETENTION_MS,
        family="artifact",
        file_stem="artifacts",
    ),
    TopicKind(
        "dead_letter",
        "dead-letter",
        "sessionId or none",
        "Dead letters",
        "One record per dead-lettered or policy-dropped event. The order of dead-letter "
        "records is not specified.",
        retention_ms=DEAD_LETTER_RETENTION_MS,
        file_stem="dead-letter",
    ),
    TopicKind(
        "staged",
        "re-key",
        "sessionId",
        "Re-key topic (internal)",
        "Internal to the pipeline: events after the stateless stages, re-keyed by sessionId "
        "so the worker that owns a session's partition sees all of its events. Created by "
        "the worker with the broker's default cleanup policy and retention; payload opaque "
        "(a JSON array).",
        cleanup_policy=None,
        suffix="-staged",
    ),
    TopicKind(
        "sessions_changelog",
        "changelog",
        "sessionId",
        "Session-state changelog (internal)",
        "Internal to the pipeline: the changelog of the table `sessions`, one state per "
        "session keyed by sessionId, compacted. Created by the worker; payload opaque (a "
        "JSON array, null as a tombstone).",
        cleanup_policy="compact",
        suffix="-sessions-changelog",
    ),
)
KIND: Final = {kind.id: kind for kind in KINDS}

FAMILY_VIEW: Final = {kind.family: kind.id for kind in KINDS if kind.family is not None}
"""Event family -> the TopicNames field of the view topic that carries it."""

OUTPUT_ROLES: Final = frozenset({"clean", "view", "dead-letter"})
OUTPUT_KINDS: Final = tuple(kind for kind in KINDS if kind.role in OUTPUT_ROLES)
ADMIN_KINDS: Final = tuple(kind for kind in KINDS if not kind.internal)


def output_names(names: TopicNames) -> tuple[str, ...]:
    """The topics the worker publishes to (clean stream, views, dead letters), in order."""
    return tuple(getattr(names, kind.id) for kind in OUTPUT_KINDS)


def file_topics() -> TopicNames:
    """File mode's outputs as topic names: each output topic's file stem (contract
    section 6); the raw topic keeps its name (file mode reads a file instead)."""
    return TopicNames.model_validate({kind.id: kind.file_stem for kind in OUTPUT_KINDS})


@dataclass(frozen=True)
class Topic:
    """One topic of one deployment: what it is and what it is called there."""

    kind: TopicKind
    name: str
    partitions: int
    replication: int = 1

    @property
    def id(self) -> str:
        return self.kind.id

    @property
    def role(self) -> Role:
        return self.kind.role

    @property
    def internal(self) -> bool:
        return self.kind.internal

    def spec(self) -> TopicSpec:
        kind = self.kind
        return TopicSpec(
            self.name,
            self.partitions,
            self.replication,
            kind.retention_ms,
            kind.max_message_bytes,
            kind.cleanup_policy,
            kind.timestamp_type,
        )


class Topics:
    """The registry of one deployment: every topic, named and partitioned."""

    def __init__(
        self,
        names: TopicNames | None = None,
        *,
        app_id: str = DEFAULT_APP_ID,
        partitions: int = DEFAULT_PARTITIONS,
        replication: int = 1,
    ) -> None:
        if partitions < 1:
            raise ValueError(f"partitions must be at least 1, not {partitions}")
        self.names = names or TopicNames()
        self.app_id = app_id
        self.partitions = partitions
        self.replication = replication
        self.by_id: dict[str, Topic] = {
            kind.id: Topic(kind, self._name(kind), partitions, replication) for kind in KINDS
        }

    def _name(self, kind: TopicKind) -> str:
        if kind.suffix is not None:
            return f"{self.app_id}{kind.suffix}"
        name: str = getattr(self.names, kind.id)
        return name

    def __iter__(self) -> Iterator[Topic]:
        return iter(self.by_id.values())

    def __getitem__(self, topic_id: str) -> Topic:
        return self.by_id[topic_id]

    def name(self, topic_id: str) -> str:
        return self.by_id[topic_id].name

    @property
    def raw(self) -> Topic:
        return self.by_id["raw"]

    @property
    def session_events(self) -> Topic:
        return self.by_id["session_events"]

    @property
    def dead_letter(self) -> Topic:
        return self.by_id["dead_letter"]

    @property
    def staged(self) -> Topic:
        return self.by_id["staged"]

    @property
    def sessions_changelog(self) -> Topic:
        return self.by_id["sessions_changelog"]

    def outputs(self) -> list[Topic]:
        """The topics the worker publishes to, in order."""
        return [topic for topic in self if topic.role in OUTPUT_ROLES]

    def internal(self) -> list[Topic]:
        """The topics the worker creates itself."""
        return [topic for topic in self if topic.internal]

    def admin_specs(self) -> list[TopicSpec]:
        """The topics created up front (``chao-pipeline broker --create-topics``, the
        compose file's topics job): raw, clean, views, dead letters."""
        return [topic.spec() for topic in self if not topic.internal]

    def same_partitions(self) -> list[Topic]:
        """The topics whose partition count must be the topology's: the internal topics
        and the trace table's changelog (``session_events``)."""
        return [self.session_events, *self.internal()]


def worker_topics(settings: WorkerSettings, names: TopicNames) -> Topics:
    """A worker's topics: ``settings.partitions`` and ``settings.replication`` as resolved
    at start (:func:`worker_partitions`); unset (a topology built without a broker): the
    defaults."""
    return Topics(
        names,
        app_id=settings.app_id,
        partitions=settings.partitions or DEFAULT_PARTITIONS,
        replication=settings.replication or 1,
    )


PARTITIONS_SETTING: Final = "CHAO_WORKER_PARTITIONS"


def worker_partitions(
    names: TopicNames,
    app_id: str,
    configured: int | None,
    counts: Mapping[str, int | None],
    *,
    traces: bool = True,
) -> int:
    """The worker's partition count, from what the broker has (``counts``: topic name ->
    partitions, None when the topic does not exist).

    ``configured`` None (``CHAO_WORKER_PARTITIONS`` unset): the raw topic's count, as Kafka
    Streams derives its internal topics' partitions from the source topic. Raises
    :class:`~pipeline.errors.TopologyError` naming each topic and its count when the raw
    topic is missing (and nothing is configured) or when an existing internal topic, or
    the trace table's changelog (``session_events``, with ``traces``), has another count.
    """
    raw = names.raw
    raw_count = counts.get(raw)
    if configured is None:
        if raw_count is None:
            raise TopologyError(
                f"the raw topic {raw} does not exist, so the worker cannot take its partition "
                f"count from it: create the topics first (chao-pipeline broker --create-topics, "
                f"or the compose file's topics job), or set {PARTITIONS_SETTING}"
            )
        wanted, why = raw_count, f"the raw topic {raw} has {raw_count}"
    else:
        wanted, why = configured, f"{PARTITIONS_SETTING}={configured}"
    topics = Topics(names, app_id=app_id, partitions=wanted)
    must_match = [*([topics.session_events] if traces else []), *topics.internal()]
    wrong = [
        (topic.name, have)
        for topic in must_match
        if (have := counts.get(topic.name)) is not None and have != wanted
    ]
    if wrong:
        listed = ", ".join(f"{name} has {have}" for name, have in wrong)
        raise TopologyError(
            f"topics with another partition count than the worker's {wanted} ({why}): "
            f"{listed}. A session's events, state and trace share a partition number, so "
            f"these need {wanted} partitions: delete the worker's internal topics (it "
            f"recreates them) and recreate the others with {wanted}, or set "
            f"{PARTITIONS_SETTING} to the count they have"
        )
    return wanted


CREATE_COMMAND: Final = "chao-pipeline topics --create"


def missing_topics(topics: Topics, counts: Mapping[str, int | None]) -> list[str]:
    """The topics a worker reads or writes that the broker lacks (``counts``: topic name
    -> partitions, None or absent when the topic does not exist), in registry order.

    The worker's internal topics (the re-key topic and the state changelog) are never
    missing: Faust declares them ``internal`` and creates them at start with the
    topology's partition count, which the worker knows only once it has read the raw
    topic's (as Kafka Streams creates its repartition and changelog topics). Every other
    topic is the operator's: without it the worker's producer waits for its metadata
    forever and publishes nothing, so it must exist before the worker starts."""
    return [t.name for t in topics if not t.internal and counts.get(t.name) is None]


def create_command(broker: str, app_id: str, partitions: int | None) -> str:
    """The ``chao-pipeline topics --create`` line for this worker's settings: its broker
    (``,`` between addresses, which a shell leaves alone), and the app id and partition
    count when they are not what the command finds by itself. Topic names come from the
    same ``CHAO_TOPIC_*`` environment."""
    where = bootstrap_servers(broker)
    words = [CREATE_COMMAND, f"--broker kafka://{where}"]
    if app_id != DEFAULT_APP_ID:
        words.append(f"--app-id {app_id}")
    if partitions is not None:
        words.append(f"--partitions {partitions}")
    return " ".join(words)


def creation_plan(
    names: TopicNames,
    app_id: str,
    configured: int | None,
    counts: Mapping[str, int | None],
    brokers: int,
    *,
    partitions: int | None = None,
    replication: int | None = None,
) -> Topics:
    """The topics ``chao-pipeline topics --create`` creates where ``counts`` (topic name ->
    partitions, None: missing) has none, on a cluster of ``brokers`` brokers.

    Partitions: ``partitions`` (``--partitions``), else the worker's (``configured``,
    ``CHAO_WORKER_PARTITIONS``), else the existing raw topic's, else the default, so that
    what is created fits what exists. Raises :class:`~pipeline.errors.TopologyError`
    before anything is created when the result would not fit the worker
    (:func:`worker_partitions`, as if the topics existed already)."""
    count = partitions or configured or counts.get(names.raw) or DEFAULT_PARTITIONS
    replicas = replication or min(CLUSTER_REPLICATION, max(brokers, 1))
    topics = Topics(names, app_id=app_id, partitions=count, replication=replicas)
    worker_partitions(
        names, app_id, configured, {t.name: counts.get(t.name) or count for t in topics}
    )
    return topics


def missing_topics_error(missing: list[str], command: str) -> MissingTopicsError:
    """One line: which topics are missing and the command that creates them."""
    return MissingTopicsError(
        f"{len(missing)} topic(s) the worker reads or writes do not exist: "
        f'{", ".join(missing)}; create them with: {command} (docs/kafka.md, "Topics")'
    )


def _retention(kind: TopicKind) -> str:
    policy = kind.cleanup_policy or "broker default"
    if kind.retention_ms is None:
        return policy
    return f"{policy}, {kind.retention_ms // DAY_MS} days"


def markdown_table(topics: Topics | None = None) -> str:
    """The topics as a Markdown table (README.md's topic list; ``chao-pipeline topics``)."""
    topics = topics or Topics()
    rows = [
        "| topic | role | key | cleanup, retention | max record | created by | carries |",
        "|---|---|---|---|---|---|---|",
    ]
    for topic in topics:
        kind = topic.kind
        size = f"{kind.max_message_bytes // (1024 * 1024)} MiB" if kind.max_message_bytes else ""
        carries = kind.title
        if kind.family is not None:
            carries = f"{carries} (family `{kind.family}`)"
        rows.append(
            f"| `{topic.name}` | {kind.role} | {kind.key} | {_retention(kind)} | {size} | "
            f"{'the worker' if kind.internal else 'the operator'} | {carries} |"
        )
    return "\n".join(rows) + "\n"
