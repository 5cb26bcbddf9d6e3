"""Push a Monster's actions: ``place``, ``take``, ``push``, ``nudge``, ``shove`` and ``assist``.

Actions are frozen values whose ``str()`` is the canonical text. Lengths are kept as whole hundredths
of a decimetre (millimetres) and angles as whole degrees, so that equal texts are equal actions, a
parsed text prints back exactly, and a replay simulates exactly the numbers that were played.

The discrete candidate set (rule PM-8.1) is built once at import from ``arena.toml``: the bots' and
RL's action space, with stable indices ``takes | pushes | nudges | places | assist``. Any other well-formed
place, push, nudge or shove inside the documented ranges is legal too; it simply has no index.

Forms accepted by :func:`parse` (case and spaces forgiven, ``key=value`` in any order):

* ``take green`` (kind id, letter or name);
* ``place x=0.10 y=-0.20 angle=90`` — set a start monster down (the players' start layout, rule PM-2.2);
* ``push x=0.10 y=-1.20 angle=85 depth=0.62 facing=90`` — the canonical form (``facing`` only when not
  0); ``angle`` and ``depth`` may be left out (angle: straight in from the nearest edge point; depth: the
  default), or ``turn=T`` given instead of ``angle`` (degrees off straight in); ``facing`` turns the
  monster on the pusher (rule PM-4.5);
* ``push C`` or ``push C turn=-20 depth=0.9`` — from entry mark C (the letters drawn around the arena);
* ``nudge angle=120 offset=0.00 dist=0.12`` — offset and dist may be left out (0 and the default);
* ``shove monster=7 angle=120 offset=0.00 dist=0.12`` — the same stroke on a monster already on the
  arena (rule PM-6.7); ``monster`` is its id, counted from 0 like every number in the notation, while
  people read monsters from 1 (this is the monster drawn and named "#8", rule PM-10.3), so
  ``shove #8 angle=120`` names the same monster as people number it (the text is written ``monster=7``);
* ``assist`` — have the monster set down by hand when no candidate push or nudge can start (rule PM-6.6).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from monsterlair.core import ActionSpace, BadAction
from monsterlair.core.words import with_article
from monsterlair.games.push_a_monster.geometry import ARENA
from monsterlair.games.push_a_monster.spec import (
    CANDIDATE_DEPTHS,
    CANDIDATE_TURNS,
    DEFAULT_DEPTH,
    DEFAULT_NUDGE,
    DIE_KINDS,
    KINDS,
    NUDGE_DISTANCES,
    NUDGE_HEADINGS,
    NUM_MARKS,
    PLACE_ANGLES,
    PLACE_SPACING,
)
from monsterlair.games.push_a_monster.words import cm, direction, monster_name


def _hundredths(value: int) -> str:
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 100}.{abs(value) % 100:02d}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take a monster of this kind after a '?' roll with a tie (rule PM-3.3)."""

    kind: int

    def __str__(self) -> str:
        return f"take {KINDS[self.kind].id}"

    def __repr__(self) -> str:
        return f"Take({self.kind})"


@dataclass(frozen=True, slots=True)
class Push:
    """Push the monster on the large pusher onto the arena (rule PM-4.2).

    ``x``, ``y``: the large pusher's tip, the entry point (hundredths of a dm); ``angle``: the heading in
    whole degrees, 0..359, counter-clockwise from +x; ``depth``: how far the small pusher pushes the
    monster along the heading (hundredths of a dm); ``facing``: how the monster lies on the pusher, whole
    degrees counter-clockwise from facing the push (rule PM-4.5).
    """

    x: int
    y: int
    angle: int
    depth: int
    facing: int = 0

    def __str__(self) -> str:
        text = (
            f"push x={_hundredths(self.x)} y={_hundredths(self.y)} angle={self.angle} depth={_hundredths(self.depth)}"
        )
        return f"{text} facing={self.facing}" if self.facing else text

    def __repr__(self) -> str:
        return f"Push({self.x}, {self.y}, {self.angle}, {self.depth}, {self.facing})"

    @property
    def heading(self) -> float:
        """The heading in radians."""
        return math.radians(self.angle)


@dataclass(frozen=True, slots=True)
class Nudge:
    """Nudge the pushed monster with the small pusher's narrow end (rule PM-6.2).

    ``angle``: the direction the pusher moves, whole degrees; ``offset``: how far to the left of the
    monster's centre of mass its line runs (hundredths of a dm, negative is right); ``dist``: how far it
    pushes past the contact point (hundredths of a dm).
    """

    angle: int
    offset: int
    dist: int

    def __str__(self) -> str:
        return f"nudge angle={self.angle} offset={_hundredths(self.offset)} dist={_hundredths(self.dist)}"

    def __repr__(self) -> str:
        return f"Nudge({self.angle}, {self.offset}, {self.dist})"

    @property
    def heading(self) -> float:
        """The direction in radians."""
        return math.radians(self.angle)


@dataclass(frozen=True, slots=True)
class Shove:
    """Shove a monster already on the arena with the small pusher's narrow end (rule PM-6.7).

    ``monster``: its id, counted from 0 as in every action text (people read it from 1: ``monster=6`` is the
    monster drawn and named "#7"); ``angle``, ``offset``, ``dist``: as for a :class:`Nudge`, about its
    centre of mass.
    """

    monster: int
    angle: int
    offset: int
    dist: int

    def __str__(self) -> str:
        return (
            f"shove monster={self.monster} angle={self.angle} offset={_hundredths(self.offset)} "
            f"dist={_hundredths(self.dist)}"
        )

    def __repr__(self) -> str:
        return f"Shove({self.monster}, {self.angle}, {self.offset}, {self.dist})"

    @property
    def heading(self) -> float:
        """The direction in radians."""
        return math.radians(self.angle)


@dataclass(frozen=True, slots=True)
class Place:
    """Set the next start monster down on the arena (the players' start layout, rule PM-2.2).

    ``x``, ``y``: its centre of mass (hundredths of a dm); ``angle``: the way it faces, whole degrees.
    """

    x: int
    y: int
    angle: int

    def __str__(self) -> str:
        return f"place x={_hundredths(self.x)} y={_hundredths(self.y)} angle={self.angle}"

    def __repr__(self) -> str:
        return f"Place({self.x}, {self.y}, {self.angle})"


@dataclass(frozen=True, slots=True)
class Assist:
    """Have the monster set down by hand when no candidate push or nudge can start (rule PM-6.6)."""

    def __str__(self) -> str:
        return "assist"

    def __repr__(self) -> str:
        return "Assist()"


ASSIST = Assist()

Action = Place | Take | Push | Nudge | Shove | Assist
ACTION_TYPES = (Place, Take, Push, Nudge, Shove, Assist)
"""Every action class, for ``isinstance`` checks."""

MARK_LABELS: tuple[str, ...] = tuple(chr(ord("A") + i) for i in range(NUM_MARKS))
"""The entry marks' letters, clockwise from nowhere in particular: in the outline's order."""


def _degrees(radians: float) -> int:
    return round(math.degrees(radians)) % 360


def mark_push(mark: int, turn: int = 0, depth: int = DEFAULT_DEPTH) -> Push:
    """The push from entry mark ``mark`` (0-based), turned ``turn`` degrees off straight in."""
    x, y, heading = ARENA.marks[mark]
    return Push(round(x * 100), round(y * 100), (_degrees(heading) + turn) % 360, depth)


TAKES: tuple[Take, ...] = tuple(Take(k) for k in DIE_KINDS)
PUSHES: tuple[Push, ...] = tuple(
    mark_push(m, t, d) for m in range(NUM_MARKS) for t in CANDIDATE_TURNS for d in CANDIDATE_DEPTHS
)
"""Candidate pushes: for each entry mark, each turn, each depth (rule PM-8.1)."""
PUSH_MARK: dict[Push, tuple[int, int, int]] = {
    mark_push(m, t, d): (m, t, d) for m in range(NUM_MARKS) for t in CANDIDATE_TURNS for d in CANDIDATE_DEPTHS
}
"""Each candidate push's (mark, turn, depth), for menus."""
NUDGES: tuple[Nudge, ...] = tuple(
    Nudge(round(360 * h / NUDGE_HEADINGS) % 360, 0, d) for h in range(NUDGE_HEADINGS) for d in NUDGE_DISTANCES
)
"""Candidate nudges: each direction, each distance, through the centre of mass (rule PM-8.1)."""


def _place_grid() -> tuple[Place, ...]:
    """Candidate start places: grid points over the arena (at least a little in from the edge), each angle."""
    out: list[Place] = []
    step = round(PLACE_SPACING * 100)
    for y in range(math.floor(ARENA.ymin * 100 / step) * step, round(ARENA.ymax * 100) + 1, step):
        for x in range(math.floor(ARENA.xmin * 100 / step) * step, round(ARENA.xmax * 100) + 1, step):
            if ARENA.contains(x / 100, y / 100) and ARENA.edge_distance(x / 100, y / 100) >= PLACE_SPACING / 2:
                out.extend(Place(x, y, a % 360) for a in PLACE_ANGLES)
    return tuple(out)


PLACES: tuple[Place, ...] = _place_grid()
"""Candidate places of a start monster (rule PM-8.1): grid points over the arena, each angle."""

ALL_ACTIONS: tuple[Action, ...] = (*TAKES, *PUSHES, *NUDGES, *PLACES, ASSIST)
INDEX: dict[Action, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
if len(INDEX) != len(ALL_ACTIONS):
    raise ValueError("arena.toml: two candidate actions coincide; use distinct marks, turns and depths.")

_KIND_WORDS: dict[str, int] = {}
for _k in DIE_KINDS:
    for _word in (KINDS[_k].id, KINDS[_k].letter, KINDS[_k].name.lower()):
        _KIND_WORDS[_word] = _k

_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def _number(key: str, text: str, whole: str) -> float:
    if not _NUMBER.match(text):
        raise BadAction(f"'{whole}': {key} must be a number, not {text!r}.")
    return float(text)


def _fields(words: list[str], allowed: tuple[str, ...], whole: str) -> tuple[list[str], dict[str, float]]:
    plain: list[str] = []
    values: dict[str, float] = {}
    for word in words:
        if "=" not in word:
            plain.append(word)
            continue
        key, _, value = word.partition("=")
        if key not in allowed:
            raise BadAction(f"'{whole}': unknown field {key!r}; a {words[0]} takes {', '.join(allowed)}.")
        if key in values:
            raise BadAction(f"'{whole}': {key} is given twice.")
        values[key] = _number(key, value, whole)
    return plain, values


def _to_hundredths(value: float) -> int:
    return round(value * 100)


def parse(text: str) -> Action:
    """The action a text names (see the module's docstring for the forms).

    Raises:
        BadAction: if it is not the form of any action of this game.
    """
    if not isinstance(text, str):
        raise BadAction(f"An action is a text such as 'push C', not {text!r}.")
    whole = text.strip()
    words = re.sub(r"\s*=\s*", "=", whole.lower()).split()
    if not words:
        raise BadAction("An empty text is not an action; try 'push A', 'take green' or 'nudge angle=90'.")
    verb = words[0]
    if verb == "take":
        if len(words) != 2 or words[1] not in _KIND_WORDS:
            kinds = ", ".join(KINDS[k].id for k in DIE_KINDS)
            raise BadAction(f"'{whole}': write 'take KIND' with a kind among {kinds}.")
        return Take(_KIND_WORDS[words[1]])
    if verb == "push":
        return _parse_push(words, whole)
    if verb == "nudge":
        return _parse_nudge(words, whole)
    if verb == "shove":
        return _parse_shove(words, whole)
    if verb == "place":
        return _parse_place(words, whole)
    if verb == "assist" and len(words) == 1:
        return ASSIST
    raise BadAction(
        f"'{whole}' is not an action of Push a Monster: an action starts with place, take, push, nudge or "
        "shove, or is the word assist."
    )


SPACE: ActionSpace[Action] = ActionSpace("Push a Monster", ALL_ACTIONS, parse=parse, types=ACTION_TYPES)
"""The candidate set (rule PM-8.1) with its indices; any other push or nudge parses too, without an index."""


def _parse_push(words: list[str], whole: str) -> Push:
    plain, v = _fields(words, ("x", "y", "angle", "turn", "depth", "facing"), whole)
    if "angle" in v and "turn" in v:
        raise BadAction(f"'{whole}': give angle or turn, not both.")
    depth = _to_hundredths(v["depth"]) if "depth" in v else DEFAULT_DEPTH
    rest = plain[1:]
    if rest:
        if len(rest) != 1 or rest[0].upper() not in MARK_LABELS or "x" in v or "y" in v:
            raise BadAction(
                f"'{whole}': name one entry mark ({MARK_LABELS[0]}..{MARK_LABELS[-1]}) or give x= and y=, not both."
            )
        mark = MARK_LABELS.index(rest[0].upper())
        x, y, heading = ARENA.marks[mark]
        px, py = round(x * 100), round(y * 100)
    else:
        if "x" not in v or "y" not in v:
            raise BadAction(
                f"'{whole}': a push needs an entry mark ('push C') or a point "
                "('push x=0.10 y=-1.20 angle=85 depth=0.62')."
            )
        px, py = _to_hundredths(v["x"]), _to_hundredths(v["y"])
        heading = math.nan
        if "angle" not in v:
            heading = ARENA.inward_heading(ARENA.nearest_edge_point(px / 100.0, py / 100.0)[2])
    if "angle" in v:
        angle = round(v["angle"]) % 360
    else:
        angle = (_degrees(heading) + round(v.get("turn", 0.0))) % 360
    return Push(px, py, angle, depth, round(v.get("facing", 0.0)) % 360)


def _parse_nudge(words: list[str], whole: str) -> Nudge:
    plain, v = _fields(words, ("angle", "offset", "dist"), whole)
    if len(plain) != 1 or "angle" not in v:
        raise BadAction(
            f"'{whole}': write 'nudge angle=A [offset=O] [dist=D]', for example 'nudge angle=90 dist=0.12'."
        )
    offset = _to_hundredths(v.get("offset", 0.0))
    dist = _to_hundredths(v["dist"]) if "dist" in v else DEFAULT_NUDGE
    return Nudge(round(v["angle"]) % 360, offset, dist)


def _parse_shove(words: list[str], whole: str) -> Shove:
    plain, v = _fields(words, ("monster", "angle", "offset", "dist"), whole)
    # "#7" names the monster as people read it, drawn on the board and named in the log (from 1); the
    # notation's "monster=6" names the same monster by its id (from 0). Either, not both (rule PM-10.3).
    shown = plain[1][1:] if len(plain) == 2 and plain[1].startswith("#") else None
    if shown is not None and shown.isdigit() and int(shown) >= 1 and "monster" not in v:
        v["monster"] = int(shown) - 1
    elif len(plain) != 1:
        v.pop("monster", None)
    if "angle" not in v or "monster" not in v or v["monster"] != int(v["monster"]):
        raise BadAction(
            f"'{whole}': write 'shove #N angle=A [offset=O] [dist=D]', N being the number drawn on the monster, "
            "for example 'shove #7 angle=90 dist=0.12'.",
            notation=f"'{whole}': write 'shove monster=ID angle=A [offset=O] [dist=D]', ID being the monster's id "
            "(counted from 0, as views and events number monsters), for example 'shove monster=6 angle=90 dist=0.12'.",
        )
    offset = _to_hundredths(v.get("offset", 0.0))
    dist = _to_hundredths(v["dist"]) if "dist" in v else DEFAULT_NUDGE
    return Shove(int(v["monster"]), round(v["angle"]) % 360, offset, dist)


def _parse_place(words: list[str], whole: str) -> Place:
    plain, v = _fields(words, ("x", "y", "angle"), whole)
    if len(plain) != 1 or "x" not in v or "y" not in v:
        raise BadAction(f"'{whole}': write 'place x=X y=Y [angle=A]', for example 'place x=0.10 y=-0.20 angle=90'.")
    return Place(_to_hundredths(v["x"]), _to_hundredths(v["y"]), round(v.get("angle", 0.0)) % 360)


def _stroke(angle: int, dist: int, offset: int) -> str:
    """A nudge's or shove's heading, distance and (when off the centre of mass) side, in players' words."""
    side = f", {cm(abs(offset) / 100)} {'left' if offset > 0 else 'right'} of centre" if offset else ""
    return f"toward {direction(angle)}, {cm(dist / 100)}{side}"


def spot_offsets(place: Place) -> list[str]:
    """A start place's distances from the arena's centre, as the browser's controls word them: ["1 cm right",
    "2 cm down"] (x to the right, y up; action units are hundredths of a dm); none at the centre."""
    return [
        f"{cm(abs(v) / 100)} {more if v > 0 else less}"
        for v, more, less in ((place.x, "right", "left"), (place.y, "up", "down"))
        if v
    ]


def _spot(place: Place) -> str:
    """A start place from the arena's centre: "1 cm right and 2 cm down from the centre"."""
    parts = spot_offsets(place)
    return f"{' and '.join(parts)} from the centre" if parts else "at the centre"


def describe(action: Action) -> str:
    """A phrase for menus, hints and log lines: lengths in centimetres (``words.cm``), as the browser's controls
    and the printed pieces give them; the action's text keeps the notation's decimetres."""
    if isinstance(action, Take):
        kind = KINDS[action.kind]
        return f"take {with_article(f'{kind.id} {kind.name}')}"
    if isinstance(action, Assist):
        return "have the monster placed for you (no push can start)"
    if isinstance(action, Place):
        return f"set the start monster down {_spot(action)}, facing {direction(action.angle)}"
    if isinstance(action, Shove):
        return f"shove {monster_name(action.monster)} {_stroke(action.angle, action.dist, action.offset)}"
    if isinstance(action, Push):
        where = PUSH_MARK.get(action)
        if where is None:
            return str(action)
        mark, turn, depth = where
        how = "straight in" if turn == 0 else f"turned {turn:+d}°"
        return f"push from {MARK_LABELS[mark]}, {how}, {cm(depth / 100)} deep"
    return f"nudge {_stroke(action.angle, action.dist, action.offset)}"


__all__ = [
    "ACTION_TYPES",
    "ALL_ACTIONS",
    "ASSIST",
    "INDEX",
    "MARK_LABELS",
    "NUDGES",
    "PLACES",
    "PUSHES",
    "TAKES",
    "Action",
    "Assist",
    "Nudge",
    "Place",
    "Push",
    "Shove",
    "Take",
    "describe",
    "mark_push",
    "parse",
]
