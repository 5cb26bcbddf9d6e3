"""Terminal rendering of a Push a Monster view: the arena drawn top-down on a character grid (rich markup).

Each character cell is about twice as tall as it is wide, so a cell covers ``CELL_X`` dm across and
``CELL_Y`` (about twice that) up. A cell shows the monster whose outline covers its centre (the kind's
letter in its colour; capitals for the monster being pushed), ``·`` for bare arena, ``#`` for arena
cells on the edge, and the entry marks' letters around the outside. It reads only the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

CELL_X = 0.06
CELL_Y = 0.125
MARGIN = 0.35


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
    cols = int((x1 - x0) / CELL_X) + 1
    rows = int((y1 - y0) / CELL_Y) + 1
    kinds = {k["id"]: k for k in view["kinds"]}

    def centre(c: int, r: int) -> tuple[float, float]:
        return x0 + (c + 0.5) * CELL_X, y1 - (r + 0.5) * CELL_Y

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
            c_lo = max(0, int((min(pxs) - x0) / CELL_X))
            c_hi = min(cols - 1, int((max(pxs) - x0) / CELL_X))
            r_lo = max(0, int((y1 - max(pys)) / CELL_Y))
            r_hi = min(rows - 1, int((y1 - min(pys)) / CELL_Y))
            for r in range(r_lo, r_hi + 1):
                for c in range(c_lo, c_hi + 1):
                    if _inside(*centre(c, r), part):
                        cells[r][c] = (letter, style)
                        drawn = True
        if not drawn:  # too small to cover a cell centre: show it where its centre of mass is
            c = min(cols - 1, max(0, int((m["x"] - x0) / CELL_X)))
            r = min(rows - 1, max(0, int((y1 - m["y"]) / CELL_Y)))
            cells[r][c] = (letter, style)
    for mark in view["arena"]["marks"]:
        import math

        a = math.radians(mark["angle"])
        mx = mark["x"] - math.cos(a) * 0.18
        my = mark["y"] - math.sin(a) * 0.18
        c = min(cols - 1, max(0, int((mx - x0) / CELL_X)))
        r = min(rows - 1, max(0, int((y1 - my) / CELL_Y)))
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


def render(view: Mapping[str, Any], seat: int | None) -> str:
    """The whole view as terminal text with rich markup: the arena, the die, the supply and the lines."""
    kinds = {k["id"]: k for k in view["kinds"]}

    def name(kind_id: str) -> str:
        k = kinds[kind_id]
        return f"[bold {k['colour']}]{k['id']} {k['name']} ({k['letter']})[/bold {k['colour']}]"

    lines = _markup(grid(view))
    lines.append("")
    face = view["die"]["face"]
    die = "not rolled" if face is None else ("?" if face == "?" else name(face))
    lines.append(f"Turn {view['turn'] + 1} · die: {die}")
    active = view["active"]
    if view["over"]:
        result = view["result"]
        why = {"kind_exhausted": "the die showed a kind that has run out", "supply_empty": "the supply is empty"}
        lines.append(f"[bold]Game over[/bold]: {why.get(result['termination'], result['termination'])}.")
        winners = ", ".join(f"seat {s}" for s in result["winners"])
        lines.append(f"Longest line: {winners}.")
    elif view["phase"] == "choose":
        lines.append(f"Seat {view['to_move']} rolled '?': choose one of " + ", ".join(name(k) for k in view["tied"]))
    elif active is not None:
        where = "on the large pusher" if active["where"] == "pusher" else "sticking out over the edge"
        lines.append(f"Seat {view['to_move']} pushes {name(active['kind'])} #{active['monster']}, {where}.")
        if view["phase"] == "push":
            lines.append(
                "[dim]push MARK \\[turn=deg] \\[depth=dm] (marks A.. around the arena), or push x= y= angle= depth=; "
                f"attempts left {active['attempts_left']}[/dim]"
            )
        else:
            lines.append(f"[dim]nudge angle=deg \\[offset=dm] \\[dist=dm]; nudges left {active['nudges_left']}[/dim]")
    supply = ", ".join(f"{name(k)} {n}" for k, n in view["supply"].items())
    lines.append(f"Supply: {supply}")
    for s in range(view["players"]):
        held = ", ".join(f"{n} {k}" for k, n in view["tokens"][s].items() if n) or "no tokens"
        you = " (you)" if seat == s else ""
        turn = " ◀" if view["to_move"] == s else ""
        lines.append(f"Seat {s}{you}: line {view['lines'][s]} [dim]({held})[/dim]{turn}")
    return "\n".join(lines)
