"""``sim --cards FILE``: an override file of card data, checked, played and compared with the shipped cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app
from monsterlair.core.data import OVERRIDE_ENV, BadCardData, check_override, merge, read_data
from monsterlair.sim.carddata import check_card_data

CLUB = "monsterlair.games.monster_club"


def test_merge_changes_adds_and_removes_cards_by_id() -> None:
    base = {"monster": [{"id": "a", "score": 1, "name": "A"}, {"id": "b", "score": 2}], "rules": {"x": 1, "y": 2}}
    override = {
        "monster": [{"id": "a", "score": 5}, {"id": "c", "score": 3}, {"id": "b", "remove": True}],
        "rules": {"y": 9},
    }
    merged = merge(base, override, Path("mine.toml"))
    assert merged["monster"] == [{"id": "a", "score": 5, "name": "A"}, {"id": "c", "score": 3}]
    assert merged["rules"] == {"x": 1, "y": 9}
    assert base["monster"][0]["score"] == 1  # the shipped data is not touched
    with pytest.raises(BadCardData, match=r"mine.toml: \[\[monster\]\] #1 needs an 'id'"):
        merge(base, {"monster": [{"score": 1}]}, Path("mine.toml"))
    with pytest.raises(BadCardData, match="no such card to remove"):
        merge(base, {"monster": [{"id": "zz", "remove": True}]}, Path("mine.toml"))


def test_read_data_lays_the_override_over_the_shipped_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text('[[monster]]\nid = "crag-troll"\nscore = 9\n')
    shipped = {c["id"]: c for c in read_data(CLUB, "monsters.toml")["monster"]}
    monkeypatch.setenv(OVERRIDE_ENV, str(mine))
    edited = {c["id"]: c for c in read_data(CLUB, "monsters.toml")["monster"]}
    assert edited["crag-troll"]["score"] == 9 != shipped["crag-troll"]["score"]
    assert read_data(CLUB, "powers.toml") == read_data(CLUB, "powers.toml")  # other files untouched


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[monsters]]\nid = "crag-troll"\n', "unknown table(s) monsters"),
        ("", "changes nothing"),
        ("score = = 3", "not valid TOML"),
        ('[[monster]]\nid = "crag-troll"\nscore = "lots"\n', "monster 'crag-troll': 'score' must be a whole number"),
        ('[[monster]]\nid = "crag-troll"\ncolour = "red"\n', "monster 'crag-troll': unknown field(s) colour"),
    ],
)
def test_bad_card_data_names_the_file_the_card_and_the_field(tmp_path: Path, text: str, message: str) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(text)
    with pytest.raises(BadCardData) as caught:
        check_card_data(games.get("monster-club"), mine)
    assert str(mine) in str(caught.value) and message in str(caught.value)


def test_check_override_knows_every_data_file_of_a_game(tmp_path: Path) -> None:
    mine = tmp_path / "m.toml"
    mine.write_text('[[tactic]]\nid = "overcharge"\ncost = 1\n[[creature]]\nid = "flaro"\nhp = 9\n')
    assert set(check_override("monsterlair.games.monstra", mine)) == {"tactic", "creature"}


def test_sim_cards_plays_the_same_games_with_both_card_sets_and_compares_them(tmp_path: Path) -> None:
    mine = tmp_path / "my-club.toml"
    mine.write_text('[[monster]]\nid = "crag-troll"\nscore = 15\n')
    report = tmp_path / "rep"
    args = ["sim", "monster-club", "-n", "8", "-w", "1", "--seed", "3", "--cards", str(mine), "--report", str(report)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads((report / "summary.json").read_text())
    assert list(summary["variants"]) == ["shipped cards", "my-club.toml"]
    assert summary["finished"] == 16 and summary["backend"]["card_data"] == str(mine)
    shipped, edited = (summary["variants"][k]["summary"] for k in ("shipped cards", "my-club.toml"))
    assert shipped["finished"] == edited["finished"] == 8
    assert summary["variants"]["my-club.toml"]["comparison"]["length (moves)"]["n"] == 8
    # chunks are appended as they finish, in any order: read the games back in their order
    lines = sorted(
        (json.loads(line) for line in (report / "results.jsonl").read_text().splitlines()), key=lambda r: r["index"]
    )
    assert [r["seed"] for r in lines if r["variant"] == "shipped cards"] == [
        r["seed"] for r in lines if r["variant"] == "my-club.toml"
    ]
    # the edited cards changed the games, and this process still holds the shipped ones
    assert any(a["decisions"] != b["decisions"] for a, b in zip(lines[:8], lines[8:], strict=True))
    from monsterlair.games.monster_club.cards import CARDS

    assert next(c for c in CARDS if c.id == "crag-troll").score != 15


def test_sim_cards_refuses_bad_data_before_playing(tmp_path: Path) -> None:
    mine = tmp_path / "bad.toml"
    mine.write_text('[[monster]]\nid = "crag-troll"\nscore = -4\n')
    result = CliRunner().invoke(app, ["sim", "monster-club", "-n", "2", "-w", "1", "--cards", str(mine)])
    assert result.exit_code != 0
    said = result.output.replace("\n", "")  # the console wraps long lines
    assert "bad.toml" in said and "crag-troll" in said and "'score'" in said
