"""Tiny Cards: a small hidden-hand card game with chance, for testing bots and the conformance suite.

It is not one of the project's games and is never registered. It exists so the bots and
:mod:`monsterlair.testing.conformance` can be developed and tested against a game whose every rule fits
on a screen, and so the suite can be shown to catch planted bugs (``tests/testing``).

Rules. 2–4 players; a deck of cards valued 1..9, ``copies`` of each, shuffled with the state's generator;
each player is dealt ``hand`` cards, hidden from the others. Seat 0 starts; turns go clockwise. On a turn a
player does one thing:

* ``draw`` — take the top card of the deck (allowed while the deck has cards and the hand holds fewer than
  ``hand_limit``); only the drawer learns the card;
* ``play V`` — lay a card of value V from the hand face up; it adds V to the player's total.

Each player plays exactly ``rounds`` cards; a player with no plays left is skipped. When everyone has
played, the highest total wins (equal totals share the victory). ``max_turns`` is a safety cap.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from monsterlair.core import (
    Action,
    BadAction,
    BadOptions,
    Event,
    Game,
    Option,
    OptionSet,
    OptionValue,
    Result,
    Rng,
    Seat,
    State,
    ranks_from_scores,
)

VALUES = tuple(range(1, 10))
MAX_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class TinyAction:
    """``draw`` (value 0) or ``play V``."""

    value: int

    def __str__(self) -> str:
        return "draw" if self.value == 0 else f"play {self.value}"


DRAW = TinyAction(0)
PLAY = {v: TinyAction(v) for v in VALUES}


class TinyState(State):
    """A Tiny Cards position. Hands are kept sorted; the deck's top is its last element."""

    __slots__ = (
        "game",
        "players",
        "seed",
        "options",
        "history",
        "rng",
        "hands",
        "deck",
        "played",
        "plays_left",
        "turn",
        "_to_move",
        "_result",
    )

    def __init__(self, game: TinyGame, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        self.rng = Rng(seed)
        deck = [v for v in VALUES for _ in range(int(options["copies"]))]
        self.rng.shuffle(deck)
        size = int(options["hand"])
        self.hands = [sorted(deck.pop() for _ in range(size)) for _ in range(players)]
        self.deck = deck
        self.played: list[list[int]] = [[] for _ in range(players)]
        self.plays_left = [int(options["rounds"])] * players
        self.turn = 0
        self._to_move: Seat | None = 0
        self._result: Result | None = None

    # --- contract -------------------------------------------------------------------------
    @property
    def to_move(self) -> Seat | None:
        return self._to_move

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_actions(self) -> Sequence[Action]:
        seat = self._to_move
        if seat is None:
            return []
        hand = self.hands[seat]
        out: list[Action] = [PLAY[v] for v in sorted(set(hand))]
        if self.deck and len(hand) < int(self.options["hand_limit"]):
            out.append(DRAW)
        return out

    def apply_unchecked(self, action: Action) -> list[Event]:
        seat = self._to_move
        assert seat is not None
        events: list[Event] = []
        if action.value == 0:
            card = self.deck.pop()
            insort(self.hands[seat], card)
            events.append(
                Event(
                    "draw",
                    {"seat": seat, "hand_size": len(self.hands[seat]), "deck": len(self.deck)},
                    private={"card": card},
                    to=(seat,),
                )
            )
        else:
            self.hands[seat].remove(action.value)
            self.played[seat].append(action.value)
            self.plays_left[seat] -= 1
            events.append(Event("play", {"seat": seat, "card": action.value, "total": sum(self.played[seat])}))
        self.history.append(action)
        self.turn += 1
        nxt = self._next_seat(seat)
        if nxt is None or self.turn >= int(self.options["max_turns"]):
            self._finish(capped=nxt is not None)
            assert self._result is not None
            events.append(Event("end", self._result.to_json()))
        else:
            self._to_move = nxt
        return events

    def _next_seat(self, seat: Seat) -> Seat | None:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.plays_left[other] > 0:
                return other
        return None

    def _finish(self, capped: bool) -> None:
        totals = tuple(float(sum(p)) for p in self.played)
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        self._result = Result(winners, ranks_from_scores(totals), totals, "cap" if capped else "all played", capped)
        self._to_move = None

    def clone(self) -> TinyState:
        c = type(self).__new__(type(self))  # keeps test subclasses (tests/testing plants bugs in them)
        c.game = self.game
        c.players = self.players
        c.seed = self.seed
        c.options = self.options
        c.history = list(self.history)
        c.rng = self.rng.clone()
        c.hands = [list(h) for h in self.hands]
        c.deck = list(self.deck)
        c.played = [list(p) for p in self.played]
        c.plays_left = list(self.plays_left)
        c.turn = self.turn
        c._to_move = self._to_move
        c._result = self._result
        return c

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "seat": seat,
            "to_move": self._to_move,
            "over": self.over,
            "result": None if self._result is None else self._result.to_json(),
            "players": self.players,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "plays_left": list(self.plays_left),
            "deck": len(self.deck),
            "turn": self.turn,
        }

    def determinize(self, seat: Seat, rng: Rng) -> TinyState:
        c = self.clone()
        pool = list(self.deck)
        for other in range(self.players):
            if other != seat:
                pool.extend(self.hands[other])
        pool.sort()  # canonical order: the sample must not depend on where the hidden cards really are
        rng.shuffle(pool)
        for other in range(self.players):
            if other != seat:
                n = len(self.hands[other])
                c.hands[other] = sorted(pool[:n])
                del pool[:n]
        c.deck = pool
        c.rng = Rng(rng.next64())
        return c


class TinyGame(Game):
    """The Tiny Cards game object."""

    id = "tiny-cards"
    title = "Tiny Cards"
    min_players = 2
    max_players = MAX_PLAYERS
    rules_version = 1
    summary = "Draw and play cards valued 1 to 9; the highest total of played cards wins."
    options = OptionSet(
        [
            Option("rounds", 3, "Cards each player plays.", minimum=1, maximum=5),
            Option("hand", 3, "Cards dealt to each player.", minimum=1, maximum=5),
            Option("hand_limit", 5, "Most cards a hand may hold after drawing.", minimum=1, maximum=9),
            Option("copies", 2, "Copies of each value in the deck.", minimum=1, maximum=4),
            Option("max_turns", 100, "Safety cap on turns.", minimum=1),
        ]
    )

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        if int(options["hand"]) < int(options["rounds"]):
            raise BadOptions("Option 'hand' must be at least 'rounds', so every player can make every play.")
        if int(options["hand_limit"]) < int(options["hand"]):
            raise BadOptions("Option 'hand_limit' must be at least 'hand'.")
        if 9 * int(options["copies"]) < players * int(options["hand"]):
            raise BadOptions("The deck is too small to deal every hand; raise 'copies' or lower 'hand'.")

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> TinyState:
        return TinyState(self, players, seed, options)

    def parse_action(self, text: str) -> Action:
        words = str(text).strip().lower().split()
        if words == ["draw"]:
            return DRAW
        if len(words) == 2 and words[0] == "play" and words[1].isdigit() and int(words[1]) in PLAY:
            return PLAY[int(words[1])]
        raise BadAction(f"{text!r} is not a Tiny Cards action; write 'draw' or 'play V' with V from 1 to 9.")

    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return 10

    def action_index(self, action: Action, players: int, options: Mapping[str, OptionValue]) -> int:
        if not isinstance(action, TinyAction):
            raise BadAction(f"{action!r} is not a Tiny Cards action.")
        return int(action.value)

    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> Action:
        if index == 0:
            return DRAW
        if index in PLAY:
            return PLAY[index]
        raise BadAction(f"Tiny Cards action indices run from 0 to 9, not {index!r}.")

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return 9 + 3 * MAX_PLAYERS + 1 + 2 * MAX_PLAYERS + 1

    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        out = [0.0] * self.observation_size(players, options)
        for v in view["hand"] or []:
            out[v - 1] += 1.0
        for s in range(players):
            base = 9 + 3 * s
            out[base] = sum(view["played"][s]) / 45.0
            out[base + 1] = view["hand_sizes"][s] / 9.0
            out[base + 2] = view["plays_left"][s] / 5.0
        base = 9 + 3 * MAX_PLAYERS
        out[base] = view["deck"] / 36.0
        if view["to_move"] is not None:
            out[base + 1 + view["to_move"]] = 1.0
        if view["seat"] is not None:
            out[base + 1 + MAX_PLAYERS + view["seat"]] = 1.0
        out[-1] = 1.0 if view["over"] else 0.0
        return out

    def heuristic(self, state: State, seat: Seat) -> float:
        """0.5 plus the margin of this seat's potential (played total plus its best remaining plays)."""
        assert isinstance(state, TinyState)
        if state.over:
            return state.payoff(seat)

        def potential(s: int) -> int:
            k = state.plays_left[s]
            return sum(state.played[s]) + (sum(state.hands[s][-k:]) if k else 0)

        mine = potential(seat)
        best_other = max(potential(s) for s in range(state.players) if s != seat)
        scale = 2.0 * 9 * int(state.options["rounds"])
        return min(1.0, max(0.0, 0.5 + (mine - best_other) / scale))


TINY = TinyGame()


def new_tiny(players: int, seed: int, options: Mapping[str, Any] | None = None) -> TinyState:
    """A new Tiny Cards state, typed as such (``TINY.new`` is typed as the contract's ``State``)."""
    state = TINY.new(players, seed, options)
    assert isinstance(state, TinyState)
    return state
