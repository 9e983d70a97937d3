"""The project's one root exception and its few subclasses.

Everything the pipeline raises on purpose derives from :class:`PipelineError`, so a caller
can catch one type. Bad *input records* never raise: they become dead letters. These
exceptions are for bad configuration and broken infrastructure only.
"""

from __future__ import annotations


class PipelineError(Exception):
    """Root of every exception the pipeline raises on purpose."""

    exit_code = 1  # what ``chao-pipeline`` exits with when this stops it


class ConfigError(PipelineError):
    """The configuration is invalid (the message names the setting, never a secret value)."""


class BrokerError(PipelineError):
    """The Kafka-protocol broker could not be started or reached."""


class StateError(PipelineError):
    """Stored or local state cannot be used: session state written by an incompatible
    version, a local database another process holds."""


class TopologyError(PipelineError):
    """The broker's topics do not fit the topology (e.g. partition counts that disagree)."""


class MissingTopicsError(TopologyError):
    """Topics the worker reads or writes do not exist; the message names them and the
    command that creates them. Exit code 2, as a usage error: nothing is broken, the
    deployment is incomplete (an operator's step is missing)."""

    exit_code = 2
