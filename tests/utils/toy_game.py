"""Toy Race: a tiny hidden-information card game for testing the tools (CLI, protocol, sim, bench).

It is not one of Monster Lair's games. It exercises everything tools must cope with: hidden hands,
chance (a shuffled deck), private events, options (``target``, ``mode``, ``max_turns``), draws and
capped games. Rules: each seat holds two cards (values 1..5) hidden from the others; on a turn the
seat to move plays a card (adding its value to a shared total, then drawing if the deck allows) or
passes. Whoever brings the total to ``target`` or more wins. A game whose deck and hands run dry
is a draw; a game that reaches ``max_turns`` decisions is cut (``Result.capped``).

``register(monkeypatch)`` adds it to the registry under the id ``toy-race`` for one test.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from monsterlair import games
from monsterlair.core import BadAction, Event, Game, Option, OptionSet, Result, Rng, State
from monsterlair.core.options import OptionValue

GAME_ID = "toy-race"
VALUES = (1, 2, 3, 4, 5)
COPIES = 2
HAND = 2


@dataclass(frozen=True, slots=True)
class Act:
    """``pass`` (value 0) or ``play V``."""

    value: int

    def __str__(self) -> str:
        return "pass" if self.value == 0 else f"play {self.value}"


PASS = Act(0)
PLAYS = {v: Act(v) for v in VALUES}


class ToyState(State):
    """Hands, deck, running total."""

    __slots__ = (
        "game",
        "players",
        "seed",
        "options",
        "history",
        "rng",
        "hands",
        "deck",
        "total",
        "_to_move",
        "_result",
    )

    def __init__(self, game: ToyGame, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history: list[Any] = []
        self.rng = Rng(seed)
        deck = [v for v in VALUES for _ in range(COPIES)]
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        self.deck = deck[players * HAND :]
        self.total = 0
        self._to_move: int | None = 0
        self._result: Result | None = None

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result

    def target(self) -> int:
        return 8 if self.options["mode"] == "short" else int(self.options["target"])

    def legal_actions(self) -> Sequence[Any]:
        if self._to_move is None:
            return []
        return [PASS] + [PLAYS[v] for v in sorted(set(self.hands[self._to_move]))]

    def apply_unchecked(self, action: Any) -> list[Event]:
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

    def clone(self) -> ToyState:
        c = ToyState.__new__(ToyState)
        c.game, c.players, c.seed, c.options = self.game, self.players, self.seed, self.options
        c.history = list(self.history)
        c.rng = self.rng.clone()
        c.hands = [list(h) for h in self.hands]
        c.deck = list(self.deck)
        c.total = self.total
        c._to_move = self._to_move
        c._result = self._result
        return c

    def view(self, seat: int | None) -> dict[str, Any]:
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
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                n = len(c.hands[s])
                c.hands[s] = sorted(pool[:n])
                pool = pool[n:]
        c.deck = pool
        c.rng = Rng(rng.next64())
        return c


class ToyGame(Game):
    """The toy game's metadata and parsing."""

    id = GAME_ID
    title = "Toy Race"
    min_players = 2
    max_players = 4
    rules_version = 1
    summary = "A tiny test game."
    options = OptionSet(
        [
            Option("target", 12, "Total that wins.", minimum=1, maximum=60),
            Option("mode", "normal", "normal or short (target 8).", choices=("normal", "short")),
            Option("max_turns", 60, "Safety cap on decisions.", minimum=1, maximum=1000),
        ]
    )

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> ToyState:
        return ToyState(self, players, seed, options)

    def parse_action(self, text: str) -> Any:
        t = " ".join(str(text).lower().split())
        if t == "pass":
            return PASS
        if t.startswith("play "):
            rest = t[5:]
            if rest.isdigit() and int(rest) in PLAYS:
                return PLAYS[int(rest)]
        raise BadAction(f"'{text}' is not an action of Toy Race; say 'pass' or 'play N'.")

    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return 1 + len(VALUES)

    def action_index(self, action: Any, players: int, options: Mapping[str, OptionValue]) -> int:
        return int(action.value)

    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> Any:
        if index == 0:
            return PASS
        if index in PLAYS:
            return PLAYS[index]
        raise BadAction(f"No action has index {index}.")

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return 2

    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        return [float(view["total"]), float(view["deck"])]

    def heuristic(self, state: State, seat: int) -> float:
        if state.over:
            return state.payoff(seat)
        assert isinstance(state, ToyState)
        return min(1.0, state.total / state.target()) * 0.5 + 0.25

    def render(self, view: Mapping[str, Any], seat: int | None) -> str:
        hand = " ".join(f"[bold]{v}[/bold]" for v in view["hand"]) if view["hand"] is not None else "hidden"
        return f"Total {view['total']} of {view['target']}; deck {view['deck']}; your hand: {hand}"


GAME = ToyGame()


def register(monkeypatch: pytest.MonkeyPatch) -> ToyGame:
    """Put Toy Race in the registry for the current test (and processes forked during it)."""
    monkeypatch.setitem(games._MODULES, GAME_ID, __name__)
    monkeypatch.setitem(games._loaded, GAME_ID, GAME)
    return GAME
