"""The commit interval: each processing guarantee has its own default (exactly-once commits
more often: its outputs are readable only once committed; issue 25), one setting
(CHAO_WORKER_COMMIT_INTERVAL_S) overrides it for either, and the worker's checkpoint timer
and Faust's own commit run at the interval in force."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from pipeline.config import (
    AT_LEAST_ONCE_COMMIT_INTERVAL_S,
    EXACTLY_ONCE_COMMIT_INTERVAL_S,
    WorkerSettings,
)
from topologies.app import PipelineApp, app_settings


@pytest.fixture(autouse=True)
def _no_commit_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "CHAO_WORKER_COMMIT_INTERVAL_S",
        "CHAO_PROCESSING_GUARANTEE",
        "CHAO_WORKER_PROCESSING_GUARANTEE",
    ):
        monkeypatch.delenv(name, raising=False)


def test_each_guarantee_has_its_own_default() -> None:
    assert WorkerSettings().commit_interval_s is None
    assert WorkerSettings().commit_interval == AT_LEAST_ONCE_COMMIT_INTERVAL_S == 1.0
    exactly_once = WorkerSettings(processing_guarantee="exactly_once")
    assert exactly_once.commit_interval == EXACTLY_ONCE_COMMIT_INTERVAL_S
    assert EXACTLY_ONCE_COMMIT_INTERVAL_S < AT_LEAST_ONCE_COMMIT_INTERVAL_S


def test_the_guarantee_from_the_environment_picks_the_interval(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CHAO_PROCESSING_GUARANTEE", "exactly_once")
    assert WorkerSettings().commit_interval == EXACTLY_ONCE_COMMIT_INTERVAL_S
    # A settings copy with another guarantee follows it (the interval is not frozen in).
    copy = WorkerSettings().model_copy(update={"processing_guarantee": "at_least_once"})
    assert copy.commit_interval == AT_LEAST_ONCE_COMMIT_INTERVAL_S


@pytest.mark.parametrize("guarantee", ["at_least_once", "exactly_once"])
def test_a_set_interval_applies_under_either_guarantee(
    guarantee: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHAO_WORKER_COMMIT_INTERVAL_S", "0.25")
    settings = WorkerSettings(processing_guarantee=guarantee)  # type: ignore[arg-type]
    assert settings.commit_interval_s == settings.commit_interval == 0.25


@pytest.mark.parametrize("value", ["0", "-1", "soon", "nan", "inf"])
def test_a_bad_interval_is_refused_naming_the_setting(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHAO_WORKER_COMMIT_INTERVAL_S", value)
    with pytest.raises(ValidationError) as refused:
        WorkerSettings(processing_guarantee="exactly_once")
    errors = refused.value.errors()
    assert [error["loc"] for error in errors] == [("commit_interval_s",)]
    assert "commit_interval_s" in str(refused.value)


def test_faust_commits_at_the_interval_in_force() -> None:
    exactly_once = WorkerSettings(processing_guarantee="exactly_once")
    assert app_settings(exactly_once)["broker_commit_interval"] == EXACTLY_ONCE_COMMIT_INTERVAL_S
    assert app_settings(WorkerSettings())["broker_commit_interval"] == 1.0


@pytest.mark.parametrize(
    ("guarantee", "interval"),
    [
        ("at_least_once", AT_LEAST_ONCE_COMMIT_INTERVAL_S),
        ("exactly_once", EXACTLY_ONCE_COMMIT_INTERVAL_S),
    ],
)
def test_the_checkpoint_timer_runs_at_the_guarantees_interval(
    guarantee: str, interval: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    from topologies.pipeline_app import PipelineTopology

    timers: dict[str | None, float] = {}
    real_timer = PipelineApp.timer

    def timer(self: PipelineApp, every: float, *args: Any, **kwargs: Any) -> Any:
        timers[kwargs.get("name")] = every
        return real_timer(self, every, *args, **kwargs)

    monkeypatch.setattr(PipelineApp, "timer", timer)
    settings = WorkerSettings(
        app_id=f"commit-interval-{guarantee}",
        broker_engine="kafka",  # exactly-once needs Kafka; nothing is contacted here
        processing_guarantee=guarantee,  # type: ignore[arg-type]
        partitions=4,
    )
    topology = PipelineTopology(settings)
    assert timers["checkpoint"] == interval
    assert topology.app.conf.broker_commit_interval == interval
