"""Fault-injection tests on the embedded broker (``make test-faults``; not part of
``make test``). They reuse the integration tests' broker and deployments, and print one
line of figures per test at the end of the run (also on failure)."""

from __future__ import annotations

from collections.abc import Callable

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


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _FIGURES:
        terminalreporter.section("fault figures")
        for line in _FIGURES:
            terminalreporter.write_line(line)
