"""Replayable records of simulated games: every game, or the ones worth a look (``sim --records DIR``).

A balance report says *that* something is odd; a record shows *how*. The outliers kept are the longest and shortest
games (in moves, as players count them and the replay numbers them), every game cut by a safety cap and the most
lopsided games (largest score margin). Each record is the contract's record (``State.record()``), so
``monsterlair replay FILE`` steps through it, ``monsterlair replay FILE --web`` opens it in a running server's web
replay viewer (as does the lobby's "Open a saved game"); ``DIR/records.json`` lists what was kept and why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from monsterlair.sim.stats import moves_of
from monsterlair.sim.usage import margin

PER_KIND = 3
"""Outliers kept of each kind (longest, shortest, most lopsided); capped games: up to ``MAX_CAPPED``."""
MAX_CAPPED = 10
KEEP = ("outliers", "all")
INDEX_FILE = "records.json"


def outliers(results: Sequence[Mapping[str, Any]]) -> dict[int, list[str]]:
    """The games worth a look, by game index, each with why: ``longest``, ``shortest``, ``capped``,
    ``most lopsided`` (finished games only; a game may be kept for several reasons)."""
    finished = [r for r in results if not r.get("error")]
    why: dict[int, list[str]] = {}

    def keep(items: Sequence[Mapping[str, Any]], reason: str) -> None:
        for r in items:
            why.setdefault(int(r["index"]), []).append(reason)

    by_length = sorted(finished, key=lambda r: (moves_of(r), int(r["index"])))
    keep(by_length[::-1][:PER_KIND], "longest")
    keep(by_length[:PER_KIND], "shortest")
    keep([r for r in finished if r["capped"]][:MAX_CAPPED], "capped")
    scored = [(m, r) for r in finished if (m := margin(r)) is not None and m > 0]
    scored.sort(key=lambda mr: (-mr[0], int(mr[1]["index"])))
    keep([r for _, r in scored[:PER_KIND]], "most lopsided")
    return dict(sorted(why.items()))


def file_name(index: int) -> str:
    """The record file of game ``index`` (its number, from 1, as the results file, the reports and messages
    give it) inside the records directory: ``game-1.json``."""
    return f"game-{index}.json"


def write_records(
    directory: Path, results: Sequence[Mapping[str, Any]], records: Mapping[int, Mapping[str, Any]], keep: str
) -> list[dict[str, Any]]:
    """Write the records of ``keep`` (``"all"`` or ``"outliers"``) games into ``directory`` and the index of them
    (``records.json``); the index entries (``index``: the game's number, from 1, ``seed``, ``variant``, ``why``,
    ``moves``: its length in moves, as its replay counts them, ``margin``, ``file``, ``replay``: the command that
    steps through it, ``web``: the command that opens it in a running server's web replay viewer).
    Games whose record is missing (resumed from an earlier run) are skipped.

    Raises:
        ValueError: for an unknown ``keep``.
        OSError: if the files cannot be written.
    """
    if keep not in KEEP:
        raise ValueError(f"keep is one of {', '.join(KEEP)}, not {keep!r}")
    chosen = outliers(results) if keep == "outliers" else {int(r["index"]): [] for r in results if not r.get("error")}
    by_index = {int(r["index"]): r for r in results}
    directory.mkdir(parents=True, exist_ok=True)
    index: list[dict[str, Any]] = []
    for number, why in chosen.items():
        record = records.get(number)
        if record is None:
            continue
        path = directory / file_name(number)
        path.write_text(json.dumps(record, separators=(",", ":"), allow_nan=False), encoding="utf-8")
        result = by_index[number]
        index.append(
            {
                "index": number,
                "seed": result["seed"],
                "variant": result.get("variant", ""),
                "why": why,
                "moves": moves_of(result),
                "margin": margin(result),
                "file": str(path),
                "replay": f"monsterlair replay {path}",
                "web": f"monsterlair replay {path} --web",
            }
        )
    (directory / INDEX_FILE).write_text(json.dumps(index, indent=1), encoding="utf-8")
    return index
