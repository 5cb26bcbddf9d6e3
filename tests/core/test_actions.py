"""Every game's action texts parse back to the action and to its index (``core/actions.py``)."""

from __future__ import annotations

import pytest

from monsterlair import games
from monsterlair.core import ActionSpace, BadAction, Rng
from monsterlair.testing.conformance import player_counts


@pytest.mark.parametrize("game_id", games.ids())
def test_every_legal_action_text_parses_back_to_the_action_and_its_index(game_id: str) -> None:
    game = games.get(game_id)
    seen = 0
    for players in player_counts(game):
        for seed in range(2):
            state = game.new(players, seed)
            rng = Rng(seed)
            for _ in range(60):
                legal = state.legal_actions()
                if not legal:
                    break
                for action in legal:
                    text = str(action)
                    index = game.action_index(action, players, state.options)
                    assert game.action_index(text, players, state.options) == index, text
                    assert game.action_from_index(index, players, state.options) == action, text
                    assert game.parse_action(text) == action, text
                    seen += 1
                state.apply(legal[rng.below(len(legal))])
    assert seen > 50


def test_monster_club_takes_its_own_text_for_an_index() -> None:
    club = games.get("monster-club")
    assert club.action_index("play 1 to 1", 2, {}) == club.action_index(club.parse_action("play 1 to 1"), 2, {})


class Word:
    """A stand-in action: a word with a text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def test_an_action_space_parses_indexes_and_explains() -> None:
    go, stop = Word("go"), Word("stop now")
    space: ActionSpace[Word] = ActionSpace("Example", [go, stop], forms="'go' or 'stop now'")
    assert len(space) == 2 and list(space) == [go, stop]
    assert space.parse("  STOP   now ") is stop
    assert space.index("go") == 0 and space.index(stop) == 1 and space.from_index(1) is stop
    with pytest.raises(BadAction, match="'fly' is not an Example action.$") as refused:
        space.parse("fly")
    assert refused.value.in_notation() == "'fly' is not an Example action. Forms: 'go' or 'stop now'."
    with pytest.raises(BadAction, match="is not an Example action"):
        space.index(Word("go"))  # another object with the same text is not one of the space's actions
    with pytest.raises(BadAction, match="not an Example action"):
        space.index([1])  # type: ignore[arg-type]
    with pytest.raises(BadAction, match="run from 0 to 1, not 2"):
        space.from_index(2)
    with pytest.raises(BadAction, match="not True"):
        space.from_index(True)


def test_an_action_space_refuses_two_actions_with_one_text() -> None:
    with pytest.raises(ValueError, match="share the text key 'go'"):
        ActionSpace("Example", [Word("go"), Word("GO")])


def test_free_form_actions_parse_with_the_games_parser_but_have_no_index() -> None:
    push = games.get("push-a-monster")
    free = push.parse_action("push x=0.10 y=-1.20 angle=85 depth=0.62")
    with pytest.raises(BadAction, match="free-form action outside the candidate set"):
        push.action_index(free, 2, {})


def test_every_game_describes_an_action_or_its_text_alike() -> None:
    for game in games.all_games():
        state = game.new(game.player_counts()[0], 1)
        for action in state.legal_actions():
            assert game.describe_action(str(action)) == game.describe_action(action)
        assert game.describe_action("not an action") == "not an action"
        assert game.describe_action(3.5) == "3.5"  # no action of any game
    push = games.get("push-a-monster")
    shove = push.parse_action("shove monster=1 angle=90")
    assert push.describe_action(shove) != str(shove)  # a free-form action has its phrase too
