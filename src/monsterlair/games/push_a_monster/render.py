"""PNG pictures of Push a Monster positions (for docs and debugging), drawn with Pillow from a view.

It reads only a view (``state.view(seat)``), like the terminal renderer, so a picture can never show more
than that seat may know. Optionally it overlays the motion of a push or nudge: pass the ``frames`` of its
event and each moving monster's path is drawn as a line, with the small pusher's path dashed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from monsterlair.core.words import seat_label
from monsterlair.games.push_a_monster.words import monster_number

BACKGROUND = (245, 240, 230)
BOARD = (206, 186, 150)
BOARD_EDGE = (110, 86, 60)
INK = (30, 30, 30)
MARK = (20, 110, 130)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def picture(view: Mapping[str, Any], *, scale: float = 220.0, frames: Mapping[str, Any] | None = None) -> Image.Image:
    """The position as a Pillow image: ``scale`` pixels per decimetre, the legend below the arena."""
    outline = view["arena"]["outline"]
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    margin = 0.45
    x0, x1 = min(xs) - margin, max(xs) + margin
    y0, y1 = min(ys) - margin, max(ys) + margin
    legend = 24 + 18 * (2 + int(view["players"]))
    width = int((x1 - x0) * scale)
    height = int((y1 - y0) * scale) + legend
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)

    def px(p: Sequence[float]) -> tuple[float, float]:
        return (p[0] - x0) * scale, (y1 - p[1]) * scale

    draw.polygon([px(p) for p in outline], fill=BOARD, outline=BOARD_EDGE, width=3)
    for mark in view["arena"]["marks"]:
        a = math.radians(mark["angle"])
        at = (mark["x"] - math.cos(a) * 0.2, mark["y"] - math.sin(a) * 0.2)
        cx, cy = px(at)
        draw.text((cx - 4, cy - 6), mark["label"], fill=MARK)
    kinds = {k["id"]: k for k in view["kinds"]}
    for m in view["monsters"]:
        colour = _rgb(kinds[m["kind"]]["rgb"])
        edge = (255, 255, 255) if m["active"] else INK
        for part in m["outline"]:
            draw.polygon([px(p) for p in part], fill=colour, outline=edge, width=3 if m["active"] else 1)
        cx, cy = px((m["x"], m["y"]))
        draw.text((cx - 6, cy - 6), monster_number(m["id"]), fill=INK if not m["active"] else (255, 255, 255))
        if not m["inside"]:
            draw.ellipse((cx - 3, cy + 8, cx + 3, cy + 14), fill=(200, 0, 0))
    if frames is not None:
        for track in frames.get("monsters", []):
            points = [px(p[1:3]) for p in track["track"]]
            if len(points) > 1:
                draw.line(points, fill=INK, width=2)
        pusher = [px(p[1:3]) for p in frames.get("pusher", [])]
        for i in range(0, len(pusher) - 1, 2):
            draw.line(pusher[i : i + 2], fill=MARK, width=2)
    # the legend: die, phase, supply, lines
    top = height - legend + 8
    for i, line in enumerate(legend_lines(view)):
        draw.text((10, top + 18 * i), line, fill=INK)
    return image


def legend_lines(view: Mapping[str, Any]) -> list[str]:
    """The text under the picture: the turn, die and phase; the supply; then each player's line and tokens,
    players named as the board names them ("Player 1" for the first)."""
    face = view["die"]["face"]
    active = view["active"]
    head = f"turn {view['turn'] + 1}   die: {face if face is not None else '-'}   phase: {view['phase']}"
    if active is not None:
        head += f"   pushing #{active['monster']} ({active['kind']})"
    supply = "   ".join(f"{k}: {n}" for k, n in view["supply"].items())
    lines = [head, f"supply   {supply}"]
    winners = set(view["result"]["winners"]) if view["result"] else set()
    for s in range(view["players"]):
        held = ", ".join(f"{n} {k}" for k, n in view["tokens"][s].items() if n) or "no tokens"
        star = "  (wins)" if s in winners else ""
        lines.append(f"{seat_label(s)}: line {view['lines'][s]}  ({held}){star}")
    return lines


def write_png(view: Mapping[str, Any], path: str | Path, *, scale: float = 220.0, frames: Any = None) -> Path:
    """Write the position as a PNG file and return its path."""
    out = Path(path)
    picture(view, scale=scale, frames=frames).save(out, format="PNG")
    return out
