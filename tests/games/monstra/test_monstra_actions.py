"""MO-5 (actions), MO-6 (tactics, the source's worked example) and MO-12 (texts, order, indices)."""

from __future__ import annotations

import pickle

import pytest

from monsterlair.core import BadAction, IllegalAction
from monsterlair.games.monstra import actions
from monsterlair.games.monstra.effects import BOSS
from monsterlair.games.monstra.spec import TACTIC_INDEX, TACTICS
from tests.games.monstra.monstra_helpers import GAME, acting, arrange, new, play, texts, uid

SLOW_FOES = {"b1": "bouldron", "b2": "mossback"}  # SPD 1 and 2: team A (marker) acts first


def duel(**kw):  # type: ignore[no-untyped-def]
    units = {"a1": "flaro", "a2": "magmaw", **SLOW_FOES, **kw.pop("units", {})}
    return arrange(new(2, seed=1), units=units, marker="A", **kw)


# --- the worked example ------------------------------------------------------------------------------
def test_MO_6_3_worked_example_spark_reserve_funds_flame_spiral() -> None:
    s = duel(energy={"A": 2}, hands={"A": ["spark-reserve", "rally", "hex"]})
    assert acting(s) == "a1" and s.card[s.actor] == 0  # Flaro
    assert "signature b1" in texts(s)
    play(s, "tactic spark-reserve")
    assert s.energy[0] == 3
    # the tactic did not use Flaro's action: Flaro is still to act, with its whole menu
    assert acting(s) == "a1" and "signature b1" in texts(s) and "strike b1" in texts(s)
    assert not any(t.startswith("tactic") for t in texts(s))
    b1 = uid(s, "b1")
    hp = s.hp[b1]
    ev = play(s, "signature b1")
    assert s.hp[b1] == hp - 5 and s.burn[b1] == 1
    assert s.energy[0] == 1
    assert [e.type for e in ev][:3] == ["signature", "damage", "condition"]


def test_MO_6_3_energy_capped_at_five_always() -> None:
    s = duel(energy={"A": 5}, hands={"A": ["spark-reserve"]})
    play(s, "tactic spark-reserve")
    assert s.energy[0] == 5


# --- MO-5 ------------------------------------------------------------------------------------------------
def test_MO_5_1_menu_strike_signature_guard_and_optional_tactic() -> None:
    s = duel(energy={"A": 2}, hands={"A": ["rally"]})
    assert texts(s) == ["strike b1", "strike b2", "signature b1", "signature b2", "guard", "tactic rally"]


def test_MO_5_2_attacks_target_either_living_enemy() -> None:
    s = duel(energy={"A": 0})
    assert texts(s)[:2] == ["strike b1", "strike b2"]
    m = arrange(new(1, seed=1), units={"a1": "zephyrk"}, energy={"A": 0}, hands={"A": ["rift-snare"]})
    assert [t for t in texts(m) if t.startswith("strike")] == ["strike g"]


def test_MO_5_3_strike_deals_strike_damage() -> None:
    s = duel(units={"a1": "cragjaw"}, energy={"A": 0})  # Strike 3
    b2 = uid(s, "b2")
    before = s.hp[b2]
    ev = play(s, "strike b2")
    assert s.hp[b2] == before - 3 and ev[0].type == "strike"


def test_MO_5_4_signature_costs_energy_and_needs_it() -> None:
    s = duel(energy={"A": 1})
    assert not any(t.startswith("signature") for t in texts(s))
    with pytest.raises(IllegalAction):
        s.apply(actions.parse_action("signature b1"))
    s = duel(units={"a1": "mossback", "a2": "thornhide"}, energy={"A": 2}, hp={"a2": 5})
    # Mossback SPD 2 acts after Thornhide? both SPD 2: team chooses
    if s.stage == 2:
        play(s, "first a1")
    assert acting(s) == "a1"
    assert [t for t in texts(s) if t.startswith("signature")] == ["signature a1", "signature a2"]  # ally target
    play(s, "signature a2")
    assert s.hp[uid(s, "a2")] == 10 and s.energy[0] == 0


def test_MO_5_5_guard_gives_two_shield_capped_at_six() -> None:
    s = duel(shield={"a1": 5})
    ev = play(s, "guard")
    assert s.shield[s.active[0]] == 6 and ev[0].type == "guard"
    s = duel()
    play(s, "guard")
    assert s.shield[s.active[0]] == 2


def test_MO_5_6_energy_is_shared_and_never_negative() -> None:
    s = arrange(new(4, seed=1), units={"a1": "flaro", "a2": "emberwing", **SLOW_FOES}, energy={"A": 4}, marker="A")
    assert acting(s) == "a2" and s.to_move == 2
    play(s, "signature b1")  # Flare Dive 2 EN, paid by the team
    assert acting(s) == "a1" and s.to_move == 0 and s.energy[0] == 2
    play(s, "signature b1")
    assert s.energy[0] == 0
    s = duel(energy={"B": 1}, hands={"A": ["static-siphon"]})
    play(s, "tactic static-siphon")
    assert s.energy[1] == 0


# --- MO-6 ------------------------------------------------------------------------------------------------
def test_MO_6_1_one_tactic_per_team_per_round() -> None:
    s = duel(energy={"A": 5}, hands={"A": ["rally", "focus", "hex"]})
    play(s, "tactic rally")
    assert not any(t.startswith("tactic") for t in texts(s))
    play(s, "guard")
    assert acting(s) == "a2"
    assert not any(t.startswith("tactic") for t in texts(s))
    with pytest.raises(IllegalAction):
        s.apply(actions.parse_action("tactic focus"))


def test_MO_6_2_pay_resolve_discard_then_act() -> None:
    s = duel(energy={"A": 3}, hands={"A": ["barrier", "focus"]})
    ev = play(s, "tactic barrier a2")
    assert s.energy[0] == 2 and s.shield[uid(s, "a2")] == 3
    assert TACTIC_INDEX["barrier"] in s.tdiscard[0] and TACTIC_INDEX["barrier"] not in s.hand[0]
    assert ev[0].type == "tactic" and acting(s) == "a1"


def test_MO_6_4_bonus_applies_to_each_damage_of_the_move() -> None:
    s = duel(units={"a1": "scorchling"}, energy={"A": 5}, hands={"A": ["focus"]})  # Heat Wave: 3 to each enemy
    b1, b2 = uid(s, "b1"), uid(s, "b2")
    h1, h2 = s.hp[b1], s.hp[b2]
    play(s, "tactic focus", "signature")
    assert (s.hp[b1], s.hp[b2]) == (h1 - 5, h2 - 5)
    # never to a tactic's own damage
    s = duel(energy={"A": 5}, hands={"A": ["rift-snare"]})
    s.bonus = 3
    h = s.hp[uid(s, "b1")]
    play(s, "tactic rift-snare b1")
    assert s.hp[uid(s, "b1")] == h - 2


def test_MO_6_5_unused_bonus_expires_after_guard_or_non_damaging_move() -> None:
    s = duel(energy={"A": 5}, hands={"A": ["focus"]})
    play(s, "tactic focus")
    assert s.bonus == 2
    ev = play(s, "guard")
    assert "bonus_expired" in [e.type for e in ev] and s.bonus == 0
    assert acting(s) == "a2"
    h = s.hp[uid(s, "b1")]
    play(s, "strike b1")  # Magmaw's strike gets no leftover bonus
    assert s.hp[uid(s, "b1")] == h - 2
    s = duel(units={"a1": "pebblit", "a2": "dreamcoil"}, energy={"A": 5}, hands={"A": ["focus"]})
    assert acting(s) == "a1"
    play(s, "guard")
    assert acting(s) == "a2"
    play(s, "tactic focus")
    ev = play(s, "signature b1")  # Lullaby: Slow + heal, no damage
    assert "bonus_expired" in [e.type for e in ev] and s.bonus == 0


def test_MO_6_6_riftbreaker_strips_two_shield_then_plus_one() -> None:
    s = duel(energy={"A": 1}, hands={"A": ["riftbreaker"]}, shield={"b1": 5})
    b1 = uid(s, "b1")
    h = s.hp[b1]
    play(s, "tactic riftbreaker", "strike b1")
    # 5 Shield - 2 stripped = 3; the Strike deals 2 + 1 = 3, all absorbed
    assert s.shield[b1] == 0 and s.hp[b1] == h
    s = duel(units={"a1": "scorchling"}, energy={"A": 3}, hands={"A": ["riftbreaker"]}, shield={"b1": 2, "b2": 1})
    play(s, "tactic riftbreaker", "signature")
    assert s.shield[uid(s, "b1")] == 0 and s.shield[uid(s, "b2")] == 0
    assert s.hp[uid(s, "b1")] == 19 - 4 and s.hp[uid(s, "b2")] == 17 - 4


def test_MO_6_7_battle_insight_draws_and_adds_one() -> None:
    s = duel(energy={"A": 1}, hands={"A": ["battle-insight"]}, deck_top={"A": ["hex"]})
    h = s.hp[uid(s, "b1")]
    play(s, "tactic battle-insight")
    assert TACTIC_INDEX["hex"] in s.hand[0] and len(s.hand[0]) == 1
    play(s, "strike b1")
    assert s.hp[uid(s, "b1")] == h - 3


def test_MO_6_8_rally_heals_the_actor_and_adds_one() -> None:
    s = duel(energy={"A": 1}, hands={"A": ["rally"]}, hp={"a1": 9})
    play(s, "tactic rally")
    assert s.hp[s.active[0]] == 11 and s.bonus == 1
    s = duel(energy={"A": 1}, hands={"A": ["rally"]})
    play(s, "tactic rally")
    assert s.hp[s.active[0]] == 13  # never above printed HP


def test_MO_6_9_purifying_mist_draws_when_no_ally_has_a_condition() -> None:
    s = duel(hands={"A": ["purifying-mist"]}, deck_top={"A": ["hex"]})
    play(s, "tactic purifying-mist")
    assert s.hand[0] == [TACTIC_INDEX["hex"]]


def test_MO_6_9_purifying_mist_otherwise_cleanses_one_ally() -> None:
    # one ally with one condition: that one goes, with no question, and nothing is drawn
    s = duel(hands={"A": ["purifying-mist"]}, deck_top={"A": ["hex"]})
    a1, a2 = s.active[0], s.active[1]
    s.burn[a2] = 1
    play(s, "tactic purifying-mist")
    assert s.hand[0] == [] and s.burn[a2] == 0 and acting(s) == "a1"
    # both allies have conditions: the player names one ally and one condition; the other ally keeps all
    s = duel(hands={"A": ["purifying-mist"]}, deck_top={"A": ["hex"]})
    s.burn[a1] = 1
    s.poison[a2], s.burn[a2] = 2, 1
    play(s, "tactic purifying-mist")
    assert texts(s) == ["cleanse a1 burn", "cleanse a2 burn", "cleanse a2 poison"]
    play(s, "cleanse a2 poison")
    assert (s.burn[a1], s.poison[a2], s.burn[a2]) == (1, 0, 1) and s.hand[0] == []
    assert acting(s) == "a1" and "guard" in texts(s)


def test_MO_6_10_rift_snare_hits_the_guardian_in_a_mission() -> None:
    s = arrange(new(1, seed=1), units={"a1": "zephyrk"}, energy={"A": 1}, hands={"A": ["rift-snare"]})
    s.shield[BOSS] = 0
    h = s.hp[BOSS]
    play(s, "tactic rift-snare g")
    assert s.hp[BOSS] == h - 2
    s = duel(energy={"A": 1}, hands={"A": ["rift-snare"]}, shield={"b2": 1})
    h = s.hp[uid(s, "b2")]
    play(s, "tactic rift-snare b2")
    assert s.shield[uid(s, "b2")] == 0 and s.hp[uid(s, "b2")] == h - 1


def test_MO_6_11_spark_reserve_gives_one_energy() -> None:
    s = duel(energy={"A": 0}, hands={"A": ["spark-reserve"]})
    assert "tactic spark-reserve" in texts(s)
    play(s, "tactic spark-reserve")
    assert s.energy[0] == 1


def test_MO_6_12_cleanse_tactic() -> None:
    s = duel(hands={"A": ["cleanse"]})
    s.slow[s.active[1]] = 1
    play(s, "tactic cleanse a2")
    assert s.slow[s.active[1]] == 0


def test_MO_6_13_every_tactic_plays_by_the_same_rules() -> None:
    for t in TACTICS:
        if t.id == "second-dawn":
            continue
        s = duel(energy={"A": 5}, hands={"A": [t.id]})
        legal = [x for x in texts(s) if x.startswith(f"tactic {t.id}")]
        assert legal, t.id
        play(s, legal[0])
        assert s.used[0] and TACTIC_INDEX[t.id] in s.tdiscard[0]
        assert acting(s) == "a1" or s.dteam == 0


# --- MO-12 -----------------------------------------------------------------------------------------------
def test_MO_12_1_texts_parse_back_forgivingly() -> None:
    for a in actions.ALL:
        assert actions.parse_action(str(a)) is a
        assert GAME.parse_action("  " + str(a).upper().replace("-", " ") + " ") is a
    assert GAME.parse_action("attack B1") is actions.parse_action("strike b1")
    assert GAME.parse_action("play Rift Snare g") is actions.parse_action("tactic rift-snare g")
    assert GAME.parse_action("sig") is actions.SIGNATURE_NONE
    with pytest.raises(BadAction, match="not a MONSTRA action"):
        GAME.parse_action("fireball b1")
    assert pickle.loads(pickle.dumps(actions.GUARD)) is actions.GUARD


def test_MO_12_2_index_layout() -> None:
    n = GAME.num_actions(2, {})
    assert n == len(actions.ALL) and len({str(a) for a in actions.ALL}) == n
    assert str(GAME.action_from_index(0, 2, {})) == "guard"
    assert [str(GAME.action_from_index(i, 2, {})) for i in range(1, 6)] == [f"strike {u}" for u in actions.UNITS]
    assert str(GAME.action_from_index(6, 2, {})) == "signature"
    assert str(GAME.action_from_index(12, 2, {})) == f"tactic {TACTICS[0].id}"
    assert str(GAME.action_from_index(n - 13, 2, {})) == "first b2"
    assert [str(GAME.action_from_index(i, 2, {})) for i in (n - 12, n - 1)] == ["cleanse a1 burn", "cleanse b2 slow"]
    for i in range(n):
        assert GAME.action_index(GAME.action_from_index(i, 4, {}), 4, {}) == i
    with pytest.raises(BadAction):
        GAME.action_from_index(n, 2, {})


def test_MO_12_3_legal_order() -> None:
    s = duel(energy={"A": 5}, hands={"A": ["rally", "hex", "barrier"]})
    assert texts(s) == [
        "strike b1",
        "strike b2",
        "signature b1",
        "signature b2",
        "guard",
        "tactic rally",
        "tactic barrier a1",
        "tactic barrier a2",
        "tactic hex b1",
        "tactic hex b2",
    ]


def test_MO_12_4_illegal_actions_change_nothing() -> None:
    s = duel(energy={"A": 0}, hands={"A": ["rally"]})
    before = s.view(None), s.view(0), list(s.history), s.rng.getstate()
    for text in ("signature b1", "tactic rally", "discard rally", "first a1", "strike g", "strike a2"):
        with pytest.raises(IllegalAction, match="not legal now"):
            s.apply(GAME.parse_action(text))
    with pytest.raises(BadAction):
        s.parse_action("dance")
    assert (s.view(None), s.view(0), list(s.history), s.rng.getstate()) == before
