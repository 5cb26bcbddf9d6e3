"""Whole-game properties of MONSTRA on random playouts, and the shipped conformance suite."""

from __future__ import annotations

import json

import pytest

from monsterlair.core import Rng
from monsterlair.games.monstra.spec import ENERGY_CAP, HAND_LIMIT, SHIELD_CAP
from monsterlair.testing.conformance import check_game
from tests.games.monstra.monstra_helpers import GAME, new, random_playout

SETUPS = [
    (1, {}),
    (2, {}),
    (2, {"mode": "mission"}),
    (2, {"mode": "mission", "guardian": "expert"}),
    (4, {}),
    (2, {"decks": "starter/blaze"}),
]


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_conformance(players: int, options: dict[str, str]) -> None:
    report = check_game(GAME, seeds=range(2), players=[players], options=options, subprocess_check=False)
    assert report.games >= 2
    # in a duel another seat's view shows cards the sampler cannot see; a mission hides only orders,
    # which no view shows, so its samples never differ in a view
    assert report.determinize_varied == (players != 1 and options.get("mode") != "mission")


def test_conformance_other_process() -> None:
    check_game(GAME, seeds=range(1), players=[1, 2, 4], subprocess_check=True)


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_random_playouts_keep_invariants(players: int, options: dict[str, str]) -> None:
    for seed in range(8):
        s = GAME.new(players, seed=seed, options=options)
        rng = Rng(seed)
        while not s.over:
            legal = s.legal_actions()
            assert legal and len({str(a) for a in legal}) == len(legal)
            assert s.to_move is not None and 0 <= s.to_move < players
            for t in range(s.nteams):
                assert 0 <= s.energy[t] <= ENERGY_CAP
                assert len(s.hand[t]) <= HAND_LIMIT or s.dteam == t or (s.dteam >= 0 and s.stage == 1)
                assert s.kos[t] < 3
                for code in (2 * t, 2 * t + 1):
                    u = s.active[code]
                    assert s.hp[u] > 0 and 0 <= s.shield[u] <= SHIELD_CAP and s.poison[u] <= 2
                    assert s.hp[u] <= s.maxhp(u)
            s.apply(legal[rng.below(len(legal))])
        assert s.result is not None and s.legal_actions() == () and s.to_move is None
        assert s.round <= s.rounds
        json.dumps(s.result.to_json())


def test_same_seed_same_game_and_replay() -> None:
    for players, options in SETUPS:
        a = random_playout(GAME.new(players, seed=5, options=options), Rng(1))
        b = random_playout(GAME.new(players, seed=5, options=options), Rng(1))
        assert a.record() == b.record() and a.view(None) == b.view(None)
        record = json.loads(json.dumps(a.record()))
        c = GAME.replay(record)
        assert c.view(None) == a.view(None) and c.result == a.result


def test_clone_is_independent() -> None:
    s = new(2, seed=3)
    rng = Rng(3)
    for _ in range(30):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    c = s.clone()
    assert c.view(0) == s.view(0) and c.record() == s.record()
    before = s.view(None)
    random_playout(c, Rng(4))
    assert s.view(None) == before


def test_heuristic_in_range_and_pure() -> None:
    for players, options in SETUPS:
        s = GAME.new(players, seed=2, options=options)
        rng = Rng(2)
        while not s.over:
            before = s.view(None)
            for seat in range(players):
                h = GAME.heuristic(s, seat)
                assert 0.0 <= h <= 1.0
            assert s.view(None) == before
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        assert GAME.heuristic(s, 0) == s.result.payoff(0)  # type: ignore[union-attr]


def test_render_and_log_lines() -> None:
    for players, options in SETUPS:
        s = GAME.new(players, seed=2, options=options)
        rng = Rng(2)
        while not s.over:
            legal = s.legal_actions()
            for e in s.apply(legal[rng.below(len(legal))]):
                line = GAME.describe_event(e.for_seat(0))
                assert line and "=" not in line.split(":")[0]
            for seat in (None, *range(players)):
                text = GAME.render(s.view(seat), seat)
                assert "round" in text
        assert "round" in GAME.render(s.view(0), 0)
    view = new(2, seed=1).view(0)
    text = GAME.render(view, 0)
    assert "Team A (you)" in text and "Order:" in text and "EN" in text and "HP" in text
    for a in GAME.new(2, seed=1).legal_actions():
        assert GAME.describe_action(a)
