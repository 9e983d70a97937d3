"""File mode over a large generated stream: shuffled, duplicated and malformed lines."""

from __future__ import annotations

from pathlib import Path

import orjson

from pipeline.cli import main
from pipeline.dev.generate import TrafficProfile, generate_file


def test_100k_event_stream_runs_through_without_loss_or_leak(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    raw = tmp_path / "raw.jsonl"
    lines = generate_file(raw, 3200, seed=11, profile=TrafficProfile(shuffle_window=16))
    assert lines >= 100_000
    out = tmp_path / "out"
    assert main(["process", str(raw), "--out", str(out), "--no-progress"]) == 0
    summary = capsys.readouterr().out
    assert "CANARY" not in summary
    counts = {}
    for path in out.glob("*.jsonl"):
        data = path.read_bytes()
        assert b"CANARY" not in data, path.name
        counts[path.stem] = data.count(b"\n")
    # Every line is accounted for: released, dead-lettered, duplicate or late.
    numbers = dict(
        line.strip().rsplit(None, 1)
        for line in summary.splitlines()
        if line.startswith("  duplicates") or line.startswith("  late")
    )
    duplicates = int(numbers["duplicates"].replace(",", ""))
    late = int(numbers["late"].replace(",", ""))
    assert counts["session-events"] + counts["dead-letter"] + duplicates + late == lines
    assert duplicates > 0 and counts["dead-letter"] > 0
    # Per session, seq strictly increases in every output file.
    for stem in ("session-events", "reasoning", "tool-cards", "messages", "artifacts"):
        last: dict[str, int] = {}
        for line in (out / f"{stem}.jsonl").read_bytes().splitlines():
            record = orjson.loads(line)
            assert record["seq"] > last.get(record["sessionId"], -1)
            last[record["sessionId"]] = record["seq"]
