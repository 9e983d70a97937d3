"""The Kafka comparison's pure helpers (benchmarks/compare.py): how latencies of a
pass-through processor are paired, how a transactional writer is recognized, the table."""

from __future__ import annotations

import orjson

from benchmarks.compare import (
    Figures,
    guarantee_ratios,
    of_sessions,
    pass_through_latencies,
    table,
    transaction_markers,
)
from pipeline.kafka.io import Record


def record(
    session: str | None, seq: int | None, at: int, offset: int = 0, partition: int = 0
) -> Record:
    value = orjson.dumps({"sessionId": session, "seq": seq}) if session else b"{not json"
    return Record("t", partition, offset, None, value, at)


def test_each_output_is_paired_with_its_own_input_even_when_a_line_repeats() -> None:
    inputs = [record("s", 1, 100), record("s", 2, 110), record("s", 1, 500)]  # seq 1 twice
    outputs = [record("s", 2, 130), record("s", 1, 520), record("s", 1, 105)]
    assert sorted(pass_through_latencies(inputs, outputs)) == [5.0, 20.0, 20.0]


def test_malformed_lines_and_unmatched_outputs_give_no_latency() -> None:
    inputs = [record(None, None, 100), record("s", 1, 100)]
    outputs = [record(None, None, 150), record("s", 1, 160), record("other", 1, 170)]
    assert pass_through_latencies(inputs, outputs) == [60.0]


def test_of_sessions_keeps_only_the_named_sessions() -> None:
    records = [record("s", 1, 1), record("t", 1, 2), record(None, None, 3)]
    assert [r.timestamp for r in of_sessions(records, {"s"})] == [1]


def test_transaction_markers_are_offsets_without_records() -> None:
    plain = [record("s", n, 0, offset=n) for n in range(3)]
    assert not transaction_markers(plain)
    # A transaction of two records then its commit marker (offset 2), then the next.
    transactional = [record("s", 0, 0, offset=0), record("s", 1, 0, offset=1)]
    transactional.append(record("s", 2, 0, offset=3))
    assert transaction_markers(transactional)
    assert not transaction_markers([])


def test_markers_are_looked_for_per_partition() -> None:
    first = [record("s", n, 0, offset=n, partition=0) for n in range(2)]
    second = [record("s", n, 0, offset=n, partition=1) for n in range(2)]
    assert not transaction_markers(first + second)


def test_table_gives_ratios_to_the_bare_loop_and_says_what_is_missing() -> None:
    figures = {
        "a": Figures(rate=1000.0, p50=5.0, p99=20.0, load=(1.25, 3.0)),
        "q": Figures(rate=1500.0),
        "b-eos": Figures(note="not available: refused"),
    }
    text = table(figures, 250.0)
    assert "at 250 events/s" in text
    rows = {line.split("|")[1].strip(): line for line in text.splitlines()[2:]}
    assert (
        "| 1,000 | 1.000 | 5 / 20 | n/a | 1.2-3.0 |"
        in rows["(a) bare aiokafka consume-parse-produce loop"]
    )
    assert "| 1,500 | 1.500 | n/a | n/a |" in rows["(q) Quix Streams app, consume-parse-produce"]
    eos = next(line for name, line in rows.items() if name.startswith("(b-eos)"))
    assert "not available | n/a | n/a | n/a |  | not available: refused |" in eos


def test_the_table_shows_what_a_read_committed_reader_saw() -> None:
    figures = {"b": Figures(rate=900.0, p50=4.0, p99=19.0, seen_p50=30.0, seen_p99=60.5)}
    row = table(figures, 450.0).splitlines()[2]
    assert "| 4 / 19 | 30 / 60 |" in row


def test_exactly_once_costs_are_ratios_within_the_run() -> None:
    figures = {
        "b": Figures(rate=1000.0),
        "b-eos": Figures(rate=600.0),
        "b-eos-1s": Figures(rate=750.0),
    }
    assert guarantee_ratios(figures).splitlines() == [
        "- b-eos / b throughput: 0.600",
        "- b-eos-1s / b throughput: 0.750",
        "- b-eos / b-eos-1s throughput: 0.800",
    ]
    assert guarantee_ratios({"b": Figures(rate=1.0), "b-eos": Figures(note="failed")}) == ""


def test_an_interval_sweep_adds_rows_after_the_fixed_ones_and_their_ratios() -> None:
    figures = {
        "b-eos@0.25": Figures(rate=700.0),
        "b": Figures(rate=1000.0),
        "b-eos-1s": Figures(rate=800.0),
    }
    rows = table(figures, 500.0).splitlines()[2:]
    assert [row.split("|")[1].strip()[:12] for row in rows] == [
        "(b) the work",
        "(b-eos-1s) (",
        "(b-eos@0.25)",
    ]
    assert "CHAO_WORKER_COMMIT_INTERVAL_S=0.25" in rows[2]
    assert "- b-eos@0.25 / b-eos-1s throughput: 0.875" in guarantee_ratios(figures)


def test_a_row_offered_another_load_says_which() -> None:
    figures = {"b-eos": Figures(rate=600.0, p50=50.0, p99=180.0, offered=300.0)}
    assert "| 50 / 180 (at 300 events/s) |" in table(figures, 450.0)
