"""Writing benchmark figures into BENCHMARKS.md, one marked section per benchmark."""

from __future__ import annotations

import os
import platform
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS_MD = ROOT / "BENCHMARKS.md"
HEADER = (
    "# Benchmarks\n\n"
    "Written by `make bench`; each section is replaced by the run that produced it.\n"
    "Ratios are measured within one run, so they hold on a noisy shared machine better\n"
    "than absolute figures do.\n"
)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        mem = f", {pages / 2**30:.0f} GiB RAM"
    except (ValueError, OSError):
        pass
    return (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores ({cpu}){mem}, "
        f"Python {sys.version.split()[0]}"
    )


def write_section(name: str, command: str, body: str) -> None:
    """Replace (or append) the section ``name`` of BENCHMARKS.md."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    section = (
        f"<!-- section:{name} -->\n"
        f"## {name}\n\n"
        f"- command: `{command}`\n- machine: {machine()}\n- measured: {stamp}\n\n"
        f"{body.rstrip()}\n"
        f"<!-- /section:{name} -->\n"
    )
    text = BENCHMARKS_MD.read_text() if BENCHMARKS_MD.exists() else HEADER
    pattern = re.compile(
        rf"<!-- section:{re.escape(name)} -->.*?<!-- /section:{re.escape(name)} -->\n", re.S
    )
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        text = text.rstrip() + "\n\n" + section
    BENCHMARKS_MD.write_text(text)
