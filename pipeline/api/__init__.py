"""The workers' client-facing HTTP API, without a web framework: settings, the token check,
stream limits, log redaction and the OpenAPI document (docs/api.md). The Faust wiring is
``topologies/http_api.py``."""
