"""One test (at least) per numbered rule of docs/rules/monster-smash.md, named after the rule."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from monsterlair.core import BadAction, BadOptions, Rng
from monsterlair.games.monster_smash import SmashState
from monsterlair.games.monster_smash.spec import KIND_CODE, KIND_VALUE, SUIT_CARDS, SUIT_IDS
from tests.games.monster_smash.scenario import GAME, hand, legal, of_type, play, random_states, setup

OWN5 = ["ember-1", "ember-1", "ember-2", "ember-3", "ember-4"]
TIDE4 = ["tide-1", "tide-2", "tide-3", "tide-4"]


def all_cards(state: SmashState) -> Counter[str]:
    """Every card in play: hands, deck, discard, cards being picked and the committed attack."""
    cards: Counter[str] = Counter()
    for s in range(state.players):
        cards.update(hand(state, s))
    cards.update(KIND_CODE[k] for k in state.deck)
    cards.update(KIND_CODE[k] for k in state.discard)
    cards.update(KIND_CODE[k] for k in state.atk)
    picker = state.target if state.phase == 4 else state.seat
    cards.update(KIND_CODE[state.cfg.to_global[picker][k]] for k in state.picks)
    return cards


# --- MS-1 components ----------------------------------------------------------------------------------


def test_MS_1_1_deck_is_five_suits_of_twelve_cards_valued_one_to_four() -> None:
    assert len(SUIT_IDS) == 5
    for suit_cards in SUIT_CARDS:
        assert sorted(KIND_VALUE[k] for k in suit_cards) == [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4]
    state = GAME.new(5, seed=1)
    cards = all_cards(state)
    assert sum(cards.values()) == 60
    for sid in SUIT_IDS:
        assert sum(n for code, n in cards.items() if code.startswith(sid + "-")) == 12
    data = Path(__file__).resolve().parents[3] / "src/monsterlair/games/monster_smash/data/deck.toml"
    assert "designed for this project, not the publisher's data" in data.read_text().lower()


def test_MS_1_2_squad_leader_is_not_a_card_and_does_not_count() -> None:
    state = GAME.new(2, seed=4)
    assert sum(all_cards(state).values()) == 48  # four suits of 12: no identity cards in play
    view = state.view(0)
    own = view["monsters"][0]
    assert view["own_suit_count"] == sum(1 for c in view["hand"] if c.startswith(own + "-"))
    # Five own-suit cards plus a drawn off-suit card: the leader would make six, but it does not count.
    state = setup([OWN5, TIDE4], deck=["moss-1"])
    assert len(hand(state, 0)) == 6 and not state.over


def test_MS_1_3_two_to_five_players() -> None:
    for n in (2, 3, 4, 5):
        assert GAME.new(n, seed=0).players == n
    for bad in (1, 6):
        with pytest.raises(BadOptions, match="2 to 5 players"):
            GAME.new(bad, seed=0)


# --- MS-2 set-up --------------------------------------------------------------------------------------


def test_MS_2_1_monsters_distinct_and_assigned_from_the_seed() -> None:
    seen = set()
    for seed in range(30):
        view = GAME.new(4, seed=seed).view(None)
        assert len(set(view["monsters"])) == 4
        assert GAME.new(4, seed=seed).view(None)["monsters"] == view["monsters"]
        seen.add(tuple(view["monsters"]))
    assert len(seen) > 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_MS_2_2_one_unowned_suit_removed_with_two_to_four_players(players: int) -> None:
    removed_seen = set()
    for seed in range(25):
        state = GAME.new(players, seed=seed)
        view = state.view(None)
        removed = view["removed_suit"]
        assert removed is not None and removed not in view["monsters"]
        cards = all_cards(state)
        assert sum(cards.values()) == 48
        assert not any(code.startswith(removed + "-") for code in cards)
        removed_seen.add(removed)
    assert len(removed_seen) > 1


def test_MS_2_2_all_suits_used_with_five_players() -> None:
    state = GAME.new(5, seed=3)
    assert state.view(None)["removed_suit"] is None
    assert sum(all_cards(state).values()) == 60


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_MS_2_3_six_cards_dealt_to_each(players: int) -> None:
    state = GAME.new(players, seed=11)
    view = state.view(None)
    assert view["hand_sizes"] == [6] * players
    assert view["deck_size"] == sum(all_cards(state).values()) - 6 * players
    assert view["discard"] == []


def test_MS_2_4_starting_player_drawn_from_the_seed() -> None:
    starts = set()
    for seed in range(30):
        state = GAME.new(3, seed=seed)
        assert state.to_move == state.view(None)["turn_seat"]
        assert state.to_move == GAME.new(3, seed=seed).to_move
        starts.add(state.to_move)
    assert starts == {0, 1, 2}


def test_MS_2_5_a_dealt_winning_hand_wins_at_the_deal() -> None:
    state = GAME.new(2, seed=2785)  # seat 0 (volt) is dealt six volt cards
    assert state.hand_codes(0) == ["volt-1", "volt-1", "volt-1", "volt-1", "volt-2", "volt-2"]
    assert state.over and state.result is not None and legal(state) == []
    assert state.result.winners == (0,) and state.result.termination == "six_of_suit"
    assert state.result.detail["turns"] == 0


def test_MS_2_5_other_deals_start_the_first_turn() -> None:
    for seed in range(40):
        state = GAME.new(2, seed=seed)
        assert not state.over and legal(state) == ["mulligan", "keep"]


# --- MS-3 the turn ----------------------------------------------------------------------------------


def test_MS_3_1_draw_burn_attack_each_once_in_order() -> None:
    state = setup([["ember-1", "ember-2", "tide-1"], TIDE4], deck=["moss-1", "moss-2", "moss-3"])
    assert state.view(None)["phase"] == "burn" and len(hand(state, 0)) == 4  # the draw came first
    play(state, "burn 4", "done")  # burns moss-1, draws nothing
    assert state.view(None)["phase"] == "attack"
    assert not any(t.startswith("burn") for t in legal(state))  # no second burn
    play(state, "attack 1", "play 1", "done", "pass")
    assert state.to_move == 1 and state.view(None)["turn_seat"] == 1  # the attack ended the turn


def test_MS_3_2_draw_one_with_three_or_more_cards() -> None:
    state = setup([["ember-1", "ember-2", "tide-1"], TIDE4], deck=["moss-1", "moss-2", "moss-3"])
    assert len(hand(state, 0)) == 4 and state.view(None)["deck_size"] == 2


@pytest.mark.parametrize("size", [0, 1, 2])
def test_MS_3_2_draw_three_with_two_or_fewer_cards(size: int) -> None:
    start = ["ember-1", "ember-2"][:size]
    state = setup([start, TIDE4], deck=["moss-1", "moss-2", "moss-3", "moss-4"])
    assert len(hand(state, 0)) == size + 3 and state.view(None)["deck_size"] == 1
    assert not any(t in ("mulligan", "keep") for t in legal(state))  # no decision: the draw was automatic


def test_MS_3_3_burn_discards_and_draws_half_rounded_down() -> None:
    six = ["ember-1", "ember-2", "tide-1", "tide-2", "moss-1", "moss-2"]
    deck = ["gloom-1", "gloom-2", "gloom-3", "gloom-4", "volt-1"]
    state = setup([six[:5], TIDE4], deck=deck)  # draws gloom-1: six cards
    play(state, *["burn 1"] * 6, "done")  # burn 6, draw 3 (the source's example)
    assert len(hand(state, 0)) == 3
    assert sorted(state.view(None)["discard"]) == sorted(six[:5] + ["gloom-1"])
    state = setup([six[:5], TIDE4], deck=deck)
    play(state, "burn 1", "burn 1", "burn 1", "done")  # burn 3, draw 1
    assert len(hand(state, 0)) == 4
    state = setup([six[:5], TIDE4], deck=deck)
    play(state, "burn 6", "done")  # burn 1, draw 0
    assert len(hand(state, 0)) == 5 and state.view(None)["deck_size"] == 4


def test_MS_3_3_pass_burns_nothing() -> None:
    state = setup([["ember-1", "ember-2", "tide-1"], TIDE4], deck=["moss-1"])
    before = hand(state, 0)
    events = play(state, "pass")
    assert hand(state, 0) == before and state.view(None)["discard"] == []
    assert of_type(events, "burn")[0].data["count"] == 0


def test_MS_3_4_attack_is_optional() -> None:
    state = setup([["ember-1", "ember-2", "tide-1"], TIDE4], deck=["moss-1", "moss-2"])
    play(state, "pass")
    assert legal(state) == ["pass", "attack 1"]
    events = play(state, "pass")
    assert of_type(events, "no_attack") and state.to_move == 1


def test_MS_3_5_turns_go_clockwise_skipping_the_eliminated() -> None:
    state = setup(
        [["ember-1", "ember-2", "ember-3"], [], ["moss-1", "moss-2", "moss-3"]], eliminated=[1], deck=["volt-1"] * 3
    )
    play(state, "pass", "pass")
    assert state.to_move == 2
    play(state, "pass", "pass")
    assert state.to_move == 0


# --- MS-4 the first turn ------------------------------------------------------------------------------


def test_MS_4_1_every_players_first_turn_offers_mulligan_or_keep_before_drawing() -> None:
    state = GAME.new(3, seed=5)
    start = state.to_move
    assert start is not None
    assert legal(state) == ["mulligan", "keep"] and state.view(None)["hand_sizes"] == [6, 6, 6]
    play(state, "keep", "pass")
    assert state.to_move == (start + 1) % 3
    assert legal(state) == ["mulligan", "keep"]  # the next player's own first turn
    assert state.view(None)["first_turn"] is True


def test_MS_4_2_mulligan_discards_hand_draws_six_and_ends_turn() -> None:
    old = ["ember-1", "tide-2", "moss-3", "gloom-4", "volt-1", "volt-2"]
    fresh = ["ember-2", "ember-3", "tide-1", "tide-3", "moss-1", "moss-2"]
    state = setup([old, TIDE4], deck=fresh + ["gloom-1"], first_turn_done=False)
    events = play(state, "mulligan")
    assert sorted(hand(state, 0)) == sorted(fresh)
    assert state.view(None)["discard"] == sorted(old, key=lambda c: hand_order_key(c, "ember"))
    assert of_type(events, "mulligan")[0].data["discarded"] == state.view(None)["discard"]
    assert state.to_move == 1  # no burn, no attack: the turn is over


def hand_order_key(code: str, own: str) -> tuple[int, int, int]:
    suit, value = code.split("-")
    return (0 if suit == own else 1, SUIT_IDS.index(suit), int(value))


def test_MS_4_3_keep_draws_normally_burn_allowed_no_attack() -> None:
    six = ["ember-1", "ember-2", "ember-3", "tide-1", "moss-1", "moss-2"]
    state = setup([six, TIDE4], deck=["gloom-1", "gloom-2"], first_turn_done=False)
    play(state, "keep")
    assert len(hand(state, 0)) == 7 and state.view(None)["phase"] == "burn"
    play(state, "burn 7", "done")
    assert state.to_move == 1  # the turn ends after the burn step: no attack on a first turn
    state = setup([six, TIDE4], deck=["gloom-1"], first_turn_done=False)
    play(state, "keep", "pass")
    assert state.to_move == 1 and state.view(None)["turn_seat"] == 1


# --- MS-5 attacking -----------------------------------------------------------------------------------


def test_MS_5_1_any_living_opponent_can_be_attacked_even_with_no_cards() -> None:
    state = setup([["ember-1", "ember-2", "ember-3"], [], ["moss-1"], ["gloom-1"]], eliminated=[3], deck=["volt-1"])
    play(state, "pass")
    assert legal(state) == ["pass", "attack 1", "attack 2"]  # seat 1 holds nothing; seat 3 is out


def test_MS_5_2_own_suit_cards_then_at_most_one_offsuit_by_default() -> None:
    state = setup([["ember-2", "ember-3", "tide-1", "moss-4"], TIDE4], deck=["volt-1"])
    play(state, "pass", "attack 1")
    assert legal(state) == ["play 1", "play 2"]  # own suit first: no off-suit card may open an attack
    play(state, "play 1")
    assert legal(state) == ["done", "play 1", "play 2", "play 3", "play 4"]  # ember-3, tide-1, moss-4, volt-1
    play(state, "play 3")  # moss-4, the off-suit card
    assert legal(state) == ["done"]
    play(state, "done")
    assert state.view(None)["attack"]["cards"] == ["ember-2", "moss-4"]


def test_MS_5_2_the_offsuit_limit_is_the_deck_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """``attack_offsuit_max`` in ``data/deck.toml`` sets how many off-suit cards an attack may hold."""
    from monsterlair.games.monster_smash import state as state_module

    monkeypatch.setattr(state_module, "ATTACK_OFFSUIT_MAX", 2)
    state = setup([["ember-2", "ember-3", "tide-1", "moss-4"], TIDE4], deck=["volt-1"])
    play(state, "pass", "attack 1", "play 1", "play 2")  # ember-2, then tide-1 (off-suit)
    assert legal(state) == ["done", "play 2", "play 3"]  # a second off-suit card: moss-4 or volt-1
    play(state, "play 2")
    assert legal(state) == ["done"]
    play(state, "done")
    assert state.view(None)["attack"]["cards"] == ["ember-2", "tide-1", "moss-4"]


def test_MS_5_2_own_suit_only_attack_is_fine_by_default() -> None:
    state = setup([["ember-2", "ember-3", "ember-4"], TIDE4], deck=["ember-1"])
    play(state, "pass", "attack 1", "play 1")
    assert "done" in legal(state)


def test_MS_5_2_no_attack_without_an_own_suit_card() -> None:
    for flag in (False, True):
        state = setup([["tide-2", "moss-3", "gloom-4"], TIDE4], deck=["volt-1"], attack_requires_offsuit=flag)
        play(state, "pass")
        assert legal(state) == ["pass"]


def test_MS_5_2_option_attack_requires_offsuit() -> None:
    state = setup([["ember-2", "ember-3", "ember-4"], TIDE4], deck=["ember-1"], attack_requires_offsuit=True)
    play(state, "pass")
    assert legal(state) == ["pass"]  # no off-suit card: no attack
    state = setup([["ember-2", "ember-3", "tide-1"], TIDE4], deck=["moss-4"], attack_requires_offsuit=True)
    play(state, "pass", "attack 1", "play 1")
    assert "done" not in legal(state)  # the off-suit card is missing
    play(state, "play 1")  # ember-3
    assert "done" not in legal(state)
    play(state, "play 1")  # tide-1, off-suit
    assert legal(state) == ["done"]
    play(state, "done")
    assert state.view(None)["attack"]["total"] == 6


def test_MS_5_3_attacker_commits_first_and_everyone_sees_the_total() -> None:
    state = setup([["ember-2", "ember-3", "tide-1"], TIDE4, ["moss-1"]], deck=["volt-1"])
    play(state, "pass", "attack 1", "play 1", "play 1")
    assert state.to_move == 0  # still the attacker's decision
    play(state, "done")
    assert state.to_move == 1
    for seat in (0, 1, 2, None):
        attack = state.view(seat)["attack"]
        assert attack == {"attacker": 0, "defender": 1, "cards": ["ember-2", "ember-3"], "total": 5, "committed": True}


# --- MS-6 defending -----------------------------------------------------------------------------------


def test_MS_6_1_defence_is_zero_to_two_cards_with_an_own_suit_card_first() -> None:
    defender = ["tide-1", "tide-3", "ember-4", "moss-2"]
    state = setup([["ember-2", "ember-3", "ember-4"], defender], deck=["volt-1"])
    play(state, "pass", "attack 1", "play 3", "done")
    assert state.to_move == 1
    assert legal(state) == ["pass", "play 1", "play 2"]  # only own-suit cards can open a defence
    play(state, "play 1")  # tide-1; hand is now tide-3, ember-4, moss-2
    assert legal(state) == ["done", "play 1", "play 2", "play 3"]
    play(state, "play 2")  # ember-4
    assert legal(state) == ["done"]  # at most two cards


def test_MS_6_1_defender_without_own_suit_cards_can_only_pass() -> None:
    state = setup([["ember-2", "ember-3", "ember-4"], ["ember-1", "moss-4"]], deck=["volt-1"])
    play(state, "pass", "attack 1", "play 1", "done")
    assert legal(state) == ["pass"]


def test_MS_6_2_defence_total_is_the_sum() -> None:
    state = setup([["ember-2", "ember-3", "ember-4"], ["tide-3", "volt-4", "moss-1"]], deck=["volt-1"])
    events = play(state, "pass", "attack 1", "play 1", "done", "play 1", "play 1", "done")
    assert of_type(events, "defence")[0].data == {"defender": 1, "cards": ["tide-3", "moss-1"], "total": 4}
    events = play(setup([["ember-2"], ["tide-1"]], deck=["volt-1"] * 3), "pass", "attack 1", "play 1", "done", "pass")
    assert of_type(events, "defence")[0].data["total"] == 0


# --- MS-7 resolution ----------------------------------------------------------------------------------


def test_MS_7_1_defence_at_least_attack_fails() -> None:
    deck = ["volt-1", "volt-2", "volt-3", "volt-4"]
    state = setup([["ember-3", "ember-4", "tide-1"], ["tide-3", "tide-4", "moss-1"]], deck=deck)
    events = play(state, "pass", "attack 1", "play 1", "done")  # attack 3
    events = play(state, "play 1", "done")  # defence 3: a tie fails the attack
    assert of_type(events, "attack_failed") and not of_type(events, "steal")
    assert hand(state, 0) == ["ember-4", "tide-1", "volt-1"]
    assert hand(state, 1) == ["tide-4", "moss-1", "volt-2", "volt-3", "volt-4"]  # kept two, then drew three


def test_MS_7_2_steal_the_difference() -> None:
    # Three players: the defender (seat 2) does not play next, so its hand stays as the attack left it.
    deck = ["volt-1", "volt-2", "volt-3"]
    state = setup(
        [["ember-3", "ember-4", "tide-1"], ["tide-4"] * 3, ["moss-1", "tide-1", "tide-2", "tide-3"]], deck=deck
    )
    events = play(state, "pass", "attack 2", "play 1", "done", "play 1", "done")  # 3 against 1
    steal = of_type(events, "steal")[0]
    assert steal.data["count"] == 2 and len(hand(state, 2)) == 1 and len(hand(state, 0)) == 5


def test_MS_7_2_steal_at_most_what_the_defender_has_left() -> None:
    state = setup([["ember-3", "ember-4", "tide-1"], ["tide-1", "moss-1"], ["gloom-1"]], deck=["volt-1"])
    events = play(state, "pass", "attack 1", "play 2", "done", "play 1", "done")  # 4 against 1, 1 card left
    assert of_type(events, "steal")[0].data["count"] == 1 and hand(state, 1) == []


def test_MS_7_2_steal_at_most_four() -> None:
    big = ["ember-3", "ember-3", "ember-4", "ember-4", "tide-1"]
    victim = ["tide-1", "tide-2", "tide-3", "gloom-1", "gloom-2", "gloom-3", "volt-1", "volt-2"]
    state = setup([big, ["tide-4"] * 3, victim], deck=["volt-3", "volt-4"])
    events = play(state, "pass", "attack 2", "play 1", "play 1", "play 1", "play 1", "done", "pass")  # 14 against 0
    assert of_type(events, "steal")[0].data["count"] == 4 and len(hand(state, 2)) == 4


def test_MS_7_3_stolen_cards_are_drawn_at_random_from_the_seed() -> None:
    outcomes = set()
    for seed in range(40):
        defender = ["tide-1", "moss-1", "gloom-1", "volt-1"]
        state = setup([["ember-2", "ember-3", "ember-4"], defender], deck=["ember-1"], seed=seed)
        events = play(state, "pass", "attack 1", "play 1", "done", "pass")  # 1 against 0: one card
        steal = of_type(events, "steal")[0]
        (card,) = steal.private["cards"]  # type: ignore[index]
        assert card in defender and steal.to == (0, 1)
        again = setup([["ember-2", "ember-3", "ember-4"], defender], deck=["ember-1"], seed=seed)
        assert of_type(play(again, "pass", "attack 1", "play 1", "done", "pass"), "steal")[0] == steal
        outcomes.add(card)
    assert outcomes == {"tide-1", "moss-1", "gloom-1", "volt-1"}


def test_MS_7_4_attack_and_defence_cards_are_discarded() -> None:
    state = setup([["ember-3", "ember-4", "tide-1"], ["tide-3", "moss-1", "moss-2"]], deck=["volt-1"])
    play(state, "pass", "attack 1", "play 1", "play 1", "done", "play 1", "play 1", "done")
    assert state.view(None)["discard"] == ["ember-3", "ember-4", "tide-3", "moss-1"]


def test_MS_7_5_worked_example_attack_12_defence_3_steals_4() -> None:
    attacker = ["ember-3", "ember-4", "ember-4", "moss-1", "gloom-2"]
    defender = ["moss-3", "volt-1", "volt-2", "volt-3", "volt-4", "tide-2", "tide-3"]
    state = setup([attacker, ["tide-4"] * 3, defender], deck=["gloom-1", "gloom-3"])
    play(state, "pass", "attack 2", "play 1", "play 1", "play 1", "play 1", "done")  # 3 + 4 + 4 + moss-1 = 12
    assert state.view(None)["attack"]["total"] == 12
    events = play(state, "play 1", "done")  # moss-3: defence 3
    steal = of_type(events, "steal")[0]
    assert (steal.data["attack"], steal.data["defence"], steal.data["count"]) == (12, 3, 4)
    assert len(hand(state, 2)) == 7 - 1 - 4


# --- MS-8 elimination ---------------------------------------------------------------------------------


def test_MS_8_1_defender_emptied_by_theft_is_eliminated() -> None:
    state = setup([["ember-3", "ember-4"], ["tide-1", "moss-1"], ["moss-2"]], deck=["volt-1"])
    events = play(state, "pass", "attack 1", "play 2", "done", "pass")
    assert of_type(events, "eliminated")[0].data == {"seat": 1}
    assert state.view(None)["eliminated"] == [False, True, False] and not state.over


def test_MS_8_1_defender_emptied_by_own_defence_is_eliminated() -> None:
    state = setup([["ember-1", "ember-2"], ["tide-3", "tide-4"], ["moss-2"]], deck=["volt-1"])
    events = play(state, "pass", "attack 1", "play 1", "done", "play 1", "play 1", "done")
    assert of_type(events, "attack_failed") and of_type(events, "eliminated")[0].data == {"seat": 1}


def test_MS_8_1_defender_already_empty_is_eliminated() -> None:
    state = setup([["ember-1", "ember-2"], [], ["moss-2"]], deck=["volt-1"])
    events = play(state, "pass", "attack 1", "play 1", "done", "pass")
    assert of_type(events, "eliminated")[0].data == {"seat": 1}


def test_MS_8_2_by_default_an_empty_attacker_survives_and_draws_three() -> None:
    deck = ["volt-1"] * 3 + ["moss-1"] * 4 + ["gloom-1"] * 4
    state = setup([["ember-1"], ["tide-4", "tide-3"]], deck=deck)  # seat 0 draws three volt-1
    play(state, "burn 2", "burn 2", "burn 2", "done")  # burn the three volt-1, draw one moss-1
    assert hand(state, 0) == ["ember-1", "moss-1"]
    play(state, "attack 1", "play 1", "play 1", "done")  # attack 2 with every card
    play(state, "play 1", "done")  # tide-3 defends: the attack fails and seat 0 holds nothing
    assert hand(state, 0) == [] and state.view(None)["eliminated"] == [False, False] and not state.over
    play(state, "pass", "pass")  # seat 1's turn
    assert state.to_move == 0 and len(hand(state, 0)) == 3  # seat 0 drew three to start its turn
    assert GAME.options["eliminate_empty_attacker"].default is False


def test_MS_8_2_by_default_an_empty_burner_survives() -> None:
    state = setup([["ember-1"], ["tide-4"]], deck=[])  # nothing to draw
    play(state, "burn 1", "done")  # burn 1, draw 0
    assert hand(state, 0) == [] and state.view(None)["eliminated"] == [False, False]
    assert state.to_move == 0 and legal(state) == ["pass"]  # on to the attack step, with nothing to attack with
    assert GAME.options["eliminate_empty_burner"].default is False


def test_MS_8_3_option_eliminates_an_empty_attacker() -> None:
    state = setup([["ember-1"], ["tide-4", "tide-3"], ["moss-1"]], deck=[], eliminate_empty_attacker=True)
    events = play(state, "pass", "attack 1", "play 1", "done", "play 1", "done")
    assert [e.data["seat"] for e in of_type(events, "eliminated")] == [0]
    assert state.to_move == 1


def test_MS_8_3_the_attacker_option_spares_an_empty_burner() -> None:
    state = setup([["ember-1"], ["tide-4"], ["moss-1"]], deck=[], eliminate_empty_attacker=True)
    events = play(state, "burn 1", "done")
    assert not of_type(events, "eliminated") and hand(state, 0) == [] and state.to_move == 0


def test_MS_8_3_option_defender_checked_first_so_the_attacker_can_win() -> None:
    state = setup([["ember-1"], ["tide-4"]], deck=[], eliminate_empty_attacker=True)
    events = play(state, "pass", "attack 1", "play 1", "done", "play 1", "done")  # both hands end empty
    assert [e.data["seat"] for e in of_type(events, "eliminated")] == [1]
    assert state.result is not None and state.result.winners == (0,)
    assert state.result.termination == "last_standing"


def test_MS_8_3_option_off_keeps_empty_attacker_in() -> None:
    state = setup([["ember-1"], ["tide-4", "tide-3"], ["moss-1"]], deck=[], eliminate_empty_attacker=False)
    events = play(state, "pass", "attack 1", "play 1", "done", "play 1", "done")
    assert not of_type(events, "eliminated") and state.view(None)["eliminated"] == [False, False, False]


def test_MS_8_4_option_eliminates_an_empty_burner() -> None:
    state = setup([["ember-1"], ["tide-4"], ["moss-1"]], deck=[], eliminate_empty_burner=True)
    events = play(state, "burn 1", "done")
    assert of_type(events, "eliminated")[0].data == {"seat": 0}
    assert state.to_move == 1 and not state.over  # the eliminated player's turn ended


def test_MS_8_4_the_burner_option_spares_an_empty_attacker() -> None:
    state = setup([["ember-1"], ["tide-4", "tide-3"], ["moss-1"]], deck=[], eliminate_empty_burner=True)
    events = play(state, "pass", "attack 1", "play 1", "done", "play 1", "done")
    assert not of_type(events, "eliminated") and state.to_move == 1


def test_MS_8_5_eliminated_players_hold_nothing_play_nothing_and_cannot_be_attacked() -> None:
    seen = 0
    for seed in range(12):
        for state in random_states(4, seed=seed):
            view = state.view(None)
            for s, out in enumerate(view["eliminated"]):
                if out:
                    seen += 1
                    assert view["hand_sizes"][s] == 0 and state.to_move != s
                    assert f"attack {s}" not in legal(state)
    assert seen > 0


# --- MS-9 winning -------------------------------------------------------------------------------------


def test_MS_9_1_six_own_suit_cards_win_at_once_by_steal() -> None:
    state = setup([OWN5 + ["tide-1"], ["ember-4", "ember-3"]], deck=["volt-1"])
    play(state, "pass", "attack 1", "play 4", "done")  # ember-3 attacks; four ember cards stay in hand
    assert legal(state) == ["pass"]  # the tide defender holds no tide card
    play(state, "pass")  # 3 against 0: both defender cards are stolen, six ember cards
    assert state.over and state.result is not None
    assert state.result.winners == (0,) and state.result.termination == "six_of_suit"
    assert state.to_move is None and legal(state) == []


def test_MS_9_1_six_own_suit_cards_win_at_once_by_draw() -> None:
    state = setup([OWN5, TIDE4], deck=["ember-2"])
    assert state.over and state.result is not None and state.result.termination == "six_of_suit"


def test_MS_9_2_fifteen_cards_win() -> None:
    fourteen = ["tide-1"] * 4 + ["moss-1"] * 4 + ["gloom-1"] * 4 + ["ember-1", "ember-2"]
    state = setup([fourteen, TIDE4], deck=["volt-1"])
    assert state.result is not None and state.result.winners == (0,)
    assert state.result.termination == "fifteen_cards"


def test_MS_9_3_last_player_standing_wins() -> None:
    state = setup([["ember-3", "ember-4"], ["tide-1"]], deck=["volt-1"])
    play(state, "pass", "attack 1", "play 1", "done", "pass")
    assert state.result is not None and state.result.winners == (0,)
    assert state.result.termination == "last_standing"


def test_MS_9_4_win_checked_right_after_the_burn_draw() -> None:
    five = ["ember-1", "ember-1", "ember-2", "ember-3", "ember-4", "moss-1"]
    state = setup([five, TIDE4], deck=["volt-1", "ember-2"])
    play(state, "burn 6", "burn 6", "done")  # burn moss-1 and volt-1, draw 1: ember-2 is the sixth
    assert state.result is not None and state.result.termination == "six_of_suit"


def test_MS_9_4_win_checked_right_after_the_mulligan_draw() -> None:
    six = ["ember-1", "ember-1", "ember-2", "ember-2", "ember-3", "ember-4"]
    state = setup([TIDE4 + ["moss-1", "moss-2"], ["tide-1"]], deck=six, first_turn_done=False)
    play(state, "mulligan")
    assert state.result is not None and state.result.winners == (0,)


def test_MS_9_4_only_the_player_who_gains_is_checked_and_play_stops_mid_turn() -> None:
    six_tide = ["tide-1", "tide-1", "tide-2", "tide-2", "tide-3", "tide-4"]
    state = setup([["ember-1", "ember-2", "ember-3"], six_tide], deck=["volt-1", "volt-2"])
    assert not state.over  # seat 1's dealt six tide cards do not win on seat 0's draw
    play(state, "pass", "pass")
    assert state.result is not None and state.result.winners == (1,)  # seat 1's own draw checks it
    state = setup([OWN5, TIDE4], deck=["ember-2"])
    assert state.view(None)["phase"] == "over"  # no burn step after the winning draw


def test_MS_9_4_six_of_suit_reported_when_both_wins_hold() -> None:
    fourteen = OWN5 + ["tide-1"] * 4 + ["moss-1"] * 4 + ["gloom-1"]
    state = setup([fourteen, TIDE4], deck=["ember-3"])
    assert state.result is not None and state.result.termination == "six_of_suit"


def test_MS_9_5_ranks_winner_then_survivors_then_later_eliminated() -> None:
    fourteen = ["tide-1"] * 4 + ["moss-1"] * 4 + ["gloom-1"] * 4 + ["gloom-2"] * 2
    state = setup(
        [["ember-3", "ember-4", "tide-1"], fourteen, ["moss-2"], []],
        eliminated=[3],
        deck=["volt-1", "volt-2", "volt-3"],
    )
    play(state, "pass", "attack 2", "play 1", "done", "pass")  # seat 2 loses its only card, after seat 3
    assert state.view(None)["eliminated"] == [False, False, True, True]
    # then seat 1's turn starts: it draws its fifteenth card and wins
    result = state.result
    assert result is not None and result.winners == (1,) and result.termination == "fifteen_cards"
    assert result.ranks == (2, 1, 3, 4)
    assert result.scores == (4.0, 15.0, 0.0, 0.0)


def test_MS_9_5_survivors_with_equal_hands_share_a_rank() -> None:
    state = setup([OWN5, TIDE4, ["moss-1", "moss-2", "moss-3", "moss-4"]], deck=["ember-2"])
    assert state.result is not None and state.result.ranks == (1, 2, 2)
    capped = setup([["ember-3"], ["tide-1"], ["moss-1"]], deck=["volt-1"] * 9, max_turns=1)
    play(capped, "pass", "pass")
    assert capped.result is not None and capped.result.ranks == (1, 1, 1)


# --- MS-10 running out of cards -------------------------------------------------------------------------


def test_MS_10_1_empty_deck_reshuffles_the_discard_including_just_burned_cards() -> None:
    state = setup([["ember-1", "ember-2", "tide-1", "tide-2"], TIDE4], deck=["moss-1"])
    assert state.view(None)["deck_size"] == 0
    events = play(state, "burn 3", "burn 3", "done")  # burn tide-1, tide-2; the deck is empty
    assert of_type(events, "reshuffle")[0].data == {"deck_size": 2}
    (drawn,) = of_type(events, "draw")[0].private["cards"]  # type: ignore[index]
    assert drawn in ("tide-1", "tide-2") and drawn in hand(state, 0)
    assert state.view(None)["discard"] == [] and state.view(None)["deck_size"] == 1


def test_MS_10_1_reshuffle_order_comes_from_the_seed() -> None:
    draws = set()
    for seed in range(20):
        discard = ["moss-1", "moss-2", "moss-3", "moss-4", "gloom-1", "gloom-2"]
        state = setup([["ember-1", "ember-2", "ember-3"], TIDE4], deck=[], discard=discard, seed=seed)
        draws.add(tuple(hand(state, 0)))
        again = setup([["ember-1", "ember-2", "ember-3"], TIDE4], deck=[], discard=discard, seed=seed)
        assert hand(again, 0) == hand(state, 0)
    assert len(draws) > 1


def test_MS_10_2_both_piles_empty_draw_what_exists() -> None:
    state = setup([["ember-1", "ember-2"], TIDE4], deck=["moss-1"])
    assert len(hand(state, 0)) == 3  # wanted three, one existed
    state = setup([["ember-1", "ember-2"], TIDE4], deck=[])
    assert len(hand(state, 0)) == 2 and not state.over


# --- MS-11 information ------------------------------------------------------------------------------


def test_MS_11_1_hands_hidden_sizes_and_piles_public() -> None:
    state = setup(
        [["ember-1", "tide-2", "moss-3"], ["tide-4", "gloom-1"], ["volt-2"]], deck=["moss-1"], discard=["volt-4"]
    )
    for seat in (0, 1, 2):
        view = state.view(seat)
        assert view["hand"] == hand(state, seat)
        assert view["hand_sizes"] == [4, 2, 1] and view["discard"] == ["volt-4"] and view["deck_size"] == 0
    assert state.view(None)["hand"] is None and state.view(None)["own_suit_count"] is None
    # Changing only seat 0's cards changes no other seat's view.
    other = setup(
        [["gloom-1", "gloom-2", "gloom-3"], ["tide-4", "gloom-1"], ["volt-2"]], deck=["volt-3"], discard=["volt-4"]
    )
    for observer in (1, 2, None):
        assert other.view(observer) == state.view(observer)
    assert other.view(0) != state.view(0)


def test_MS_11_2_drawn_cards_private_to_drawer_count_public() -> None:
    state = setup([["ember-1", "ember-2", "ember-3"], TIDE4, ["moss-1"]], deck=["volt-1", "volt-2"])
    events = play(state, "pass", "pass")  # seat 1 draws at the start of its turn
    (draw,) = of_type(events, "draw")
    assert draw.for_seat(1)["cards"] == ["volt-2"] and draw.for_seat(1)["count"] == 1
    for seat in (0, 2, None):
        assert "cards" not in draw.for_seat(seat) and draw.for_seat(seat)["count"] == 1


def test_MS_11_3_stolen_cards_private_to_attacker_and_defender() -> None:
    state = setup([["ember-3", "ember-4"], ["tide-1", "moss-1", "moss-2"], ["gloom-1"]], deck=["volt-1"])
    (steal,) = of_type(play(state, "pass", "attack 1", "play 1", "done", "pass"), "steal")
    assert steal.for_seat(0)["cards"] == steal.for_seat(1)["cards"] and len(steal.for_seat(0)["cards"]) == 3
    for seat in (2, None):
        assert "cards" not in steal.for_seat(seat) and steal.for_seat(seat)["count"] == 3


def test_MS_11_4_picked_cards_are_face_up_at_once() -> None:
    state = setup([["ember-1", "ember-2", "tide-1"], TIDE4], deck=["moss-1"])
    events = play(state, "burn 3")
    assert events[0].for_seat(None) == {"type": "burn_pick", "seat": 0, "card": "tide-1"}
    assert state.view(1)["burning"] == ["tide-1"] and state.view(None)["hand_sizes"][0] == 3
    play(state, "done", "attack 1", "play 1")
    assert state.view(1)["attack"]["cards"] == ["ember-1"] and not state.view(1)["attack"]["committed"]
    play(state, "done", "play 1")
    assert state.view(0)["defence"] == {"cards": ["tide-1"], "total": 1}


def test_MS_11_5_determinize_keeps_the_view_and_depends_only_on_it() -> None:
    state = setup(
        [["ember-1", "ember-2", "tide-1"], ["tide-2", "moss-3", "gloom-4"], ["volt-1"]], deck=["moss-1", "moss-2"]
    )
    for seat in (0, 1, 2):
        sample = state.determinize(seat, Rng(5))
        assert sample.view(seat) == state.view(seat) and sample.to_move == state.to_move
    # Same knowledge for seat 0, different hidden truth: the same sample.
    twin = setup(
        [["ember-1", "ember-2", "tide-1"], ["volt-1", "moss-2", "moss-3"], ["gloom-4"]], deck=["moss-1", "tide-2"]
    )
    assert twin.view(0) == state.view(0)
    assert state.determinize(0, Rng(9)).fingerprint() == twin.determinize(0, Rng(9)).fingerprint()


def test_MS_11_5_determinize_keeps_a_declared_attack_possible() -> None:
    for flag in (False, True):
        base = setup(
            [["ember-1", "tide-1"], ["tide-2", "moss-3", "ember-4", "ember-2"]],
            deck=["moss-1", "gloom-1", "gloom-2", "volt-1", "volt-2", "volt-3", "volt-4"],
            attack_requires_offsuit=flag,
        )
        play(base, "pass", "attack 1")
        for i in range(60):
            sample = base.determinize(1, Rng(i))
            assert sample.view(1) == base.view(1)
            actions = sample.legal_actions()
            assert actions and all(str(a).startswith("play") for a in actions)
            assert sample.hand_codes(0)[0].startswith("ember-")
            if flag:
                assert not sample.hand_codes(0)[-1].startswith("ember-")


# --- MS-12 safety cap ---------------------------------------------------------------------------------


def test_MS_12_1_max_turns_ends_the_game_as_a_capped_draw() -> None:
    state = setup([["ember-1", "ember-2", "ember-3"], TIDE4, []], eliminated=[2], deck=["volt-1"] * 9, max_turns=3)
    play(state, "pass", "pass", "pass", "pass")
    assert not state.over
    events = play(state, "pass", "pass")
    result = state.result
    assert result is not None and result.capped and result.winners == () and result.termination == "turn_cap"
    assert result.ranks == (1, 1, 3) and state.payoff(0) == 0.5
    assert result.detail["turns"] == 3  # the turns played: the one the limit stopped never began
    assert of_type(events, "game_over")[0].data["capped"] is True


def test_MS_12_1_the_turn_limit_is_a_safety_limit_of_ours_on_by_default() -> None:
    option = GAME.options["max_turns"]
    assert option.default == 500 and "safety limit of ours" in option.label and "not a rule" in option.doc
    state = setup([["ember-1", "ember-2", "ember-3"], TIDE4], deck=["volt-1"] * 9)
    state.turns = 499
    play(state, "pass", "pass")
    assert state.result is not None and state.result.capped and state.result.termination == "turn_cap"


def test_MS_12_1_max_turns_zero_means_no_cap() -> None:
    state = setup([["ember-1", "ember-2", "ember-3"], TIDE4], deck=["volt-1"] * 8, max_turns=0)
    for _ in range(8):
        play(state, "pass", "pass")
    assert not state.over and state.view(None)["turns_played"] == 8


# --- MS-13 actions ----------------------------------------------------------------------------------


def test_MS_13_1_every_action_text_parses_back_forgivingly() -> None:
    from monsterlair.games.monster_smash.actions import ALL_ACTIONS

    texts = [str(a) for a in ALL_ACTIONS]
    assert len(set(texts)) == len(texts) == 37
    for a in ALL_ACTIONS:
        assert GAME.parse_action(str(a)) is a
        assert GAME.parse_action("  " + str(a).upper().replace(" ", "   ") + " ") is a
    assert {t.split()[0] for t in texts} == {"mulligan", "keep", "pass", "done", "burn", "play", "attack"}
    for bad in ("burn", "burn 0", "burn 15", "play x", "attack 5", "smash 1", "", "done 1"):
        with pytest.raises(BadAction):
            GAME.parse_action(bad)


def test_MS_13_2_hand_order_own_suit_first_then_data_order() -> None:
    state = setup(
        [["ember-1"], ["volt-2", "ember-4", "tide-3", "moss-1", "tide-1", "gloom-2"]], turn=1, deck=["ember-2"]
    )
    assert hand(state, 1) == ["tide-1", "tide-3", "ember-2", "ember-4", "moss-1", "gloom-2", "volt-2"]


def test_MS_13_3_picks_ascend_equal_cards_once_positions_renumber() -> None:
    state = setup([["ember-1", "ember-1", "ember-2", "tide-1", "tide-1"], TIDE4], deck=["moss-1", "gloom-1"])
    assert legal(state) == ["pass", "burn 1", "burn 3", "burn 4", "burn 6"]  # one ember-1, one tide-1
    play(state, "burn 3")  # ember-2 leaves; hand is ember-1, ember-1, tide-1, tide-1, moss-1
    assert legal(state) == ["done", "burn 3", "burn 5"]  # nothing before ember-2's place
    play(state, "burn 3")
    assert legal(state) == ["done", "burn 3", "burn 4"]  # the second tide-1, now at 3; moss-1
    play(state, "burn 3", "done")
    assert state.view(None)["discard"] == ["ember-2", "tide-1", "tide-1"]


def test_MS_13_4_action_index_layout() -> None:
    layout = {"mulligan": 0, "keep": 1, "pass": 2, "done": 3, "burn 1": 4, "burn 14": 17, "play 1": 18}
    layout |= {"play 14": 31, "attack 0": 32, "attack 4": 36}
    for players in (2, 5):
        assert GAME.num_actions(players, {}) == 37
        for text, index in layout.items():
            action = GAME.parse_action(text)
            assert GAME.action_index(action, players, {}) == index
            assert GAME.action_from_index(index, players, {}) is action
    for bad in (-1, 37, True):
        with pytest.raises(BadAction):
            GAME.action_from_index(bad, 2, {})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_MS_13_5_no_hand_exceeds_fourteen_at_a_decision(players: int) -> None:
    for seed in range(6):
        for state in random_states(players, seed):
            if not state.over:
                assert max(len(h) for h in state.hands) <= 14
                assert all(a.arg <= 14 for a in state.legal_actions())


@pytest.mark.parametrize("players", [2, 3, 5])
def test_MS_13_6_legal_actions_sorted_unique_empty_iff_over(players: int) -> None:
    for seed in range(4):
        for state in random_states(players, seed, {"max_turns": 40}):
            actions = state.legal_actions()
            indices = [a.index for a in actions]
            assert indices == sorted(set(indices))
            assert (len(actions) == 0) == state.over


def test_MS_13_7_decision_belongs_to_turn_player_except_in_defence() -> None:
    for state in random_states(3, seed=8):
        view = state.view(None)
        if state.over:
            assert state.to_move is None
        elif view["phase"] == "defend":
            assert state.to_move == view["attack"]["defender"] != view["turn_seat"]
        else:
            assert state.to_move == view["turn_seat"]


def test_MS_11_5_determinize_places_needed_cards_when_rejection_keeps_failing(monkeypatch: pytest.MonkeyPatch) -> None:
    from monsterlair.games.monster_smash import deal

    monkeypatch.setattr(deal, "REJECTION_TRIES", 1)
    for flag in (False, True):
        crowd = ["tide-1", "tide-2", "tide-3", "moss-1", "moss-2", "moss-3", "gloom-1", "gloom-2", "volt-1"]
        opener = ["ember-1", "moss-4"] if flag else ["ember-1"]
        base = setup([opener, crowd], attack_requires_offsuit=flag)  # nothing to draw: the hand stays as given
        play(base, "pass", "attack 1")
        truth = sorted(all_cards(base).elements())
        for i in range(40):
            sample = base.determinize(1, Rng(i))
            assert sample.view(1) == base.view(1) and sorted(all_cards(sample).elements()) == truth
            assert sample.hand_codes(0)[0] == "ember-1" and sample.legal_actions()
            if flag:
                assert not sample.hand_codes(0)[-1].startswith("ember-")
            assert base.determinize(1, Rng(i)).fingerprint() == sample.fingerprint()


@pytest.mark.parametrize("on", [False, True])
def test_MS_12_2_a_round_with_empty_piles_and_no_play_is_a_stalemate_only_with_the_option(on: bool) -> None:
    hands = [["ember-1", "ember-2", "tide-1"], ["tide-2", "moss-1"], ["moss-2", "gloom-1"], []]
    state = setup(hands, eliminated=[3], stalemate_draw=on)  # deck and discard empty: nothing can be drawn
    play(state, "pass", "pass", "pass", "pass")  # seats 0 and 1 do nothing
    assert not state.over and state.view(None)["quiet_turns"] == 2
    events = play(state, "pass", "pass")  # seat 2 does nothing: a whole round of three living players
    result = state.result
    if not on:  # the source has no such rule: the game goes on
        assert result is None and state.to_move == 0 and state.view(None)["quiet_turns"] == 3
        assert GAME.options["stalemate_draw"].default is False
        return
    assert result is not None and result.termination == "stalemate" and not result.capped
    assert result.winners == () and result.ranks == (1, 1, 1, 4)
    assert of_type(events, "game_over")


def test_MS_12_2_a_burn_or_an_attack_restarts_the_count() -> None:
    hands = [["ember-1", "ember-2", "tide-1"], ["tide-2", "tide-3", "moss-1"], ["moss-2", "gloom-1"]]
    state = setup(hands, stalemate_draw=True)
    play(state, "pass", "pass", "pass", "pass")
    assert state.view(None)["quiet_turns"] == 2
    play(state, "burn 2", "done")  # seat 2 burns a card: the discard pile is no longer empty
    assert state.view(None)["quiet_turns"] == 2  # counted at the end of the turn
    play(state, "pass")
    assert state.view(None)["quiet_turns"] == 0 and not state.over


@pytest.mark.parametrize("players", [4, 5])
def test_MS_12_2_everyone_always_passing_ends_with_the_option(players: int) -> None:
    for seed in range(10):
        state = GAME.new(players, seed=seed, options={"stalemate_draw": True})
        for _ in range(3000):
            actions = state.legal_actions()
            if not actions:
                break
            state.apply(actions[0])  # mulligan on first turns, then never burn or attack
        assert state.result is not None
        assert state.result.termination in ("stalemate", "six_of_suit", "fifteen_cards")
