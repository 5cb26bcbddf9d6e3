"""MONSTRA actions: immutable values with a canonical text and a stable index (rule MO-12).

Every action exists once, built at import; parsing, indexing and unpickling all return those very objects,
so the engine compares actions by identity and never allocates one on its hot path.

Units are named by slot: ``a1``, ``a2`` (team A), ``b1``, ``b2`` (team B) and ``g`` (the Rift Guardian).

================================  ==========================================================================
``strike U``                      the acting creature's Strike on unit U
``signature`` / ``signature U``   the acting creature's signature move (with its target U, if it takes one)
``guard``                         the acting creature Guards (+2 Shield)
``tactic T`` / ``tactic T U``     play tactic T (its id, e.g. ``rift-snare``) before the creature acts
``tactic T C``                    play a revive tactic on your knocked-out creature C (its id)
``discard T``                     discard tactic T from the hand (down to five cards)
``first U``                       the acting team puts its tied creature U first in this round's order
``cleanse U C``                   the card being played removes condition C (burn, poison, slow) from U
================================  ==========================================================================

Parsing forgives case, extra spaces, spaces for hyphens in names, and the verbs ``attack`` (strike),
``sig``/``move`` (signature) and ``play`` (tactic).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monsterlair.core import ActionSpace
from monsterlair.core.actions import FixedAction
from monsterlair.games.monstra.spec import CONDITIONS, CREATURES, NUM_TACTICS, TACTICS, TARGET_FALLEN

UNITS: tuple[str, ...] = ("a1", "a2", "b1", "b2", "g")
"""Unit codes: ``code = team * 2 + slot`` for creatures, 4 for the Guardian."""
GUARDIAN_CODE = 4
NO_UNIT = -1

K_GUARD, K_STRIKE, K_SIGNATURE, K_TACTIC, K_REVIVE, K_DISCARD, K_FIRST, K_CLEANSE = range(8)
KINDS: tuple[str, ...] = ("guard", "strike", "signature", "tactic", "revive", "discard", "first", "cleanse")


class Action(FixedAction):
    """One MONSTRA action. ``kind`` is a ``K_*`` code; ``a`` and ``b`` its arguments (unit codes, tactic or
    creature indices, ``-1`` for none); ``text`` the canonical text; ``index`` the stable RL index."""

    __slots__ = ("kind", "a", "b")

    kind: int
    a: int
    b: int

    def __init__(self, kind: int, a: int, b: int, text: str, index: int) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "index", index)

    def __repr__(self) -> str:
        return f"parse_action({self.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (parse_action, (self.text,))


ALL: list[Action] = []


def _add(kind: int, a: int, b: int, text: str) -> Action:
    action = Action(kind, a, b, text, len(ALL))
    ALL.append(action)
    return action


GUARD = _add(K_GUARD, NO_UNIT, NO_UNIT, "guard")
STRIKE: tuple[Action, ...] = tuple(_add(K_STRIKE, u, NO_UNIT, f"strike {UNITS[u]}") for u in range(5))
SIGNATURE_NONE = _add(K_SIGNATURE, NO_UNIT, NO_UNIT, "signature")
SIGNATURE: tuple[Action, ...] = tuple(_add(K_SIGNATURE, u, NO_UNIT, f"signature {UNITS[u]}") for u in range(5))
_none: list[Action] = []
_on: list[tuple[Action, ...]] = []
for _t in TACTICS:
    _none.append(_add(K_TACTIC, _t.index, NO_UNIT, f"tactic {_t.id}"))
    _on.append(tuple(_add(K_TACTIC, _t.index, u, f"tactic {_t.id} {UNITS[u]}") for u in range(5)))
TACTIC_NONE: tuple[Action, ...] = tuple(_none)
TACTIC: tuple[tuple[Action, ...], ...] = tuple(_on)
REVIVE: dict[int, tuple[Action, ...]] = {
    t.index: tuple(_add(K_REVIVE, t.index, c.index, f"tactic {t.id} {c.id}") for c in CREATURES)
    for t in TACTICS
    if t.target == TARGET_FALLEN
}
DISCARD: tuple[Action, ...] = tuple(_add(K_DISCARD, t.index, NO_UNIT, f"discard {t.id}") for t in TACTICS)
FIRST: tuple[Action, ...] = tuple(_add(K_FIRST, u, NO_UNIT, f"first {UNITS[u]}") for u in range(4))
CLEANSE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(_add(K_CLEANSE, u, k, f"cleanse {UNITS[u]} {CONDITIONS[k]}") for k in range(1, len(CONDITIONS)))
    for u in range(4)
)
"""``CLEANSE[unit][kind - 1]``: the condition a Cleanse removes from a creature (MO-8.5; never the Guardian,
whom no player's card cleanses)."""
NUM_ACTIONS = len(ALL)
assert len(DISCARD) == NUM_TACTICS

_VERB_ALIASES = {"attack": "strike", "sig": "signature", "move": "signature", "play": "tactic"}


def _key(text: str) -> str:
    words = text.lower().replace("-", " ").replace("_", " ").split()
    if words:
        words[0] = _VERB_ALIASES.get(words[0], words[0])
    return " ".join(words)


SPACE: ActionSpace[Action] = ActionSpace(
    "MONSTRA",
    ALL,
    key=_key,
    forms="'strike U', 'signature [U]', 'guard', 'tactic NAME [U]', 'tactic NAME CREATURE' (revive), "
    "'discard NAME', 'first U', 'cleanse U burn|poison|slow' (U is a1, a2, b1, b2 or g)",
)
from_index = SPACE.from_index


def parse_action(text: str) -> Action:
    """The action whose text is ``text`` (case, spacing and hyphens forgiven; a module function, so that
    pickled actions name it).

    Raises:
        BadAction: with the forms MONSTRA accepts, if ``text`` is none of them.
    """
    return SPACE.parse(text)


def describe(action: Action, unit: Callable[[str], str] = str, move: str = "Signature move") -> str:
    """A menu phrase for an action; ``unit`` names a unit by its code (the menu's: "Quakeling (B2)"; by default
    the code itself, "b2", which is also what a player may type); ``move`` names the signature move (the menu's:
    the acting creature's, "Wind Slash", as the browser's button)."""
    kind = action.kind
    if kind == K_GUARD:
        return "Guard: gain 2 Shield"
    if kind == K_STRIKE:
        return f"Strike {unit(UNITS[action.a])}"
    if kind == K_SIGNATURE:
        return move + (f" on {unit(UNITS[action.a])}" if action.a >= 0 else "")
    if kind == K_TACTIC:
        name = TACTICS[action.a].name
        return f"Play {name}" + (f" on {unit(UNITS[action.b])}" if action.b >= 0 else "")
    if kind == K_REVIVE:
        return f"Play {TACTICS[action.a].name}: bring back {CREATURES[action.b].name}"
    if kind == K_DISCARD:
        return f"Discard {TACTICS[action.a].name}"
    if kind == K_CLEANSE:
        return f"Cleanse {unit(UNITS[action.a])}: remove {CONDITIONS[action.b].capitalize()}"
    return f"Put {unit(UNITS[action.a])} first among your tied creatures"
