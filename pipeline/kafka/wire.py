"""The raw Kafka protocol over a blocking socket, for the probes that ask a broker one
question without a client library (the worker's broker watch and engine probe, the local
brokers' readiness checks)."""

from __future__ import annotations

import socket


def recv_exactly(sock: socket.socket, size: int) -> bytes:
    """Read exactly ``size`` bytes from a blocking socket (a Kafka response frame)."""
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ValueError("connection closed")
        data += chunk
    return data
