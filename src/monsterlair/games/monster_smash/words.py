"""Monster Smash in words: one log sentence per (redacted) event, in the reader's person, and the result's
terms. Cards are named ("Flarefang 3"), never by code; only what the event holds is said.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core.words import Voice, game_over_text, join_words, plural
from monsterlair.games.monster_smash.spec import CODE_KIND, KIND_NAME, KIND_VALUE, SUIT_INDEX, SUIT_LEADERS

TERMINATIONS = {
    "six_of_suit": "six cards of their own monster's suit",
    "fifteen_cards": "fifteen cards in hand",
    "last_standing": "being the last monster standing",
    "stalemate": "a stalemate (no cards left to draw and nobody attacking)",
    "turn_cap": "the turn limit",
}
"""Why a game ended (``Result.termination``: rules MS-9.1, MS-9.2, MS-9.3, MS-12.2 and MS-12.1), in words."""

_YOUR_TERMINATIONS = {"six_of_suit": "six cards of your own monster's suit"}
"""The endings that name the winner's own things, when the reader is the winner."""


def termination_words(termination: str, v: Voice, winners: Sequence[int]) -> str:
    """How the game ended, in the reader's person: "your own monster's suit" when the reader alone won."""
    if len(winners) == 1 and v.is_you(winners[0]) and termination in _YOUR_TERMINATIONS:
        return _YOUR_TERMINATIONS[termination]
    return TERMINATIONS.get(termination, termination.replace("_", " "))


WON_BY = {"six_of_suit": "with", "fifteen_cards": "with", "last_standing": "by"}
"""The endings that decide the winner (all but the draws), with the word joining them to the win: a winner wins
*with* cards held ("wins with fifteen cards in hand"), *by* being the last monster standing."""


def win_text(termination: str, v: Voice, winners: Sequence[int]) -> str:
    """Who won and how, as players say it, without the closing mark: "Ann wins with fifteen cards in hand",
    "You win by being the last monster standing"; with no winner, "The game ends with no winner: <how>"."""
    how = termination_words(termination, v, winners)
    return game_over_text(v, winners, how, joint=WON_BY.get(termination, "by"), closed=False)


_PICKED_FOR = {"burn_pick": "to burn", "attack_pick": "for the attack", "defence_pick": "for the defence"}
"""What a card picked one at a time is for, by the pick event's type."""


_DRAWN_FOR = {"burn": "{cards} for the burn", "mulligan": "a new hand of {cards}"}
"""What a draw is for, by its event's ``reason`` (rules MS-3.3 and MS-4.2); a turn's draw has none."""


def card_name(code: str) -> str:
    """A card's name for people: its squad monster and value ("Flarefang 3")."""
    k = CODE_KIND.get(code)
    return code if k is None else f"{KIND_NAME[k]} {KIND_VALUE[k]}"


def leader_name(suit_id: str) -> str:
    """A monster (its suit's Squad Leader) for people, by its suit id; an unknown id as it is."""
    s = SUIT_INDEX.get(suit_id)
    return suit_id if s is None else SUIT_LEADERS[s]


def cards_text(codes: Sequence[str]) -> str:
    """Several cards: "Flarefang 3, Tidal 1 and Mossback 2"."""
    return join_words([card_name(c) for c in codes])


def first_turn_text(v: Voice, seat: int | None) -> str:
    """What a player's own first turn starts with (rule MS-4.1), after the turn's heading: "First, keep your
    hand or mulligan." to its player, "First, they keep their hand or mulligan." to anyone else."""
    if v.is_you(seat):
        return "First, keep your hand or mulligan."
    return "First, they keep their hand or mulligan."


def event_text(e: Mapping[str, Any], v: Voice) -> str | None:
    """The sentence for one event (``None`` for a type it does not know)."""
    t = e.get("type")
    seat = e.get("seat")
    if t == "turn":
        first = f". {first_turn_text(v, seat)}" if e.get("first") else ""
        return f"Turn {e['turn']}: {'your turn' if v.is_you(seat) else v.name(seat)}{first}"
    if t == "keep":
        return f"{v.says(seat, 'keep')} {v.own(seat)} hand."
    if t == "mulligan":
        gone = e.get("discarded") or []
        what = f"{plural(len(gone), 'card')} ({cards_text(gone)})" if gone else "nothing"
        return f"{v.says(seat, 'mulligan')}: {v.verb(seat, 'discard')} {what}."
    if t == "draw":
        n = int(e.get("count", 0))
        if n == 0:
            return f"{v.says(seat, 'draw')} nothing: the deck and the discard pile are empty."
        shown = f": {cards_text(e['cards'])}" if e.get("cards") else ""
        what = _DRAWN_FOR.get(str(e.get("reason", "")), "{cards}").format(cards=plural(n, "card"))
        return f"{v.says(seat, 'draw')} {what}{shown}."
    if t == "reshuffle":
        return f"The discard pile is shuffled into a new deck of {plural(int(e['deck_size']), 'card')}."
    if t in _PICKED_FOR:
        return f"{v.says(seat, 'pick')} {card_name(e['card'])} {_PICKED_FOR[t]}."
    if t == "burn":
        cards = e.get("cards") or []
        if not cards:
            return f"{v.says(seat, 'burn')} no cards."
        burned = f"{v.says(seat, 'burn')} {plural(len(cards), 'card')} ({cards_text(cards)})"
        if len(cards) == 1:  # half of one is none: no draw follows (rule MS-3.3)
            return f"{burned} and {v.verb(seat, 'draw')} nothing for it."
        return f"{burned}."  # the draw for them is the next event, told once there
    if t == "no_attack":
        return f"{v.says(seat, 'do')} not attack."
    if t == "attack_declared":
        return f"{v.says(e['attacker'], 'attack')} {v.obj(e['defender'])}!"
    if t == "attack":
        return f"{v.says(e['attacker'], 'attack')} with {cards_text(e['cards'])}: a total of {e['total']}."
    if t == "defence":
        cards = e.get("cards") or []
        if not cards:
            return f"{v.says(e['defender'], 'do')} not defend."
        return f"{v.says(e['defender'], 'defend')} with {cards_text(cards)}: a total of {e['total']}."
    if t == "steal":
        shown = f": {cards_text(e['cards'])}" if e.get("cards") else ""
        return (
            f"{v.says(e['attacker'], 'win')} {e['attack']} to {e['defence']} and "
            f"{v.verb(e['attacker'], 'steal')} {plural(int(e['count']), 'card')} from {v.obj(e['defender'])}{shown}."
        )
    if t == "attack_failed":
        return f"{v.says(e['defender'], 'hold')} off the attack: {e['defence']} against {e['attack']}."
    if t == "eliminated":
        return f"{v.says(seat, 'have')} no cards left and {v.verb(seat, 'be')} out of the game."
    if t == "game_over":
        winners = list(e.get("winners") or [])
        end = win_text(str(e.get("termination", "")), v, winners)
        return f"{end}!" if winners else f"{end}."
    return None
