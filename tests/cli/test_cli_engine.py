"""``monsterlair engine`` as a real subprocess with piped stdin."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests import example_game

ROOT = Path(__file__).resolve().parents[2]


def monsterlair_command() -> list[str]:
    """The installed console script, or the same entry point through the interpreter."""
    script = Path(sys.executable).with_name("monsterlair")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from monsterlair.cli import main; main()"]


def run(command: list[str], data: bytes) -> tuple[list[dict[str, Any]], str, int]:
    proc = subprocess.run(command, input=data, capture_output=True, timeout=120, cwd=ROOT, env=dict(os.environ))
    lines = proc.stdout.decode("ascii").splitlines()
    return [json.loads(line) for line in lines], proc.stderr.decode("utf-8", "replace"), proc.returncode


def test_console_script_engine_answers_garbage_and_stops_at_quit() -> None:
    data = b"\n".join(
        [
            b'{"cmd": "games", "id": "a"}',
            b"\xc3\x28 not utf-8",
            b"{broken",
            b"[1, 2, 3]",
            b'{"cmd": "new", "game": "no-such-game", "players": 2, "id": "b"}',
            b'{"cmd": "legal", "game_id": "g42"}',
            b'{"cmd": "fly"}',
            b'{"cmd": "quit", "id": "q"}',
            b'{"cmd": "games", "id": "after quit"}',
        ]
    )
    responses, stderr, status = run(monsterlair_command() + ["engine"], data + b"\n")
    assert status == 0, stderr
    assert [r.get("id") for r in responses] == ["a", None, None, None, "b", None, None, "q"]
    codes = [r["error"]["code"] for r in responses if not r["ok"]]
    assert codes == ["bad_json", "bad_json", "bad_request", "unknown_game", "unknown_game_id", "unknown_command"]
    assert responses[-1] == {"id": "q", "ok": True}


def test_engine_subprocess_plays_a_whole_game_on_bot_advice() -> None:
    """A client in conversation with the engine: ask the bot, play its choice, until the game ends.

    Toy Race, the example game, comes in through the environment (``MONSTERLAIR_GAMES``); everything else is
    the real ``engine`` path.
    """
    command = [sys.executable, "-c", "from monsterlair.cli import main; main()", "engine"]
    env = {**os.environ, **example_game.ENV}
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=env) as proc:
        assert proc.stdin is not None and proc.stdout is not None

        def ask(request: dict[str, Any]) -> dict[str, Any]:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(json.dumps(request).encode() + b"\n")
            proc.stdin.flush()
            response: dict[str, Any] = json.loads(proc.stdout.readline())
            return response

        try:
            assert ask({"cmd": "new", "game": "toy-race", "players": 3, "seed": 4})["game_id"] == "g1"
            moves = 0
            over = False
            while not over:
                budget = {"iterations": 30}
                advice = ask({"cmd": "bot", "game_id": "g1", "bot": "ismcts", "budget": budget, "seed": moves})
                played = ask({"cmd": "play", "game_id": "g1", "action": advice["action"]})
                assert played["ok"], played
                over = played["over"]
                moves += 1
                assert moves < 100
            result = ask({"cmd": "result", "game_id": "g1"})
            assert result["over"] is True and len(result["scores"]) == 3
            assert len(ask({"cmd": "record", "game_id": "g1"})["record"]["actions"]) == moves
            proc.stdin.close()  # end of input ends the engine
            assert proc.wait(timeout=60) == 0
            assert proc.stdout.read() == b""
        finally:
            if proc.poll() is None:
                proc.kill()
