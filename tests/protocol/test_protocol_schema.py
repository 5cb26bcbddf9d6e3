"""The protocol's handshake and its JSON Schemas: every response of a whole session fits them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from monsterlair import games
from monsterlair.protocol.engine import Engine, protocol_schema
from monsterlair.protocol.messages import COMMANDS, PROTOCOL_VERSION

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine-protocol.md"


def ask(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(engine.handle(json.dumps(request)))
    return answer


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    document = protocol_schema()
    Draft202012Validator.check_schema(document)
    return document


def check(schema: dict[str, Any], where: str, value: Any) -> None:
    """``value`` fits ``#/$defs/<where>`` (a path such as ``response/play``)."""
    pointer = "#/$defs/" + where
    validator = Draft202012Validator({"$ref": pointer, "$defs": schema["$defs"]})
    errors = sorted(validator.iter_errors(value), key=lambda e: list(e.path))
    assert not errors, f"{where}: {errors[0].message} at {list(errors[0].path)}"


def test_hello_reports_the_version_and_refuses_another_major() -> None:
    engine = Engine()
    hello = ask(engine, {"cmd": "hello", "protocol": "1", "id": 7})
    assert hello == {
        "id": 7,
        "ok": True,
        "protocol": PROTOCOL_VERSION,
        "engine": hello["engine"],
        "commands": list(COMMANDS),
    }
    assert hello["engine"].startswith("monsterlair ")
    assert ask(engine, {"cmd": "hello"})["ok"]
    refused = ask(engine, {"cmd": "hello", "protocol": "2.0"})
    assert refused["error"]["code"] == "unsupported_protocol" and PROTOCOL_VERSION in refused["error"]["message"]


def test_schema_command_serves_the_shipped_schema(schema: dict[str, Any]) -> None:
    served = ask(Engine(), {"cmd": "schema"})
    assert served["ok"] and served["schema"] == schema
    assert set(schema["$defs"]["requests"]) == set(COMMANDS) == set(schema["$defs"]["response"])


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("monster-smash", {}),
        ("monstra", {}),
        ("monstra", {"mode": "mission"}),
        ("monster-club", {}),
        ("push-a-monster", {}),
    ],
)
def test_every_request_and_response_of_a_whole_game_fits_the_schema(
    schema: dict[str, Any], game_id: str, options: dict[str, Any]
) -> None:
    engine = Engine()
    requests: list[dict[str, Any]] = [{"cmd": "hello", "protocol": PROTOCOL_VERSION}, {"cmd": "games"}]
    for request in requests:
        check(schema, "request", request)
        check(schema, f"response/{request['cmd']}", ask(engine, request))
    new = {"cmd": "new", "game": game_id, "seed": 5, "options": options}  # players is optional
    check(schema, "request", new)
    opened = ask(engine, new)
    check(schema, "response/new", opened)
    gid = opened["game_id"]
    for seat in (None, 0):
        check(schema, "response/view", ask(engine, {"cmd": "view", "game_id": gid, "seat": seat}))
    steps = 0
    while not ask(engine, {"cmd": "result", "game_id": gid})["over"] and steps < 400:
        legal = ask(engine, {"cmd": "legal", "game_id": gid})
        check(schema, "response/legal", legal)
        bot = {"cmd": "bot", "game_id": gid, "bot": "random", "seed": steps}
        check(schema, "request", bot)
        choice = ask(engine, bot)
        check(schema, "response/bot", choice)
        play = {"cmd": "play", "game_id": gid, "action": choice["action"]}
        check(schema, "request", play)
        check(schema, "response/play", ask(engine, play))
        steps += 1
    result = ask(engine, {"cmd": "result", "game_id": gid})
    check(schema, "response/result", result)
    assert result["over"] and len(result["payoffs"]) == len(result["scores"]) and result["score_meaning"]
    record = ask(engine, {"cmd": "record", "game_id": gid})
    check(schema, "response/record", record)
    load = {"cmd": "load", "record": record["record"]}
    check(schema, "request", load)
    check(schema, "response/load", ask(engine, load))
    check(schema, "error", ask(engine, {"cmd": "play", "game_id": gid, "action": "nonsense"}))
    check(schema, "response/close", ask(engine, {"cmd": "close", "game_id": gid}))


def test_the_document_names_every_command_error_code_and_budget_form(schema: dict[str, Any]) -> None:
    text = DOC.read_text()
    for command in COMMANDS:
        assert f'"cmd": "{command}"' in text, command
    for code in schema["$defs"]["error"]["properties"]["error"]["properties"]["code"]["enum"]:
        assert f"`{code}`" in text, code
    assert '{"iterations": N}' in text and '{"seconds": S}' in text and "`{}`" in text
    for game in games.ids():
        assert re.search(rf"### {re.escape(games.get(game).title)}", text), game


@pytest.mark.parametrize("game_id", ["monster-smash", "monstra", "monster-club", "push-a-monster"])
def test_a_node_client_written_from_the_document_plays_a_whole_game(game_id: str) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    script = Path(__file__).resolve().parents[2] / "examples" / "engine_random_bot.mjs"
    engine = [sys.executable, "-c", "from monsterlair.cli import main; main()", "engine"]
    done = subprocess.run([node, str(script), game_id, *engine], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["protocol"] == PROTOCOL_VERSION and summary["replayed"] is True
    assert summary["game"] == games.get(game_id).title and len(summary["payoffs"]) >= 1
