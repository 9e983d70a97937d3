"""Configuration: one pydantic-settings model, read from flags and ``CHAO_*`` variables.

Defaults work out of the box (contract defaults; topic names of contract section 4).
"""

from __future__ import annotations

import logging
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

# Comma-separated in the environment ("a,b"), a list in code.
NameList = Annotated[tuple[str, ...], NoDecode]


def split_csv(value: object) -> object:
    """A NameList from the environment: "a, b" -> ("a", "b"); other values unchanged."""
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return value


DEFAULT_TOOL_KEYS = (
    "bits.search",
    "bits.open",
    "calendar.read",
    "calendar.write",
    "mail.send",
    "files.read",
    "files.delete",
    "research.web",
    "image.generate",
    "code.run",
    "thinking.emit",
)


class TopicNames(BaseSettings):
    """Names of every topic the pipeline reads or writes (contract sections 1 and 4)."""

    model_config = SettingsConfigDict(env_prefix="CHAO_TOPIC_", frozen=True)

    raw: str = Field("chao.raw.events", description="The raw events topic (the input).")
    session_events: str = Field(
        "chao.clean.session-events", description="Every clean event of a session, in order."
    )
    reasoning: str = Field("chao.clean.reasoning", description="The clean reasoning view.")
    tool_cards: str = Field("chao.clean.tool-cards", description="The clean tool-card view.")
    messages: str = Field("chao.clean.messages", description="The clean messages view.")
    artifacts: str = Field("chao.clean.artifacts", description="The clean artifacts view.")
    dead_letter: str = Field("chao.dead-letter", description="Rejected raw records, with why.")


class PipelineConfig(BaseSettings):
    """Settings of the stages. Every field can be set as ``CHAO_<NAME>`` (upper case)."""

    model_config = SettingsConfigDict(env_prefix="CHAO_", frozen=True)

    cot_enabled: bool = Field(True, description="Global switch for visible reasoning.")
    cot_disabled_prefixes: NameList = Field(
        (), description="Visible reasoning is off for sessions whose id starts with one of these."
    )
    reasoning_carriers: NameList = Field(
        ("thinking.emit",),
        description="Tool keys whose input and output are never forwarded (card is redacted).",
    )
    reorder_window_s: float = Field(
        2.0,
        gt=0,
        description="How much later than the event waiting behind it a missing seq may "
        "arrive on the raw topic and still be released in order (contract 3.4: arrival is "
        "the append to the raw topic; processing delays never count).",
    )
    gap_max_wait_s: float = Field(
        300.0,
        gt=0,
        description="The long limit: while some raw or re-key partition is not being "
        "processed at all (records waiting, no progress for CHAO_WORKER_STALL_TIMEOUT_S), a "
        "gap the input cannot rule on waits at most this long, then is skipped "
        '(chao_ordering_gaps_total{cause="input_stalled"}). Processing delays (a backlog, '
        "a restart, a rebalance) never count against the reorder window (contract 3.4).",
    )
    max_waiting_events: int = Field(
        1000, ge=1, description="Waiting events a session may hold before its gap is skipped."
    )
    max_seen_event_ids: int = Field(
        10_000,
        ge=16,
        description="eventIds remembered per session for duplicate detection (oldest forgotten).",
    )
    max_record_bytes: int = Field(1024 * 1024, ge=1, description="Larger records: too_large.")
    tool_keys: NameList = Field(
        DEFAULT_TOOL_KEYS,
        description="tool_key label values of chao_tool_events_total; any other is 'other'.",
    )
    session_idle_timeout_s: float = Field(
        3600.0, gt=0, description="A session with no event for this long is forgotten."
    )
    max_sessions: int = Field(
        100_000,
        ge=1,
        description=(
            "Sessions whose state one process holds at most. A new session arriving at the cap "
            "evicts the least recently active one (its waiting events are released first, "
            "skipping their gaps; counted in chao_sessions_evicted_total). A typical session "
            "state takes about 1.7 KiB (30 events; BENCHMARKS.md), so the default bounds it "
            "near 170 MiB; "
            "a long session adds 8 bytes per eventId, up to max_seen_event_ids."
        ),
    )
    max_nesting_depth: int = Field(
        128,
        ge=2,
        le=250,
        description=(
            "Deepest nesting of objects and arrays in a record (the envelope is level 1); a "
            "deeper record is dead-lettered invalid_json. Clean records are never deeper than "
            "raw ones, so clients with a nesting limit (serde_json: 128) can read them all, "
            "and every wire form (state changelog, trace document: 2 levels more) stays "
            "within the 254 levels orjson writes."
        ),
    )
    reject_duplicate_keys: bool = Field(
        True,
        description=(
            "Dead-letter records that repeat a key in the envelope (invalid_envelope) or the "
            "payload (invalid_payload): parsers disagree on which value counts. Costs one "
            "orjson.dumps per record in compact UTF-8 JSON, a second parse for other records."
        ),
    )
    topics: TopicNames = Field(
        default_factory=TopicNames,
        description="Every topic name at once, as one JSON object (pydantic-settings reads "
        "a nested settings field so); CHAO_TOPIC_* set them one by one.",
    )

    @field_validator("cot_disabled_prefixes", "reasoning_carriers", "tool_keys", mode="before")
    @classmethod
    def _split_csv(cls, value: object) -> object:
        return split_csv(value)

    def cot_disabled_for(self, session_id: str) -> bool:
        return not self.cot_enabled or session_id.startswith(self.cot_disabled_prefixes)


# The commit interval's default per guarantee (WorkerSettings.commit_interval_s).
# At-least-once: Faust's own default is 2.8 s; with the states encoded in chunks, 1 s and
# 3 s drain a backlog equally fast (BENCHMARKS.md), and 1 s repeats a third as much after
# a crash. Exactly-once: outputs are visible to read_committed readers only at a commit;
# with 1 s the latency at half load was p50 779 ms / p99 1,394 ms (issue 25); Kafka
# Streams commits every 100 ms under exactly-once for the same reason (BENCHMARKS.md,
# "Exactly-once commit interval").
AT_LEAST_ONCE_COMMIT_INTERVAL_S = 1.0
EXACTLY_ONCE_COMMIT_INTERVAL_S = 0.1

# The consumer session timeout's default per membership (WorkerSettings.session_timeout).
# Dynamic: a dead worker's partitions move within seconds. Static (KIP-345): the timeout
# is how long a crashed worker has to come back under its name before the group
# rebalances; a restart took 10.8 s to readiness beside a busy CI lane (2026-12-07), so
# 10 s was not enough. 45 s is the Java consumer's default (KIP-735); it is also how long
# a named worker stopped for good holds its partitions (docs/kafka.md, static membership).
DYNAMIC_SESSION_TIMEOUT_S = 10.0
STATIC_SESSION_TIMEOUT_S = 45.0


class WorkerSettings(BaseSettings):
    """How one streaming worker runs (``CHAO_WORKER_*``); the stages' rules stay in
    :class:`PipelineConfig`."""

    model_config = SettingsConfigDict(env_prefix="CHAO_WORKER_", frozen=True, populate_by_name=True)

    broker: str = Field("kafka://127.0.0.1:9092", description="Kafka bootstrap, Faust URL form.")
    app_id: str = Field("chao-pipeline", description="Consumer group and internal topic prefix.")
    partitions: int | None = Field(
        None,
        ge=1,
        description="Partitions of the internal topics (re-key topic, state changelog). "
        "Unset: the raw topic's count, read from the broker at start (as Kafka Streams "
        "derives its internal topics' partitions from the source topic). "
        "chao.clean.session-events must have as many (it is the trace table's changelog); "
        "the worker refuses to start when an existing one of these topics has another "
        "count, naming each.",
    )
    replication: int | None = Field(
        None,
        ge=1,
        description="Replicas of the internal topics the worker creates (re-key topic, "
        "state changelog, Faust's leader topic), and min.insync.replicas=2 on them from 3 "
        "replicas on. Unset: the raw topic's replication factor, read from the broker at "
        "start, so that the worker's own topics survive what the operator's survive (on a "
        "3-broker cluster with topics created by `chao-pipeline topics --create`: 3).",
    )
    web_host: str = Field("127.0.0.1", description="Bind address of /metrics and the web API.")
    web_port: int = Field(6066, ge=0, le=65535, description="Port of /metrics and the web API.")
    datadir: str = Field(
        ".chao-data",
        description="Faust's local data directory: the state store's files "
        "(<datadir>/v1/tables/sessions-<partition>.db and <datadir>/trace-bodies with "
        "state_store=rocksdb) and the "
        "member id of the worker's last assignment (<datadir>/group-member.json: a worker "
        "restarted on it removes its crashed predecessor from the group instead of waiting "
        "out its session). One per worker process, on local disk, kept across restarts (a "
        "StatefulSet volume, a compose volume): two workers never share one (a second worker "
        "on a held directory is refused at start, <datadir>/worker.lock).",
    )
    state_store: Literal["rocksdb", "memory"] = Field(
        "rocksdb",
        description="Where the sessions table and the session traces' events live. "
        "rocksdb: one RocksDB database per owned changelog partition under datadir, with "
        "the changelog offset it reflects, so a restarted worker reads only the changelog's "
        "tail (the decoded states of the owned sessions stay in memory too); and the session "
        "traces' events in one more database (<datadir>/trace-bodies, with the clean-topic "
        "offset each partition reflects), so a held event costs the process about 16 bytes "
        "instead of about 360 and a restart reads the clean topic's tail only. memory: "
        "nothing on disk, every start replays the whole sessions changelog and the clean "
        "topic's last trace age. Either way the topics are the source of truth "
        "(docs/kafka.md, 'The state store').",
    )
    state_cache_mb: int = Field(
        64,
        ge=1,
        description="RocksDB block cache of the sessions table, in MiB, shared out evenly "
        "over its partition databases (Faust's default would be 2 GiB per partition). "
        "Reads hit it only at a restart or an assignment (the owned sessions are held "
        "decoded in memory), so a small cache costs little.",
    )
    expire_interval_s: float = Field(
        0.1, gt=0, description="How often gaps older than the reorder window are skipped."
    )
    idle_check_interval_s: float = Field(
        30.0, gt=0, description="How often idle sessions are looked for and forgotten."
    )
    consumer_session_timeout_s: float | None = Field(
        None,
        gt=0,
        allow_inf_nan=False,
        description="A worker silent this long is considered dead, and its partitions move "
        f"(a rebalance). Unset: {DYNAMIC_SESSION_TIMEOUT_S:g} s, or "
        f"{STATIC_SESSION_TIMEOUT_S:g} s for a worker with group_instance_id (Kafka's "
        "consumer default since 3.0), long enough for a supervisor to restart a crashed "
        "worker on a busy machine and the worker to rejoin in its place.",
    )
    group_instance_id: str | None = Field(
        None,
        min_length=1,
        max_length=249,
        pattern=r"^[A-Za-z0-9._-]+$",
        description="Static group membership (KIP-345): a name of this worker, unique in the "
        "group and the same across its restarts (a StatefulSet pod's name, a compose "
        "service's replica name). A worker restarted within its session timeout "
        f"(consumer_session_timeout_s, {STATIC_SESSION_TIMEOUT_S:g} s for a named worker "
        "unless set) takes its partitions back without a rebalance; one stopped for good "
        "keeps them until that timeout (a static member does not leave its group). Unset: dynamic "
        "membership, every restart rebalances the group.",
    )
    consumer_heartbeat_s: float = Field(
        1.0, gt=0, description="How often the worker's consumer heartbeats to its group."
    )
    commit_interval_s: float | None = Field(
        None,
        gt=0,
        allow_inf_nan=False,
        description="How often the worker commits: offsets, each commit preceded by the "
        "session states changed since the last one (exactly-once: the transactions, which "
        "hold them all). Unset: the processing guarantee's own default, "
        f"{AT_LEAST_ONCE_COMMIT_INTERVAL_S:g} s at-least-once, "
        f"{EXACTLY_ONCE_COMMIT_INTERVAL_S:g} s exactly-once (as Kafka Streams' "
        "commit.interval.ms: 30 s, 100 ms under exactly-once); a value set applies under either. "
        "At-least-once: longer means fewer state writes and more exact repeats after a "
        "crash (up to this many seconds of output). Exactly-once: a read_committed "
        "reader sees an output only when its transaction commits, so an event's latency "
        "is up to an interval plus the commit; shorter means lower latency and more "
        "transactions, each holding up the records of later batches for its partitions "
        "while it commits (BENCHMARKS.md; docs/kafka.md, 'Exactly-once: the commit "
        "interval').",
    )
    broker_engine: Literal["auto", "kafka", "tansu"] = Field(
        "auto",
        description="The broker's engine: workarounds for the embedded Tansu apply only "
        "there (topologies/patches); auto asks the broker which APIs it supports.",
    )
    fetch_max_wait_ms: int = Field(
        20,
        ge=1,
        description="Longest a fetch waits for data, on every broker (Faust's own 1500 "
        "added up to that much latency per hop: Tansu holds an idle fetch for the whole "
        "wait, and on Kafka records of partitions left out of a waiting fetch wait for it; "
        "topologies/patches/fetch_wait.py).",
    )
    process_in_place: bool = Field(
        True,
        description="A raw record whose session's re-key partition this worker owns is "
        "ordered in place, without the round trip through the re-key topic (same outputs, "
        "state and commit order); false sends every record through the re-key topic.",
    )
    stall_timeout_s: float = Field(
        60.0,
        gt=0,
        description="An assigned input partition with records waiting whose committed offset "
        "has not moved for this long is stuck: /ready answers 503, chao_worker_stalled is 1, "
        "and the worker exits non-zero for its supervisor to restart it (topologies.watchdog).",
    )
    fault_hang_after_batches: int = Field(
        0,
        ge=0,
        description="Fault injection for tests only, 0 (off) in production: the delivery of "
        "the Nth fetched batch of raw records hangs for ever (tests/faults/test_stall.py).",
    )
    processing_guarantee: Literal["at_least_once", "exactly_once"] = Field(
        "at_least_once",
        # CHAO_PROCESSING_GUARANTEE, as the issue and Kafka Streams' setting name it;
        # CHAO_WORKER_PROCESSING_GUARANTEE too, like every other worker setting. Not the
        # bare field name: pydantic-settings applies no prefix to an alias, so an alias
        # "processing_guarantee" made a stray PROCESSING_GUARANTEE in the environment
        # switch the worker (code passes the field by name: populate_by_name).
        validation_alias=AliasChoices(
            "CHAO_PROCESSING_GUARANTEE",
            "CHAO_WORKER_PROCESSING_GUARANTEE",
        ),
        description="at_least_once: a crash republishes exact repeats of up to a commit "
        "interval of outputs (consumers drop them by (sessionId, seq)). exactly_once (Apache "
        "Kafka only; the worker refuses it on Tansu, which has no transactions): each commit "
        "writes outputs, state and input offsets in one Kafka transaction per input "
        "partition, so a consumer reading read_committed sees no repeat after a crash; costs "
        "throughput and up to a commit interval of latency for such readers "
        "(BENCHMARKS.md, RELIABILITY.md).",
    )
    log_level: str = Field(
        "info", description="Log level of the worker's chao loggers (debug, info, warning, ...)."
    )
    broker_wait_s: float | None = Field(
        None,
        description="Longest wait for the broker at start, in seconds; unset or 0: no "
        "limit, and a value that is not a number is logged and means no limit "
        "(topologies.worker.wait_for_broker).",
    )

    @field_validator("broker_wait_s", mode="before")
    @classmethod
    def _wait_limit(cls, value: object) -> object:
        # A bad limit must not stop a worker that would otherwise wait for its broker:
        # it waits without limit, saying so (the name, not only the value).
        if isinstance(value, str):
            raw = value.strip()
            if not raw:
                return None
            try:
                value = float(raw)
            except ValueError:
                logging.getLogger("chao.worker").warning(
                    "CHAO_WORKER_BROKER_WAIT_S=%r is not a number of seconds: "
                    "waiting without limit",
                    raw,
                )
                return None
        if isinstance(value, int | float) and not value > 0:
            return None  # 0, negative or NaN: no limit
        return value

    @property
    def session_timeout(self) -> float:
        """The consumer session timeout in force: ``consumer_session_timeout_s`` when set,
        else the membership's default."""
        if self.consumer_session_timeout_s is not None:
            return self.consumer_session_timeout_s
        if self.group_instance_id is not None:
            return STATIC_SESSION_TIMEOUT_S
        return DYNAMIC_SESSION_TIMEOUT_S

    @property
    def commit_interval(self) -> float:
        """The commit interval in force: ``commit_interval_s`` when set, else the
        processing guarantee's default."""
        if self.commit_interval_s is not None:
            return self.commit_interval_s
        if self.processing_guarantee == "exactly_once":
            return EXACTLY_ONCE_COMMIT_INTERVAL_S
        return AT_LEAST_ONCE_COMMIT_INTERVAL_S


def bootstrap_addresses(broker: str) -> list[tuple[str, int]]:
    """``kafka://h1:9092;h2:9092`` (Faust's form; ``,`` also separates) -> [(h1, 9092), ...]."""
    addresses = []
    for part in broker.replace(",", ";").split(";"):
        part = part.strip()
        if not part:
            continue
        if "://" in part:
            part = part.split("://", 1)[1]
        part = part.rstrip("/")
        host, _, port = part.rpartition(":")
        if not host or not port.isdigit():  # no port given: Kafka's default
            host, port = part, "9092"
        addresses.append((host.strip("[]"), int(port)))
    return addresses


def bootstrap_servers(broker: str) -> str:
    """``broker`` as aiokafka's ``bootstrap_servers``: ``h1:9092,h2:9092``."""
    return ",".join(f"{host}:{port}" for host, port in bootstrap_addresses(broker))
