"""Fault-injection tests on the embedded broker (``make test-faults``, about 13 minutes;
not part of ``make test``), or on Apache Kafka (``make test-faults-kafka``, i.e.
``--broker=kafka``). They reuse the integration tests' broker and deployments, and print
one line of figures per test at the end of the run (also on failure).

Every worker runs at the product's defaults but for what a test deployment needs to be
found (topic names, app id) and the shorter consumer session timeout of the test
deployments (the crash and group tests use the default one too). The one knob for
experiments: ``CHAO_FAULTS_FREEZE_S`` (10, how long the broker is frozen).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from tests.faults.faults_util import Figures
from tests.integration.conftest import Deployment, broker, deploy

__all__ = ["Deployment", "broker", "deploy"]

_FIGURES: list[str] = []


@pytest.fixture
def report() -> Callable[[Figures], None]:
    """Record a test's figures: printed now (``-s``) and in the terminal summary."""

    def add(figures: Figures) -> None:
        line = figures.line()
        print("\n" + line)
        _FIGURES.append(line)

    return add


@pytest.fixture
def cpu_hog() -> Iterator[None]:
    """Another CPU-heavy process competing for the cores (a busy loop), for the test's
    whole length."""
    hog = subprocess.Popen(
        [sys.executable, "-c", "while True:\n    sum(i * i for i in range(10_000))"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    try:
        yield
    finally:
        hog.kill()
        hog.wait(10)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _FIGURES:
        terminalreporter.section("fault figures")
        for line in _FIGURES:
            terminalreporter.write_line(line)
