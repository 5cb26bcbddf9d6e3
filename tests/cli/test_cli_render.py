"""``monsterlair render``: PNG pictures of Push a Monster positions, from a record or from a seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monsterlair.cli import app
from tests.cli.records import random_finished_record

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


def test_a_new_game_without_moves_is_named_its_opening_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, text = run(["--seed", "3", "-O", "start.png"])
    assert code == 0 and "Wrote start.png (the opening position)." in text, text


def finished_record(tmp_path: Path) -> Path:
    """A finished Push a Monster game of seed 5, saved as ``game.json``."""
    return random_finished_record(tmp_path, "push-a-monster", 5)


def test_render_a_record_part_way(tmp_path: Path) -> None:
    record = finished_record(tmp_path)
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
    assert code == 2 and "is a record of Monster Smash; only Push a Monster positions" in " ".join(text.split())
    code, text = run(["--seat", "5", "-O", str(tmp_path / "x.png")])
    assert code == 2 and "There is no player 5; this game has players 1 and 2." in text
    code, text = run(["--players", "3", "--seat", "4", "-O", str(tmp_path / "x.png")])
    assert code == 2 and "There is no player 4; this game has players 1 to 3." in text
    assert not (tmp_path / "x.png").exists()


def bad_file(tmp_path: Path, kind: str) -> Path:
    """A file that is no record: a folder, bytes that are not text, text that is not JSON, a JSON list."""
    path = tmp_path / f"{kind}.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe\x00\x01")
    elif kind == "text":
        path.write_text("not json")
    elif kind == "list":
        path.write_text("[]")
    return path


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("folder", "Cannot read folder.json: it is a folder, not a file."),
        ("binary", "binary.json is not a JSON record."),
        ("text", "text.json is not a JSON record."),
        ("list", 'list.json is not a game record (it needs a "game" field).'),
        ("missing", "Cannot read missing.json: there is no such file."),
    ],
)
def test_a_file_that_is_no_record_is_refused_as_replay_refuses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, message: str
) -> None:
    # Named from its own folder: a long temporary path would be folded mid-word by the console's width.
    monkeypatch.chdir(tmp_path)
    path = bad_file(tmp_path, kind)
    out = tmp_path / "x.png"
    code, text = run([path.name, "-O", "x.png"])
    said = " ".join(text.split())
    assert code == 2 and message in said, said
    assert "Traceback" not in text and "codec" not in text and "Errno" not in text and "char 0" not in text
    replayed = CliRunner().invoke(app, ["replay", path.name, "--final"])
    assert (replayed.exit_code, " ".join(replayed.output.split())) == (code, said)
    assert not out.exists()


@pytest.mark.parametrize("to", ["9999", "-1"])
def test_to_outside_the_record_is_refused_as_replay_refuses_it(tmp_path: Path, to: str) -> None:
    record = finished_record(tmp_path)
    last = len(json.loads(record.read_text())["actions"])
    out = tmp_path / "x.png"
    code, text = run([str(record), "--to", to, "-O", str(out)])
    said = " ".join(text.split())
    assert code == 2 and f"--to must be from 0 to {last} (the game has {last} moves)." in said, said
    replayed = CliRunner().invoke(app, ["replay", str(record), "--to", to])
    assert (replayed.exit_code, " ".join(replayed.output.split())) == (code, said)
    assert not out.exists()


def test_a_record_with_a_bad_action_after_to_is_refused_as_replay_refuses_it(tmp_path: Path) -> None:
    record = finished_record(tmp_path)
    data = json.loads(record.read_text())
    data["actions"][-1] = "push Q9"
    record.write_text(json.dumps(data))
    out = tmp_path / "x.png"
    code, text = run([str(record), "--to", "2", "-O", str(out)])
    said = " ".join(text.split())
    assert code == 2 and f"Action {len(data['actions'])} ('push Q9') cannot be replayed" in said, said
    assert not out.exists()


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("arena.png/a.png", "Cannot write the picture to arena.png/a.png: arena.png is a file, not a folder."),
        ("pictures", "Cannot write the picture to pictures: it is a folder; name a file in it."),
    ],
)
def test_a_picture_that_cannot_be_written_is_refused_in_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, out: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "arena.png").write_bytes(b"")
    (tmp_path / "pictures").mkdir()
    code, text = run(["--seed", "3", "-O", out])
    said = " ".join(text.split())
    assert code == 2 and message in said and "Errno" not in said, said


def test_a_picture_in_a_missing_folder_creates_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, text = run(["--seed", "3", "-O", "nodir/a.png"])
    assert code == 0 and (tmp_path / "nodir" / "a.png").read_bytes()[:8] == PNG, text


def test_the_picture_names_players_from_1_as_the_board_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import ImageDraw

    written: list[str] = []
    real_text = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        written.append(words)
        real_text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    code, out = run(["--seed", "3", "--players", "3", "-O", str(tmp_path / "a.png")])
    assert code == 0, out
    lines = [w for w in written if ": line " in w]
    assert [w.split(":")[0] for w in lines] == ["Player 1", "Player 2", "Player 3"], written
    assert not any("seat" in w for w in written)
