"""Each game's summary is the lobby's blurb, the first thing a newcomer reads of it: it speaks the newcomer's
words. MONSTRA's read "battle by SPD order" before SPD was explained anywhere; Monster Smash's "burn" and Push a
Monster's "two pushers" were game words nobody had met yet."""

from __future__ import annotations

import re

import pytest

from monsterlair import games

GAMES = ["monster-smash", "monstra", "push-a-monster", "monster-club"]

UNMET = {
    "monster-smash": [r"\bburn\b(?! \w+ cards? for)"],  # a step of the game, unless the blurb says what it does
    "monstra": [r"\bactive creatures?\b", r"\bsignature moves?\b", r"\b(Strikes?|Guards?)\b"],
    "push-a-monster": [r"(?<!cardboard )\bpushers\b"],
    "monster-club": [],
}
"""Each game's words a newcomer has not met, as the blurbs used them."""


@pytest.mark.parametrize("game_id", GAMES)
def test_a_blurb_speaks_a_newcomers_words(game_id: str) -> None:
    game = games.get(game_id)
    blurb = game.spec.summary
    title_words = set(game.spec.title.split())
    abbreviations = [w for w in re.findall(r"\b[A-Z]{2,}\b", blurb) if w not in title_words]
    assert not abbreviations, (blurb, abbreviations)  # a stat's short name (SPD, HP, EN) is the rules' word
    assert not re.search(r"\b\d+v\d+\b", blurb), blurb  # "1v1": "one against one"
    unmet = [p for p in UNMET[game_id] if re.search(p, blurb)]
    assert not unmet, (blurb, unmet)
    assert len(blurb) <= 300, len(blurb)  # a blurb, not the rules
