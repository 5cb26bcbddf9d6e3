"""Side-by-side ``monsterlair bench``: an earlier revision against the working tree, in one run (docs/performance.md).

    .venv/bin/python scripts/bench_compare.py --base main monstra monster-club -p 2 --rounds 5
    .venv/bin/python scripts/bench_compare.py --base 39d9150 --rounds 5 --json -- monster-smash --seconds 1

The base revision's ``src`` is exported with ``git archive`` into a temporary folder and put first on
``PYTHONPATH``; the working tree runs through the installed (editable) package. The measuring code
(``sim/bench.py``, ``cli/bench.py`` and the reference engine ``sim/smash_reference.py``) is the working
tree's on both sides, copied over the export, so both sides are timed alike (and options such as
``--clock cpu`` work against older revisions). Each round runs
``monsterlair bench --json`` once for each side, the order alternating from round to round, so a burst of
load from other work hits both sides alike. Every figure is the median of the per-round medians, next to
the ratio working tree / base; the one-minute load average at the start of every run is listed, since on
a busy machine only such a side-by-side comparison means anything.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

FIGURES = (
    "decisions_per_s",
    "games_per_s",
    "clone_us",
    "ismcts_iterations_per_s",
    "reference_decisions_per_s",
    "vs_reference",
)
"""The figures compared; a game without a reference engine has no ``reference_*`` or ``vs_reference``."""
ROOT = Path(__file__).resolve().parent.parent


HARNESS = (
    "src/monsterlair/sim/bench.py",
    "src/monsterlair/sim/smash_reference.py",
    "src/monsterlair/cli/bench.py",
)
"""The measuring code, taken from the working tree for both sides."""


def export(revision: str, into: Path) -> Path:
    """The ``src`` folder of ``revision``, exported into ``into``, with the working tree's measuring code."""
    archive = subprocess.run(["git", "archive", revision, "src"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    for path in HARNESS:
        shutil.copyfile(ROOT / path, into / path)
    return into / "src"


def bench(bench_args: list[str], pythonpath: Path | None) -> dict[str, Any]:
    """One ``monsterlair bench --json`` run, in a fresh interpreter."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    command = [sys.executable, "-c", "from monsterlair.cli import main; main()", "bench", *bench_args, "--json"]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    data: dict[str, Any] = json.loads(out)
    return data


def compare(base: str, rounds: int, bench_args: list[str]) -> dict[str, Any]:
    """Medians per side and figure, their ratios, and every run's load average."""
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "tree": []}
    loads: list[float | None] = []
    with tempfile.TemporaryDirectory(prefix="bench-base-") as tmp:
        base_src = export(base, Path(tmp))
        for r in range(rounds):
            for side in ("base", "tree") if r % 2 == 0 else ("tree", "base"):
                data = bench(bench_args, base_src if side == "base" else None)
                loads.append(data["machine"]["load_avg_1m"])
                runs[side].append({g["game"]: g for g in data["games"]})
    games: dict[str, dict[str, Any]] = {}
    for game in runs["tree"][0]:
        row: dict[str, Any] = {}
        for key in FIGURES:
            if any(run[game].get(key) is None for run in runs["base"] + runs["tree"]):
                continue
            b = statistics.median(run[game][key] for run in runs["base"])
            t = statistics.median(run[game][key] for run in runs["tree"])
            row[key] = {"base": b, "tree": t, "ratio": t / b if b else None}
        games[game] = row
    return {"base": base, "rounds": rounds, "bench_args": bench_args, "load_avg_1m": loads, "games": games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="main", help="the git revision to compare against (default: main)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each side, alternating (default: 5)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a Markdown table")
    args, bench_args = parser.parse_known_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    bench_args = [a for a in bench_args if a != "--"]
    out = compare(args.base, args.rounds, bench_args)
    if args.json:
        print(json.dumps(out, indent=1, allow_nan=False))
        return 0
    print(f"monsterlair bench {' '.join(bench_args)}: {args.base} against the working tree, {args.rounds} rounds\n")
    print("| game | figure | base | working tree | ratio |")
    print("|---|---|---:|---:|---:|")
    for game, row in out["games"].items():
        for key, cell in row.items():
            ratio = "" if cell["ratio"] is None else f"{cell['ratio']:.2f}×"
            print(f"| {game} | {key} | {cell['base']:,.2f} | {cell['tree']:,.2f} | {ratio} |")
    print(f"\nLoad average (1 min) at the start of each run: {', '.join(str(x) for x in out['load_avg_1m'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
