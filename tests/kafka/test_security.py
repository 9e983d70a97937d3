"""Client security settings (pipeline/kafka/security.py): validated naming the variable and
never the secret, turned into aiokafka's and Faust's settings, and taken by every Kafka
client the product builds; the roles' ACLs (pipeline/kafka/acls.py)."""

from __future__ import annotations

import ast
import asyncio
import base64
import os
import ssl
import time
from pathlib import Path

import orjson
import pytest
from faust.transport.drivers.aiokafka import credentials_to_aiokafka_auth

from pipeline.cli import main
from pipeline.config import TopicNames, WorkerSettings
from pipeline.dev.secure_broker import make_ca, make_certificate
from pipeline.errors import ConfigError
from pipeline.kafka.acls import role_acls
from pipeline.kafka.security import (
    FileTokenProvider,
    KafkaSecurity,
    aiokafka_options,
    faust_options,
    load_security,
)
from topologies.app import app_settings

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cret-Value-that-must-never-show"
ENV = "CHAO_KAFKA_"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name.startswith(ENV) and name not in ("CHAO_KAFKA_VERSION", "CHAO_KAFKA_CACHE"):
            monkeypatch.delenv(name)


@pytest.fixture(scope="module")
def ca(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ca")
    path, key, cert = make_ca(folder)
    make_certificate(folder / "client.pem", key, cert, "client", ["127.0.0.1"])
    return path


def sasl_ssl_env(monkeypatch: pytest.MonkeyPatch, ca: Path, **more: str) -> None:
    values = {
        "SECURITY_PROTOCOL": "SASL_SSL",
        "SASL_MECHANISM": "SCRAM-SHA-512",
        "SASL_USERNAME": "worker",
        "SASL_PASSWORD": SECRET,
        "SSL_CAFILE": str(ca),
        **more,
    }
    for name, value in values.items():
        monkeypatch.setenv(ENV + name, value)


# -- validation ---------------------------------------------------------------------------


def test_plaintext_by_default_gives_plain_clients() -> None:
    assert aiokafka_options() == {"security_protocol": "PLAINTEXT"}
    assert faust_options() == {}
    assert "broker_credentials" not in app_settings(WorkerSettings())


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"SECURITY_PROTOCOL": "SASL_SSL", "SASL_PASSWORD": SECRET}, "CHAO_KAFKA_SASL_MECHANISM"),
        (
            {"SECURITY_PROTOCOL": "SASL_SSL", "SASL_MECHANISM": "PLAIN", "SASL_PASSWORD": SECRET},
            "CHAO_KAFKA_SASL_USERNAME",
        ),
        ({"SECURITY_PROTOCOL": "bogus", "SASL_PASSWORD": SECRET}, "CHAO_KAFKA_SECURITY_PROTOCOL"),
        ({"SASL_PASSWORD": SECRET}, "CHAO_KAFKA_SASL_PASSWORD: set, but PLAINTEXT uses no SASL"),
        (
            {
                "SECURITY_PROTOCOL": "SASL_PLAINTEXT",
                "SASL_MECHANISM": "SCRAM-SHA-256",
                "SASL_USERNAME": "u",
                "SASL_PASSWORD": SECRET,
                "SASL_PASSWORD_FILE": "/nonexistent/password",
            },
            "exactly one",
        ),
        (
            {"SECURITY_PROTOCOL": "SSL", "SSL_CAFILE": f"/nonexistent/{SECRET}"},
            "CHAO_KAFKA_SSL_CAFILE",
        ),
        ({"SECURITY_PROTOCOL": "SASL_SSL", "SASL_MECHANISM": "OAUTHBEARER"}, "TOKEN_FILE"),
    ],
)
def test_errors_name_the_variable_never_the_secret(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], named: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(ENV + name, value)
    with pytest.raises(ConfigError) as error:
        load_security()
    message = str(error.value)
    assert named in message
    if "SSL_CAFILE" not in named:  # a path is not a secret; a password is
        assert SECRET not in message


def test_password_never_in_repr_or_faust_credentials(
    monkeypatch: pytest.MonkeyPatch, ca: Path
) -> None:
    sasl_ssl_env(monkeypatch, ca)
    security = load_security()
    assert SECRET not in repr(security) and SECRET not in str(security)
    credentials = faust_options()["broker_credentials"]
    assert SECRET not in repr(credentials)


# -- what clients get ---------------------------------------------------------------------


def test_sasl_ssl_options_verify_certificate_and_hostname(
    monkeypatch: pytest.MonkeyPatch, ca: Path
) -> None:
    sasl_ssl_env(monkeypatch, ca)
    options = aiokafka_options()
    context = options.pop("ssl_context")
    assert isinstance(context, ssl.SSLContext)
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    assert options == {
        "security_protocol": "SASL_SSL",
        "sasl_mechanism": "SCRAM-SHA-512",
        "sasl_plain_username": "worker",
        "sasl_plain_password": SECRET,
    }


def test_faust_gets_the_same_settings_as_aiokafka(
    monkeypatch: pytest.MonkeyPatch, ca: Path
) -> None:
    """What Faust hands its aiokafka clients (its own conversion) equals ours."""
    sasl_ssl_env(monkeypatch, ca)
    settings = app_settings(WorkerSettings())
    faust_side = dict(credentials_to_aiokafka_auth(settings["broker_credentials"]))
    ours = aiokafka_options()
    assert isinstance(faust_side.pop("ssl_context"), ssl.SSLContext)
    ours.pop("ssl_context")
    assert faust_side == ours


def test_password_file_is_read_without_its_newline(
    monkeypatch: pytest.MonkeyPatch, ca: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "password"
    secret.write_text(SECRET + "\n")
    sasl_ssl_env(monkeypatch, ca, SASL_PASSWORD_FILE=str(secret))
    monkeypatch.delenv(ENV + "SASL_PASSWORD")
    assert aiokafka_options()["sasl_plain_password"] == SECRET


def test_mutual_tls(monkeypatch: pytest.MonkeyPatch, ca: Path) -> None:
    client = ca.parent / "client.pem"  # key and certificate in one file
    monkeypatch.setenv(ENV + "SECURITY_PROTOCOL", "SSL")
    monkeypatch.setenv(ENV + "SSL_CAFILE", str(ca))
    monkeypatch.setenv(ENV + "SSL_CERTFILE", str(client))
    monkeypatch.setenv(ENV + "SSL_KEYFILE", str(client))
    options = aiokafka_options()
    assert options["security_protocol"] == "SSL" and "sasl_mechanism" not in options
    credentials = faust_options()["broker_credentials"]
    assert credentials_to_aiokafka_auth(credentials)["security_protocol"] == "SSL"


def _jwt(exp: float) -> str:
    def part(data: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(orjson.dumps(data)).decode().rstrip("=")

    return f"{part({'alg': 'none'})}.{part({'exp': exp})}.sig"


def test_oauth_token_is_reread_before_it_expires(tmp_path: Path) -> None:
    path = tmp_path / "token"
    first = _jwt(time.time() + 30)  # within the refresh margin of its expiry
    path.write_text(first)
    mtime = path.stat().st_mtime
    provider = FileTokenProvider(path)
    assert asyncio.run(provider.token()) == first
    second = _jwt(time.time() + 3600)
    path.write_text(second)
    os.utime(path, (mtime, mtime))  # unchanged on disk as far as mtime tells
    assert provider.current() == second  # re-read: the cached one was about to expire
    third = _jwt(time.time() + 7200)
    path.write_text(third)
    os.utime(path, (mtime, mtime))
    assert provider.current() == second  # valid for an hour and unchanged: cached
    os.utime(path, (mtime + 5, mtime + 5))  # rotated
    assert provider.current() == third


def test_oauth_settings_give_a_token_provider(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "token"
    path.write_text("opaque-token\n")
    monkeypatch.setenv(ENV + "SECURITY_PROTOCOL", "SASL_PLAINTEXT")
    monkeypatch.setenv(ENV + "SASL_MECHANISM", "OAUTHBEARER")
    monkeypatch.setenv(ENV + "SASL_OAUTH_TOKEN_FILE", str(path))
    options = aiokafka_options()
    assert asyncio.run(options["sasl_oauth_token_provider"].token()) == "opaque-token"
    auth = credentials_to_aiokafka_auth(faust_options()["broker_credentials"])
    assert auth["sasl_mechanism"] == "OAUTHBEARER"


# -- every client takes them -------------------------------------------------------------

CLIENTS = {"AIOKafkaProducer", "AIOKafkaConsumer", "AIOKafkaAdminClient", "AIOKafkaClient"}
FAUST_APPS = {"App", "PipelineApp"}
SOURCES = ["pipeline", "topologies", "benchmarks"]


def _called(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _calls_options(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Call)
        and _called(n.func) in {"aiokafka_options", "faust_options", "app_settings"}
        for n in ast.walk(node)
    )


def _takes_security(call: ast.Call, enclosing: list[ast.AST]) -> bool:
    """A ``**`` argument that is a call of the options functions, or a name assigned one
    in an enclosing function."""
    for keyword in call.keywords:
        if keyword.arg is not None:
            continue
        if _calls_options(keyword.value):
            return True
        if isinstance(keyword.value, ast.Name):
            for function in enclosing:
                for node in ast.walk(function):
                    if (
                        isinstance(node, ast.Assign)
                        and any(
                            isinstance(t, ast.Name) and t.id == keyword.value.id
                            for t in node.targets
                        )
                        and _calls_options(node.value)
                    ):
                        return True
    return False


def client_calls() -> list[tuple[str, int, str, bool]]:
    """Every call building an aiokafka client or a Faust app in the product and the
    benchmarks: (file, line, what, whether it takes the security settings)."""
    found = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            functions = [
                n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            ]
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                name = _called(node.func)
                is_faust = name in FAUST_APPS and (
                    name == "PipelineApp" or ast.unparse(node.func) == "faust.App"
                )
                if name not in CLIENTS and name != "create_conn" and not is_faust:
                    continue
                enclosing: list[ast.AST] = [
                    f for f in functions if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)
                ]
                rel = str(path.relative_to(ROOT))
                found.append((rel, node.lineno, name, _takes_security(node, enclosing)))
    return found


def test_every_kafka_client_takes_the_security_settings() -> None:
    calls = client_calls()
    # The search itself finds the clients it must (a rename would make it find none).
    files = {file for file, *_ in calls}
    for expected in (
        "topologies/pipeline_app.py",
        "topologies/transactions.py",
        "pipeline/kafka/reader.py",
        "pipeline/kafka/admin.py",
        "pipeline/kafka/offsets.py",
        "benchmarks/faust_plain.py",
    ):
        assert expected in files, f"no client found in {expected}"
    assert len(calls) >= 15
    missing = [f"{file}:{line} {name}" for file, line, name, takes in calls if not takes]
    assert not missing, "clients built without pipeline.kafka.security: " + ", ".join(missing)


# -- ACLs ---------------------------------------------------------------------------------


def test_worker_role_acls() -> None:
    names = TopicNames()
    acls = {(a.resource, a.name, a.pattern, a.operation) for a in role_acls("w", "worker", names)}
    assert all(a.principal == "User:w" for a in role_acls("w", "worker", names))
    assert acls == {
        ("topic", "chao.raw.events", "literal", "read"),
        ("topic", "chao.clean.session-events", "literal", "read"),
        ("topic", "chao.clean.session-events", "literal", "write"),
        ("topic", "chao.clean.reasoning", "literal", "write"),
        ("topic", "chao.clean.tool-cards", "literal", "write"),
        ("topic", "chao.clean.messages", "literal", "write"),
        ("topic", "chao.clean.artifacts", "literal", "write"),
        ("topic", "chao.dead-letter", "literal", "write"),
        ("topic", "chao-pipeline-", "prefixed", "read"),
        ("topic", "chao-pipeline-", "prefixed", "write"),
        ("topic", "chao-pipeline-", "prefixed", "create"),
        ("group", "chao-pipeline", "literal", "read"),
        ("transactional-id", "chao-pipeline-", "prefixed", "write"),
    }


def test_reader_role_reads_clean_topics_and_its_group_only() -> None:
    acls = role_acls("User:r", "reader", TopicNames(), group="billing")
    assert {(a.resource, a.name, a.operation) for a in acls} == {
        ("topic", "chao.clean.session-events", "read"),
        ("topic", "chao.clean.reasoning", "read"),
        ("topic", "chao.clean.tool-cards", "read"),
        ("topic", "chao.clean.messages", "read"),
        ("topic", "chao.clean.artifacts", "read"),
        ("group", "billing", "read"),
    }
    with pytest.raises(ConfigError, match="--group"):
        role_acls("r", "reader", TopicNames())


def test_topics_acls_prints_kafka_acls_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["topics", "--acls", "worker", "--role", "worker"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 13
    assert (
        "--add --allow-principal User:worker --operation Read --topic chao.raw.events "
        "--resource-pattern-type literal"
    ) in out[0]
    assert main(["topics", "--role", "worker"]) == 2


def test_kafka_security_is_a_settings_class() -> None:
    """Every field is a CHAO_KAFKA_* variable the docs list."""
    docs = (ROOT / "docs" / "kafka.md").read_text()
    for field in KafkaSecurity.model_fields:
        assert f"CHAO_KAFKA_{field.upper()}" in docs, field
