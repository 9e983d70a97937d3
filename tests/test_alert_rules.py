"""Prometheus' own checks of the config and the alerting rules, and the rules' unit tests.

Needs `promtool` (Debian: `apt-get install -y --no-install-recommends prometheus`, which
puts it at /usr/bin/promtool; or set PROMTOOL to its path). A missing promtool fails these
tests: it never skips them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
PROMETHEUS = REPO / "prometheus"
ALERTS = PROMETHEUS / "alerts.yml"
ALERT_TESTS = PROMETHEUS / "alerts.test.yml"
CONFIG = PROMETHEUS / "prometheus.yml"
DASHBOARDS = REPO / "grafana" / "dashboards"
# Grafana's interval variables, as Prometheus would see them after Grafana replaced them.
GRAFANA_VARIABLES = {"$__rate_interval": "1m", "$__interval": "15s", "$__range": "30m"}

SEVERITIES = {"critical", "warning"}
# What an annotation may interpolate: label values and the alert's value, with formatting.
_TEMPLATE = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
_ALLOWED_TEMPLATE = re.compile(
    r'\s*\$(labels\.[A-Za-z_]\w*|value)(\s*\|\s*(humanize|humanizePercentage|printf "[^"]*"))?\s*'
)


@pytest.fixture(scope="module")
def promtool() -> str:
    path = os.environ.get("PROMTOOL") or shutil.which("promtool")
    if not path:
        pytest.fail(
            "promtool not found: install it (Debian: apt-get install -y --no-install-recommends"
            " prometheus) or set PROMTOOL=/path/to/promtool",
            pytrace=False,
        )
    return path


def _run(promtool: str, *args: str) -> str:
    result = subprocess.run(
        [promtool, *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"promtool {' '.join(args)} failed:\n{output}"
    return output


def test_promtool_check_rules(promtool: str) -> None:
    output = _run(promtool, "check", "rules", str(ALERTS.relative_to(REPO)))
    assert "SUCCESS" in output


def test_promtool_check_config(promtool: str) -> None:
    # Also loads and checks every rule file the config names.
    output = _run(promtool, "check", "config", str(CONFIG.relative_to(REPO)))
    assert "SUCCESS" in output


def test_promtool_test_rules(promtool: str) -> None:
    output = _run(promtool, "test", "rules", str(ALERT_TESTS.relative_to(REPO)))
    assert "SUCCESS" in output and "FAILED" not in output


def test_dashboard_queries_are_valid_promql(promtool: str, tmp_path: Path) -> None:
    """Every panel query parses: checked as recording rules by `promtool check rules`."""
    rules = []
    for path in sorted(DASHBOARDS.glob("*.json")):
        dashboard = json.loads(path.read_text(encoding="utf-8"))
        panels = [*dashboard.get("panels", [])]
        panels += [inner for panel in panels for inner in panel.get("panels", [])]
        for panel in panels:
            for target in panel.get("targets", []):
                expr = target["expr"]
                for variable, value in GRAFANA_VARIABLES.items():
                    expr = expr.replace(variable, value)
                assert "$" not in expr, f"{path.name}: unknown Grafana variable in {expr!r}"
                rules.append(
                    {"record": f"dashboard:panel{panel['id']}:{target['refId']}", "expr": expr}
                )
    assert rules, "no dashboard query found"
    rule_file = tmp_path / "dashboard-queries.yml"
    rule_file.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    output = _run(promtool, "check", "rules", str(rule_file))
    assert f"SUCCESS: {len(rules)} rules found" in output


def _rules() -> list[dict[str, Any]]:
    data = yaml.safe_load(ALERTS.read_text(encoding="utf-8"))
    return [rule for group in data["groups"] for rule in group["rules"]]


def _alert_cases() -> dict[str, list[list[Any]]]:
    """alertname -> the exp_alerts list of every alert_rule_test case naming it."""
    data = yaml.safe_load(ALERT_TESTS.read_text(encoding="utf-8"))
    cases: dict[str, list[list[Any]]] = {}
    for test in data["tests"]:
        for case in test.get("alert_rule_test") or []:
            cases.setdefault(case["alertname"], []).append(case.get("exp_alerts") or [])
    return cases


def test_the_unit_tests_load_the_rules_under_test() -> None:
    data = yaml.safe_load(ALERT_TESTS.read_text(encoding="utf-8"))
    rule_files = [(ALERT_TESTS.parent / f).resolve() for f in data["rule_files"]]
    assert ALERTS.resolve() in rule_files


def test_every_alert_has_a_firing_and_a_quiet_test_case() -> None:
    alerts = [rule["alert"] for rule in _rules() if "alert" in rule]
    assert alerts, "alerts.yml has no alerting rule"
    assert len(alerts) == len(set(alerts)), "duplicate alert names"
    cases = _alert_cases()
    for alert in alerts:
        assert alert in cases, f"{alert} has no test case in alerts.test.yml"
        assert any(cases[alert]), f"{alert}: no test case where it fires"
        assert any(not expected for expected in cases[alert]), f"{alert}: no case where it is quiet"
    unknown = set(cases) - set(alerts)
    assert not unknown, f"alerts.test.yml tests alerts that do not exist: {sorted(unknown)}"


def test_alerts_have_severity_and_annotations() -> None:
    for rule in _rules():
        if "alert" not in rule:
            continue
        name = rule["alert"]
        assert rule.get("labels", {}).get("severity") in SEVERITIES, name
        annotations = rule.get("annotations", {})
        assert annotations.get("summary") and annotations.get("description"), name


def test_annotations_only_interpolate_labels_and_values() -> None:
    for rule in _rules():
        for key, text in (rule.get("annotations") or {}).items():
            for template in _TEMPLATE.findall(text):
                assert _ALLOWED_TEMPLATE.fullmatch(template), (
                    f"{rule['alert']}.{key}: {{{{{template}}}}} may only show $labels.X or $value"
                )
