"""A restarted worker removes its previous process from the consumer group before joining.

Why: a worker killed without a clean stop (SIGKILL, the OOM killer, a lost machine) stays
a member of its group until its session timeout runs out (10 s by default). Its
successor's join starts a rebalance that waits for that member, so the successor is
ready that much later: 10 of the 23 s a successor took on the embedded broker (issue 29,
BENCHMARKS.md "Restart to ready"). Static membership (``group_instance_id``, KIP-345)
avoids the wait on Kafka, but an operator has to set it up, and Tansu does not support
it. A successor knows who its predecessor was: each worker notes the member id the
coordinator gave it in its data directory (one per worker process, kept across
restarts); the successor reads it at start and sends the LeaveGroup its predecessor
would have sent on a clean stop.

If the predecessor is in fact alive but frozen, it is expelled as a session timeout would
expel it: its commits are refused and it rejoins as a new member, so nothing more is at
risk than at the end of its session. Not with static membership: there the successor
takes the predecessor's place by its instance id. A second process on a live worker's
directory does not get here: the directory's lock stops it first (:mod:`topologies.datadir`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from pathlib import Path

import orjson

from pipeline.kafka.group import leave_group
from pipeline.kafka.security import KafkaSecurity

log = logging.getLogger("chao.topology")

#: Under the data directory: {"group": ..., "memberId": ...} of the last assignment.
MEMBER_FILE = "group-member.json"
#: Answers meaning there was nobody to remove: the predecessor left, its session ended,
#: or the group itself is gone (a new broker).
NOT_A_MEMBER = ("UnknownMemberIdError", "GroupIdNotFoundError")
#: How long a successor waits for the coordinator's answer before it joins anyway.
LEAVE_TIMEOUT_S = 10.0


def remember(datadir: str | Path, group: str, member_id: str) -> None:
    """Note the member id this process joined ``group`` with (after each assignment; the
    id changes only when the member was expelled and rejoined). Atomic: a crash while
    writing leaves the previous note."""
    path = Path(datadir) / MEMBER_FILE
    note = orjson.dumps({"group": group, "memberId": member_id})
    with contextlib.suppress(OSError):
        if path.read_bytes() == note:
            return
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(MEMBER_FILE + ".tmp")
    temporary.write_bytes(note)
    os.replace(temporary, path)


def remembered(datadir: str | Path, group: str) -> str | None:
    """The member id the previous process in ``datadir`` noted for ``group``, if any (a
    note for another group, or one that cannot be read, counts as none)."""
    try:
        note = orjson.loads((Path(datadir) / MEMBER_FILE).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(note, dict) or note.get("group") != group:
        return None
    member_id = note.get("memberId")
    return member_id if isinstance(member_id, str) and member_id else None


def leave_for_predecessor(
    bootstrap: str, group: str, datadir: str | Path, security: KafkaSecurity | None = None
) -> str | None:
    """At start, before the consumer joins: remove the predecessor noted in ``datadir``
    from ``group``. Returns the coordinator's answer by name (None: no predecessor noted).
    Runs its own event loop (the worker's does not exist yet)."""
    member_id = remembered(datadir, group)
    if member_id is None:
        return None
    answer = asyncio.run(
        leave_group(bootstrap, group, member_id, timeout=LEAVE_TIMEOUT_S, security=security)
    )
    if answer == "NoError":  # Tansu answers so for a member it does not know, too
        log.info("asked group %s to remove this worker's previous process: done", group)
    elif answer not in NOT_A_MEMBER:
        log.warning(
            "could not remove this worker's previous process from group %s (%s): the group "
            "waits for its session timeout",
            group,
            answer,
        )
    return answer
