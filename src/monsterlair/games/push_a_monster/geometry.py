"""Plane geometry for Push a Monster: the arena outline, placed outlines, and polygon tests.

Pure Python on floats, so every answer is the same on every IEEE machine given the same inputs (only
``math.cos``/``math.sin`` come from the platform's maths library). The physics engine (``physics.py``)
moves monsters; this module answers the rules' questions about where they are: is a centre of mass over
the arena (rule PM-5.1), does a monster lie fully on it (rule PM-6.1), do two monsters overlap, where
are the entry marks (rule PM-4.3).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from monsterlair.games.push_a_monster.spec import (
    ARENA_OUTLINE,
    KINDS,
    MONSTER_KIND,
    NORMAL_WINDOW,
    NUM_MARKS,
    SET_DOWN_ANGLE_STEP,
    SET_DOWN_SPACING,
    START_LAYOUT,
    Point,
    Polygon,
    polygon_area,
)

Pose = tuple[int, float, float, float]
"""A monster on the arena: (monster number, x, y, angle in radians)."""


def place(parts: Sequence[Polygon], x: float, y: float, angle: float) -> list[Polygon]:
    """The parts of an outline turned by ``angle`` and moved to (x, y)."""
    c = math.cos(angle)
    s = math.sin(angle)
    return [tuple((x + c * px - s * py, y + s * px + c * py) for px, py in part) for part in parts]


def place_kind(kind: int, x: float, y: float, angle: float) -> list[Polygon]:
    """A kind's outline placed at a pose."""
    return place(KINDS[kind].parts, x, y, angle)


def box(cx: float, cy: float, angle: float, length: float, width: float) -> Polygon:
    """A rectangle centred on (cx, cy), ``length`` along ``angle`` and ``width`` across, counter-clockwise."""
    hl, hw = length / 2.0, width / 2.0
    return place([((-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw))], cx, cy, angle)[0]


def separation(a: Polygon, b: Polygon) -> float:
    """Separating-axis test of two convex polygons.

    Returns the largest gap along any edge normal of either: positive means the polygons are apart (by
    at least that much; it is the distance when the nearest features are an edge and a corner), negative
    means they overlap and its size is the penetration depth.
    """
    best = -math.inf
    for poly, other in ((a, b), (b, a)):
        n = len(poly)
        for i in range(n):
            x0, y0 = poly[i]
            x1, y1 = poly[(i + 1) % n]
            nx, ny = y1 - y0, x0 - x1  # outward normal of a counter-clockwise polygon
            length = math.hypot(nx, ny)
            if length == 0.0:
                continue
            nx /= length
            ny /= length
            edge = x0 * nx + y0 * ny
            gap = min(px * nx + py * ny for px, py in other) - edge
            if gap > best:
                best = gap
    return best


def overlap(a: Polygon, b: Polygon) -> bool:
    """True if two convex polygons overlap (touching is not overlapping); stops at the first separating axis."""
    for poly, other in ((a, b), (b, a)):
        n = len(poly)
        for i in range(n):
            x0, y0 = poly[i]
            x1, y1 = poly[(i + 1) % n]
            nx, ny = y1 - y0, x0 - x1
            edge = x0 * nx + y0 * ny
            if min(px * nx + py * ny for px, py in other) >= edge:
                return False
    return True


def outline_separation(a: Sequence[Polygon], b: Sequence[Polygon]) -> float:
    """The smallest :func:`separation` between any part of ``a`` and any part of ``b``."""
    return min(separation(p, q) for p in a for q in b)


def _segments_cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """True if segments pq and rs properly cross (touching at an end does not count)."""
    d1 = (s[0] - r[0]) * (p[1] - r[1]) - (s[1] - r[1]) * (p[0] - r[0])
    d2 = (s[0] - r[0]) * (q[1] - r[1]) - (s[1] - r[1]) * (q[0] - r[0])
    d3 = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    d4 = (q[0] - p[0]) * (s[1] - p[1]) - (q[1] - p[1]) * (s[0] - p[0])
    return ((d1 > 0.0) != (d2 > 0.0)) and ((d3 > 0.0) != (d4 > 0.0)) and d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0


def clip_band(poly: Polygon, ax: float, ay: float, lo: float, hi: float) -> list[Point]:
    """The part of a convex polygon whose coordinate along unit axis (ax, ay) lies in [lo, hi]."""
    pts: list[Point] = list(poly)
    for sign, bound in ((1.0, lo), (-1.0, -hi)):
        out: list[Point] = []
        n = len(pts)
        for i in range(n):
            p = pts[i]
            q = pts[(i + 1) % n]
            dp = sign * (p[0] * ax + p[1] * ay) - bound
            dq = sign * (q[0] * ax + q[1] * ay) - bound
            if dp >= 0.0:
                out.append(p)
            if (dp >= 0.0) != (dq >= 0.0):
                t = dp / (dp - dq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        pts = out
        if not pts:
            break
    return pts


class Arena:
    """The arena outline (a simple polygon, not necessarily convex) and the questions asked of it."""

    __slots__ = ("outline", "edges", "area", "perimeter", "xmin", "xmax", "ymin", "ymax", "marks")

    def __init__(self, outline: Polygon) -> None:
        self.outline = outline
        n = len(outline)
        self.edges: tuple[tuple[float, float, float, float], ...] = tuple(
            (outline[i][0], outline[i][1], outline[(i + 1) % n][0], outline[(i + 1) % n][1]) for i in range(n)
        )
        self.area = polygon_area(outline)
        self.perimeter = sum(math.hypot(x1 - x0, y1 - y0) for x0, y0, x1, y1 in self.edges)
        xs = [p[0] for p in outline]
        ys = [p[1] for p in outline]
        self.xmin, self.xmax, self.ymin, self.ymax = min(xs), max(xs), min(ys), max(ys)
        self.marks: tuple[tuple[float, float, float], ...] = tuple(self._mark(i) for i in range(NUM_MARKS))

    # --- points ----------------------------------------------------------------------------------------
    def contains(self, x: float, y: float) -> bool:
        """True if (x, y) is over the arena (even-odd rule; a point exactly on the edge may go either way)."""
        if x < self.xmin or x > self.xmax or y < self.ymin or y > self.ymax:
            return False
        inside = False
        for x0, y0, x1, y1 in self.edges:
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside

    def edge_distance(self, x: float, y: float) -> float:
        """The distance from (x, y) to the arena's edge."""
        best = math.inf
        for x0, y0, x1, y1 in self.edges:
            dx, dy = x1 - x0, y1 - y0
            t = ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            d = math.hypot(x - x0 - t * dx, y - y0 - t * dy)
            if d < best:
                best = d
        return best

    def nearest_edge_point(self, x: float, y: float) -> tuple[float, float, float]:
        """The point of the edge nearest (x, y) and its arc position from the first corner: (x, y, s)."""
        best = (math.inf, 0.0, 0.0, 0.0)
        s0 = 0.0
        for x0, y0, x1, y1 in self.edges:
            dx, dy = x1 - x0, y1 - y0
            length = math.hypot(dx, dy)
            t = ((x - x0) * dx + (y - y0) * dy) / (length * length)
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            px, py = x0 + t * dx, y0 + t * dy
            d = math.hypot(x - px, y - py)
            if d < best[0]:
                best = (d, px, py, s0 + t * length)
            s0 += length
        return best[1], best[2], best[3]

    # --- the edge as a path -------------------------------------------------------------------------------
    def point_at(self, s: float) -> tuple[float, float, float, float]:
        """The edge point at arc length ``s`` from the first corner, and its edge's outward normal: (x, y, nx, ny)."""
        s %= self.perimeter
        for x0, y0, x1, y1 in self.edges:
            length = math.hypot(x1 - x0, y1 - y0)
            if s <= length:
                t = s / length
                return x0 + t * (x1 - x0), y0 + t * (y1 - y0), (y1 - y0) / length, (x0 - x1) / length
            s -= length
        x0, y0, x1, y1 = self.edges[-1]
        length = math.hypot(x1 - x0, y1 - y0)
        return x1, y1, (y1 - y0) / length, (x0 - x1) / length

    def inward_heading(self, s: float) -> float:
        """The inward direction at arc length ``s``: the outward normals averaged over a window, reversed.

        Averaging over ``normal_window`` dm of outline keeps a push from a corner pointing sensibly inward
        instead of along whichever edge the corner happens to belong to.
        """
        nx = ny = 0.0
        samples = 9
        for i in range(samples):
            _, _, ex, ey = self.point_at(s + NORMAL_WINDOW * (i / (samples - 1) - 0.5))
            nx += ex
            ny += ey
        return math.atan2(-ny, -nx)

    def _mark(self, index: int) -> tuple[float, float, float]:
        s = self.perimeter * index / NUM_MARKS
        x, y, _, _ = self.point_at(s)
        return x, y, self.inward_heading(s)

    # --- polygons -------------------------------------------------------------------------------------------
    def holds(self, poly: Polygon) -> bool:
        """True if the convex polygon lies entirely over the arena (corners inside, no edge crossing)."""
        for x, y in poly:
            if not self.contains(x, y):
                return False
        n = len(poly)
        for i in range(n):
            p = poly[i]
            q = poly[(i + 1) % n]
            for x0, y0, x1, y1 in self.edges:
                if _segments_cross(p, q, (x0, y0), (x1, y1)):
                    return False
        return True

    def holds_all(self, parts: Sequence[Polygon]) -> bool:
        """True if every part lies entirely over the arena (a monster fully on it, rule PM-6.1)."""
        return all(self.holds(p) for p in parts)


ARENA = Arena(ARENA_OUTLINE)
"""The one arena of the game (from arena.toml)."""


def fully_inside(kind: int, x: float, y: float, angle: float) -> bool:
    """True if a monster of ``kind`` at this pose lies entirely over the arena (rule PM-6.1).

    A monster whose centre is over the arena and farther from the edge than its bounding radius is
    inside without looking at its outline; only monsters near the edge need the full test.
    """
    if not ARENA.contains(x, y):
        return False
    if ARENA.edge_distance(x, y) > KINDS[kind].radius:
        return True
    return ARENA.holds_all(place_kind(kind, x, y, angle))


def _core(kind: int) -> float:
    """The radius of a disc about the centre of mass that lies inside the monster's outline (0 if none does)."""
    best = 0.0
    for part in KINDS[kind].parts:
        n = len(part)
        gaps = []
        for i in range(n):
            (x0, y0), (x1, y1) = part[i], part[(i + 1) % n]
            # distance of the origin inside the edge's line (positive: on the inner side of a ccw edge)
            gaps.append((x0 * y1 - x1 * y0) / math.hypot(x1 - x0, y1 - y0))
        best = max(best, min(gaps))
    return best


_CORES = tuple(_core(k.index) for k in KINDS)


def _grid(spacing: float) -> tuple[tuple[float, float, float], ...]:
    """The points of a square grid over the arena, ``spacing`` apart, that lie over it, with their edge distance."""
    out = []
    i0, i1 = math.floor(ARENA.xmin / spacing), math.ceil(ARENA.xmax / spacing)
    j0, j1 = math.floor(ARENA.ymin / spacing), math.ceil(ARENA.ymax / spacing)
    for j in range(j0, j1 + 1):
        for i in range(i0, i1 + 1):
            x, y = i * spacing, j * spacing
            if ARENA.contains(x, y):
                out.append((x, y, ARENA.edge_distance(x, y)))
    return tuple(out)


_SET_DOWN_GRID = _grid(SET_DOWN_SPACING)


def fits(kind: int, x: float, y: float, angle: float, others: Sequence[Pose], clearance: float = 0.0) -> bool:
    """True if a monster of ``kind`` at this pose lies fully on the arena and at least ``clearance`` from ``others``."""
    if not fully_inside(kind, x, y, angle):
        return False
    mine = place_kind(kind, x, y, angle)
    reach = KINDS[kind].radius + clearance
    for m, ox, oy, oa in others:
        other = KINDS[MONSTER_KIND[m]]
        limit = reach + other.radius
        if (ox - x) ** 2 + (oy - y) ** 2 > limit * limit:
            continue
        theirs = place_kind(other.index, ox, oy, oa)
        if clearance > 0.0:
            if outline_separation(mine, theirs) < clearance:
                return False
        elif any(overlap(p, q) for p in mine for q in theirs):
            return False
    return True


def free_place(kind: int, others: Sequence[Pose], near: Point, angle: float) -> tuple[float, float, float] | None:
    """The free place fully on the arena nearest ``near`` for a monster of ``kind`` (rule PM-6.6), or ``None``.

    Grid points ``set_down.spacing`` apart are tried nearest first (ties by grid order), each with the
    monster turned ``angle``, then ``angle`` plus each ``set_down.angle_step``; the first pose that lies
    fully on the arena without overlapping ``others`` is the answer. Points too near the edge or too near
    another monster's centre for the discs inside both outlines are skipped without a polygon test. Pure
    Python on floats: the same answer on every machine.
    """
    nx, ny = near
    core = _CORES[kind]
    cores = [(ox, oy, (core + _CORES[MONSTER_KIND[m]]) ** 2) for m, ox, oy, _ in others]
    free = [
        (x, y)
        for x, y, edge in _SET_DOWN_GRID
        if edge >= core and all((x - ox) ** 2 + (y - oy) ** 2 >= r2 for ox, oy, r2 in cores)
    ]
    free.sort(key=lambda p: (p[0] - nx) ** 2 + (p[1] - ny) ** 2)
    turns = [angle + math.radians(d) for d in range(0, 360, SET_DOWN_ANGLE_STEP)]
    for x, y in free:
        for a in turns:
            if fits(kind, x, y, a, others):
                return x, y, math.remainder(a, math.tau)
    return None


def _check_start_layout() -> None:
    """Fail loudly at import if the fixed start layout does not lie fully on the arena, apart (rule PM-2.1)."""
    placed: list[Pose] = []
    for i, (kind, x, y, a) in enumerate(START_LAYOUT):
        if not fits(kind, x, y, a, placed):
            raise ValueError(f"arena.toml: start monster {i + 1} of the layout is off the arena or on another one.")
        placed.append((next(m for m in range(len(MONSTER_KIND)) if MONSTER_KIND[m] == kind), x, y, a))


_check_start_layout()
