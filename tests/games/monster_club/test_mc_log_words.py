"""Monster Club's log in plain words (a stranger's review of the site): a sentence names one person once
("… from Tumble's grave to their hand", not "… to Tumble's hand"), a declined effect says so ("chooses no
target for Blank Page"), and a stack turned face down names the cards it turned (public: they were face up),
never a face-down one. Every line comes from a real engine event, redacted for its reader."""

from __future__ import annotations

from collections.abc import Sequence

from monsterlair.core import Event
from tests.games.monster_club.helpers import GAME, play, scenario

NAMES = ["Ann", "Tumble (Greedy bot)"]


def lines(events: Sequence[Event], reader: int | None) -> list[str]:
    """The log's sentences of ``events`` for ``reader``, as the table tells them."""
    return [GAME.describe_event(e.for_seat(reader), reader, NAMES) for e in events]


def test_a_return_to_their_own_hand_names_the_player_once() -> None:
    # Grave Rubbing: return a power card from your grave to your hand; seat 1 plays it.
    state = scenario(
        active=1,
        hands=([], ["grave-rubbing"]),
        boards=((None, None, None), ("pebble-imp", None, None)),
        graves=((), ("trim",)),
    )
    chosen = play(state, "stack 1 on 1")
    done = play(state, "target own grave 1")
    for reader in (None, 0):
        told = " ".join(lines(chosen + done, reader))
        assert "from Tumble (Greedy bot)'s grave to their hand" in told, told
        assert "to Tumble (Greedy bot)'s hand" not in told, told
        assert "Tumble (Greedy bot) chooses a target for Grave Rubbing: " in told, told
    mine = " ".join(lines(chosen + done, 1))
    assert "from your grave to your hand" in mine, mine


def test_a_return_to_the_board_names_the_player_once() -> None:
    # Fossil Call: return a monster from your grave to a free space on your board.
    state = scenario(
        active=1,
        hands=([], ["fossil-call"]),
        boards=((None, None, None), ("pebble-imp", None, None)),
        graves=((), ("boulder-brute",)),
    )
    events = play(state, "stack 1 on 1", "target own grave 1 to 2")
    told = " ".join(lines(events, 0))
    assert "for Fossil Call: Return a monster from their grave to a free space on their board" in told, told
    assert "Boulder Brute comes back from Tumble (Greedy bot)'s grave to their board, space 2." in told, told


def test_a_declined_effect_says_no_target_was_chosen() -> None:
    state = scenario(
        active=1,
        hands=([], ["blank-page"]),
        boards=(("pebble-imp", None, None), ("pebble-imp", None, None)),
    )
    events = play(state, "stack 1 on 1", "skip")
    assert lines(events[-1:], 0) == ["Tumble (Greedy bot) chooses no target for Blank Page: its effect does nothing."]
    assert lines(events[-1:], 1) == ["You choose no target for Blank Page: its effect does nothing."]
    told = " ".join(lines(events, None))
    assert "on no target" not in told, told


def test_a_stack_turned_face_down_names_the_cards_it_turned_and_no_hidden_one() -> None:
    # Blank Page: flip a face-up stack on your opponent's board face down. Ann's stack: a face-up monster, a
    # face-up power card and a face-down one (which stays hidden from Tumble and every spectator).
    state = scenario(
        active=1,
        hands=([], ["blank-page"]),
        boards=(("boulder-brute + trim + ~stone-skin", None, None), ("pebble-imp", None, None)),
    )
    events = play(state, "stack 1 on 1", "target opp 1")
    for reader in (None, 1):
        told = lines(events[-1:], reader)[0]
        assert told == "Ann's Boulder Brute and Trim on space 1 turn face down (Blank Page's effect).", told
        assert "Stone Skin" not in told
    assert lines(events[-1:], 0) == ["Your Boulder Brute and Trim on space 1 turn face down (Blank Page's effect)."]
    # a lone monster
    state = scenario(
        active=1,
        hands=([], ["blank-page"]),
        boards=(("boulder-brute", None, None), ("pebble-imp", None, None)),
    )
    events = play(state, "stack 1 on 1", "target opp 1")
    assert lines(events[-1:], None) == ["Ann's Boulder Brute on space 1 turns face down (Blank Page's effect)."]


def test_a_monster_turned_face_up_is_named_as_the_monster() -> None:
    # Slice Open: flip a face-down monster on your opponent's board face up.
    state = scenario(
        active=1,
        hands=([], ["slice-open"]),
        boards=(("~boulder-brute + ~trim", None, None), ("pebble-imp", None, None)),
    )
    events = play(state, "stack 1 on 1", "target opp 1")
    told = lines(events[-1:], None)[0]
    assert told == "The face-down monster on Ann's space 1 turns face up: Boulder Brute (Slice Open's effect).", told


def test_an_old_flipped_event_without_its_cards_still_reads() -> None:
    """Logs stored before the event named its cards."""
    old = {"type": "flipped", "seat": 0, "space": 2, "up": False, "by": "blank-page"}
    told = GAME.describe_event(old, None, NAMES)
    assert told == "Ann's stack on space 2 turns face down (Blank Page's effect).", told


def test_an_effect_with_nothing_to_target_says_why_it_does_nothing() -> None:
    """MC-8.5: a targeted effect with no legal target does nothing; the log says whose card it was and why, in
    the card's own terms (no power card on the board, no free space, a full hand, only immune stacks), not
    just "Avalanche has no target"."""
    # Avalanche: destroy the top power card of a stack on your opponent's board (Tumble's stack has none).
    state = scenario(
        hands=(["avalanche"], []),
        boards=(("pebble-imp", None, None), ("boulder-brute", None, None)),
    )
    events = play(state, "stack 1 on 1")
    assert lines(events[-1:], 0) == [
        "Your Avalanche's effect does nothing: there is no power card on Tumble (Greedy bot)'s board."
    ]
    assert lines(events[-1:], 1) == ["Ann's Avalanche's effect does nothing: there is no power card on your board."]
    # Fossil Call: return a monster from your grave to a free space on your board (none is free).
    state = scenario(
        hands=(["pebble-imp", "fossil-call"], []),
        boards=(("boulder-brute", "moss-giant", "moss-giant"), ((None,) * 3)),
        graves=(["tome-titan"], []),
    )
    events = play(state, "stack 2 on 2")
    assert lines(events[-1:], 0) == ["Your Fossil Call's effect does nothing: there is no free space on your board."]
    # Grave Rubbing: return a power card from your grave to your hand (the grave holds none).
    state = scenario(hands=(["grave-rubbing"], []), boards=(("pebble-imp", None, None), ((None,) * 3)))
    events = play(state, "stack 1 on 1")
    told = "Ann's Grave Rubbing's effect does nothing: there is no power card in Ann's grave."
    assert lines(events[-1:], 1) == [told]
    # Cutlass Corsair: move a stack on your opponent's board (it has none; then none has a free space beside it).
    state = scenario(hands=(["cutlass-corsair"], []))
    events = play(state, "play 1 to 1")
    assert lines(events[-1:], 0) == [
        "Your Cutlass Corsair's effect does nothing: there is no stack on Tumble (Greedy bot)'s board."
    ]
    state = scenario(
        hands=(["cutlass-corsair"], []),
        boards=((None,) * 3, ("pebble-imp", "boulder-brute", "moss-giant")),
    )
    events = play(state, "play 1 to 1")
    assert lines(events[-1:], 0) == [
        "Your Cutlass Corsair's effect does nothing: "
        "no stack on Tumble (Greedy bot)'s board has a free space beside it."
    ]
    # Anvil Drop: a monster with a printed score of 4 or less on your opponent's board; the only one is immune.
    state = scenario(hands=(["anvil-drop"], []), boards=(("pebble-imp", None, None), ("stone-sentinel", None, None)))
    events = play(state, "stack 1 on 1")
    told = lines(events[-1:], 0)[0]
    assert told.startswith("Your Anvil Drop's effect does nothing: ") and "immune" in told, told
    assert told.endswith("every stack it could target on Tumble (Greedy bot)'s board is an immune monster's."), told
    for reader in (0, 1, None):
        assert not any(t.endswith("has no target.") for t in lines(events, reader))
    # Quake moves a stack on either board: Ann's stacks have no free space beside them, Tumble's only one is immune
    # (only the other player's monsters are immune, MC-8.7), so the reason names Tumble's board, not "either board"
    state = scenario(
        hands=(["quake"], []),
        boards=(("pebble-imp", "boulder-brute", "moss-giant"), ("stone-sentinel", None, None)),
    )
    events = play(state, "stack 1 on 1")
    assert lines(events[-1:], 0) == [
        "Your Quake's effect does nothing: every stack it could target on Tumble (Greedy bot)'s board is an immune "
        "monster's."
    ]
    assert lines(events[-1:], 1) == [
        "Ann's Quake's effect does nothing: every stack it could target on your board is an immune monster's."
    ]
    # a card whose name ends in s: "Origami Wings'", not "Origami Wings's"
    state = scenario(hands=(["origami-wings"], []), boards=(("pebble-imp", "boulder-brute", "moss-giant"), (None,) * 3))
    events = play(state, "stack 1 on 1")
    assert lines(events[-1:], 0) == [
        "Your Origami Wings' effect does nothing: no stack on your board has a free space beside it."
    ]
