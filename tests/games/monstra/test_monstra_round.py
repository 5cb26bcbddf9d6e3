"""MO-4: the round — energy, draws, discards, the Guardian's reveal, the SPD order and its ties."""

from __future__ import annotations

from monsterlair.games.monstra.effects import BOSS
from monsterlair.games.monstra.spec import TACTIC_INDEX
from tests.games.monstra.monstra_helpers import acting, arrange, new, play, reorder, texts, uid


def _finish_round(s, action: str = "guard") -> None:  # type: ignore[no-untyped-def]
    r = s.round
    while s.round == r and not s.over:
        if s.dteam >= 0 or s.stage == 2:
            s.apply(s.legal_actions()[0])
        else:
            play(s, action)


def test_MO_4_1_energy_gain_capped_and_kept() -> None:
    s = arrange(new(2, seed=1), energy={"A": 4, "B": 1})
    _finish_round(s)
    assert s.energy == [5, 3]
    _finish_round(s)
    assert s.energy == [5, 5]


def test_MO_4_2_draw_from_round_two_marker_team_first() -> None:
    s = new(2, seed=1)
    assert s.round == 1 and [len(h) for h in s.hand] == [3, 3]
    s = arrange(s, marker="B")
    ev = []
    r = s.round
    while s.round == r:
        ev = s.apply(s.parse_action("guard"))
    assert [len(h) for h in s.hand] == [4, 4]
    draws = [e for e in ev if e.type == "draw"]
    # the marker passed to A at the end of round 1, so A draws first in round 2
    assert [e.data["team"] for e in draws] == ["A", "B"]


def test_MO_4_3_discard_down_to_five_by_owning_team() -> None:
    s = arrange(new(2, seed=1), hands={"A": ["rally", "focus", "hex", "barrier", "sunder"]})
    _finish_round(s)
    assert s.dteam == 0 and len(s.hand[0]) == 6
    assert s.to_move == 0
    assert all(t.startswith("discard ") for t in texts(s))
    ev = play(s, "discard sunder")
    assert TACTIC_INDEX["sunder"] in s.tdiscard[0] and len(s.hand[0]) == 5
    assert ev[0].type == "discard" and ev[0].data["tactic"] == "sunder"  # public
    # after a draw during a turn, the acting seat discards (Quick Study draws 2)
    s = arrange(
        new(2, seed=1),
        units={"a1": "zephyrk"},
        hands={"A": ["quick-study", "rally", "focus", "hex", "barrier"]},
        marker="A",
    )
    assert acting(s) == "a1"
    play(s, "tactic quick-study")
    assert s.dteam == 0 and s.to_move == 0 and len(s.hand[0]) == 6
    play(s, "discard hex")
    assert acting(s) == "a1" and "strike b1" in texts(s)
    assert not any(t.startswith("tactic") for t in texts(s))


def test_MO_4_4_empty_tactic_deck_is_not_reshuffled() -> None:
    s = new(2, seed=1)
    s.tdeck[0] = []
    s.tdiscard[0] = [TACTIC_INDEX["sunder"]]
    _finish_round(s)
    assert len(s.hand[0]) == 3 and s.tdeck[0] == [] and s.tdiscard[0] == [TACTIC_INDEX["sunder"]]


def test_MO_4_5_behaviour_revealed_at_round_start_before_order() -> None:
    s = new(1, seed=4)
    ev = []
    r = s.round
    while s.round == r:
        ev = s.apply(s.legal_actions()[0] if s.stage == 2 else s.parse_action("guard"))
    kinds = [e.type for e in ev]
    assert kinds.index("behaviour") < kinds.index("order")
    assert s.view(0)["guardian"]["behaviour"] is not None


def test_MO_4_6_order_by_spd_with_slow() -> None:
    s = arrange(new(2, seed=1), units={"a1": "emberwing", "a2": "bouldron", "b1": "flaro", "b2": "magmaw"})
    assert [s.spd_now[u] for u in s.order] == [6, 4, 2, 1]
    assert s.order == [uid(s, "a1"), uid(s, "b1"), uid(s, "b2"), uid(s, "a2")]
    s.slow[uid(s, "a1")] = 1
    s.slow[uid(s, "a2")] = 1  # SPD 1 stays 1 (minimum)
    reorder(s)
    assert s.spd_now[uid(s, "a1")] == 5 and s.spd_now[uid(s, "a2")] == 1


def test_MO_4_7_opposing_ties_go_to_marker_holder() -> None:
    units = {"a1": "flaro", "a2": "bouldron", "b1": "tidewing", "b2": "shellguard"}  # 4,1 v 4,1
    s = arrange(new(2, seed=1), units=units, marker="B")
    assert s.order[0] == uid(s, "b1") and s.order[1] == uid(s, "a1")
    s = arrange(new(2, seed=1), units=units, marker="A")
    assert s.order[0] == uid(s, "a1") and s.order[1] == uid(s, "b1")


def test_MO_4_8_teammates_choose_their_tied_order() -> None:
    s = arrange(new(2, seed=1), units={"a1": "flaro", "a2": "tidewing", "b1": "bouldron", "b2": "magmaw"}, marker="B")
    assert s.stage == 2 and s.to_move == 0
    assert texts(s) == ["first a1", "first a2"]
    play(s, "first a2")
    assert acting(s) == "a2"
    assert s.order[:2] == [uid(s, "a2"), uid(s, "a1")]


def test_MO_4_9_players_win_ties_against_the_guardian() -> None:
    s = arrange(new(1, seed=1), units={"a1": "mossback", "a2": "bouldron"})  # SPD 2 like the Guardian
    assert s.order == [uid(s, "a1"), BOSS, uid(s, "a2")]


def test_MO_4_10_order_fixed_for_the_round() -> None:
    s = arrange(
        new(2, seed=1),
        units={"a1": "tidewing", "a2": "bouldron", "b1": "zephyrk", "b2": "magmaw"},
        hands={"A": ["frost-bind"]},
        marker="A",
    )
    # b1 Zephyrk (6) acts first, then a1 Tidewing (4) slows b2 Magmaw (2) — Magmaw still acts at 2 this round
    play(s, "guard")
    assert acting(s) == "a1"
    play(s, "tactic frost-bind b2", "guard")
    assert acting(s) == "b2" and s.slow[uid(s, "b2")] == 1
    # a creature knocked out before its turn loses it, and its replacement does not act this round
    s = arrange(
        new(2, seed=1),
        units={"a1": "zephyrk", "a2": "bouldron", "b1": "magmaw", "b2": "shellguard"},
        hp={"b1": 1},
        marker="A",
    )
    old = uid(s, "b1")
    play(s, "strike b1")
    assert s.hp[old] == 0 and uid(s, "b1") != old
    order_left = s.order[s.pos :]
    assert uid(s, "b1") not in order_left
    while s.round == 1:
        assert acting(s) != "b1"
        play(s, "guard")


def test_MO_4_11_each_creature_acts_once() -> None:
    s = new(2, seed=2)
    seen = []
    while s.round == 1:
        if s.stage == 2:
            s.apply(s.legal_actions()[0])
            continue
        seen.append(s.actor)
        play(s, "guard")
    assert sorted(seen) == sorted(s.active[:4]) and len(seen) == 4


def test_MO_4_12_round_advances_and_marker_passes() -> None:
    s = new(2, seed=2)
    m = s.marker
    s.used[0] = True
    while s.round == 1:
        s.apply(s.parse_action("guard") if s.stage != 2 else s.legal_actions()[0])
    assert s.marker == 1 - m and s.used == [False, False]
    solo = new(1, seed=2)
    while solo.round == 1:
        play(solo, "guard")
    assert solo.marker == 0
