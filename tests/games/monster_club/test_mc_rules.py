"""One test (at least) per numbered rule of docs/rules/monster-club.md, named after the rule."""

from __future__ import annotations

import pytest

from monsterlair.core import BadOptions, IllegalAction, Rng
from monsterlair.games.monster_club import GAME
from monsterlair.games.monster_club.board import CODE_ID
from monsterlair.games.monster_club.cards import BY_ID, CARDS
from monsterlair.games.monster_club.decks import (
    DECK_SIZE,
    PRESETS,
    RANDOM_MONSTERS,
    DeckError,
    parse_deck_list,
    random_deck,
    validate_deck,
)
from monsterlair.games.monster_club.effects import conflict_score
from monsterlair.games.monster_club.spec import DEFAULT_STALL_TURNS, SUGGESTED_STALL_TURNS
from monsterlair.games.monster_club.state import ClubState
from monsterlair.games.monster_club.turns import P_ATTACK, P_OVER, P_PLAY, P_REVEAL, P_TARGET
from tests.games.monster_club.helpers import DEFAULT_DECK, at, board_ids, code, ids, play, scenario, texts, types


def score(card_id: str) -> int:
    return BY_ID[card_id].score


def new(seed: int = 1, **options: object) -> ClubState:
    state = GAME.new(2, seed=seed, options=options)
    assert isinstance(state, ClubState)
    return state


# ------------------------------------------------------------------------------------------- MC-1 set-up
def test_MC_1_1_two_players_with_25_card_decks() -> None:
    with pytest.raises(BadOptions, match="exactly 2 players"):
        GAME.new(3, seed=1)
    with pytest.raises(BadOptions):
        GAME.new(1, seed=1)
    state = new(deck0="stonewall", deck1="inkwell")
    for seat in (0, 1):
        assert len(state.deck_lists[seat]) == DECK_SIZE == 25
        held = len(state.hands[seat]) + len(state.decks[seat])
        assert held == 25
    assert sorted(ids(state.deck_lists[0])) == sorted(CARDS[i].id for i in PRESETS["stonewall"].cards)


def test_MC_1_2_deck_lists_are_public_but_not_their_order() -> None:
    state = new(seed=4, deck0="cutthroat", deck1="random")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["deck_lists"][1] == ids(state.deck_lists[1])
        assert view["deck_lists"][0] == sorted(view["deck_lists"][0], key=lambda i: BY_ID[i].index)
        assert view["deck_names"] == ["Cutthroat", "Random"]
        assert "decks" not in view  # only counts: "deck_counts"
    assert state.view(0)["deck_counts"] == [len(state.decks[0]), len(state.decks[1])]


def test_MC_1_3_first_player_random_or_chosen_hands_start_empty() -> None:
    firsts = {new(seed=s).first for s in range(30)}
    assert firsts == {0, 1}
    state = new(seed=3, first_player=1)
    assert state.first == 1 and state.active == 1 and state.to_move == 1
    assert len(state.hands[1]) == 5 and state.hands[0] == []  # only the first player has drawn yet
    assert new(seed=3, first_player=0).first == 0


def test_MC_1_4_three_spaces_a_side_and_opposite_spaces_conflict() -> None:
    state = scenario(boards=(("boulder-brute", "boulder-brute", None), (None, "pebble-imp", "pebble-imp")))
    assert len(state.board[0]) == len(state.board[1]) == 3
    attacks = [t for t in texts(state) if t.startswith("attack")]
    assert attacks == ["attack 2"]  # space 1 faces an empty space; space 3 has no stack of mine


def test_MC_1_rules_numbering_is_the_documented_one() -> None:
    """The spaces of the text forms are the rule's 1..3 from the player's left."""
    state = scenario(hands=(["pebble-imp"], []))
    assert {t for t in texts(state) if t.startswith("play")} == {
        f"play 1 to {s}{d}" for s in (1, 2, 3) for d in ("", " down")
    }


# ------------------------------------------------------------------------------------------- MC-2 turns
def test_MC_2_1_draw_until_five_or_what_the_deck_holds() -> None:
    state = scenario(
        hands=(["pebble-imp"], ["stone-skin", "iron-fist"]),
        boards=(("boulder-brute", None, None), ("boulder-brute", None, None)),
        decks=(["trim"] * 3, ["papercut", "snip", "tremor"]),
    )
    play(state, "end")
    assert state.active == 1
    assert len(state.hands[1]) == 5 and state.decks[1] == []
    play(state, "end")
    assert len(state.hands[0]) == 4 and state.decks[0] == []  # 1 + the 3 cards there were
    assert state.graves == [[], []]  # the grave is never reshuffled


def test_MC_2_2_play_phase_in_any_order_and_as_often_as_cards_allow() -> None:
    state = scenario(
        hands=(["pebble-imp", "snip-sprite", "stone-skin", "paper-armor"], []),
        boards=(("moss-giant", None, None), (None, None, "pebble-imp")),
    )
    play(state, "stack 3 on 1", "play 1 to 2", "move 2 right", "stack 2 on 1", "play 1 to 2 down")
    assert board_ids(state, 0) == [
        ["moss-giant", "stone-skin", "paper-armor"],
        ["snip-sprite"],
        ["pebble-imp"],
    ]
    assert state.phase == P_PLAY and state.to_move == 0


def test_MC_2_3_first_attack_starts_the_attack_phase() -> None:
    state = scenario(
        hands=(["pebble-imp"], []),
        boards=(("boulder-brute", "boulder-brute", None), ("snip-sprite", "snip-sprite", "pebble-imp")),
    )
    play(state, "attack 1")
    assert state.phase == P_ATTACK
    assert texts(state) == ["attack 2", "end"]  # no play, no move, no flip
    with pytest.raises(IllegalAction):
        state.apply(state.game.parse_action("play 1 to 3"))
    play(state, "attack 2")  # the last attack: the turn ends by itself
    assert state.active == 1 and state.phase == P_PLAY
    assert state.destroys == [2, 0]


def test_MC_2_4_end_passes_the_turn() -> None:
    state = scenario(boards=(("pebble-imp", None, None), ("pebble-imp", None, None)), turn=7)
    events = play(state, "end")
    assert types(events)[:2] == ["end", "turn"]
    assert state.active == 1 and state.to_move == 1 and state.turn == 8


@pytest.mark.parametrize("cap", [None, 10])
def test_MC_2_5_no_hand_limit_unless_the_safety_cap_is_chosen(cap: int | None) -> None:
    hand = ["pebble-imp", "trim", "trim", "trim", "snip", "tremor", "papercut", "sharp-edge", "twin-blades"]
    state = scenario(
        hands=(hand + ["summoning-scroll"], []),
        boards=(("moss-giant", None, None), (None, None, None)),
        decks=(["iron-fist", "stone-skin", "spellbook"], []),
        options={} if cap is None else {"hand_cap": cap},
    )
    assert len(state.hands[0]) == 10
    play(state, f"stack {at(state, 'summoning-scroll')} on 1")  # Summoning Scroll: draw 2
    if cap is None:  # the source has no hand limit: both cards are drawn
        assert len(state.hands[0]) == 11 and len(state.decks[0]) == 1
    else:  # the safety cap of ours: room for one only
        assert len(state.hands[0]) == 10 and len(state.decks[0]) == 2
    assert GAME.options["hand_cap"].default == 0


def test_MC_2_5_a_hand_can_hold_a_whole_deck() -> None:
    cards = [c.id for c in CARDS if c.id != "pebble-imp"][:25]
    state = scenario(
        hands=(cards[:19], []), boards=(("pebble-imp", None, None), (None, None, None)), decks=(cards[19:], [])
    )
    state.draw(0, 10, [], "test")
    assert len(state.hands[0]) == 25 and state.decks[0] == []
    assert any(t.split()[:2] in (["play", "25"], ["stack", "25"]) for t in texts(state))


def test_MC_2_5_a_safety_cap_below_the_draw_is_refused() -> None:
    with pytest.raises(BadOptions, match="hand_cap"):
        GAME.new(2, seed=1, options={"hand_cap": 4})


@pytest.mark.parametrize("allowed", [None, False, True])
def test_MC_2_6_attacks_in_the_first_round_unless_the_truce_of_ours_is_chosen(allowed: bool | None) -> None:
    opts = {} if allowed is None else {"first_round_attacks": allowed}
    state = scenario(boards=(("boulder-brute", None, None), ("pebble-imp", None, None)), turn=2, options=opts)
    assert ("attack 1" in texts(state)) is (allowed is not False)  # the source: conflicting stacks can attack
    state = scenario(boards=(("boulder-brute", None, None), ("pebble-imp", None, None)), turn=3, options=opts)
    assert "attack 1" in texts(state)
    assert GAME.options["first_round_attacks"].default is True


@pytest.mark.parametrize("allowed", [False, True])
def test_MC_2_6_first_round_in_a_real_game(allowed: bool) -> None:
    state = new(seed=5, first_player=0, first_round_attacks=allowed)
    rng = Rng(2)
    seen_attack = False
    while state.turn <= 2:
        can = any(str(a).startswith("attack") for a in state.legal_actions())
        assert not can or allowed
        seen_attack |= can
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert seen_attack is allowed


# ------------------------------------------------------------------------------------------- MC-3 monsters
def test_MC_3_1_monster_names_unique_in_a_deck() -> None:
    deck = list(random_deck(Rng(1)))
    monsters = [i for i in deck if CARDS[i].monster and CARDS[i].copies == 1]
    deck[deck.index(monsters[1])] = monsters[0]
    with pytest.raises(DeckError, match=f"MC-9.2.*{CARDS[monsters[0]].name}"):
        validate_deck(deck)


def test_MC_3_2_power_card_limit() -> None:
    state = scenario(
        hands=(["stone-skin", "iron-fist"], []),
        boards=(("boulder-brute", "obsidian-ogre", None), (None, None, None)),
    )
    assert BY_ID["boulder-brute"].limit == 1 and BY_ID["obsidian-ogre"].limit == 0
    assert not any(t.endswith("on 2") or t.endswith("on 2 down") for t in texts(state))
    play(state, "stack 1 on 1")
    assert not any(t.startswith("stack") for t in texts(state))


def test_MC_3_3_score_is_the_attack_force() -> None:
    state = scenario(boards=(("boulder-brute", None, None), ("pebble-imp", None, None)))
    assert score("boulder-brute") > score("pebble-imp")
    play(state, "attack 1")
    assert state.board[1][0] is None and state.board[0][0] is not None
    assert ids(state.graves[1]) == ["pebble-imp"]


def test_MC_3_4_type_decides_equal_scores() -> None:
    # Pebble Imp (rock 2) against Papier-Mache Mummy (paper 2): paper beats rock.
    state = scenario(boards=(("pebble-imp", None, None), ("papier-mache-mummy", None, None)))
    play(state, "attack 1")
    assert ids(state.graves[0]) == ["pebble-imp"] and state.board[1][0] is not None


def test_MC_3_5_special_effects_apply() -> None:
    state = scenario(hands=(["paper-wraith"], []), decks=(["trim", "snip"], []))
    play(state, "play 1 to 1")  # Paper Wraith: when played, draw 1
    assert ids(state.hands[0]) == ["snip"]


# ------------------------------------------------------------------------------------------- MC-4 power cards
def test_MC_4_1_power_names_unique_in_a_deck() -> None:
    deck = list(random_deck(Rng(2)))
    powers = [i for i in deck if not CARDS[i].monster and CARDS[i].copies == 1]
    deck[deck.index(powers[1])] = powers[0]
    with pytest.raises(DeckError, match=f"MC-9.2.*{CARDS[powers[0]].name}"):
        validate_deck(deck)


def test_MC_4_2_power_special_effect() -> None:
    state = scenario(
        hands=(["summoning-scroll"], []),
        boards=(("pebble-imp", None, None), (None, None, None)),
        decks=(["trim", "snip", "tremor"], []),
    )
    play(state, "stack 1 on 1")
    assert sorted(ids(state.hands[0])) == ["snip", "tremor"]


def test_MC_4_3_calculations_add_multiply_and_lower_the_opponent() -> None:
    base = score("pebble-imp")
    state = scenario(
        boards=(
            ("pebble-imp + stone-skin", "pebble-imp + landslide", "moss-giant + tremor"),
            ("boulder-brute", "boulder-brute", "boulder-brute"),
        )
    )
    assert conflict_score(state, 0, 0, True) == base + BY_ID["stone-skin"].add
    assert conflict_score(state, 0, 1, True) == base * BY_ID["landslide"].mul
    assert conflict_score(state, 1, 2, False) == score("boulder-brute") + BY_ID["tremor"].opp
    assert BY_ID["stone-skin"].calc == "+2" and BY_ID["landslide"].calc == "x2" and BY_ID["tremor"].calc == "-2 opp"


def test_MC_4_4_power_types_clash_like_monsters() -> None:
    # Granite Guard (rock, clash) against the top face-up power of the other stack: scissors loses to rock.
    state = scenario(boards=(("boulder-brute + granite-guard", None, None), ("boulder-brute + sharp-edge", None, None)))
    events = play(state, "attack 1")
    clash = next(e for e in events if e.type == "clash")
    assert clash.data["destroyed"] == ["sharp-edge"]


def test_MC_4_5_power_cards_never_stand_alone() -> None:
    state = scenario(hands=(["stone-skin", "pebble-imp"], []))
    assert not any(t.startswith("stack") for t in texts(state))  # no monster on the board yet
    play(state, f"play {at(state, 'pebble-imp')} to 1")
    assert "stack 1 on 1" in texts(state)
    assert not any(t.startswith("play") for t in texts(state))  # a power card is never played to a space


# ------------------------------------------------------------------------------------------- MC-5 stacks
def test_MC_5_1_a_stack_is_one_monster_and_powers_up_to_the_limit() -> None:
    state = scenario(
        hands=(["stone-skin", "iron-fist", "paper-armor", "spellbook"], []),
        boards=(("moss-giant", None, None), (None, None, None)),
    )
    play(state, "stack 1 on 1", "stack 1 on 1", "stack 1 on 1")
    st = state.board[0][0]
    assert st is not None and len(st.p) == BY_ID["moss-giant"].limit == 3
    assert not any(t.startswith("stack") for t in texts(state))


def test_MC_5_2_monsters_go_to_free_spaces_face_up_or_down() -> None:
    state = scenario(hands=(["pebble-imp", "snip-sprite"], []), boards=((None, "boulder-brute", None), ((None,) * 3)))
    plays = {t for t in texts(state) if t.startswith("play")}
    assert plays == {f"play {h} to {s}{d}" for h in (1, 2) for s in (1, 3) for d in ("", " down")}
    play(state, "play 1 to 1 down")
    st = state.board[0][0]
    assert st is not None and not st.mup


def test_MC_5_2_no_free_space_not_even_through_an_effect() -> None:
    state = scenario(
        hands=(["pebble-imp", "fossil-call"], []),
        boards=(("boulder-brute", "moss-giant", "moss-giant"), ((None,) * 3)),
        graves=(["tome-titan"], []),
    )
    assert not any(t.startswith("play") for t in texts(state))
    events = play(state, f"stack {at(state, 'fossil-call')} on 2")  # Fossil Call: return a grave monster
    assert "no_target" in types(events) and ids(state.graves[0]) == ["tome-titan"]


def test_MC_5_3_no_face_up_power_on_a_face_down_monster() -> None:
    state = scenario(hands=(["stone-skin"], []), boards=(("~boulder-brute", None, None), ((None,) * 3)))
    assert [t for t in texts(state) if t.startswith("stack")] == ["stack 1 on 1 down"]


def test_MC_5_4_face_down_cards_are_inactive_and_hidden() -> None:
    state = scenario(boards=(("pebble-imp + ~iron-fist", "~paper-wraith", None), ((None,) * 3)))
    other = scenario(boards=(("pebble-imp", None, None), ("boulder-brute", None, None)))
    assert conflict_score(other, 0, 0, True) == score("pebble-imp")
    state.board[1][0] = other.board[1][0]
    assert conflict_score(state, 0, 0, True) == score("pebble-imp")  # the face-down +3 adds nothing
    seen = state.view(1)["boards"][0]
    assert seen[0]["powers"] == [{"id": None, "up": False}]
    assert seen[1]["monster"] == {"id": None, "up": False}
    mine = state.view(0)["boards"][0]
    assert mine[1]["monster"]["id"] == "paper-wraith" and mine[1]["monster"]["up"] is False
    # Played face down, a "when played" effect does not trigger.
    state2 = scenario(hands=(["paper-wraith"], []), decks=(["trim"], []))
    play(state2, "play 1 to 1 down")
    assert state2.hands[0] == []


def test_MC_5_5_flip_turns_the_monster_first_then_powers_and_triggers() -> None:
    state = scenario(
        hands=(["summoning-scroll"], []),
        boards=(("~pebble-imp", None, None), ((None,) * 3)),
        decks=(["trim", "snip"], []),
    )
    play(state, "stack 1 on 1 down", "flip 1")
    st = state.board[0][0]
    assert st is not None and st.mup and st.pup == [False]
    assert state.hands[0] == []
    play(state, "flip 1")  # now the power card, whose "when played" triggers
    assert st.pup == [True] and ids(state.hands[0]) == ["snip", "trim"]
    assert "flip 1" not in texts(state)


def test_MC_5_6_moves_once_a_turn_into_a_free_space() -> None:
    state = scenario(boards=(("~pebble-imp + stone-skin", "boulder-brute", None), ("tome-titan", None, None)))
    moves = [t for t in texts(state) if t.startswith("move")]
    assert moves == ["move 2 right"]  # space 1 is blocked by space 2; nothing moves off the board
    play(state, "move 2 right", "move 1 right")  # face-down stacks move too, with their power cards
    assert board_ids(state, 0) == [None, ["pebble-imp", "stone-skin"], ["boulder-brute"]]
    assert not any(t.startswith("move") for t in texts(state))  # both have moved this turn
    play(state, "end", "end")
    assert any(t.startswith("move") for t in texts(state))  # a new turn, new moves


def test_MC_5_6_a_move_by_an_effect_counts_as_the_stacks_move() -> None:
    state = scenario(
        hands=(["origami-wings"], []),
        boards=(("pebble-imp", "boulder-brute", None), (None, None, "pebble-imp")),
    )
    play(state, "stack 1 on 1", "target own 2 right")
    st = state.board[0][2]
    assert st is not None and st.moved
    assert "attack 3" not in texts(state)  # "If a stack has been moved it cannot initiate an attack"
    assert "move 3 left" not in texts(state)  # and it has used its one move this turn
    play(state, "end", "end")
    assert "attack 3" in texts(state) and "move 3 left" in texts(state)  # a new turn


def test_MC_5_6_a_stack_the_opponent_moved_moves_and_attacks_in_its_own_turn() -> None:
    state = scenario(
        hands=(["quake"], []),
        boards=(("pebble-imp", None, None), ("boulder-brute", None, None)),
        decks=(DEFAULT_DECK, DEFAULT_DECK),
    )
    play(state, "stack 1 on 1", "target opp 1 right")  # Quake moves a stack on any board
    moved = state.board[1][1]
    assert moved is not None and moved.moved
    play(state, "end")
    assert state.active == 1 and not moved.moved
    assert "move 2 left" in texts(state)


def test_MC_5_7_a_stack_played_this_turn_may_attack() -> None:
    state = scenario(hands=(["boulder-brute"], []), boards=(("pebble-imp", None, None), (None, "pebble-imp", None)))
    play(state, "play 1 to 2")
    assert "attack 2" in texts(state)


# ------------------------------------------------------------------------------------------- MC-6 one monster
def test_MC_6_1_a_monster_must_be_played_first() -> None:
    state = scenario(hands=(["stone-skin", "pebble-imp"], []), check=True)
    assert state.phase == P_PLAY
    imp = at(state, "pebble-imp")
    assert texts(state) == [f"play {imp} to {s}{d}" for s in (1, 2, 3) for d in ("", " down")]
    with pytest.raises(IllegalAction):
        state.apply(GAME.parse_action("end"))
    play(state, f"play {imp} to 1 down")  # a face-down monster counts
    assert "end" in texts(state)


def test_MC_6_1_the_view_says_why_the_turn_cannot_end_yet() -> None:
    # Review item 1: the board tells the player why End turn is missing, from the engine's legal actions.
    state = scenario(hands=(["stone-skin", "pebble-imp"], []), check=True)
    assert "end" not in texts(state)
    for seat in (0, 1, None):  # public: anyone sees the empty board
        assert state.view(seat)["end_block"] == "monster_first"
    play(state, f"play {at(state, 'pebble-imp')} to 1")
    assert "end" in texts(state)
    assert state.view(0)["end_block"] is None


@pytest.mark.parametrize("penalty", [True, False])
def test_MC_6_2_show_a_hand_without_monsters_and_redraw(penalty: bool) -> None:
    hand = ["stone-skin", "iron-fist", "trim"]
    deck = ["pebble-imp", "snip", "papercut", "tremor", "sharp-edge", "twin-blades"]
    state = scenario(hands=(hand, []), decks=(deck, []), options={"reveal_penalty": penalty}, check=True)
    if penalty:
        assert state.phase == P_REVEAL and state.to_move == 1
        assert texts(state) == ["destroy 1", "destroy 2", "destroy 3", "spare"]
        assert state.view(1)["revealed"] == {"seat": 0, "cards": ids(state.hands[0]), "reason": "no_monster"}
        assert "shows a hand without monsters" in GAME.render(state.view(1), 1)
        play(state, "destroy 2")
        assert len(state.graves[0]) == 1 and ids(state.graves[0])[0] in hand
        assert state.destroys == [0, 0]
        while state.phase == P_REVEAL:  # the redraw held no monster either: show again
            play(state, "spare")
    assert state.phase == P_PLAY and state.to_move == 0
    assert len(state.hands[0]) == 5
    held = sorted(ids(state.hands[0]) + ids(state.decks[0]) + ids(state.graves[0]))
    assert held == sorted(hand + deck)
    assert any(BY_ID[c].monster for c in ids(state.hands[0]))  # repeated until a monster is held


def test_MC_6_2_spare_destroys_nothing() -> None:
    state = scenario(hands=(["stone-skin"], []), decks=(["pebble-imp"], []), check=True)
    play(state, "spare")
    assert state.graves == [[], []] and ids(state.hands[0]) == ["pebble-imp", "stone-skin"]


def test_MC_6_3_no_monster_anywhere_loses() -> None:
    state = scenario(hands=(["stone-skin"], []), decks=(["iron-fist", "trim"], []), check=True)
    assert state.over and state.phase == P_OVER
    result = state.result
    assert result is not None and result.winners == (1,) and result.termination == "no_monster"
    assert state.legal_actions() == ()


def test_MC_6_4_the_rule_binds_the_player_whose_turn_it_is() -> None:
    state = scenario(
        boards=(("boulder-brute", None, None), ("pebble-imp", None, None)),
        decks=(DECK := ["trim"], ["stone-skin", "iron-fist", "trim", "snip", "tremor", "pebble-imp"]),
    )
    del DECK
    play(state, "attack 1")  # seat 1's only monster is destroyed; its turn begins without one
    assert state.active == 1
    assert state.phase == P_PLAY  # it drew a monster (the deck's top is the last card)
    assert all(t.startswith("play") for t in texts(state))


@pytest.mark.parametrize("enabled", [None, True, False])
def test_MC_6_5_a_stuck_hand_is_shown_and_redrawn_only_with_the_option_of_ours(enabled: bool | None) -> None:
    stuck = ["pebble-imp", "snip-sprite", "papier-mache-mummy", "stone-skin", "trim"]
    state = scenario(
        hands=([], stuck),
        boards=(("pebble-imp", None, None), ("obsidian-ogre", "tome-titan", "guillotine-golem")),
        decks=(["trim"], ["sharp-edge", "paper-armor", "snip", "twin-blades", "tremor"]),
        options={} if enabled is None else {"stuck_redraw": enabled},
    )
    events = play(state, "end")  # seat 1's turn: full board, no slot, nothing can be played
    if enabled:
        shown = next(e for e in events if e.type == "reveal_hand")
        assert shown.data["reason"] == "stuck" and state.phase == P_REVEAL and state.to_move == 0
        # The shown hand holds monsters: the words say what happened, not "without monsters".
        assert state.view(0)["revealed"]["reason"] == "stuck"
        screen = GAME.render(state.view(0), 0)
        assert "shows a hand with no card that can be played" in screen and "without monsters" not in screen
        play(state, "destroy 1")
        assert state.to_move == 1 and len(state.hands[1]) == 5 and len(state.graves[1]) == 1
        assert sorted(ids(state.hands[1]) + ids(state.decks[1]) + ids(state.graves[1])) == sorted(
            stuck + ["sharp-edge", "paper-armor", "snip", "twin-blades", "tremor"]
        )
    else:  # the source asks for a reveal only when no monster is on the field
        assert "reveal_hand" not in types(events)
        assert state.phase == P_PLAY and state.to_move == 1 and sorted(ids(state.hands[1])) == sorted(stuck)
    assert GAME.options["stuck_redraw"].default is False


def test_MC_6_5_not_stuck_when_a_card_can_be_played() -> None:
    state = scenario(
        hands=([], ["stone-skin"] * 1 + ["trim"] * 3 + ["paper-armor"]),
        boards=(("pebble-imp", None, None), ("pebble-imp", "tome-titan", "guillotine-golem")),
        options={"stuck_redraw": True},
    )
    play(state, "end")
    assert state.active == 1 and state.phase == P_PLAY


# ------------------------------------------------------------------------------------------- MC-7 conflicts
def test_MC_7_1_attacks_only_on_the_conflicting_stack() -> None:
    state = scenario(boards=(("boulder-brute", "boulder-brute", "boulder-brute"), (None, "pebble-imp", None)))
    assert [t for t in texts(state) if t.startswith("attack")] == ["attack 2"]
    with pytest.raises(IllegalAction):
        state.apply(GAME.parse_action("attack 1"))


def test_MC_7_2_moved_stacks_do_not_attack_and_each_stack_attacks_once() -> None:
    state = scenario(
        boards=(("boulder-brute", None, "obsidian-ogre"), ("pebble-imp", "pebble-imp", "snip-sprite")),
    )
    play(state, "move 1 right")
    assert "attack 2" not in texts(state)
    play(state, "attack 3")
    assert state.active == 1  # the only unmoved attacker has attacked: the turn ended by itself
    state = scenario(boards=(("boulder-brute", "boulder-brute", None), ("pebble-imp", "pebble-imp", None)))
    play(state, "attack 2")
    assert texts(state) == ["attack 1", "end"]  # several attacks, in the order chosen


def test_MC_7_3_face_down_monsters_turn_up_traps_spring_played_effects_do_not() -> None:
    state = scenario(
        boards=(("~paper-wraith", None, None), ("~boulder-brute + ~bedrock + ~iron-fist", None, None)),
        decks=(["trim", "snip"], ["trim"]),
    )
    events = play(state, "attack 1")
    assert [e.data["card"] for e in events if e.type == "revealed"] == ["paper-wraith", "boulder-brute"]
    assert [e.data["card"] for e in events if e.type == "trap"] == ["bedrock"]
    conflict = next(e for e in events if e.type == "conflict")
    assert conflict.data["scores"] == [score("paper-wraith"), score("boulder-brute") + BY_ID["bedrock"].add]
    assert ids(state.hands[0]) == []  # Paper Wraith's "when played" did not trigger


def test_MC_7_4_additions_first_then_multipliers_never_below_zero() -> None:
    state = scenario(
        boards=(
            ("moss-giant + stone-skin + landslide + trim", "pebble-imp", None),
            ("boulder-brute", "boulder-brute + tremor + snip", None),
        )
    )
    giant = score("moss-giant") + 2 + 3 * 1 + 1  # +2, +1 per face-up power (3), +1, then x2
    assert conflict_score(state, 0, 0, True) == giant * 2
    assert conflict_score(state, 0, 1, True) == 0  # 2 - 2 - 2 is floored at 0


def test_MC_7_5_lower_score_goes_ties_by_type_same_type_both() -> None:
    state = scenario(boards=(("pebble-imp", None, None), ("pebble-imp", None, None)))
    events = play(state, "attack 1")
    assert next(e for e in events if e.type == "conflict").data["decided_by"] == "same type"
    assert state.destroys == [1, 1]
    assert ids(state.graves[0]) == ["pebble-imp"] and ids(state.graves[1]) == ["pebble-imp"]
    # Sturdy wins equal scores whatever the types: Granite Golem (rock 6) against Ink Hydra (paper 6, -1 opp).
    state = scenario(boards=(("steel-mantis", None, None), ("granite-golem", None, None)))
    events = play(state, "attack 1")
    conflict = next(e for e in events if e.type == "conflict")
    assert conflict.data["decided_by"] == "type"  # both sturdy: the types decide (rock beats scissors)
    assert conflict.data["losers"] == [0]
    state = scenario(boards=(("granite-golem", None, None), ("veil-specter + trim", None, None)))
    events = play(state, "attack 1")
    conflict = next(e for e in events if e.type == "conflict")
    assert conflict.data["decided_by"] == "sturdy" and conflict.data["losers"] == [1]


def test_MC_7_6_clash_destroys_the_inferior_power_card() -> None:
    state = scenario(boards=(("boulder-brute + whittle", None, None), ("boulder-brute + paper-armor", None, None)))
    events = play(state, "attack 1")
    clash = next(e for e in events if e.type == "clash")
    assert clash.data["destroyed"] == ["paper-armor"]  # scissors beats paper
    assert "paper-armor" in ids(state.graves[1])
    state = scenario(boards=(("boulder-brute + whittle", None, None), ("boulder-brute + snip", None, None)))
    events = play(state, "attack 1")
    assert sorted(next(e for e in events if e.type == "clash").data["destroyed"]) == ["snip", "whittle"]


def test_MC_7_7_destroyed_effects_then_win_effects() -> None:
    state = scenario(
        boards=(("quarry-queen + iron-fist", None, None), ("thorn-witch", None, None)),
        hands=(["trim", "snip"], []),
        decks=(["tremor"], ["trim"]),
    )
    events = play(state, "attack 1")
    events = events[: types(events).index("turn")]  # up to the end of seat 0's turn
    order = [e.type for e in events if e.type in ("discarded", "draw")]
    assert order == ["discarded", "draw"]  # Thorn Witch's "when destroyed" first, Quarry Queen's win next


# ------------------------------------------------------------------------------------------- MC-8 effects
def test_MC_8_1_you_is_the_player_whose_board_the_card_is_on() -> None:
    state = scenario(
        hands=(["grave-robber"], []),
        boards=(("pebble-imp", None, None), (None, None, None)),
        graves=([], ["quarry-queen"]),
    )
    play(state, "stack 1 on 1")
    assert texts(state) == ["target opp grave 1 to 2", "target opp grave 1 to 3", "skip"]
    play(state, "target opp grave 1 to 2")
    stolen = state.board[0][1]
    assert stolen is not None and CODE_ID[stolen.m] == "quarry-queen" and stolen.m & 1 == 1  # still seat 1's card
    # Seat 1's Quarry Queen on seat 0's board: its "when its stack wins: draw 1" draws for seat 0.
    state = scenario(boards=((None, "*quarry-queen", None), (None, "pebble-imp", None)), decks=(["trim"], ["snip"]))
    play(state, "attack 2")
    assert ids(state.hands[0]) == ["trim"] and ids(state.decks[1]) == []  # seat 1 then drew its own Snip


def test_MC_8_2_board_scopes() -> None:
    boards = (("pebble-imp + trim", None, None), ("pebble-imp + snip", None, None))
    mine = scenario(hands=(["letter-of-exile"], []), boards=boards)  # any board
    play(mine, "stack 1 on 1")
    assert texts(mine) == ["target own 1", "target opp 1", "skip"]
    theirs = scenario(hands=(["avalanche"], []), boards=boards)  # your opponent's board
    play(theirs, "stack 1 on 1")
    assert texts(theirs) == ["target opp 1", "skip"]
    own = scenario(hands=(["origami-wings"], []), boards=boards)  # your board
    play(own, "stack 1 on 1")
    assert texts(own) == ["target own 1 right", "skip"]


def test_MC_8_3_grave_scopes() -> None:
    graves = (["scroll-lich", "stone-skin"], ["tome-titan"])
    yours = scenario(hands=(["fossil-call"], []), boards=(("pebble-imp", None, None), ((None,) * 3)), graves=graves)
    play(yours, "stack 1 on 1")
    assert texts(yours) == ["target own grave 1 to 2", "target own grave 1 to 3", "skip"]
    opp = scenario(hands=(["grave-robber"], []), boards=(("pebble-imp", None, None), ((None,) * 3)), graves=graves)
    play(opp, "stack 1 on 1")
    assert texts(opp) == ["target opp grave 1 to 2", "target opp grave 1 to 3", "skip"]


def test_MC_8_4_when_played_triggers_only_from_its_player() -> None:
    # Flipped by a card effect: no trigger. Flipped by its player: trigger.
    state = scenario(
        hands=(["slice-open"], []),
        boards=(("pebble-imp", None, None), ("~paper-wraith", None, None)),
        decks=(["trim"], ["snip", "tremor"]),
    )
    play(state, "stack 1 on 1", "target opp 1")
    assert state.board[1][0] is not None and state.board[1][0].mup
    assert state.hands[1] == []
    # Destroyed while face down: its "when destroyed" does not trigger.
    state = scenario(
        hands=(["anvil-drop"], []),
        boards=(("pebble-imp", None, None), ("scroll-lich", None, None)),
        graves=([], ["tome-titan"]),
    )
    play(state, "stack 1 on 1", "target opp 1")
    assert state.phase == P_TARGET and state.to_move == 1  # face up: Scroll Lich's effect asks seat 1
    state = scenario(
        hands=(["letter-of-exile"], []),
        boards=(("pebble-imp", None, None), ("~scroll-lich + ~trim", None, None)),
        graves=([], ["tome-titan"]),
    )
    play(state, "stack 1 on 1", "target opp 1")
    assert state.phase == P_PLAY and state.to_move == 0


def test_MC_8_4_a_destroyed_power_cards_effect_triggers_for_its_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    """No card of the pool has it yet; the vocabulary allows it (a power card that draws when destroyed)."""
    import dataclasses

    from monsterlair.games.monster_club import board, effects
    from monsterlair.games.monster_club.cards import Effect

    table = list(board.CODE_CARD)
    trim = code("trim", 1)
    table[trim] = dataclasses.replace(table[trim], on_destroyed=(Effect(when="destroyed", op="draw", n=1),))
    monkeypatch.setattr(effects, "CODE_CARD", tuple(table))
    state = scenario(
        hands=(["avalanche"], []),
        boards=(("pebble-imp", None, None), ("pebble-imp + trim", None, None)),
        decks=(["snip"], ["tremor"]),
    )
    play(state, "stack 1 on 1", "target opp 1")
    assert ids(state.graves[1]) == ["trim"] and ids(state.hands[1]) == ["tremor"]


def test_MC_8_5_targets_can_be_declined_and_are_public() -> None:
    state = scenario(
        hands=(["sever"], []),
        boards=(("pebble-imp", None, None), ("pebble-imp", "~snip-sprite", "boulder-brute")),
    )
    play(state, "stack 1 on 1")
    # Sever: a monster with a printed score of 3 or less; the face-down one cannot be tested, Brute is too big.
    assert texts(state) == ["target opp 1", "skip"]
    assert state.view(1)["pending"]["options"] == ["target opp 1", "skip"]
    play(state, "skip")
    assert state.board[1][0] is not None and state.phase == P_PLAY
    state = scenario(hands=(["sever"], []), boards=(("pebble-imp", None, None), ("boulder-brute", None, None)))
    events = play(state, "stack 1 on 1")
    assert "no_target" in types(events) and state.phase == P_PLAY


def test_MC_8_6_the_effect_vocabulary() -> None:
    # destroy a monster (whole stack) and a power card
    s = scenario(hands=(["anvil-drop"], []), boards=(("pebble-imp", None, None), ("snip-sprite + trim", None, None)))
    play(s, "stack 1 on 1", "target opp 1")
    assert s.board[1][0] is None and ids(s.graves[1]) == ["snip-sprite", "trim"] and s.destroys == [1, 0]
    s = scenario(
        hands=(["avalanche"], []), boards=(("pebble-imp", None, None), ("crag-troll + trim + snip", None, None))
    )
    play(s, "stack 1 on 1", "target opp 1")
    assert board_ids(s, 1)[0] == ["crag-troll", "trim"] and ids(s.graves[1]) == ["snip"]
    # return to hand and to the board
    s = scenario(hands=(["grave-rubbing"], []), boards=(("pebble-imp", None, None), ((None,) * 3)))
    s.graves[0] = [code("tome-titan", 0), code("iron-fist", 0)]
    play(s, "stack 1 on 1")
    assert texts(s) == ["target own grave 2", "skip"]
    play(s, "target own grave 2")
    assert ids(s.hands[0]) == ["iron-fist"] and ids(s.graves[0]) == ["tome-titan"]
    # move an opponent's stack, flip up and down
    s = scenario(hands=(["cave-gnasher"], []), boards=((None,) * 3, ("pebble-imp", None, None)))
    play(s, "play 1 to 1", "target opp 1 right")
    assert board_ids(s, 1) == [None, ["pebble-imp"], None]
    s = scenario(hands=(["hex-page"], []), boards=((None,) * 3, ("pebble-imp + trim", None, None)))
    play(s, "play 1 to 2", "target opp 1")
    st = s.board[1][0]
    assert st is not None and not st.mup and st.pup == [False] and st.mknown and st.pknown == [True]
    assert s.view(0)["boards"][1][0]["monster"]["id"] == "pebble-imp"  # known though face down
    # draw and discard
    s = scenario(hands=(["shredder-wisp"], ["trim", "snip"]))
    events = play(s, "play 1 to 1")
    discarded = next(e for e in events if e.type == "discarded")
    assert len(discarded.data["cards"]) == 1 and len(s.hands[1]) == 1 and ids(s.graves[1]) == discarded.data["cards"]


def test_MC_8_7_immune_stacks_cannot_be_targeted_by_the_opponent() -> None:
    s = scenario(
        hands=(["letter-of-exile"], []),
        boards=(("stone-sentinel + trim", None, None), ("stone-sentinel + snip", None, None)),
    )
    play(s, "stack 1 on 1")
    assert texts(s) == ["target own 1", "skip"]  # my own immune stack is fair game for my cards
    s = scenario(
        hands=(["letter-of-exile"], []), boards=(("pebble-imp", None, None), ("~stone-sentinel + snip", None, None))
    )
    play(s, "stack 1 on 1")
    assert "target opp 1" in texts(s)  # face down, the keyword is inactive


def test_MC_8_8_card_text_overrides_the_rules() -> None:
    # swift: attacks after moving
    s = scenario(boards=(("rumble-rhino", None, None), (None, "pebble-imp", None)))
    play(s, "move 1 right")
    assert "attack 2" in texts(s)
    s = scenario(hands=(["quick-step"], []), boards=(("pebble-imp", None, None), (None, "pebble-imp", None)))
    play(s, "stack 1 on 1", "move 1 right")
    assert "attack 2" in texts(s)  # a swift power card lends the keyword to its stack
    # copies: a deck may hold three Pebble Imps, not four
    others = [c.index for c in CARDS if c.copies == 1]
    deck = [BY_ID["pebble-imp"].index] * 3 + others[:22]
    validate_deck(deck)
    deck[3] = BY_ID["pebble-imp"].index
    with pytest.raises(DeckError, match="MC-9.2"):
        validate_deck(deck)


def test_MC_8_9_effects_resolve_in_order_and_the_opponent_may_choose() -> None:
    state = scenario(
        boards=(("boulder-brute", None, None), ("scroll-lich", None, None)),
        graves=([], ["tome-titan"]),
        decks=(["trim"], ["snip"]),
    )
    play(state, "attack 1")
    assert state.phase == P_TARGET and state.to_move == 1 and state.active == 0
    assert texts(state) == ["target own grave 1", "target own grave 2", "skip"]  # the Lich itself is there too
    play(state, "target own grave 1")
    assert ids(state.graves[1]) == ["scroll-lich"]
    assert ids(state.hands[1]) == ["tome-titan", "snip"]  # returned, then seat 1's own turn drew Snip
    assert state.active == 1  # seat 0 had no attack left: its turn ended once the effect resolved


# ------------------------------------------------------------------------------------------- MC-9 decks
def test_MC_9_1_decks_hold_25_cards() -> None:
    with pytest.raises(DeckError, match="MC-9.1: a deck holds exactly 25 cards; this one holds 24"):
        validate_deck(list(PRESETS["inkwell"].cards)[:24])


def test_MC_9_2_names_unique_unless_the_card_allows_copies() -> None:
    text = ", ".join(["3x snip-sprite"] + [c.id for c in CARDS if c.copies == 1][:22])
    assert len(parse_deck_list(text)) == 25
    with pytest.raises(DeckError, match="MC-9.2"):
        parse_deck_list(", ".join(["4x snip-sprite"] + [c.id for c in CARDS if c.copies == 1][:21]))


def test_MC_9_3_a_deck_needs_a_monster() -> None:
    powers = [c.index for c in CARDS if not c.monster][:25]
    with pytest.raises(DeckError, match="MC-9.3"):
        validate_deck(powers)


def test_MC_9_4_four_themed_presets_are_legal() -> None:
    assert len(PRESETS) >= 4
    for preset in PRESETS.values():
        assert validate_deck(preset.cards) == preset.cards and preset.theme
        assert sum(CARDS[i].monster for i in preset.cards) >= 10


def test_MC_9_5_random_decks_are_legal_and_seeded() -> None:
    deck = random_deck(Rng(3))
    assert deck == random_deck(Rng(3)) != random_deck(Rng(4))
    assert sum(CARDS[i].monster for i in deck) == RANDOM_MONSTERS and len(set(deck)) == 25
    assert new(seed=9).deck_lists == new(seed=9).deck_lists


def test_MC_9_6_deck_options_are_validated_naming_the_rule() -> None:
    with pytest.raises(BadOptions, match="deck0.*MC-9.1"):
        new(deck0="pebble-imp, stone-skin")
    with pytest.raises(BadOptions, match="preset deck"):
        new(deck1="nonsense")
    with pytest.raises(BadOptions, match="No card is called 'pebble imps'"):
        new(deck1="pebble imps, " + ", ".join(c.id for c in CARDS[1:25]))
    custom = ", ".join(c.name for c in CARDS[:25])
    state = new(deck0=custom)
    assert sorted(ids(state.deck_lists[0])) == sorted(c.id for c in CARDS[:25])
    assert state.view(None)["deck_names"][0] == "Custom"


# ------------------------------------------------------------------------------------------- MC-10 graves
def test_MC_10_1_cards_go_to_their_original_owners_grave() -> None:
    # Seat 0's Pebble Imp and Trim sit on seat 1's board (taken from seat 0's grave).
    state = scenario(boards=(("boulder-brute", None, None), ("*pebble-imp + stone-skin + *trim", None, None)))
    play(state, "attack 1")
    assert ids(state.graves[0]) == ["pebble-imp", "trim"]
    assert ids(state.graves[1]) == ["stone-skin"]
    assert state.destroys == [1, 0]  # a destroy counts for the other side of the board it was on


def test_MC_10_2_discards_and_shown_cards_go_to_their_owners_grave() -> None:
    s = scenario(hands=(["confetti-storm"], ["trim"]), boards=(("pebble-imp", None, None), ((None,) * 3)))
    play(s, "stack 1 on 1")
    assert ids(s.graves[1]) == ["trim"] and s.graves[0] == []
    s = scenario(hands=(["trim"], []), decks=(["pebble-imp"], []), check=True)
    play(s, "destroy 1")
    assert ids(s.graves[0]) == ["trim"]


# ------------------------------------------------------------------------------------------- MC-11 ending
def test_MC_11_1_destroys_count_monsters_from_the_board() -> None:
    s = scenario(hands=(["sever"], []), boards=(("pebble-imp", None, None), ("snip-sprite", None, None)))
    play(s, "stack 1 on 1", "target opp 1")
    assert s.destroys == [1, 0]
    s = scenario(hands=(["avalanche"], []), boards=(("pebble-imp", None, None), ("snip-sprite + trim", None, None)))
    play(s, "stack 1 on 1", "target opp 1")
    assert s.destroys == [0, 0]  # a power card is not a destroy


@pytest.mark.parametrize("target", [1, 3])
def test_MC_11_2_destroys_to_win(target: int) -> None:
    s = scenario(
        boards=(("boulder-brute", None, None), ("pebble-imp", "pebble-imp", None)),
        destroys=(target - 1, 0),
        options={"destroys_to_win": target},
    )
    play(s, "attack 1")
    result = s.result
    assert result is not None and result.winners == (0,) and result.termination == "destroys"
    assert result.scores == (float(target), 0.0) and not result.capped
    assert GAME.options["destroys_to_win"].default == 5


def test_MC_11_3_both_reaching_it_at_once() -> None:
    s = scenario(boards=(("pebble-imp", None, None), ("pebble-imp", None, None)), destroys=(4, 4))
    play(s, "attack 1")
    result = s.result
    assert result is not None and result.winners == () and result.ranks == (1, 1)
    s = scenario(boards=(("pebble-imp", None, None), ("pebble-imp", None, None)), destroys=(4, 3))
    play(s, "attack 1")
    assert s.result is not None and s.result.winners == (0,)


def test_MC_11_4_a_player_who_can_never_have_a_monster_loses() -> None:
    s = scenario(
        active=1,
        boards=(("pebble-imp", None, None), ((None,) * 3)),
        hands=([], ["trim"]),
        decks=(["trim"], ["snip"]),
        check=True,
    )
    result = s.result
    assert result is not None and result.winners == (0,) and result.termination == "no_monster"


@pytest.mark.parametrize("stall", [0, 4, SUGGESTED_STALL_TURNS, None])
def test_MC_11_5_stalling_rule(stall: int | None) -> None:
    # None: the default, which is off (the rule is ours, not the source's).
    s = scenario(
        boards=(("pebble-imp", None, None), (None, "pebble-imp", None)),
        destroys=(1, 0),
        options={} if stall is None else {"stall_turns": stall},
    )
    limit = DEFAULT_STALL_TURNS if stall is None else stall
    for _ in range(limit or 2 * SUGGESTED_STALL_TURNS):
        assert not s.over
        play(s, "end")
    if limit:
        result = s.result
        assert result is not None and result.termination == "stalled" and result.winners == (0,)
        assert not result.capped
    else:
        assert not s.over
    assert GAME.options["stall_turns"].default == DEFAULT_STALL_TURNS == 0


def test_MC_11_5_a_destroy_restarts_the_stall_count() -> None:
    s = scenario(
        boards=(("boulder-brute", None, None), ("pebble-imp", "pebble-imp", None)),
        options={"stall_turns": 6},
    )
    for _ in range(4):
        play(s, "end")
    assert s.stall == 4 and s.active == 0
    play(s, "attack 1")
    assert s.destroys == [1, 0] and s.stall == 0 and s.active == 1
    for _ in range(5):
        play(s, "end")
    assert not s.over and s.stall == 5
    play(s, "end")
    assert s.result is not None and s.result.termination == "stalled" and s.result.winners == (0,)


@pytest.mark.parametrize("cap", [0, 3])
def test_MC_11_6_safety_caps(cap: int) -> None:
    s = scenario(boards=(("pebble-imp", None, None), (None, "pebble-imp", None)), turn=1, options={"max_turns": cap})
    for _ in range(5):
        if s.over:
            break
        play(s, "end")
    if cap:
        result = s.result
        assert result is not None and result.capped and result.termination == "turn_cap" and result.winners == ()
        assert result.detail["turns"] == cap, "the result counts the turns played, not the one the cap stopped"
    else:
        assert not s.over


def test_MC_11_6_safety_limits_are_shown_to_players_as_ours() -> None:
    for name in ("max_turns", "hand_cap"):
        option = GAME.options[name]
        assert "safety limit of ours" in option.label and "safety limit of ours" in option.doc
    assert GAME.options["max_turns"].default == 200 and GAME.options["hand_cap"].default == 0


def test_MC_11_6_turn_action_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    from monsterlair.games.monster_club import state as state_module

    monkeypatch.setattr(state_module, "TURN_ACTION_CAP", 3)
    s = scenario(hands=(["pebble-imp", "snip-sprite", "papier-mache-mummy"], []))
    play(s, "play 1 to 1", "play 1 to 2", "play 1 to 3")
    result = s.result
    assert result is not None and result.capped and result.termination == "action_cap"


def test_MC_11_full_games_end_by_the_rules() -> None:
    rng = Rng(5)
    for seed in range(20):
        s = new(seed=seed)
        while not s.over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        result = s.result
        assert result is not None and result.termination in ("destroys", "no_monster")
        assert max(s.destroys) >= 5 or result.termination == "no_monster"


def test_MC_7_4_a_conflict_comes_with_the_breakdown_of_each_score() -> None:
    # Issue 13 item 11: the board shows a stack's score outside a conflict; the conflict event says what
    # made each score (printed score, additions from both stacks, then multipliers), in that order.
    state = scenario(
        boards=(
            ("moss-giant + stone-skin + landslide + trim", "pebble-imp", None),
            ("boulder-brute", "boulder-brute + tremor + snip", None),
        )
    )
    parts: list[dict[str, object]] = []
    assert conflict_score(state, 0, 1, True, parts) == 0
    assert parts == [
        {"card": "pebble-imp", "owner": 0, "kind": "printed", "value": 2},
        {"card": "tremor", "owner": 1, "kind": "add", "value": -2},  # the opponent's cards count against it
        {"card": "snip", "owner": 1, "kind": "add", "value": -2},
    ]
    conflict = next(e for e in play(state, "attack 1") if e.type == "conflict")
    assert conflict.data["scores"] == [16, 7]
    assert conflict.data["breakdown"] == [
        [
            {"card": "moss-giant", "owner": 0, "kind": "printed", "value": 2},
            {"card": "moss-giant", "owner": 0, "kind": "add", "value": 3},  # +1 per face-up power card
            {"card": "stone-skin", "owner": 0, "kind": "add", "value": 2},
            {"card": "trim", "owner": 0, "kind": "add", "value": 1},
            {"card": "landslide", "owner": 0, "kind": "times", "value": 2},
        ],
        [{"card": "boulder-brute", "owner": 1, "kind": "printed", "value": 7}],
    ]
    for side, total in ((0, 16), (1, 7)):  # the breakdown adds up to the score
        adds = sum(int(str(p["value"])) for p in conflict.data["breakdown"][side] if p["kind"] != "times")
        mul = 1
        for p in conflict.data["breakdown"][side]:
            if p["kind"] == "times":
                mul *= int(str(p["value"]))
        assert max(0, adds) * mul == total


def test_MC_7_2_the_view_says_why_a_stack_cannot_attack() -> None:
    # Issue 13 item 11: a moved stack says why it cannot attack (to everyone: every reason is public).
    state = scenario(
        boards=(("boulder-brute", None, "obsidian-ogre"), ("pebble-imp", "pebble-imp", None)),
    )
    play(state, "move 1 right")
    for seat in (0, 1, None):
        own, theirs = state.view(seat)["boards"]
        assert [st and st["attack_block"] for st in own] == [None, "moved", "no_target"]
        assert [st and st["attack_block"] for st in theirs] == [None, None, None]  # not their turn
    assert texts(state) == ["end"]
    first = scenario(
        boards=(("boulder-brute", None, None), ("pebble-imp", None, None)),
        turn=2,
        options={"first_round_attacks": False},  # the invented MC-2.6, opt-in
    )
    assert first.view(0)["boards"][0][0]["attack_block"] == "first_round"
    assert "attack 1" not in texts(first)
