"""``chao-pipeline``: the command line. Subcommands import what they need lazily, so
``process`` never pays for importing Faust."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.config import WorkerSettings
    from pipeline.kafka.security import KafkaSecurity


def _cmd_process(args: argparse.Namespace) -> int:
    from pipeline.config import PipelineConfig
    from pipeline.filemode import process_file
    from pipeline.summary import format_summary

    if args.input != "-" and not Path(args.input).is_file():
        print(f"chao-pipeline: input file not found: {args.input}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    stats = process_file(args.input, Path(args.out), PipelineConfig(), progress=args.progress)
    print(format_summary(stats, elapsed_s=time.perf_counter() - started))
    print(f"output: {args.out}")
    return 0


def _cmd_topics(args: argparse.Namespace) -> int:
    from pipeline.config import PipelineConfig, WorkerSettings
    from pipeline.topics import markdown_table, worker_topics

    if args.acls is not None:
        return _topic_acls(args)
    if args.role is not None or args.apply or args.group is not None:
        print("chao-pipeline: --role, --group and --apply go with --acls", file=sys.stderr)
        return 2
    if args.create:
        return _create_topics(args)
    if (args.broker, args.partitions, args.replication_factor) != (None, None, None):
        print(
            "chao-pipeline: --broker, --partitions and --replication-factor go with --create",
            file=sys.stderr,
        )
        return 2
    settings = WorkerSettings(**({"app_id": args.app_id} if args.app_id else {}))
    print(markdown_table(worker_topics(settings, PipelineConfig().topics)), end="")
    return 0


def _check_security(broker: str) -> None:
    """On a secured cluster, a refused password or an untrusted certificate raises
    SecurityError (one line, exit 2) instead of aiokafka's 'Unable to bootstrap'."""
    import asyncio

    from pipeline.config import bootstrap_addresses
    from pipeline.kafka.access import check_connection
    from pipeline.kafka.security import load_security

    security = load_security()
    if not security.secured:
        return
    for host, port in bootstrap_addresses(broker):
        if asyncio.run(check_connection(host, port, security)) is None:
            return


def _topic_acls(args: argparse.Namespace) -> int:
    """``topics --acls PRINCIPAL --role worker|reader``: the role's ACLs as kafka-acls.sh
    commands; with ``--apply``, created on the broker (as CHAO_KAFKA_* says: an admin)."""
    import asyncio

    from pipeline.config import PipelineConfig, WorkerSettings, bootstrap_servers
    from pipeline.kafka.acls import create_acls, kafka_acls_commands, role_acls

    if args.role is None:
        print("chao-pipeline: --acls needs --role worker or --role reader", file=sys.stderr)
        return 2
    if args.create or args.partitions is not None or args.replication_factor is not None:
        print("chao-pipeline: --acls does not go with --create", file=sys.stderr)
        return 2
    if args.role == "reader" and not args.group:
        print("chao-pipeline: --role reader needs --group (the reader's group)", file=sys.stderr)
        return 2
    overrides = {"broker": args.broker, "app_id": args.app_id}
    settings = WorkerSettings(**{k: v for k, v in overrides.items() if v is not None})
    bootstrap = bootstrap_servers(settings.broker)
    acls = role_acls(
        args.acls,
        args.role,
        PipelineConfig().topics,
        app_id=settings.app_id,
        group=args.group,
        exactly_once=True,
    )
    if not args.apply:
        print(kafka_acls_commands(acls, bootstrap), end="")
        return 0
    _check_security(settings.broker)
    asyncio.run(create_acls(bootstrap, acls))
    for acl in acls:
        print(f"granted {acl.principal}: {acl.operation} {acl.resource} {acl.name} ({acl.pattern})")
    return 0


def _create_topics(args: argparse.Namespace) -> int:
    """``topics --create``: every topic of the registry that the broker lacks, with the
    registry's configs; prints one line per topic, created or existing."""
    import asyncio

    from pipeline.config import PipelineConfig, WorkerSettings, bootstrap_servers
    from pipeline.kafka.admin import cluster, create_topics
    from pipeline.topics import Topics, creation_plan

    if any(n is not None and n < 1 for n in (args.partitions, args.replication_factor)):
        print("chao-pipeline: --partitions and --replication-factor: at least 1", file=sys.stderr)
        return 2
    overrides = {"broker": args.broker, "app_id": args.app_id}
    settings = WorkerSettings(**{k: v for k, v in overrides.items() if v is not None})
    names = PipelineConfig().topics
    bootstrap = bootstrap_servers(settings.broker)
    every = [t.name for t in Topics(names, app_id=settings.app_id)]
    _check_security(settings.broker)
    found = asyncio.run(cluster(bootstrap, every))  # one metadata request
    topics = creation_plan(
        names,
        settings.app_id,
        settings.partitions,
        found.counts,
        found.brokers,
        partitions=args.partitions,
        replication=args.replication_factor,
    )
    missing = [t.spec() for t in topics if found.counts[t.name] is None]
    created = set(asyncio.run(create_topics(bootstrap, missing)))
    for topic in topics:
        spec = topic.spec()
        if spec.name in created:
            configs = ", ".join(f"{k}={v}" for k, v in spec.configs().items()) or "broker defaults"
            print(
                f"created {spec.name}: {spec.partitions} partitions, replication "
                f"{spec.replication}, {configs}"
            )
        else:
            have = found.counts[spec.name]
            print(f"exists  {spec.name}" + (f": {have} partitions" if have else ""))
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    if args.asyncapi and args.openapi:
        print("chao-pipeline: --asyncapi and --openapi: choose one", file=sys.stderr)
        return 2
    if args.openapi:
        from pipeline.api.openapi import DEFAULT_OUT as OPENAPI_OUT
        from pipeline.api.openapi import write_openapi

        print(write_openapi(Path(args.out) if args.out is not None else OPENAPI_OUT))
        return 0
    if args.asyncapi:
        from pipeline.asyncapi import DEFAULT_OUT, write_asyncapi

        print(write_asyncapi(Path(args.out) if args.out is not None else DEFAULT_OUT))
        return 0

    from pipeline.schema import write_schemas

    for path in write_schemas(Path(args.out if args.out is not None else "schemas")):
        print(path)
    return 0


def _cmd_token(args: argparse.Namespace) -> int:
    from pipeline.api.auth import mint_token, secret_bytes
    from pipeline.api.settings import ApiSettings
    from pipeline.trace.http import valid_session_id

    settings = ApiSettings()
    secret = secret_bytes(settings)  # ConfigError (never quoting it) when too short
    if secret is None:
        print(
            "chao-pipeline: no HS256 secret configured: set CHAO_API_AUTH_SECRET (at least 32 "
            "bytes) to the workers' secret; tokens for CHAO_API_JWKS keys come from your "
            "identity provider",
            file=sys.stderr,
        )
        return 2
    sessions = args.sessions or []
    for session_id in sessions:
        if not valid_session_id(session_id):
            print(f"chao-pipeline: --session {session_id!r} is not a sessionId", file=sys.stderr)
            return 2
    if args.ttl <= 0:
        print("chao-pipeline: --ttl must be a positive number of seconds", file=sys.stderr)
        return 2
    print(
        mint_token(
            secret,
            sessions=sessions,
            all_sessions=args.all_sessions,
            ttl_s=args.ttl,
            audience=settings.audience,
            issuer=settings.issuer,
        )
    )
    return 0


def _cmd_generate(args: argparse.Namespace) -> int:
    from pipeline.dev.generate import generate_file

    lines = generate_file(Path(args.out), args.sessions, seed=args.seed)
    print(f"wrote {lines:,} raw lines for {args.sessions:,} sessions to {args.out}")
    return 0


def _cmd_protocol_stream(args: argparse.Namespace) -> int:
    from pipeline.protocols.tool import write_streams

    if args.input != "-" and not Path(args.input).is_file():
        print(f"chao-pipeline: input file not found: {args.input}", file=sys.stderr)
        return 2
    write_streams(
        args.input,
        sys.stdout.buffer,
        protocol=args.protocol,
        session=args.session,
        after=args.after,
        fmt=args.format,
        resume_points=args.resume_points,
    )
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # SIGTERM stops a foreground command like Ctrl-C does


def _cmd_broker(args: argparse.Namespace) -> int:
    import signal

    from pipeline.dev.broker import new_broker

    if args.kafka_version and args.engine != "kafka":
        print("chao-pipeline: --kafka-version goes with --engine kafka", file=sys.stderr)
        return 2
    if args.nodes != 1 and args.engine != "kafka":
        print(
            "chao-pipeline: --nodes goes with --engine kafka (Tansu runs one node)", file=sys.stderr
        )
        return 2
    if args.secure and (args.engine != "kafka" or args.nodes != 1):
        print("chao-pipeline: --secure goes with --engine kafka on one node", file=sys.stderr)
        return 2
    if args.nodes != 1:
        return _run_cluster(args)
    if args.secure:
        return _run_secure(args)
    broker = new_broker(args.engine, args.port, host=args.host, kafka_version=args.kafka_version)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        seconds = broker.start()
        if args.engine == "kafka":
            version = getattr(broker, "version", "")
            print(f"Apache Kafka {version} ready in {seconds:.1f} s at {broker.url}")
            print("storage in a temporary folder, deleted when it stops. Ctrl-C stops it.")
        else:
            print(f"embedded broker (Tansu) ready in {seconds:.1f} s at {broker.url}")
            print("in-memory: its data is gone when it stops. Ctrl-C stops it.")
        if args.create_topics:
            print(_create_pipeline_topics(broker.bootstrap, args.partitions, 1))
        return _wait_for_exit(broker.process)
    except KeyboardInterrupt:
        return 0
    finally:
        broker.stop()


def _wait_for_exit(process: Any) -> int:
    """A broker in the foreground: wait for its process; exiting on its own is a failure."""
    sys.stdout.flush()
    assert process is not None
    code = process.wait()
    print(f"chao-pipeline: the broker exited with code {code}", file=sys.stderr)
    return 1


def _run_secure(args: argparse.Namespace) -> int:
    """``broker --engine kafka --secure``: one node with a SASL_SSL listener, SCRAM users
    and ACLs (pipeline.dev.secure_broker); prints each user's settings to export."""
    import signal

    from pipeline.dev.secure_broker import READER_GROUP, SecureKafkaBroker
    from pipeline.kafka.security import env_lines

    broker = SecureKafkaBroker(args.port, host=args.host, version=args.kafka_version)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        seconds = broker.start()
        print(
            f"Apache Kafka {broker.version} (SASL_SSL, SCRAM-SHA-512, ACLs) ready in "
            f"{seconds:.1f} s at {broker.url}"
        )
        print("certificates and passwords in a temporary folder, deleted when it stops.")
        if args.create_topics:
            print(
                _create_pipeline_topics(
                    broker.bootstrap, args.partitions, 1, security=broker.security()
                )
            )
        roles = {
            "admin": "admin (super-user: topics --create, topics --acls --apply)",
            "worker": "worker (the worker role's ACLs, app id chao-pipeline)",
            "reader": f"reader (the reader role's ACLs, consumer group {READER_GROUP})",
        }
        for user, comment in roles.items():
            print()
            print(env_lines(broker.client_env(user), comment, broker.url))
        print("\nCtrl-C stops it.")
        return _wait_for_exit(broker.process)
    except KeyboardInterrupt:
        return 0
    finally:
        broker.stop()


def _run_cluster(args: argparse.Namespace) -> int:
    """``broker --engine kafka --nodes N``: N KRaft nodes (broker and controller each) on
    ports PORT, PORT+1, ...; runs until Ctrl-C or until a node exits."""
    import signal

    from pipeline.dev.apache import KafkaCluster, cluster_settings

    ports = [args.port + n for n in range(args.nodes)]
    cluster = KafkaCluster(args.nodes, host=args.host, version=args.kafka_version, ports=ports)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        seconds = cluster.start()
        settings = cluster_settings(args.nodes)
        print(
            f"Apache Kafka {cluster.version}, {args.nodes} nodes (each broker and controller), "
            f"ready in {seconds:.1f} s at {cluster.url}"
        )
        print(
            f"bootstrap: {cluster.bootstrap}; topics created without a replication factor: "
            f"{settings['default.replication.factor']} replicas, min.insync.replicas "
            f"{settings['min.insync.replicas']}"
        )
        print("storage in temporary folders, deleted when it stops. Ctrl-C stops it.")
        if args.create_topics:
            replicas = int(settings["default.replication.factor"])
            print(_create_pipeline_topics(cluster.bootstrap, args.partitions, replicas))
        sys.stdout.flush()
        while True:
            for node in cluster.nodes:
                if node.process is not None and node.process.poll() is not None:
                    code = node.process.returncode
                    print(
                        f"chao-pipeline: node {node.node_id} exited with code {code}",
                        file=sys.stderr,
                    )
                    return 1
            time.sleep(1.0)
    except KeyboardInterrupt:
        return 0
    finally:
        cluster.stop()


def _create_pipeline_topics(
    bootstrap: str,
    partitions: int | None,
    replication: int,
    security: KafkaSecurity | None = None,
) -> str:
    """The raw, clean and dead-letter topics, as the compose file's topics job creates them
    (``security``: the client settings of a secured broker's admin)."""
    import asyncio

    from pipeline.config import PipelineConfig, WorkerSettings
    from pipeline.kafka.admin import create_topics, pipeline_topics
    from pipeline.topics import DEFAULT_PARTITIONS, min_insync_replicas

    count = partitions or WorkerSettings().partitions or DEFAULT_PARTITIONS
    specs = pipeline_topics(PipelineConfig().topics, count, replication)
    asyncio.run(create_topics(bootstrap, specs, security=security))
    in_sync = min_insync_replicas(replication)
    replicas = f", {replication} replicas" if replication > 1 else ""
    replicas += f", min.insync.replicas {in_sync}" if in_sync else ""
    return f"topics: {', '.join(spec.name for spec in specs)} ({count} partitions each{replicas})"


def _worker_settings(args: argparse.Namespace) -> WorkerSettings:
    from pipeline.config import WorkerSettings

    overrides = {
        name: value
        for name, value in (
            ("broker", args.broker),
            ("web_port", args.web_port),
            ("web_host", args.web_host),
            ("partitions", args.partitions),
            ("app_id", args.app_id),
            ("datadir", args.datadir),
            ("log_level", args.log_level),
        )
        if value is not None
    }
    return WorkerSettings(**overrides)


def _cmd_worker(args: argparse.Namespace) -> int:
    from topologies.worker import run_worker

    run_worker(_worker_settings(args))
    return 0


def _cmd_eval_screening(args: argparse.Namespace) -> int:
    from pipeline.screening.evaluate import evaluate, format_report, load_cases

    corpus = Path(args.corpus) if args.corpus else _default_corpus()
    report = evaluate(load_cases(corpus))
    print(f"corpus: {corpus}")
    print(format_report(report, show_text=not args.no_text))
    return 0


def _default_corpus() -> Path:
    """../shared/corpus/screening.jsonl, beside the repository this package lives in."""
    return Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "screening.jsonl"


def _cmd_demo(args: argparse.Namespace) -> int:
    import signal

    from pipeline.dev.demo import run_demo

    if args.keep_running:
        signal.signal(signal.SIGTERM, _interrupt)  # stops it like Ctrl-C does

    return run_demo(
        sessions=args.sessions,
        seed=args.seed,
        partitions=args.partitions,
        keep_running=args.keep_running,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chao-pipeline",
        description="Turn Chao's raw events into clean, client-ready streams.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    process = sub.add_parser("process", help="run the stages over a file of raw envelopes")
    process.add_argument("input", help="file of raw envelopes, one JSON per line ('-': stdin)")
    process.add_argument("--out", required=True, help="directory for the output files")
    progress = process.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="always show a progress bar",
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show a progress bar"
    )
    process.set_defaults(func=_cmd_process)

    topics = sub.add_parser(
        "topics",
        help="every topic of the topology as a Markdown table (names from CHAO_TOPIC_* and "
        "CHAO_WORKER_APP_ID); with --create, create those the broker lacks",
        description="Without options: every topic of the topology as a Markdown table. "
        "With --create: create every topic of the topology that the broker does not have, "
        "with the registry's cleanup policy, retention and max.message.bytes (idempotent; "
        "existing topics are left as they are). docs/kafka.md, 'Topics'.",
    )
    topics.add_argument(
        "--create", action="store_true", help="create the missing topics on the broker"
    )
    topics.add_argument("--broker", help="kafka://HOST:PORT (env CHAO_WORKER_BROKER)")
    topics.add_argument(
        "--partitions",
        type=int,
        help="partitions of each topic created (default: CHAO_WORKER_PARTITIONS, else the "
        "existing raw topic's count, else 8)",
    )
    topics.add_argument(
        "--replication-factor",
        type=int,
        help="replicas of each topic created (default: 3, or the number of brokers when "
        "there are fewer)",
    )
    topics.add_argument(
        "--app-id",
        help="the workers' app id, prefix of their internal topics (env CHAO_WORKER_APP_ID)",
    )
    topics.add_argument(
        "--acls",
        metavar="PRINCIPAL",
        help="print the ACLs a principal (User:NAME, or NAME) needs in --role as "
        "kafka-acls.sh commands (docs/kafka.md, 'ACLs per role')",
    )
    topics.add_argument(
        "--role", choices=("worker", "reader"), help="with --acls: the principal's role"
    )
    topics.add_argument(
        "--group", help="with --acls --role reader: the reader's consumer group (required)"
    )
    topics.add_argument(
        "--apply",
        action="store_true",
        help="with --acls: create them on the broker (as the admin CHAO_KAFKA_* names)",
    )
    topics.set_defaults(func=_cmd_topics)
    schema = sub.add_parser("schema", help="write JSON Schema generated from the models")
    schema.add_argument(
        "--out",
        help="directory (default: schemas); with --asyncapi or --openapi the file "
        "(default: schemas/asyncapi.json or schemas/openapi.json; a directory gets the "
        "file inside)",
    )
    schema.add_argument(
        "--asyncapi",
        action="store_true",
        help="write the AsyncAPI 3.0.0 document of every topic instead",
    )
    schema.add_argument(
        "--openapi",
        action="store_true",
        help="write the OpenAPI 3.1 document of the workers' HTTP API instead "
        "(default: schemas/openapi.json)",
    )
    schema.set_defaults(func=_cmd_schema)

    token = sub.add_parser(
        "token",
        help="print a token that reads sessions (HS256 with CHAO_API_AUTH_SECRET)",
        description="Print a token for the session endpoints on stdout, signed with "
        "CHAO_API_AUTH_SECRET (HS256); carries aud/iss when CHAO_API_AUDIENCE/CHAO_API_ISSUER "
        "are set. See docs/api.md.",
    )
    scope = token.add_mutually_exclusive_group(required=True)
    scope.add_argument(
        "--session",
        action="append",
        dest="sessions",
        metavar="SID",
        help="a session the token may read (repeat for more)",
    )
    scope.add_argument(
        "--all-sessions",
        action="store_true",
        help="every session (scope sessions:read:*), for operators",
    )
    token.add_argument(
        "--ttl", type=int, default=3600, help="seconds until the token expires (default 3600)"
    )
    token.set_defaults(func=_cmd_token)

    generate = sub.add_parser("generate", help="write realistic raw traffic to a file")
    generate.add_argument("--out", required=True, help="output file")
    generate.add_argument("--sessions", type=int, default=1000)
    generate.add_argument("--seed", type=int, default=0)
    generate.set_defaults(func=_cmd_generate)
    broker = sub.add_parser(
        "broker", help="run a local broker in the foreground (Tansu, or Apache Kafka)"
    )
    broker.add_argument("--port", type=int, default=9092)
    broker.add_argument("--host", default="127.0.0.1")
    broker.add_argument(
        "--engine",
        choices=("tansu", "kafka"),
        default="tansu",
        help="tansu: embedded, in memory (default); kafka: Apache Kafka (4.3.1 unless "
        "--kafka-version says otherwise) from its jars (Java 17; fetched by Maven on first "
        "use; docs/kafka.md)",
    )
    broker.add_argument(
        "--kafka-version",
        choices=("4.3.1", "3.9.1"),  # pipeline.dev.apache.KAFKA_RELEASES
        help="with --engine kafka: the version to run (default: CHAO_KAFKA_VERSION, else "
        "4.3.1; 3.9.1 for clusters not yet on Kafka 4)",
    )
    broker.add_argument(
        "--nodes",
        type=int,
        choices=(1, 3),
        default=1,
        help="with --engine kafka: 3 runs a cluster of three KRaft nodes (each broker and "
        "controller, a three-voter quorum) on --port and the next two ports; topics it "
        "creates get 3 replicas and min.insync.replicas 2 (docs/kafka.md, 'A cluster')",
    )
    broker.add_argument(
        "--secure",
        action="store_true",
        help="with --engine kafka: a SASL_SSL listener (SCRAM-SHA-512 users admin, worker "
        "and reader; a CA and certificate made for the run), the authorizer on with each "
        "user's ACLs; prints each user's CHAO_KAFKA_* settings (docs/kafka.md, 'A secured "
        "cluster')",
    )
    broker.add_argument(
        "--create-topics",
        action="store_true",
        help="create the raw, clean and dead-letter topics once it is up (as the compose "
        "file's topics job does; Kafka creates no topic by itself); on --nodes 3 with 3 "
        "replicas and min.insync.replicas 2",
    )
    broker.add_argument(
        "--partitions",
        type=int,
        help="with --create-topics: partitions of each topic (default: "
        "CHAO_WORKER_PARTITIONS, else 8; a worker takes the raw topic's count)",
    )
    broker.set_defaults(func=_cmd_broker)

    worker = sub.add_parser(
        "worker", help="run one worker of the streaming topology against any Kafka"
    )
    worker.add_argument("--broker", help="kafka://HOST:PORT (env CHAO_WORKER_BROKER)")
    worker.add_argument("--web-port", type=int, help="/metrics and API port (env ..._WEB_PORT)")
    worker.add_argument("--web-host", help="bind address (env CHAO_WORKER_WEB_HOST)")
    worker.add_argument(
        "--partitions",
        type=int,
        help="partitions of the internal topics (default: the raw topic's count)",
    )
    worker.add_argument("--app-id", help="consumer group / internal topic prefix")
    worker.add_argument("--datadir", help="Faust data directory")
    worker.add_argument("--log-level", help="debug, info, warning, error")
    worker.set_defaults(func=_cmd_worker)

    streams = sub.add_parser(
        "protocol-stream",
        help="a file of clean events as a clean, AG-UI or AI SDK stream (docs/protocols.md)",
    )
    streams.add_argument("input", help="clean events, one JSON per line ('-': stdin)")
    streams.add_argument("--protocol", choices=["clean", "ag-ui", "ai-sdk"], default="clean")
    streams.add_argument("--session", help="only this session (needed for --format sse)")
    streams.add_argument("--after", help="resume after this frame id (as Last-Event-ID)")
    streams.add_argument("--format", choices=["sse", "jsonl"], default="sse")
    streams.add_argument(
        "--resume-points",
        choices=["none", "seqs", "frames", "sample"],
        default="none",
        help="jsonl: also each session's stream resumed after each seq / each frame "
        "(sample: every seq of 1 session in 20, three seqs of the others)",
    )
    streams.set_defaults(func=_cmd_protocol_stream)

    demo = sub.add_parser(
        "demo", help="embedded broker + a worker + realistic traffic, then a summary"
    )
    demo.add_argument("--sessions", type=int, default=400)
    demo.add_argument("--seed", type=int, default=2026)
    demo.add_argument("--partitions", type=int, default=4)
    demo.add_argument(
        "--keep-running",
        action="store_true",
        help="once the traffic is done and the URLs printed, keep the broker and the worker "
        "running until Ctrl-C (open the inspector page it prints)",
    )
    demo.set_defaults(func=_cmd_demo)
    evals = sub.add_parser(
        "eval-screening",
        help="score the unsafe-summary screening on a corpus (a developer tool)",
        description="Send every case of a screening corpus through the stage chain and "
        "print recall per detector, the share named by the right detector, false drops, "
        "and every miss and false drop.",
    )
    evals.add_argument(
        "corpus", nargs="?", help="corpus JSONL (default: ../shared/corpus/screening.jsonl)"
    )
    evals.add_argument(
        "--no-text", action="store_true", help="list misses by id, group and why only"
    )
    evals.set_defaults(func=_cmd_eval_screening)
    return parser


def main(argv: list[str] | None = None) -> int:
    from pipeline.errors import PipelineError

    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except PipelineError as exc:
        print(f"chao-pipeline: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("chao-pipeline: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
