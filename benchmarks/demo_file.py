"""Interim demo: generate a realistic sample of a few thousand sessions and run the file mode.

Run: ``make demo``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from pipeline.cli import main as cli_main
from pipeline.generate import generate_file


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="chao-demo-") as tmp:
        raw = Path(tmp) / "raw.jsonl"
        lines = generate_file(raw, 3000, seed=2026)
        print(f"generated {lines:,} raw lines for 3,000 sessions -> {raw}")
        out = Path("out/demo")
        return cli_main(["process", str(raw), "--out", str(out), "--progress"])


if __name__ == "__main__":
    sys.exit(main())
