"""Monster Smash engine properties: the contract, hidden information, determinism, encodings, rendering."""

from __future__ import annotations

import copy
import json
import pickle
from collections import Counter
from typing import Any

import pytest

from monsterlair.core import BadAction, BadOptions, GameOver, IllegalAction, Rng
from monsterlair.games import get
from monsterlair.games.monster_smash import SmashAction, SmashState
from monsterlair.games.monster_smash.actions import ALL_ACTIONS
from monsterlair.games.monster_smash.spec import KIND_CODE, OPTIONS
from monsterlair.testing.conformance import assert_state_unchanged, check_game
from tests.games.monster_smash.scenario import GAME, hand, play, random_states, setup

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"attack_requires_offsuit": True},
    {"eliminate_empty_attacker": True},
    {"eliminate_empty_burner": True, "stalemate_draw": True},
    {
        "attack_requires_offsuit": True,
        "eliminate_empty_attacker": True,
        "eliminate_empty_burner": True,
        "max_turns": 30,
    },
]


def every_card(state: SmashState) -> Counter[int]:
    cards: Counter[int] = Counter(state.deck)
    cards.update(state.discard)
    cards.update(state.atk)
    for s in range(state.players):
        cards.update(state.cfg.to_global[s][k] for k in state.hands[s])
    picker = state.target if state.phase == 4 else state.seat
    cards.update(state.cfg.to_global[picker][k] for k in state.picks)
    return cards


def test_registered_under_its_id_and_aliases() -> None:
    assert get("monster-smash") is GAME and get("Smash") is GAME and get("monster_smash") is GAME
    info = GAME.info()
    assert info["min_players"] == 2 and info["max_players"] == 5
    assert set(info["options"]) == {
        "attack_requires_offsuit",
        "eliminate_empty_attacker",
        "eliminate_empty_burner",
        "stalemate_draw",
        "max_turns",
    }
    json.dumps(info)


def test_options_are_validated() -> None:
    with pytest.raises(BadOptions, match="Did you mean 'max_turns'"):
        GAME.new(2, seed=1, options={"max_turn": 3})
    with pytest.raises(BadOptions, match="at least 0"):
        GAME.new(2, seed=1, options={"max_turns": -1})
    with pytest.raises(BadOptions):
        GAME.new(2, seed=1, options={"attack_requires_offsuit": "maybe"})
    state = GAME.new(2, seed=1, options={"attack_requires_offsuit": "yes"})
    assert state.options["attack_requires_offsuit"] is True
    assert OPTIONS.defaults() == {
        "attack_requires_offsuit": False,
        "eliminate_empty_attacker": False,
        "eliminate_empty_burner": False,
        "stalemate_draw": False,
        "max_turns": 500,
    }


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_conserve_cards_and_end(players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        states = random_states(players, seed, options, limit=20000)
        total = sum(every_card(states[0]).values())
        assert total == (60 if players == 5 else 48)
        for state in states:
            assert every_card(state) == every_card(states[0])
        assert states[-1].over


def test_illegal_actions_raise_and_change_nothing() -> None:
    for state in random_states(3, seed=4)[:80]:
        legal_now = set(state.legal_actions())
        before = state.fingerprint()
        for action in ALL_ACTIONS:
            if action in legal_now:
                continue
            error = GameOver if state.over else IllegalAction
            with pytest.raises(error), assert_state_unchanged(state, str(action)):
                state.apply(action)
        for junk in ("done", None, 3):
            with pytest.raises(IllegalAction), assert_state_unchanged(state, repr(junk)):
                state.apply(junk)
        assert state.fingerprint() == before


def test_parse_action_on_a_state_separates_typos_from_illegal_moves() -> None:
    state = GAME.new(2, seed=3)
    assert state.parse_action(" KEEP ") is GAME.parse_action("keep")
    with pytest.raises(IllegalAction, match="you can.t pass now .it is your first turn: mulligan or keep"):
        state.parse_action("pass")
    with pytest.raises(IllegalAction, match="you can't attack now"):  # a first turn has no attack step
        state.parse_action("attack 1")
    with pytest.raises(BadAction):
        state.parse_action("smash everyone")


def test_game_over_refuses_actions() -> None:
    state = setup([["ember-1", "ember-1", "ember-2", "ember-3", "ember-4"], ["tide-1"]], deck=["ember-2"])
    assert state.over and state.legal_actions() == ()
    with pytest.raises(GameOver):
        state.apply(GAME.parse_action("pass"))
    with pytest.raises(GameOver):
        state.parse_action("pass")


def test_views_and_events_never_show_another_seats_hand() -> None:
    for players in (2, 4):
        state = GAME.new(players, seed=17)
        rng = Rng(1)
        while not state.over:
            actions = state.legal_actions()
            events = state.apply(actions[rng.below(len(actions))])
            for event in events:
                if event.private is not None:
                    assert event.type in ("draw", "steal") and "cards" not in event.data
                for seat in [*range(players), None]:
                    shown = event.for_seat(seat)
                    if event.type in ("draw", "steal") and seat not in event.to:
                        assert "cards" not in shown
            for seat in range(players):
                view = state.view(seat)
                assert view["hand"] == hand(state, seat)
                assert "hands" not in view and "deck" not in view
            assert state.view(None)["hand"] is None


def test_view_rejects_a_bad_seat() -> None:
    state = GAME.new(2, seed=1)
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="no seat"):
            state.view(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no seat"):
            state.determinize(bad, Rng(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("options", OPTION_SETS[:3])
def test_determinize_keeps_views_and_depends_only_on_them(options: dict[str, Any]) -> None:
    varied = 0
    for state in random_states(3, seed=2, options=options)[:120]:
        for seat in range(3):
            sample = state.determinize(seat, Rng(11))
            assert sample.view(seat) == state.view(seat) and sample.to_move == state.to_move
            assert sample.view(None) == state.view(None)
            assert bool(sample.legal_actions()) == bool(state.legal_actions())
            if sample.fingerprint() != state.fingerprint():
                varied += 1
            # Another hidden truth with the same view gives the very same sample.
            other = state.determinize(seat, Rng(99))
            assert other.determinize(seat, Rng(11)).fingerprint() == sample.fingerprint()
            # The sample's future chance is not the truth's.
            if not state.over:
                assert sample.rng.getstate() != state.rng.getstate()
    assert varied > 100


def test_same_seed_same_actions_same_game_and_replay() -> None:
    for players in (2, 5):
        first = GAME.new(players, seed=123)
        second = GAME.new(players, seed=123)
        rng = Rng(5)
        while not first.over:
            actions = first.legal_actions()
            action = actions[rng.below(len(actions))]
            assert [e.full() for e in first.apply(action)] == [e.full() for e in second.apply(action)]
        assert first.fingerprint() == second.fingerprint()
        record = json.loads(json.dumps(first.record()))
        replayed = GAME.replay(record)
        assert isinstance(replayed, SmashState)
        assert replayed.fingerprint() == first.fingerprint()
        half = GAME.replay(record, upto=len(record["actions"]) // 2)
        assert len(half.history) == len(record["actions"]) // 2


def test_seeds_give_different_games() -> None:
    prints = {GAME.new(3, seed=s).fingerprint()[5:9] for s in range(10)}
    assert len(prints) == 10


def test_clone_is_independent() -> None:
    state = GAME.new(2, seed=8)
    play(state, "keep", "pass")
    twin = state.clone()
    assert twin.fingerprint() == state.fingerprint() and copy.deepcopy(state).fingerprint() == state.fingerprint()
    play(twin, "mulligan")
    assert twin.fingerprint() != state.fingerprint()
    assert len(state.history) == 2 and len(twin.history) == 3
    play(state, "keep")
    assert hand(state, state.seat) != [] and twin.history[-1] == GAME.parse_action("mulligan")


def test_history_round_trips_through_its_setter() -> None:
    state = GAME.new(2, seed=8)
    play(state, "keep", "pass")
    actions = state.history
    state.history = actions
    assert state.history == actions and [str(a) for a in actions] == ["keep", "pass"]


def test_actions_are_interned_values() -> None:
    for action in ALL_ACTIONS:
        assert SmashAction(action.verb, action.arg) is action
        assert pickle.loads(pickle.dumps(action)) is action
        assert copy.deepcopy(action) is action
        assert eval(repr(action), {"SmashAction": SmashAction}) is action
        assert hash(action) == action.index
        with pytest.raises(AttributeError):
            action.arg = 3
    assert len({GAME.describe_action(a) for a in ALL_ACTIONS}) == len(ALL_ACTIONS)
    assert GAME.describe_action("burn 3") == "Burn the card at position 3"
    assert GAME.action_index("attack 2", 3, {}) == 34
    for bad in (True, 2.0, "2"):
        with pytest.raises(BadAction):
            SmashAction("burn", bad)  # type: ignore[arg-type]
    with pytest.raises(BadAction):
        SmashAction("pass", 1)
    with pytest.raises(BadAction):
        GAME.action_index(object(), 3, {})


@pytest.mark.parametrize("players", [2, 5])
def test_encode_view_is_fixed_length_and_in_range(players: int) -> None:
    size = GAME.observation_size(players, {})
    for state in random_states(players, seed=4)[:150]:
        for seat in [*range(players), None]:
            encoded = GAME.encode_view(state.view(seat), players, state.options)
            assert len(encoded) == size
            assert all(0.0 <= x <= 1.0 for x in encoded)
    state = GAME.new(players, seed=4)
    assert GAME.encode_view(state.view(0), players, {}) != GAME.encode_view(state.view(1), players, {})


def test_render_shows_own_hand_and_public_table() -> None:
    state = setup([["ember-1", "tide-3"], ["moss-2"]], deck=["gloom-2"], discard=["volt-4"])
    text = GAME.render(state.view(0), 0)
    assert "Sootling" in text and "Gulpwave" in text and "Shadebat" in text  # ember-1, tide-3, drawn gloom-2
    assert "Burrbeast" not in text  # seat 1's card
    assert "Your hand" in text and "1. " in text and "Thundermaw" in text  # volt-4 tops the discard
    spectator = GAME.render(state.view(None), None)
    assert "Your hand" not in spectator and "Sootling" not in spectator and "Burrbeast" not in spectator
    play(state, "pass", "attack 1", "play 1", "done")
    assert "attack on you:" in GAME.render(state.view(1), 1) and "total [bold]1[/bold]" in GAME.render(state.view(1), 1)
    play(state, "pass")
    over = GAME.render(state.view(None), None)
    assert "game over" in over and "wins" not in over  # the end screen's result below the board says who won


def test_heuristic_in_range_and_sensible() -> None:
    for state in random_states(3, seed=6):
        for seat in range(3):
            value = GAME.heuristic(state, seat)
            assert 0.0 <= value <= 1.0
            if state.over:
                assert value == state.payoff(seat)
    close = setup([["ember-1", "ember-2", "ember-3", "ember-4", "tide-1"], ["tide-1", "moss-1"]], deck=["moss-2"])
    assert GAME.heuristic(close, 0) > 0.6 > 0.4 > GAME.heuristic(close, 1)


def test_from_setup_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="Unknown monster or card"):
        setup([["ember-9"], ["tide-1"]])
    with pytest.raises(ValueError, match="own monster"):
        setup([["ember-1"], ["tide-1"]], monsters=["ember", "ember"])
    with pytest.raises(BadOptions):
        setup([["ember-1"]])


def test_kind_codes_cover_every_card() -> None:
    assert len(KIND_CODE) == 20 and len(set(KIND_CODE)) == 20


@pytest.mark.slow
def test_conformance_suite_with_options() -> None:
    report = check_game(
        GAME,
        options={"attack_requires_offsuit": True, "eliminate_empty_attacker": True, "eliminate_empty_burner": True},
    )
    assert report.determinize_varied


def test_shuffle_is_uniform_and_seeded() -> None:
    from monsterlair.games.monster_smash.deal import shuffle

    counts: Counter[tuple[int, ...]] = Counter()
    rng = Rng(2024)
    for _ in range(6000):
        seq = [0, 1, 2]
        shuffle(rng, seq)
        counts[tuple(seq)] += 1
    assert len(counts) == 6 and all(900 < n < 1100 for n in counts.values())
    first: Counter[int] = Counter()
    for seed in range(3000):
        deck = list(range(48))
        shuffle(Rng(seed), deck)
        assert sorted(deck) == list(range(48))
        first[deck[-1]] += 1
    assert len(first) == 48 and max(first.values()) < 3 * 3000 / 48
    a, b = list(range(20)), list(range(20))
    shuffle(Rng(7), a)
    shuffle(Rng(7), b)
    assert a == b


def test_shuffle_draws_the_generator_stream_two_swaps_per_output() -> None:
    """``shuffle`` writes the generator's step out: the same permutation and end state as with ``next64``."""
    from monsterlair.games.monster_smash.deal import shuffle

    for n in (0, 1, 2, 5, 47, 60):
        fast, slow = Rng(n + 3), Rng(n + 3)
        got, want = list(range(n)), list(range(n))
        shuffle(fast, got)
        i = n - 1
        while i > 0:
            r = slow.next64()
            for half in (r & 0xFFFFFFFF, r >> 32)[: min(2, i)]:
                j = (half * (i + 1)) >> 32
                want[i], want[j] = want[j], want[i]
                i -= 1
        assert got == want and fast.getstate() == slow.getstate(), n


def test_states_pickle_even_with_long_histories() -> None:
    state = setup([["ember-1", "ember-2", "tide-1"], ["tide-2", "moss-1"], ["moss-2", "gloom-1"]])
    state.history = [GAME.parse_action("pass")] * 20000  # deeper than the recursion limit as a chain
    again = pickle.loads(pickle.dumps(state))
    assert again.fingerprint() == state.fingerprint()
    play(again, "pass")
    assert len(again.history) == 20001 and len(state.history) == 20000


def test_a_burns_and_a_mulligans_draw_record_what_they_are_for() -> None:
    """The draw after a burn (rule MS-3.3) or a mulligan (rule MS-4.2) records its reason last, after the
    count and the deck's size; a turn's own draw records none (pins the stored events, fields in order)."""
    five = ["ember-1", "ember-2", "tide-1", "tide-2", "moss-1"]
    tide4 = ["tide-1", "tide-2", "tide-3", "tide-4"]
    deck = ["gloom-1", "gloom-2", "gloom-3", "gloom-4", "volt-1"]

    def draws(state: SmashState, *texts: str) -> list[list[tuple[str, Any]]]:
        return [list(e.full().items()) for e in play(state, *texts) if e.type == "draw"]

    head = [("type", "draw"), ("seat", 0)]
    one = draws(setup([five, tide4], deck=deck), "burn 1", "burn 1", "done")  # one card: the short path
    assert one == [[*head, ("count", 1), ("deck_size", 3), ("reason", "burn"), ("cards", ["gloom-2"])]]
    two = draws(setup([five, tide4], deck=deck), "burn 1", "burn 1", "burn 1", "burn 1", "done")
    assert two == [[*head, ("count", 2), ("deck_size", 2), ("reason", "burn"), ("cards", ["gloom-2", "gloom-3"])]]
    reshuffled = draws(setup([five, tide4], deck=["gloom-1"]), "burn 1", "burn 1", "burn 1", "burn 1", "done")
    assert reshuffled == [[*head, ("count", 2), ("deck_size", 2), ("reason", "burn"), ("cards", ["ember-2", "tide-1"])]]
    old = ["ember-1", "tide-2", "moss-3", "gloom-4", "volt-1", "volt-2"]
    fresh = ["ember-2", "ember-3", "tide-1", "tide-3", "moss-1", "moss-2"]
    mulligan = draws(setup([old, tide4], deck=[*fresh, "gloom-1"], first_turn_done=False), "mulligan")
    assert mulligan == [[*head, ("count", 6), ("deck_size", 1), ("reason", "mulligan"), ("cards", fresh)]]
    turn = draws(setup([five, tide4], deck=["gloom-1", "gloom-2", "gloom-3"]), "pass", "pass")  # seat 1's draw
    assert turn == [[("type", "draw"), ("seat", 1), ("count", 1), ("deck_size", 1), ("cards", ["gloom-2"])]]
