"""One game between bots, and the plan of a batch (which bots sit where, with which seed).

Everything a game needs travels in a small picklable :class:`GameTask`, and everything it yields
comes back as a small JSON-ready dict, so any backend (local processes, Ray) can run tasks anywhere
and the results are the same: a game depends only on its task, never on which worker ran it or in
what order. That is what makes a batch reproducible across worker counts and backends.
"""

from __future__ import annotations

import hashlib
import json
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from monsterlair.core import BadOptions, Event, Game, MonsterLairError, Perspective, Rng
from monsterlair.core.moves import tells

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
SEED_BITS = 48
"""Derived seeds fit in 48 bits: exact in JSON and in JavaScript numbers."""
RESULT_FORMAT = 3
"""The format of a game's result (its ``format``). Format 3: ``move_kinds`` name every game's moves in its own
words (``Game.report_move_words``: "turn ended", not ``end``), and a game's ``detail.turns`` counts its turns as
``turns`` does (Monster Smash and Push a Monster counted the turns completed, one fewer when the game ended
during a turn). Format 2: games are numbered from 1 (``index`` is
the game's number everywhere: file names, reports, records), and ``moves``/``move_kinds`` count moves as players
count them. A result without ``format`` is format 1: numbered from 0, without moves. Earlier formats are read by
:meth:`monsterlair.sim.store.ResultLog.load`, which brings them up to date."""


def derive_seed(seed: int, salt: int) -> int:
    """An independent seed for item ``salt`` of a batch seeded ``seed`` (a SplitMix64 step)."""
    return Rng((seed + (salt + 1) * _GOLDEN) & _MASK).next64() & ((1 << SEED_BITS) - 1)


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: the game, seat count, bot spec per seat, seed and options.

    ``run`` fingerprints the batch the task belongs to (see :func:`run_id`); results carry it so a
    results file can tell its own games from another batch's when a run resumes.
    """

    index: int
    """The game's number in its batch, from 1: the number every report, file name and message gives it."""
    game: str
    players: int
    seats: tuple[str, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    run: str = ""
    keep_record: bool = False
    """Return the game's replayable record with its result (``sim --records``)."""
    variant: str = ""
    """Which variant of a sweep or which deck pairing the game belongs to (``sim --vary``/``--deck-matrix``)."""


def run_id(settings: Mapping[str, Any]) -> str:
    """A short, stable fingerprint of a batch's settings (game, seats, options, seed, kind of plan)."""
    text = json.dumps(settings, sort_keys=True, separators=(",", ":"), default=str, allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct seatings obtained by rotating ``lineup``, in rotation order.

    Rotation ``r`` seats ``lineup[(s + r) % n]`` at seat ``s``. A lineup with repeats has fewer distinct
    rotations than seats: ``(a, a)`` has one, ``(a, b, a, b)`` two.
    """
    n = len(lineup)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        seats = tuple(lineup[(s + r) % n] for s in range(n))
        if seats not in out:
            out.append(seats)
    return out


def _tasks(
    game: str,
    block: Sequence[tuple[str, ...]],
    games: int,
    seed: int,
    options: Mapping[str, Any],
    run: str,
    first_index: int = 1,
) -> list[GameTask]:
    """``games`` tasks cycling through the seatings of ``block``; each block of seatings shares one seed."""
    size = len(block)
    return [
        GameTask(first_index + i, game, len(block[0]), block[i % size], derive_seed(seed, i // size), options, run)
        for i in range(games)
    ]


def plan(
    game: str,
    bots: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[GameTask]:
    """The tasks of a batch.

    The bots form a lineup of ``players`` seats (repeated in order when fewer bots than seats are
    given). Deals come in blocks that share one seed (the same cards) while the lineup rotates by one
    seat per game, so every bot plays every seat and every deal from every seat equally often: luck of
    the deal and seat advantage cancel out of the bot comparison. A block holds one game per *distinct*
    rotation: between equal bots (``greedy,greedy``) a rotation would replay the very same game, so
    there every game gets its own seed, and ``games`` always counts distinct games. When ``games`` is not
    a multiple of the block size (:func:`block_size`) the last block is incomplete.

    Raises:
        BadOptions: if there are no bots, more bots than seats, or a non-positive game count.
    """
    if not bots:
        raise BadOptions("Name at least one bot (for example --bots greedy,random).")
    if games < 1:
        raise BadOptions(f"The number of games must be at least 1, not {games}.")
    n = players if players is not None else max(2, len(bots))
    if len(bots) > n:
        raise BadOptions(f"{len(bots)} bots were named for {n} seats; name at most one bot per seat.")
    lineup = [bots[i % len(bots)] for i in range(n)]
    opts = dict(options or {})
    run = run_id({"kind": "sim", "game": game, "lineup": lineup, "seed": seed, "options": opts})
    return _tasks(game, rotations(lineup), games, seed, opts, run)


def block_size(bots: Sequence[str], players: int) -> int:
    """Games per shared deal in :func:`plan`: the number of distinct rotations of the lineup."""
    return len(rotations([bots[i % len(bots)] for i in range(players)]))


def pair_seatings(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """Every seating of two bots alternating round the table, both ways round, each once.

    With an even seat count ``(a, b, a, b)`` and its rotation ``(b, a, b, a)`` cover it; with an odd count
    ``(a, b, a)`` gives ``a`` an extra seat, so the swapped lineup ``(b, a, b)`` is played as often.
    """
    lineup = [(a, b)[s % 2] for s in range(players)]
    swapped = [(b, a)[s % 2] for s in range(players)]
    out = rotations(lineup)
    out.extend(s for s in rotations(swapped) if s not in out)
    return out


def plan_tournament(
    game: str,
    bots: Sequence[str],
    games_per_pair: int,
    *,
    players: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[GameTask]:
    """A round robin: for every pair of bots, ``games_per_pair`` games of the two alone at the table.

    Pairs come in the order ``(0, 1), (0, 2), ..., (1, 2), ...``; a pair's games cycle through
    :func:`pair_seatings` on shared deals, and every pair plays the same deals (game ``i`` of each pair
    has the same seed), so differences between pairs are not luck of the cards. Task indices run on
    across pairs.

    Raises:
        BadOptions: for fewer than two bots, a bot named twice, fewer than two seats, or no games.
    """
    if len(bots) < 2:
        raise BadOptions("A tournament needs at least two bots (for example --tournament greedy,random).")
    if len(set(bots)) != len(bots):
        raise BadOptions("A tournament names each bot once; give repeated bots distinguishing options.")
    if players < 2:
        raise BadOptions("A tournament plays bots against each other: it needs at least 2 seats.")
    if games_per_pair < 1:
        raise BadOptions(f"The games per pair must be at least 1, not {games_per_pair}.")
    opts = dict(options or {})
    settings = {"kind": "tournament", "game": game, "bots": list(bots), "players": players, "seed": seed}
    run = run_id({**settings, "games_per_pair": games_per_pair, "options": opts})
    tasks: list[GameTask] = []
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            tasks.extend(_tasks(game, pair_seatings(a, b, players), games_per_pair, seed, opts, run, len(tasks) + 1))
    return tasks


def run_game(task: GameTask) -> dict[str, Any]:
    """Play one game between the task's bots; a small JSON-ready result.

    Keys: ``format`` (:data:`RESULT_FORMAT`), ``index`` (the game's number, from 1), ``seed``, ``run``, ``game``,
    ``seats`` (bot spec per seat), ``first`` (the seat that made the first decision), ``factors`` (per seat, the
    game's :meth:`~monsterlair.core.Game.report_factors` of the starting position, such as ``"deck:ember"``),
    ``winners``, ``ranks``, ``scores``, ``payoffs``, ``termination``, ``capped``, ``detail`` (the game's
    ``Result.detail``; its ``turns``, where it has one, is the same count as ``turns``), ``measures`` (the game's
    :meth:`~monsterlair.core.Game.report_measures` of the final
    position), ``moves`` (the game's length in moves as players count them, as its log and replays number them:
    :mod:`monsterlair.core.moves`, where a Monster Smash card pick counts with the ``done`` that confirms it),
    ``move_kinds`` (per seat, moves by kind: :meth:`~monsterlair.core.Game.report_move_kind`, such as ``burn``,
    ``no burn`` or ``strike``), ``decisions`` (engine decisions: every action the engine applied, each card pick apart),
    ``turns`` (the game's length in turns, counted as its log and replays count them: the last turn or round number
    its events announce where the game numbers its turns (``Game.turn_of_event``: MONSTRA's rounds, Monster Club's
    turns), otherwise runs of consecutive decisions by one seat), ``actions`` (per seat, engine decisions by kind:
    the first word of the action's text, such as ``burn`` for a card picked), ``usage`` (per seat,
    ``{"kind:value": [times, first turn]}`` from the game's :meth:`~monsterlair.core.Game.report_usage`: what the seat
    played or used and the turn of the decision that first did, counted as ``turns``: a decision that ends a turn
    belongs to that turn, not to the one its events open), ``seconds``, ``error`` (``None``, or what went wrong, in
    words without the exception's class: a failed game is reported, never allowed to stop the batch; ``where``
    keeps the end of the traceback) and, when the task asks, ``record`` (the replayable record). Each seat's bot
    gets its own generator derived from the game seed, so the game is reproducible from its task alone.
    """
    from monsterlair import bots as bot_registry
    from monsterlair import games

    started = time.perf_counter()
    out: dict[str, Any] = {
        "format": RESULT_FORMAT,
        "index": task.index,
        "seed": task.seed,
        "run": task.run,
        "game": task.game,
        "seats": list(task.seats),
        "first": None,
        "factors": [[] for _ in range(task.players)],
    }
    if task.variant:
        out["variant"] = task.variant
    decisions = turns = 0
    moves = 0  # moves as players count them (core/moves.py): the decisions that tell something, each ending one
    clock = 0  # the game's own turn or round number, once its events announce one (Game.turn_of_event)
    actions: list[dict[str, int]] = [{} for _ in range(task.players)]
    move_kinds: list[dict[str, int]] = [{} for _ in range(task.players)]
    usage: list[dict[str, list[int]]] = [{} for _ in range(task.players)]
    try:
        game = games.get(task.game)
        state = game.new(task.players, task.seed, task.options)
        clock = _announced_turn(game, state.opening_events(), clock)
        out["first"] = state.to_move
        factors = game.report_factors(state)
        out["factors"] = [sorted(str(f) for f in factors.get(s, ())) for s in range(task.players)]
        players = [bot_registry.from_spec(spec) for spec in task.seats]
        rngs = [Rng(derive_seed(task.seed, 1000 + s)) for s in range(task.players)]
        last = None
        while not state.over:
            seat = state.to_move
            assert seat is not None
            action = players[seat].choose(Perspective(state, seat), rngs[seat])
            events = state.apply(action)
            decisions += 1
            if seat != last:
                turns += 1
                last = seat
            when = clock or turns  # the turn the decision was taken in, before its own events open the next
            clock = _announced_turn(game, events, clock)
            kind = str(action).split(" ", 1)[0]
            actions[seat][kind] = actions[seat].get(kind, 0) + 1
            if tells((e.type for e in events), game.minor_events):
                moves += 1  # a card pick before it tells nothing: it counts with the "done" that confirms it
                kind = game.report_move_kind(action, events)
                move_kinds[seat][kind] = move_kinds[seat].get(kind, 0) + 1
            for user, label in game.report_usage(seat, action, events):
                for s in range(task.players) if user is None else (user,):
                    entry = usage[s].get(label)
                    if entry is None:
                        usage[s][label] = [1, when]
                    else:
                        entry[0] += 1
        result = state.result
        assert result is not None
        out.update(
            winners=list(result.winners),
            ranks=list(result.ranks),
            scores=list(result.scores),
            payoffs=[result.payoff(s) for s in range(task.players)],
            termination=result.termination,
            capped=result.capped,
            detail=result.detail,
            measures=game.report_measures(state),
            error=None,
        )
        if task.keep_record:
            out["record"] = state.record()
    except Exception as exc:  # reported per game so one bad game cannot sink a long batch
        out.update(
            winners=[],
            ranks=[],
            scores=[],
            payoffs=[],
            termination="error",
            capped=False,
            detail={},
            error=_error_text(exc),
            where=traceback.format_exc(limit=-1).strip().splitlines()[-3:],
        )
    out["moves"] = moves
    out["decisions"] = decisions
    out["turns"] = clock or turns
    out["move_kinds"] = [dict(sorted(k.items())) for k in move_kinds]
    out["actions"] = [dict(sorted(a.items())) for a in actions]
    out["usage"] = [dict(sorted(u.items())) for u in usage]
    out["seconds"] = round(time.perf_counter() - started, 6)
    return out


def _announced_turn(game: Game, events: Sequence[Event], current: int) -> int:
    """The latest turn number the game's events announce (``Game.turn_of_event``; ``current`` if none does).
    A turn's number is public: the event's public data is read, as the server's log reads it (no copy of the
    hidden parts for every event of every decision)."""
    for e in events:
        number = game.turn_of_event(e.data | {"type": e.type})
        if number is not None:
            current = number
    return current


def _error_text(exc: Exception) -> str:
    """What went wrong in a game, in words: the message of one of the project's errors (a bad option), else a
    sentence naming an unexpected error (its class and place are in the result's ``where``)."""
    if isinstance(exc, MonsterLairError):
        return str(exc)
    return f"The game stopped on an unexpected error: {exc}" if str(exc) else "The game stopped on an unexpected error."


def run_chunk(tasks: Sequence[GameTask]) -> list[dict[str, Any]]:
    """Several games in one call (a backend's unit of work, to keep per-task overhead small)."""
    return [run_game(t) for t in tasks]
