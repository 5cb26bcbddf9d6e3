"""Why a move typed in the terminal cannot be played now, in players' words (stranger's review: `end` or
`flip 2` answered only "'end' is not legal now"). ``Game.refusal`` reads the state's own reasons: the
one-monster rule (``end_block``, MC-6.1), a stack's attack (``attack_block``, MC-7.2), its move (MC-5.6),
its flip (MC-5.5) and the step (MC-2.3: no play, move or flip after an attack)."""

from __future__ import annotations

from monsterlair.games.monster_club import GAME
from tests.games.monster_club.helpers import at, play, scenario, texts

NAMES = ["Ann", "Bob"]


def refused(state: object, text: str) -> str | None:
    return GAME.refusal(state, text, NAMES)  # type: ignore[arg-type]


def test_MC_6_1_an_empty_board_says_play_a_monster_first() -> None:
    state = scenario(hands=(["stone-skin", "pebble-imp"], []), check=True)
    assert "end" not in texts(state)
    first = "play a monster first (an empty board needs one)"
    assert refused(state, "end") == f"'end': you can't end your turn yet: {first}."
    assert refused(state, "attack 1") == f"'attack 1': you can't attack yet: {first}."
    assert refused(state, "flip 2") == f"'flip 2': you can't flip a card yet: {first}."
    assert refused(state, "move 1 right") == f"'move 1 right': you can't move a stack yet: {first}."
    assert refused(state, f"play {at(state, 'pebble-imp')} to 1") is None  # legal: nothing to refuse
    assert refused(state, "not a move") is None  # no action at all: the terminal's own message


def test_MC_7_2_and_MC_5_6_a_stack_says_why_it_cannot_attack_move_or_flip() -> None:
    state = scenario(
        boards=(("boulder-brute", None, "obsidian-ogre + ~stone-skin"), ("pebble-imp", "pebble-imp", None)),
    )
    play(state, "move 1 right")
    assert refused(state, "attack 2") == "'attack 2': stack 2 can't attack: it moved this turn."
    assert refused(state, "attack 3") == "'attack 3': stack 3 can't attack: there is no stack opposite it."
    assert refused(state, "attack 1") == "'attack 1': you have no stack on space 1."
    assert refused(state, "move 2 left") == "'move 2 left': stack 2 can't move: it moved this turn already."
    assert refused(state, "move 3 left") == "'move 3 left': stack 3 can't move left: space 2 is taken."
    assert (
        refused(state, "move 3 right") == "'move 3 right': stack 3 can't move right: it is at the edge of your board."
    )
    assert refused(state, "flip 2") == "'flip 2': stack 2 has no face-down card to flip."
    assert refused(state, "flip 1") == "'flip 1': you have no stack on space 1."
    assert refused(state, "flip 3") is None  # its power card is face down: legal


def test_MC_7_2_the_board_says_why_a_stack_cannot_attack_in_the_terminals_words() -> None:
    """The browser's board shows a stack's ``attack_block`` with the display data's words, which are the
    terminal's refusal's: one wording for both (the board once had its own, "Moved this turn, so it cannot attack")."""
    from monsterlair.games.monster_club.display import display_data

    state = scenario(
        boards=(("boulder-brute", None, "obsidian-ogre + ~stone-skin"), ("pebble-imp", "pebble-imp", None)),
    )
    play(state, "move 1 right")
    board = display_data()["attack_block"]
    own = state.view(0)["boards"][0]
    assert [st and st["attack_block"] for st in own] == [None, "moved", "no_target"]
    assert board["moved"] == "Can't attack: it moved this turn"
    assert board["no_target"] == "Can't attack: there is no stack opposite it"
    for space in (2, 3):
        code = own[space - 1]["attack_block"]
        said = refused(state, f"attack {space}")
        assert said == f"'attack {space}': stack {space} {board[code][0].lower()}{board[code][1:]}.", said


def test_MC_2_3_after_an_attack_only_attacks_and_end_remain() -> None:
    state = scenario(boards=(("boulder-brute", "boulder-brute", None), ("pebble-imp", "pebble-imp", None)))
    play(state, "attack 1")
    assert "attack 2" in texts(state) and "end" in texts(state)
    assert refused(state, "attack 1") == "'attack 1': stack 1 can't attack: it already attacked this turn."
    after = "after an attack you can only attack with another stack or end your turn"
    assert refused(state, "flip 2") == f"'flip 2': you can't flip a card now: {after}."
    assert refused(state, "move 2 right") == f"'move 2 right': you can't move a stack now: {after}."


def test_MC_2_6_no_attacks_in_the_first_round_when_the_table_says_so() -> None:
    first = scenario(
        boards=(("boulder-brute", None, None), ("pebble-imp", None, None)),
        turn=2,
        options={"first_round_attacks": False},
    )
    assert refused(first, "attack 1") == "'attack 1': stack 1 can't attack: not in the first round."


def test_MC_5_2_and_MC_5_3_a_card_played_the_wrong_way_says_how() -> None:
    state = scenario(
        hands=(["stone-skin", "pebble-imp"], []),
        boards=(("obsidian-ogre", "~pebble-imp", None), (None, None, None)),
    )
    skin, imp = at(state, "stone-skin"), at(state, "pebble-imp")
    assert refused(state, f"play {skin} to 3") == (
        f"'play {skin} to 3': Stone Skin is a power card: stack it on one of your stacks."
    )
    assert (
        refused(state, f"stack {imp} on 2") == f"'stack {imp} on 2': Pebble Imp is a monster: play it to a free space."
    )
    assert refused(state, f"play {imp} to 1") == f"'play {imp} to 1': space 1 is taken."
    assert refused(state, f"stack {skin} on 3") == f"'stack {skin} on 3': you have no stack on space 3."
    assert refused(state, f"stack {skin} on 1") == (
        f"'stack {skin} on 1': stack 1 is full (Obsidian Ogre takes no power cards)."
    )
    assert refused(state, f"stack {skin} on 2") == (
        f"'stack {skin} on 2': a face-up power card can't go on a face-down monster: stack it face down, or flip "
        "the monster first."
    )
    assert refused(state, "play 9 to 3") == "'play 9 to 3': your hand has cards 1 and 2."
    twins = scenario(hands=(["pebble-imp", "pebble-imp"], []), boards=(("obsidian-ogre", None, None), (None,) * 3))
    assert refused(twins, "play 1 to 3") is None
    assert refused(twins, "play 2 to 3") == "'play 2 to 3': card 2 is another Pebble Imp: use card 1."


def test_every_turn_move_the_rules_refuse_has_a_reason_and_no_legal_one_has() -> None:
    """The reasons mirror the legal-move tables (MC-12): along random games, every play, stack, move, flip,
    attack and end (hand cards 1 to 7) is either legal or refused with a reason, never both, never neither."""
    from monsterlair.core import Rng
    from monsterlair.games.monster_club.actions import ACTIONS, ATTACK, END, FLIP, MOVE, PLAY, STACK
    from monsterlair.games.monster_club.words import refusal_text

    turn_moves = [a for a in ACTIONS if a.kind in (PLAY, STACK, MOVE, FLIP, ATTACK, END) and a.hand < 7]
    checked = 0
    for seed in range(1, 7):
        state = GAME.new(2, seed=seed)
        rng = Rng(seed)
        while not state.over:
            legal = state.legal_actions()
            for action in turn_moves:
                why = refusal_text(state, action)  # type: ignore[arg-type]
                assert (why is None) == (action in legal), (str(action), why, state.describe_decision())
                checked += 1
            state.apply(legal[rng.below(len(legal))])
    assert checked > 10_000
