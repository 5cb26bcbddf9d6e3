"""Toy Race's rules: hands, deck and a running total (the common fields come from ``BaseState``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from monsterlair.core import BaseState, Event, OptionValue, Result, Rng
from monsterlair.core.copying import copier
from tests.example_game.actions import PASS, PLAYS, Act
from tests.example_game.spec import COPIES, GAME_ID, HAND, SHORT_TARGET, VALUES

if TYPE_CHECKING:
    from tests.example_game.game import ToyGame


class ToyState(BaseState):
    """Hands (sorted, hidden from the other seats), the deck (its top is its last card) and the total."""

    __slots__ = ("hands", "deck", "total")

    def __init__(self, game: ToyGame, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        self._begin(game, players, seed, options)
        deck = [v for v in VALUES for _ in range(COPIES)]
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        self.deck = deck[players * HAND :]
        self.total = 0
        self._to_move = 0

    def target(self) -> int:
        return SHORT_TARGET if self.options["mode"] == "short" else int(self.options["target"])

    def legal_actions(self) -> Sequence[Act]:
        if self._to_move is None:
            return []
        return [PASS] + [PLAYS[v] for v in sorted(set(self.hands[self._to_move]))]

    def apply_unchecked(self, action: Act) -> list[Event]:
        seat = self._to_move
        assert seat is not None
        self.history.append(action)
        events: list[Event] = []
        if action.value == 0:
            events.append(Event("pass", {"seat": seat}))
        else:
            self.hands[seat].remove(action.value)
            self.total += action.value
            events.append(Event("play", {"seat": seat, "value": action.value, "total": self.total}))
            if self.deck:
                card = self.deck.pop()
                self.hands[seat].append(card)
                self.hands[seat].sort()
                events.append(Event("draw", {"seat": seat, "deck": len(self.deck)}, {"card": card}, (seat,)))
        if self.total >= self.target():
            self._finish((seat,), "target")
        elif not self.deck and not any(self.hands):
            self._finish((), "exhausted")
        elif len(self.history) >= int(self.options["max_turns"]):
            self._finish((), "cap", capped=True)
        else:
            self._to_move = (seat + 1) % self.players
        if self._result is not None:
            events.append(Event("end", {"winners": list(self._result.winners)}))
        return events

    def _finish(self, winners: tuple[int, ...], why: str, capped: bool = False) -> None:
        ranks = tuple(1 if (s in winners or not winners) else 2 for s in range(self.players))
        scores = tuple(1.0 if s in winners else 0.0 for s in range(self.players))
        self._result = Result(winners, ranks, scores, why, capped)
        self._to_move = None

    clone = copier(share="total", lists="deck", nested="hands")

    def view(self, seat: int | None) -> dict[str, object]:
        return {
            "game": GAME_ID,
            "seat": seat,
            "to_move": self._to_move,
            "over": self.over,
            "result": self._result.to_json() if self._result else None,
            "players": self.players,
            "total": self.total,
            "target": self.target(),
            "deck": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
        }

    def determinize(self, seat: int, rng: Rng) -> ToyState:
        c = self.clone()
        pool = sorted([v for s, h in enumerate(self.hands) if s != seat for v in h] + self.deck)
        rng.shuffle(pool)  # from a canonical order: the sample must not depend on where the hidden cards are
        for s in range(self.players):
            if s != seat:
                n = len(c.hands[s])
                c.hands[s] = sorted(pool[:n])
                pool = pool[n:]
        c.deck = pool
        c.rng = Rng(rng.next64())
        return c
