# One worker of the Chao streaming pipeline: `chao-pipeline worker` (docker-compose.yml runs
# it against Kafka and scales it with `--scale worker=N`).
#
#   docker build -t chao-pipeline .
#   docker run --rm -e CHAO_WORKER_BROKER=kafka://HOST:9092 -e CHAO_WORKER_PARTITIONS=12 chao-pipeline

# --- build: a wheel of the project and of every dependency ------------------------------
FROM python:3.11-slim AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# pyproject.toml names README.md as the readme: hatchling needs it to build.
COPY pyproject.toml README.md ./
COPY pipeline ./pipeline
COPY topologies ./topologies
RUN pip wheel --wheel-dir /wheels .

# --- runtime ------------------------------------------------------------------------------
FROM python:3.11-slim

# The web server listens on every interface of the container so Prometheus (another
# container) can scrape /metrics; the port is EXPOSEd below and matched by
# prometheus/prometheus.yml. Faust's data directory lives in the user's home.
ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    CHAO_WORKER_WEB_HOST=0.0.0.0 \
    CHAO_WORKER_WEB_PORT=6066 \
    CHAO_WORKER_DATADIR=/var/lib/chao

COPY --from=build /wheels /wheels
RUN pip install --no-index --find-links=/wheels chao-pipeline \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --user-group --home-dir /var/lib/chao --create-home chao

USER chao
WORKDIR /var/lib/chao

EXPOSE 6066

# /health answers as soon as the worker's web server runs; /ready waits for the partition
# assignment and state recovery (use it for readiness probes where the orchestrator has them).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/health' % os.environ.get('CHAO_WORKER_WEB_PORT', '6066'), timeout=4)"]

# Faust stops cleanly on SIGTERM (docker stop / compose down).
CMD ["chao-pipeline", "worker"]
