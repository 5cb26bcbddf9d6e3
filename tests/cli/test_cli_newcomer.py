"""A newcomer's session in the terminal (``monsterlair play`` of the four games): refusals that say why an action
cannot be played now, ranges that match the hand, refusals in the menu's words (not the notation's forms), an
attack line that reads as a sentence, MONSTRA's menus naming creatures, Push a Monster's units in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from monsterlair import games
from monsterlair.cli import app
from tests.games.monster_smash.scenario import play, setup

SMASH = games.get("monster-smash")


@pytest.fixture(autouse=True)
def in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)


def run(args: list[str], lines: list[str] = ()) -> str:  # type: ignore[assignment]
    result = CliRunner().invoke(app, args, input="".join(line + "\n" for line in lines))
    assert "Traceback" not in result.output, result.output
    return " ".join(result.output.split())  # the console's line breaks are not words


def test_the_smash_attack_line_reads_as_a_sentence() -> None:
    """Review: "Attack: You are picking none against Grumble (Greedy bot) — total 0."."""
    state = setup([["ember-1", "ember-2", "tide-3"], ["moss-2", "moss-1"]])
    play(state, "pass", "attack 1")
    names = ["Ann", "Bob"]
    mine = SMASH.render(state.view(0), 0, names)
    assert "Your attack on Bob:[/bold] no cards picked yet — total [bold]0[/bold]." in mine
    assert "Ann's attack on you:[/bold] no cards picked yet" in SMASH.render(state.view(1), 1, names)
    play(state, "play 1")
    assert "Your attack on Bob:[/bold] picked so far " in SMASH.render(state.view(0), 0, names)
    play(state, "done")
    shown = SMASH.render(state.view(1), 1, names)
    assert "Ann's attack on you:[/bold] [bold red]Sootling 1" in shown and "— total [bold]1[/bold]." in shown
    for text in (SMASH.render(state.view(s), s, names) for s in (0, 1, None)):
        assert "picking" not in text and "none against" not in text and "You are" not in text
