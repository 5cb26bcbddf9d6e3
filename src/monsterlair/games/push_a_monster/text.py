"""Terminal rendering of a Push a Monster view: the arena drawn top-down on a character grid (rich markup).

Each character cell is about twice as tall as it is wide, so a cell covers ``CELL_X`` dm across and
``CELL_Y`` (about twice that) up — coarser when the arena would need more than ``MAX_ROWS`` rows, so the
board and the menu fit a 50-line terminal. A cell shows the monster whose outline covers its centre (the
kind's letter in its colour; capitals for the monster being pushed), with the monster's number written
over its middle (counted from 1, as the log names it: ``words.monster_number``), ``·`` for bare arena,
``#`` for arena cells on the edge, and the entry marks' letters around the outside. It reads only the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from monsterlair.core.words import Voice, capitalise
from monsterlair.games.push_a_monster.spec import DEFAULT_DEPTH, DEFAULT_NUDGE
from monsterlair.games.push_a_monster.words import (
    cm,
    direction,
    line_words,
    monster_number,
    supply_words,
    token_widths,
    tries_words,
)

CELL_X = 0.06
CELL_Y = 0.125
MARGIN = 0.35
MAX_ROWS = 20
"""The most rows the arena drawing takes; a larger arena is drawn with coarser cells."""


def cell_size(view: Mapping[str, Any]) -> tuple[float, float]:
    """The (width, height) in dm one character cell covers for this arena."""
    ys = [p[1] for p in view["arena"]["outline"]]
    height = max(ys) - min(ys) + 2 * MARGIN
    scale = max(1.0, height / (CELL_Y * MAX_ROWS))
    return CELL_X * scale, CELL_Y * scale


def _inside(px: float, py: float, poly: Sequence[Sequence[float]]) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i][0], poly[i][1]
        x1, y1 = poly[(i + 1) % n][0], poly[(i + 1) % n][1]
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def grid(view: Mapping[str, Any]) -> list[list[tuple[str, str]]]:
    """The arena as rows of (character, rich style) cells, top row first (no markup yet)."""
    outline = view["arena"]["outline"]
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    x0, x1 = min(xs) - MARGIN, max(xs) + MARGIN
    y0, y1 = min(ys) - MARGIN, max(ys) + MARGIN
    cell_x, cell_y = cell_size(view)
    cols = int((x1 - x0) / cell_x) + 1
    rows = int((y1 - y0) / cell_y) + 1
    kinds = {k["id"]: k for k in view["kinds"]}

    def centre(c: int, r: int) -> tuple[float, float]:
        return x0 + (c + 0.5) * cell_x, y1 - (r + 0.5) * cell_y

    on = [[_inside(*centre(c, r), outline) for c in range(cols)] for r in range(rows)]
    cells: list[list[tuple[str, str]]] = []
    for r in range(rows):
        row: list[tuple[str, str]] = []
        for c in range(cols):
            if not on[r][c]:
                row.append((" ", ""))
            elif any(
                not (0 <= rr < rows and 0 <= cc < cols and on[rr][cc])
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            ):
                row.append(("#", "grey50"))
            else:
                row.append(("·", "grey35"))
        cells.append(row)
    for m in view["monsters"]:
        kind = kinds[m["kind"]]
        letter = kind["letter"].upper() if m["active"] else kind["letter"]
        style = f"bold {kind['colour']}" + (" reverse" if m["active"] else "")
        drawn = False
        for part in m["outline"]:
            pxs = [p[0] for p in part]
            pys = [p[1] for p in part]
            c_lo = max(0, int((min(pxs) - x0) / cell_x))
            c_hi = min(cols - 1, int((max(pxs) - x0) / cell_x))
            r_lo = max(0, int((y1 - max(pys)) / cell_y))
            r_hi = min(rows - 1, int((y1 - min(pys)) / cell_y))
            for r in range(r_lo, r_hi + 1):
                for c in range(c_lo, c_hi + 1):
                    if _inside(*centre(c, r), part):
                        cells[r][c] = (letter, style)
                        drawn = True
        c = min(cols - 1, max(0, int((m["x"] - x0) / cell_x)))
        r = min(rows - 1, max(0, int((y1 - m["y"]) / cell_y)))
        if not drawn:  # too small to cover a cell centre: show it where its centre of mass is
            cells[r][c] = (letter, style)
        number = monster_number(m["id"])  # written over the monster's middle, so "the orange Mammoth #21" can be found
        for i, digit in enumerate(number):
            cc = c - len(number) // 2 + i
            if 0 <= cc < cols:
                cells[r][cc] = (digit, f"bold {kind['colour']} reverse")
    for mark in view["arena"]["marks"]:
        import math

        a = math.radians(mark["angle"])
        mx = mark["x"] - math.cos(a) * 0.18
        my = mark["y"] - math.sin(a) * 0.18
        c = min(cols - 1, max(0, int((mx - x0) / cell_x)))
        r = min(rows - 1, max(0, int((y1 - my) / cell_y)))
        if cells[r][c][0] == " ":
            cells[r][c] = (mark["label"], "bold cyan")
    return cells


def _markup(cells: list[list[tuple[str, str]]]) -> list[str]:
    lines = []
    for row in cells:
        out = []
        for ch, style in row:
            out.append(f"[{style}]{ch}[/{style}]" if style else ch)
        lines.append("".join(out).rstrip())
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    return lines


def plain(view: Mapping[str, Any]) -> str:
    """The arena drawing alone, without markup (for logs and tests)."""
    return "\n".join("".join(ch for ch, _ in row).rstrip() for row in grid(view)).strip("\n")


def help_text() -> str:
    """How to read the board and type a push (the terminal's ``help``; rules PM-4.2, PM-4.3, PM-6.2)."""
    return "\n".join(
        [
            "Push a Monster in the terminal:",
            "  Units: the menus, the log and the messages give lengths in centimetres",
            "  (cm), as the printed pieces and the browser do; what you type is in",
            "  decimetres (dm; 1 dm = 10 cm): 'depth=0.9' is 9 cm. x grows to the right",
            "  (east), y upwards (north); the arena's centre is x=0, y=0.",
            f"  Grid: one character is about {cm(CELL_X)} ({CELL_X:.2f} dm) across and",
            f"  {cm(CELL_Y)} ({CELL_Y:.3f} dm) up (coarser for a large arena). Letters are",
            "  monsters by kind (capitals: the one being pushed); the number over a",
            "  monster is its number, as the log names it; # is the arena's edge;",
            "  A to P around it are the entry marks.",
            "  Angles: degrees counter-clockwise from east: 0 points right (east), 90",
            "  up (north), 180 left (west), 270 down (south). A push's angle is its",
            "  heading, the way it pushes.",
            "  'push C' pushes from mark C straight in; 'push C turn=-20' turns that",
            "  heading 20 degrees clockwise.",
            "  Depth: how far the small pusher pushes the monster along the heading,",
            f"  typed in dm ({DEFAULT_DEPTH / 100:.2f} = {cm(DEFAULT_DEPTH / 100)} by default). A nudge moves it",
            f"  dist dm ({DEFAULT_NUDGE / 100:.2f} = {cm(DEFAULT_NUDGE / 100)} by default) along its angle,",
            "  offset dm to the left of its centre (negative: right).",
            "  Shove: 'shove #7 angle=90' shoves monster #7, the number drawn on it;",
            "  offset and dist as for a nudge.",
            "  Tokens: a line's length is the sum of its tokens' widths, in token units",
            f"  ({token_widths()}).",
            "  Menu numbers stay the same from turn to turn. 'menu' shows the choices",
            "  again, 'board' the board alone.",
        ]
    )


def render(view: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """The whole view as terminal text with rich markup: the arena, the die, the supply and the lines."""
    v = Voice(names, seat)
    kinds = {k["id"]: k for k in view["kinds"]}

    def name(kind_id: str) -> str:
        k = kinds[kind_id]
        return f"[bold {k['colour']}]{k['id']} {k['name']} ({k['letter']})[/bold {k['colour']}]"

    lines = _markup(grid(view))
    lines.append("")
    face = view["die"]["face"]
    die = "not rolled" if face is None else ("?" if face == "?" else name(face))
    # the start monsters are set down before turn 1 (PM-2.2): the set-up, as the log and the replays call it
    when = "Set-up" if view["phase"] == "setup" else f"Turn {view['turn'] + 1}"
    lines.append(f"{when} · die: {die}")
    active = view["active"]
    if view["phase"] == "setup":
        setup = view["setup"]
        lines.append(
            f"{escape(v.says(view['to_move'], 'set'))} a start monster down: the {name(setup['kind'])} "
            f"#{monster_number(setup['monster'])} ({setup['left']} still to place)."
        )
        lines.append(
            "[dim]Type a number from the menu, or for example 'place x=0.25 y=-0.50 angle=90': the spot from "
            f"the arena's centre in decimetres (0.25 dm = {cm(0.25)}), x to the right, y up, turned 90°; "
            "fully on the arena, touching no other monster.[/dim]"
        )
    elif view["phase"] == "choose":
        lines.append(
            f"{escape(v.says(view['to_move'], 'roll'))} '?': choose one of " + ", ".join(name(k) for k in view["tied"])
        )
    elif active is not None:
        where = "on the large pusher" if active["where"] == "pusher" else "sticking out over the edge"
        who = escape(v.says(view["to_move"], "push"))
        lines.append(f"{who} the {name(active['kind'])} #{monster_number(active['monster'])}, {where}.")
        if view["phase"] == "push":
            lines.append(
                "[dim]Type a number from the menu, or for example 'push C' to push from mark C (the letters round "
                f"the arena); add 'turn=-20' to turn the push 20 degrees clockwise, 'depth=0.9' to push it {cm(0.9)} "
                f"deep (typed lengths are in decimetres: 0.9 dm = {cm(0.9)}), 'facing=90' to turn the monster on "
                "the pusher ('help' tells more).[/dim]"
            )
        else:
            lines.append(
                "[dim]Type a number from the menu, or for example 'nudge angle=120' to nudge it toward "
                f"{direction(120)}; add 'dist=0.2' to nudge it {cm(0.2)}, "
                f"'offset=0.1' to hit it {cm(0.1)} left of its centre (typed lengths are in decimetres: "
                f"0.1 dm = {cm(0.1)}).[/dim]"
            )
        lines.append(
            "[dim]Or 'shove #7 angle=90' to shove monster #7 on the arena (the number drawn on it) "
            f"toward {direction(90)}. "
            f"{capitalise(tries_words(active['tries_left']))}.[/dim]"
        )
    supply = ", ".join(
        f"{name(k)} {n}" if n else f"{name(k)}: {supply_words(0, bool(view['over']))}"
        for k, n in view["supply"].items()
    )
    lines.append(f"Supply: {supply}")
    for s in range(view["players"]):
        held = ", ".join(f"{n} {k}" for k, n in view["tokens"][s].items() if n)
        you = " (you)" if seat == s else ""
        turn = " ◀" if view["to_move"] == s else ""
        line = line_words(view["lines"][s]) + (f" [dim]({held})[/dim]" if held else "" if view["over"] else " yet")
        lines.append(f"{escape(v.name(s))}{you}: {line}{turn}")
    return "\n".join(lines)
