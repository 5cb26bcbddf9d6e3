"""Monster Club's end in players' words (review: "wins by reaching the destroys needed to win!"): the winner
wins with their destroys (MC-11.2), a draw says both reached them at once (MC-11.3)."""

from __future__ import annotations

from monsterlair import games
from monsterlair.core import Result
from monsterlair.core.result import result_from_json

GAME = games.get("monster-club")
NAMES = ["Gobble (Greedy bot)", "Pip (Random bot)"]


def over(winners: tuple[int, ...], scores: tuple[float, float], termination: str = "destroys") -> dict[str, object]:
    ranks = (1, 1) if not winners else tuple(1 if s in winners else 2 for s in range(2))
    payoffs = tuple(float(s in winners) if winners else 0.5 for s in range(2))
    result = Result(winners, ranks, scores, termination, False, {}, payoffs)
    return {"type": "game_over", "result": result.to_json()}


def test_the_last_line_says_the_winner_wins_with_their_destroys() -> None:
    assert GAME.describe_event(over((0,), (5.0, 2.0)), None, NAMES) == "Gobble (Greedy bot) wins with 5 destroys!"
    assert GAME.describe_event(over((0,), (6.0, 5.0)), 0, NAMES) == "You win with 6 destroys!"  # MC-11.3
    draw = GAME.describe_event(over((), (5.0, 5.0)), 1, NAMES)
    assert draw == "A draw: both players reach 5 destroys at once."
    gone = GAME.describe_event(over((1,), (1.0, 2.0), "no_monster"), None, NAMES)
    assert gone == "Pip (Random bot) wins: Gobble (Greedy bot) has no monster left!"
    assert GAME.describe_event(over((1,), (1.0, 2.0), "no_monster"), 0, NAMES) == (
        "Pip (Random bot) wins: you have no monster left!"
    )


def test_an_end_other_than_the_destroys_reads_by_its_limit_or_with_no_winner() -> None:
    """The shared words of the log's last line (core.words.game_over_text): "by" the limit that ended it."""
    stalled = over((0,), (2.0, 1.0), "stalled")
    assert GAME.describe_event(stalled, None, NAMES) == "Gobble (Greedy bot) wins by the anti-stalling limit!"
    assert GAME.describe_event(stalled, 0, NAMES) == "You win by the anti-stalling limit!"
    capped = GAME.describe_event(over((), (1.0, 1.0), "turn_cap"), 1, NAMES)
    assert capped == "The game ends with no winner: the turn limit."
    assert GAME.describe_event(over((1,), (1.0, 3.0), "action_cap"), 1, NAMES) == "You win by the action limit!"


def test_the_result_and_the_log_say_it_the_same_way_and_the_board_leaves_it_to_them() -> None:
    event = over((1,), (2.0, 5.0))
    text = GAME.describe_result(_result(event), None, NAMES)
    assert text.lines[0] == "Won by reaching 5 destroys."
    draw = GAME.describe_result(_result(over((), (5.0, 5.0))), None, NAMES)
    assert draw.lines[0] == "It ended by both players reaching 5 destroys at once, with no winner."
    assert GAME.describe_event(event, None, NAMES) == "Pip (Random bot) wins with 5 destroys!"
    state = GAME.new(2, seed=3)
    view = dict(state.view(None))
    view["result"] = event["result"]
    board = GAME.render(view, None, NAMES)  # the end screen's result and the log say it, not the board
    assert "Game over" not in board and "wins" not in board and "needed to win" not in board


def _result(event: dict[str, object]) -> Result:
    return result_from_json(event["result"])  # type: ignore[arg-type]
