"""Push a Monster's state: the die, the supply, the arena's poses, the tokens, and the turn's phase.

Set-up (rule PM-2): with layout ``players`` the seats place the start monsters in turn (``place``).
A turn (rules PM-3 to PM-6): the seat to move rolls the die at once (a chance event, not a decision);
after a '?' with a tie it chooses the kind (``take``); then it pushes (``push``) until the monster is on
the arena or has fallen (a miss goes back on the pusher); a monster left sticking out is nudged
(``nudge``) until it lies fully on the arena or falls. Monsters already on the arena may be shoved
(``shove``) at any time of the turn. After ``max_tries`` pushes, nudges and shoves the monster is set
down by hand (rule PM-6.6), so every turn ends. Then the next seat rolls.

The state keeps the arena as a tuple of exact float poses; a fresh physics world is built from it for
every push (``physics.simulate``), so cloning is cheap and no physics object outlives a simulation. Each
physics action leaves an :class:`Anchor` (what the simulation settled on) beside the history; ``record()``
stores them, and replay re-anchors to them, so a game replays exactly on any machine (rule PM-10.2).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from monsterlair.core import BadRecord, Event, Game, GameOver, IllegalAction, Result, Rng, State, ranks_from_scores
from monsterlair.core.copying import copier
from monsterlair.core.options import OptionValue
from monsterlair.core.words import capitalise, seat_label
from monsterlair.games.push_a_monster import physics
from monsterlair.games.push_a_monster.actions import (
    ASSIST,
    NUDGES,
    PLACES,
    PUSHES,
    TAKES,
    Action,
    Assist,
    Nudge,
    Place,
    Push,
    Shove,
    Take,
)
from monsterlair.games.push_a_monster.geometry import ARENA, Pose, fits, free_place, fully_inside
from monsterlair.games.push_a_monster.physics import FELL, MISSED, OVERHANG, PLACED, SHOVED, STATUSES, Noise, Outcome
from monsterlair.games.push_a_monster.spec import (
    COORD_LIMIT,
    DEPTH_MAX,
    DEPTH_MIN,
    DIE_FACES,
    DIE_KINDS,
    KIND_MONSTERS,
    KINDS,
    MONSTER_KIND,
    NUDGE_MAX,
    NUDGE_MIN,
    NUDGE_OFFSET_MAX,
    NUM_KINDS,
    NUM_MONSTERS,
    QUESTION,
    RANDOM_CLEARANCE,
    SETUP_ORDER,
    START_LAYOUT,
    START_MONSTERS,
    TOKEN_WIDTH,
    TREMOR_DEPTH,
    TREMOR_HEADING,
    TREMOR_NUDGE_DISTANCE,
    TREMOR_NUDGE_HEADING,
    TREMOR_NUDGE_OFFSET,
    TREMOR_OFFSET,
    TREMOR_TILT,
    face_name,
)
from monsterlair.games.push_a_monster.words import cm, kind_name, monster_name


class Phase(IntEnum):
    """What the seat to move must decide."""

    CHOOSE = 0
    """A '?' was rolled and several kinds tie for the most in the supply: ``take`` one (rule PM-3.3)."""
    PUSH = 1
    """The monster is on the large pusher: ``push`` it onto the arena (rule PM-4)."""
    NUDGE = 2
    """The pushed monster rests sticking out over the edge: ``nudge`` it (rule PM-6.2)."""
    OVER = 3
    """The game has ended."""
    SETUP = 4
    """The players set the start monsters down, one each in turn (layout ``players``, rule PM-2.2)."""


class Where(IntEnum):
    """Where a monster is: every monster is in exactly one of these places at every moment (rule PM-1.2)."""

    SUPPLY = 0
    PUSHER = 1
    ARENA = 2
    FALLEN = 3


PHASE_NAMES = ("choose", "push", "nudge", "over", "setup")
WHERE_NAMES = ("supply", "pusher", "arena", "fallen")

KIND_EXHAUSTED = "kind_exhausted"
"""Termination: the die showed a kind no longer in the supply (rule PM-9.1)."""
SUPPLY_EMPTY = "supply_empty"
"""Termination: a '?' was rolled with the supply empty (rule PM-9.2)."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """What one push or nudge settled on: the pushed monster's fate, the falls and every pose on the arena."""

    status: str
    fallen: tuple[int, ...]
    poses: tuple[Pose, ...]

    def payload(self) -> list[Any]:
        """The anchor as plain JSON data (floats keep every bit through JSON)."""
        return [self.status, list(self.fallen), [[m, x, y, a] for m, x, y, a in self.poses]]

    def digest(self) -> str:
        """A short hash of the payload: two machines that settled alike give the same digest."""
        text = json.dumps(self.payload(), separators=(",", ":"), allow_nan=False)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def to_json(self) -> dict[str, Any]:
        """The record's form: ``{"status", "fallen", "monsters": [[m, x, y, angle], ...], "hash"}``."""
        status, fallen, monsters = self.payload()
        return {"status": status, "fallen": fallen, "monsters": monsters, "hash": self.digest()}

    @staticmethod
    def from_json(data: Any) -> Anchor:
        """An anchor from its record form.

        Raises:
            BadRecord: if it is malformed or its hash does not match its content.
        """
        try:
            status = data["status"]
            fallen = tuple(int(m) for m in data["fallen"])
            poses = tuple((int(m), float(x), float(y), float(a)) for m, x, y, a in data["monsters"])
            digest = data["hash"]
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecord(f"A settled-position anchor in the record is malformed ({exc}).") from None
        if status not in STATUSES or not all(math.isfinite(v) for p in poses for v in p[1:]):
            raise BadRecord("A settled-position anchor in the record has an unknown status or a bad number.")
        anchor = Anchor(status, fallen, poses)
        if anchor.digest() != digest:
            raise BadRecord("A settled-position anchor's hash does not match its positions: the record was altered.")
        return anchor


def _start_poses(layout: str, rng: Rng) -> tuple[Pose, ...]:
    """The start monsters' poses: the fixed layout, a seeded random one, or none yet (players, rule PM-2.2)."""
    if layout == "players":
        return ()
    if layout == "fixed":
        used: set[int] = set()
        out: list[Pose] = []
        for kind, x, y, a in START_LAYOUT:
            m = next(m for m in START_MONSTERS if MONSTER_KIND[m] == kind and m not in used)
            used.add(m)
            out.append((m, x, y, a))
        return tuple(sorted(out))
    placed: list[Pose] = []
    for m in START_MONSTERS:
        kind = MONSTER_KIND[m]
        for _ in range(10_000):
            x = rng.uniform(ARENA.xmin, ARENA.xmax)
            y = rng.uniform(ARENA.ymin, ARENA.ymax)
            a = rng.uniform(-math.pi, math.pi)
            if fits(kind, x, y, a, placed, RANDOM_CLEARANCE):
                placed.append((m, x, y, a))
                break
        else:  # pragma: no cover - the arena has room for seven monsters many times over
            raise RuntimeError("could not place the start monsters at random")
    return tuple(sorted(placed))


_TYPED_NAMES = {"x and y": "x and y must each", "depth": "the depth must", "dist": "the distance must"}


def _typed_range(key: str, low: int, high: int) -> str:
    """A refused length's range in players' centimetres and, for whoever typed it, in the notation's decimetres
    (``low``, ``high``: hundredths of a dm, as in actions): "the depth must be 0.5 cm to 20 cm (typed in
    decimetres: depth=0.05 to depth=2.00)"."""
    name = _TYPED_NAMES.get(key, f"the {key} must")
    typed = f"{low / 100:.2f} to {high / 100:.2f}" if " " in key else f"{key}={low / 100:.2f} to {key}={high / 100:.2f}"
    return f"{name} be {cm(low / 100)} to {cm(high / 100)} (typed in decimetres: {typed})"


class PushState(State):
    """One position of Push a Monster."""

    __slots__ = (
        "game",
        "players",
        "seed",
        "options",
        "history",
        "_rng",
        "_phase",
        "_seat",
        "_first",
        "_opening",
        "_where",
        "_poses",
        "_active",
        "_attempts",
        "_nudges",
        "_tokens",
        "_face",
        "_tied",
        "_turn",
        "_result",
        "_anchors",
        "_legal",
        "_undo",
        "_tremor",
        "_miss_limit",
        "_nudge_limit",
        "_max_tries",
        "_tries",
        "_entry",
        "_falls",
        "_set_downs",
        "reanchored",
    )

    game: Game
    players: int
    seed: int
    options: Mapping[str, OptionValue]
    history: list[Any]

    def __init__(self, game: Game, players: int, seed: int, options: Mapping[str, OptionValue]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        self._rng = Rng(seed)
        self._tremor = float(options["tremor_scale"]) if options["tremor"] else 0.0
        self._miss_limit = int(options["miss_limit"])
        self._nudge_limit = int(options["nudge_limit"])
        self._max_tries = int(options["max_tries"])
        self._tries = 0
        self._entry: tuple[float, float] = (0.0, 0.0)
        self._falls = 0
        self._set_downs = 0
        self._phase = Phase.PUSH
        self._where = [Where.SUPPLY] * NUM_MONSTERS
        self._poses = _start_poses(str(options["layout"]), self._rng.fork(1))
        for m, *_ in self._poses:
            self._where[m] = Where.ARENA
        self._active = -1
        self._attempts = 0
        self._nudges = 0
        self._tokens = [[0] * NUM_KINDS for _ in range(players)]
        self._face: int | None = None
        self._tied: tuple[int, ...] = ()
        self._turn = 0
        self._result: Result | None = None
        self._anchors: list[Anchor | None] = []
        self._legal: tuple[Action, ...] | None = None
        self._undo: PushState | None = None
        self.reanchored = 0
        """How many physics outcomes a replay replaced by the record's (another build's) settled poses."""
        # Research gap 10: the starting player is drawn (nobody can tell who last saw a monster).
        self._first = self._rng.below(players)
        self._seat = self._first
        self._opening: tuple[Event, ...] = ()
        if len(self._poses) < len(START_MONSTERS):
            self._phase = Phase.SETUP
        else:
            opening: list[Event] = []
            self._start_turn(opening)  # the first seat rolls at once: the log opens with that roll
            self._opening = tuple(opening)

    @classmethod
    def from_setup(
        cls,
        game: Game,
        players: int,
        *,
        poses: Sequence[Pose],
        fallen: Sequence[int] = (),
        tokens: Sequence[Sequence[int]] | None = None,
        seat: int = 0,
        pushing: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> PushState:
        """A scenario for tests, puzzles and pictures: monsters placed at will, the rest in the supply.

        ``poses`` are (monster, x, y, angle in radians, kept as its remainder in [-pi, pi]) on the arena;
        ``fallen`` monsters are out of the
        game; ``tokens`` gives each seat's tokens per kind. With ``pushing``, that monster (from the
        supply) is on ``seat``'s large pusher, ready to be pushed; otherwise ``seat`` rolls the die now.

        Raises:
            BadOptions: for bad options or player count.
            ValueError: if a monster is placed twice, or ``pushing`` is not in the supply.
        """
        state = game.new(players, seed, options)
        if not isinstance(state, PushState):  # pragma: no cover - the game makes PushStates
            raise TypeError("from_setup needs the Push a Monster game")
        placed = [int(p[0]) for p in poses]
        out = [int(m) for m in fallen]
        if len(set(placed + out)) != len(placed) + len(out) or not all(0 <= m < NUM_MONSTERS for m in placed + out):
            raise ValueError("every monster may be placed or fallen once, by a number from 0 to 26")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} does not exist")
        state._where = [Where.SUPPLY] * NUM_MONSTERS
        for m in placed:
            state._where[m] = Where.ARENA
        for m in out:
            state._where[m] = Where.FALLEN
        state._poses = tuple(
            sorted((int(m), float(x), float(y), math.remainder(float(a), math.tau)) for m, x, y, a in poses)
        )
        state._tokens = [list(t) for t in tokens] if tokens is not None else [[0] * NUM_KINDS for _ in range(players)]
        if len(state._tokens) != players or any(len(t) != NUM_KINDS for t in state._tokens):
            raise ValueError(f"tokens must give {NUM_KINDS} counts for each of the {players} seats")
        state._seat = seat
        state._first = seat
        state._opening = ()
        state._legal = None
        state._result = None
        if pushing is not None:
            if state._where[pushing] != Where.SUPPLY:
                raise ValueError(f"monster {pushing} is not in the supply")
            state._face = MONSTER_KIND[pushing] if KINDS[MONSTER_KIND[pushing]].on_die else QUESTION
            state._where[pushing] = Where.PUSHER
            state._active = pushing
            state._attempts = state._nudges = state._tries = 0
            state._tied = ()
            state._phase = Phase.PUSH
        else:
            state._active = -1
            state._phase = Phase.PUSH
            opening: list[Event] = []
            state._start_turn(opening)
            state._opening = tuple(opening)
        return state

    # --- the contract: whose turn, what may be done ------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to move; ``None`` once the game is over."""
        return None if self._phase == Phase.OVER else self._seat

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self._phase == Phase.OVER

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._result

    @property
    def phase(self) -> Phase:
        """What the seat to move must decide."""
        return self._phase

    @property
    def active(self) -> int | None:
        """The monster being pushed this turn, if any."""
        return None if self._active < 0 else self._active

    @property
    def attempts(self) -> int:
        """Pushes of this turn's monster that missed the arena so far (rule PM-5.4)."""
        return self._attempts

    @property
    def nudges(self) -> int:
        """Nudges played on this turn's monster so far (rule PM-6.3)."""
        return self._nudges

    @property
    def tries(self) -> int:
        """Pushes, nudges and shoves played this turn so far (rule PM-6.6)."""
        return self._tries

    @property
    def falls(self) -> int:
        """Monsters that have fallen off the arena so far, each giving tokens (rule PM-5.2)."""
        return self._falls

    @property
    def set_downs(self) -> int:
        """Turns ended by setting the monster down by hand so far (rule PM-6.6)."""
        return self._set_downs

    @property
    def to_place(self) -> int | None:
        """The start monster to set down next in the set-up (rule PM-2.2), if any."""
        if self._phase != Phase.SETUP:
            return None
        return next((m for m in SETUP_ORDER if self._where[m] == Where.SUPPLY), None)

    @property
    def poses(self) -> tuple[Pose, ...]:
        """Every monster on the arena: (number, x, y, angle in radians), by number."""
        return self._poses

    @property
    def anchors(self) -> tuple[Anchor | None, ...]:
        """The settled outcome of each action so far (``None`` for a ``take``)."""
        return tuple(self._anchors)

    def where(self, monster: int) -> Where:
        """Where a monster is."""
        return Where(self._where[monster])

    def supply_count(self, kind: int) -> int:
        """Monsters of a kind in the supply (start monsters still to be set down are not in it)."""
        waiting = START_MONSTERS if self._phase == Phase.SETUP else ()
        return sum(1 for m in KIND_MONSTERS[kind] if self._where[m] == Where.SUPPLY and m not in waiting)

    def tokens(self, seat: int) -> tuple[int, ...]:
        """A seat's tokens, per kind."""
        return tuple(self._tokens[seat])

    def line_length(self, seat: int) -> int:
        """The length of a seat's line of tokens: the sum of their widths (rule PM-9.4)."""
        return sum(n * w for n, w in zip(self._tokens[seat], TOKEN_WIDTH, strict=True))

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal choices in the candidate set's order: places, ``take``s, pushes or nudges.

        Places, pushes, nudges and shoves outside the candidate set are legal too (rule PM-8.2) but not
        listed. When no candidate can start, the only choice listed is ``assist`` (rule PM-6.6).
        """
        if self._legal is None:
            if self._phase == Phase.CHOOSE:
                self._legal = tuple(t for t in TAKES if t.kind in self._tied)
            elif self._phase == Phase.SETUP:
                self._legal = tuple(p for p in PLACES if self._place_problem(p) is None) or (ASSIST,)
            elif self._phase == Phase.PUSH:
                self._legal = tuple(p for p in PUSHES if self._push_problem(p) is None) or (ASSIST,)
            elif self._phase == Phase.NUDGE:
                self._legal = tuple(n for n in NUDGES if self._nudge_problem(n) is None) or (ASSIST,)
            else:
                self._legal = ()
        return self._legal

    def problem(self, action: object) -> str | None:
        """Why ``action`` is not legal now (a sentence), or ``None`` if it is."""
        if self._phase == Phase.OVER:
            return "The game is over; no more actions can be played."
        if isinstance(action, Take):
            if self._phase != Phase.CHOOSE:
                return f"'{action}' is only possible after a '?' roll with a tie. {self._need()}"
            if action.kind not in self._tied:
                tied = ", ".join(KINDS[k].id for k in self._tied)
                return f"'{action}' is not among the kinds tied for the most in the supply ({tied})."
            return None
        if isinstance(action, Place):
            if self._phase != Phase.SETUP:
                return f"'{action}' is only possible while the start monsters are set down. {self._need()}"
            return self._place_problem(action)
        if isinstance(action, Push):
            if self._phase != Phase.PUSH:
                return f"'{action}' cannot be played now. {self._need()}"
            return self._push_problem(action)
        if isinstance(action, Nudge):
            if self._phase != Phase.NUDGE:
                return f"'{action}' cannot be played now. {self._need()}"
            return self._nudge_problem(action)
        if isinstance(action, Shove):
            if self._phase not in (Phase.PUSH, Phase.NUDGE):
                return f"A shove cannot be played now. {self._need()}"
            return self._shove_problem(action)
        if isinstance(action, Assist):
            if self._phase not in (Phase.SETUP, Phase.PUSH, Phase.NUDGE) or self.legal_actions() != (ASSIST,):
                return f"'assist' is only possible when no candidate place, push or nudge can start. {self._need()}"
            return None
        return f"{action!r} is not an action of Push a Monster. {self._need()}"

    def _need(self) -> str:
        if self._phase == Phase.SETUP:
            return "Set the next start monster down with 'place x=… y=… angle=…'."
        if self._phase == Phase.CHOOSE:
            return "Choose a kind with 'take KIND'."
        if self._phase == Phase.PUSH:
            return (
                "Push the monster with 'push MARK' or 'push x=… y=… angle=… depth=… [facing=…]', or shove a "
                "monster on the arena with 'shove monster=… angle=…'."
            )
        if self._phase == Phase.NUDGE:
            return (
                "Nudge the monster that sticks out with 'nudge angle=… offset=… dist=…', or shove another "
                "with 'shove monster=… angle=…'."
            )
        return "The game is over."

    # A refusal says what cannot happen in words, never the action's text: a player who clicked a button never
    # saw that text, and one who typed it has it on the line above.
    def _place_problem(self, place: Place) -> str | None:
        why = "The monster cannot be set down there"
        if abs(place.x) > COORD_LIMIT or abs(place.y) > COORD_LIMIT:
            return f"{why}: {_typed_range('x and y', -COORD_LIMIT, COORD_LIMIT)}."
        if not 0 <= place.angle < 360:
            return f"{why}: the angle must be a whole number of degrees from 0 to 359."
        monster = self.to_place
        assert monster is not None
        if not fits(MONSTER_KIND[monster], place.x / 100, place.y / 100, math.radians(place.angle), self._poses):
            return f"{why}: it must lie fully on the arena without touching another monster's place."
        return None

    def _shove_problem(self, shove: Shove, *, notation: bool = False) -> str | None:
        """Why a shove cannot start, naming the monster as people read it (from 1), never by the text's id; with
        ``notation``, for programs: by its id (from 0), as ``monster=ID`` and views number monsters."""
        target = shove.monster
        if not 0 <= target < NUM_MONSTERS:
            if notation:
                return (
                    f"No monster has id {target}: ids run from 0 to {NUM_MONSTERS - 1}; shove one on the arena "
                    "(a view's 'monsters')."
                )
            return "No monster has the number that shove names; shove a monster on the arena."
        shoved = (
            f"the {kind_name(KINDS[MONSTER_KIND[target]].id)} with id {target}" if notation else monster_name(target)
        )
        if self._where[target] != Where.ARENA:
            return f"{capitalise(shoved)} is not on the arena, so it cannot be shoved."
        if target == self._active:
            return f"{capitalise(shoved)} is the monster being placed: it is nudged, not shoved; use 'nudge angle=…'."
        return self._stroke_problem(f"The shove of {shoved}", target, shove.angle, shove.offset, shove.dist)

    def _push_problem(self, push: Push) -> str | None:
        what = "This push cannot start"
        if abs(push.x) > COORD_LIMIT or abs(push.y) > COORD_LIMIT:
            return f"{what}: {_typed_range('x and y', -COORD_LIMIT, COORD_LIMIT)}."
        if not 0 <= push.angle < 360:
            return f"{what}: the angle must be a whole number of degrees from 0 to 359."
        if not DEPTH_MIN <= push.depth <= DEPTH_MAX:
            return f"{what}: {_typed_range('depth', DEPTH_MIN, DEPTH_MAX)}."
        if not 0 <= push.facing < 360:
            return f"{what}: facing must be a whole number of degrees from 0 to 359."
        why = physics.push_problem(self._poses, MONSTER_KIND[self._active], push.x, push.y, push.angle, push.facing)
        return None if why is None else f"{what}: {why}."

    def _nudge_problem(self, nudge: Nudge) -> str | None:
        return self._stroke_problem("This nudge", self._active, nudge.angle, nudge.offset, nudge.dist)

    def _stroke_problem(self, what: str, target: int, angle: int, offset: int, dist: int) -> str | None:
        """Why a nudge or shove of ``target`` cannot start (rules PM-6.3 and PM-6.7), or ``None``; ``what`` names
        the stroke at the sentence's start ("This nudge", or "The shove of the green Gloop #1")."""
        if not NUDGE_MIN <= dist <= NUDGE_MAX:
            return f"{what} cannot start: {_typed_range('dist', NUDGE_MIN, NUDGE_MAX)}."
        if abs(offset) > NUDGE_OFFSET_MAX:
            return f"{what} cannot start: {_typed_range('offset', -NUDGE_OFFSET_MAX, NUDGE_OFFSET_MAX)}."
        if not 0 <= angle < 360:
            return f"{what} cannot start: the angle must be a whole number of degrees from 0 to 359."
        why, _ = physics.nudge_problem(self._poses, target, math.radians(angle), offset / 100, dist / 100)
        return None if why is None else f"{what} cannot start: {why}."

    # --- the contract: changing the state ------------------------------------------------------------
    def apply(self, action: Any) -> list[Event]:
        """Play ``action`` for the seat to move and return the events it caused.

        Any push or nudge inside the documented ranges is accepted, not only the candidates that
        :meth:`legal_actions` lists (rule PM-8.2). The events carry the motion frames of the simulation.

        Raises:
            GameOver: if the game has ended.
            IllegalAction: if the rules do not allow ``action`` now; the state is unchanged.
        """
        if self._phase == Phase.OVER:
            raise GameOver("The game is over; no more actions can be played.")
        why = self.problem(action)
        if why is not None:
            raise IllegalAction(why)
        self._undo = self.clone() if isinstance(action, Push | Nudge | Shove) else None
        return self._play(action, frames=True)

    def apply_unchecked(self, action: Any) -> list[Event]:
        """Apply an action known to be legal (the bots' and simulations' path; no motion frames recorded)."""
        return self._play(action, frames=False)

    def parse_action(self, text: str) -> Action:
        """The action a text names, if it is legal now (any in-range push or nudge is).

        Raises:
            BadAction: if ``text`` is not the form of any action of this game.
            GameOver: if the game has ended.
            IllegalAction: if it is well formed but not legal now.
        """
        action: Action = self.game.parse_action(text)
        if self._phase == Phase.OVER:
            raise GameOver("The game is over; no more actions can be played.")
        why = self.problem(action)
        if why is not None:
            shove = isinstance(action, Shove) and self._phase in (Phase.PUSH, Phase.NUDGE)
            notation = self._shove_problem(action, notation=True) if shove and isinstance(action, Shove) else None
            raise IllegalAction(why, notation=notation)
        return action

    def describe_decision(self) -> str:
        """A short public sentence on the decision at hand (for error messages)."""
        if self._phase == Phase.OVER:
            return "The game is over."
        return f"{seat_label(self._seat)} to move. {self._need()}"

    clone = copier(
        share="game players seed options _phase _seat _first _opening _poses _active _attempts _nudges _face _tied "
        "_turn _result _legal _tremor _miss_limit _nudge_limit _max_tries _tries _entry _falls _set_downs reanchored",
        lists="history _where _anchors",
        nested="_tokens",
        clones="_rng",
        reset="_undo",
    )

    def opening_events(self) -> list[Event]:
        """The first seat's roll as the game opens (the set-up, when there is one, ends with it instead)."""
        return list(self._opening)

    def determinize(self, seat: int, rng: Rng) -> PushState:
        """A clone with a fresh chance stream (future rolls and tremor) drawn from ``rng``.

        Nothing is hidden in Push a Monster, so only what has not happened yet is resampled; greedy's
        samples then differ in the tremor of the push they evaluate (rule PM-8.3).
        """
        c = self.clone()
        c._rng = Rng(rng.next64())
        return c

    # --- turns -------------------------------------------------------------------------------------
    def _play(self, action: Action, *, frames: bool, forced: Anchor | None = None) -> list[Event]:
        events: list[Event] = []
        self._legal = None
        self.history.append(action)
        if isinstance(action, Take):
            self._anchors.append(None)
            events.append(Event("choose", {"seat": self._seat, "kind": KINDS[action.kind].id}))
            self._take(action.kind, "chosen", events)
        elif isinstance(action, Place):
            self._anchors.append(None)
            self._place(action, events)
        elif isinstance(action, Assist):
            self._anchors.append(None)
            if self._phase == Phase.SETUP:
                self._place_by_hand(events)
            else:
                self._set_down("no push could start", events)
        elif isinstance(action, Push):
            self._push(action, frames, forced, events)
        elif isinstance(action, Shove):
            self._shove(action, frames, forced, events)
        else:
            self._nudge(action, frames, forced, events)
        return events

    def _place(self, place: Place, events: list[Event]) -> None:
        """The seat sets the next start monster down where it chose (rule PM-2.2)."""
        self._put_start(place.x / 100, place.y / 100, math.radians(place.angle), events)

    def _place_by_hand(self, events: list[Event]) -> None:
        """No candidate place is free: the start monster goes to the free place nearest the middle."""
        monster = self.to_place
        assert monster is not None
        spot = free_place(MONSTER_KIND[monster], self._poses, (0.0, 0.0), 0.0)
        if spot is None:  # pragma: no cover - seven monsters always fit on an empty arena (checked at import)
            raise RuntimeError("no free place for a start monster")
        self._put_start(*spot, events)

    def _put_start(self, x: float, y: float, angle: float, events: list[Event]) -> None:
        monster = self.to_place
        assert monster is not None
        self._poses = tuple(sorted((*self._poses, (monster, x, y, math.remainder(angle, math.tau)))))
        self._where[monster] = Where.ARENA
        events.append(Event("place", {"seat": self._seat, "monster": monster, "kind": KINDS[MONSTER_KIND[monster]].id}))
        self._seat = (self._seat + 1) % self.players
        if self.to_place is None:
            self._phase = Phase.PUSH
            self._seat = self._first
            self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        """The seat to move rolls the die (rule PM-3.1), and the game may end there (rule PM-9). The roll opens
        the turn, so its event carries the turn's number as the board shows it (``Game.turn_of_event``)."""
        face = DIE_FACES[self._rng.below(len(DIE_FACES))]
        self._face = face
        self._tied = ()
        events.append(Event("roll", {"seat": self._seat, "face": face_name(face), "turn": self._turn + 1}))
        if face == QUESTION:
            counts = [self.supply_count(k) for k in DIE_KINDS]
            most = max(counts)
            if most == 0:
                self._finish(SUPPLY_EMPTY, events)
                return
            tied = tuple(k for k, n in zip(DIE_KINDS, counts, strict=True) if n == most)
            if len(tied) == 1:
                self._take(tied[0], "most in the supply", events)
            else:
                self._phase = Phase.CHOOSE
                self._tied = tied
                events.append(Event("tie", {"seat": self._seat, "kinds": [KINDS[k].id for k in tied]}))
        elif self.supply_count(face) == 0:
            self._finish(KIND_EXHAUSTED, events)
        else:
            self._take(face, "rolled", events)

    def _take(self, kind: int, why: str, events: list[Event]) -> None:
        """The lowest-numbered monster of the kind goes from the supply onto the large pusher (rule PM-3.2)."""
        monster = next(m for m in KIND_MONSTERS[kind] if self._where[m] == Where.SUPPLY)
        self._where[monster] = Where.PUSHER
        self._active = monster
        self._attempts = 0
        self._nudges = 0
        self._tries = 0
        self._entry = (0.0, 0.0)
        self._tied = ()
        self._phase = Phase.PUSH
        events.append(Event("take", {"seat": self._seat, "monster": monster, "kind": KINDS[kind].id, "why": why}))

    def _noise(self, nudge: bool) -> Noise:
        """This action's hand tremor, drawn from the game's generator (rule PM-7.1)."""
        if self._tremor == 0.0:
            return Noise()
        g = self._rng.gauss
        k = self._tremor
        if nudge:
            return Noise(
                heading=g(0.0, TREMOR_NUDGE_HEADING * k),
                depth=max(0.0, 1.0 + g(0.0, TREMOR_NUDGE_DISTANCE * k)),
                offset=g(0.0, TREMOR_NUDGE_OFFSET * k),
            )
        return Noise(
            heading=g(0.0, TREMOR_HEADING * k),
            depth=max(0.0, 1.0 + g(0.0, TREMOR_DEPTH * k)),
            tilt=g(0.0, TREMOR_TILT * k),
            offset=g(0.0, TREMOR_OFFSET * k),
        )

    def _push(self, push: Push, frames: bool, forced: Anchor | None, events: list[Event]) -> None:
        kind = MONSTER_KIND[self._active]
        noise = self._noise(False)
        self._tries += 1
        x, y, heading, facing = push.x / 100, push.y / 100, push.heading, math.radians(push.facing)
        self._entry = (x, y)
        if forced is None:
            cx, cy = physics.push_start(kind, x, y, heading, facing)
            stroke = physics.push_stroke(kind, x, y, heading, push.depth / 100, noise, facing)
            outcome = physics.simulate(
                self._poses,
                self._active,
                stroke,
                start=(cx, cy, heading + facing),
                tray=physics.Tray(x, y, heading),
                frames=frames,
            )
        else:
            outcome = Outcome(forced.poses, forced.fallen, forced.status)
        self._resolve(push, noise, outcome, events)

    def _nudge(self, nudge: Nudge, frames: bool, forced: Anchor | None, events: list[Event]) -> None:
        noise = self._noise(True)
        self._nudges += 1
        self._tries += 1
        outcome = self._stroke(self._active, nudge.heading, nudge.offset, nudge.dist, noise, frames, forced)
        self._resolve(nudge, noise, outcome, events)

    def _shove(self, shove: Shove, frames: bool, forced: Anchor | None, events: list[Event]) -> None:
        """A monster on the arena is shoved with the small pusher (rule PM-6.7); the turn's monster stays put."""
        noise = self._noise(True)
        self._tries += 1
        outcome = self._stroke(shove.monster, shove.heading, shove.offset, shove.dist, noise, frames, forced)
        if forced is None:
            # the outcome's status is about the monster being placed this turn, not the shoved one
            active = self._active
            if self._where[active] == Where.PUSHER:
                status = SHOVED
            elif active in outcome.fallen:
                status = FELL
            else:
                _, ax, ay, aa = next(p for p in outcome.poses if p[0] == active)
                status = PLACED if fully_inside(MONSTER_KIND[active], ax, ay, aa) else OVERHANG
            outcome = Outcome(outcome.poses, outcome.fallen, status, outcome.steps, outcome.frames)
        self._resolve(shove, noise, outcome, events)

    def _stroke(
        self, target: int, heading: float, offset: int, dist: int, noise: Noise, frames: bool, forced: Anchor | None
    ) -> Outcome:
        """The small pusher's narrow end pushes ``target`` on the arena (a nudge or a shove)."""
        if forced is not None:
            return Outcome(forced.poses, forced.fallen, forced.status)
        pose = next((x, y, a) for m, x, y, a in self._poses if m == target)
        stroke = physics.nudge_stroke(MONSTER_KIND[target], pose, heading, offset / 100, dist / 100, noise)
        if stroke is None:  # the tremor moved the line off the monster: the pusher swings past it
            fully = fully_inside(MONSTER_KIND[target], *pose)
            return Outcome(self._poses, (), PLACED if fully else OVERHANG)
        return physics.simulate(self._poses, target, stroke, frames=frames)

    def _resolve(self, action: Push | Nudge | Shove, noise: Noise, outcome: Outcome, events: list[Event]) -> None:
        """Apply the rules to what the physics settled on (rules PM-5 and PM-6)."""
        self._anchors.append(Anchor(outcome.status, outcome.fallen, outcome.poses))
        seat, active = self._seat, self._active
        data: dict[str, Any] = {
            "seat": seat,
            "monster": active,
            "kind": KINDS[MONSTER_KIND[active]].id,
            "action": str(action),
            "status": outcome.status,
            "fallen": list(outcome.fallen),
            "tremor": {
                "heading": round(math.degrees(noise.heading), 3),
                "depth": round(noise.depth, 4),
                "tilt": round(math.degrees(noise.tilt), 3),
                "offset": round(noise.offset, 4),
            },
        }
        if isinstance(action, Shove):
            data["target"] = action.monster
            data["target_kind"] = KINDS[MONSTER_KIND[action.monster]].id
        if outcome.frames is not None:
            data["frames"] = outcome.frames
        kind = "push" if isinstance(action, Push) else "nudge" if isinstance(action, Nudge) else "shove"
        events.append(Event(kind, data))
        self._poses = outcome.poses
        for m in outcome.fallen:
            self._fall(m, "knocked off" if m != active else "fell off", events)
        status = outcome.status
        if status == PLACED:
            self._where[active] = Where.ARENA
            events.append(Event("placed", {"seat": seat, "monster": active, "kind": data["kind"]}))
            self._end_turn(events)
        elif status == FELL:
            self._end_turn(events)
        elif status == OVERHANG:
            self._where[active] = Where.ARENA
            self._phase = Phase.NUDGE
            if self._nudge_limit and self._nudges >= self._nudge_limit:  # invented penalty (option nudge_limit)
                self._poses = tuple(p for p in self._poses if p[0] != active)
                self._fall(active, "still sticking out after the last nudge allowed", events)
                self._end_turn(events)
            elif not self._tries_left(events):
                events.append(
                    Event(
                        "overhang", {"seat": seat, "monster": active, "kind": data["kind"], "tries_left": self._left()}
                    )
                )
        elif status == MISSED:  # the monster dropped off the large pusher; it goes back on (rule PM-5.4)
            self._attempts += 1
            self._where[active] = Where.PUSHER
            self._phase = Phase.PUSH
            if self._miss_limit and self._attempts >= self._miss_limit:  # invented penalty (option miss_limit)
                self._fall(active, "missed the arena as often as allowed", events)
                self._end_turn(events)
            elif not self._tries_left(events):
                events.append(
                    Event("missed", {"seat": seat, "monster": active, "kind": data["kind"], "tries_left": self._left()})
                )
        elif not self._tries_left(events):  # SHOVED: the turn's monster is still on the pusher
            target = action.monster if isinstance(action, Shove) else active
            shoved = {
                "seat": seat,
                "monster": target,
                "kind": KINDS[MONSTER_KIND[target]].id,
                "tries_left": self._left(),
            }
            events.append(Event("shoved", shoved))

    def _left(self) -> int:
        return self._max_tries - self._tries

    def _tries_left(self, events: list[Event]) -> bool:
        """False, after setting the monster down by hand, once the turn has used all its tries (rule PM-6.6)."""
        if self._tries < self._max_tries:
            return False
        self._set_down(f"{self._max_tries} tries used", events)
        return True

    def _set_down(self, why: str, events: list[Event]) -> None:
        """The monster is set down by hand on the nearest free place fully on the arena; no tokens (rule PM-6.6).

        Near its place on the arena if it sticks out there, else near the last push's entry point. If no
        place is free anywhere it is taken out of the game, like a monster that falls "for some other
        reason" in the rulebook: nobody takes a token.
        """
        active = self._active
        kind = MONSTER_KIND[active]
        mine = next((p for p in self._poses if p[0] == active), None)
        others = tuple(p for p in self._poses if p[0] != active)
        near = (mine[1], mine[2]) if mine is not None else self._entry
        spot = free_place(kind, others, near, mine[3] if mine is not None else 0.0)
        self._set_downs += 1
        if spot is None:
            self._poses = others
            self._where[active] = Where.FALLEN
            events.append(
                Event("set_aside", {"seat": self._seat, "monster": active, "kind": KINDS[kind].id, "why": why})
            )
        else:
            self._poses = tuple(sorted((*others, (active, *spot))))
            self._where[active] = Where.ARENA
            events.append(
                Event("set_down", {"seat": self._seat, "monster": active, "kind": KINDS[kind].id, "why": why})
            )
        self._end_turn(events)

    def _fall(self, monster: int, why: str, events: list[Event]) -> None:
        """A monster leaves the game; every other player takes one of its tokens (rule PM-5.2)."""
        self._where[monster] = Where.FALLEN
        kind = MONSTER_KIND[monster]
        takers = [s for s in range(self.players) if s != self._seat]
        given = sum(t[kind] for t in self._tokens) + len(takers)
        if given > KINDS[kind].tokens:  # research gap 11: impossible with the data's checks; never silent
            raise RuntimeError(f"the {KINDS[kind].id} token stack ran out")
        for s in takers:
            self._tokens[s][kind] += 1
        self._falls += 1
        events.append(Event("fall", {"monster": monster, "kind": KINDS[kind].id, "why": why, "tokens_to": takers}))

    def _end_turn(self, events: list[Event]) -> None:
        self._active = -1
        self._attempts = 0
        self._nudges = 0
        self._tries = 0
        self._seat = (self._seat + 1) % self.players
        self._turn += 1
        self._start_turn(events)

    def _finish(self, termination: str, events: list[Event]) -> None:
        """The longest line wins; tied players share the victory (rule PM-9.4). The game ends on a turn's roll
        (PM-9), so it lasted that turn too, as the board and the log number it ("Turn 15"); a kind the die showed
        with none left (PM-9.1) is in the detail's ``face``, for the end screen to name."""
        self._phase = Phase.OVER
        self._active = -1
        scores = tuple(float(self.line_length(s)) for s in range(self.players))
        best = max(scores)
        winners = tuple(s for s in range(self.players) if scores[s] == best)
        self._result = Result(
            winners=winners,
            ranks=ranks_from_scores(scores),
            scores=scores,
            termination=termination,
            detail={
                "turns": self._turn + 1,
                "falls": self._falls,
                "set_downs": self._set_downs,
                **({"face": face_name(self._face)} if termination == KIND_EXHAUSTED and self._face is not None else {}),
            },
        )
        events.append(Event("game_over", {"result": self._result.to_json()}))

    # --- information -------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything (nothing is hidden in Push a Monster); see ``view.py`` for the fields."""
        from monsterlair.games.push_a_monster.view import build_view

        return build_view(self, seat)

    def record(self) -> dict[str, Any]:
        """The generic record plus ``anchors``: the settled outcome of each action (``None`` for a ``take``).

        Each anchor is ``{"status", "fallen", "monsters": [[number, x, y, angle], ...], "hash"}``.
        """
        out = super().record()
        out["anchors"] = [None if a is None else a.to_json() for a in self._anchors]
        return out

    def reanchor(self, anchor: Anchor) -> bool:
        """Make the last action's outcome the recorded ``anchor`` (replay on another build, rule PM-10.2).

        Returns True if the outcome differed and was replaced: the state goes back to before the last
        action and plays it again with the recorded outcome instead of its own simulation (the same
        tremor is drawn, so the chance stream stays in step with the record).

        Raises:
            BadRecord: if the anchor cannot be the outcome of that action.
        """
        mine = self._anchors[-1] if self._anchors else None
        if mine is None or self._undo is None:
            raise BadRecord("The record anchors a settled position to an action that moves nothing.")
        if mine.digest() == anchor.digest():
            return False
        before = self._undo
        before_arena = {m for m, *_ in before._poses}
        active = before._active
        arena_after = [m for m, *_ in anchor.poses]
        allowed = before_arena | ({active} if anchor.status != SHOVED else set())
        if (
            len(set(arena_after)) != len(arena_after)
            or not set(arena_after) <= allowed
            or not set(anchor.fallen) <= allowed
            or set(anchor.fallen) & set(arena_after)
            or (anchor.status in (PLACED, OVERHANG)) != (active in arena_after)
            or (anchor.status == FELL) != (active in anchor.fallen)
            or (anchor.status == SHOVED)
            != (before._where[active] == Where.PUSHER and not isinstance(self.history[-1], Push))
            or set(arena_after) | set(anchor.fallen) | ({active} if anchor.status == MISSED else set()) != allowed
        ):
            raise BadRecord("A settled-position anchor in the record does not fit the game: it was altered.")
        action = self.history[-1]
        reanchored = self.reanchored + 1
        for name in PushState.__slots__:
            setattr(self, name, getattr(before, name))
        self._undo = None
        self._play(action, frames=True, forced=anchor)
        self.reanchored = reanchored
        return True


def after_replayed_action(state: State, record: Mapping[str, Any], index: int) -> None:
    """The replay hook: check the recorded anchor of action ``index`` and re-anchor to it if it differs.

    Records without ``anchors`` (written by hand or by tools that keep only the actions) replay on the
    physics alone, which gives the same game on the same build.

    Raises:
        BadRecord: if the anchors are malformed, altered, or do not fit the actions.
    """
    anchors = record.get("anchors")
    if anchors is None:
        return
    if not isinstance(anchors, list) or not isinstance(state, PushState):
        raise BadRecord("The record's anchors must be a list with one entry per action.")
    if index >= len(anchors):
        return
    data = anchors[index]
    mine = state.anchors[-1] if state.anchors else None
    if data is None:
        if mine is not None:
            raise BadRecord(f"The record lacks the settled positions after action {index + 1}.")
        return
    if mine is None:
        raise BadRecord(f"The record anchors positions to action {index + 1}, which moves nothing.")
    state.reanchor(Anchor.from_json(data))
