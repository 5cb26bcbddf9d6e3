"""``monsterlair bench``: engine and bot throughput per game, single-core (see docs/performance.md)."""

from __future__ import annotations

import json
import os
import platform
from typing import TYPE_CHECKING, Annotated, Any

import typer

from monsterlair.cli.common import err_console, fail, load_game

if TYPE_CHECKING:
    from monsterlair.core import Game


BENCH_HELP = (
    "Measure random-playout decisions/s and games/s, clone() time and ISMCTS iterations/s per game.\n\n"
    "For Monster Smash also the decisions/s of a tight hand-written engine of the same rules, measured "
    "alternately in the same run, and the game's engine as a fraction of it (the '÷ reference' column).\n\n"
    "--seconds bounds each figure: the ISMCTS one gives each search the time left, checked every 16 iterations, "
    "and a Push a Monster iteration plays a whole game's physics, so 'bench push-a-monster' runs about a "
    "second longer per repeat than --seconds says (docs/performance.md).\n\n"
    "With --scaling, measure instead how 'sim' scales: games/s of one batch (default: 400 Monster Smash "
    "games, greedy against random, 2 players) on 1 and 2 local worker processes and on a local Ray instance "
    "with 2 CPUs; the median of --repeats runs each.\n\n"
    "With --search-workers N, measure instead how the search scales: ISMCTS iterations per wall-clock second "
    "of searches growing N trees of 200 iterations at once in N processes (ismcts:workers=N) against one "
    "process growing one, in turns on the same positions; not pinned to a core."
)
"""``bench --help`` as plain text: one paragraph per line for the terminal to wrap, no markup."""


def bench(
    game_ids: Annotated[list[str] | None, typer.Argument(metavar="GAME", help="Games (default: all).")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds per figure per repeat.")] = 2.0,
    repeats: Annotated[int, typer.Option(help="Repeats; the median is reported.")] = 5,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Seats (default: 3 where allowed).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the playouts.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON on stdout.")] = False,
    clock: Annotated[
        str, typer.Option(help="'wall' (wall-clock seconds) or 'cpu' (the process's CPU time: for a busy machine).")
    ] = "wall",
    scaling: Annotated[
        bool, typer.Option("--scaling", help="Instead: sim games/s on 1 and 2 local workers and on Ray (2 CPUs).")
    ] = False,
    games: Annotated[int, typer.Option("--games", "-n", help="With --scaling: games per timed batch.")] = 400,
    bots: Annotated[str, typer.Option(help="With --scaling: the lineup of the batch.")] = "greedy,random",
    no_ray: Annotated[bool, typer.Option("--no-ray", help="With --scaling: leave Ray out.")] = False,
    search_workers: Annotated[
        int, typer.Option(help="Instead: ISMCTS it/s with this many processes a search against one (wall clock).")
    ] = 1,
) -> None:
    """Measure engine and bot throughput per game (the command's help: :data:`BENCH_HELP`)."""
    from rich.console import Console
    from rich.table import Table

    from monsterlair import games as registry
    from monsterlair.core import BadOptions

    if seconds <= 0 or repeats < 1:
        fail("--seconds must be above 0 and --repeats at least 1.")
    if clock not in ("wall", "cpu"):
        fail(f"--clock must be 'wall' or 'cpu', not {clock!r}.")
    if scaling:
        _scaling(game_ids, players, repeats, seed, games, bots, no_ray, as_json)
        return
    chosen = [load_game(g) for g in game_ids] if game_ids else registry.all_games()
    if players is not None:
        for game in chosen:
            try:
                game.check_setup(players)
            except BadOptions as exc:  # before anything is measured: the game's own sentence
                fail(str(exc))
    if search_workers != 1:
        if clock != "wall":
            fail("--search-workers counts wall-clock seconds (the helpers' time is not this process's CPU time).")
        _search_scaling(chosen, players, seconds, repeats, seed, search_workers, as_json)
        return
    saved = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    core = _pin_to_one_core()
    try:
        machine, figures = _measure(chosen, players, seconds, repeats, seed, core, clock)
    finally:
        if saved is not None:
            os.sched_setaffinity(0, saved)
    if as_json:
        typer.echo(json.dumps({"machine": machine, "games": figures}, indent=1, allow_nan=False))
        return
    what = "s" if clock == "wall" else "s of CPU time"
    table = Table(title=f"monsterlair bench (median of {repeats} × {seconds:g} {what}, one core)")
    columns = ["game", "players", "decisions/s", "games/s", "clone µs", "ismcts it/s"]
    with_reference = any(f["reference_decisions_per_s"] is not None for f in figures)
    if with_reference:
        columns += ["reference dec/s", "÷ reference"]
    for column in columns:
        table.add_column(column, justify="right" if column != "game" else "left")
    for f in figures:
        row = [
            f["game"],
            str(f["players"]),
            f"{f['decisions_per_s']:,.0f}",
            f"{f['games_per_s']:,.1f}",
            f"{f['clone_us']:.2f}",
            f"{f['ismcts_iterations_per_s']:,.0f}",
        ]
        if with_reference:
            reference = f["reference_decisions_per_s"]
            row += ["—", "—"] if reference is None else [f"{reference:,.0f}", f"{f['vs_reference']:.2f}×"]
        table.add_row(*row)
    console = Console(highlight=False)
    if with_reference and not console.is_terminal:
        console.width = max(console.width, 110)  # a pipe gets 80 columns, too few for the reference's two
    console.print(table)
    if with_reference:
        console.print(
            "reference: the same random playouts through a bare Monster Smash engine of the same rules, written "
            "only to measure against (it plays no games) and timed in turn with the game's; ÷ reference is the "
            "game's figure over it, the median of the repeats (docs/performance.md)."
        )
    console.print(
        f"Python {machine['python']} on {machine['machine']}, {machine['cpus']} CPUs, pinned to core {core}, "
        f"load average {machine['load_avg_1m']}. Rules: {machine['rules']}."
    )


def _scaling(
    game_ids: list[str] | None,
    players: int | None,
    repeats: int,
    seed: int,
    games: int,
    bots: str,
    no_ray: bool,
    as_json: bool,
) -> None:
    from rich.console import Console
    from rich.table import Table

    from monsterlair.bots import split_specs
    from monsterlair.core import BadOptions
    from monsterlair.sim.bench import SCALING_CONFIGS, scaling

    if game_ids and len(game_ids) > 1:
        fail("--scaling measures one game; name at most one.")
    if games < 1:
        fail("--games must be at least 1.")
    game = load_game(game_ids[0] if game_ids else "monster-smash")
    configs = tuple(c for c in SCALING_CONFIGS if not (no_ray and c.startswith("ray")))
    status = err_console().status("measuring…")
    try:
        with status:
            figures = scaling(
                game.id,
                tuple(split_specs(bots)),
                games=games,
                players=players if players is not None else 2,
                repeats=repeats,
                seed=seed,
                configs=configs,
                progress=lambda text: status.update(f"measuring {text}…"),
            )
    except (BadOptions, ValueError) as exc:
        fail(str(exc))
    figures["machine"] = _machine()
    if as_json:
        typer.echo(json.dumps(figures, indent=1, allow_nan=False))
        return
    table = Table(title=f"sim scaling: {games} {game.id} games ({', '.join(figures['bots'])}), median of {repeats}")
    for column in ("backend", "games/s", "runs"):
        table.add_column(column, justify="right" if column != "backend" else "left")
    for config, entry in figures["configs"].items():
        table.add_row(config, f"{entry['games_per_s']:.1f}", ", ".join(f"{x:.1f}" for x in entry["runs"]))
    console = Console(highlight=False)
    console.print(table)
    if "speedup_local" in figures:
        console.print(f"Local processes, 2 workers over 1: {figures['speedup_local']:.2f}×.")
    if "ray_vs_local" in figures:
        console.print(f"Ray (2 CPUs) over 2 local workers: {figures['ray_vs_local']:.2f}×.")
    console.print(f"Load average at the end: {figures['machine']['load_avg_1m']} on {figures['machine']['cpus']} CPUs.")


def _machine() -> dict[str, Any]:
    """What the figures' JSON says of the machine: Python's version, the CPUs, the load average now, and whether
    the rules ran compiled (``monsterlair.compiled``)."""
    from monsterlair.compiled import status

    return {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "rules": status(),
    }


def _search_scaling(
    chosen: list[Game],
    players: int | None,
    seconds: float,
    repeats: int,
    seed: int,
    workers: int,
    as_json: bool,
) -> None:
    from rich.console import Console
    from rich.table import Table

    from monsterlair.bots.ismcts import MAX_WORKERS
    from monsterlair.sim.bench import search_scaling

    if not 2 <= workers <= MAX_WORKERS:
        fail(f"--search-workers must be from 2 to {MAX_WORKERS} (1 is the plain bench).")
    figures = []
    status = err_console().status("measuring…")
    with status:
        for game in chosen:
            status.update(f"measuring {game.id}…")
            figures.append(
                search_scaling(game, workers=workers, players=players, seconds=seconds, repeats=repeats, seed=seed)
            )
    machine = _machine()
    if as_json:
        typer.echo(json.dumps({"machine": machine, "games": figures}, indent=1, allow_nan=False))
        return
    table = Table(title=f"ismcts it/s per wall-clock second, median of {repeats} × {seconds:g} s")
    for column in ("game", "players", "1 process", f"{workers} processes", "ratio"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for f in figures:
        rates = (f"{f['one_process']:,.0f}", f"{f['with_workers']:,.0f}", f"{f['speedup']:.2f}×")
        table.add_row(f["game"], str(f["players"]), *rates)
    console = Console(highlight=False)
    console.print(table)
    console.print(
        f"The bench's search (random playouts to the end) with ismcts:workers={workers} against workers=1, in turns. "
        f"Python {machine['python']}, {machine['cpus']} CPUs, load average {machine['load_avg_1m']}. "
        f"Rules: {machine['rules']}."
    )


def _measure(
    chosen: list[Game], players: int | None, seconds: float, repeats: int, seed: int, core: int | None, clock: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    from monsterlair.sim.bench import bench_game

    machine = {
        **_machine(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "pinned_core": core,
        "clock": clock,
    }
    progress = err_console()
    figures: list[dict[str, Any]] = []
    for game in chosen:
        with progress.status(f"benchmarking {game.id}…"):
            figures.append(bench_game(game, players=players, seconds=seconds, repeats=repeats, seed=seed, clock=clock))
    return machine, figures


def _pin_to_one_core() -> int | None:
    """Keep this process on one core (steadier figures, and honest single-core speed); the core or None."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    if not allowed:
        return None
    os.sched_setaffinity(0, {allowed[-1]})
    return allowed[-1]


def register(app: typer.Typer) -> None:
    """Add ``bench`` to the app."""
    app.command("bench", help=BENCH_HELP)(bench)
