"""The game contract: what every game offers to bots, the CLI, the protocol, the server and RL.

A game is a :class:`Game` (metadata, options, action text and indices, replay) that makes
:class:`State` objects (to_move, legal_actions, apply, clone, view, determinize, record).
Nothing here knows any particular game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from monsterlair.core.errors import BadAction, BadOptions, BadRecord, GameOver, IllegalAction, MonsterLairError
from monsterlair.core.events import Event
from monsterlair.core.options import OptionSet, OptionValue
from monsterlair.core.result import Result
from monsterlair.core.rng import Rng, fresh_seed

Seat = int
Action = Any
"""A game's action: a hashable value whose ``str()`` is its canonical text (see each game's rules)."""

RECORD_KEYS = ("game", "rules_version", "players", "options", "seed", "actions")


class State(ABC):
    """One position of one game, with its seeded generator and its history.

    Subclasses keep their data in ``__slots__`` and hand-write :meth:`clone`.
    Public mutator: :meth:`apply` (checked). :meth:`apply_unchecked` is the fast path for bots and
    simulation, to be given only actions from :meth:`legal_actions`.
    """

    __slots__ = ()

    game: Game
    players: int
    seed: int
    options: Mapping[str, OptionValue]
    history: list[Action]

    # --- whose turn, what may be done -------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> Seat | None:
        """The seat whose decision it is; ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The legal actions in a documented, deterministic order; empty if and only if the game is over."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """True once the game has ended."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

    # --- changing the state -----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move and return the events it caused.

        Raises:
            GameOver: if the game has ended.
            IllegalAction: if the rules do not allow ``action`` now; the state is unchanged.
        """
        if self.over:
            raise GameOver("The game is over; no more actions can be played.")
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action}' is not legal now. {self.describe_decision()}")
        return self.apply_unchecked(action)

    @abstractmethod
    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply a legal action without checking it (it must come from :meth:`legal_actions`).

        Appends the action to ``history``.
        """

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, generator included, sharing only immutable parts."""

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    # --- information --------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: Seat | None) -> dict[str, Any]:
        """A JSON-ready dict of what ``seat`` may know; ``None`` gives the spectator's view."""

    @abstractmethod
    def determinize(self, seat: Seat, rng: Rng) -> State:
        """A clone whose information hidden from ``seat`` is resampled with ``rng``.

        The clone's ``view(seat)`` and ``to_move`` equal this state's. The sample depends only on what
        ``seat`` may know, never on the hidden truth (so bots that search on it cannot peek).
        """

    def describe_decision(self) -> str:
        """A short public sentence on the decision at hand (for error messages)."""
        if self.over:
            return "The game is over."
        texts = [str(a) for a in self.legal_actions()]
        shown = ", ".join(texts[:12]) + (", …" if len(texts) > 12 else "")
        return f"Seat {self.to_move} to move; legal: {shown}."

    # --- text ---------------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The legal action whose text is ``text``.

        Raises:
            BadAction: if ``text`` is not the form of any action of this game.
            GameOver: if the game has ended.
            IllegalAction: if it is well formed but not legal now.
        """
        action = self.game.parse_action(text)
        if self.over:
            raise GameOver("The game is over; no more actions can be played.")
        if action not in self.legal_actions():
            raise IllegalAction(f"'{text.strip()}' is not legal now. {self.describe_decision()}")
        return action

    # --- storage ------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The unit of storage and replay: game, rules version, players, options, seed and actions."""
        return {
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [str(a) for a in self.history],
        }

    def payoff(self, seat: Seat) -> float:
        """The finished game's payoff for ``seat`` (see :meth:`Result.payoff`); 0.5 while unfinished."""
        result = self.result
        return 0.5 if result is None else result.payoff(seat)


class Game(ABC):
    """A registered game: metadata, options, action text and indices, and state construction."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int]
    summary: ClassVar[str] = ""
    options: ClassVar[OptionSet] = OptionSet()

    def new(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> State:
        """A new game.

        Raises:
            BadOptions: if ``players`` is out of range or an option is unknown or bad.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"The number of players must be a whole number, not {players!r}.")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}.")
        if seed is None:
            seed = fresh_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions(f"The seed must be a whole number, not {seed!r}.")
        resolved = self.options.resolve(options)
        self.check_options(players, resolved)
        return self.create(players, seed, resolved)

    def check_options(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Checks that involve several options or the player count.

        Raises:
            BadOptions: if the combination is not playable.
        """
        return None

    @abstractmethod
    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> State:
        """Build the starting state from checked arguments."""

    def default_players(self, options: Mapping[str, Any] | None = None) -> int:
        """The player count to use when a person names none (the CLI's ``play``): two where allowed.

        Games whose options imply a count (MONSTRA's ``mode=2v2``) override this.
        """
        return max(self.min_players, min(2, self.max_players))

    def teams(self, players: int, options: Mapping[str, OptionValue]) -> tuple[int, ...] | None:
        """Which side each seat plays on, for ratings: seats with the same number are partners and share
        their result; ``None`` when every seat plays together against the game (co-operative), so nobody
        has an opponent. Default: every seat for itself.
        """
        return tuple(range(players))

    # --- actions ------------------------------------------------------------------------------
    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose canonical text is ``text`` (surrounding spaces and case forgiven).

        Raises:
            BadAction: if it is not the form of any action of this game.
        """

    @abstractmethod
    def num_actions(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The size of the fixed action space (for RL masks)."""

    @abstractmethod
    def action_index(self, action: Action, players: int, options: Mapping[str, OptionValue]) -> int:
        """The stable integer index of ``action`` in ``range(num_actions(...))``.

        Raises:
            BadAction: if the action has no index (for example a free-form push).
        """

    @abstractmethod
    def action_from_index(self, index: int, players: int, options: Mapping[str, OptionValue]) -> Action:
        """The action with that index.

        Raises:
            BadAction: if the index is out of range.
        """

    # --- observations (RL) -------------------------------------------------------------------
    @abstractmethod
    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of the numeric encoding of a view (fixed for a player count and options)."""

    @abstractmethod
    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """A fixed-length numeric encoding of a seat's view, for RL.

        It reads only the view, so it can never hold what the seat may not know.
        """

    # --- evaluation ---------------------------------------------------------------------------
    def heuristic(self, state: State, seat: Seat) -> float:
        """How good ``state`` looks for ``seat``, in [0, 1] (used by ``greedy``). Default: the payoff."""
        return state.payoff(seat)

    def report_factors(self, state: State) -> dict[Seat, list[str]]:
        """What each seat was dealt that a balance report should break win rates down by.

        Given the starting position of a game, a game may return per seat a list of ``"kind:value"``
        strings naming its content: ``"deck:ember"``, ``"creature:flaro"``, ``"monster:suit-a"``,
        ``"order:2"``. ``monsterlair sim`` records them with each game and reports, per factor, the win
        rate of the seats that had it (its "presence" win rate). Default: none.
        """
        return {}

    def render(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """A terminal rendering of a view (rich markup allowed)."""
        import json

        return json.dumps(view, indent=1)

    def describe_action(self, action: Action) -> str:
        """A phrase for a menu (defaults to the canonical text)."""
        return str(action)

    def describe_event(self, event: Mapping[str, Any]) -> str:
        """One game-log line for an event already redacted for its reader (``Event.for_seat``).

        Games override this for readable prose; the default is a compact ``type: k=v, ...`` line, so
        every game gets a usable log from the first day. It only formats what it is given, so it can
        never show more than the redacted event holds.
        """
        kind = str(event.get("type", "event"))
        rest = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return f"{kind}: {rest}" if rest else kind

    # --- records ------------------------------------------------------------------------------
    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> State:
        """Rebuild the exact state a record describes (its first ``upto`` actions, if given).

        Raises:
            BadRecord: if the record is malformed, of another game or rules version, or replays illegally.
        """
        if not isinstance(record, Mapping):
            raise BadRecord("A record must be a JSON object.")
        missing = [k for k in RECORD_KEYS if k not in record]
        if missing:
            raise BadRecord(f"The record lacks {', '.join(missing)}.")
        if record["game"] != self.id:
            raise BadRecord(f"The record is a game of {record['game']!r}, not {self.id!r}.")
        if record["rules_version"] != self.rules_version:
            raise BadRecord(
                f"The record was made with rules version {record['rules_version']!r}; "
                f"this build plays version {self.rules_version}."
            )
        actions = record["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise BadRecord("The record's actions must be a list of action texts.")
        try:
            state = self.new(record["players"], record["seed"], record["options"])
        except BadOptions as exc:
            raise BadRecord(f"The record's set-up is not valid: {exc}") from None
        limit = len(actions) if upto is None else max(0, min(upto, len(actions)))
        for i, text in enumerate(actions[:limit]):
            try:
                state.apply(state.parse_action(text))
            except MonsterLairError as exc:
                raise BadRecord(f"Action {i + 1} ({text!r}) cannot be replayed: {exc}") from None
            self.after_replayed_action(state, record, i)
        return state

    def after_replayed_action(self, state: State, record: Mapping[str, Any], index: int) -> None:
        """A hook run after each replayed action (Push a Monster re-anchors its physics here)."""
        return None

    def info(self) -> dict[str, Any]:
        """JSON-ready metadata, as the protocol's ``games`` answer gives it."""
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
            "summary": self.summary,
            "options": self.options.schema(),
        }


__all__ = [
    "Action",
    "BadAction",
    "Game",
    "IllegalAction",
    "RECORD_KEYS",
    "Seat",
    "State",
]
