"""The consumer session timeout: a named worker (static membership, KIP-345) gets a longer
default than a dynamic one, because under static membership the timeout is the time a
crashed worker has to be restarted and rejoin in its own place; one setting
(CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S) overrides it for either, and Faust's consumer
gets the timeout in force."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from pipeline.config import DYNAMIC_SESSION_TIMEOUT_S, STATIC_SESSION_TIMEOUT_S, WorkerSettings
from topologies.app import PipelineApp, app_settings


@pytest.fixture(autouse=True)
def _no_membership_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S", "CHAO_WORKER_GROUP_INSTANCE_ID"):
        monkeypatch.delenv(name, raising=False)


def test_each_membership_has_its_own_default() -> None:
    dynamic = WorkerSettings()
    assert dynamic.consumer_session_timeout_s is None
    assert dynamic.session_timeout == DYNAMIC_SESSION_TIMEOUT_S == 10.0
    static = WorkerSettings(group_instance_id="worker-0")
    assert static.session_timeout == STATIC_SESSION_TIMEOUT_S == 45.0


def test_the_name_from_the_environment_picks_the_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CHAO_WORKER_GROUP_INSTANCE_ID", "pipeline-worker-2")
    assert WorkerSettings().session_timeout == STATIC_SESSION_TIMEOUT_S


@pytest.mark.parametrize("name", [None, "worker-0"])
def test_a_set_timeout_applies_under_either_membership(
    name: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S", "7")
    settings = WorkerSettings(group_instance_id=name)
    assert settings.consumer_session_timeout_s == settings.session_timeout == 7.0


@pytest.mark.parametrize("value", ["0", "-3", "long", "nan", "inf"])
def test_a_bad_timeout_is_refused_naming_the_setting(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHAO_WORKER_CONSUMER_SESSION_TIMEOUT_S", value)
    with pytest.raises(ValidationError, match="consumer_session_timeout_s"):
        WorkerSettings()


@pytest.mark.parametrize(
    ("name", "expected"), [(None, DYNAMIC_SESSION_TIMEOUT_S), ("w0", STATIC_SESSION_TIMEOUT_S)]
)
def test_fausts_consumer_gets_the_timeout_in_force(name: str | None, expected: float) -> None:
    settings = WorkerSettings(group_instance_id=name)
    conf = PipelineApp(f"session-{name}", **app_settings(settings)).conf
    assert conf.broker_session_timeout == expected
    assert conf.consumer_group_instance_id == name
    # Faust refuses a session timeout above its request timeout (90 s) at start.
    assert conf.broker_session_timeout < conf.broker_request_timeout
