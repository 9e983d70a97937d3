"""The deployment files agree with each other and with the code (no Docker engine needed).

docker-compose.yml, Dockerfile, prometheus/ and grafana/ name the same services, ports,
paths, topics and partition counts; every metric a dashboard panel or an alert reads is one
the worker exports (with the labels it has). The live-scrape check is separate.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from pipeline.config import PipelineConfig, TopicNames, WorkerSettings
from pipeline.kafka.admin import RAW_MAX_MESSAGE_BYTES, pipeline_topics
from pipeline.metrics import PipelineCollector
from pipeline.stages.ordering import GAP_CAUSES, LATE_CAUSES
from pipeline.stages.stats import Stats
from pipeline.topics import RAW_TIMESTAMP_TYPE, Topics

REPO = Path(__file__).resolve().parents[1]
COMPOSE = REPO / "docker-compose.yml"
DOCKERFILE = REPO / "Dockerfile"
PROMETHEUS_CONFIG = REPO / "prometheus" / "prometheus.yml"
ALERTS = REPO / "prometheus" / "alerts.yml"
DATASOURCES = REPO / "grafana" / "provisioning" / "datasources" / "prometheus.yml"
DASHBOARD_PROVIDERS = REPO / "grafana" / "provisioning" / "dashboards" / "dashboards.yml"
DASHBOARDS = REPO / "grafana" / "dashboards"
DASHBOARD_DOC = REPO / "docs" / "dashboard.md"

DATASOURCE_UID = "chao-prometheus"
SCRAPE_JOB = "chao-pipeline"
DAY_MS = 24 * 3600 * 1000

# Every metric the worker exports, with its labels (label values where they are a fixed
# set; None where they are not enumerated here). pipeline.metrics builds its families
# inline and has no list of names to import, so this is the list of record; the tests
# below check it against what PipelineCollector really yields, so it cannot drift.
COT_REASONS = (
    "cot_disabled",
    "session_ineligible",
    "unmarked",
    "malformed",
    "unsafe_summary",
    "unknown_tool_card",
)
REASONS = (
    "too_large",
    "invalid_json",
    "invalid_envelope",
    "unknown_type",
    "invalid_payload",
    *COT_REASONS,
    "missing_tool_key",
    "missing_call_id",
    "invalid_activity",
)
CONSUMED_TOPICS = ("chao.raw.events", "chao-pipeline-staged")
EXPORTED: dict[str, dict[str, tuple[str, ...] | None]] = {
    "chao_events_consumed_total": {
        "family": (
            "session",
            "reasoning",
            "activity",
            "tool",
            "message",
            "artifact",
            "run",
            "unknown",
        )
    },
    "chao_events_published_total": {
        "topic": (
            "chao.clean.session-events",
            "chao.clean.reasoning",
            "chao.clean.tool-cards",
            "chao.clean.messages",
            "chao.clean.artifacts",
            "chao.dead-letter",
        )
    },
    "chao_events_dead_lettered_total": {
        "stage": ("validation", "cot_policy", "normalization"),
        "reason": REASONS,
    },
    "chao_cot_steps_dropped_total": {"reason": COT_REASONS},
    "chao_unsafe_summaries_total": {
        "detector": ("signed_link", "credential", "internal_path", "hidden_prompt", "raw_output")
    },
    "chao_tool_events_total": {
        "tool_key": None,  # the configured tool keys plus "other"
        "status": (
            "pending",
            "executing",
            "completed",
            "failed",
            "degraded",
            "rejected",
            "skipped",
        ),
    },
    "chao_ordering_gaps_total": {"cause": GAP_CAUSES},
    "chao_ordering_late_total": {"cause": LATE_CAUSES},
    "chao_duplicates_total": {},
    "chao_tool_calls_removed_total": {},
    "chao_sessions_forgotten_total": {},
    "chao_sessions_evicted_total": {},
    "chao_reorder_waiting_events": {},
    "chao_sessions_tracked": {},
    "chao_worker_stalled": {},
    "chao_consumer_lag": {"topic": CONSUMED_TOPICS, "partition": None},
    "chao_consumer_highwater": {"topic": CONSUMED_TOPICS, "partition": None},
    "chao_end_to_end_latency_seconds_bucket": {"le": None},
    "chao_end_to_end_latency_seconds_sum": {},
    "chao_end_to_end_latency_seconds_count": {},
    # Written by Prometheus for every scraped target.
    "up": {},
}
# Target labels Prometheus adds to every series it scrapes.
TARGET_LABELS = ("job", "instance")
# Exported by the worker's web layer (topology), not by PipelineCollector.
NOT_FROM_COLLECTOR = {"chao_consumer_lag", "chao_consumer_highwater", "up"}

CONTRACT_TOOL_FAILURE_RATE = (
    'sum by (tool_key)(rate(chao_tool_events_total{status="failed"}[5m])) / '
    'sum by (tool_key)(rate(chao_tool_events_total{status=~"completed|failed"}[5m]))'
)


# --- loading --------------------------------------------------------------------------------


def _yaml(path: Path) -> Any:
    assert path.is_file(), f"{path.relative_to(REPO)} is missing"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data = _yaml(COMPOSE)
    assert isinstance(data, dict) and isinstance(data.get("services"), dict)
    return data


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return compose["services"]  # type: ignore[no-any-return]


def _env(service: dict[str, Any]) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):  # KEY=VALUE form
        env = dict(item.split("=", 1) for item in env)
    return {str(k): str(v) for k, v in env.items()}


def _bind_mounts(service: dict[str, Any]) -> dict[str, str]:
    """Host path (relative to the repo) -> container path, for every bind mount."""
    mounts = {}
    for volume in service.get("volumes") or []:
        if isinstance(volume, dict):
            if volume.get("type") == "bind":
                mounts[str(volume["source"])] = str(volume["target"])
            continue
        source, target = str(volume).split(":")[:2]
        if source.startswith((".", "/")):
            mounts[source] = target
    return mounts


def _container_path_of(service: dict[str, Any], host_path: str) -> str:
    wanted = (REPO / host_path).resolve()
    for source, target in _bind_mounts(service).items():
        if (REPO / source).resolve() == wanted:
            return target
    raise AssertionError(f"{host_path} is not mounted into the service")


def _dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) per instruction, continuation lines joined."""
    text = DOCKERFILE.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n", " ", "\n".join(lines))
    result = []
    for line in joined.splitlines():
        if line.strip():
            instruction, _, args = line.strip().partition(" ")
            result.append((instruction.upper(), args.strip()))
    return result


def _dashboards() -> list[tuple[Path, dict[str, Any]]]:
    paths = sorted(DASHBOARDS.glob("*.json"))
    assert paths, "no dashboard in grafana/dashboards"
    return [(p, json.loads(p.read_text(encoding="utf-8"))) for p in paths]


def _panels(dashboard: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for panel in dashboard.get("panels", []):
        yield panel
        yield from panel.get("panels", [])  # panels inside collapsed rows


def _alert_rules() -> list[dict[str, Any]]:
    return [rule for group in _yaml(ALERTS)["groups"] for rule in group["rules"]]


def _dashboard_exprs() -> list[tuple[str, str]]:
    return [
        (f"{path.name}: {panel.get('title')}", target["expr"])
        for path, dashboard in _dashboards()
        for panel in _panels(dashboard)
        for target in panel.get("targets", [])
    ]


def _all_exprs() -> list[tuple[str, str]]:
    alerts = [
        (f"alerts.yml: {rule.get('alert') or rule.get('record')}", rule["expr"])
        for rule in _alert_rules()
    ]
    return _dashboard_exprs() + alerts


# --- PromQL: metric and label names referenced by an expression -----------------------------

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`')
_SELECTOR = re.compile(r"\{([^{}]*)\}")
_MATCHER = re.compile(r'([A-Za-z_]\w*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"')
_GROUPING = re.compile(
    r"\b(by|without|on|ignoring|group_left|group_right)\s*\(([^()]*)\)", re.IGNORECASE
)
_RANGE = re.compile(r"\[[^\[\]]*\]")
_VARIABLE = re.compile(r"\$\{?\w+\}?")
_DURATION = re.compile(r"(?<![\w.])\d+(?:ms|[smhdwy])\b")
_NUMBER = re.compile(r"(?<![\w.])(?:0x[0-9a-f]+|\d+\.?\d*(?:e[+-]?\d+)?|\.\d+)", re.IGNORECASE)
_IDENTIFIER = re.compile(r"[A-Za-z_:][\w:]*")
_KEYWORDS = {
    "and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring",
    "group_left", "group_right", "inf", "nan", "atan2",
}  # fmt: skip


def metric_names(expr: str) -> set[str]:
    """Metric names an expression selects (function names, keywords, labels excluded)."""
    text = _SELECTOR.sub(" ", expr.replace("\n", " "))
    text = _STRING.sub(" ", text)
    text = _GROUPING.sub(" ", text)
    text = _RANGE.sub(" ", text)
    text = _VARIABLE.sub(" ", text)
    text = _DURATION.sub(" ", text)
    text = _NUMBER.sub(" ", text)
    names = set()
    for match in _IDENTIFIER.finditer(text):
        if text[match.end() :].lstrip().startswith("("):
            continue  # a function call
        if match.group().lower() not in _KEYWORDS:
            names.add(match.group())
    return names


def label_matchers(expr: str) -> list[tuple[str, str, str]]:
    """(label, operator, value) of every matcher inside {...}."""
    return [m.groups() for selector in _SELECTOR.findall(expr) for m in _MATCHER.finditer(selector)]


def grouping_labels(expr: str) -> set[str]:
    labels = set()
    for _, inner in _GROUPING.findall(expr):
        labels.update(part.strip() for part in inner.split(",") if part.strip())
    return labels


@pytest.mark.parametrize(
    ("expr", "names"),
    [
        ('count(up{job="chao-pipeline"} == 1) or vector(0)', {"up"}),
        (CONTRACT_TOOL_FAILURE_RATE, {"chao_tool_events_total"}),
        (
            "histogram_quantile(0.99, sum by (le) "
            "(rate(chao_end_to_end_latency_seconds_bucket[$__rate_interval])))",
            {"chao_end_to_end_latency_seconds_bucket"},
        ),
        ("rate(foo_total[5m] offset 1h) > 1e3 and on (instance) bar", {"foo_total", "bar"}),
        ('absent(up{job="x"} == 1)', {"up"}),
        ('label_replace(a, "dst", "$1", "src", "(.*)")', {"a"}),
    ],
)
def test_metric_name_extraction(expr: str, names: set[str]) -> None:
    assert metric_names(expr) == names


# --- compose: services, images, ports, mounts -----------------------------------------------


KAFKA_NODES = ("kafka-1", "kafka-2", "kafka-3")


def test_compose_has_the_stack(services: dict[str, dict[str, Any]]) -> None:
    assert {*KAFKA_NODES, "topics", "worker", "prometheus", "grafana"} <= set(services)


def test_images_are_pinned(services: dict[str, dict[str, Any]]) -> None:
    for name, service in services.items():
        image = service.get("image")
        if image is None:
            assert "build" in service, f"service {name} has neither image nor build"
            continue
        repository, _, tag = str(image).rpartition(":")
        assert repository and "/" not in tag, f"service {name}: image {image} has no tag"
        assert tag != "latest", f"service {name}: image {image} is not pinned"
        assert "${" not in image, f"service {name}: image {image} depends on the environment"
    for instruction, args in _dockerfile():
        if instruction == "FROM":
            image = args.split()[0]
            assert ":" in image and not image.endswith(":latest"), f"Dockerfile FROM {image}"


def test_kafka_is_a_three_node_kraft_cluster(services: dict[str, dict[str, Any]]) -> None:
    """Three combined broker/controller nodes, one cluster id, each a voter of the same
    quorum, each advertising its own name; topics on 3 replicas, min.insync.replicas 2."""
    envs = [_env(services[name]) for name in KAFKA_NODES]
    voters = "1@kafka-1:9093,2@kafka-2:9093,3@kafka-3:9093"
    for node_id, (name, env) in enumerate(zip(KAFKA_NODES, envs, strict=True), start=1):
        assert str(services[name]["image"]).startswith("apache/kafka:")
        assert set(env["KAFKA_PROCESS_ROLES"].split(",")) == {"broker", "controller"}
        assert "KAFKA_ZOOKEEPER_CONNECT" not in env
        assert "healthcheck" in services[name]
        assert env["KAFKA_NODE_ID"] == str(node_id)
        assert env["KAFKA_ADVERTISED_LISTENERS"] == (
            f"PLAINTEXT://{name}:9092,SECURE://{name}:9094"
        )
        assert env["KAFKA_CONTROLLER_QUORUM_VOTERS"] == voters
        assert env["KAFKA_DEFAULT_REPLICATION_FACTOR"] == "3"
        assert env["KAFKA_MIN_INSYNC_REPLICAS"] == "2"
        assert env["KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR"] == "3"
        assert env["KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR"] == "3"
        assert env["KAFKA_TRANSACTION_STATE_LOG_MIN_ISR"] == "2"
        volumes = services[name]["volumes"]
        assert volumes == [f"{name}-data:/var/lib/kafka/data"], "one volume per node"
    assert len({env["CLUSTER_ID"] for env in envs}) == 1


def test_kafka_image_is_the_default_local_version(services: dict[str, dict[str, Any]]) -> None:
    """The compose file runs the Kafka version the local broker and the Kafka tests run by
    default (pipeline.dev.apache), for every broker and the topics job."""
    from pipeline.dev.apache import DEFAULT_KAFKA_VERSION

    for name in (*KAFKA_NODES, "topics"):
        assert services[name]["image"] == f"apache/kafka:{DEFAULT_KAFKA_VERSION}", name


def test_only_loopback_ports_are_published(services: dict[str, dict[str, Any]]) -> None:
    published = {}
    for name, service in services.items():
        for port in service.get("ports") or []:
            spec = port if isinstance(port, str) else f"{port.get('host_ip')}:{port['published']}"
            assert spec.startswith("127.0.0.1:"), f"{name} publishes {spec} beyond loopback"
            published[name] = spec
    assert published.get("prometheus", "").startswith("127.0.0.1:9090:")
    assert published.get("grafana", "").startswith("127.0.0.1:3000:")


def test_worker_can_be_scaled(services: dict[str, dict[str, Any]]) -> None:
    worker = services["worker"]
    assert "container_name" not in worker, "a fixed container_name breaks --scale worker=N"
    assert not worker.get("ports"), "a fixed host port breaks --scale worker=N"
    assert "build" in worker
    build = worker["build"]
    context = build if isinstance(build, str) else build.get("context", ".")
    dockerfile = "Dockerfile" if isinstance(build, str) else build.get("dockerfile", "Dockerfile")
    assert (REPO / context / dockerfile).resolve() == DOCKERFILE.resolve()


def test_bind_mounts_and_named_volumes_exist(compose: dict[str, Any]) -> None:
    declared = set((compose.get("volumes") or {}).keys())
    for name, service in compose["services"].items():
        for volume in service.get("volumes") or []:
            source = str(volume["source"] if isinstance(volume, dict) else volume.split(":")[0])
            if source.startswith((".", "/")):
                path = (REPO / source).resolve()
                assert path.exists(), f"service {name} mounts {source}, which does not exist"
                assert REPO.resolve() in (path, *path.parents), f"{source} is outside the repo"
            else:
                assert source in declared, f"service {name} uses undeclared volume {source}"


def test_startup_order(services: dict[str, dict[str, Any]]) -> None:
    for name in KAFKA_NODES:
        assert services["topics"]["depends_on"][name]["condition"] == "service_healthy"
        assert services["topics"]["image"] == services[name]["image"]
    worker_deps = services["worker"]["depends_on"]
    assert worker_deps["topics"]["condition"] == "service_completed_successfully"


# --- Dockerfile ---------------------------------------------------------------------------


def test_dockerfile() -> None:
    instructions = _dockerfile()
    froms = [args for ins, args in instructions if ins == "FROM"]
    assert froms and all(f.split()[0] == "python:3.11-slim" for f in froms)
    runtime = instructions[max(i for i, (ins, _) in enumerate(instructions) if ins == "FROM") :]
    users = [args for ins, args in runtime if ins == "USER"]
    assert users and users[-1] not in ("root", "0"), "the worker must not run as root"
    healthchecks = [args for ins, args in runtime if ins == "HEALTHCHECK"]
    assert len(healthchecks) == 1 and "/health" in healthchecks[0]
    cmds = [args for ins, args in runtime if ins == "CMD"]
    assert cmds and json.loads(cmds[-1]) == ["chao-pipeline", "worker"]
    copied = " ".join(args for ins, args in instructions if ins == "COPY")
    assert "pyproject.toml" in copied


def _dockerfile_expose() -> set[int]:
    ports = set()
    for instruction, args in _dockerfile():
        if instruction == "EXPOSE":
            ports.update(int(p.split("/")[0]) for p in args.split())
    return ports


def test_dockerignore_keeps_what_the_build_needs() -> None:
    ignore = (REPO / ".dockerignore").read_text(encoding="utf-8").splitlines()
    rules = [line.strip() for line in ignore if line.strip() and not line.startswith("#")]
    for needed in ("pyproject.toml", "README.md", "pipeline/", "topologies/"):
        assert f"!{needed}" in rules or "*" not in rules, f".dockerignore drops {needed}"
    assert ".venv" in rules or "*" in rules


# --- worker settings vs. Prometheus -------------------------------------------------------


def test_worker_environment(services: dict[str, dict[str, Any]]) -> None:
    env = _env(services["worker"])
    assert env["CHAO_WORKER_WEB_HOST"] == "0.0.0.0"
    port = int(env.get("CHAO_WORKER_WEB_PORT", WorkerSettings.model_fields["web_port"].default))
    assert _dockerfile_expose() == {port}
    broker = env["CHAO_WORKER_BROKER"]
    # Every broker of the cluster, in Faust's form (kafka://h1:p;h2:p;h3:p).
    match = re.fullmatch(r"kafka://([\w.:;-]+)", broker)
    assert match, broker
    hosts = [address.rsplit(":", 1) for address in match.group(1).split(";")]
    assert [host for host, _ in hosts] == list(KAFKA_NODES), broker
    assert {port for _, port in hosts} == {"9094"}  # the SECURE listener
    # Accepted by the worker's own settings model.
    settings = WorkerSettings(
        broker=broker, partitions=env.get("CHAO_WORKER_PARTITIONS"), web_port=port
    )
    assert settings.web_port == port


def test_each_worker_replica_is_a_static_member_named_by_its_hostname(
    services: dict[str, dict[str, Any]],
) -> None:
    """docs/kafka.md, "Static membership": the instance id is the container's hostname
    (unique per replica, kept across restarts), set before the worker starts, and the
    web address, which Faust's assignor checks on a static member's return, is fixed."""
    command = services["worker"]["command"]
    assert command[:2] == ["sh", "-c"], command
    script = command[2].replace("$$", "$")  # compose's escape of a literal $
    assert script.startswith("CHAO_WORKER_GROUP_INSTANCE_ID=$(hostname) exec "), script
    assert shlex.split(script)[-2:] == ["chao-pipeline", "worker"], script
    assert "CHAO_WORKER_GROUP_INSTANCE_ID" not in _env(services["worker"])
    assert "container_name" not in services["worker"] and "hostname" not in services["worker"]
    env = _env(services["worker"])
    assert env["CHAO_WORKER_WEB_HOST"] == "0.0.0.0" and "CHAO_WORKER_WEB_PORT" in env


def test_workers_connect_with_sasl_ssl_and_secrets(compose: dict[str, Any]) -> None:
    """The workers reach Kafka's SASL_SSL listener as `worker`, the password and the CA
    from compose secrets; the brokers' key store is a secret too (docs/kafka.md)."""
    from pipeline.kafka.security import KafkaSecurity

    services = compose["services"]
    env = _env(services["worker"])
    secrets = compose["secrets"]
    assert set(services["worker"]["secrets"]) == {"kafka_ca", "kafka_worker_password"}
    assert env["CHAO_KAFKA_SASL_PASSWORD_FILE"] == "/run/secrets/kafka_worker_password"
    assert env["CHAO_KAFKA_SSL_CAFILE"] == "/run/secrets/kafka_ca"
    assert "CHAO_KAFKA_SASL_PASSWORD" not in env, "a password in the compose file"
    fields = {
        k.removeprefix("CHAO_KAFKA_").lower(): v
        for k, v in env.items()
        if k.startswith("CHAO_KAFKA_") and not k.endswith("_FILE") and "CAFILE" not in k
    }
    assert (
        KafkaSecurity.model_validate({**fields, "sasl_password": "x"}).describe()
        == "SASL_SSL SCRAM-SHA-512 as worker"
    )
    for name in KAFKA_NODES:
        node = _env(services[name])
        assert "SECURE:SASL_SSL" in node["KAFKA_LISTENER_SECURITY_PROTOCOL_MAP"]
        assert node["KAFKA_SSL_KEYSTORE_LOCATION"] == "/run/secrets/kafka_keystore"
        assert node["KAFKA_ALLOW_EVERYONE_IF_NO_ACL_FOUND"] == "false"
        assert services[name]["secrets"] == ["kafka_keystore"]
    assert {s["file"] for s in secrets.values()} == {
        "./secrets/kafka.pem",
        "./secrets/ca.pem",
        "./secrets/worker.password",
    }
    assert "/secrets/" in (REPO / ".gitignore").read_text().splitlines()


def test_compose_secrets_are_what_the_compose_file_names(tmp_path: Path) -> None:
    from pipeline.dev.secure_broker import compose_secrets

    written = {p.name for p in compose_secrets(tmp_path / "secrets")}
    assert written == {"ca.pem", "kafka.pem", "worker.password"}
    assert compose_secrets(tmp_path / "secrets") == []  # made once, kept after


def test_topics_job_grants_the_worker_role(services: dict[str, dict[str, Any]]) -> None:
    """The compose file's ACLs are the worker role's (pipeline.kafka.acls)."""
    from pipeline.kafka.acls import role_acls

    script = "\n".join(services["topics"]["command"])
    granted = {line.strip() for line in script.splitlines() if line.strip().startswith("acl --")}
    expected = {
        "acl " + acl.kafka_acls_args().removeprefix("--allow-principal User:worker ")
        for acl in role_acls("worker", "worker", TopicNames())
    }
    assert granted == expected
    assert "--entity-type users --entity-name worker" in script


def test_prometheus_scrapes_every_worker_replica(services: dict[str, dict[str, Any]]) -> None:
    config = _yaml(PROMETHEUS_CONFIG)
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    job = jobs[SCRAPE_JOB]
    assert job.get("metrics_path", "/metrics") == "/metrics"
    assert "static_configs" not in job, "static targets miss scaled replicas"
    [sd] = job["dns_sd_configs"]
    assert sd["names"] == ["worker"] and "worker" in services
    assert sd.get("type", "SRV") == "A"
    env = _env(services["worker"])
    assert sd["port"] == int(env["CHAO_WORKER_WEB_PORT"])
    assert sd["port"] in _dockerfile_expose()
    assert "prometheus" in jobs, "Prometheus should scrape itself"


def test_prometheus_loads_the_rules_it_is_given(services: dict[str, dict[str, Any]]) -> None:
    config = _yaml(PROMETHEUS_CONFIG)
    assert "alerts.yml" in config["rule_files"]
    for rule_file in config["rule_files"]:
        assert (PROMETHEUS_CONFIG.parent / rule_file).is_file(), rule_file
    prometheus = services["prometheus"]
    config_dir = _container_path_of(prometheus, "prometheus")
    flags = [str(arg) for arg in prometheus.get("command") or []]
    assert f"--config.file={config_dir.rstrip('/')}/prometheus.yml" in flags


# --- Grafana ------------------------------------------------------------------------------


def test_grafana_provisioning_matches_the_mounts(services: dict[str, dict[str, Any]]) -> None:
    grafana = services["grafana"]
    env = _env(grafana)
    provisioning = env.get("GF_PATHS_PROVISIONING", "/etc/grafana/provisioning")
    assert _container_path_of(grafana, "grafana/provisioning") == provisioning
    dashboards_dir = _container_path_of(grafana, "grafana/dashboards")
    providers = _yaml(DASHBOARD_PROVIDERS)["providers"]
    assert [p["options"]["path"] for p in providers if p["type"] == "file"] == [dashboards_dir]
    home = env.get("GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH")
    if home:
        assert home.startswith(dashboards_dir.rstrip("/") + "/")
        assert (DASHBOARDS / home.rsplit("/", 1)[1]).is_file()
    assert "GF_SECURITY_ADMIN_PASSWORD" in env or env.get("GF_AUTH_ANONYMOUS_ENABLED") == "true"


def test_grafana_datasource(services: dict[str, dict[str, Any]]) -> None:
    [datasource] = _yaml(DATASOURCES)["datasources"]
    assert datasource["uid"] == DATASOURCE_UID
    assert datasource["type"] == "prometheus"
    match = re.fullmatch(r"http://([\w.-]+):(\d+)/?", datasource["url"])
    assert match and match.group(1) in services
    published = [str(p) for p in services[match.group(1)].get("ports") or []]
    assert any(p.endswith(f":{match.group(2)}") for p in published)


def test_dashboards_are_valid_and_use_the_provisioned_datasource() -> None:
    uids = set()
    for path, dashboard in _dashboards():
        assert dashboard.get("uid") and dashboard.get("title"), path.name
        assert dashboard["uid"] not in uids
        uids.add(dashboard["uid"])
        ids = [panel["id"] for panel in _panels(dashboard)]
        assert len(ids) == len(set(ids)), f"{path.name}: duplicate panel ids"
        for panel in _panels(dashboard):
            where = f"{path.name}: panel {panel.get('title')!r}"
            if panel.get("type") == "row":
                continue
            assert panel.get("datasource", {}).get("uid") == DATASOURCE_UID, where
            targets = panel.get("targets") or []
            assert targets, f"{where} has no target"
            ref_ids = [t["refId"] for t in targets]
            assert len(ref_ids) == len(set(ref_ids)), where
            for target in targets:
                assert target.get("datasource", {}).get("uid") == DATASOURCE_UID, where
                assert target.get("expr", "").strip(), f"{where} has an empty query"
            grid = panel["gridPos"]
            assert grid["x"] >= 0 and grid["x"] + grid["w"] <= 24, where
        for variable in dashboard.get("templating", {}).get("list", []):
            datasource = variable.get("datasource")
            if isinstance(datasource, dict):
                assert datasource.get("uid") == DATASOURCE_UID


def test_main_dashboard_has_the_operator_panels() -> None:
    dashboard = json.loads((DASHBOARDS / "chao-pipeline.json").read_text(encoding="utf-8"))
    assert dashboard["uid"] == "chao-pipeline"
    exprs = [t["expr"] for p in _panels(dashboard) for t in p.get("targets", [])]
    used = set().union(*(metric_names(e) for e in exprs))
    required = {
        "chao_events_consumed_total",
        "chao_events_published_total",
        "chao_events_dead_lettered_total",
        "chao_cot_steps_dropped_total",
        "chao_tool_events_total",
        "chao_end_to_end_latency_seconds_bucket",
        "chao_reorder_waiting_events",
        "chao_ordering_gaps_total",
        "chao_ordering_late_total",
        "chao_duplicates_total",
        "chao_consumer_lag",
        "chao_sessions_tracked",
        "up",
    }
    assert required <= used, f"no panel shows {sorted(required - used)}"
    normalized = {" ".join(e.split()) for e in exprs}
    assert CONTRACT_TOOL_FAILURE_RATE in normalized, "the contract's tool failure rate query"
    quantiles = [e for e in exprs if "histogram_quantile" in e]
    assert any("0.5," in e for e in quantiles) and any("0.99," in e for e in quantiles)


def test_every_dashboard_panel_is_documented() -> None:
    doc = DASHBOARD_DOC.read_text(encoding="utf-8")
    for path, dashboard in _dashboards():
        assert dashboard["title"] in doc, f"{path.name}'s title is not in docs/dashboard.md"
        for panel in _panels(dashboard):
            assert panel["title"] in doc, f"panel {panel['title']!r} is not in docs/dashboard.md"


# --- topics -------------------------------------------------------------------------------


def _created_topics(services: dict[str, dict[str, Any]]) -> dict[str, int]:
    """Topic -> retention.ms, from the `create NAME RETENTION_MS` lines of the topics job."""
    command = services["topics"]["command"]
    script = "\n".join(command) if isinstance(command, list) else str(command)
    created = {}
    for line in script.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "create":
            created[words[1]] = int(words[2])
    return created


def test_topics_job_creates_the_pipeline_topics(services: dict[str, dict[str, Any]]) -> None:
    """The topics job creates what the topic registry (pipeline.topics) says the operator
    creates, with its retention; the worker creates the internal ones."""
    specs = Topics().admin_specs()
    created = _created_topics(services)
    assert set(created) == {spec.name for spec in specs}
    for spec in specs:
        assert created[spec.name] == spec.retention_ms, f"retention of {spec.name}"
        assert spec.cleanup_policy == "delete"
    assert created[TopicNames().dead_letter] == 30 * DAY_MS
    script = "\n".join(services["topics"]["command"])
    assert "cleanup.policy=delete" in script
    assert "--if-not-exists" in script
    # As `chao-pipeline topics --create` creates them on a cluster of 3 (pipeline.topics).
    env = _env(services["topics"])
    assert env["BOOTSTRAP"] == ",".join(f"{name}:9092" for name in KAFKA_NODES)
    [raw] = [spec for spec in Topics(replication=3).admin_specs() if spec.name == TopicNames().raw]
    assert env["TOPIC_REPLICAS"] == str(raw.replication)
    assert env["TOPIC_MIN_INSYNC"] == raw.configs()["min.insync.replicas"]
    assert '--replication-factor "$$TOPIC_REPLICAS"' in script
    assert 'min.insync.replicas="$$TOPIC_MIN_INSYNC"' in script


def test_raw_topic_takes_records_over_the_contract_limit(
    services: dict[str, dict[str, Any]],
) -> None:
    """A raw record over the contract's limit must reach the workers (to be dead-lettered
    too_large), not be refused by Kafka: the compose file's raw topic takes what
    pipeline.kafka.admin gives it, well above CHAO_MAX_RECORD_BYTES."""
    script = "\n".join(services["topics"]["command"])
    raw = re.escape(TopicNames().raw)
    found = re.search(
        rf"--entity-name {raw} \\\n\s*--add-config max\.message\.bytes=(\d+),"
        r"message\.timestamp\.type=(\w+)",
        script,
    )
    assert found, "the topics job does not set the raw topic's max.message.bytes"
    assert int(found.group(1)) == RAW_MAX_MESSAGE_BYTES
    # Arrival is the append to the raw topic (contract 3.4): the broker's append time.
    assert found.group(2) == RAW_TIMESTAMP_TYPE
    [raw_spec] = [s for s in pipeline_topics(TopicNames(), 4) if s.name == TopicNames().raw]
    assert raw_spec.configs()["max.message.bytes"] == str(RAW_MAX_MESSAGE_BYTES)
    assert 2 * PipelineConfig().max_record_bytes <= RAW_MAX_MESSAGE_BYTES


def test_worker_partitions_equal_the_topics_partitions(
    services: dict[str, dict[str, Any]],
) -> None:
    """The worker takes the raw topic's partition count (CHAO_WORKER_PARTITIONS unset);
    if it is set, it must be the topics job's."""
    topics_env = _env(services["topics"])
    worker_env = _env(services["worker"])
    wanted = worker_env.get("CHAO_WORKER_PARTITIONS", topics_env["TOPIC_PARTITIONS"])
    assert int(wanted) == int(topics_env["TOPIC_PARTITIONS"])
    script = "\n".join(services["topics"]["command"])
    assert '--partitions "$$TOPIC_PARTITIONS"' in script


def test_worker_uses_the_default_topic_names(services: dict[str, dict[str, Any]]) -> None:
    # The topics job creates the defaults; a CHAO_TOPIC_* override would point elsewhere.
    overrides = [k for k in _env(services["worker"]) if k.startswith("CHAO_TOPIC_")]
    assert not overrides
    app_id = _env(services["worker"]).get("CHAO_WORKER_APP_ID", "chao-pipeline")
    assert Topics(app_id=app_id).staged.name in CONSUMED_TOPICS


# --- metrics --------------------------------------------------------------------------------


def test_exported_list_matches_the_collector() -> None:
    collector = PipelineCollector(
        Stats(), PipelineConfig(), sessions_tracked=lambda: 0, stalled=lambda: False
    )
    labels_seen: dict[str, set[str]] = {}
    for family in collector.collect():
        for sample in family.samples:
            assert sample.name in EXPORTED, f"{sample.name} is exported but not listed here"
            labels_seen.setdefault(sample.name, set()).update(sample.labels)
            for label, value in sample.labels.items():
                allowed = EXPORTED[sample.name].get(label, ())
                assert label in EXPORTED[sample.name], f"{sample.name} has label {label}"
                if allowed is not None:
                    assert value in allowed, f"{sample.name}{{{label}={value!r}}}"
    from_collector = set(EXPORTED) - NOT_FROM_COLLECTOR
    assert set(labels_seen) == from_collector
    for name, labels in labels_seen.items():
        assert labels == set(EXPORTED[name]), name


@pytest.mark.parametrize(("where", "expr"), _all_exprs(), ids=[w for w, _ in _all_exprs()])
def test_queries_only_use_exported_metrics(where: str, expr: str) -> None:
    names = metric_names(expr)
    assert names, f"{where}: no metric found in {expr!r}"
    unknown = names - set(EXPORTED)
    assert not unknown, f"{where}: {sorted(unknown)} is not exported by the worker"


@pytest.mark.parametrize(("where", "expr"), _all_exprs(), ids=[w for w, _ in _all_exprs()])
def test_queries_only_use_existing_labels(where: str, expr: str) -> None:
    names = metric_names(expr)
    known = set(TARGET_LABELS).union(*(EXPORTED[n] for n in names if n in EXPORTED))
    if any(n.endswith("_bucket") for n in names):
        known.add("le")
    for label in grouping_labels(expr):
        assert label in known, f"{where}: groups by unknown label {label}"
    for label, op, value in label_matchers(expr):
        assert label in known, f"{where}: matches on unknown label {label}"
        allowed = set().union(*(EXPORTED[n].get(label) or () for n in names if n in EXPORTED))
        if not allowed or op not in ("=", "=~"):
            continue
        values = value.split("|") if op == "=~" else [value]
        for v in values:
            if re.fullmatch(r"[\w.-]+", v):
                assert v in allowed, f"{where}: {label}={v!r} never occurs"


def test_scrape_job_name_matches_the_queries() -> None:
    for where, expr in _all_exprs():
        for label, _, value in label_matchers(expr):
            if label == "job":
                assert value == SCRAPE_JOB, f"{where}: job={value!r}"
