"""WorkerSettings.broker_wait_s (CHAO_WORKER_BROKER_WAIT_S) reads the environment as the
worker's own parsing did before it became a field: unset, empty, 0, negative or not a
number all mean no limit, the last one said in a warning naming the variable."""

from __future__ import annotations

import logging

import pytest
from pydantic import ValidationError

from pipeline.config import WorkerSettings


@pytest.mark.parametrize(
    ("raw", "limit"),
    [(None, None), ("", None), ("  ", None), ("0", None), ("-5", None), ("3", 3.0), (" 2.5 ", 2.5)],
)
def test_the_broker_wait_limit_from_the_environment(
    raw: str | None, limit: float | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if raw is None:
        monkeypatch.delenv("CHAO_WORKER_BROKER_WAIT_S", raising=False)
    else:
        monkeypatch.setenv("CHAO_WORKER_BROKER_WAIT_S", raw)
    assert WorkerSettings().broker_wait_s == limit


def test_a_broker_wait_limit_that_is_no_number_waits_without_limit_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("CHAO_WORKER_BROKER_WAIT_S", "soon")
    with caplog.at_level(logging.WARNING, logger="chao.worker"):
        assert WorkerSettings().broker_wait_s is None
    assert "CHAO_WORKER_BROKER_WAIT_S='soon' is not a number of seconds" in caplog.text


def test_only_the_chao_names_choose_the_processing_guarantee(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stray PROCESSING_GUARANTEE (another program's setting) must not switch the
    worker: pydantic-settings reads a field's aliases without the prefix."""
    for name in ("CHAO_PROCESSING_GUARANTEE", "CHAO_WORKER_PROCESSING_GUARANTEE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PROCESSING_GUARANTEE", "exactly_once")
    assert WorkerSettings().processing_guarantee == "at_least_once"
    for name in ("CHAO_PROCESSING_GUARANTEE", "CHAO_WORKER_PROCESSING_GUARANTEE"):
        monkeypatch.setenv(name, "exactly_once")
        assert WorkerSettings().processing_guarantee == "exactly_once"
        monkeypatch.delenv(name)
    assert WorkerSettings(processing_guarantee="exactly_once").processing_guarantee == (
        "exactly_once"
    )


def test_a_named_worker_is_a_static_member_of_its_group() -> None:
    """CHAO_WORKER_GROUP_INSTANCE_ID reaches the consumer Faust builds (aiokafka's
    group_instance_id); unset, membership stays dynamic; a name Kafka would refuse is
    refused at start, naming the setting."""
    from faust import App

    from topologies.app import app_settings

    named = App("static-member-test", **app_settings(WorkerSettings(group_instance_id="w-1")))
    assert named.conf.consumer_group_instance_id == "w-1"
    assert app_settings(WorkerSettings())["consumer_group_instance_id"] is None
    with pytest.raises(ValidationError, match="group_instance_id"):
        WorkerSettings(group_instance_id="two words")


def test_bootstrap_servers_joins_the_broker_setting_as_aiokafka_takes_it() -> None:
    from pipeline.config import bootstrap_servers

    assert bootstrap_servers("kafka://h1:9093;h2") == "h1:9093,h2:9092"
    assert bootstrap_servers("h1:9092, h2:9094") == "h1:9092,h2:9094"
