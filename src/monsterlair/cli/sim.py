"""``monsterlair sim GAME``: many games between bots, a balance report, tournaments; local processes or Ray.

Seats rotate so every bot plays every seat (and every deal from every seat) equally often; the summary
gives each bot's win rate with a 95 % Wilson interval, the first seat's win rate, game lengths, draws,
games every seat lost and games cut by safety caps. ``--report DIR`` also writes an HTML report with
plots (``monsterlair.sim.report``); ``--tournament a,b,c`` plays a round robin and rates the bots.
Results are appended to a JSON-lines file as they come (``--out``, or ``DIR/results.jsonl`` with
``--report``), and a run started again on the same file plays only the games it lacks. The same seed
gives the same games whatever the backend or worker count (for bots with an iteration budget; a time
budget depends on the machine's speed).
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from monsterlair.cli.common import (
    GameArgument,
    GameOptions,
    ModeOption,
    err_console,
    fail,
    file_trouble,
    load_game,
    parse_options,
)

if TYPE_CHECKING:
    from rich.console import Console

    from monsterlair.core import Game
    from monsterlair.sim.local import Backend
    from monsterlair.sim.runner import GameTask
    from monsterlair.sim.store import ResultLog

RESULTS_FILE = "results.jsonl"
"""The results file inside a ``--report`` directory when no ``--out`` is given."""


def sim(
    game_id: GameArgument,
    games: Annotated[
        int | None,
        typer.Option("--games", "-n", help="Number of games (default 100; not for tournaments or deck matrices)."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated bot specs, one per seat of the lineup (repeated round the table). The default is a "
            "mirror match of greedy bots: for balance work, bots of equal strength. Default: greedy."
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Seats (default: one per bot, at least 2, as the game allows)."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Processes, or CPUs of a private Ray (default: every core).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the whole batch.")] = 0,
    option: GameOptions = None,
    mode: ModeOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON on stdout.")] = False,
    out: Annotated[
        Path | None, typer.Option(help="Append one JSON line per game to this file; resume from what it holds.")
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="Write an HTML balance report (and results.jsonl) into this directory.")
    ] = None,
    tournament: Annotated[
        str | None, typer.Option(help="Round robin between these bots (comma-separated specs); rates them.")
    ] = None,
    games_per_pair: Annotated[
        int | None,
        typer.Option(
            help="Games per pair of bots in a tournament, or per pair of decks in a deck matrix (default 100)."
        ),
    ] = None,
    backend: Annotated[str, typer.Option(help="Where games run: 'local' processes or 'ray'.")] = "local",
    ray_address: Annotated[
        str | None, typer.Option(help="Join this Ray cluster (implies --backend ray); default: a private instance.")
    ] = None,
    chunk_size: Annotated[int | None, typer.Option(help="Games per task (default: about 8 tasks per worker).")] = None,
    records: Annotated[
        Path | None, typer.Option(help="Save replayable records of the games into this directory (see --keep).")
    ] = None,
    keep: Annotated[
        str | None,
        typer.Option(
            help="Which records --records keeps: 'outliers' (longest, shortest, capped, most lopsided) or 'all'. "
            "Default: outliers."
        ),
    ] = None,
    vary: Annotated[
        str | None,
        typer.Option(help="Play the same games once per value of an option and compare them, paired: NAME=A,B,…"),
    ] = None,
    deck_matrix: Annotated[
        bool, typer.Option("--deck-matrix", help="Play every pair of preset decks (or --decks) against each other.")
    ] = False,
    decks: Annotated[
        str | None, typer.Option(help="Comma-separated decks for --deck-matrix (default: every preset deck).")
    ] = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            help="An override file of card data (TOML, as the game's data files): play the same games with the "
            "shipped cards and with these, and compare them."
        ),
    ] = None,
) -> None:
    """Simulate many games between bots and report win rates, seat advantage and game length."""
    from monsterlair import bots as bot_registry
    from monsterlair.core import BadOptions
    from monsterlair.core.words import plural
    from monsterlair.sim import plan, plan_tournament, summarize
    from monsterlair.sim.runner import block_size, pair_seatings
    from monsterlair.sim.variants import Variant, parse_vary, plan_deck_matrix, plan_variants

    game = load_game(game_id)
    options = parse_options(option, mode, game)
    _refuse_what_does_not_apply(
        game, options, games=games, bots=bots, tournament=tournament, games_per_pair=games_per_pair,
        deck_matrix=deck_matrix, decks=decks, records=records, keep=keep,
    )  # fmt: skip
    games = 100 if games is None else games
    games_per_pair = 100 if games_per_pair is None else games_per_pair
    keep = "outliers" if keep is None else keep
    bots = "greedy" if bots is None else bots
    specs = _specs(tournament if tournament is not None else bots, "--tournament" if tournament else "--bots")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1.")
    if chunk_size is not None and chunk_size < 1:
        fail("--chunk-size must be at least 1.")
    if ray_address is not None:
        backend = "ray"
    if backend not in ("local", "ray"):
        fail(f"--backend is 'local' or 'ray', not {backend!r}.")
    if keep not in ("outliers", "all"):
        fail(f"--keep is 'outliers' or 'all', not {keep!r}.")
    if (tournament is not None) + (vary is not None) + deck_matrix + (cards is not None) > 1:
        fail("Choose one of --tournament, --vary, --deck-matrix and --cards.")
    if cards is not None:
        if backend != "local":
            fail("--cards plays on local processes (--backend local).")
        _check_cards(game, cards)
    if deck_matrix:
        if players not in (None, 2):
            fail("A deck matrix is played between two seats (--players 2).")
        players = 2
    n = players if players is not None else _default_players(game, options, max(2, len(specs)))
    variants: list[Variant] = []
    matrix_decks: list[str] = []
    try:
        game.new(n, seed, options)  # checks players and options once, before any worker starts
        resolved = dict(game.options.resolve(options))
        for spec in dict.fromkeys(specs):  # a bot tied to one game (a trained policy) says so now, not per game
            bot_registry.from_spec(spec).check_table(game, n, resolved)
        if deck_matrix:
            matrix_decks = _deck_list(game, decks)
            tasks = plan_deck_matrix(game, specs[0], matrix_decks, games_per_pair, seed=seed, options=resolved)
            block = 2
            balanced = True
        elif vary is not None:
            variants = parse_vary(game, vary)
            for variant in variants:
                game.new(n, seed, {**resolved, **variant.options})
            tasks = plan_variants(game.id, specs, games, variants, players=n, seed=seed, options=resolved)
            block = block_size(specs, n)
            balanced = games % block == 0
        elif tournament is not None:
            tasks = plan_tournament(game.id, specs, games_per_pair, players=n, seed=seed, options=resolved)
            block = len(pair_seatings(specs[0], specs[1], n))
            balanced = games_per_pair % block == 0
        else:
            tasks = plan(game.id, specs, games, players=n, seed=seed, options=resolved)
            block = block_size(specs, n)
            balanced = games % block == 0
            if cards is not None:
                variants, tasks = _card_variants(cards, tasks)
    except BadOptions as exc:
        fail(str(exc))
    if records is not None:
        tasks = [dataclasses.replace(t, keep_record=True) for t in tasks]
    log_path = out if out is not None else (report / RESULTS_FILE if report is not None else None)
    log, known = _open_log(log_path, tasks)
    todo = [t for t in tasks if t.index not in known]
    kept: dict[int, dict[str, Any]] = {}
    runner = _backend(backend, workers, ray_address, chunk_size)
    console = err_console()
    if known:
        console.print(
            f"Resuming: {len(known)} of {plural(len(tasks), 'game')} {'is' if len(known) == 1 else 'are'} "
            f"already in {log_path}."
        )
    started = time.perf_counter()
    try:
        edited = [t for t in todo if cards is not None and t.variant == variants[1].label]
        fresh = _run_with_progress(runner, [t for t in todo if t not in edited], console, log, kept, quiet=False)
        described = runner.describe()
        if edited:
            from monsterlair.sim import LocalBackend

            card_runner = LocalBackend(workers, chunk_size=chunk_size, card_data=str(cards))
            fresh += _run_with_progress(card_runner, edited, console, log, kept, quiet=False)
            described["card_data"] = str(cards)
    except BadOptions as exc:
        fail(str(exc))
    finally:
        runner.close()
        if log is not None:
            log.close()
    elapsed = time.perf_counter() - started
    results = sorted([*known.values(), *fresh], key=lambda r: int(r["index"]))
    sides = _sides(game, n, resolved)
    summary = summarize(results, n, sides)
    summary.update(
        game=game.id,
        players=n,
        lineup=[specs[i % len(specs)] for i in range(n)] if tournament is None else None,
        tournament=specs if tournament is not None else None,
        games_per_pair=games_per_pair if tournament is not None else None,
        seed=seed,
        options=resolved,
        backend=described,
        workers=described.get("workers"),
        seconds=round(elapsed, 3),
        resumed=len(known),
        balanced=balanced,
        block=block,
    )
    if variants:
        summary["variants"] = _variant_summaries(
            results, variants, n, sides, _score_label(game, results, resolved), game.turn_unit[1]
        )
    if deck_matrix:
        from monsterlair.sim.variants import deck_matrix as matrix_of

        summary["deck_matrix"] = matrix_of(results, matrix_decks)
        summary["lineup"] = [specs[0], specs[0]]
    if records is not None:
        summary["records"] = _save_records(records, results, kept, keep, len(known), log_path)
    rated = _ratings(results, specs, seed) if tournament is not None else None
    if report is not None:
        _write_report(report, summary, results, rated)
    if as_json:
        typer.echo(
            json.dumps({**summary, "ratings": rated} if rated is not None else summary, indent=1, allow_nan=False)
        )
    else:
        _print_summary(summary, rated)
    if summary["failed"]:
        raise typer.Exit(1)


def _refuse_what_does_not_apply(
    game: Game,
    options: dict[str, str],
    *,
    games: int | None,
    bots: str | None,
    tournament: str | None,
    games_per_pair: int | None,
    deck_matrix: bool,
    decks: str | None,
    records: Path | None,
    keep: str | None,
) -> None:
    """Refuse an option the chosen kind of run would ignore, saying what it is for (exit code 2)."""
    if tournament is not None and bots is not None:
        fail("A tournament plays the bots --tournament names; --bots is for an ordinary run. Leave out --bots.")
    if games is not None and (tournament is not None or deck_matrix):
        what = "each pair of bots of a tournament" if tournament is not None else "each pair of decks"
        fail(f"--games (-n) is for an ordinary run; give the games of {what} with --games-per-pair.")
    if games_per_pair is not None and tournament is None and not deck_matrix:
        fail("--games-per-pair is for --tournament and --deck-matrix; give the number of games with --games (-n).")
    if decks is not None and not deck_matrix:
        fail("--decks names the decks a --deck-matrix plays; to choose a seat's deck, use the game's options (-o).")
    if deck_matrix:
        presets = game.deck_presets()
        chosen = sorted(set(options) & set(game.deck_matchup(presets[0], presets[-1]))) if len(presets) > 1 else []
        if chosen:
            fail(
                f"A deck matrix gives each side every deck in turn, so -o {' and -o '.join(chosen)} cannot choose "
                "one; name the decks to play with --decks."
            )
        if bots is not None and len(_specs(bots, "--bots")) > 1:
            fail("A deck matrix plays one bot against itself (so only the decks differ); give one bot in --bots.")
    if keep in ("outliers", "all") and records is None:
        fail("--keep says which records --records keeps; add --records DIR.")


def _check_cards(game: Game, path: Path) -> None:
    from monsterlair.core.data import BadCardData
    from monsterlair.sim.carddata import check_card_data

    try:
        check_card_data(game, path)
    except BadCardData as exc:
        fail(str(exc))


def _card_variants(path: Path, tasks: list[GameTask]) -> tuple[list[Any], list[GameTask]]:
    """The shipped batch and the same games with the edited cards (indices after the shipped ones; a batch
    fingerprint that covers the file's content, so a results file never mixes two versions of the cards)."""
    import hashlib

    from monsterlair.sim.runner import run_id
    from monsterlair.sim.variants import Variant

    shipped, edited = Variant("shipped cards", {}), Variant(path.name, {})
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    offset = len(tasks)
    return [shipped, edited], [
        *(dataclasses.replace(t, variant=shipped.label) for t in tasks),
        *(
            dataclasses.replace(
                t, index=t.index + offset, variant=edited.label, run=run_id({"run": t.run, "cards": digest})
            )
            for t in tasks
        ),
    ]


def _deck_list(game: Game, text: str | None) -> list[str]:
    from monsterlair.core import BadOptions
    from monsterlair.sim.variants import preset_decks

    presets = game.deck_presets()
    if not presets:
        raise BadOptions(f"{game.title} has no preset decks to match against each other.")
    if text is None:
        return presets
    return preset_decks(game, [d.strip() for d in text.split(",") if d.strip()])


def _sides(game: Game, players: int, options: dict[str, Any]) -> list[int]:
    """Which side each seat plays on (``Game.teams``; a co-operative game: every seat on one side)."""
    teams = game.teams(players, options)
    return [0] * players if teams is None else list(teams)


def _score_label(game: Game, results: list[dict[str, Any]], options: dict[str, Any]) -> str | None:
    """What the game's scores mean ("destroys", "knockouts scored"), from a finished game (``Game.score_label``)."""
    from monsterlair.core.result import result_from_json

    done = next((r for r in results if not r.get("error")), None)
    if done is None:
        return None
    result = result_from_json(done)  # a game's row holds its result's fields, as a stored result does
    return game.score_label(result, options)


def _variant_summaries(
    results: list[dict[str, Any]],
    variants: list[Any],
    players: int,
    sides: list[int],
    score_label: str | None,
    turn_word: str = "turns",
) -> dict[str, dict[str, Any]]:
    """Per variant: its own summary and, against the first variant (the baseline), the paired comparison."""
    from monsterlair.sim import summarize
    from monsterlair.sim.variants import by_variant, compare

    groups = by_variant(results)
    base = groups.get(variants[0].label, [])
    out: dict[str, dict[str, Any]] = {}
    for variant in variants:
        group = groups.get(variant.label, [])
        entry: dict[str, Any] = {"summary": summarize(group, players, sides)}
        if variant is not variants[0]:
            entry["against"] = variants[0].label
            entry["comparison"] = compare(base, group, players, score_label, turn_word)
        out[variant.label] = entry
    return out


def _save_records(
    directory: Path,
    results: list[dict[str, Any]],
    kept: dict[int, dict[str, Any]],
    keep: str,
    resumed: int,
    log_path: Path | None,
) -> list[dict[str, Any]]:
    """Write the records and say how many were kept; a game resumed from the results file was not played in
    this run, so it has no record, and the message says so."""
    from monsterlair.core.words import plural
    from monsterlair.sim.records import write_records

    try:
        index = write_records(directory, results, kept, keep)
    except OSError as exc:
        fail(f"Cannot write the records into {directory}: {file_trouble(exc, directory)}.")
    line = f"Records: {plural(len(index), 'game')} in {directory}."
    if resumed:
        which = f"{resumed} of {len(results)} games"
        if resumed == len(results):
            which = "the game" if resumed == 1 else f"all {resumed} games"
        line += (
            f" Records are kept only for games played in this run: {which} {'was' if resumed == 1 else 'were'} "
            f"already in {log_path} and {'has' if resumed == 1 else 'have'} none (to record them, play them "
            "again into a new --out or --report)."
        )
    err_console().print(line)
    return index


def _specs(text: str, flag: str) -> list[str]:
    from monsterlair import bots as bot_registry

    try:
        specs = bot_registry.split_specs(text)
    except ValueError as exc:
        fail(str(exc))
    if any(not s for s in specs):
        fail(f"{flag} has an empty entry; write for example {flag} greedy,random.")
    for spec in specs:
        try:
            bot_registry.from_spec(spec)
        except ValueError as exc:
            fail(str(exc))
    return specs


def _default_players(game: Game, options: dict[str, str], wanted: int) -> int:
    """The smallest player count the game accepts with these options from ``wanted`` up (else ``wanted``)."""
    from monsterlair.testing.conformance import player_counts

    try:
        counts = player_counts(game, options)
    except AssertionError:
        return wanted  # no count works: game.new() will say why
    return next((c for c in counts if c >= wanted), wanted)


def _open_log(path: Path | None, tasks: list[GameTask]) -> tuple[ResultLog | None, dict[int, dict[str, Any]]]:
    from monsterlair.core import BadOptions
    from monsterlair.sim.store import ResultLog

    if path is None:
        return None, {}
    log = ResultLog(path)
    try:
        return log, log.load(tasks)
    except BadOptions as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"Cannot read {path}: {file_trouble(exc, path)}.")
    except UnicodeDecodeError:
        fail(f"Cannot read {path}: it is not a text file of results.")


def _backend(name: str, workers: int | None, address: str | None, chunk_size: int | None) -> Backend:
    from monsterlair.sim import LocalBackend

    if name == "ray":
        from monsterlair.sim.ray_backend import RayBackend

        return RayBackend(workers, address=address, chunk_size=chunk_size)
    return LocalBackend(workers, chunk_size=chunk_size)


def _ratings(results: list[dict[str, Any]], specs: list[str], seed: int) -> dict[str, Any] | None:
    from monsterlair.sim.ratings import ratings

    try:
        return ratings(results, specs, seed=seed)
    except ValueError as exc:
        err_console().print(f"[yellow]No ratings: {exc}")
        return None


def _write_report(directory: Path, summary: dict[str, Any], results: list[dict[str, Any]], rated: Any) -> None:
    try:
        from monsterlair.sim.report import write_report
    except ImportError as exc:  # pragma: no cover - depends on the installation
        fail(f"The report needs matplotlib (pip install 'monsterlair[sim]'): {exc}.")
    try:
        page = write_report(directory, summary, results, rated)
    except OSError as exc:
        fail(f"Cannot write the report into {directory}: {file_trouble(exc, directory)}.")
    err_console().print(f"Report: {page}")


def _run_with_progress(
    backend: Backend,
    tasks: list[GameTask],
    console: Console,
    log: ResultLog | None,
    records: dict[int, dict[str, Any]],
    *,
    quiet: bool,
) -> list[dict[str, Any]]:
    """Run ``tasks`` with a progress bar, appending results to ``log``; game records (``--records``) are taken
    out of the results into ``records`` so the results file stays small."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    progress = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet,
    )
    bar = progress.add_task("games", total=len(tasks))
    done_count = 0

    def heard(done: list[dict[str, Any]]) -> None:
        nonlocal done_count
        for r in done:
            record = r.pop("record", None)
            if record is not None:
                records[int(r["index"])] = record
        if log is not None:
            log.append(done)
        done_count += len(done)
        progress.advance(bar, len(done))

    with progress:
        try:
            return list(backend.run(tasks, heard))
        except KeyboardInterrupt:
            progress.stop()
            where = (
                f"the {done_count} games finished are in {log.path}: run the same command again to resume"
                if log is not None
                else "no report (give --out FILE or --report DIR to keep results and resume)"
            )
            fail(f"Interrupted; {where}.", 130)
        except OSError as exc:
            progress.stop()
            target = log.path if log is not None else Path(exc.filename or ".")
            fail(f"Cannot write the results to {target}: {file_trouble(exc, target)}.")


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _ci(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{_pct(lo).strip()} – {_pct(hi).strip()}"


def _print_summary(summary: dict[str, Any], rated: dict[str, Any] | None) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from monsterlair.core.words import plural
    from monsterlair.sim.report import deck_names, endings, length_rows_of, measure_text, unbalanced_text

    console = Console(highlight=False)
    who = summary["tournament"] or summary["lineup"]
    console.print(
        f"[bold]{escape(summary['game'])}[/bold]: {plural(summary['finished'], 'game')}, "
        f"{plural(summary['players'], 'player')}, "
        f"{'tournament' if summary['tournament'] else 'lineup'} {escape(', '.join(who))}, seed {summary['seed']}, "
        f"{summary['backend']['backend']} backend, {_workers(summary['workers'])}, {summary['seconds']:.1f} s"
    )
    table = Table(title="Win rate per bot (a shared victory counts as a win)")
    for column in ("bot", "seat-games", "wins", "win rate", "95% CI", "mean payoff"):
        table.add_column(column, justify="right" if column != "bot" else "left", overflow="fold")
    for spec, e in summary["bots"].items():
        table.add_row(escape(spec), str(e["n"]), f"{e['wins']:g}", _pct(e["rate"]), _ci(e), f"{e['mean_payoff']:.3f}")
    console.print(table)
    _print_seats(console, summary)
    length = Table(title="Game length")
    for column in ("", "mean", "median", "p90"):
        length.add_column(column, justify="right")
    for label, d in length_rows_of(summary):
        length.add_row(escape(label), f"{d['mean']:.1f}", f"{d['median']:g}", f"{d['p90']:.1f}")
    console.print(length)
    if summary.get("measures"):
        measures = Table(title="The game's measures per game")
        for column in ("", "mean", "median", "p90"):
            measures.add_column(column, justify="right")
        for key, d in summary["measures"].items():
            measures.add_row(
                escape(measure_text(summary, key)), f"{d['mean']:.2f}", f"{d['median']:g}", f"{d['p90']:.1f}"
            )
        console.print(measures)
    console.print(
        f"Draws: {summary['draws']}. Lost by every seat: {summary['lost']}. Cut by a safety cap: {summary['capped']}. "
        f"How games ended: {escape('; '.join(f'{v} {k}' for k, v in endings(summary).items())) or 'none'}."
    )
    if summary["factors"]:
        from monsterlair.sim.report import factor_text

        kinds = ", ".join(factor_text(summary, kind) for kind in summary["factors"])
        console.print(f"Per-seat factors recorded: {kinds} (see the --report for win rates).")
    for warning in summary.get("warnings") or []:
        console.print(f"[yellow]Warning: {escape(warning)}")
    _print_played(console, summary)
    if summary.get("variants"):
        _print_variants(console, summary["variants"])
    if summary.get("deck_matrix"):
        _print_matrix(console, summary["deck_matrix"], deck_names(summary))
    if rated is not None:
        ratings = Table(title="Tournament ratings (Bradley–Terry, Elo scale, mean 0; 95% bootstrap CI)")
        for column in ("bot", "rating", "95% CI", "games", "mean score"):
            ratings.add_column(column, justify="right" if column != "bot" else "left", overflow="fold")
        for spec, e in sorted(rated["bots"].items(), key=lambda kv: -kv[1]["rating"]):
            lo, hi = e["ci95"]
            ratings.add_row(
                escape(spec), f"{e['rating']:.0f}", f"{lo:.0f} – {hi:.0f}", str(e["games"]), f"{e['score']:.3f}"
            )
        console.print(ratings)
    if not summary["balanced"]:
        console.print(f"[yellow]{escape(unbalanced_text(summary))}")
    if summary["failed"]:
        console.print(f"[red]{summary['failed']} games failed:[/red]")
        for e in summary["errors"]:
            console.print(f"  game {e['index']} (seed {e['seed']}): {escape(e['error'])}", markup=True)


def _print_seats(console: Any, summary: dict[str, Any]) -> None:
    """Win rates by seat against the fair share, by team when partners share a side; for a game whose seats
    win or lose together (one seat, or a co-operative mission) only how often the game was won."""
    from rich.table import Table

    from monsterlair.core.words import join_words

    first, mover = summary["first_seat"], summary["first_mover"]
    players = summary["players"]
    if summary.get("together", players == 1):  # no share to be fair to, no seat to have an advantage
        who = "one seat" if players == 1 else f"the {players} seats win or lose together"
        console.print(
            f"Win rate ({who}: how often the game was won, as a mission's success rate): "
            f"{_pct(first['rate']).strip()}, {first['wins']:g} of {first['n']} games (95% CI {_ci(first)})."
        )
        return
    fair = _pct(summary["fair_share"]).strip()
    teams = summary.get("teams")
    if teams:
        table = Table(title=f"Win rate per team (fair share {fair})")
        for column in ("team", "wins", "win rate", "95% CI"):
            table.add_column(column, justify="right" if column != "team" else "left")
        for e in teams:
            table.add_row(
                f"seats {join_words(str(s + 1) for s in e['seats'])}", f"{e['wins']:g}", _pct(e["rate"]), _ci(e)
            )
        console.print(table)
        if mover["n"]:
            console.print(f"The team that moves first wins {_pct(mover['rate']).strip()} (95% CI {_ci(mover)}).")
        return
    seats = Table(title=f"Win rate per seat (fair share {fair})")
    for column in ("seat", "wins", "win rate", "95% CI"):
        seats.add_column(column, justify="right")
    for s, e in enumerate(summary["seats"]):
        seats.add_row(str(s + 1), f"{e['wins']:g}", _pct(e["rate"]), _ci(e))
    console.print(seats)
    console.print(f"First-seat advantage: seat 1 wins {_pct(first['rate']).strip()} (95% CI {_ci(first)}).")
    if mover["n"]:
        console.print(f"The seat that moves first wins {_pct(mover['rate']).strip()} (95% CI {_ci(mover)}).")


def _workers(count: Any) -> str:
    """ "1 worker", "4 workers" (a backend that does not say how many: "? workers")."""
    from monsterlair.core.words import plural

    return plural(count, "worker") if isinstance(count, int) else f"{count if count is not None else '?'} workers"


def _print_played(console: Any, summary: dict[str, Any]) -> None:
    """What was played: how many different ones of each kind were used, in the game's words, and what stands out
    after the correction, each rate against the win rate of all seats."""
    from rich.markup import escape

    from monsterlair.sim.report import kind_text, stand_out_text, stand_outs

    usage = summary.get("usage") or {}
    if usage:
        kinds = "; ".join(f"{kind_text(summary, kind)}: {len(values)} different" for kind, values in usage.items())
        console.print(
            f"What was played: {escape(kinds)} (how often each was used, and the win rate when used: see the --report)."
        )
    o = summary.get("outliers") or {}
    if o.get("tests"):
        marked = [f"{name} {_pct(e['rate']).strip()}" for name, e in stand_outs(summary)]
        shown = ", ".join(marked[:12]) + (f", and {len(marked) - 12} more" if len(marked) > 12 else "")
        seats = summary.get("seats") or []
        n = sum(e["n"] for e in seats)
        base = sum(e["wins"] for e in seats) / n if n else 0.0
        console.print(
            f"Rates tested: {o['tests']}; {o['uncorrected']} pass at the {_pct(o['level']).strip()} level "
            f"uncorrected, where chance alone would pass about {o['expected_by_chance']:.1f}; "
            f"{stand_out_text(o['stands_out'])} after a Benjamini–Hochberg correction"
            + (
                f" (win rate of the seats that had or used it, against {_pct(base).strip()} for all seats): "
                f"{escape(shown)}."
                if marked
                else "."
            )
        )
        if marked and summary.get("warnings"):
            console.print(
                "[yellow]The bots are far apart (see the warning above): these rates may reflect the bots rather "
                "than the cards."
            )


def _print_variants(console: Any, variants: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    from monsterlair.sim.report import ab_headers, difference_text, p_text

    for label, entry in variants.items():
        if "comparison" not in entry:
            continue
        title, a_head, b_head = ab_headers(str(entry["against"]), str(label))
        table = Table(title=f"{title} (paired on the same games; difference: B − A)")
        for column in ("measure", a_head, b_head, "difference", "p"):
            table.add_column(escape(column), justify="right" if column != "measure" else "left", overflow="fold")
        for measure, c in entry["comparison"].items():
            if c["kind"] == "rate":
                a, b = _pct(c["a"]["rate"]), _pct(c["b"]["rate"])
            else:
                a, b = f"{c['a']:.2f}", f"{c['b']:.2f}"
            diff, detail = difference_text(c)
            table.add_row(
                escape(measure), a, b, f"{diff} ({detail})", f"{p_text(c['p'])}{' *' if c['p'] < 0.05 else ''}"
            )
        console.print(table)


def _print_matrix(console: Any, matrix: dict[str, Any], names: dict[str, str]) -> None:
    from rich.markup import escape
    from rich.table import Table

    decks = matrix["decks"]
    table = Table(title="Deck against deck: the row deck's score (a draw counts half)")
    table.add_column("deck")
    for deck in decks:
        table.add_column(escape(names[deck]), justify="right")
    table.add_column("all", justify="right")
    for a in decks:
        cells = [_pct(matrix["score"][a][b]["score"]) if b in matrix["score"].get(a, {}) else "—" for b in decks]
        overall = matrix["overall"].get(a)
        table.add_row(escape(names[a]), *cells, _pct(overall["score"]) if overall else "—")
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add ``sim`` to the app."""
    app.command("sim")(sim)
