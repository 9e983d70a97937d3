"""A real Prometheus scrapes a worker on the embedded broker while traffic flows, and every
query of the Grafana dashboard returns data through Prometheus' HTTP API."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pipeline.dev.broker import free_port
from pipeline.dev.generate import generate_events
from pipeline.kafka.io import produce_lines
from tests.integration.streaming_util import wait_until

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = ROOT / "grafana" / "dashboards" / "chao-pipeline.json"
# Grafana's built-in variables, as Grafana would expand them for a 15 s scrape interval.
GRAFANA_VARIABLES = {
    "$__rate_interval": "1m",
    "${__rate_interval}": "1m",
    "$__interval": "15s",
    "${__interval}": "15s",
    "$__range": "5m",
    "${__range}": "5m",
}


def dashboard_queries() -> list[tuple[str, str]]:
    """(panel title, expr) of every target of every panel, rows included."""

    def panels(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for panel in items:
            yield panel
            yield from panels(panel.get("panels", []))

    dashboard = json.loads(DASHBOARD.read_text())
    return [
        (panel.get("title", "?"), target["expr"])
        for panel in panels(dashboard["panels"])
        for target in panel.get("targets", [])
        if target.get("expr")
    ]


def expand(expr: str) -> str:
    for name, value in GRAFANA_VARIABLES.items():
        expr = expr.replace(name, value)
    return re.sub(r"\$\{?\w+\}?", ".*", expr)  # template variables: match everything


def metric_names(expr: str) -> set[str]:
    return set(re.findall(r"\b(chao_[a-z0-9_]+)", expr))


def exported_names(exposition: str) -> set[str]:
    names = set()
    for line in exposition.splitlines():
        if line and not line.startswith("#"):
            names.add(re.split(r"[{\s]", line, maxsplit=1)[0])
    return names


@pytest.fixture
def prometheus(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    binary = shutil.which("prometheus")
    assert binary, "the prometheus server is not installed (make install installs it)"
    port = free_port()
    config = tmp_path / "prometheus.yml"
    log = tmp_path / "prometheus.log"
    url = f"http://127.0.0.1:{port}"
    process: subprocess.Popen[bytes] | None = None

    def start(target: str) -> str:
        nonlocal process
        config.write_text(
            "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
            "scrape_configs:\n"
            "  - job_name: chao-pipeline\n"
            f"    static_configs: [{{targets: ['{target}']}}]\n"
        )
        process = subprocess.Popen(
            [
                binary,
                f"--config.file={config}",
                f"--storage.tsdb.path={tmp_path / 'tsdb'}",
                f"--web.listen-address=127.0.0.1:{port}",
            ],
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        wait_until(lambda: _ready(url), 30, "prometheus to start")
        return url

    yield start  # type: ignore[misc]
    if process is not None:
        process.terminate()
        process.wait(10)


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/-/ready", timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def query(url: str, expr: str) -> list[Any]:
    with urllib.request.urlopen(
        url + "/api/v1/query?" + urllib.parse.urlencode({"query": expr}), timeout=5
    ) as response:
        body = json.loads(response.read())
    assert body["status"] == "success", (expr, body)
    return list(body["data"]["result"])


def test_every_dashboard_query_returns_data(deploy, prometheus) -> None:  # type: ignore[no-untyped-def]
    queries = dashboard_queries()
    assert len(queries) >= 10, "the dashboard has lost its panels"
    deployment = deploy(default_names=True)
    worker = deployment.worker("w1")
    worker.wait_ready()
    url = prometheus(f"127.0.0.1:{worker.web_port}")

    # Traffic flows while Prometheus scrapes: bounded in count and paced in time.
    lines = list(generate_events(300, seed=9, start=datetime.now(UTC)))
    producer = threading.Thread(
        target=lambda: asyncio.run(
            produce_lines(deployment.broker.bootstrap, deployment.topics.raw, lines, rate=1500)
        ),
        daemon=True,
    )
    producer.start()

    empty: list[str] = []

    def all_have_data() -> bool:
        empty[:] = [f"{title}: {expr}" for title, expr in queries if not query(url, expand(expr))]
        return not empty

    try:
        wait_until(all_have_data, 90, "every dashboard query to return data")
    except AssertionError:
        raise AssertionError("queries without data:\n" + "\n".join(empty)) from None
    finally:
        producer.join(timeout=60)

    # Every metric a panel queries is one the worker exports (checked after traffic, when
    # every series exists).
    exported = exported_names(worker.get("/metrics")[1].decode())
    for title, expr in queries:
        for name in metric_names(expr):
            base = re.sub(r"_(bucket|sum|count)$", "", name)
            assert name in exported or f"{base}_bucket" in exported, (
                f"panel {title!r} queries {name}, which the worker does not export"
            )
