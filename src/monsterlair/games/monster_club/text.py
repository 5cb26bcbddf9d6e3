"""Monster Club in the terminal: a view rendered as text with rich markup.

The seat's own side is drawn at the bottom, the opponent's at the top, space 1 on the left of both, so
the stacks that face each other (conflicting, MC-1.4) share a space number. Face-down cards the seat may
not know are drawn as face-down backs; its own face-down cards are shown and marked "down". Both graves,
the hand with its positions, deck counts, destroys and any pending choice are listed. The log of events
is kept and shown by the client, not here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from monsterlair.core.words import Voice
from monsterlair.games.monster_club.cards import BY_ID, Card

TYPE_STYLE = {"rock": "yellow", "paper": "cyan", "scissors": "magenta"}


def card_label(card: Card, *, full: bool = False) -> str:
    """A card's name with its type colour and numbers (``full`` adds its rules text)."""
    style = TYPE_STYLE[card.type_name]
    if card.monster:
        nums = f"{card.type_name} {card.score}, limit {card.limit}"
    else:
        nums = f"{card.type_name} power" + (f" {card.calc}" if card.calc else "")
    out = f"[bold {style}]{card.name}[/] ({nums})"
    if full and card.text():
        out += f" [dim]{card.text()}[/]"
    return out


def _card(cv: Mapping[str, Any], *, power: bool) -> str:
    if cv["id"] is None:
        return "[dim]▒ face-down power[/]" if power else "[dim]▒ face-down monster[/]"
    card = BY_ID[cv["id"]]
    label = card_label(card)
    if card.keywords:
        label += " [italic]" + ", ".join(card.keywords) + "[/]"
    if not cv["up"]:
        label += " [dim](down)[/]"
    return label


def _stack(sv: Mapping[str, Any] | None, flags_shown: bool = True) -> str:
    if sv is None:
        return "[dim]empty[/]"
    parts = [_card(sv["monster"], power=False)]
    parts += ["+ " + _card(pw, power=True) for pw in sv["powers"]]
    text = "  ".join(parts)
    if sv["score"] is not None:
        text += f"  [bold]= {sv['score']}[/]"
    flags = [f for f in ("moved", "attacked") if sv[f]] if flags_shown else []
    if flags:
        text += " [dim](" + ", ".join(flags) + ")[/]"
    return text


def _grave(ids: list[str]) -> str:
    if not ids:
        return "[dim]empty[/]"
    return ", ".join(BY_ID[i].name for i in ids)


def render(view: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """The view as terminal text: opponent's side on top, the seat's own side and hand below.

    A stack's "(moved)" and "(attacked)" tags belong to the turn being played, so they are shown only on
    the side of the player to move: when the turn passes, the other side's tags are gone.
    """
    v = Voice(names, seat)
    me = seat if seat is not None else 0
    op = 1 - me
    lines: list[str] = []
    mover = view["to_move"]
    who = "your move" if v.is_you(mover) else f"{escape(v.name(mover))} to move"
    status = "game over" if view["over"] else f"{who}, {view['phase']} phase"
    d = view["destroys"]
    lines.append(
        f"[bold]Monster Club[/] · turn {view['turn']} · {status} · destroys "
        f"{d[me]}–{d[op]} (first to {view['destroys_to_win']})"
    )

    def side_header(s: int) -> str:
        who = f"{escape(v.name(s))} (you)" if seat == s else escape(v.name(s))
        return (
            f"[bold]{who}[/] · {view['deck_names'][s]} deck · hand {view['hand_counts'][s]} · "
            f"{view['deck_counts'][s]} cards in deck · destroys {d[s]}"
        )

    lines.append("")
    lines.append(side_header(op))
    lines.append(f"  grave ({len(view['graves'][op])}): {_grave(view['graves'][op])}")
    for i, sv in enumerate(view["boards"][op]):
        lines.append(f"  {i + 1}: {_stack(sv, mover == op)}")
    lines.append("  [dim]─── stacks on the same space number are in conflict ───[/]")
    for i, sv in enumerate(view["boards"][me]):
        lines.append(f"  {i + 1}: {_stack(sv, mover == me)}")
    lines.append(f"  grave ({len(view['graves'][me])}): {_grave(view['graves'][me])}")
    lines.append(side_header(me))
    if view["hand"] is not None:
        if view["hand"]:
            lines.append("  hand:")
            for i, cid in enumerate(view["hand"]):
                lines.append(f"    {i + 1}. {card_label(BY_ID[cid], full=True)}")
        else:
            lines.append("  hand: [dim]empty[/]")
    if view["revealed"]:
        rv = view["revealed"]
        shown = ", ".join(f"{i + 1}. {BY_ID[c].name}" for i, c in enumerate(rv["cards"]))
        why = "with no card that can be played" if rv.get("reason") == "stuck" else "without monsters"
        lines.append(f"[bold]{escape(v.says(rv['seat'], 'show'))} a hand {why}:[/] {shown}")
    if view["pending"]:
        pd = view["pending"]
        lines.append(
            f"[bold]{escape(v.says(pd['seat'], 'choose'))} a target for {BY_ID[pd['card']].name}:[/] {pd['effect']}"
        )
    if view["stall_turns"]:
        lines.append(f"[dim]Turns without a destroy: {view['stall']} of {view['stall_turns']} (stall rule)[/]")
    return "\n".join(lines)


def describe_action(text: str) -> str:
    """A phrase for a menu, from an action's canonical text."""
    words = text.split()
    head = words[0]
    if head == "play":
        face = "face down" if words[-1] == "down" else "face up"
        return f"Play hand card {words[1]} to space {words[3]} {face}"
    if head == "stack":
        face = "face down" if words[-1] == "down" else "face up"
        return f"Stack hand card {words[1]} on the stack at space {words[3]} {face}"
    if head == "move":
        return f"Move the stack at space {words[1]} {words[2]}"
    if head == "flip":
        return f"Flip a face-down card of the stack at space {words[1]} face up"
    if head == "attack":
        return f"Attack with the stack at space {words[1]}"
    if head == "end":
        return "End the turn"
    if head == "destroy":
        return f"Destroy the shown card {words[1]}"
    if head == "spare":
        return "Destroy none of the shown cards"
    if head == "skip":
        return "Use no target"
    side = "your" if words[1] == "own" else "your opponent's"
    if words[2] == "grave":
        tail = f" to space {words[5]}" if len(words) > 4 else ""
        return f"Target card {words[3]} of {side} grave{tail}"
    tail = f", moving it {words[3]}" if len(words) > 3 else ""
    return f"Target {side} stack at space {words[2]}{tail}"
