"""MO-7 (damage, healing, knockouts, revive) and MO-8 (conditions and their exact timing)."""

from __future__ import annotations

from monsterlair.games.monstra.effects import BOSS
from monsterlair.games.monstra.spec import C_HP, CREATURE_INDEX, SLOW_NEXT, SLOW_NOW
from tests.games.monstra.monstra_helpers import acting, arrange, new, play, reorder, settle, texts, types, uid

# a1 Zephyrk SPD 6, b1 Flaro SPD 4, a2 Magmaw SPD 2, b2 Bouldron SPD 1 (marker A)
UNITS = {"a1": "zephyrk", "a2": "magmaw", "b1": "flaro", "b2": "bouldron"}


def duel(**kw):  # type: ignore[no-untyped-def]
    kw.setdefault("marker", "A")
    return settle(arrange(new(2, seed=1), units={**UNITS, **kw.pop("units", {})}, **kw))


# --- MO-7 -------------------------------------------------------------------------------------------------
def test_MO_7_1_shield_first_then_hp() -> None:
    s = duel(shield={"b1": 1}, energy={"A": 0})
    b1 = uid(s, "b1")
    ev = play(s, "strike b1")
    assert s.shield[b1] == 0 and s.hp[b1] == 12
    dmg = next(e for e in ev if e.type == "damage")
    assert dmg.data["shield_lost"] == 1 and dmg.data["hp_lost"] == 1


def test_MO_7_2_heal_capped_and_not_for_the_fallen() -> None:
    s = duel(hands={"A": ["second-wind"]}, energy={"A": 1}, hp={"a2": 15})
    play(s, "tactic second-wind a2")
    assert s.hp[uid(s, "a2")] == 17  # printed 17
    # only living active creatures can be targeted by heals
    s = duel(hands={"A": ["second-wind"]}, energy={"A": 1})
    assert all(t.split()[-1] in ("a1", "a2") for t in texts(s) if t.startswith("tactic second-wind"))


def test_MO_7_3_knockout_records_and_clears() -> None:
    s = duel(hp={"b1": 2}, shield={"b1": 0})
    b1 = uid(s, "b1")
    s.poison[b1] = 2
    ev = play(s, "strike b1")
    assert s.kos[1] == 1 and b1 in s.fallen[1]
    assert s.hp[b1] == 0 and s.shield[b1] == s.poison[b1] == s.burn[b1] == s.slow[b1] == 0
    assert "knockout" in types(ev)


def test_MO_7_4_replacement_enters_at_once_acts_next_round() -> None:
    s = duel(hp={"b1": 2})
    nxt = s.reserve[1][-1]
    ev = play(s, "strike b1")
    assert uid(s, "b1") == nxt and s.hp[nxt] == C_HP[s.card[nxt]]
    rep = next(e for e in ev if e.type == "replace")
    assert rep.data["creature"] and rep.data["unit"] == "b1"
    # targetable at once: a2 can strike it this round
    while acting(s) != "a2":
        play(s, "guard")
    assert "strike b1" in texts(s)
    play(s, "strike b1")
    assert s.hp[nxt] == C_HP[s.card[nxt]] - 2
    while s.round == 1:
        assert acting(s) != "b1"
        play(s, "guard")
    assert nxt in s.order


def test_MO_7_5_knocked_out_creature_cannot_act() -> None:
    s = duel(hp={"a2": 1})
    a2 = uid(s, "a2")
    play(s, "guard")  # a1
    assert acting(s) == "b1"
    play(s, "strike a2")
    assert s.hp[a2] == 0
    acted = []
    while s.round == 1:
        acted.append(s.actor)
        play(s, "guard")
    assert a2 not in acted


def test_MO_7_6_second_dawn_revives_into_the_other_slot() -> None:
    s = duel(hands={"A": ["second-dawn"]}, energy={"A": 3})
    fallen = uid(s, "a2")
    s.hp[fallen] = 0
    s.active[1] = s.reserve[0].pop()
    s.fallen[0].append(fallen)
    s.kos[0] = 1
    displaced = s.active[1]
    s.hp[displaced] = 4
    settle(reorder(s))
    assert acting(s) == "a1"
    assert "tactic second-dawn magmaw" in texts(s)
    ev = play(s, "tactic second-dawn magmaw")
    assert s.active[1] == fallen and s.hp[fallen] == (17 + 1) // 2
    assert s.kos[0] == 1 and fallen not in s.fallen[0]
    assert s.reserve[0][0] == displaced and s.bottom[0] == 1 and s.hp[displaced] == 4
    assert "revive" in types(ev)
    # the revived creature first acts next round; the knockout stays recorded
    while s.round == 1:
        assert s.actor != fallen
        play(s, "guard")
    assert fallen in s.order
    v = s.view(1)["teams"][0]
    assert v["reserve_bottom"] == [
        {
            "creature": "zephyrk"
            if s.card[displaced] == CREATURE_INDEX["zephyrk"]
            else v["reserve_bottom"][0]["creature"],
            "hp": 4,
        }
    ]


def test_MO_7_7_effects_pick_creatures_when_they_happen() -> None:
    # Flame Spiral knocks out its target: the Burn does not fall on the replacement
    s = duel(units={"a1": "flaro", "b1": "zephyrk"}, hp={"b1": 3}, energy={"A": 2})
    if s.stage == 2:
        play(s, "first a1")
    while acting(s) != "a1":
        play(s, "guard")
    target = uid(s, "b1")
    play(s, "signature b1")
    assert s.hp[target] == 0 and s.burn[uid(s, "b1")] == 0
    # Cinder Rift's Burn picks the strongest after the damage, a fresh replacement included
    m = arrange(new(1, seed=1), units={"a1": "zephyrk", "a2": "magmaw"}, hp={"a1": 3}, behaviour="cinder-rift")
    a1 = uid(m, "a1")
    while m.round == 1:
        play(m, "strike g")
    assert m.hp[a1] == 0
    replacement = uid(m, "a1")
    strongest = max((uid(m, "a1"), uid(m, "a2")), key=lambda u: m.hp[u])
    assert m.burn[strongest] == 1 and (strongest == replacement or m.hp[strongest] >= m.hp[replacement])


# --- MO-8 -------------------------------------------------------------------------------------------------
def test_MO_8_1_shield_cap_and_persistence() -> None:
    s = duel(hands={"A": ["barrier"]}, energy={"A": 1}, shield={"a2": 4})
    play(s, "tactic barrier a2")
    assert s.shield[uid(s, "a2")] == 6
    while s.round == 1:
        play(s, "guard")
    assert s.shield[uid(s, "a2")] == 6  # kept between rounds


def test_MO_8_2_burn_after_next_action_no_stacking() -> None:
    s = duel(hands={"A": ["ember-toss"]}, energy={"A": 1})
    b1 = uid(s, "b1")
    play(s, "tactic ember-toss b1", "guard")
    assert s.burn[b1] == 1 and s.hp[b1] == 12
    s.burn[b1] = 1  # reapplying leaves one Burn
    ev = play(s, "guard")  # b1 acts (Guard counts), then burns, ignoring its new Shield
    assert s.hp[b1] == 11 and s.burn[b1] == 0 and s.shield[b1] == 2
    assert [e.data["condition"] for e in ev if e.type == "tick"] == ["burn"]


def test_MO_8_3_poison_two_actions_resets_to_two() -> None:
    s = duel(hands={"A": ["hex"]}, energy={"A": 1})
    b1 = uid(s, "b1")
    play(s, "tactic hex b1", "guard")
    assert s.poison[b1] == 2
    play(s, "guard")  # b1's action: 1 HP, one counter left
    assert s.poison[b1] == 1 and s.hp[b1] == 12
    s.poison[b1] = 2  # reapplied: back to two, not three
    while s.round == 1:
        play(s, "guard")
    while acting(s) != "b1":
        play(s, "guard")
    play(s, "guard")
    assert s.poison[b1] == 1 and s.hp[b1] == 11
    while acting(s) != "b1":
        play(s, "guard")
    play(s, "guard")
    assert s.poison[b1] == 0 and s.hp[b1] == 10


def test_MO_8_4_slow_counts_in_the_next_order_and_goes_after_that_action() -> None:
    # a1 Zephyrk slows b1 Flaro (4) before Flaro acts: this round's order is unchanged, Flaro keeps Slow
    s = duel(hands={"A": ["frost-bind"]}, energy={"A": 1}, units={"a2": "pebblit"}, marker="B")  # Pebblit: SPD 4
    b1 = uid(s, "b1")
    play(s, "tactic frost-bind b1", "guard")
    assert acting(s) == "b1" and s.slow[b1] == SLOW_NEXT
    play(s, "guard")
    assert s.slow[b1] == SLOW_NEXT  # not counted in this round's order, so it stays
    while s.round == 1:
        play(s, "guard")
    # next round Flaro counts SPD 3 and acts after Pebblit (4), then loses Slow
    assert s.spd_now[b1] == 3 and s.slow[b1] == SLOW_NOW
    while s.actor != b1:
        assert s.actor != -1
        s.apply(s.legal_actions()[0] if s.stage == 2 else s.parse_action("guard"))
    play(s, "guard")
    assert s.slow[b1] == 0


def test_MO_8_4_slow_applied_again_before_the_creature_acts_counts_for_the_next_order() -> None:
    s = duel(hands={"A": ["frost-bind"]}, energy={"A": 1}, units={"a2": "pebblit"}, marker="B")
    b1 = uid(s, "b1")
    s.slow[b1] = SLOW_NEXT  # an earlier Slow, applied last round
    reorder(s)
    assert s.spd_now[b1] == 3 and s.slow[b1] == SLOW_NOW  # it counts in this round's order
    assert acting(s) == "a1"
    play(s, "tactic frost-bind b1", "guard")  # Slow again, before Flaro acts
    assert s.slow[b1] == SLOW_NOW | SLOW_NEXT
    while s.actor != b1:
        play(s, "guard")
    play(s, "guard")  # Flaro acts: the counted Slow goes, the new one stays for next round's order
    assert s.slow[b1] == SLOW_NEXT
    start = s.round
    while s.round == start:
        play(s, "guard")
    settle(s)
    assert s.spd_now[b1] == 3 and s.slow[b1] == SLOW_NOW  # next round: Flaro still acts at SPD 3
    while s.actor != b1:
        play(s, "guard")
    play(s, "guard")
    assert s.slow[b1] == 0


def test_MO_8_5_cleanse_removes_the_condition_type_its_player_chooses() -> None:
    s = duel(hands={"A": ["cleanse"]})
    a2 = uid(s, "a2")
    s.poison[a2], s.burn[a2], s.slow[a2] = 2, 1, SLOW_NEXT
    play(s, "tactic cleanse a2")
    assert s.view(0)["phase"] == "cleanse" and s.view(1)["cleansing"] == ["a2"] and s.to_move == 0
    assert texts(s) == ["cleanse a2 burn", "cleanse a2 poison", "cleanse a2 slow"]
    ev = play(s, "cleanse a2 slow")
    assert (s.poison[a2], s.burn[a2], s.slow[a2]) == (2, 1, 0)
    assert [e.data["condition"] for e in ev if e.type == "cleanse"] == ["slow"]
    assert acting(s) == "a1" and "guard" in texts(s)  # the tactic did not use the creature's action
    assert s.view(0)["phase"] == "act"


def test_MO_8_5_one_condition_type_needs_no_choice() -> None:
    s = duel(hands={"A": ["cleanse"]})
    a2 = uid(s, "a2")
    s.burn[a2] = 1
    ev = play(s, "tactic cleanse a2")
    assert s.burn[a2] == 0 and acting(s) == "a1" and not any(t.startswith("cleanse") for t in texts(s))
    assert [e.data["condition"] for e in ev if e.type == "cleanse"] == ["burn"]


def test_MO_8_5_a_move_that_cleanses_each_ally_asks_for_each() -> None:
    s = duel(units={"a1": "wispmother"}, energy={"A": 2})
    a1, a2 = uid(s, "a1"), uid(s, "a2")
    s.burn[a1], s.slow[a1] = 1, SLOW_NEXT
    s.burn[a2], s.poison[a2] = 1, 2
    s.hp[a1] -= 4
    while acting(s) != "a1":
        play(s, "guard")
    play(s, "signature")  # Spirit Mend: Cleanse each ally; heal each ally 2
    assert texts(s) == ["cleanse a1 burn", "cleanse a1 slow"]
    ev = play(s, "cleanse a1 slow")  # each choice is carried out, and said, at once
    assert [(e.type, e.data["unit"], e.data["condition"]) for e in ev] == [("cleanse", "a1", "slow")]
    assert s.slow[a1] == 0 and texts(s) == ["cleanse a2 burn", "cleanse a2 poison"]
    ev = play(s, "cleanse a2 poison")
    assert (s.burn[a1], s.slow[a1], s.burn[a2], s.poison[a2]) == (0, 0, 1, 0)
    assert [e.type for e in ev][:2] == ["cleanse", "heal"]
    assert acting(s) != "a1"  # the move was the creature's action; Burn ticked after it
    assert s.burn[a1] == 0


def test_MO_8_5_without_a_choice_poison_goes_first() -> None:
    s = duel()
    a2 = uid(s, "a2")
    s.poison[a2], s.burn[a2], s.slow[a2] = 2, 1, 1
    from monsterlair.games.monstra.effects import cleanse

    assert cleanse(s, a2) == "poison" and cleanse(s, a2) == "burn" and cleanse(s, a2) == "slow"
    assert cleanse(s, a2) == ""


def test_MO_8_6_burn_and_poison_ignore_shield_and_can_knock_out() -> None:
    s = duel(hp={"a1": 2}, shield={"a1": 6})
    a1 = uid(s, "a1")
    s.burn[a1] = 1
    s.poison[a1] = 1
    ev = play(s, "guard")
    assert s.hp[a1] == 0 and s.kos[0] == 1 and "knockout" in types(ev)
    assert [e.data["condition"] for e in ev if e.type == "tick"] == ["burn", "poison"]


def test_MO_8_7_condition_triggers_this_round_if_target_has_not_acted() -> None:
    s = duel(hands={"A": ["ember-toss"]}, energy={"A": 1})
    b1 = uid(s, "b1")
    play(s, "tactic ember-toss b1", "guard")  # applied in round 1 before Flaro acts
    ev = play(s, "guard")  # Flaro's action, still round 1
    assert s.round == 1 and "tick" in types(ev) and s.burn[b1] == 0
    # applied after the target acted: waits for its next action, next round
    s = duel(units={"b2": "emberwing"}, hands={"A": ["ember-toss"]}, energy={"A": 1}, marker="B")
    b2 = uid(s, "b2")
    play(s, "guard")  # Emberwing (6) acts first
    assert acting(s) == "a1"
    play(s, "tactic ember-toss b2", "guard")
    while s.round == 1:
        play(s, "guard")
    assert s.burn[b2] == 1


def test_MO_8_8_every_action_counts_including_guard_and_the_guardian() -> None:
    s = duel()
    a1 = uid(s, "a1")
    s.poison[a1] = 2
    play(s, "guard")
    assert s.poison[a1] == 1
    m = arrange(new(1, seed=1), units={"a1": "zephyrk", "a2": "bouldron"}, behaviour="crystal-carapace")
    m.burn[BOSS] = 1
    m.shield[BOSS] = 0
    h = m.hp[BOSS]
    play(m, "guard")  # Zephyrk; then the Guardian acts (Crystal Carapace: Shield) and burns despite it
    assert m.hp[BOSS] == h - 1 and m.shield[BOSS] == 6 and m.burn[BOSS] == 0
