"""Terminal rendering of a Monster Smash view, with rich markup (it reads only the view)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from monsterlair.core.words import Voice, capitalise, plural
from monsterlair.games.monster_smash.spec import (
    CODE_KIND,
    KIND_SUIT,
    MULLIGAN_DRAW,
    SUIT_COLOURS,
    SUIT_IDS,
    SUIT_INDEX,
    SUIT_LEADERS,
    WIN_SUIT,
    WIN_TOTAL,
)
from monsterlair.games.monster_smash.words import card_name, first_turn_text

_PHASE_TEXT = {
    "burn": "burn step",
    "attack": "attack step",
    "attack_cards": "choosing attack cards",
    "defend": "defending",
    "over": "game over",
}


def card(code: str) -> str:
    """A card as rich markup: squad monster and value in the suit's colour, as the log names it
    (``words.card_name``: "Flarefang 3"), then its suit, e.g. ``[red]Flarefang 3[/red] (ember)``."""
    k = CODE_KIND[code]
    colour = SUIT_COLOURS[KIND_SUIT[k]]
    return f"[bold {colour}]{card_name(code)}[/bold {colour}] [dim]({SUIT_IDS[KIND_SUIT[k]]})[/dim]"


def monster(suit_id: str) -> str:
    """A monster (Squad Leader) name in its colour."""
    s = SUIT_INDEX[suit_id]
    return f"[{SUIT_COLOURS[s]}]{SUIT_LEADERS[s]}[/{SUIT_COLOURS[s]}]"


def _cards(codes: Sequence[str]) -> str:
    return ", ".join(card(c) for c in codes) if codes else "[dim]none[/dim]"


def _seat_name(view: Mapping[str, Any], s: int, names: Sequence[str] | None) -> str:
    me = " (you)" if view["seat"] == s else ""
    return f"{escape(Voice(names).name(s))}{me} · {monster(view['monsters'][s])}"


def render(view: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """The view as terminal text with rich markup: seats, piles, the attack in progress and your hand.

    The headline says whose turn it is and, when someone else must decide (a defence), who that is; the
    attack names its attacker and defender.
    """
    v = Voice(names, view.get("seat"))
    lines: list[str] = []
    players = int(view["players"])
    result = view["result"]
    if result is not None:
        lines.append("[bold]Monster Smash — game over[/bold]")  # the end screen's result says how
    else:
        mover = view["to_move"]
        owner = view["turn_seat"]
        whose = "your turn" if v.is_you(owner) else f"{escape(v.possessive(owner))} turn"
        who = ""
        if mover != owner:
            who = "; [bold]you decide[/bold]" if v.is_you(mover) else f"; [bold]{escape(v.name(mover))} decides[/bold]"
        heading = f"[bold]Monster Smash[/bold] — turn {view['turns_played'] + 1}: {whose}"
        if view["phase"] == "first_turn":  # its choice is a sentence of its own, as in the log (MS-4.1)
            lines.append(f"{heading}. {first_turn_text(v, owner)}")
        else:
            lines.append(f"{heading}, {_PHASE_TEXT[view['phase']]}{who}.")
        if view["phase"] == "first_turn" and v.is_you(mover):  # what the two choices do (MS-4.1)
            lines.append(
                "[dim]Keep your hand and draw as usual (no attack this turn), or mulligan: discard your whole hand "
                f"and draw {MULLIGAN_DRAW} — that ends your turn.[/dim]"
            )
    for s in range(players):
        marker = "▶" if view["to_move"] == s else " "
        status = "[strike]eliminated[/strike]" if view["eliminated"][s] else plural(view["hand_sizes"][s], "card")
        # Not for the seat whose first turn is under way: the heading above says so, and it is no turn "to come".
        coming = not view["played_first_turn"][s] and not view["over"] and s != view["turn_seat"]
        first = " [dim](first turn to come)[/dim]" if coming else ""
        lines.append(f" {marker} {_seat_name(view, s, names)}: {status}{first}")
    removed = view["removed_suit"]
    if removed is not None:
        lines.append(f"Out of the deck this game: {monster(removed)}'s suit ({removed}).")
    discard = view["discard"]
    top = card(discard[-1]) if discard else "[dim]empty[/dim]"
    by_suit = Counter(SUIT_IDS[KIND_SUIT[CODE_KIND[c]]] for c in discard)
    summary = ", ".join(f"{n} {sid}" for sid, n in sorted(by_suit.items()))
    lines.append(
        f"Deck: {plural(view['deck_size'], 'card')}. Discard: {plural(len(discard), 'card')} (top {top})"
        f"{': ' if summary else ''}{summary}."
    )
    if view["burning"]:
        lines.append(f"Burning: {_cards(view['burning'])}")
    attack = view["attack"]
    if attack is not None:
        a, d = attack["attacker"], attack["defender"]
        cards = attack["cards"]
        if attack["committed"]:
            played = _cards(cards)
        else:  # the attacker is still choosing: what is picked so far
            played = f"picked so far {_cards(cards)}" if cards else "no cards picked yet"
        lines.append(
            f"[bold]{escape(capitalise(v.possessive(a)))} attack on {escape(v.obj(d))}:[/bold] {played} "
            f"— total [bold]{attack['total']}[/bold]."
        )
    defence = view["defence"]
    if defence is not None:
        d = attack["defender"] if attack is not None else None
        whose = "Defence" if d is None else ("Your defence" if v.is_you(d) else f"{escape(v.possessive(d))} defence")
        lines.append(f"[bold]{whose}:[/bold] {_cards(defence['cards'])} — total [bold]{defence['total']}[/bold].")
    hand = view["hand"]
    if hand is not None and seat is not None:
        own = view["own_suit_count"]
        lines.append(f"Your hand ({len(hand)}/{WIN_TOTAL} cards; own suit {view['monsters'][seat]}: {own}/{WIN_SUIT}):")
        if hand:
            for i, c in enumerate(hand, start=1):
                lines.append(f"  {i:>2}. {card(c)}")
        else:
            lines.append("  [dim](empty)[/dim]")
    return "\n".join(lines)
