"""Monster Club engine properties: actions, options, hidden information, determinization, data, text, RL."""

from __future__ import annotations

import json
import pickle
from collections import Counter
from typing import Any

import pytest

from monsterlair.core import BadAction, BadOptions, GameOver, IllegalAction, Rng
from monsterlair.games import get
from monsterlair.games.monster_club import GAME
from monsterlair.games.monster_club.actions import ACTIONS, NUM_ACTIONS, parse
from monsterlair.games.monster_club.board import CODE_LIMIT, CODE_MONSTER
from monsterlair.games.monster_club.cards import (
    CARDS,
    MONSTERS,
    POWERS,
    TYPES,
    CardDataError,
    find_card,
    parse_card,
    parse_effect,
    parse_pool,
)
from monsterlair.games.monster_club.state import ClubState
from monsterlair.games.monster_club.turns import P_ATTACK, P_REVEAL, P_TARGET
from monsterlair.testing.conformance import check_game
from tests.games.monster_club.helpers import ids, play, scenario


def random_states(seeds: range, options: dict[str, Any] | None = None, every: int = 1) -> list[ClubState]:
    """Positions along random games (every ``every``-th decision)."""
    out = []
    for seed in seeds:
        state = GAME.new(2, seed=seed, options=options)
        assert isinstance(state, ClubState)
        rng = Rng(seed + 100)
        k = 0
        while not state.over:
            if k % every == 0:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            k += 1
    return out


def snapshot(state: ClubState) -> str:
    views = [state.view(s) for s in (0, 1, None)]
    return json.dumps([views, state.record(), [str(a) for a in state.legal_actions()]], sort_keys=True)


# ------------------------------------------------------------------------------------------- registry
def test_registered_as_monster_club() -> None:
    assert get("monster-club") is GAME
    assert GAME.min_players == GAME.max_players == 2
    json.dumps(GAME.info())


def test_conformance() -> None:
    report = check_game(GAME, seeds=range(3))
    assert report.determinize_varied


@pytest.mark.slow
def test_conformance_more_seeds_and_options() -> None:
    check_game(GAME, seeds=range(12), subprocess_check=False)
    options = {
        "reveal_penalty": False,
        "stuck_redraw": True,
        "first_round_attacks": False,
        "stall_turns": 4,
        "hand_cap": 10,
    }
    check_game(GAME, seeds=range(6), options=options, subprocess_check=False)
    check_game(GAME, seeds=range(4), options={"deck0": "graveyard", "deck1": "inkwell", "max_turns": 8})


# ------------------------------------------------------------------------------------------- actions
def test_action_texts_parse_back_with_unique_stable_indices() -> None:
    assert NUM_ACTIONS == len(ACTIONS) == GAME.num_actions(2, {})
    assert len({str(a) for a in ACTIONS}) == NUM_ACTIONS
    for i, a in enumerate(ACTIONS):
        assert a.index == i == GAME.action_index(a, 2, {})
        assert GAME.action_from_index(i, 2, {}) is a
        assert GAME.parse_action(str(a)) is a
        assert pickle.loads(pickle.dumps(a)) is a
    assert [str(ACTIONS[i]) for i in (0, 1, 2, 27, 102, 177, 252, 327, 333, 336, 339, 340, 346, 358, 408)] == [
        "end",
        "spare",
        "destroy 1",
        "play 1 to 1",
        "play 1 to 1 down",
        "stack 1 on 1",
        "stack 1 on 1 down",
        "move 1 left",
        "flip 1",
        "attack 1",
        "skip",
        "target own 1",
        "target own 1 left",
        "target own grave 1",
        "target own grave 1 to 1",
    ]


def test_action_parsing_forgives_and_refuses_clearly() -> None:
    assert parse("  PLAY 2 2 ") is parse("play 2 to 2")
    assert parse("play card 2 on space 2 face up") is parse("play 2 to 2")
    assert parse("stack 1 on 3 face down") is parse("stack 1 on 3 down")
    assert parse("target their grave 4 to 1") is parse("target opp grave 4 to 1")
    assert parse("target mine 2") is parse("target own 2")
    for bad in ("", "play", "play 26 to 1", "attack 4", "dance", "target opp grave 26"):
        with pytest.raises(BadAction):
            parse(bad)
    with pytest.raises(BadAction):
        GAME.action_from_index(NUM_ACTIONS, 2, {})
    assert GAME.action_index("end", 2, {}) == 0  # an action's text has the action's index
    assert GAME.action_index("play 1 to 1", 2, {}) == parse("play 1 to 1").index
    with pytest.raises(BadAction):
        GAME.action_index("dance", 2, {})
    with pytest.raises(AttributeError):
        ACTIONS[0].kind = 3


def test_describe_action_for_every_kind() -> None:
    for text in (
        "play 1 to 2 down",
        "stack 2 on 1",
        "move 1 right",
        "flip 3",
        "attack 2",
        "end",
        "destroy 1",
        "spare",
        "skip",
        "target opp 2 left",
        "target own grave 3 to 1",
        "target opp grave 2",
    ):
        phrase = GAME.describe_action(parse(text))
        assert phrase and phrase[0].isupper()


def test_legal_actions_are_deterministic_unique_and_empty_only_when_over() -> None:
    for state in random_states(range(4)):
        legal = state.legal_actions()
        assert legal == state.clone().legal_actions()
        assert len({str(a) for a in legal}) == len(legal)
        assert bool(legal) != state.over


# ------------------------------------------------------------------------------------------- options
@pytest.mark.parametrize(
    "options",
    [
        {"deck0": "stonewall", "deck1": "graveyard"},
        {"deck0": "random", "deck1": "cutthroat"},
        {"deck0": ", ".join(c.id for c in CARDS[:12]) + ", " + ", ".join(c.id for c in POWERS[:13])},
        {"destroys_to_win": 1},
        {"destroys_to_win": 9},
        {"reveal_penalty": True},
        {"reveal_penalty": False},
        {"stuck_redraw": True},
        {"stuck_redraw": False},
        {"first_round_attacks": True},
        {"first_round_attacks": False},
        {"stall_turns": 0},
        {"stall_turns": 2},
        {"first_player": 0},
        {"first_player": 1},
        {"first_player": -1},
        {"max_turns": 0},
        {"max_turns": 4},
        {"hand_cap": 0},
        {"hand_cap": 10},
    ],
)
def test_every_option_setting_plays_a_whole_game(options: dict[str, Any]) -> None:
    for seed in range(3):
        state = GAME.new(2, seed=seed, options=options)
        rng = Rng(seed)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        result = state.result
        assert result is not None
        if options.get("max_turns") == 4:
            assert result.capped or result.detail["turns"] <= 4
        if options.get("stall_turns") == 2:
            assert result.termination in ("stalled", "destroys", "no_monster")


def test_bad_options_are_refused() -> None:
    with pytest.raises(BadOptions, match="destroys_to_win"):
        GAME.new(2, seed=1, options={"destroys_to_win": 0})
    with pytest.raises(BadOptions, match="Unknown option"):
        GAME.new(2, seed=1, options={"deck2": "random"})
    with pytest.raises(BadOptions, match="first_player"):
        GAME.new(2, seed=1, options={"first_player": 2})


# ------------------------------------------------------------------------------------------- hidden information
def test_views_hide_the_other_hand_deck_order_and_face_down_cards() -> None:
    state = scenario(
        hands=(["pebble-imp", "trim"], ["tome-titan", "snip"]),
        boards=(("~boulder-brute + ~iron-fist", "paper-wraith + ~stone-skin", None), ("~scroll-lich", None, None)),
    )

    def shown(seat: int | None) -> str:  # the view without the public deck lists (MC-1.2)
        view = state.view(seat)
        del view["deck_lists"]
        return json.dumps(view)

    view1 = state.view(1)
    assert view1["hand"] == ["tome-titan", "snip"] and view1["hand_counts"] == [2, 2]
    assert view1["boards"][0][0] == {
        "monster": {"id": None, "up": False},
        "powers": [{"id": None, "up": False}],
        "moved": False,
        "attacked": False,
        "score": None,
        "attack_block": None,
        "clash": [],
    }
    assert view1["boards"][0][1]["powers"] == [{"id": None, "up": False}]
    assert '"scroll-lich"' not in shown(0) and '"tome-titan"' not in shown(0)
    assert '"boulder-brute"' not in shown(1) and '"iron-fist"' not in shown(1) and '"stone-skin"' not in shown(1)
    spectator = shown(None)
    for hidden in ("boulder-brute", "iron-fist", "stone-skin", "scroll-lich", "tome-titan", "pebble-imp"):
        assert f'"{hidden}"' not in spectator
    assert state.view(None)["hand"] is None
    assert "deck_counts" in view1 and all(k not in view1 for k in ("deck", "decks"))  # counts, never the order


def test_events_carry_hidden_cards_only_to_their_player() -> None:
    state = scenario(hands=(["pebble-imp", "stone-skin"], []), decks=(["snip", "trim"], ["tremor"]))
    events = play(state, "play 1 to 1 down", "stack 1 on 1 down", "end")
    for e in events:
        public = e.for_seat(1)
        assert "pebble-imp" not in json.dumps(public) and "stone-skin" not in json.dumps(public)
    assert events[0].for_seat(0)["card"] == "pebble-imp"
    draw = next(e for e in events if e.type == "draw")
    assert draw.for_seat(1)["cards"] == ["tremor"] and "cards" not in draw.for_seat(0)
    assert draw.for_seat(0)["count"] == 1


def test_determinize_keeps_the_view_and_resamples_only_hidden_cards() -> None:
    varied = 0
    for state in random_states(range(6), every=3):
        seat = state.to_move
        if seat is None:
            continue
        for k in range(2):
            sample = state.determinize(seat, Rng(k))
            assert sample.view(seat) == state.view(seat)
            assert sample.view(None) == state.view(None)
            assert sample.legal_actions() == state.legal_actions()
            opp = 1 - seat
            assert Counter(sample.hands[opp] + sample.decks[opp]) + Counter(
                c for st in sample.board[opp] if st for c in st.cards()
            ) == Counter(state.hands[opp] + state.decks[opp]) + Counter(
                c for st in state.board[opp] if st for c in st.cards()
            )
            for st in sample.board[opp]:
                if st is not None:
                    assert CODE_MONSTER[st.m] and CODE_LIMIT[st.m] >= len(st.p)
                    assert not any(CODE_MONSTER[c] for c in st.p)
            varied += sample.hands[opp] != state.hands[opp] or sample.decks[opp] != state.decks[opp]
    assert varied


def test_determinize_depends_only_on_what_the_seat_knows() -> None:
    base = scenario(
        hands=(["pebble-imp"], ["tome-titan", "snip"]),
        boards=(("boulder-brute", None, None), ("~scroll-lich + ~trim", None, None)),
        decks=(["trim", "stone-skin"], ["paper-armor", "sharp-edge", "crag-troll"]),
    )
    other = base.clone()  # the same public picture, hidden cards swapped around
    other.hands[1] = sorted([base.board[1][0].m, base.decks[1][0]])  # type: ignore[union-attr]
    other.board[1][0].m = base.hands[1][0]  # type: ignore[union-attr]
    other.decks[1] = [base.hands[1][1], base.decks[1][1], base.decks[1][2]]
    assert other.view(0) == base.view(0)
    a, b = base.determinize(0, Rng(5)), other.determinize(0, Rng(5))
    assert (a.hands, a.decks, [st.cards() if st else None for st in a.board[1]]) == (
        b.hands,
        b.decks,
        [st.cards() if st else None for st in b.board[1]],
    )
    assert a.rng.getstate() == b.rng.getstate() != base.rng.getstate()


def test_determinize_keeps_a_shown_hand() -> None:
    state = scenario(hands=(["stone-skin", "trim"], []), decks=(["pebble-imp", "snip"], []), check=True)
    assert state.phase == P_REVEAL
    sample = state.determinize(1, Rng(3))
    assert sample.hands[0] == state.hands[0]


# ------------------------------------------------------------------------------------------- illegal actions
def test_illegal_actions_leave_the_state_unchanged_in_every_phase() -> None:
    play_phase = scenario(
        hands=(["pebble-imp"], []), boards=(("boulder-brute", None, None), ("pebble-imp", None, None))
    )
    attack_phase = scenario(boards=(("boulder-brute", "boulder-brute", None), ("pebble-imp", "pebble-imp", None)))
    play(attack_phase, "attack 1")
    assert attack_phase.phase == P_ATTACK
    reveal = scenario(hands=(["trim"], []), decks=(["pebble-imp"], []), check=True)
    assert reveal.phase == P_REVEAL
    target = scenario(hands=(["letter-of-exile"], []), boards=(("pebble-imp + trim", None, None), ((None,) * 3)))
    play(target, "stack 1 on 1")
    assert target.phase == P_TARGET
    for state in (play_phase, attack_phase, reveal, target):
        before = snapshot(state)
        for text in ("play 1 to 1", "play 4 to 2", "attack 3", "move 1 left", "destroy 2", "target opp 1", "spare"):
            action = parse(text)
            if action in state.legal_actions():
                continue
            with pytest.raises(IllegalAction):
                state.apply(action)
            with pytest.raises(IllegalAction):
                state.parse_action(text)
            assert snapshot(state) == before
        with pytest.raises(BadAction):
            state.parse_action("fly away")
        assert snapshot(state) == before
    over = scenario(hands=(["trim"], []), decks=([], []), check=True)
    assert over.over
    with pytest.raises(GameOver):
        over.apply(parse("end"))


def test_clone_is_independent() -> None:
    state = scenario(
        hands=(["pebble-imp", "trim"], []), boards=(("boulder-brute", None, None), ("pebble-imp", None, None))
    )
    twin = state.clone()
    play(twin, "play 1 to 2", "attack 1")
    assert state.board[0][1] is None and state.board[1][0] is not None and ids(state.hands[0]) == ["pebble-imp", "trim"]


def test_record_and_replay() -> None:
    for state in random_states(range(2), every=1000):
        rng = Rng(1)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        record = json.loads(json.dumps(state.record()))
        again = GAME.replay(record)
        assert again.view(None) == state.view(None) and again.result == state.result


# ------------------------------------------------------------------------------------------- data
def test_pool_size_and_spread() -> None:
    assert len(MONSTERS) >= 36 and len(POWERS) >= 36
    for t in range(3):
        assert sum(c.type == t for c in MONSTERS) >= 12, TYPES[t]
        assert sum(c.type == t for c in POWERS) >= 12, TYPES[t]
    ops = {e.op for c in CARDS for e in c.effects()}
    assert ops == {"score", "destroy", "return", "move", "flip", "draw", "discard"}
    scopes = {(e.op, e.board) for c in CARDS for e in c.effects() if e.op in ("destroy", "move", "flip")}
    assert {b for _, b in scopes} == {0, 1, 2}
    assert {e.grave for c in CARDS for e in c.effects() if e.op == "return"} == {0, 1}
    for c in CARDS:
        if c.effects() or c.keywords:
            assert c.text()
        assert c.summary().startswith(c.name)
        json.dumps(c.to_json())
        # Review item 2: a card's text in play holds no deck-building note (the deck picker shows copies)
        assert "deck" not in c.text().lower(), c.id
    assert find_card("papier-mache-mummy").text() == "" and find_card("trim").text() == ""
    assert find_card("trim").to_json()["copies"] == 3
    assert find_card("Pebble Imp") is find_card("pebble-imp")
    with pytest.raises(KeyError, match="Did you mean"):
        find_card("pebble-ipm")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"when": "soon", "op": "draw", "n": 1}, "'when' must be one of"),
        ({"when": "play", "op": "explode"}, "'op' must be one of"),
        ({"when": "play", "op": "draw"}, "needs 'n'"),
        ({"when": "play", "op": "draw", "n": 9}, "n from 1 to 3"),
        ({"when": "play", "op": "draw", "n": 1, "board": "your"}, "does not take board"),
        ({"when": "play", "op": "score", "amount": 1}, 'when = "conflict"'),
        ({"when": "play", "op": "destroy", "what": "monster", "board": "mine"}, "'board' must be one of"),
        ({"when": "play", "op": "return", "what": "monster", "grave": "any", "to": "hand"}, "owner's hand"),
        ({"when": "play", "op": "return", "what": "power", "grave": "your", "to": "board"}, "never stand alone"),
        ("draw", "must be a table"),
    ],
)
def test_bad_effect_data_is_refused_with_the_field(raw: Any, message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        parse_effect(raw, "monster 'x'")


def test_bad_card_data_is_refused_with_the_field() -> None:
    good: dict[str, Any] = {"id": "x-y", "name": "X Y", "type": "rock", "score": 3, "limit": 1}
    parse_card(good, 0, True)
    changes: list[tuple[dict[str, Any], str]] = [
        ({"type": "lava"}, "'type' must be"),
        ({"limit": 5}, "'limit' must be a whole number from 0 to 3"),
        ({"id": "X Y"}, "slug"),
        ({"name": "a, b"}, "without commas"),
        ({"colour": "red"}, "unknown field"),
        ({"keywords": ["trap"]}, "'keywords' must be"),
        ({"score": None}, "'score' is required"),
    ]
    for change, message in changes:
        raw = {**good, **change}
        raw = {k: v for k, v in raw.items() if v is not None}
        with pytest.raises(CardDataError, match=message):
            parse_card(raw, 0, True)
    with pytest.raises(CardDataError, match="used twice"):
        parse_pool([good, good], [])


# ------------------------------------------------------------------------------------------- bots, text, RL
def test_heuristic_is_in_range_and_changes_nothing() -> None:
    for state in random_states(range(3), every=4):
        before = snapshot(state)
        for seat in (0, 1):
            h = GAME.heuristic(state, seat)
            assert 0.0 <= h <= 1.0
        assert snapshot(state) == before
    won = scenario(boards=(("boulder-brute", None, None), ("pebble-imp", None, None)), destroys=(4, 0))
    play(won, "attack 1")
    assert GAME.heuristic(won, 0) == 1.0 and GAME.heuristic(won, 1) == 0.0


def test_heuristic_prefers_a_winning_attack() -> None:
    state = scenario(boards=(("boulder-brute", None, None), ("pebble-imp", None, None)))
    after_attack, after_end = state.clone(), state.clone()
    play(after_attack, "attack 1")
    play(after_end, "end")
    assert GAME.heuristic(after_attack, 0) > GAME.heuristic(after_end, 0)


def test_render_shows_both_boards_graves_hand_and_counts() -> None:
    state = scenario(
        hands=(["pebble-imp", "trim"], ["tome-titan"]),
        boards=(("~boulder-brute + stone-skin", None, None), ("~scroll-lich", "crag-troll", None)),
        graves=(["snip"], ["papercut"]),
        destroys=(1, 2),
    )
    text = GAME.render(state.view(0), 0)
    for part in ("Boulder Brute", "(down)", "face-down monster", "Crag Troll", "Snip", "Papercut", "Pebble Imp"):
        assert part in text
    assert "Scroll Lich" not in text and "Tome Titan" not in text
    assert "destroys 1–2" in text and "hand 1" in text
    spectator = GAME.render(state.view(None), None)
    assert "Boulder Brute" not in spectator and "Player 1" in spectator and "Seat 0" not in spectator
    reveal = scenario(hands=(["trim"], []), decks=(["pebble-imp"], []), check=True)
    assert "shows a hand" in GAME.render(reveal.view(1), 1)
    pending = scenario(hands=(["letter-of-exile"], []), boards=(("pebble-imp + trim", None, None), ((None,) * 3)))
    play(pending, "stack 1 on 1")
    assert "You choose a target" in GAME.render(pending.view(0), 0)
    assert "Ann chooses a target" in GAME.render(pending.view(1), 1, ["Ann", "Bob"])


def test_the_opponents_moved_and_attacked_tags_clear_when_the_turn_passes() -> None:
    """Issue 13, item 15: a stack's (moved)/(attacked) tags belong to the turn being played."""
    state = GAME.new(2, seed=1, options={"first_player": 0})
    for text in ("play 1 to 1", "move 1 right"):
        state.apply(state.parse_action(text))
    assert "(moved)" in GAME.render(state.view(0), 0) and "(moved)" in GAME.render(state.view(1), 1)
    state.apply(state.parse_action("end"))
    while state.to_move == 0:  # an end-of-turn choice
        state.apply(state.legal_actions()[-1])
    assert state.to_move == 1
    assert "(moved)" not in GAME.render(state.view(1), 1) and "(moved)" not in GAME.render(state.view(0), 0)


def test_encode_view_has_the_fixed_size_and_reads_only_the_view() -> None:
    size = GAME.observation_size(2, {})
    for state in random_states(range(2), every=5):
        for seat in (0, 1):
            vec = GAME.encode_view(state.view(seat), 2, state.options)
            assert len(vec) == size and all(isinstance(x, float) for x in vec)
            sample = state.determinize(seat, Rng(1))
            assert GAME.encode_view(sample.view(seat), 2, state.options) == vec
