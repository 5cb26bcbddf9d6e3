"""Views of a Push a Monster position, and their fixed-length numeric encoding for RL.

Nothing is hidden in Push a Monster (every monster, token and die face is on the table), so every seat
and the spectator get the same content apart from ``seat``. A view holds (rule PM-10.1):

* ``phase`` (``setup``/``choose``/``push``/``nudge``/``over``), ``turn``, ``first_player``;
* ``setup``: while the players set the start monsters down, the one to place next (number and kind)
  and how many are left, else ``None``;
* ``die``: the face last rolled (a kind id or ``?``) and the faces; ``tied``: the kinds to choose from;
* ``active``: the monster being pushed (number, kind, on the ``pusher`` or the ``arena``, the tries used
  and left before it is set down by hand, the misses and nudges so far and their invented limits, 0 for
  none), or ``None``;
* ``monsters``: every monster on the arena with its ``kind``, ``x``, ``y`` (dm), ``angle`` (degrees),
  ``outline`` (its convex parts, placed, in dm), ``inside`` (lies fully on the arena) and ``active``;
* ``where``: where each of the 27 monsters is (``supply``, ``pusher``, ``arena``, ``fallen``);
* ``supply``: monsters left per die kind; ``tokens``: each seat's tokens per kind; ``lines``: each
  seat's line length; ``token_stacks``: tokens left per kind;
* ``arena``: the outline and the entry marks (label, x, y, inward heading in degrees; the browser names a
  direction from the game's display data, ``display.py``, in the words module's words); ``kinds``: the
  kinds' names, colours (terminal and ``rgb``), letters, token widths and outlines (convex parts in the
  monster's own frame, centre of mass at the origin, facing +x).

Motion frames of the last push are in its ``push``/``nudge`` event, not in the view.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from monsterlair.core.options import OptionValue
from monsterlair.games.push_a_monster.actions import MARK_LABELS
from monsterlair.games.push_a_monster.geometry import ARENA, fully_inside, place_kind
from monsterlair.games.push_a_monster.spec import (
    DIE_FACES,
    DIE_KINDS,
    GAME_ID,
    KINDS,
    MONSTER_KIND,
    NUM_KINDS,
    NUM_MONSTERS,
    START_MONSTERS,
    face_name,
)

if TYPE_CHECKING:
    from monsterlair.games.push_a_monster.state import PushState

_PHASES = ("choose", "push", "nudge", "over", "setup")
_WHERE = ("supply", "pusher", "arena", "fallen")

ARENA_VIEW: dict[str, Any] = {
    "outline": [[x, y] for x, y in ARENA.outline],
    "marks": [
        {"label": MARK_LABELS[i], "x": round(x, 4), "y": round(y, 4), "angle": round(math.degrees(h), 2)}
        for i, (x, y, h) in enumerate(ARENA.marks)
    ],
}
KINDS_VIEW: list[dict[str, Any]] = [
    {
        "id": k.id,
        "name": k.name,
        "colour": k.colour,
        "rgb": k.rgb,
        "letter": k.letter,
        "token_width": k.token_width,
        "on_die": k.on_die,
        "outline": [[[round(x, 4), round(y, 4)] for x, y in part] for part in k.parts],
    }
    for k in KINDS
]


def _r(v: float) -> float:
    return round(v, 4)


@functools.lru_cache(maxsize=8192)
def _placed(m: int, x: float, y: float, a: float) -> tuple[tuple[tuple[tuple[float, float], ...], ...], bool]:
    """A monster's placed outline (rounded) and whether it lies fully on the arena; cached per pose.

    Views are asked for far more often than monsters move (every seat, every snapshot), and the
    full-inside test is the costly part of a view.
    """
    kind = MONSTER_KIND[m]
    outline = tuple(tuple((_r(px), _r(py)) for px, py in part) for part in place_kind(kind, x, y, a))
    return outline, fully_inside(kind, x, y, a)


def build_view(state: PushState, seat: int | None) -> dict[str, Any]:
    """The view of ``state`` for ``seat`` (``None``: a spectator). Fresh objects on every call."""
    phase = int(state.phase)
    active = state.active
    monsters = []
    for m, x, y, a in state.poses:
        outline, inside = _placed(m, x, y, a)
        monsters.append(
            {
                "id": m,
                "kind": KINDS[MONSTER_KIND[m]].id,
                "x": _r(x),
                "y": _r(y),
                "angle": round(math.degrees(a), 2),
                "outline": [[list(p) for p in part] for part in outline],
                "inside": inside,
                "active": m == active,
            }
        )
    result = state.result
    face = state._face
    active_view: dict[str, Any] | None = None
    if active is not None:
        active_view = {
            "monster": active,
            "kind": KINDS[MONSTER_KIND[active]].id,
            "where": _WHERE[state.where(active)],
            "tries": state.tries,
            "tries_left": state._max_tries - state.tries,
            "misses": state.attempts,
            "nudges": state.nudges,
            "miss_limit": state._miss_limit,
            "nudge_limit": state._nudge_limit,
        }
    to_place = state.to_place
    setup_view = None
    if to_place is not None:
        left = sum(1 for m in START_MONSTERS if _WHERE[state.where(m)] != "arena")
        setup_view = {"monster": to_place, "kind": KINDS[MONSTER_KIND[to_place]].id, "left": left}
    given = [sum(state.tokens(s)[k] for s in range(state.players)) for k in range(NUM_KINDS)]
    return {
        "game": GAME_ID,
        "seat": seat,
        "to_move": state.to_move,
        "over": state.over,
        "result": None if result is None else result.to_json(),
        "players": state.players,
        "phase": _PHASES[phase],
        "turn": state._turn,
        "first_player": state._first,
        "die": {"face": None if face is None else face_name(face), "faces": [face_name(f) for f in DIE_FACES]},
        "tied": [KINDS[k].id for k in state._tied],
        "active": active_view,
        "setup": setup_view,
        "monsters": monsters,
        "where": [_WHERE[state.where(m)] for m in range(NUM_MONSTERS)],
        "supply": {KINDS[k].id: state.supply_count(k) for k in DIE_KINDS},
        "tokens": [{k.id: state.tokens(s)[k.index] for k in KINDS} for s in range(state.players)],
        "lines": [state.line_length(s) for s in range(state.players)],
        "token_stacks": {k.id: k.tokens - given[k.index] for k in KINDS},
        "arena": {
            "outline": [list(p) for p in ARENA_VIEW["outline"]],
            "marks": [dict(m) for m in ARENA_VIEW["marks"]],
        },
        "kinds": [{**k, "outline": [[list(p) for p in part] for part in k["outline"]]} for k in KINDS_VIEW],
    }


# --- the RL encoding ------------------------------------------------------------------------------------
_PER_MONSTER = 9
_PER_SEAT = 2 + NUM_KINDS
_FACE_SLOTS = len(DIE_FACES) + 1


def observation_size(players: int) -> int:
    """The length of :func:`encode_view`'s output for ``players`` seats."""
    return NUM_MONSTERS * _PER_MONSTER + len(_PHASES) + _FACE_SLOTS + len(DIE_KINDS) + 2 + players * _PER_SEAT


def observation_bounds(players: int, options: Mapping[str, OptionValue]) -> tuple[list[float], list[float]]:
    """The bounds of every feature of :func:`encode_view`.

    Flags and one-hots lie in [0, 1]; a monster's x/2 and y/2 in [-1, 1] (clamped: the arena spans about ±1 dm,
    so only a monster far off it would reach the clamp); cos and sin in [-1, 1]; tries in [0, max_tries/10];
    a line's length in [0, every token's width/50]; a kind's tokens in [0, its tokens/5].
    """
    size = observation_size(players)
    low, high = [0.0] * size, [1.0] * size
    for m in range(NUM_MONSTERS):
        base = m * _PER_MONSTER
        for j in range(1, 5):  # x/2, y/2, cos, sin
            low[base + j] = -1.0
    i = NUM_MONSTERS * _PER_MONSTER + len(_PHASES) + _FACE_SLOTS + len(DIE_KINDS)
    high[i] = high[i + 1] = int(options["max_tries"]) / 10.0
    i += 2
    for r in range(players):
        base = i + r * _PER_SEAT
        high[base + 1] = sum(k.tokens * k.token_width for k in KINDS) / 50.0
        for kind in KINDS:
            high[base + 2 + kind.index] = kind.tokens / 5.0
    return low, high


def encode_view(view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
    """A fixed-length encoding of a view, seats rotated so the viewing seat comes first.

    Per monster (by number): on the arena, x/2, y/2, cos and sin of its angle, fully inside, being pushed,
    in the supply, fallen. Then the phase (one-hot), the die face (one-hot, last slot: none yet), the tied
    kinds, tries left and tries used (/10); per seat: to move, line length/50, tokens per kind/5.
    """
    out = [0.0] * observation_size(players)
    poses = {int(m["id"]): m for m in view["monsters"]}
    where = view["where"]
    for m in range(NUM_MONSTERS):
        base = m * _PER_MONSTER
        pose = poses.get(m)
        if pose is not None:
            a = math.radians(float(pose["angle"]))
            out[base : base + 7] = [
                1.0,
                max(-1.0, min(1.0, float(pose["x"]) / 2.0)),
                max(-1.0, min(1.0, float(pose["y"]) / 2.0)),
                math.cos(a),
                math.sin(a),
                float(bool(pose["inside"])),
                float(bool(pose["active"])),
            ]
        elif where[m] == "pusher":
            out[base + 6] = 1.0
        out[base + 7] = float(where[m] == "supply")
        out[base + 8] = float(where[m] == "fallen")
    i = NUM_MONSTERS * _PER_MONSTER
    out[i + _PHASES.index(view["phase"])] = 1.0
    i += len(_PHASES)
    faces = [face_name(f) for f in DIE_FACES]
    face = view["die"]["face"]
    out[i + (faces.index(face) if face is not None else len(faces))] = 1.0
    i += _FACE_SLOTS
    for j, k in enumerate(DIE_KINDS):
        out[i + j] = float(KINDS[k].id in view["tied"])
    i += len(DIE_KINDS)
    active = view["active"]
    if active is not None:
        out[i] = active["tries_left"] / 10.0
        out[i + 1] = active["tries"] / 10.0
    i += 2
    me = view["seat"] if view["seat"] is not None else 0
    for r in range(players):
        s = (me + r) % players
        base = i + r * _PER_SEAT
        out[base] = float(view["to_move"] == s)
        out[base + 1] = view["lines"][s] / 50.0
        for kind in KINDS:
            out[base + 2 + kind.index] = view["tokens"][s][kind.id] / 5.0
    return out
