"""The AsyncAPI document (schemas/asyncapi.json) is generated from the code, is valid
AsyncAPI 3.0.0, does not drift, and describes what the pipeline really reads and writes."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from pydantic import ValidationError
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource
from referencing.jsonschema import DRAFT7

from pipeline.asyncapi import (
    DEFAULT_OUT,
    DEFAULT_PARTITIONS,
    asyncapi_document,
    internal_topics,
    render_asyncapi,
)
from pipeline.cli import main
from pipeline.config import TopicNames, WorkerSettings
from pipeline.kafka.admin import pipeline_topics
from pipeline.models.envelope import RawEnvelope
from tests.fixtures_util import VIEW_FAMILIES, expected, expected_dead_letters, raw_lines

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / DEFAULT_OUT
VENDORED = ROOT / "schemas" / "vendor" / "asyncapi-3.0.0.json"
DOC_URI = "urn:chao-pipeline:asyncapi"
SOURCE = {"topic": "t", "partition": 0, "offset": 1}

# TopicNames field -> channel id in the document
CHANNEL_OF = {
    "raw": "raw",
    "session_events": "sessionEvents",
    "reasoning": "reasoning",
    "tool_cards": "toolCards",
    "messages": "messages",
    "artifacts": "artifacts",
    "dead_letter": "deadLetter",
}
VIEW_CHANNELS = {
    "reasoning": "reasoning",
    "tool-cards": "toolCards",
    "messages": "messages",
    "artifacts": "artifacts",
}


def _no_network(uri: str) -> Resource[Any]:
    raise NoSuchResource(ref=uri)  # every $ref must resolve from the vendored file


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return asyncapi_document()


@pytest.fixture(scope="module")
def asyncapi_validator() -> jsonschema.Draft7Validator:
    """The official AsyncAPI 3.0.0 schema (draft-07). It is a bundle: every sub-schema it
    references sits in ``definitions`` under its own ``$id``; crawling the vendored file
    registers them all, and retrieval of anything else fails instead of going online."""
    schema = orjson.loads(VENDORED.read_bytes())
    assert schema["$schema"].startswith("http://json-schema.org/draft-07/schema")
    registry: Registry[Any] = (
        Registry(retrieve=_no_network)  # type: ignore[call-arg]
        .with_resource(schema["$id"], DRAFT7.create_resource(schema))
        .crawl()
    )
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(
        schema, registry=registry, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER
    )


def _payload_validator(document: dict[str, Any], message_id: str) -> jsonschema.Draft7Validator:
    """Validator for one message's payload; ``#/components/schemas/...`` refs resolve inside
    the document (the AsyncAPI schema format is a superset of draft-07)."""
    registry: Registry[Any] = Registry(retrieve=_no_network).with_resource(  # type: ignore[call-arg]
        DOC_URI, DRAFT7.create_resource(document)
    )
    pointer = f"{DOC_URI}#/components/messages/{message_id}/payload"
    return jsonschema.Draft7Validator({"$ref": pointer}, registry=registry)


def _channel_message(document: dict[str, Any], channel_id: str) -> str:
    (ref,) = document["channels"][channel_id]["messages"].values()
    return str(ref["$ref"]).rsplit("/", 1)[-1]


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


def _resolve(document: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), f"not a local reference: {ref}"
    node: Any = document
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


# -- the document is valid AsyncAPI 3.0.0 and committed as generated ------------------------


def test_document_validates_against_the_official_asyncapi_schema(
    document: dict[str, Any], asyncapi_validator: jsonschema.Draft7Validator
) -> None:
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
        for e in asyncapi_validator.iter_errors(document)
    ]
    assert not errors, "\n".join(errors)


def test_official_schema_rejects_broken_documents(
    document: dict[str, Any], asyncapi_validator: jsonschema.Draft7Validator
) -> None:
    """The validation above checks something: AsyncAPI 2 actions, a Kafka binding with no
    partitions and pydantic's OpenAPI-style discriminator are all refused."""
    broken = copy.deepcopy(document)
    broken["operations"]["receiveRawEvents"]["action"] = "subscribe"
    assert not asyncapi_validator.is_valid(broken)
    broken = copy.deepcopy(document)
    broken["channels"]["raw"]["bindings"]["kafka"]["partitions"] = 0
    assert not asyncapi_validator.is_valid(broken)
    broken = copy.deepcopy(document)
    broken["components"]["schemas"]["CleanEvent"]["discriminator"] = {"propertyName": "family"}
    assert not asyncapi_validator.is_valid(broken)


def test_committed_document_matches_the_code() -> None:
    assert COMMITTED.is_file(), (
        "schemas/asyncapi.json is missing: run `chao-pipeline schema --asyncapi`"
    )
    assert COMMITTED.read_text(encoding="utf-8") == render_asyncapi(), (
        "schemas/asyncapi.json drifted from the code: run `chao-pipeline schema --asyncapi`"
    )


def test_committed_file_parses_back_as_the_document(document: dict[str, Any]) -> None:
    assert orjson.loads(COMMITTED.read_bytes()) == document


def test_output_is_deterministic() -> None:
    assert render_asyncapi() == render_asyncapi()


# -- it describes every topic ---------------------------------------------------------------


def test_every_topic_has_a_channel(document: dict[str, Any]) -> None:
    names = TopicNames()
    assert set(CHANNEL_OF) == set(TopicNames.model_fields)
    for field, channel_id in CHANNEL_OF.items():
        assert document["channels"][channel_id]["address"] == getattr(names, field)
    internal = {spec.name for spec in internal_topics(WorkerSettings()).values()}
    assert internal == {"chao-pipeline-staged", "chao-pipeline-sessions-changelog"}
    addresses = [channel["address"] for channel in document["channels"].values()]
    assert sorted(addresses) == sorted([*(getattr(names, f) for f in CHANNEL_OF), *internal])


def test_operations_receive_raw_and_send_every_output(document: dict[str, Any]) -> None:
    actions: dict[str, set[str]] = {}
    for operation in document["operations"].values():
        channel_id = operation["channel"]["$ref"].removeprefix("#/channels/")
        actions.setdefault(channel_id, set()).add(operation["action"])
        for message in operation["messages"]:  # a subset of the channel's messages
            assert message["$ref"].startswith(f"#/channels/{channel_id}/messages/")
    assert actions["raw"] == {"receive"}
    for channel_id in CHANNEL_OF.values():
        if channel_id != "raw":
            assert actions[channel_id] == {"send"}, channel_id
    assert actions["staged"] == actions["sessionsChangelog"] == {"send", "receive"}


def test_kafka_bindings_follow_the_topic_specs(document: dict[str, Any]) -> None:
    specs = {s.name: s for s in pipeline_topics(TopicNames(), DEFAULT_PARTITIONS)}
    for channel in document["channels"].values():
        binding = channel["bindings"]["kafka"]
        assert binding["partitions"] == DEFAULT_PARTITIONS
        spec = specs.get(channel["address"])
        if spec is None:
            continue  # internal: see the next test
        assert binding["replicas"] == spec.replication
        config = spec.configs()
        assert binding["topicConfiguration"]["cleanup.policy"] == [config["cleanup.policy"]]
        assert binding["topicConfiguration"]["retention.ms"] == int(config["retention.ms"])
    assert (
        document["channels"]["deadLetter"]["bindings"]["kafka"]["topicConfiguration"][
            "retention.ms"
        ]
        == 30 * 24 * 3600 * 1000
    )


def test_internal_topics_match_the_topology(document: dict[str, Any]) -> None:
    """The internal topics as the Faust topology really declares them."""
    from topologies.pipeline_app import PipelineTopology

    topology = PipelineTopology(WorkerSettings(partitions=DEFAULT_PARTITIONS))
    replicas = topology.app.conf.topic_replication_factor
    staged = document["channels"]["staged"]
    changelog = document["channels"]["sessionsChangelog"]
    assert staged["address"] == topology.staged_topic.get_topic_name()
    assert changelog["address"] == topology.table.changelog_topic.get_topic_name()
    for channel, topic in (
        (staged, topology.staged_topic),
        (changelog, topology.table.changelog_topic),
    ):
        assert topic.internal
        assert channel["tags"] == [{"name": "internal"}]
        binding = channel["bindings"]["kafka"]
        assert binding["partitions"] == topic.partitions
        assert binding["replicas"] == (topic.replicas or replicas)
        assert topic.retention is None and "retention.ms" not in binding.get(
            "topicConfiguration", {}
        )
    assert not topology.staged_topic.compacting and not topology.staged_topic.deleting
    assert "topicConfiguration" not in staged["bindings"]["kafka"]  # broker defaults
    assert topology.table.changelog_topic.compacting
    assert not topology.table.changelog_topic.deleting
    assert changelog["bindings"]["kafka"]["topicConfiguration"] == {"cleanup.policy": ["compact"]}


def test_message_keys(document: dict[str, Any]) -> None:
    messages = document["components"]["messages"]
    session_id = RawEnvelope.model_json_schema()["properties"]["sessionId"]
    raw_key = messages["rawEnvelope"]["bindings"]["kafka"]["key"]
    assert set(raw_key) == {"description"}  # any key, or none
    for channel_id in ("sessionEvents", "reasoning", "toolCards", "messages", "artifacts"):
        key = messages[_channel_message(document, channel_id)]["bindings"]["kafka"]["key"]
        assert key["type"] == "string" and key["pattern"] == session_id["pattern"]
    for channel_id in ("staged", "sessionsChangelog"):
        key = messages[_channel_message(document, channel_id)]["bindings"]["kafka"]["key"]
        assert key["type"] == "string"
    dead = jsonschema.Draft7Validator(messages["deadLetter"]["bindings"]["kafka"]["key"])
    assert dead.is_valid("s-1") and dead.is_valid(None) and not dead.is_valid("bad key")


def test_info(document: dict[str, Any]) -> None:
    from importlib.metadata import version

    info = document["info"]
    assert info["version"] == version("chao-pipeline")
    assert "at-least-once" in info["description"]
    assert "(sessionId, seq)" in info["description"]
    assert f"{DEFAULT_PARTITIONS} partitions" in info["description"]


# -- payload schemas --------------------------------------------------------------------------


def test_every_ref_resolves(document: dict[str, Any]) -> None:
    refs = set(_refs(document))
    assert refs
    for ref in refs:
        _resolve(document, ref)
    for message in document["components"]["messages"].values():
        assert set(message["payload"]) == {"$ref"}
        assert message["payload"]["$ref"].startswith("#/components/schemas/")


def test_payloads_are_the_models(document: dict[str, Any]) -> None:
    expected_payloads = {
        "raw": "RawEnvelope",
        "sessionEvents": "CleanEvent",
        "reasoning": "ReasoningEvent",
        "toolCards": "ToolEvent",
        "messages": "MessageEvent",
        "artifacts": "ArtifactEvent",
        "deadLetter": "DeadLetter",
        "staged": "StagedEventWire",
        "sessionsChangelog": "SessionStateWire",
    }
    messages = document["components"]["messages"]
    for channel_id, schema_name in expected_payloads.items():
        payload = messages[_channel_message(document, channel_id)]["payload"]
        assert payload == {"$ref": f"#/components/schemas/{schema_name}"}, channel_id
    schemas = document["components"]["schemas"]
    assert schemas["StagedEventWire"]["type"] == "array"
    assert schemas["SessionStateWire"]["type"] == ["array", "null"]


def test_fixture_events_validate_against_the_payload_schemas(
    document: dict[str, Any], fixture_name: str
) -> None:
    session_events = _payload_validator(document, _channel_message(document, "sessionEvents"))
    views = {
        family: _payload_validator(document, _channel_message(document, VIEW_CHANNELS[view]))
        for view, family in VIEW_FAMILIES.items()
    }
    for record in expected(fixture_name):
        session_events.validate(record)
        if record["family"] in views:
            views[record["family"]].validate(record)
    dead = _payload_validator(document, _channel_message(document, "deadLetter"))
    for record in expected_dead_letters(fixture_name):
        dead.validate({**record, "source": SOURCE})


def test_basic_and_policy_fixtures(document: dict[str, Any]) -> None:
    """The two records the brief names, spelled out."""
    clean = expected("basic")[0]
    _payload_validator(document, "cleanEvent").validate(clean)
    dead_letter = {**expected_dead_letters("policy")[0], "source": SOURCE}
    _payload_validator(document, "deadLetter").validate(dead_letter)
    assert not _payload_validator(document, "deadLetter").is_valid(
        {k: v for k, v in dead_letter.items() if k != "source"}
    )


def test_payload_schemas_reject_what_the_models_reject(document: dict[str, Any]) -> None:
    session_events = _payload_validator(document, "cleanEvent")
    tool_cards = _payload_validator(document, "toolEvent")
    card = next(e for e in expected("tools") if e["family"] == "tool")
    tool_cards.validate(card)
    broken = {**card, "data": {k: v for k, v in card["data"].items() if k != "redacted"}}
    assert not session_events.is_valid(broken)
    assert not tool_cards.is_valid(broken)
    assert not session_events.is_valid({**card, "family": "unknown"})
    reasoning = next(e for e in expected("basic") if e["family"] == "reasoning")
    assert not tool_cards.is_valid(reasoning)  # a view takes its own family only
    assert not session_events.is_valid({**reasoning, "extra": 1})


def test_raw_envelopes_the_model_accepts_validate(document: dict[str, Any]) -> None:
    raw = _payload_validator(document, "rawEnvelope")
    accepted = 0
    for name in ("basic", "policy", "tools"):
        for line in raw_lines(name):
            try:
                record = orjson.loads(line)
                RawEnvelope.model_validate(record)
            except (orjson.JSONDecodeError, ValidationError):
                continue
            raw.validate(record)
            accepted += 1
    assert accepted > 0
    assert not raw.is_valid({"eventId": "e", "type": "t", "sessionId": "bad id", "seq": 0})


# -- the command line ----------------------------------------------------------------------------


def test_cli_writes_the_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.json"
    assert main(["schema", "--asyncapi", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == render_asyncapi()
    assert str(out) in capsys.readouterr().out
    assert main(["schema", "--asyncapi", "--out", str(tmp_path)]) == 0  # a directory
    assert (tmp_path / "asyncapi.json").read_text(encoding="utf-8") == render_asyncapi()


def test_cli_schema_without_asyncapi_still_writes_json_schema(tmp_path: Path) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "clean-event.schema.json",
        "dead-letter.schema.json",
        "raw-envelope.schema.json",
        "trace-document.schema.json",
    ]


def test_draft07_rewrite() -> None:
    from pipeline.asyncapi import _to_draft07

    assert _to_draft07({"$ref": "#/a", "description": "d"}) == {
        "description": "d",
        "allOf": [{"$ref": "#/a"}],
    }
    union = {"oneOf": [{"$ref": "#/a"}], "discriminator": {"propertyName": "kind"}}
    assert _to_draft07(union) == {
        "oneOf": [{"$ref": "#/a"}],
        "description": "One of the listed schemas, selected by the `kind` property.",
    }
    properties = {"properties": {"prefixItems": {"type": "string"}}, "default": {"$defs": 1}}
    assert _to_draft07(properties) == properties  # names and data are not keywords
    with pytest.raises(ValueError, match="prefixItems"):
        _to_draft07({"type": "array", "prefixItems": [{"type": "string"}]})
