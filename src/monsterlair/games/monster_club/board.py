"""Monster Club's board pieces: card codes and the :class:`Stack`.

A physical card is a *code*: ``code = card_index * 2 + owner``. The owner bit is the seat whose deck the
card came from; it decides the grave the card goes to (MC-10.1) even when the card sits on the other
player's board. Hands, decks and graves are plain lists of codes; a hand is kept sorted, so a hand
position means the same card for everyone who knows the hand.
"""

from __future__ import annotations

from monsterlair.games.monster_club.cards import CARDS, Card

CODE_CARD: tuple[Card, ...] = tuple(CARDS[code >> 1] for code in range(2 * len(CARDS)))
"""``CODE_CARD[code]``: the card a code shows."""
CODE_MONSTER: tuple[bool, ...] = tuple(c.monster for c in CODE_CARD)
CODE_LIMIT: tuple[int, ...] = tuple(c.limit for c in CODE_CARD)
CODE_ID: tuple[str, ...] = tuple(c.id for c in CODE_CARD)
CODE_SWIFT: tuple[bool, ...] = tuple(c.swift for c in CODE_CARD)


def code_of(card_index: int, owner: int) -> int:
    """The code of card ``card_index`` from seat ``owner``'s deck."""
    return card_index * 2 + owner


class Stack:
    """One monster and the power cards stacked on it (MC-5.1), on one space of one side.

    ``m`` is the monster's code, ``mup`` whether it is face up, ``mknown`` whether its identity is public
    while face down (it was face up before). ``p``/``pup``/``pknown`` are the power cards bottom to top.
    ``moved`` and ``attacked`` are this turn's flags of the stack's player (MC-5.6, MC-7.2).
    """

    __slots__ = ("m", "mup", "mknown", "p", "pup", "pknown", "moved", "attacked")

    def __init__(self, m: int = -1, mup: bool = False, mknown: bool = False) -> None:  # defaults: for unpickling
        self.m = m
        self.mup = mup
        self.mknown = mknown or mup
        self.p: list[int] = []
        self.pup: list[bool] = []
        self.pknown: list[bool] = []
        self.moved = False
        self.attacked = False

    def copy(self) -> Stack:
        """An independent copy."""
        s = Stack(self.m, self.mup, self.mknown)
        s.p = self.p[:]
        s.pup = self.pup[:]
        s.pknown = self.pknown[:]
        s.moved = self.moved
        s.attacked = self.attacked
        return s

    def swift(self) -> bool:
        """True if a face-up card of the stack is swift (MC-8.8): the stack may attack after moving."""
        if self.mup and CODE_SWIFT[self.m]:
            return True
        return any(up and CODE_SWIFT[c] for c, up in zip(self.p, self.pup, strict=True))

    def cards(self) -> list[int]:
        """Every code of the stack, monster first."""
        return [self.m, *self.p]

    def free_slots(self) -> int:
        """How many more power cards the monster can hold (MC-3.2)."""
        return CODE_LIMIT[self.m] - len(self.p)

    def first_face_down(self) -> int:
        """What ``flip`` turns over (MC-5.5): -1 for the monster, the power's position, or -2 for nothing."""
        if not self.mup:
            return -1
        for i, up in enumerate(self.pup):
            if not up:
                return i
        return -2

    def __repr__(self) -> str:
        m = CODE_ID[self.m] + ("" if self.mup else "(down)")
        ps = [CODE_ID[c] + ("" if u else "(down)") for c, u in zip(self.p, self.pup, strict=True)]
        return f"Stack({m}, {ps})"
