"""topologies.previous_member's note in the data directory (the broker side is
tests/integration/test_previous_member_broker.py)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from topologies import previous_member
from topologies.previous_member import MEMBER_FILE, leave_for_predecessor, remember, remembered


def test_the_member_id_noted_is_read_back_for_its_group_only(tmp_path: Path) -> None:
    assert remembered(tmp_path, "chao-pipeline") is None  # nothing noted yet
    remember(tmp_path / "data", "chao-pipeline", "worker-1-4f2a")
    assert remembered(tmp_path / "data", "chao-pipeline") == "worker-1-4f2a"
    assert remembered(tmp_path / "data", "another-app") is None
    remember(tmp_path / "data", "chao-pipeline", "worker-1-77b0")  # rejoined after expulsion
    assert remembered(tmp_path / "data", "chao-pipeline") == "worker-1-77b0"
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [MEMBER_FILE]


def test_a_note_that_cannot_be_read_counts_as_none(tmp_path: Path) -> None:
    for content in (b"", b"{not json", b"[]", b'{"group": "chao-pipeline"}',
                    b'{"group": "chao-pipeline", "memberId": ""}',
                    b'{"group": "chao-pipeline", "memberId": 7}'):  # fmt: skip
        (tmp_path / MEMBER_FILE).write_bytes(content)
        assert remembered(tmp_path, "chao-pipeline") is None, content


def test_an_unchanged_note_is_not_written_again(tmp_path: Path) -> None:
    """Noted after every assignment: the same id again leaves the file alone (a write
    replaces it with a new file, a new inode)."""
    remember(tmp_path, "g", "m-1")
    note = tmp_path / MEMBER_FILE
    before = note.stat().st_ino
    remember(tmp_path, "g", "m-1")
    assert note.stat().st_ino == before
    remember(tmp_path, "g", "m-2")
    assert note.stat().st_ino != before


def test_without_a_note_no_request_is_sent(tmp_path: Path) -> None:
    # No broker listens at this address: a request would come back "no answer".
    assert leave_for_predecessor("127.0.0.1:9", "chao-pipeline", tmp_path) is None


def test_the_noted_member_is_asked_to_leave_and_only_real_trouble_is_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    asked: list[tuple[str, str, str]] = []
    answers = iter(["NoError", "UnknownMemberIdError", "GroupIdNotFoundError", "no answer: X"])

    async def fake_leave_group(bootstrap: str, group: str, member_id: str, **_: object) -> str:
        asked.append((bootstrap, group, member_id))
        return next(answers)

    monkeypatch.setattr(previous_member, "leave_group", fake_leave_group)
    remember(tmp_path, "chao-pipeline", "worker-1-4f2a")
    with caplog.at_level(logging.INFO, logger="chao.topology"):
        got = [leave_for_predecessor("b:9092", "chao-pipeline", tmp_path) for _ in range(4)]
    assert got == ["NoError", "UnknownMemberIdError", "GroupIdNotFoundError", "no answer: X"]
    assert asked == [("b:9092", "chao-pipeline", "worker-1-4f2a")] * 4
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "no answer: X" in warnings[0].getMessage()
