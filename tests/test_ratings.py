"""Elo arithmetic (``monsterlair.ratings``) checked against numbers worked out by hand.

Expected scores used below: E(1600 vs 1400) = 1 / (1 + 10^-0.5) = 0.759747,
E(1600 vs 1500) = 1 / (1 + 10^-0.25) = 0.640065, E(1500 vs 1500) = 0.5.
"""

from __future__ import annotations

import pytest

from monsterlair.ratings import K_NEW, K_SETTLED, SETTLED_AFTER, START, Entrant, expected, k_factor, pair_score, rate

E_200 = 0.759747
E_100 = 0.640065


def deltas(*entrants: Entrant) -> list[float]:
    return [round(c.delta, 4) for c in rate(entrants)]


def test_expected_scores() -> None:
    assert expected(1500, 1500) == 0.5
    assert expected(1600, 1400) == pytest.approx(E_200, abs=1e-6)
    assert expected(1400, 1600) == pytest.approx(1 - E_200, abs=1e-6)
    assert expected(1600, 1500) == pytest.approx(E_100, abs=1e-6)
    assert pair_score(1, 2) == 1.0 and pair_score(2, 2) == 0.5 and pair_score(3, 1) == 0.0


def test_k_is_32_for_the_first_30_rated_games_then_16() -> None:
    assert (K_NEW, K_SETTLED, SETTLED_AFTER, START) == (32.0, 16.0, 30, 1500.0)
    assert k_factor(0) == 32.0 and k_factor(29) == 32.0
    assert k_factor(30) == 16.0 and k_factor(500) == 16.0


def test_a_duel_between_new_equal_players_moves_each_by_16() -> None:
    assert deltas(Entrant(1, 0, 1), Entrant(2, 1, 2)) == [16.0, -16.0]


def test_the_favourite_wins_little_and_each_player_uses_their_own_k() -> None:
    # 1600 (settled, K 16) beats 1400 (new, K 32): +16 * (1 - 0.759747), -32 * 0.240253
    changes = rate([Entrant(1, 0, 1, 1600, games=40), Entrant(2, 1, 2, 1400, games=3)])
    assert changes[0].delta == pytest.approx(3.8440, abs=1e-3)
    assert changes[1].delta == pytest.approx(-7.6881, abs=1e-3)
    assert changes[0].after == pytest.approx(1603.8440, abs=1e-3)
    assert changes[0].score == 1.0 and changes[0].expected == pytest.approx(E_200, abs=1e-6)


def test_a_draw_pulls_the_ratings_together() -> None:
    # 32 * (0.5 - 0.759747) = -8.3119
    assert deltas(Entrant(1, 0, 1, 1600), Entrant(2, 1, 1, 1400)) == pytest.approx([-8.3119, 8.3119], abs=1e-3)


def test_an_upset_moves_a_lot() -> None:
    # 1400 beats 1600: +32 * 0.759747 = 24.3119
    assert deltas(Entrant(1, 0, 2, 1600), Entrant(2, 1, 1, 1400)) == pytest.approx([-24.3119, 24.3119], abs=1e-3)


def test_three_players_are_compared_pairwise_by_rank_and_scaled_by_one_over_two() -> None:
    # first: 32/2 * ((1 + 1) - (0.5 + 0.5)) = 16; second: 16 * (1 - 1) = 0; third: 16 * (0 - 1) = -16
    assert deltas(Entrant(1, 0, 1), Entrant(2, 1, 2), Entrant(3, 2, 3)) == [16.0, 0.0, -16.0]


def test_four_players_with_a_tie_count_the_tie_as_half() -> None:
    # ranks 1, 2, 2, 4: the tied pair scores 1 + 0.5 + 0 = 1.5 against an expected 1.5 -> 0
    assert deltas(Entrant(1, 0, 1), Entrant(2, 1, 2), Entrant(3, 2, 2), Entrant(4, 3, 4)) == [16.0, 0.0, 0.0, -16.0]


def test_winning_a_four_player_game_is_worth_a_duel_win() -> None:
    four = rate([Entrant(k, k, 1 if k == 1 else 2) for k in range(1, 5)])
    duel = rate([Entrant(1, 0, 1), Entrant(2, 1, 2)])
    assert four[0].delta == duel[0].delta == 16.0
    assert sum(c.delta for c in four) == pytest.approx(0.0)


def test_partners_are_compared_only_with_the_other_team() -> None:
    # 2v2: seats 0 and 2 (1600, 1500) beat seats 1 and 3 (1500, 1400); each meets two opponents, K/2 = 16.
    # seat 0: 16 * (2 - (0.640065 + 0.759747)) = 9.6030
    # seat 2: 16 * (2 - (0.5 + 0.640065)) = 13.7590
    # seat 1: 16 * (0 - (0.359935 + 0.5)) = -13.7590
    # seat 3: 16 * (0 - (0.240253 + 0.359935)) = -9.6030
    team = [Entrant(10, 0, 1, 1600), Entrant(11, 1, 3, 1500), Entrant(12, 0, 1, 1500), Entrant(13, 1, 3, 1400)]
    assert deltas(*team) == pytest.approx([9.6030, -13.7590, 13.7590, -9.6030], abs=1e-3)


def test_a_team_draw_between_partners_of_different_ratings_moves_no_one_towards_their_partner() -> None:
    # Everyone ranked 1: seat 0 (1600) expects 0.640065 + 0.759747 against the other team and scores 1.
    team = [Entrant(1, 0, 1, 1600), Entrant(2, 1, 1, 1500), Entrant(3, 0, 1, 1500), Entrant(4, 1, 1, 1400)]
    assert deltas(*team)[0] == pytest.approx(16 * (1 - E_100 - E_200), abs=1e-3)


def test_no_opponent_or_a_player_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="two sides"):
        rate([Entrant(1, 0, 1), Entrant(2, 0, 1)])
    with pytest.raises(ValueError, match="only once"):
        rate([Entrant(1, 0, 1), Entrant(1, 1, 2)])
