"""API fuzzing: schemathesis generates requests from the OpenAPI schema (valid and invalid ones) against a
live server with a signed-in player and a table; no answer may be a 5xx, and every refusal has the error
shape. A WebSocket fuzz sends malformed and random messages to a table's socket: each gets an ``error``
in the documented shape (or is ignored), the connection stays up, and the table is unchanged.

Bounded for CI: ``FUZZ_EXAMPLES`` examples per operation and mode (default 5, derandomized, so a run is
reproducible); raise it locally for a deeper search, e.g. ``FUZZ_EXAMPLES=200 pytest tests/server/test_fuzz.py``.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import requests
import schemathesis
import uvicorn
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

from monsterlair.server.accounts.auth import COOKIE
from monsterlair.server.app import create_app
from tests.server.conftest import Live, all_games, cookie_of, guest, make_settings

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "5"))
CALLS: list[int] = []
"""The status of every fuzzed request (for the summary the test prints)."""
SKIP = {"POST /api/auth/logout"}
"""Operations left out: logging out would sign the fuzzing session out for every later operation."""


class ThreadServer:
    """uvicorn in a thread on a free loopback port (schemathesis' calls are synchronous)."""

    def __init__(self, tmp_path: Path) -> None:
        settings = make_settings(tmp_path, database_url="", rate_limits=False)
        self.server = uvicorn.Server(
            uvicorn.Config(create_app(settings, games=all_games()), host="127.0.0.1", port=0, log_level="error")
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        for _ in range(1000):
            if self.server.started:
                break
            time.sleep(0.01)
        assert self.server.started
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with ThreadServer(tmp_path) as url:
        yield url


def operations(base: str) -> list[Any]:
    schema = schemathesis.openapi.from_dict(requests.get(f"{base}/api/openapi.json", timeout=10).json())
    return [result.ok() for result in schema.get_all_operations()]


def fuzz_one(operation: Any, mode: GenerationMode, session: requests.Session, base: str) -> list[str] | None:
    """What went wrong for one operation in one mode; ``None`` when the mode has nothing to generate (an
    operation without parameters or body has no invalid form)."""
    problems: list[str] = []

    @hypothesis.settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Any) -> None:
        response = case.call(base_url=base, session=session, timeout=20)
        CALLS.append(response.status_code)
        label = f"{case.method} {case.formatted_path} {mode.value}"
        if response.status_code >= 500:
            problems.append(f"{label}: {response.status_code} {response.text[:200]}")
        elif response.status_code >= 400:
            try:
                body = response.json()
            except ValueError:
                problems.append(f"{label}: {response.status_code} not JSON: {response.text[:200]}")
                return
            if not (isinstance(body, dict) and set(body) == {"error"} and {"code", "message"} <= set(body["error"])):
                problems.append(f"{label}: {response.status_code} not the error shape: {response.text[:200]}")

    try:
        run()
    except hypothesis.errors.Unsatisfiable:
        if mode is GenerationMode.POSITIVE:
            raise
        return None
    return problems


def test_no_request_the_schema_allows_or_forbids_gets_a_5xx(base: str) -> None:
    session = requests.Session()
    session.headers["Origin"] = base
    assert session.post(f"{base}/api/auth/guest", json={"name": "Fuzz"}, timeout=10).status_code == 200
    table = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    assert session.post(f"{base}/api/tables", json=table, timeout=10).status_code == 200
    problems: list[str] = []
    ran = {GenerationMode.POSITIVE: 0, GenerationMode.NEGATIVE: 0}
    for operation in operations(base):
        if operation.label in SKIP:
            continue
        for mode in ran:
            found = fuzz_one(operation, mode, session, base)
            if found is not None:
                problems += found
                ran[mode] += 1
        if session.cookies.get(COOKIE) is None:  # a fuzzed call revoked the session: sign in again
            session.post(f"{base}/api/auth/guest", json={"name": "Fuzz"}, timeout=10)
    statuses = sorted(set(CALLS))
    print(f"fuzzed {len(CALLS)} requests, {ran[GenerationMode.POSITIVE]} operations; statuses {statuses}")
    assert ran[GenerationMode.POSITIVE] >= 25 and ran[GenerationMode.NEGATIVE] >= 15, ran
    assert not problems, "\n".join(problems[:20])


# --- the table WebSocket --------------------------------------------------------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KINDS = st.sampled_from(["action", "undo", "leave", "reclaim", "sync", "ping", "chat", "nope", "", None])
MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": KINDS},
        optional={
            "state_id": JSON_VALUES | st.integers(min_value=-(2**70), max_value=2**70),
            "actions": JSON_VALUES | st.lists(st.text(max_size=30), max_size=5),
            "ref": JSON_VALUES,
            "text": JSON_VALUES | st.text(max_size=400),
        },
    ).map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.text(max_size=60),
    st.just("[" * 5000 + "]" * 5000),
    st.just('{"type": "ping", "ref": ' + "[" * 3000 + "]" * 3000 + "}"),
)


@pytest.fixture
async def table_socket_case(tmp_path: Path) -> Any:
    app = create_app(make_settings(tmp_path, ws_rate=1000.0, ws_burst=1000), games=all_games())
    async with Live(app) as live, live.client() as ann:
        await guest(ann)
        body = {"game": "monster-smash", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
        table = (await ann.post("/api/tables", json=body)).json()["table"]
        yield live, app, table["id"], cookie_of(ann)


async def test_random_websocket_messages_get_errors_and_change_nothing(table_socket_case: Any) -> None:
    live, app, tid, cookie = table_socket_case
    sample = st.lists(MESSAGES, min_size=EXAMPLES * 8, max_size=EXAMPLES * 8)
    messages = _fixed(sample)
    peer = await live.socket(tid, cookie)
    snapshot = await peer.recv_type("snapshot")
    for text in messages:
        await peer.send(text)
    await peer.send({"type": "ping", "ref": "end"})
    answers = []
    while True:
        msg = await peer.recv(10)
        if msg.get("type") == "pong" and msg.get("ref") == "end":
            break
        answers.append(msg)
    errors = [a for a in answers if a["type"] == "error"]
    assert errors and all(isinstance(e["code"], str) and isinstance(e["message"], str) for e in errors)
    assert not [e for e in errors if e["code"] == "server_error"]
    table = await app.state.hub.table(tid)
    assert table.state_id == snapshot["state_id"] and table.status == "open"  # nothing changed
    await peer.close()


def _fixed(strategy: Any) -> Any:
    """One reproducible draw of a strategy (hypothesis' ``find`` with a fixed seed)."""
    out: list[Any] = []

    @hypothesis.seed(15)
    @hypothesis.settings(max_examples=1, database=None, suppress_health_check=list(HealthCheck), deadline=None)
    @given(strategy)
    def draw(value: Any) -> None:
        out.append(value)

    draw()
    return out[0]
