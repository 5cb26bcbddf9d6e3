"""A game's position: the :class:`State` contract and :class:`BaseState`, the fields every game keeps.

Split from :mod:`monsterlair.core.game` because these classes are compiled with mypyc when the machine can
(:mod:`monsterlair.compiled`): MONSTRA's and Monster Club's states are compiled classes, and a compiled class
can only inherit from a compiled one. Both run unchanged as plain Python. ``allow_interpreted_subclasses``
lets every other game (and a third party's) subclass them as ordinary Python classes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from monsterlair.core.copying import CopyDeclaration, copy_fields
from monsterlair.core.errors import GameOver, NotLegalNow
from monsterlair.core.events import Event
from monsterlair.core.options import OptionValue
from monsterlair.core.result import Result
from monsterlair.core.rng import Rng
from monsterlair.core.words import seat_label

if TYPE_CHECKING:
    from monsterlair.core.game import Game

Seat = int
Action = Any
"""A game's action: a hashable value whose ``str()`` is its canonical text (see each game's rules)."""


_FIELDS: dict[type, tuple[str, ...]] = {}


def state_fields(cls: type) -> tuple[str, ...]:
    """The fields of a state class: the slots of each Python class in its line and the fields of each compiled one
    (a compiled class shows no ``__slots__``)."""
    names = _FIELDS.get(cls)
    if names is None:
        found: dict[str, None] = {}
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            for name in ((slots,) if isinstance(slots, str) else slots) + klass.__dict__.get("__mypyc_attrs__", ()):
                if name not in ("__weakref__", "__dict__"):
                    found[name] = None
        names = _FIELDS[cls] = tuple(found)
    return names


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One position of one game, with its seeded generator and its history.

    Subclasses keep their data in ``__slots__`` and declare :meth:`clone` with :func:`core.copying.copier`
    (straight-line code written once per class, as fast as a hand-written copy); a compiled subclass writes its
    ``clone`` out (:mod:`monsterlair.compiled`).
    Public mutator: :meth:`apply` (checked). :meth:`apply_unchecked` is the fast path for bots and
    simulation, to be given only actions from :meth:`legal_actions`.
    """

    __slots__ = ()

    # The fields every state has, each a slot (or a field) of the game's own class. Declared here as properties, not
    # fields, so that code compiled against State reads the subclass's own slot (a compiled field here would be
    # a second, empty one under a Python subclass's slot of the same name).
    @property
    @abstractmethod
    def game(self) -> Game:
        """The game this is a position of."""

    @property
    @abstractmethod
    def players(self) -> int:
        """How many seats play."""

    @property
    @abstractmethod
    def seed(self) -> int:
        """The seed the game's generator started from."""

    @property
    @abstractmethod
    def options(self) -> Mapping[str, OptionValue]:
        """The game's options, every one resolved."""

    @property
    @abstractmethod
    def history(self) -> list[Action]:
        """The actions played so far, in order."""

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
            raise NotLegalNow(str(action), self.describe_decision())
        return self.apply_unchecked(action)

    @abstractmethod
    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply a legal action without checking it (it must come from :meth:`legal_actions`).

        Appends the action to ``history``.
        """

    def apply_quiet(self, action: Action) -> None:
        """Apply a legal action exactly as :meth:`apply_unchecked` does, without building its events.

        The fast path for searches and playouts, which never read events: the state afterwards (and its
        generator) is the same as after :meth:`apply_unchecked`. Games override it to skip the work of
        describing what happened; the default simply discards the events.
        """
        self.apply_unchecked(action)

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, generator included, sharing only immutable parts."""

    def __getstate__(self) -> dict[str, Any]:
        """For pickling (process pools): every field, each slot of a Python class and each field of a compiled one
        (pickling as a compiled class does by default would keep only the compiled fields of a Python subclass)."""
        return {name: getattr(self, name) for name in state_fields(type(self)) if hasattr(self, name)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

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

    def opening_events(self) -> list[Event]:
        """What the game shows everyone as it opens, before any move (a first round's revealed behaviour),
        as events for the log (move 0). Default: none."""
        return []

    def describe_decision(self) -> str:
        """A short public sentence on the decision at hand (for error messages)."""
        if self.over:
            return "The game is over."
        texts = [str(a) for a in self.legal_actions()]
        shown = ", ".join(texts[:12]) + (", …" if len(texts) > 12 else "")
        who = seat_label(self.to_move) if self.to_move is not None else "Nobody"
        phase = self.decision_phase()
        return f"{who} to move{f' in {phase}' if phase else ''}; legal: {shown}."

    def notation_decision(self) -> str:
        """The decision at hand in the notation's terms, for programs: the seat to move (counted from 0) and
        the phase, never the legal actions (they can show the mover's hand; a program asks for them)."""
        if self.over or self.to_move is None:
            return "the game is over"
        phase = self.decision_phase()
        return f"seat {self.to_move} is to move{f' in {phase}' if phase else ''}"

    def decision_phase(self) -> str | None:
        """The phase of the decision at hand in words ("the attack phase"), which ``describe_decision`` names;
        default: None (not named)."""
        return None

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
            raise NotLegalNow(
                text.strip(),
                self.describe_decision(),
                notation=f"'{text.strip()}' is not legal now ({self.notation_decision()}).",
            )
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


@mypyc_attr(allow_interpreted_subclasses=True)
class BaseState(State):
    """A :class:`State` with the fields every game keeps, declared and copied once.

    ``game``, ``players``, ``seed``, ``options``, ``history`` and the seeded generator ``rng``, plus the seat
    to move (``_to_move``) and the result (``_result``), which give :attr:`to_move`, :attr:`over` and
    :attr:`result`. A game's state lists only its own fields in ``__slots__``, starts with :meth:`_begin`,
    and its ``copier`` names only its own fields (these are declared here, and inherited). A compiled subclass
    writes its ``clone`` out and copies these fields with :meth:`_copy_common`.
    """

    __slots__ = ("game", "players", "seed", "options", "history", "rng", "_to_move", "_result")
    _copied_fields: ClassVar[CopyDeclaration] = copy_fields(
        share="game players seed options _to_move _result", lists="history", clones="rng"
    )
    """How a Python subclass's ``copier`` copies these fields (a compiled class cannot take a generated ``clone``)."""

    game: Game
    players: int
    seed: int
    options: Mapping[str, OptionValue]
    history: list[Action]
    rng: Rng
    _to_move: Seat | None
    _result: Result | None

    def _begin(self, game: Game, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        """Set the common fields of a new game: an empty history, a generator seeded with ``seed``, nobody to
        move yet and no result."""
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history = []
        self.rng = Rng(seed)
        self._to_move = None
        self._result = None

    @property
    def to_move(self) -> Seat | None:
        """The seat whose decision it is; ``None`` once the game is over."""
        return self._to_move

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self._result is not None

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._result

    def _copy_common(self, c: BaseState) -> None:
        """Copy the fields declared here into ``c`` (a compiled subclass's written-out ``clone``)."""
        c.game = self.game
        c.players = self.players
        c.seed = self.seed
        c.options = self.options
        c.history = self.history[:]
        c.rng = self.rng.clone()
        c._to_move = self._to_move
        c._result = self._result
