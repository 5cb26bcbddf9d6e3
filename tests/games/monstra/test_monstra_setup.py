"""MO-1 (players, modes, seats, options), MO-2 (cards and decks) and MO-3 (setting up)."""

from __future__ import annotations

import pytest

from monsterlair.core import BadOptions, Rng
from monsterlair.games.monstra.effects import BOSS
from monsterlair.games.monstra.spec import (
    C_HP,
    CREATURES,
    PREMIUMS,
    PRESETS,
    TACTICS,
    parse_decks_option,
    random_deck,
    validate_deck,
)
from tests.games.monstra.monstra_helpers import GAME, new, random_playout

STARTER = PRESETS["starter"]
C_IDS = [CREATURES[i].id for i in STARTER.creatures]
T_IDS = [TACTICS[i].id for i in STARTER.tactics]


# --- MO-1 ------------------------------------------------------------------------------------------
def test_MO_1_1_modes_by_player_count() -> None:
    assert new(1).mode == "mission"
    assert new(2).mode == "duel"
    assert new(2, mode="mission").mode == "mission"
    assert new(4).mode == "2v2"
    assert new(4, mode="duel").mode == "2v2"
    assert new(4, mode="2v2").mode == "2v2"
    assert new(1, mode="mission").nteams == 1
    assert new(2, mode="duel").nteams == 2


def test_MO_1_2_three_players_and_mismatched_modes_are_refused() -> None:
    with pytest.raises(BadOptions, match="no three-player mode"):
        GAME.new(3, seed=1)
    with pytest.raises(BadOptions, match="with 1 player choose Automatic or Mission against the Rift Guardian"):
        GAME.new(1, seed=1, options={"mode": "duel"})
    with pytest.raises(BadOptions, match="needs 4 players"):
        GAME.new(2, seed=1, options={"mode": "2v2"})
    with pytest.raises(BadOptions, match="with 4 players choose Automatic or 2 against 2"):
        GAME.new(4, seed=1, options={"mode": "mission"})
    with pytest.raises(BadOptions):
        GAME.new(5, seed=1)
    from monsterlair.testing.conformance import player_counts

    assert player_counts(GAME) == [1, 2, 4]


def test_MO_1_3_seats_teams_and_slots() -> None:
    duel = new(2)
    assert duel.seat_team == (0, 1) and duel.ctrl[:4] == (0, 0, 1, 1)
    team = new(4)
    assert team.seat_team == (0, 1, 0, 1) and team.ctrl[:4] == (0, 2, 1, 3)
    solo = new(1)
    assert solo.seat_team == (0,) and solo.ctrl[:2] == (0, 0)
    coop = new(2, mode="mission")
    assert coop.seat_team == (0, 0) and coop.ctrl[:2] == (0, 1)
    # the Guardian is no seat's: it never is to move
    s = new(1, seed=3)
    seen = set()
    while not s.over:
        seen.add(s.to_move)
        legal = s.legal_actions()
        s.apply(legal[0])
    assert seen == {0}
    random_playout(new(1, seed=4), Rng(1))


def test_MO_1_4_options_rounds_and_mission_limit() -> None:
    assert set(GAME.options) == {"mode", "guardian", "decks", "rounds"}
    assert new(2, rounds=3).rounds == 3
    with pytest.raises(BadOptions, match="at most 12 rounds"):
        GAME.new(1, seed=1, options={"rounds": 13})
    with pytest.raises(BadOptions):
        GAME.new(2, seed=1, options={"rounds": 0})
    with pytest.raises(BadOptions, match="Unknown option"):
        GAME.new(2, seed=1, options={"round": 3})
    s = new(2, seed=5, rounds=2)
    random_playout(s, Rng(2))
    assert s.round == 2 and s.result is not None and not s.result.capped


# --- MO-2 ------------------------------------------------------------------------------------------
def test_MO_2_1_sign_and_evo_have_no_battle_effect() -> None:
    # two games identical but for the signs/EVO of the cards would play the same: the engine never reads them
    from monsterlair.compiled import source_of
    from monsterlair.games.monstra import effects, heuristic, state, turns

    for module in (effects, turns, state, heuristic):
        src = source_of(module.__name__).read_text()  # the source, also of a compiled module
        assert ".sign" not in src and ".evo" not in src
    assert {c.sign for c in CREATURES} == {"Fire", "Earth", "Water", "Air", "Mythic"}
    assert all(1 <= c.evo <= 5 and c.spd >= 1 and c.hp > 0 for c in CREATURES)


def test_MO_2_2_creature_deck_rules() -> None:
    assert validate_deck(C_IDS, T_IDS).creatures == STARTER.creatures
    with pytest.raises(BadOptions, match="MO-2.2.*11 creatures"):
        validate_deck(C_IDS[:11], T_IDS)
    with pytest.raises(BadOptions, match="MO-2.2.*different"):
        validate_deck([*C_IDS[:11], C_IDS[0]], T_IDS)
    two_premiums = [c for c in C_IDS if CREATURES[[x.id for x in CREATURES].index(c)].index not in PREMIUMS][:10]
    with pytest.raises(BadOptions, match="MO-2.2.*premium"):
        validate_deck([*two_premiums, "fenara", "vharax"], T_IDS)


def test_MO_2_3_tactic_deck_rules() -> None:
    with pytest.raises(BadOptions, match="MO-2.3.*13 tactics"):
        validate_deck(C_IDS, [*T_IDS, "sunder"])
    with pytest.raises(BadOptions, match="MO-2.3.*different"):
        validate_deck(C_IDS, [*T_IDS[:11], T_IDS[0]])


def test_MO_2_4_both_teams_may_field_the_same_cards() -> None:
    s = new(2, seed=1, decks="starter")
    assert s.deck_c[0] == s.deck_c[1] == STARTER.creatures
    random_playout(s, Rng(9))


def test_MO_2_5_random_preset_and_custom_decks() -> None:
    for seed in range(40):
        d = random_deck(Rng(seed))
        assert len(set(d.creatures)) == 12 and len(set(d.tactics)) == 12
        assert len(set(d.creatures) & PREMIUMS) <= 1
    assert any(set(random_deck(Rng(seed)).creatures) & PREMIUMS for seed in range(40))
    assert new(2, seed=3).deck_c == new(2, seed=3).deck_c  # drawn from the game's own seeded generator
    assert new(2, seed=3).deck_c != new(2, seed=4).deck_c
    s = new(2, seed=1, decks="blaze/bulwark")
    assert s.deck_c[0] == PRESETS["blaze"].creatures and s.deck_c[1] == PRESETS["bulwark"].creatures
    custom = ", ".join(C_IDS) + " | " + ", ".join(t.replace("-", " ").title() for t in T_IDS)
    s = new(2, seed=1, decks=f"{custom}/random")
    assert s.deck_c[0] == STARTER.creatures and s.deck_t[0] == STARTER.tactics
    assert s.deck_public == (True, False)


def test_MO_2_6_deck_errors_name_the_rule() -> None:
    with pytest.raises(BadOptions, match="not a deck"):
        GAME.new(2, seed=1, options={"decks": "dragons"})
    with pytest.raises(BadOptions, match="no creature called 'Dragon'"):
        parse_decks_option("Dragon, " + ", ".join(C_IDS[1:]) + " | " + ", ".join(T_IDS), 2)
    with pytest.raises(BadOptions, match="Team A's deck breaks rule MO-2.2"):
        GAME.new(2, seed=1, options={"decks": ", ".join(C_IDS[:5]) + " | " + ", ".join(T_IDS)})
    with pytest.raises(BadOptions, match="3 decks"):
        GAME.new(2, seed=1, options={"decks": "starter/blaze/gale"})


def test_MO_2_7_effects_are_data_in_a_small_vocabulary() -> None:
    from monsterlair.games.monstra.spec import DataError, compile_effects

    assert compile_effects(
        [{"do": "damage", "n": 5, "to": "target"}], "x", allow_modifiers=False, allow_revive=False
    ) == ((0, 5, 0, 0, 0),)
    with pytest.raises(DataError, match="'do' must be one of"):
        compile_effects([{"do": "explode", "n": 5}], "x", allow_modifiers=False, allow_revive=False)
    with pytest.raises(DataError, match="own side"):
        compile_effects(
            [{"do": "condition", "kind": "burn", "to": "self"}], "x", allow_modifiers=False, allow_revive=False
        )
    with pytest.raises(DataError, match="only for tactics"):
        compile_effects([{"do": "bonus", "n": 1}], "x", allow_modifiers=False, allow_revive=False)
    # no card is a function: every card is effect tuples
    assert all(isinstance(e, tuple) and len(e) == 5 for c in CREATURES for e in c.effects)


# --- MO-3 ------------------------------------------------------------------------------------------
def test_MO_3_1_two_revealed_ten_face_down() -> None:
    s = new(2, seed=8)
    for t in (0, 1):
        assert s.active[2 * t] >= 0 and s.active[2 * t + 1] >= 0
        assert len(s.reserve[t]) == 10 and s.bottom[t] == 0
        shown = {s.card[s.active[2 * t]], s.card[s.active[2 * t + 1]]}
        assert shown | {s.card[u] for u in s.reserve[t]} == set(s.deck_c[t])
    v = s.view(1)
    assert v["teams"][0]["reserve_unseen"] is None and v["teams"][0]["reserve_count"] == 10


def test_MO_3_2_shuffle_tactics_and_draw_three() -> None:
    s = new(2, seed=8)
    for t in (0, 1):
        assert len(s.hand[t]) == 3 and len(s.tdeck[t]) == 9
        assert set(s.hand[t]) | set(s.tdeck[t]) == set(s.deck_t[t])
    assert new(2, seed=8).tdeck != new(2, seed=9).tdeck


def test_MO_3_3_start_at_zero_energy_full_hp_no_conditions() -> None:
    s = GAME.new(2, seed=8)
    assert isinstance(s, type(new()))
    # round 1 has begun, so each team has just gained its 2 energy from 0
    assert s.energy == [2, 2]
    for u in range(24):
        if s.card[u] >= 0:
            assert s.hp[u] == C_HP[s.card[u]]
        assert s.shield[u] == s.burn[u] == s.poison[u] == s.slow[u] == 0


def test_MO_3_4_first_team_marker_is_random() -> None:
    markers = {new(2, seed=i).first_marker for i in range(30)}
    assert markers == {0, 1}
    assert new(1).marker == 0


def test_MO_3_5_guardian_setup() -> None:
    s = new(1, seed=2, guardian="expert")
    assert s.hp[BOSS] == 48 and s.shield[BOSS] == 0
    assert len(s.bdeck) == 11 and len(s.bseen) == 1  # one revealed for round 1
    assert sorted(s.bdeck + s.bseen) == sorted(s.guardian.behaviours)
    assert new(1, seed=2).hp[BOSS] == 44
    assert new(1, seed=2).bdeck != new(1, seed=3).bdeck or new(1, seed=2).bseen != new(1, seed=3).bseen
