"""Monster Club actions: one small decision at a time, each a value built once at import.

Text forms (hand positions ``H`` count from 1 in the hand's sorted order, spaces ``S`` are 1, 2, 3 from
the player's left, grave positions ``G`` count from 1, the oldest card first):

======================================  =====================================================================
``play H to S`` / ``play H to S down``    play the monster at hand position H to your free space S, face up/down
``stack H on S`` / ``stack H on S down``  stack the power card at H on your stack at S, face up/down
``move S left`` / ``move S right``        move your stack at S one space (once per turn per stack)
``flip S``                                flip the lowest face-down card of your stack at S face up
``attack S``                              your stack at S attacks the conflicting stack
``end``                                   end your turn
``destroy H`` / ``spare``                 (the opponent of a player who showed a hand) destroy the shown card
                                          at H, or destroy none
``target own S`` / ``target opp S``       the target of a card effect: your / your opponent's stack at S
``target opp S left`` ...                 a stack and the direction a "move" effect moves it
``target own grave G``                    a card of your grave (``opp grave`` for your opponent's)
``target opp grave G to S``               a grave monster and the free space of your board it returns to
``skip``                                  use no target (every targeted effect may be declined)
======================================  =====================================================================

Parsing forgives case, extra spaces and the filler words ``to``, ``on``, ``at``, ``up``, ``space`` and
``card``; ``mine``/``my`` mean ``own``, ``their``/``theirs``/``opponent`` mean ``opp``.

Index layout (stable for RL masks; ``NUM_ACTIONS`` in all; hand positions run 1..25, a whole deck, since
the rules have no hand limit), in this order: ``end`` (0), ``spare`` (1), ``destroy 1..25`` (2..26),
``play H to S`` (H-major, then S; 75), ``play H to S down`` (75), ``stack H on S`` (75), ``stack H on S
down`` (75), ``move S left|right`` (S-major; 6), ``flip S`` (3), ``attack S`` (3), ``skip`` (1),
``target own|opp S`` (side-major; 6), ``target own|opp S left|right`` (12), ``target own|opp grave G``
(G = 1..25; 50), ``target own|opp grave G to S`` (150).

Every action object is interned: equality is identity and the index is the hash, so membership tests
and dict look-ups are as cheap as for small ints, and pickling returns the same interned object.
"""

from __future__ import annotations

from typing import Any

from monsterlair.core import ActionSpace
from monsterlair.core.actions import FixedAction
from monsterlair.games.monster_club.decks import DECK_SIZE
from monsterlair.games.monster_club.spec import MAX_HAND, SPACES

# Kinds.
END, SPARE, DESTROY, PLAY, STACK, MOVE, FLIP, ATTACK, SKIP, T_STACK, T_MOVE, T_GRAVE, T_GRAVE_TO = range(13)
KIND_NAMES = (
    "end",
    "spare",
    "destroy",
    "play",
    "stack",
    "move",
    "flip",
    "attack",
    "skip",
    "target",
    "target-move",
    "target-grave",
    "target-grave-to",
)
LEFT, RIGHT = 0, 1
DIRS = ("left", "right")
SIDES = ("own", "opp")
"""Target sides, relative to the player who chooses: 0 = own board/grave, 1 = the opponent's."""
GRAVE_SLOTS = DECK_SIZE
"""A grave only holds its owner's cards (MC-10.1), so never more than a deck."""


class Action(FixedAction):
    """One decision. Fields are 0-based: ``hand``, ``space``, ``pos`` (grave position), ``dest`` (space),
    ``side`` (0 own, 1 opponent), ``down`` (face down), ``dir`` (0 left, 1 right); unused fields are -1/False.
    """

    __slots__ = ("kind", "hand", "space", "down", "dir", "side", "pos", "dest")

    kind: int
    hand: int
    space: int
    down: bool
    dir: int
    side: int
    pos: int
    dest: int

    def __init__(
        self,
        kind: int,
        index: int,
        text: str,
        *,
        hand: int = -1,
        space: int = -1,
        down: bool = False,
        dir: int = -1,
        side: int = -1,
        pos: int = -1,
        dest: int = -1,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "kind", kind)
        set_(self, "hand", hand)
        set_(self, "space", space)
        set_(self, "down", down)
        set_(self, "dir", dir)
        set_(self, "side", side)
        set_(self, "pos", pos)
        set_(self, "dest", dest)
        set_(self, "index", index)
        set_(self, "text", text)

    def __repr__(self) -> str:
        return f"monster_club_action({self.text!r})"

    def __hash__(self) -> int:  # the index: sets of actions iterate alike on every run
        return self.index

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (action_from_index, (self.index,))


ALL: list[Action] = []


def _add(kind: int, text: str, **fields: Any) -> Action:
    action = Action(kind, len(ALL), text, **fields)
    ALL.append(action)
    return action


def _from_hand(kind: int, verb: str, to: str) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """``[down][hand][space]``: hand card ``hand`` played onto ``space`` by ``verb`` ("play 2 to 1 down")."""
    return tuple(
        tuple(
            tuple(
                _add(kind, f"{verb} {h + 1} {to} {s + 1}" + (" down" if down else ""), hand=h, space=s, down=down)
                for s in range(SPACES)
            )
            for h in range(MAX_HAND)
        )
        for down in (False, True)
    )


END_ACT = _add(END, "end")
SPARE_ACT = _add(SPARE, "spare")
DESTROY_ACT = tuple(_add(DESTROY, f"destroy {h + 1}", hand=h) for h in range(MAX_HAND))
PLAY_ACT = _from_hand(PLAY, "play", "to")
"""``PLAY_ACT[down][hand][space]``."""
STACK_ACT = _from_hand(STACK, "stack", "on")
"""``STACK_ACT[down][hand][space]``."""
MOVE_ACT = tuple(
    tuple(_add(MOVE, f"move {s + 1} {DIRS[d]}", space=s, dir=d) for d in (LEFT, RIGHT)) for s in range(SPACES)
)
"""``MOVE_ACT[space][dir]``."""
FLIP_ACT = tuple(_add(FLIP, f"flip {s + 1}", space=s) for s in range(SPACES))
ATTACK_ACT = tuple(_add(ATTACK, f"attack {s + 1}", space=s) for s in range(SPACES))
SKIP_ACT = _add(SKIP, "skip")
T_STACK_ACT = tuple(
    tuple(_add(T_STACK, f"target {SIDES[side]} {s + 1}", side=side, space=s) for s in range(SPACES)) for side in (0, 1)
)
"""``T_STACK_ACT[side][space]``."""
T_MOVE_ACT = tuple(
    tuple(
        tuple(_add(T_MOVE, f"target {SIDES[side]} {s + 1} {DIRS[d]}", side=side, space=s, dir=d) for d in (LEFT, RIGHT))
        for s in range(SPACES)
    )
    for side in (0, 1)
)
"""``T_MOVE_ACT[side][space][dir]``."""
T_GRAVE_ACT = tuple(
    tuple(_add(T_GRAVE, f"target {SIDES[side]} grave {g + 1}", side=side, pos=g) for g in range(GRAVE_SLOTS))
    for side in (0, 1)
)
"""``T_GRAVE_ACT[side][pos]``."""
T_GRAVE_TO_ACT = tuple(
    tuple(
        tuple(
            _add(T_GRAVE_TO, f"target {SIDES[side]} grave {g + 1} to {s + 1}", side=side, pos=g, dest=s)
            for s in range(SPACES)
        )
        for g in range(GRAVE_SLOTS)
    )
    for side in (0, 1)
)
"""``T_GRAVE_TO_ACT[side][pos][dest]``."""


# Lookup tables for the play phase, by bit masks of spaces (bit s = space s): the legal-action builder
# concatenates a few precomputed tuples instead of testing every space for every card.
def _spaces(mask: int) -> list[int]:
    return [s for s in range(SPACES) if mask >> s & 1]


_MASKS = range(1 << SPACES)
PLAY_TABLE: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(a for s in _spaces(free) for a in (PLAY_ACT[0][h][s], PLAY_ACT[1][h][s])) for free in _MASKS)
    for h in range(MAX_HAND)
)
"""``PLAY_TABLE[hand][free_spaces]``: a monster's plays, each free space face up then face down."""
STACK_TABLE: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            tuple(
                a
                for s in _spaces(slots)
                for a in ((STACK_ACT[0][h][s], STACK_ACT[1][h][s]) if up >> s & 1 else (STACK_ACT[1][h][s],))
            )
            for up in _MASKS
        )
        for slots in _MASKS
    )
    for h in range(MAX_HAND)
)
"""``STACK_TABLE[hand][stacks_with_a_free_slot][face_up_monsters]``: a power card's stacks."""
MOVE_TABLE: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(
        tuple(
            a
            for s in _spaces(occupied & unmoved)
            for a in (
                *((MOVE_ACT[s][LEFT],) if s > 0 and not occupied >> (s - 1) & 1 else ()),
                *((MOVE_ACT[s][RIGHT],) if s < SPACES - 1 and not occupied >> (s + 1) & 1 else ()),
            )
        )
        for unmoved in _MASKS
    )
    for occupied in _MASKS
)
"""``MOVE_TABLE[occupied_spaces][unmoved_stacks]``."""
FLIP_TABLE = tuple(tuple(FLIP_ACT[s] for s in _spaces(m)) for m in _MASKS)
ATTACK_TABLE = tuple(tuple(ATTACK_ACT[s] for s in _spaces(m)) for m in _MASKS)

ACTIONS: tuple[Action, ...] = tuple(ALL)
NUM_ACTIONS = len(ACTIONS)

_FILLER = frozenset({"to", "on", "at", "up", "space", "card", "face"})
_SYNONYMS = {"mine": "own", "my": "own", "their": "opp", "theirs": "opp", "opponent": "opp", "opponents": "opp"}


def _key(text: str) -> str:
    words = text.strip().lower().replace(",", " ").split()
    return " ".join(_SYNONYMS.get(w, w) for w in words if w not in _FILLER)


SPACE: ActionSpace[Action] = ActionSpace(
    "Monster Club",
    ACTIONS,
    key=_key,
    forms="'play H to S [down]', 'stack H on S [down]', 'move S left|right', 'flip S', 'attack S', 'end', "
    "'destroy H', 'spare', 'target own|opp S', 'target own|opp S left|right', 'target own|opp grave G [to S]', "
    "'skip'",
)
parse = SPACE.parse


def action_from_index(index: int) -> Action:
    """The action with that index (a module function, so that pickled actions name it).

    Raises:
        BadAction: if the index is out of range.
    """
    return SPACE.from_index(index)
