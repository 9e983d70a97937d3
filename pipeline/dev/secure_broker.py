"""A secured local Apache Kafka for tests and trials: ``chao-pipeline broker --engine kafka
--secure``.

One KRaft node (:class:`~pipeline.dev.apache.KafkaBroker`) on loopback whose client
listener is SASL_SSL, as managed clusters are:

- a CA and a broker certificate (naming 127.0.0.1 and localhost) generated for the run
  with the ``cryptography`` package, in the broker's temporary folder; clients verify it
  with the CA (``CHAO_KAFKA_SSL_CAFILE``), hostname verification on;
- SCRAM-SHA-512 users created when the storage is formatted (``kafka-storage format
  --add-scram``): ``admin`` (a super-user: the broker's own inter-broker login too),
  ``worker``, ``reader`` and any more the caller names, each with a random password kept
  in a file of its own (``secrets/USER.password``, mode 0600), never printed;
- the authorizer on (``StandardAuthorizer``) with ``allow.everyone.if.no.acl.found=false``:
  a user may do only what an ACL grants it; once up, the broker grants ``worker`` the
  worker role's ACLs and ``reader`` the reader role's (:mod:`pipeline.kafka.acls`) for
  the default topic names, app id and the reader group :data:`READER_GROUP`;
- the controller listener (KRaft's, between the node's broker and controller parts) takes
  TLS with a client certificate signed by the run's CA only: nobody on the machine reaches
  it without the broker's key.

:meth:`SecureKafkaBroker.client_env` gives a user's settings as ``CHAO_KAFKA_*``
variables; :meth:`SecureKafkaBroker.security` the same as
:class:`~pipeline.kafka.security.KafkaSecurity`.
"""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import os
import secrets
import struct
import time
from pathlib import Path

from pipeline.config import TopicNames
from pipeline.dev.apache import KafkaBroker
from pipeline.errors import BrokerError
from pipeline.kafka.acls import Acl, create_acls, role_acls
from pipeline.kafka.security import KafkaSecurity, probe_connection
from pipeline.kafka.wire import recv_exactly

MECHANISM = "SCRAM-SHA-512"
ADMIN = "admin"
USERS = (ADMIN, "worker", "reader")
READER_GROUP = "chao-reader"
BROKER_CN = "chao-kafka-broker"  # the controller listener's super-user: User:CN=...
AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer"


def write_private(path: Path, data: bytes) -> None:
    """A file only its owner reads (keys, passwords)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def make_ca(folder: Path, name: str = "chao test CA") -> tuple[Path, object, object]:
    """A self-signed CA: writes ``ca.pem`` (its certificate) into ``folder``; returns its
    path, key and certificate (to sign with :func:`make_certificate`)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "ca.pem"
    path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return path, key, cert


def make_certificate(
    path: Path, ca_key: object, ca_cert: object, common_name: str, hosts: list[str]
) -> Path:
    """A certificate for ``hosts`` (IP addresses and DNS names) signed by the CA, written
    with its private key (PKCS#8, then the certificate: Kafka's PEM key store form) to
    ``path`` (mode 0600)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    names: list[x509.GeneralName] = []
    for host in dict.fromkeys(hosts):
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            names.append(x509.DNSName(host))
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)]))
        .issuer_name(ca_cert.subject)  # type: ignore[attr-defined]
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(
            x509.ExtendedKeyUsage(
                [ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]
            ),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())  # type: ignore[arg-type]
    )
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ) + cert.public_bytes(serialization.Encoding.PEM)
    write_private(path, pem)
    return path


class SecureKafkaBroker(KafkaBroker):
    """One Kafka node with a SASL_SSL client listener, SCRAM users and ACLs (module
    docstring). ``users``: the SCRAM users besides ``admin`` (default: worker, reader)."""

    def __init__(
        self,
        port: int | None = None,
        *,
        host: str = "127.0.0.1",
        log_path: Path | None = None,
        version: str | None = None,
        users: tuple[str, ...] = USERS[1:],
        grant_defaults: bool = True,
    ) -> None:
        super().__init__(port, host=host, log_path=log_path, version=version)
        self.users = (ADMIN, *(u for u in users if u != ADMIN))
        self.grant_defaults = grant_defaults
        self.secrets: Path | None = None

    # -- set-up, before the storage is formatted -------------------------------------------

    def prepare(self, folder: Path) -> None:
        self.secrets = folder / "secrets"
        self.secrets.mkdir(mode=0o700)
        _, ca_key, ca_cert = make_ca(self.secrets)
        make_certificate(
            self.secrets / "broker.pem",
            ca_key,
            ca_cert,
            BROKER_CN,
            [self.host, "127.0.0.1", "localhost"],
        )
        for user in self.users:
            write_private(self.password_file(user), secrets.token_hex(24).encode() + b"\n")
        self.settings.update(self._secure_settings())

    def password_file(self, user: str) -> Path:
        if self.secrets is None:
            raise BrokerError("the secured broker has not been started")
        return self.secrets / f"{user}.password"

    def _password(self, user: str) -> str:
        return self.password_file(user).read_text().strip()

    @property
    def cafile(self) -> Path:
        if self.secrets is None:
            raise BrokerError("the secured broker has not been started")
        return self.secrets / "ca.pem"

    def _secure_settings(self) -> dict[str, str]:
        assert self.secrets is not None
        jaas = (
            "org.apache.kafka.common.security.scram.ScramLoginModule required "
            f'username="{ADMIN}" password="{self._password(ADMIN)}";'
        )
        keystore = str(self.secrets / "broker.pem")
        return {
            "sasl.enabled.mechanisms": MECHANISM,
            "sasl.mechanism.inter.broker.protocol": MECHANISM,
            f"listener.name.sasl_ssl.{MECHANISM.lower()}.sasl.jaas.config": jaas,
            "ssl.keystore.type": "PEM",
            "ssl.keystore.location": keystore,
            "ssl.truststore.type": "PEM",
            "ssl.truststore.location": str(self.cafile),
            "ssl.endpoint.identification.algorithm": "https",
            # The controller listener: TLS, a certificate of the run's CA required.
            "listener.name.controller.ssl.client.auth": "required",
            "authorizer.class.name": AUTHORIZER,
            "allow.everyone.if.no.acl.found": "false",
            "super.users": f"User:{ADMIN};User:CN={BROKER_CN}",
        }

    def server_properties(self, log_dir: Path) -> str:
        properties = super().server_properties(log_dir)
        secure = {
            "listeners": (
                f"SASL_SSL://{self.host}:{self.port},CONTROLLER://{self.host}:{self.controller_port}"
            ),
            "advertised.listeners": f"SASL_SSL://{self.host}:{self.port}",
            "listener.security.protocol.map": "SASL_SSL:SASL_SSL,CONTROLLER:SSL",
            "inter.broker.listener.name": "SASL_SSL",
        }
        lines = [line for line in properties.splitlines() if line.split("=", 1)[0] not in secure]
        return "".join(f"{line}\n" for line in lines) + "".join(
            f"{k}={v}\n" for k, v in secure.items()
        )

    def format_arguments(self) -> list[str]:
        arguments = []
        for user in self.users:
            arguments += [
                "--add-scram",
                f"{MECHANISM}=[name={user},password={self._password(user)}]",
            ]
        return arguments

    # -- running -----------------------------------------------------------------------

    def answers(self) -> bool:
        """The TLS listener answers ApiVersions (SASL listeners answer it before
        authentication): its certificate verifies with the run's CA."""
        client_id = b"chao-secure-probe"
        body = struct.pack(">hhih", 18, 0, 1, len(client_id)) + client_id
        try:
            with probe_connection(self.host, self.port, 1.0, self.security(ADMIN)) as sock:
                sock.sendall(struct.pack(">i", len(body)) + body)
                (size,) = struct.unpack(">i", recv_exactly(sock, 4))
                data = recv_exactly(sock, size)
        except (OSError, ValueError):
            return False
        return len(data) >= 6 and struct.unpack(">ih", data[:6]) == (1, 0)

    def start(self, timeout: float = 120.0) -> float:
        """Start, then (``grant_defaults``) grant worker and reader their roles' ACLs for
        the default topic names (retried while the new node settles)."""
        started = time.monotonic()
        super().start(timeout)
        try:
            if self.grant_defaults:
                acls: list[Acl] = []
                if "worker" in self.users:
                    acls += role_acls("worker", "worker", TopicNames())
                if "reader" in self.users:
                    acls += role_acls("reader", "reader", TopicNames(), group=READER_GROUP)
                self.grant(acls, timeout=max(30.0, timeout - (time.monotonic() - started)))
        except BaseException:
            self.stop()
            raise
        return time.monotonic() - started

    def grant(self, acls: list[Acl], timeout: float = 60.0) -> None:
        """Create ``acls`` as the admin (retried until ``timeout``: right after the start
        the node may not take admin requests yet)."""
        if not acls:
            return
        deadline = time.monotonic() + timeout
        while True:
            try:
                asyncio.run(create_acls(self.bootstrap, acls, self.security(ADMIN), timeout=15.0))
                return
            except BrokerError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)

    # -- what clients use ---------------------------------------------------------------

    def client_env(self, user: str) -> dict[str, str]:
        """``user``'s settings as ``CHAO_KAFKA_*`` variables (the password by file)."""
        return {
            "CHAO_KAFKA_SECURITY_PROTOCOL": "SASL_SSL",
            "CHAO_KAFKA_SASL_MECHANISM": MECHANISM,
            "CHAO_KAFKA_SASL_USERNAME": user,
            "CHAO_KAFKA_SASL_PASSWORD_FILE": str(self.password_file(user)),
            "CHAO_KAFKA_SSL_CAFILE": str(self.cafile),
        }

    def security(self, user: str = ADMIN) -> KafkaSecurity:
        return KafkaSecurity(
            security_protocol="SASL_SSL",
            sasl_mechanism=MECHANISM,
            sasl_username=user,
            sasl_password_file=self.password_file(user),
            ssl_cafile=self.cafile,
        )


def compose_secrets(
    folder: Path, hosts: tuple[str, ...] = ("kafka-1", "kafka-2", "kafka-3")
) -> list[Path]:
    """The files docker-compose.yml's secrets name, made once (existing ones are kept):
    ``ca.pem``, ``kafka.pem`` (the brokers' key and certificate, naming ``hosts``) and
    ``worker.password``. Returns the paths written."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    written = []
    if not (folder / "kafka.pem").exists():
        ca, key, cert = make_ca(folder, "chao compose CA")
        # Readable by the Kafka containers' user (a compose secret keeps the file's mode;
        # the folder, 0700, keeps it from other users of this machine).
        make_certificate(folder / "kafka.pem", key, cert, BROKER_CN, list(hosts))
        (folder / "kafka.pem").chmod(0o644)
        written += [ca, folder / "kafka.pem"]
    for user in ("worker",):
        path = folder / f"{user}.password"
        if not path.exists():
            write_private(path, secrets.token_hex(24).encode() + b"\n")
            path.chmod(0o644)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m pipeline.dev.secure_broker compose-secrets [FOLDER]`` (``make
    compose-secrets``): the compose file's secrets, in ``secrets/`` by default."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] != "compose-secrets" or len(args) > 2:
        print(
            "usage: python -m pipeline.dev.secure_broker compose-secrets [FOLDER]",
            file=sys.stderr,
        )
        return 2
    folder = Path(args[1] if len(args) > 1 else "secrets")
    for path in compose_secrets(folder):
        print(f"wrote {path}")
    print(f"compose secrets in {folder}/ (never commit them)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
