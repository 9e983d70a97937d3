"""Running one worker of the topology in this process (``chao-pipeline worker``).

Before Faust declares its topics, the worker reads the metadata of every topic from the
broker, once (:func:`resolve_partitions`). It exits with code 2 and one line naming the
missing topics and the command that creates them when a topic it reads or writes does not
exist (:func:`pipeline.topics.missing_topics`; its internal topics it creates itself). Why:
Faust does not check its output topics; a worker without them logged "Topic ... not found
in cluster metadata" ten times a second, published nothing, and was stopped by its stall
watchdog a minute later without the cause being named. With ``CHAO_WORKER_PARTITIONS``
unset it takes the raw topic's count and creates its internal topics with it (as Kafka
Streams derives internal topics' partitions from the source topic), and it refuses to
start, with one line naming each topic and its count, when existing topics disagree
(:func:`pipeline.topics.worker_partitions`).

On a secured cluster (``CHAO_KAFKA_*``, :mod:`pipeline.kafka.security`) the worker then
checks, before Faust starts, that it can authenticate, that the broker's certificate
verifies and that its principal may do what it does with each topic and its group; each
failure exits with code 2 and one line naming it, never a secret
(:mod:`pipeline.kafka.access`; docs/kafka.md, "A secured cluster").

Two more additions around Faust, both about a broker that does not answer:

- Before Faust starts, the worker waits until its Kafka broker answers
  (:func:`wait_for_broker`). Why: Faust's producer bootstraps once at start and the worker
  exits at once (``KafkaConnectionError: Unable to bootstrap from ...``) when no broker
  answers yet; a worker started before its broker (a compose stack, a broker restarting, a
  network not up yet) should wait and say what it waits for, not die and depend on a
  restart policy. ``CHAO_WORKER_BROKER_WAIT_S`` bounds the wait (default: no limit).
- While it runs, :class:`BrokerWatch` (a thread) asks the broker for its API versions every
  couple of seconds and logs a WARNING while it gets no answer. Why: when the broker
  freezes or becomes unreachable, Faust and aiokafka log nothing until their request
  timeouts expire (measured with a frozen broker: the first line, a heartbeat timeout,
  after 90 s): fetches, produces and commits just wait, and the worker looks idle. It goes
  on by itself when the broker answers again (measured up to a 100 s freeze); the watch
  only says what it waits for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
import sys
import threading
import time
from collections.abc import Iterator

from pipeline.config import (
    PipelineConfig,
    TopicNames,
    WorkerSettings,
    bootstrap_addresses,
    bootstrap_servers,
)
from pipeline.kafka.access import check_access, check_connection
from pipeline.kafka.admin import await_listed_everywhere, cluster, create_topics
from pipeline.kafka.security import (
    KafkaSecurity,
    aiokafka_options,
    load_security,
    probe_connection,
)
from pipeline.kafka.wire import recv_exactly
from pipeline.screening import default_screening
from pipeline.topics import (
    Topics,
    create_command,
    missing_topics,
    missing_topics_error,
    worker_partitions,
    worker_topics,
)
from pipeline.trace import TraceSettings
from topologies.datadir import hold_datadir
from topologies.logs import PipelineWorker
from topologies.pipeline_app import PipelineTopology
from topologies.previous_member import leave_for_predecessor

log = logging.getLogger("chao.worker")

# Named in the wait's log lines: WorkerSettings.broker_wait_s, read as every worker setting.
BROKER_WAIT_ENV = "CHAO_WORKER_BROKER_WAIT_S"
PROBE_INTERVAL_S = 1.0  # one connection attempt per second
LOG_INTERVAL_S = 5.0  # one line every few seconds while waiting: INFO, except
WARN_INTERVAL_S = 60.0  # the first and then one a minute: WARNING, seen at any log level
CONNECT_TIMEOUT_S = 3.0
# Longest wait for missing topics to be listed before the worker names them and exits: a
# worker started with (or just before) the job that creates the topics, e.g. one that waited
# for its broker (tests/faults: the topics are created once the broker answers), and Kafka
# lists a topic a moment after answering its creation (create_internal_topics).
# A deployment without its topics still fails within seconds, not at the stall watchdog.
TOPICS_WAIT_S = 10.0
METADATA_TIMEOUT_S = 5.0
# Longest wait for every broker to list the worker's topics (create_internal_topics):
# measured on Kafka 3.9.1, a broker lists a new topic ~130 ms after the controller answers
# its creation; a broker that stays silent this long is frozen or gone.
LISTED_WAIT_S = 30.0


def run_worker(settings: WorkerSettings, config: PipelineConfig | None = None) -> None:
    """Blocks until the worker stops (SIGTERM or Ctrl-C stop it cleanly)."""
    install_event_loop()
    logging.getLogger("chao").setLevel(settings.log_level.upper())
    # CHAO_KAFKA_*: a ConfigError naming the bad variable (never its value) stops it here.
    security = load_security()
    # One worker per data directory, checked before anything talks to the broker: a second
    # worker on a live worker's directory would remove it from the group as its
    # "predecessor" (topologies.datadir). Held until the process exits.
    hold_datadir(settings.datadir)
    try:
        if not wait_for_broker(settings.broker, limit_s=settings.broker_wait_s, security=security):
            sys.exit(1)
    except KeyboardInterrupt:  # Ctrl-C while waiting: no traceback, nothing to stop yet
        sys.exit(130)
    config = config or PipelineConfig()
    if security.secured:
        check_worker_access(settings, config, security)
    settings = resolve_partitions(settings, config)
    create_internal_topics(settings, config)
    topology = PipelineTopology(settings, config)
    # The traces' database under the held data directory (a StateError naming it when it
    # cannot be opened), before the predecessor noted there is removed from the group.
    if topology.trace_bodies is not None:
        topology.trace_bodies.open()
    if settings.group_instance_id is None:  # static members take their place by their id
        with _log_before_faust():
            leave_for_predecessor(
                bootstrap_servers(settings.broker), settings.app_id, settings.datadir, security
            )
    # The screening's rules and recital model (about 0.7 s to build) before the first
    # batch rather than inside it: built on first use, they held up a fresh worker's
    # first events (make bench's fresh-worker p99).
    default_screening()
    tune_garbage_collector()  # after the app is built: it is frozen out of collections
    # The web server's bind address and port come from the app's settings.
    worker = PipelineWorker(topology.app, loglevel=settings.log_level)
    watch = BrokerWatch(bootstrap_addresses(settings.broker), security=security)
    watch.start()
    try:
        worker.execute_from_commandline()
    except SystemExit:
        # A refusal of the broker's that no restart fixes: one line, exit code 2.
        if topology.app.security_failure is not None:
            raise topology.app.security_failure from None
        raise
    finally:
        watch.stop()


def resolve_partitions(settings: WorkerSettings, config: PipelineConfig) -> WorkerSettings:
    """``settings`` with the partition count of the internal topics: the raw topic's when
    ``CHAO_WORKER_PARTITIONS`` is unset; and their replicas: the raw topic's when
    ``CHAO_WORKER_REPLICATION`` is unset. Read from the broker before Faust declares (and
    creates) its topics; raises :class:`~pipeline.errors.MissingTopicsError` naming the
    topics that do not exist and the command that creates them, and
    :class:`~pipeline.errors.TopologyError`, naming each topic and its count, when existing
    topics disagree (:func:`pipeline.topics.worker_partitions`).
    """
    names = config.topics
    topics = worker_topics(settings, names)
    bootstrap = bootstrap_servers(settings.broker)
    wanted = [topic.name for topic in topics]
    deadline = time.monotonic() + TOPICS_WAIT_S
    loop = asyncio.new_event_loop()
    try:
        while True:  # one metadata request (every topic's) per round
            found = loop.run_until_complete(cluster(bootstrap, wanted))
            counts = found.counts
            missing = missing_topics(topics, counts)
            if not missing or time.monotonic() >= deadline:
                break
            time.sleep(0.5)
    finally:
        loop.close()
    if missing:
        command = create_command(settings.broker, settings.app_id, settings.partitions)
        raise missing_topics_error(missing, command)
    partitions = worker_partitions(
        names,
        settings.app_id,
        settings.partitions,
        counts,
        traces=TraceSettings().enabled,
    )
    source = "CHAO_WORKER_PARTITIONS" if settings.partitions else f"the raw topic {names.raw}"
    # Replicas as the raw topic's: the internal topics hold the state and the re-keyed
    # events of what the raw topic holds, so they must survive what it survives (a topic
    # with one replica on a cluster stops the worker when its broker does).
    replication = settings.replication or found.replicas.get(names.raw) or 1
    replicas_from = (
        "CHAO_WORKER_REPLICATION" if settings.replication else f"the raw topic {names.raw}"
    )
    with _log_before_faust():
        log.info("partitions of the internal topics: %d (from %s)", partitions, source)
        log.info("replicas of the internal topics: %d (from %s)", replication, replicas_from)
    return settings.model_copy(update={"partitions": partitions, "replication": replication})


def create_internal_topics(settings: WorkerSettings, config: PipelineConfig) -> None:
    """Create the worker's internal topics that do not exist yet (with ``settings`` as
    :func:`resolve_partitions` resolved them), then wait until every broker lists every
    topic the worker uses, each partition with a leader, for up to
    :data:`LISTED_WAIT_S`; past it, a warning naming the brokers and topics, and the
    worker starts anyway.

    Why before Faust, which creates them too: in a cluster each broker learns a new topic
    from the controller on its own, a moment apart. A worker whose consumer joined the
    group 0.6 s after Faust created the topics got its metadata from a broker that did not
    list them yet; the group leader assigned without them ("Ignoring missing topic") and
    nothing asked again for five minutes (aiokafka's metadata max age): no re-key
    partition was processed (the three-broker fault tests, docs/kafka.md "Topics"). With
    the topics listed everywhere first, Faust finds them and creates nothing."""
    topics = worker_topics(settings, config.topics)
    specs = [topic.spec() for topic in topics.internal()]
    bootstrap = bootstrap_servers(settings.broker)
    names = [topic.name for topic in topics]
    loop = asyncio.new_event_loop()
    try:
        created = loop.run_until_complete(create_topics(bootstrap, specs))
        lacking = loop.run_until_complete(
            await_listed_everywhere(bootstrap, names, timeout=LISTED_WAIT_S)
        )
    finally:
        loop.close()
    with _log_before_faust():
        for name in created:
            log.info("created the internal topic %s", name)
        if lacking:
            log.warning(
                "after %g s, brokers still do not list topics the worker uses (starting "
                "anyway; the consumer asks again when an assignment lacks them): %s",
                LISTED_WAIT_S,
                "; ".join(f"{where}: {', '.join(missing)}" for where, missing in lacking.items()),
            )


def worker_needs(settings: WorkerSettings, names: TopicNames) -> dict[str, set[str]]:
    """What the worker does with each topic (pipeline.kafka.acls: the worker role)."""
    registry = Topics(names, app_id=settings.app_id)
    needs = {topic: {"write"} for topic in (t.name for t in registry.outputs())}
    needs[names.raw] = {"read"}
    needs[names.session_events] = {"read", "write"}  # also the trace table's changelog
    for topic in (registry.staged.name, registry.sessions_changelog.name):
        needs[topic] = {"read", "write"}
    return needs


def check_worker_access(
    settings: WorkerSettings, config: PipelineConfig, security: KafkaSecurity
) -> None:
    """Raise SecurityError naming each topic operation and the group Read the broker does
    not authorize for the worker's principal (pipeline.kafka.access)."""
    bootstrap = bootstrap_servers(settings.broker)
    hint = (
        f" (the worker role's ACLs: chao-pipeline topics --acls "
        f"User:{security.sasl_username or 'NAME'} --role worker; docs/kafka.md)"
    )
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(
            check_access(
                bootstrap,
                security,
                worker_needs(settings, config.topics),
                settings.app_id,
                hint=hint,
            )
        )
    finally:
        loop.close()
    with _log_before_faust():
        log.info("Kafka access checked: %s may do what the worker does", security.describe())


def install_event_loop() -> None:
    """uvloop: a faster event loop (measured in BENCHMARKS.md); asyncio's own if missing."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is a dependency
        return
    uvloop.install()


#: Young-generation threshold of the cyclic garbage collector in a worker (CPython: 700).
GC_THRESHOLDS = (50_000, 20, 10)


def tune_garbage_collector() -> None:
    """Fewer, cheaper cyclic garbage collections in a worker; call once it is built.

    Why: a worker allocates a few hundred container objects per event (parsed records,
    clean events, outputs, Faust's message objects) and holds millions of long-lived ones
    (sessions, traces, Faust and its libraries). With CPython's defaults a young
    collection runs every 700 allocations, and the older generations, which it walks in
    full, are collected often enough that the collector took about a quarter of the
    worker's CPU draining a 200k-event backlog (BENCHMARKS.md: about 12,000 -> 16,000
    events/s on the same run). ``gc.freeze()`` moves everything that exists once the app
    is built (modules, Faust, the topology) out of the collector's sight for good; the
    thresholds let a young collection wait for 50,000 allocations and keep full
    collections periodic (every 10 of the middle ones), so cyclic garbage is still freed.
    Reference counting, which frees everything that isn't in a cycle, is untouched.
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def wait_for_broker(
    broker: str, *, limit_s: float | None = None, security: KafkaSecurity | None = None
) -> bool:
    """Wait until one of the bootstrap addresses answers a Kafka Metadata request.

    Logs ``waiting for the Kafka broker at HOST:PORT (reason), N s so far`` every few
    seconds; returns False (after an ERROR line) only when ``limit_s`` is set and passes.
    Runs before Faust, on its own event loop, with its own log handler (Faust configures
    logging only when it starts). Raises :class:`~pipeline.kafka.security.SecurityError`
    at once, not waiting, when the broker's certificate does not verify or it refuses
    the credentials (:func:`pipeline.kafka.access.check_connection`).
    """
    security = security if security is not None else load_security()
    addresses = bootstrap_addresses(broker)
    if not addresses:
        raise ValueError(f"no broker address in {broker!r}")
    # aiokafka logs each refused bootstrap at ERROR: the lines below say it better, once.
    aiokafka_log = logging.getLogger("aiokafka")
    aiokafka_level = aiokafka_log.level
    aiokafka_log.setLevel(logging.CRITICAL)
    loop = asyncio.new_event_loop()
    try:
        with _log_before_faust():
            return loop.run_until_complete(_wait(addresses, limit_s, security))
    finally:
        loop.close()
        aiokafka_log.setLevel(aiokafka_level)


@contextlib.contextmanager
def _log_before_faust() -> Iterator[None]:
    """This module's log lines on stderr while Faust has not configured logging yet."""
    handler = None
    if not logging.getLogger().handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(
            logging.Formatter("[%(asctime)s] [%(process)d] [%(levelname)s] [%(name)s]: %(message)s")
        )
        log.addHandler(handler)
        log.propagate = False
    try:
        yield
    finally:
        if handler is not None:
            log.removeHandler(handler)
            log.propagate = True


async def _wait(
    addresses: list[tuple[str, int]], limit_s: float | None, security: KafkaSecurity
) -> bool:
    where = ", ".join(f"{host}:{port}" for host, port in addresses)
    started = time.monotonic()
    next_log = started  # the first failed probe is logged at once, as a WARNING
    next_warning = started
    limit = f"giving up after {limit_s:g} s" if limit_s else f"no time limit ({BROKER_WAIT_ENV})"
    failed = False
    while True:
        reasons = []
        for host, port in addresses:
            reason = await _probe(host, port, security)
            if reason is None:
                waited = time.monotonic() - started
                if failed:
                    log.info(
                        "the Kafka broker at %s:%d answers after %.1f s of waiting: starting",
                        host,
                        port,
                        waited,
                    )
                return True
            reasons.append(f"{host}:{port}: {reason}")
        failed = True
        now = time.monotonic()
        waited = now - started
        if limit_s is not None and waited >= limit_s:
            log.error(
                "no Kafka broker answered at %s within %g s (%s): giving up",
                where,
                limit_s,
                "; ".join(reasons),
            )
            return False
        if now >= next_log:
            level = logging.INFO
            if now >= next_warning:
                level = logging.WARNING
                next_warning = now + WARN_INTERVAL_S
            log.log(
                level,
                "waiting for the Kafka broker at %s (%s), %.0f s so far, %s",
                where,
                "; ".join(reasons),
                waited,
                limit,
            )
            next_log = now + LOG_INTERVAL_S
        await asyncio.sleep(PROBE_INTERVAL_S)


async def _probe(host: str, port: int, security: KafkaSecurity) -> str | None:
    """None when the broker at host:port answers a Metadata request listing a broker,
    else why not (connection refused, no answer in time, ...)."""
    try:
        _, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port), timeout=CONNECT_TIMEOUT_S
        )
    except TimeoutError:
        return f"no TCP connection within {CONNECT_TIMEOUT_S:g} s"
    except OSError as exc:
        return (exc.strerror or str(exc) or type(exc).__name__).lower()
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    # The port is open: connect as the worker's clients will (TLS, SASL); a certificate
    # that does not verify or refused credentials raise SecurityError (no use waiting).
    if security.secured:
        reason = await check_connection(host, port, security, timeout=METADATA_TIMEOUT_S)
        if reason is not None:
            return f"port open but no authenticated connection: {reason}"
    # Then ask for metadata the way Faust's clients will (aiokafka negotiates the request
    # versions, so this works with any Kafka version Faust works with).
    from aiokafka.client import AIOKafkaClient

    client = AIOKafkaClient(
        bootstrap_servers=f"{host}:{port}",
        client_id="chao-broker-probe",
        request_timeout_ms=int(METADATA_TIMEOUT_S * 1000),
        **aiokafka_options(security),
    )
    try:
        await asyncio.wait_for(client.bootstrap(), timeout=METADATA_TIMEOUT_S + 1)
        return None
    except TimeoutError:
        return f"port open but no metadata answer within {METADATA_TIMEOUT_S:g} s"
    except Exception as exc:  # KafkaError and friends: not ready, try again
        return f"port open but metadata request failed: {exc!r}"
    finally:
        await client.close()


class BrokerWatch(threading.Thread):
    """Logs while the broker does not answer: ``waiting for the Kafka broker at HOST:PORT
    (reason), N s without an answer ...`` (WARNING, every few seconds), then ``... answers
    again after N s`` (INFO). A thread with plain sockets: independent of the event loop
    and of Faust's connections, so it neither disturbs them nor depends on them.
    """

    def __init__(
        self,
        addresses: list[tuple[str, int]],
        *,
        interval_s: float = 2.0,
        timeout_s: float = 3.0,
        quiet_s: float = 5.0,
        security: KafkaSecurity | None = None,
    ) -> None:
        super().__init__(name="chao-broker-watch", daemon=True)
        self.security = security if security is not None else load_security()
        self.addresses = addresses
        self.interval_s = interval_s
        self.timeout_s = timeout_s
        self.quiet_s = quiet_s  # silence shorter than this is not reported
        self._stop_event = threading.Event()

    def stop(self) -> None:
        self._stop_event.set()

    def run(self) -> None:
        where = ", ".join(f"{host}:{port}" for host, port in self.addresses)
        last_answer = time.monotonic()
        reported = False
        next_log = 0.0
        while not self._stop_event.wait(self.interval_s):
            reasons = []
            for host, port in self.addresses:
                reason = api_versions_probe(host, port, self.timeout_s, self.security)
                if reason is None:
                    break
                reasons.append(f"{host}:{port}: {reason}")
            else:  # no address answered
                now = time.monotonic()
                silent = now - last_answer
                if silent >= self.quiet_s and now >= next_log:
                    log.warning(
                        "waiting for the Kafka broker at %s (%s), %.0f s without an answer: "
                        "fetches, produces and offset commits wait for it; the worker goes "
                        "on by itself once it answers",
                        where,
                        "; ".join(reasons),
                        silent,
                    )
                    reported = True
                    next_log = now + LOG_INTERVAL_S
                continue
            now = time.monotonic()
            if reported:
                log.info(
                    "the Kafka broker at %s answers again after %.0f s without an answer",
                    where,
                    now - last_answer,
                )
                reported = False
                next_log = 0.0
            last_answer = now


def api_versions_probe(
    host: str, port: int, timeout: float, security: KafkaSecurity | None = None
) -> str | None:
    """None when the broker at host:port answers an ApiVersions request (v0: every Kafka
    version answers it, 4.x included; over TLS when CHAO_KAFKA_SECURITY_PROTOCOL says so,
    answered before SASL authentication), else why not."""
    client_id = b"chao-broker-watch"
    body = struct.pack(">hhih", 18, 0, 1, len(client_id)) + client_id  # ApiVersions v0
    try:
        with probe_connection(host, port, timeout, security) as sock:
            sock.sendall(struct.pack(">i", len(body)) + body)
            header = recv_exactly(sock, 4)
            (size,) = struct.unpack(">i", header)
            data = recv_exactly(sock, min(size, 8))
    except TimeoutError:
        return f"no answer within {timeout:g} s"
    except OSError as exc:
        return (exc.strerror or str(exc) or type(exc).__name__).lower()
    except ValueError as exc:
        return str(exc)
    if len(data) < 4 or struct.unpack(">i", data[:4])[0] != 1:
        return "an answer that is not Kafka's"
    return None
