"""A choice of hand cards sent as positions (``cards``): the game numbers its own picks, the table plays them
as one batch, and a choice the rules refuse plays nothing and says the rule."""

from __future__ import annotations

import pytest

from monsterlair import games
from monsterlair.server.storage.base import SeatData
from monsterlair.server.tables.table import Table, TableError

SMASH = games.get("monster-smash")


def smash_table() -> Table:
    seats = [SeatData(user_id=1, name="Ann"), SeatData(user_id=2, name="Bob")]
    table = Table.create(
        SMASH, table_id="t1", owner_id=1, players=2, options=None, seats=seats, private=False, seed=11, invite="i"
    )
    table.start(1)
    return table


def play(table: Table, texts: list[str], cards: list[int] | None = None) -> list[str]:
    state = table.state
    assert state is not None and state.to_move is not None
    proposal = table.propose(1 + state.to_move, table.state_id, texts, cards)
    table.commit(proposal)
    return proposal.texts


def to_phase(table: Table, phase: str) -> None:
    """Play on (keep the hand, burn nothing, attack nobody, defend with nothing) until the seat to move is in
    ``phase`` of its turn with a choice to make."""
    for _ in range(200):
        state = table.state
        assert state is not None and state.to_move is not None
        legal = [str(a) for a in state.legal_actions()]
        if state.view(state.to_move)["phase"] == phase and legal != ["pass"]:
            return
        play(table, ["keep"] if "keep" in legal else ["pass"] if "pass" in legal else [legal[0]])
    raise AssertionError(f"no {phase} phase reached")


def test_cards_become_the_games_own_picks_and_their_confirmation() -> None:
    table = smash_table()
    to_phase(table, "burn")
    state = table.state
    assert state is not None
    seat = state.to_move
    assert seat is not None
    hand = list(state.view(seat)["hand"])
    expected = SMASH.choose_cards(state.clone(), [3, 1])
    texts = play(table, [], [3, 1])
    assert texts == expected and texts[-1] == "done"
    assert [t.split(" ")[0] for t in texts[:-1]] == ["burn", "burn"]
    after = table.state
    assert after is not None
    # The two chosen cards left the hand (the burn then draws one: half of two).
    left = list(after.view(seat)["hand"])
    for code in (hand[0], hand[2]):
        assert left.count(code) <= hand.count(code) - 1 or hand.count(code) > 1


def attack_choice(table: Table) -> tuple[int, list[str], list[int], list[int]]:
    """Play on to an attack decision: the seat to move, its attacks, and the positions (from 1) of its
    own-suit and of its off-suit hand cards."""
    to_phase(table, "attack")
    state = table.state
    assert state is not None and state.to_move is not None
    seat = state.to_move
    targets = [str(a) for a in state.legal_actions() if str(a).startswith("attack ")]
    own = str(state.view(seat)["monsters"][seat])
    hand = list(state.view(seat)["hand"])
    mine = [i + 1 for i, c in enumerate(hand) if c.startswith(f"{own}-")]
    others = [i + 1 for i, c in enumerate(hand) if not c.startswith(f"{own}-")]
    return seat, targets, mine, others


def test_cards_after_actions_apply_to_the_decision_those_actions_reach() -> None:
    table = smash_table()
    _, targets, mine, _ = attack_choice(table)
    assert targets
    if not mine:
        pytest.skip("no own-suit card to attack with in this deal")
    texts = play(table, [targets[0]], mine[:1])
    assert texts[0] == targets[0] and texts[-1] == "done" and texts[1].startswith("play ")


def test_a_choice_the_rules_refuse_plays_nothing_and_says_the_rule_in_players_words() -> None:
    table = smash_table()
    seat, targets, _, others = attack_choice(table)
    if len(others) < 2:
        pytest.skip("fewer than two off-suit cards in this deal")
    before = table.state_id
    with pytest.raises(TableError) as info:
        table.propose(1 + seat, before, [targets[0]], others[:2])
    assert info.value.code == "illegal_action" and "at most one card of another suit" in info.value.message
    assert "MS-" not in info.value.message and "attack_requires_offsuit" not in info.value.message
    assert table.state_id == before


@pytest.mark.parametrize("cards", [[True], ["1"], 3, [1.0]])
def test_cards_must_be_whole_numbers(cards: object) -> None:
    table = smash_table()
    state = table.state
    assert state is not None and state.to_move is not None
    with pytest.raises(TableError) as info:
        table.propose(1 + state.to_move, table.state_id, [], cards)
    assert info.value.code == "bad_request"


def test_a_game_without_card_choices_refuses_cards() -> None:
    table = smash_table()
    state = table.state
    assert state is not None and state.to_move is not None
    assert state.view(state.to_move)["phase"] == "first_turn"
    with pytest.raises(TableError) as info:
        table.propose(1 + state.to_move, table.state_id, [], [1])
    assert info.value.code == "illegal_action"
