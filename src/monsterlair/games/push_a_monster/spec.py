"""Push a Monster: constants, the data files read into frozen tables, and the options.

Everything physical or invented lives in ``data/monsters.toml`` and ``data/arena.toml`` (both marked as
designed for this project); this module reads them once at import, derives what the engine needs
(outlines centred on their centre of mass, areas, moments, extents, the entry marks) and checks that the
data can give a playable game, so a bad edit fails loudly at import rather than in the middle of a game.

Units throughout: decimetres (dm), grams, seconds; angles are radians inside the engine and whole
degrees in action texts and views.

Monsters are numbered 0..26 in the order of the kinds in ``monsters.toml`` (the five green ones first,
the two purple ones last). Two monsters of one kind are interchangeable for the rules; the numbers only
give each wooden piece an identity, so that every view can say where each one is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from monsterlair.core import Option, OptionSet
from monsterlair.core.data import read_data
from monsterlair.core.spec import GameKind, GameSpec

GAME_ID = "push-a-monster"
TITLE = "Push a Monster"
ALIASES = ("push", "push_a_monster", "pushamonster")
MIN_PLAYERS = 2
MAX_PLAYERS = 4
RULES_VERSION = 2
"""2: source turns (retry until placed, no invented penalties), shoves, facing, arranged start layout."""
SUMMARY = (
    "Roll the die, then push that monster onto a small, crowded arena with two cardboard pushers. Every monster you "
    "knock off gives each other player a token; when the die shows a monster that has run out, the longest "
    "line of tokens wins. A real 2-D physics simulation decides what moves and what falls."
)

Point = tuple[float, float]
Polygon = tuple[Point, ...]


def _load(name: str) -> dict[str, Any]:
    return read_data("monsterlair.games.push_a_monster", name)


MONSTER_DATA = _load("monsters.toml")
ARENA_DATA = _load("arena.toml")


# --- polygon arithmetic needed to build the tables (pure Python, IEEE-exact on every machine) -----------
def polygon_area(poly: Polygon) -> float:
    """Signed area (positive for counter-clockwise corners)."""
    n = len(poly)
    return 0.5 * sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))


def polygon_centroid(poly: Polygon) -> Point:
    """The centre of area of a simple polygon."""
    n = len(poly)
    a = polygon_area(poly)
    cx = cy = 0.0
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return cx / (6.0 * a), cy / (6.0 * a)


def polygon_inertia(poly: Polygon) -> float:
    """The polar second moment of area about the origin (multiply by density for a moment of inertia)."""
    n = len(poly)
    total = 0.0
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        total += cross * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1)
    return total / 12.0


def is_convex_ccw(poly: Polygon) -> bool:
    """True if the corners turn left at every corner (a strictly convex, counter-clockwise polygon)."""
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        cx, cy = poly[(i + 2) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) <= 0.0:
            return False
    return True


# --- monster kinds --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of monster: rules data (count, tokens) and physics data (outline, mass, friction).

    ``parts`` are convex polygons in the monster's frame with the origin at its centre of mass and the
    monster facing +x. ``front``/``back`` are how far it reaches ahead of / behind its centre of mass
    along x, ``half_width`` to either side; ``radius`` bounds it from its centre of mass.
    """

    index: int
    id: str
    name: str
    colour: str
    rgb: str
    letter: str
    on_die: bool
    count: int
    start: int
    tokens: int
    token_width: int
    mass: float
    arena_friction: float
    contact_friction: float
    elasticity: float
    parts: tuple[Polygon, ...]
    area: float
    moment: float
    radius: float
    front: float
    back: float
    half_width: float

    @property
    def gyration(self) -> float:
        """The radius of gyration, sqrt(moment / mass)."""
        return math.sqrt(self.moment / self.mass)


def _kind(index: int, raw: dict[str, Any]) -> Kind:
    raw_parts: list[Polygon] = [tuple((float(x), float(y)) for x, y in part) for part in raw["outline"]]
    for part in raw_parts:
        if len(part) < 3 or not is_convex_ccw(part):
            raise ValueError(
                f"monsters.toml: every outline part of {raw['id']!r} must be convex and counter-clockwise."
            )
    areas = [polygon_area(p) for p in raw_parts]
    area = sum(areas)
    cents = [polygon_centroid(p) for p in raw_parts]
    cx = sum(a * c[0] for a, c in zip(areas, cents, strict=True)) / area
    cy = sum(a * c[1] for a, c in zip(areas, cents, strict=True)) / area
    parts = tuple(tuple((x - cx, y - cy) for x, y in p) for p in raw_parts)
    mass = float(raw["mass"])
    moment = mass / area * sum(polygon_inertia(p) for p in parts)
    xs = [x for p in parts for x, _ in p]
    ys = [y for p in parts for _, y in p]
    return Kind(
        index=index,
        id=str(raw["id"]),
        name=str(raw["name"]),
        colour=str(raw["colour"]),
        rgb=str(raw["rgb"]),
        letter=str(raw["letter"]),
        on_die=bool(raw["on_die"]),
        count=int(raw["count"]),
        start=int(raw["start"]),
        tokens=int(raw["tokens"]),
        token_width=int(raw["token_width"]),
        mass=mass,
        arena_friction=float(raw["arena_friction"]),
        contact_friction=float(raw["contact_friction"]),
        elasticity=float(raw["elasticity"]),
        parts=parts,
        area=area,
        moment=moment,
        radius=max(math.hypot(x, y) for p in parts for x, y in p),
        front=max(xs),
        back=-min(xs),
        half_width=max(max(ys), -min(ys)),
    )


KINDS: tuple[Kind, ...] = tuple(_kind(i, k) for i, k in enumerate(MONSTER_DATA["kinds"]))
NUM_KINDS = len(KINDS)
KIND_INDEX: dict[str, int] = {k.id: k.index for k in KINDS}
DIE_KINDS: tuple[int, ...] = tuple(k.index for k in KINDS if k.on_die)
"""Kinds shown on the die (and the only kinds ever in the supply), in data order."""
QUESTION = -1
"""The die face with a question mark."""
DIE_FACES: tuple[int, ...] = (*DIE_KINDS, QUESTION)
"""The die's faces: one per die kind, then the question mark (research §3.2: five monsters and '?')."""

MONSTER_KIND: tuple[int, ...] = tuple(k.index for k in KINDS for _ in range(k.count))
"""The kind of each monster, by monster number."""
NUM_MONSTERS = len(MONSTER_KIND)
KIND_MONSTERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m in range(NUM_MONSTERS) if MONSTER_KIND[m] == k.index) for k in KINDS
)
START_MONSTERS: tuple[int, ...] = tuple(m for k in KINDS for m in KIND_MONSTERS[k.index][: k.start])
"""The monsters on the arena at set-up: the first ``start`` of each kind (both purple, one of each other)."""
TOKEN_WIDTH: tuple[int, ...] = tuple(k.token_width for k in KINDS)


def face_name(face: int) -> str:
    """The text of a die face: a kind id or ``?``."""
    return "?" if face == QUESTION else KINDS[face].id


# --- the arena ------------------------------------------------------------------------------------------
ARENA_OUTLINE: Polygon = tuple((float(x), float(y)) for x, y in ARENA_DATA["arena"]["outline"])
_P = ARENA_DATA["physics"]
GRAVITY = float(_P["gravity"])
STEP = float(_P["step"])
ITERATIONS = int(_P["iterations"])
COLLISION_SLOP = float(_P["collision_slop"])
SPIN_FRICTION_RADIUS = float(_P["spin_friction_radius"])
CHECK_EVERY = int(_P["check_every"])
REST_SPEED = float(_P["rest_speed"])
REST_SPIN = float(_P["rest_spin"])
REST_CHECKS = int(_P["rest_checks"])
MAX_SETTLE = float(_P["max_settle"])
SLEEP_AFTER = float(_P["sleep_after"])
FRAME_EVERY = int(_P["frame_every"])

_Q = ARENA_DATA["pushers"]
PUSHER_SPEED = float(_Q["speed"])
PUSHER_GAP = float(_Q["gap"])
PUSHER_FRICTION = float(_Q["contact_friction"])
TRAY_WIDTH = float(_Q["tray_width"])
TRAY_LENGTH = float(_Q["tray_length"])
EDGE_WIDTH = float(_Q["edge_width"])
EDGE_THICKNESS = float(_Q["edge_thickness"])
TIP_WIDTH = float(_Q["tip_width"])
TIP_LENGTH = float(_Q["tip_length"])

_T = ARENA_DATA["tremor"]
TREMOR_HEADING = math.radians(float(_T["heading"]))
TREMOR_DEPTH = float(_T["depth"])
TREMOR_TILT = math.radians(float(_T["tilt"]))
TREMOR_OFFSET = float(_T["offset"])
TREMOR_NUDGE_HEADING = math.radians(float(_T["nudge_heading"]))
TREMOR_NUDGE_DISTANCE = float(_T["nudge_distance"])
TREMOR_NUDGE_OFFSET = float(_T["nudge_offset"])

_L = ARENA_DATA["limits"]
COORD_LIMIT = round(float(_L["coordinate"]) * 100)
"""|x| and |y| of a push's entry point, in hundredths of a dm (action units)."""
ENTRY_REACH = float(_L["entry_reach"])
DEPTH_MIN = round(float(_L["depth_min"]) * 100)
DEPTH_MAX = round(float(_L["depth_max"]) * 100)
NUDGE_MIN = round(float(_L["nudge_distance_min"]) * 100)
NUDGE_MAX = round(float(_L["nudge_distance_max"]) * 100)
NUDGE_OFFSET_MAX = round(float(_L["nudge_offset_max"]) * 100)

_C = ARENA_DATA["candidates"]
NUM_MARKS = int(_C["marks"])
NORMAL_WINDOW = float(_C["normal_window"])
CANDIDATE_TURNS: tuple[int, ...] = tuple(int(t) for t in _C["turns"])
CANDIDATE_DEPTHS: tuple[int, ...] = tuple(round(float(d) * 100) for d in _C["depths"])
NUDGE_HEADINGS = int(_C["nudge_headings"])
NUDGE_DISTANCES: tuple[int, ...] = tuple(round(float(d) * 100) for d in _C["nudge_distances"])
DEFAULT_DEPTH = round(float(_C["default_depth"]) * 100)
DEFAULT_NUDGE = NUDGE_DISTANCES[len(NUDGE_DISTANCES) // 2]
PLACE_SPACING = float(_C["place_spacing"])
PLACE_ANGLES: tuple[int, ...] = tuple(int(a) for a in _C["place_angles"])
SET_DOWN_SPACING = float(ARENA_DATA["set_down"]["spacing"])
SET_DOWN_ANGLE_STEP = int(ARENA_DATA["set_down"]["angle_step"])

START_LAYOUT: tuple[tuple[int, float, float, float], ...] = tuple(
    (KIND_INDEX[str(kind)], float(x), float(y), math.radians(float(a)))
    for kind, x, y, a in ARENA_DATA["start"]["layout"]
)
"""The fixed start layout: (kind, x, y, angle in radians), matched in order to the start monsters of each kind."""
SETUP_ORDER: tuple[int, ...] = tuple(sorted(START_MONSTERS, key=lambda m: (-KINDS[MONSTER_KIND[m]].area, m)))
"""The order in which the players place the start monsters (layout ``players``): the largest first."""
RANDOM_CLEARANCE = float(ARENA_DATA["start"]["random_clearance"])
"""The least gap between two start monsters placed at random (option ``layout=random``)."""


def _check_data() -> None:
    """Fail loudly at import if the data cannot give a playable game."""
    if len(DIE_KINDS) < 1:
        raise ValueError("monsters.toml: at least one kind must be on the die.")
    if len(set(KIND_INDEX)) != NUM_KINDS or len({k.letter for k in KINDS}) != NUM_KINDS:
        raise ValueError("monsters.toml: kind ids and letters must be unique.")
    for k in KINDS:
        if not 0 <= k.start <= k.count:
            raise ValueError(f"monsters.toml: {k.id} starts {k.start} of {k.count} monsters on the arena.")
        if not k.on_die and k.start != k.count:
            raise ValueError(
                f"monsters.toml: {k.id} is not on the die, so all of its monsters must start on the arena."
            )
        # Research gap 11: the token stack never runs out if every monster of a kind can fall once,
        # each giving a token to every other player.
        if k.tokens < k.count * (MAX_PLAYERS - 1):
            raise ValueError(f"monsters.toml: {k.id} has {k.tokens} tokens; {k.count * (MAX_PLAYERS - 1)} are needed.")
        if k.mass <= 0 or k.arena_friction <= 0 or k.token_width <= 0:
            raise ValueError(f"monsters.toml: {k.id} needs a positive mass, friction and token width.")
    areas = [KINDS[k].area for k in DIE_KINDS]
    if areas != sorted(areas) or len(set(areas)) != len(areas):
        raise ValueError("monsters.toml: die kinds must be listed smallest first, no two of the same area.")
    if polygon_area(ARENA_OUTLINE) <= 0:
        raise ValueError("arena.toml: the outline must run counter-clockwise.")
    starters = sorted(MONSTER_KIND[m] for m in START_MONSTERS)
    if sorted(k for k, *_ in START_LAYOUT) != starters:
        raise ValueError("arena.toml: the start layout must place exactly the start monsters of monsters.toml.")
    if CHECK_EVERY < 1 or FRAME_EVERY % CHECK_EVERY:
        raise ValueError("arena.toml: frame_every must be a multiple of check_every.")
    if not CANDIDATE_DEPTHS or not CANDIDATE_TURNS or NUM_MARKS < 3 or NUM_MARKS > 26:
        raise ValueError("arena.toml: the candidate set needs 3 to 26 marks, turns and depths.")


_check_data()


OPTIONS = OptionSet(
    [
        Option(
            "tremor",
            True,
            "Every push and nudge wanders a little from where it was aimed, as real hands do. Off: pushes go "
            "exactly where they are aimed. Rule PM-7.1.",
            label="Shaky hands",
        ),
        Option(
            "tremor_scale",
            1.0,
            "How far pushes wander: 1 is the usual, 0 is perfectly steady, 5 is very shaky. Rule PM-7.1.",
            minimum=0.0,
            maximum=5.0,
            label="How shaky",
        ),
        Option(
            "layout",
            "players",
            "Where the seven monsters stand at the start: the players place them in turn, anywhere fully on the "
            "arena (the rulebook's 'any way you like'); the usual fixed layout; or at random, fully on the arena "
            "and apart. Rule PM-2.2.",
            choices=("players", "fixed", "random"),
            choice_labels=("Placed by the players", "The usual layout", "At random"),
            label="Start layout",
        ),
        Option(
            "miss_limit",
            0,
            "A penalty of ours, not the rulebook's, off by default (0): after this many pushes that miss the arena "
            "in one turn the monster counts as fallen and the others take tokens. The rulebook lets a player retry "
            "freely. Rule PM-5.5.",
            minimum=0,
            maximum=20,
            label="Misses before it counts as fallen (a rule of ours)",
        ),
        Option(
            "nudge_limit",
            0,
            "A penalty of ours, not the rulebook's, off by default (0): after this many nudges with the monster "
            "still sticking out it counts as fallen and the others take tokens. The rulebook's turn simply goes "
            "on until the monster lies fully on the arena. Rule PM-6.3.",
            minimum=0,
            maximum=20,
            label="Nudges before it counts as fallen (a rule of ours)",
        ),
        Option(
            "max_tries",
            12,
            "A safety limit of ours, so that every turn ends: after this many pushes, nudges and shoves in one turn "
            "without the monster lying fully on the arena, it is placed for its player on the nearest free place "
            "fully on the arena; nobody takes a token. Rule PM-6.6.",
            minimum=1,
            maximum=50,
            label="Tries before the monster is placed for its player",
        ),
    ]
)


def max_actions(max_tries: int) -> int:
    """An upper bound on the actions of one game (rule PM-9.3: the game always ends).

    The set-up places the start monsters one action each; then every turn takes a monster out of the
    supply or ends the game, so there are at most ``supply + 1`` turns; a turn holds at most one ``take``,
    ``max_tries`` pushes, nudges and shoves, and one ``assist`` (the set-down that ends it).
    """
    supply = sum(k.count - k.start for k in KINDS)
    return len(START_MONSTERS) + supply * (2 + max_tries)


KIND = GameKind(hidden_info=False, max_game_length=max_actions(int(OPTIONS["max_tries"].default)))
"""Dice, nothing hidden (every view shows the whole arena), and at most ``max_actions`` decisions."""
SPEC = GameSpec(GAME_ID, TITLE, MIN_PLAYERS, MAX_PLAYERS, RULES_VERSION, SUMMARY, OPTIONS, ALIASES, KIND)
