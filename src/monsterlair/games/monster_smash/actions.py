"""Monster Smash actions: immutable values with a canonical text and a stable index (rule MS-13).

Every action exists once, built at import; ``parse_action`` and ``action_from_index`` return those very
objects, so the engine can compare by identity on its hot path.

Texts (case and spacing forgiven when parsing):

=============  ===============================================================================
``mulligan``   first turn: discard your whole hand, draw 6, end your turn
``keep``       first turn: keep your hand and draw as usual (no attack this turn)
``pass``       skip the step at hand: burn nothing / attack no one / defend with no cards
``done``       close the cards picked so far (burn, attack or defence)
``burn N``     pick the card at hand position N (1-based) to burn
``play N``     pick the card at hand position N (1-based) for your attack or defence
``attack S``   attack the player in seat S (0-based, as seats are numbered everywhere)
=============  ===============================================================================

Index layout (fixed for every player count, ``NUM_ACTIONS`` = 4 + 2 * MAX_HAND + MAX_PLAYERS = 37):
0 ``mulligan``, 1 ``keep``, 2 ``pass``, 3 ``done``, 4..17 ``burn 1``..``burn 14``,
18..31 ``play 1``..``play 14``, 32..36 ``attack 0``..``attack 4``.
"""

from __future__ import annotations

from typing import Any

from monsterlair.core import ActionSpace, BadAction
from monsterlair.core.actions import FixedAction, fold
from monsterlair.core.words import closest, number_span
from monsterlair.games.monster_smash.spec import MAX_HAND, MAX_PLAYERS

MULLIGAN_V = 0
KEEP_V = 1
PASS_V = 2
DONE_V = 3
BURN_V = 4
PLAY_V = 5
ATTACK_V = 6

VERBS: tuple[str, ...] = ("mulligan", "keep", "pass", "done", "burn", "play", "attack")
_VERB_CODE = {v: i for i, v in enumerate(VERBS)}

_INTERNED: dict[int, SmashAction] = {}

BURN_BASE = 4
PLAY_BASE = BURN_BASE + MAX_HAND
ATTACK_BASE = PLAY_BASE + MAX_HAND
NUM_ACTIONS = ATTACK_BASE + MAX_PLAYERS


def _index(code: int, arg: int) -> int:
    if isinstance(arg, bool) or not isinstance(arg, int):
        raise BadAction(f"An action's number must be a whole number, not {arg!r}.")
    if code <= DONE_V:
        if arg != 0:
            raise BadAction(f"'{VERBS[code]}' takes no number.")
        return code
    if code == ATTACK_V:
        if not 0 <= arg < MAX_PLAYERS:
            raise BadAction(f"Seats run from 0 to {MAX_PLAYERS - 1}; there is no seat {arg}.")
        return ATTACK_BASE + arg
    if not 1 <= arg <= MAX_HAND:
        raise BadAction(f"Hand positions run from 1 to {MAX_HAND}; there is no position {arg}.")
    return (BURN_BASE if code == BURN_V else PLAY_BASE) + arg - 1


class SmashAction(FixedAction):
    """One action: a verb code, its number (hand position, seat or 0), its index and its text.

    Immutable, hashable and interned (constructing an action again returns the same object, also after
    pickling), so comparisons are identity checks in C. ``repr`` evaluates back to the same action.
    """

    __slots__ = ("code", "arg")

    code: int
    arg: int

    def __new__(cls, verb: str, arg: int = 0) -> SmashAction:
        """The (unique) action for a verb and number: every action exists once, so equality is identity.

        Raises:
            BadAction: for an unknown verb or an out-of-range number.
        """
        if verb not in _VERB_CODE:
            raise BadAction(f"Unknown verb {verb!r}; Monster Smash verbs are {', '.join(VERBS)}.")
        code = _VERB_CODE[verb]
        index = _index(code, arg)
        existing = _INTERNED.get(index)
        if existing is not None:
            return existing
        self = object.__new__(cls)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "arg", arg)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "text", verb if code <= DONE_V else f"{verb} {arg}")
        _INTERNED[index] = self
        return self

    @property
    def verb(self) -> str:
        """The verb (``mulligan``, ``keep``, ``pass``, ``done``, ``burn``, ``play``, ``attack``)."""
        return VERBS[self.code]

    def __repr__(self) -> str:
        if self.code <= DONE_V:
            return f"SmashAction({self.verb!r})"
        return f"SmashAction({self.verb!r}, {self.arg})"

    # The hash is the index so that sets and dicts of actions iterate in the same order on every run.
    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (SmashAction, (self.verb, self.arg))


ALL_ACTIONS: tuple[SmashAction, ...] = tuple(
    [SmashAction("mulligan"), SmashAction("keep"), SmashAction("pass"), SmashAction("done")]
    + [SmashAction("burn", p) for p in range(1, MAX_HAND + 1)]
    + [SmashAction("play", p) for p in range(1, MAX_HAND + 1)]
    + [SmashAction("attack", s) for s in range(MAX_PLAYERS)]
)
assert all(a.index == i for i, a in enumerate(ALL_ACTIONS))

MULLIGAN, KEEP, PASS, DONE = ALL_ACTIONS[:4]
BURN: tuple[SmashAction, ...] = ALL_ACTIONS[BURN_BASE:PLAY_BASE]
"""``BURN[i]`` picks hand position ``i + 1`` (index by 0-based position)."""
PLAY: tuple[SmashAction, ...] = ALL_ACTIONS[PLAY_BASE:ATTACK_BASE]
"""``PLAY[i]`` picks hand position ``i + 1``."""
ATTACK: tuple[SmashAction, ...] = ALL_ACTIONS[ATTACK_BASE:]
"""``ATTACK[s]`` attacks seat ``s``."""


def _out_of_range(text: str) -> SmashAction:
    """A well-formed verb with a number no action has: the range message; anything else: the forms."""
    parts = fold(text).split(" ")
    if len(parts) == 2 and parts[0] in ("burn", "play", "attack"):
        try:
            number = int(parts[1])
        except ValueError:
            number = None
        if number is not None:
            return action_named(parts[0], number)  # raises the range message
    raise not_an_action(text)


def not_an_action(text: str, hand: int | None = None) -> BadAction:
    """The refusal of a text that is no Monster Smash action: the actions in players' words, the card numbers
    of the mover's hand of ``hand`` cards (when known) and the verb the text looks like; in the notation's
    words (``notation``), every form with its numbering."""
    shown = text.strip()
    if hand is None:
        numbers = "N: a card's number in your hand"
    elif hand == 0:
        numbers = "your hand is empty"
    else:
        numbers = f"N: a card's number in your hand, {number_span(1, hand)}"
    typed = fold(text).split(" ")[0]
    near = closest(typed, VERBS)
    guess = f" Did you mean '{near}'?" if near is not None and near != typed else ""
    return BadAction(
        f"'{shown}' is not a Monster Smash action.{guess} Say mulligan, keep, pass, done, burn N or play N "
        f"({numbers}), or attack a player: choose the attack by its number in the menu or by the player's name.",
        notation=f"'{shown}' is not a Monster Smash action. Its actions are mulligan, keep, pass, done, "
        "burn N and play N (N a hand position, counted from 1) and attack S (S a seat, counted from 0).",
    )


SPACE: ActionSpace[SmashAction] = ActionSpace("Monster Smash", ALL_ACTIONS, parse=_out_of_range)
parse = SPACE.parse


def action_named(verb: str, arg: int = 0) -> SmashAction:
    """The canonical action object for a verb and number.

    Raises:
        BadAction: for an unknown verb or an out-of-range number.
    """
    if verb not in _VERB_CODE:
        raise BadAction(f"Unknown verb {verb!r}; Monster Smash verbs are {', '.join(VERBS)}.")
    return ALL_ACTIONS[_index(_VERB_CODE[verb], arg)]


def describe(action: SmashAction) -> str:
    """A phrase for a menu."""
    code, arg = action.code, action.arg
    if code == MULLIGAN_V:
        return "Mulligan: discard your whole hand and draw 6 (ends your turn)"
    if code == KEEP_V:
        return "Keep your hand and draw as usual (no attack on your first turn)"
    if code == PASS_V:
        return "Pass: skip this step"
    if code == DONE_V:
        return "Done: confirm the cards picked"
    if code == BURN_V:
        return f"Burn the card at position {arg}"
    if code == PLAY_V:
        return f"Play the card at position {arg}"
    return f"Attack seat {arg}"
