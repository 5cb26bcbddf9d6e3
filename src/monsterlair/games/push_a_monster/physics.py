"""The top-down physics of Push a Monster, on pymunk (Chipmunk2D), pinned in the ``physics`` extra.

Model (rules PM-4 to PM-7; every number is in ``data/*.toml``):

* The arena is seen from above. Monsters are rigid convex-part polygons with the mass, outline and
  friction of their kind. Nothing falls "down" in the plane: gravity only turns each kind's friction
  coefficient against the board into a force. That friction is two joints to the static body per monster
  with no position correction (``max_bias = 0``): a pivot joint whose ``max_force`` is ``μ·m·g`` (sliding)
  and a gear joint whose ``max_force`` is ``μ·m·g·r`` (turning, ``r`` about the mean distance of the
  monster's area from its centre of mass). This is the standard top-down friction of Chipmunk's demos.
  Limit: sliding and turning resist independently (a real flat piece that spins slides a little more
  easily).
* Where two monsters touch, Chipmunk multiplies their ``contact_friction`` and ``elasticity``.
* A push: the monster sits on the large pusher (a tray whose tip is the entry point) and the small
  pusher (a kinematic body, infinitely strong) pushes it along the heading over the stroke length with a
  half-sine speed profile, then lifts away. Meanwhile the tray holds the pushed monster up. Then the
  world runs until every monster rests (or ``max_settle`` seconds pass).
* A nudge: the small pusher's narrow end touches the pushed monster and pushes it the given distance.
* Falls: every ``check_every`` steps, each monster that moved is checked; one whose centre of mass is not
  over the arena (or, for the pushed monster during the stroke, over the tray) tips off and is removed
  at once (rule PM-5.1).

A fresh Chipmunk space with fresh bodies is built for every simulation from the exact float poses of the
state and freed afterwards. Nothing carries over from one simulation to the next, so the outcome depends
only on the poses and the stroke: same inputs, same build, bit-identical result (stack.md). Another build
(for example one using fused multiply-adds) may differ in the last bits; records therefore store the
settled poses (``state.py``).

Speed (figures in docs/bots.md): monsters start each simulation asleep and only what is touched wakes;
the step is 1/120 s; fall and rest checks run every few steps on the monsters that moved; the simulation
stops as soon as everything has rested for two checks. Chipmunk is driven through pymunk's own cffi
bindings (``pymunk._chipmunk``, pymunk pinned to one version): its Python wrappers cost more per call
than a simulation step, and a push makes a few hundred calls.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pymunk._chipmunk import ffi, lib

from monsterlair.games.push_a_monster.geometry import ARENA, Pose, box, clip_band, fully_inside, overlap, place_kind
from monsterlair.games.push_a_monster.spec import (
    CHECK_EVERY,
    COLLISION_SLOP,
    EDGE_THICKNESS,
    EDGE_WIDTH,
    ENTRY_REACH,
    FRAME_EVERY,
    GRAVITY,
    ITERATIONS,
    KINDS,
    MAX_SETTLE,
    MONSTER_KIND,
    PUSHER_FRICTION,
    PUSHER_GAP,
    PUSHER_SPEED,
    REST_CHECKS,
    REST_SPEED,
    REST_SPIN,
    SLEEP_AFTER,
    SPIN_FRICTION_RADIUS,
    STEP,
    TIP_LENGTH,
    TIP_WIDTH,
    TRAY_LENGTH,
    TRAY_WIDTH,
    Polygon,
)
from monsterlair.games.push_a_monster.words import cm, monster_name

PLACED = "placed"
"""The pushed monster rests fully on the arena: the turn ends (rule PM-6.1)."""
OVERHANG = "overhang"
"""The pushed monster rests on the arena but sticks out over its edge: the player nudges (rule PM-6.2)."""
FELL = "fell"
"""The pushed monster reached the arena and then fell off it (rule PM-5.3)."""
MISSED = "missed"
"""The pushed monster never got its centre of mass over the arena and dropped off the large pusher (PM-5.4)."""
SHOVED = "shoved"
"""A shove moved monsters on the arena while the monster to place is still on the large pusher (rule PM-6.7)."""
STATUSES = (PLACED, OVERHANG, FELL, MISSED, SHOVED)

_REST_SPEED_SQ = REST_SPEED * REST_SPEED
_SETTLE_STEPS = max(1, math.ceil(MAX_SETTLE / STEP))


@dataclass(frozen=True, slots=True)
class Noise:
    """Hand tremor for one push or nudge (all zero without tremor): rule PM-7.1."""

    heading: float = 0.0
    """Radians added to the direction the small pusher moves in."""
    depth: float = 1.0
    """Factor on the stroke length."""
    tilt: float = 0.0
    """Radians the small pusher's edge is turned off square."""
    offset: float = 0.0
    """Dm the small pusher lands off the intended line, sideways."""


@dataclass(frozen=True, slots=True)
class Stroke:
    """The small pusher's motion, fully resolved: where its body starts, how it is turned, where it goes."""

    tool: str
    """``edge`` (a push: the broad edge) or ``tip`` (a nudge: the narrow end)."""
    x: float
    y: float
    angle: float
    """The pusher body's orientation: its length runs along this angle."""
    heading: float
    """The direction it moves in (radians)."""
    distance: float
    """How far it moves (dm)."""

    def shape(self) -> Polygon:
        """The pusher's outline at the start of the stroke."""
        if self.tool == "edge":
            return box(self.x, self.y, self.angle, EDGE_THICKNESS, EDGE_WIDTH)
        return box(self.x, self.y, self.angle, TIP_LENGTH, TIP_WIDTH)


@dataclass(frozen=True, slots=True)
class Tray:
    """The large pusher: a rectangle reaching back from its tip (the entry point) against the heading.

    It holds the pushed monster up from ``tray_length`` behind the tip to ``entry_reach`` ahead of it: the
    pusher is laid against the arena, so a monster bridges the gap between tip and edge (the entry point
    may lie up to ``entry_reach`` from the edge) instead of dropping into it.
    """

    x: float
    y: float
    heading: float

    def holds(self, px: float, py: float) -> bool:
        """True if (px, py) is over the tray."""
        c = math.cos(self.heading)
        s = math.sin(self.heading)
        dx, dy = px - self.x, py - self.y
        along = dx * c + dy * s
        across = -dx * s + dy * c
        return -TRAY_LENGTH <= along <= ENTRY_REACH and abs(across) <= TRAY_WIDTH / 2.0

    def shape(self) -> Polygon:
        """The tray's outline."""
        c = math.cos(self.heading)
        s = math.sin(self.heading)
        middle = (ENTRY_REACH - TRAY_LENGTH) / 2.0
        return box(self.x + c * middle, self.y + s * middle, self.heading, TRAY_LENGTH + ENTRY_REACH, TRAY_WIDTH)


@dataclass(slots=True)
class Outcome:
    """What a push or nudge did once everything rests."""

    poses: tuple[Pose, ...]
    """Every monster on the arena (the pushed one included, unless it fell or missed), by number."""
    fallen: tuple[int, ...]
    """Monsters that fell off the arena, in the order they fell (the pushed one only if it fell)."""
    status: str
    """What became of the pushed monster: one of :data:`STATUSES`."""
    steps: int = 0
    """Simulation steps taken."""
    frames: dict[str, Any] | None = field(default=None)
    """Subsampled trajectories for animation (see :func:`simulate`), when asked for."""


# --- setting up a push or nudge --------------------------------------------------------------------------
@functools.lru_cache(maxsize=2048)
def reach(kind: int, facing: float) -> tuple[float, float]:
    """How far a monster turned ``facing`` radians on the pusher reaches ahead of and behind its centre of mass.

    Measured along the push (the pusher's +x): ``(front, back)``. With ``facing`` 0 these are the kind's
    ``front`` and ``back``.
    """
    c, s = math.cos(facing), math.sin(facing)
    along = [px * c - py * s for part in KINDS[kind].parts for px, py in part]
    return max(along), -min(along)


def push_start(kind: int, x: float, y: float, heading: float, facing: float = 0.0) -> tuple[float, float]:
    """Where the pushed monster's centre of mass starts: on the tray, its front at the tip (x, y)."""
    front = reach(kind, facing)[0]
    return x - math.cos(heading) * front, y - math.sin(heading) * front


def push_stroke(
    kind: int, x: float, y: float, heading: float, depth: float, noise: Noise, facing: float = 0.0
) -> Stroke:
    """The small pusher's stroke for a push: its broad edge just behind the monster, moving ``depth`` in."""
    cx, cy = push_start(kind, x, y, heading, facing)
    back = reach(kind, facing)[1] + PUSHER_GAP + EDGE_THICKNESS / 2.0
    c, s = math.cos(heading), math.sin(heading)
    px = cx - c * back - s * noise.offset
    py = cy - s * back + c * noise.offset
    return Stroke("edge", px, py, heading + noise.tilt, heading + noise.heading, (depth + PUSHER_GAP) * noise.depth)


@dataclass(frozen=True, slots=True)
class _Footprint:
    """What a push occupies when it starts: the monster on the tray and the small pusher behind it."""

    problem: str | None
    """Why the push can never start there, whatever the arena holds (or ``None``)."""
    outline: tuple[Polygon, ...]
    cx: float
    cy: float
    reach: float


@functools.lru_cache(maxsize=4096)
def _footprint(kind: int, x: int, y: int, angle: int, facing: int) -> _Footprint:
    """The start footprint of a push given in action units (hundredths of a dm, degrees); cached."""
    px, py, heading, turned = x / 100, y / 100, math.radians(angle), math.radians(facing)
    if ARENA.edge_distance(px, py) > ENTRY_REACH + 1e-9:
        return _Footprint(f"the entry point must be within {cm(ENTRY_REACH)} of the arena's edge", (), 0, 0, 0)
    cx, cy = push_start(kind, px, py, heading, turned)
    if ARENA.contains(cx, cy):
        return _Footprint("the monster would start on the arena; push from its edge, heading inward", (), 0, 0, 0)
    stroke = push_stroke(kind, px, py, heading, 0.0, Noise(), turned)
    outline = (*place_kind(kind, cx, cy, heading + turned), stroke.shape())
    xs = [p[0] for part in outline for p in part]
    ys = [p[1] for part in outline for p in part]
    mx, my = (min(xs) + max(xs)) / 2.0, (min(ys) + max(ys)) / 2.0
    reach = max(math.hypot(vx - mx, vy - my) for vx, vy in zip(xs, ys, strict=True))
    return _Footprint(None, outline, mx, my, reach)


def push_problem(poses: tuple[Pose, ...], kind: int, x: int, y: int, angle: int, facing: int = 0) -> str | None:
    """Why a push cannot start as asked, or ``None`` if it can (rule PM-4.4).

    ``x``, ``y`` are in hundredths of a dm and ``angle`` and ``facing`` in degrees, as in the action. The entry point
    must be within reach of the arena's edge, the monster must start off the arena (its centre of mass
    not over it: it is still on the pusher), and neither the monster nor the small pusher may start on
    top of a monster that sticks out there.
    """
    foot = _footprint(kind, x, y, angle, facing)
    if foot.problem is not None:
        return foot.problem
    hit = _first_overlap(poses, foot.outline, foot.cx, foot.cy, foot.reach)
    if hit is not None:
        return f"the monster and the pusher would start on top of {monster_name(hit)}, which sticks out there"
    return None


def nudge_stroke(
    kind: int, pose: tuple[float, float, float], heading: float, offset: float, distance: float, noise: Noise
) -> Stroke | None:
    """The small pusher's stroke for a nudge, or ``None`` if the line misses the monster.

    The pusher's narrow end travels along ``heading`` on a line ``offset`` dm to the left of the monster's
    centre of mass; it starts just short of the first point of the outline on that line (the contact
    point) and moves ``distance`` past it.
    """
    cx, cy, angle = pose
    h = heading + noise.heading
    off = offset + noise.offset
    c, s = math.cos(h), math.sin(h)
    lo, hi = off - TIP_WIDTH / 2.0, off + TIP_WIDTH / 2.0
    first = math.inf
    for part in place_kind(kind, 0.0, 0.0, angle):
        # coordinates along (c, s) and across (-s, c); keep the band the tip sweeps
        clipped = clip_band(part, -s, c, lo, hi)
        for px, py in clipped:
            along = px * c + py * s
            if along < first:
                first = along
    if first == math.inf:
        return None
    centre = first - PUSHER_GAP - TIP_LENGTH / 2.0
    px = cx + c * centre - s * off
    py = cy + s * centre + c * off
    return Stroke("tip", px, py, h, h, (distance + PUSHER_GAP) * noise.depth)


def nudge_problem(
    poses: tuple[Pose, ...], active: int, heading: float, offset: float, distance: float
) -> tuple[str | None, Stroke | None]:
    """Why a nudge (or a shove of monster ``active``) cannot start as asked (or ``None``), and its stroke.

    The stroke is the untrembled one (rules PM-6.3 and PM-6.7).
    """
    pose = _pose_of(poses, active)
    stroke = nudge_stroke(MONSTER_KIND[active], pose, heading, offset, distance, Noise())
    if stroke is None:
        return "that line passes beside the monster; use a smaller offset", None
    others = tuple(p for p in poses if p[0] != active)
    shape = stroke.shape()
    hit = _first_overlap(others, (shape,), *_bounds((shape,)))
    if hit is not None:
        return f"the small pusher would start on top of {monster_name(hit)}", stroke
    return None, stroke


def _pose_of(poses: tuple[Pose, ...], monster: int) -> tuple[float, float, float]:
    for m, x, y, a in poses:
        if m == monster:
            return x, y, a
    raise KeyError(monster)


def _first_overlap(
    poses: tuple[Pose, ...], outline: Sequence[Polygon], cx: float, cy: float, reach: float
) -> int | None:
    """The first monster (by number) whose outline overlaps ``outline`` (which lies within ``reach`` of (cx, cy))."""
    for m, x, y, a in poses:
        kind = KINDS[MONSTER_KIND[m]]
        dx, dy = x - cx, y - cy
        limit = reach + kind.radius
        if dx * dx + dy * dy > limit * limit:
            continue
        theirs = place_kind(kind.index, x, y, a)
        if any(overlap(p, q) for p in outline for q in theirs):
            return m
    return None


def _bounds(outline: Sequence[Polygon]) -> tuple[float, float, float]:
    xs = [p[0] for part in outline for p in part]
    ys = [p[1] for part in outline for p in part]
    cx, cy = (min(xs) + max(xs)) / 2.0, (min(ys) + max(ys)) / 2.0
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in zip(xs, ys, strict=True))


# --- the simulation ---------------------------------------------------------------------------------------


_CORNERS: tuple[tuple[Any, ...], ...] = tuple(
    tuple(ffi.new("cpVect[]", [(x, y) for x, y in part]) for part in kind.parts) for kind in KINDS
)
"""Each kind's outline parts as Chipmunk vertex arrays, made once (read-only, shared by every thread)."""
_ORIGIN = (0.0, 0.0)


class _World:
    """One simulation's Chipmunk space and everything in it, made fresh and freed afterwards.

    Nothing is reused between simulations: a Chipmunk body keeps solver state that no function resets
    (the bias velocities of the last step, used by the next), so a reused body would make a push depend
    on the pushes simulated before it. Made through the bindings, a body with its shapes and friction
    joints costs a few microseconds.
    """

    __slots__ = ("space", "bodies", "shapes", "joints", "alive", "pusher", "pusher_shape", "pusher_in")

    def __init__(self, entries: Sequence[Pose], stroke: Stroke, asleep: int) -> None:
        space = lib.cpSpaceNew()
        self.space = space
        self.bodies: list[Any] = []
        self.shapes: list[tuple[Any, ...]] = []
        self.joints: list[tuple[Any, Any]] = []
        self.alive: list[bool] = []
        self.pusher_in = False
        lib.cpSpaceSetIterations(space, ITERATIONS)
        lib.cpSpaceSetCollisionSlop(space, COLLISION_SLOP)
        lib.cpSpaceSetSleepTimeThreshold(space, SLEEP_AFTER)
        lib.cpSpaceSetIdleSpeedThreshold(space, REST_SPEED)
        ground = lib.cpSpaceGetStaticBody(space)
        for m, x, y, a in entries:
            kind = KINDS[MONSTER_KIND[m]]
            body = ffi.gc(lib.cpBodyNew(kind.mass, kind.moment), lib.cpBodyFree)
            lib.cpBodySetPosition(body, (x, y))
            lib.cpBodySetAngle(body, a)
            lib.cpSpaceAddBody(space, body)
            shapes = []
            for corners, part in zip(_CORNERS[kind.index], kind.parts, strict=True):
                shape = ffi.gc(lib.cpPolyShapeNewRaw(body, len(part), corners, 0.0), lib.cpShapeFree)
                lib.cpShapeSetFriction(shape, kind.contact_friction)
                lib.cpShapeSetElasticity(shape, kind.elasticity)
                lib.cpSpaceAddShape(space, shape)
                shapes.append(shape)
            force = kind.arena_friction * kind.mass * GRAVITY
            slide = ffi.gc(lib.cpPivotJointNew2(ground, body, _ORIGIN, _ORIGIN), lib.cpConstraintFree)
            lib.cpConstraintSetMaxBias(slide, 0.0)
            lib.cpConstraintSetMaxForce(slide, force)
            turn = ffi.gc(lib.cpGearJointNew(ground, body, 0.0, 1.0), lib.cpConstraintFree)
            lib.cpConstraintSetMaxBias(turn, 0.0)
            lib.cpConstraintSetMaxForce(turn, force * kind.gyration * SPIN_FRICTION_RADIUS)
            lib.cpSpaceAddConstraint(space, slide)
            lib.cpSpaceAddConstraint(space, turn)
            self.bodies.append(body)
            self.shapes.append(tuple(shapes))
            self.joints.append((slide, turn))
            self.alive.append(True)
        pusher = ffi.gc(lib.cpBodyNewKinematic(), lib.cpBodyFree)
        if stroke.tool == "edge":
            shape = lib.cpBoxShapeNew(pusher, EDGE_THICKNESS, EDGE_WIDTH, 0.0)
        else:
            shape = lib.cpBoxShapeNew(pusher, TIP_LENGTH, TIP_WIDTH, 0.0)
        self.pusher = pusher
        self.pusher_shape = ffi.gc(shape, lib.cpShapeFree)
        lib.cpShapeSetFriction(self.pusher_shape, PUSHER_FRICTION)
        lib.cpBodySetPosition(pusher, (stroke.x, stroke.y))
        lib.cpBodySetAngle(pusher, stroke.angle)
        lib.cpSpaceAddBody(space, pusher)
        lib.cpSpaceAddShape(space, self.pusher_shape)
        self.pusher_in = True
        # Monsters at rest start asleep: the solver skips them until something touches them (a contact with
        # the pusher or a moving monster wakes them within the step), so a push costs what it moves.
        for body in self.bodies[:asleep]:
            lib.cpBodySleep(body)

    def take_out(self, i: int) -> None:
        """Remove monster ``i`` (it fell)."""
        space = self.space
        for joint in self.joints[i]:
            lib.cpSpaceRemoveConstraint(space, joint)
        for shape in self.shapes[i]:
            lib.cpSpaceRemoveShape(space, shape)
        lib.cpSpaceRemoveBody(space, self.bodies[i])
        self.alive[i] = False

    def lift_pusher(self) -> None:
        """Remove the small pusher."""
        lib.cpSpaceRemoveShape(self.space, self.pusher_shape)
        lib.cpSpaceRemoveBody(self.space, self.pusher)
        self.pusher_in = False

    def close(self) -> None:
        """Take everything out, then free the space; the bodies, shapes and joints are freed with their handles."""
        for i, alive in enumerate(self.alive):
            if alive:
                self.take_out(i)
        if self.pusher_in:
            self.lift_pusher()
        lib.cpSpaceFree(self.space)
        self.space = ffi.NULL


def simulate(
    poses: tuple[Pose, ...],
    active: int,
    stroke: Stroke,
    *,
    start: tuple[float, float, float] | None = None,
    tray: Tray | None = None,
    frames: bool = False,
) -> Outcome:
    """Run one push or nudge to rest and report what moved and what fell.

    ``poses`` are the monsters on the arena. For a push, the pushed monster ``active`` is not among them:
    it starts at ``start`` on ``tray``. For a nudge it is among them and ``start``/``tray`` are ``None``.
    With ``frames``, the outcome carries trajectories sampled every ``frame_every`` steps:
    ``{"fps": F, "count": N, "monsters": [{"monster": m, "track": [[frame, x, y, angle], ...]}],
    "pusher": [[frame, x, y, angle], ...], "tray": outline or None, "falls": [{"monster": m, "frame": f}]}``
    where only monsters that moved have a track, starting with their pose on the frame before they moved.
    """
    if start is not None:
        entries: list[Pose] = [*poses, (active, *start)]
        asleep = len(poses)
    else:
        entries = [p for p in poses if p[0] != active] + [p for p in poses if p[0] == active]
        asleep = len(poses) - 1
    world = _World(entries, stroke, asleep)
    try:
        return _run(world, [e[0] for e in entries], stroke, start is not None, tray, frames)
    finally:
        world.close()


def _run(
    world: _World, numbers: list[int], stroke: Stroke, from_tray: bool, tray: Tray | None, frames: bool
) -> Outcome:
    space = world.space
    bodies = world.bodies
    alive = world.alive
    n = len(bodies)
    ai = n - 1  # the pushed monster is always the last one in
    active = numbers[ai]
    pusher = world.pusher
    awake = [i == ai for i in range(n)]
    last_x = [0.0] * n
    last_y = [0.0] * n
    recorded: list[tuple[float, float, float]] = []
    for i, body in enumerate(bodies):
        p = lib.cpBodyGetPosition(body)
        last_x[i] = p.x
        last_y[i] = p.y
        recorded.append((p.x, p.y, lib.cpBodyGetAngle(body)))
    entered = not from_tray or ARENA.contains(last_x[ai], last_y[ai])
    fallen: list[int] = []
    fall_frames: list[dict[str, int]] = []
    frame = 0
    tracks: list[list[list[float]]] = [[] for _ in range(n)]
    pusher_track: list[list[float]] = [[0, round(stroke.x, 4), round(stroke.y, 4), round(stroke.angle, 4)]]
    tray_outline = None if tray is None else [[round(x, 4), round(y, 4)] for x, y in tray.shape()]

    # the stroke: a half-sine speed profile, exact in displacement step by step
    duration = math.pi * stroke.distance / (2.0 * PUSHER_SPEED) if stroke.distance > 0.0 else 0.0
    stroke_steps = math.ceil(duration / STEP)
    hx, hy = math.cos(stroke.heading), math.sin(stroke.heading)
    half = stroke.distance / 2.0
    steps = 0
    quiet = 0
    prev_s = 0.0
    total = stroke_steps + _SETTLE_STEPS
    step = lib.cpSpaceStep
    while steps < total:
        if steps < stroke_steps:
            s1 = half * (1.0 - math.cos(math.pi * (steps + 1) / stroke_steps))
            v = (s1 - prev_s) / STEP
            prev_s = s1
            lib.cpBodySetVelocity(pusher, (hx * v, hy * v))
        elif world.pusher_in:
            # the small pusher lifts away and the tray is withdrawn: check the pushed monster again
            world.lift_pusher()
            tray = None
            last_x[ai] = math.nan
            awake[ai] = True  # even if it has come to rest (and fallen asleep) on the tray
        step(space, STEP)
        steps += 1
        if steps % CHECK_EVERY and steps != stroke_steps + 1:
            continue
        # fall checks for the monsters that moved since the last check, and the rest test
        moving = False
        for i in range(n):
            if not alive[i]:
                continue
            body = bodies[i]
            if lib.cpBodyIsSleeping(body):
                if not awake[i]:
                    continue  # asleep since the last check: it has not moved
                awake[i] = False
            else:
                awake[i] = True
            p = lib.cpBodyGetPosition(body)
            px = p.x
            py = p.y
            if px != last_x[i] or py != last_y[i]:
                last_x[i] = px
                last_y[i] = py
                over = ARENA.contains(px, py)
                if over and i == ai:
                    entered = True
                if not over and not (i == ai and tray is not None and tray.holds(px, py)):
                    world.take_out(i)
                    if i != ai or entered:
                        fallen.append(numbers[i])
                    fall_frames.append({"monster": numbers[i], "frame": frame + 1})
                    continue
            if not moving and awake[i]:
                vel = lib.cpBodyGetVelocity(body)
                if (
                    vel.x * vel.x + vel.y * vel.y > _REST_SPEED_SQ
                    or abs(lib.cpBodyGetAngularVelocity(body)) > REST_SPIN
                ):
                    moving = True
        if frames and steps % FRAME_EVERY == 0:
            frame += 1
            for i in range(n):
                if alive[i]:
                    pose = (last_x[i], last_y[i], lib.cpBodyGetAngle(bodies[i]))
                    if pose != recorded[i]:
                        if not tracks[i]:
                            tracks[i].append([frame - 1, *(round(v, 4) for v in recorded[i])])
                        tracks[i].append([frame, round(pose[0], 4), round(pose[1], 4), round(pose[2], 4)])
                        recorded[i] = pose
            if world.pusher_in:
                pp = lib.cpBodyGetPosition(pusher)
                pusher_track.append([frame, round(pp.x, 4), round(pp.y, 4), round(lib.cpBodyGetAngle(pusher), 4)])
        if steps > stroke_steps:
            quiet = 0 if moving else quiet + 1
            if quiet >= REST_CHECKS:
                break

    # a last look, in case the settling time ran out between two checks
    for i in range(n):
        if alive[i]:
            p = lib.cpBodyGetPosition(bodies[i])
            if (p.x != last_x[i] or p.y != last_y[i]) and not ARENA.contains(p.x, p.y):
                world.take_out(i)
                if i != ai or entered:
                    fallen.append(numbers[i])
                fall_frames.append({"monster": numbers[i], "frame": frame})

    kept: list[Pose] = []
    for i in range(n):
        if alive[i]:
            p = lib.cpBodyGetPosition(bodies[i])
            kept.append((numbers[i], p.x, p.y, math.remainder(lib.cpBodyGetAngle(bodies[i]), math.tau)))
    kept.sort()
    if not alive[ai]:
        status = FELL if entered else MISSED
    else:
        _, ax, ay, aa = next(p for p in kept if p[0] == active)
        status = PLACED if fully_inside(MONSTER_KIND[active], ax, ay, aa) else OVERHANG
    out = Outcome(tuple(kept), tuple(fallen), status, steps)
    if frames:
        out.frames = {
            "fps": round(1.0 / (STEP * FRAME_EVERY)),
            "count": frame + 1,
            "monsters": [{"monster": numbers[i], "track": tracks[i]} for i in range(n) if tracks[i]],
            "pusher": pusher_track,
            "tray": tray_outline,
            "falls": fall_frames,
        }
    return out
