"""``monsterlair render``: PNG pictures of Push a Monster positions, from a record or from a seed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from monsterlair.cli import app
from monsterlair.core import Rng
from monsterlair.games import get

PNG = b"\x89PNG\r\n\x1a\n"


def run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["render", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_render_a_new_game_with_pushes_played(tmp_path: Path) -> None:
    out = tmp_path / "start.png"
    play = ["--play", "push A; push C depth=1.2", "--trail", "-o", "layout=fixed"]
    code, text = run(["--seed", "3", "--players", "3", *play, "-O", str(out)])
    assert code == 0, text
    assert "after 2 actions" in text and out.read_bytes()[:8] == PNG


def test_render_a_record_part_way(tmp_path: Path) -> None:
    game = get("push-a-monster")
    state = game.new(2, 5)
    rng = Rng(5)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record()))
    out = tmp_path / "mid.png"
    code, text = run([str(record), "--to", "4", "--seat", "1", "--scale", "80", "-O", str(out)])
    assert code == 0, text
    assert "after 4 actions" in text and out.read_bytes()[:8] == PNG


def test_render_refuses_bad_input_with_a_sentence(tmp_path: Path) -> None:
    code, text = run(["--play", "push Q9", "-O", str(tmp_path / "x.png")])
    assert code == 2 and "Cannot play" in text
    code, text = run(["--players", "7", "-O", str(tmp_path / "x.png")])
    assert code == 2 and "2 to 4 players" in text
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"game": "monster-smash", "actions": []}))
    code, text = run([str(other), "-O", str(tmp_path / "x.png")])
    assert code == 2 and "not a record of push-a-monster" in text
    code, text = run(["--seat", "5", "-O", str(tmp_path / "x.png")])
    assert code == 2 and "There is no player 5" in text
    assert not (tmp_path / "x.png").exists()
