"""The conformance suite: generic checks that any game must pass to keep the contract.

Every registered game runs :func:`check_game` in the project's tests, and a game's own tests call it too::

    from monsterlair.games import get
    from monsterlair.testing.conformance import check_game

    def test_conformance() -> None:
        report = check_game(get("monster-smash"))
        assert report.determinize_varied  # the game hides cards, so samples must differ from the truth

It plays random legal games (the trajectory of :func:`random_playout` for each seed and player count) and at
every decision checks, raising ``AssertionError`` with the game, player count, seed and action number:

* the set-up: ``new`` rejects player counts outside the game's range with ``BadOptions``; ``num_actions``
  and ``observation_size`` are positive;
* the decision: no legal actions if and only if the game is over; ``to_move`` and ``result`` agree; action
  texts are unique and parse back (``game.parse_action(str(a)) == a``, forgiving case and spaces); action
  indices are in range, unique and round-trip, and an action's text has the action's index;
  ``render`` and ``describe_action`` give text; every event
  reads as a sentence to every seat and a spectator (``describe_event``: no ``key=value``, no reprs);
* the views of every seat and the spectator: JSON-native, the common keys, consistent with the state; the
  RL encoding has ``observation_size`` finite numbers, and a game's optional fast paths (the sparse
  ``encode_state_sparse`` and the ``observation_writer``, writing into a fresh row) give exactly those numbers;
* ``clone()``: equal to the original, and independent of it (playing on one leaves the other alone);
  applying an action to a clone gives the same events, views and record as applying it to the original;
* bad input: actions legal elsewhere (at other decisions or seats), garbage texts and foreign objects raise
  ``IllegalAction`` or ``BadAction`` and leave ``record()`` and every view unchanged;
* redaction, via ``determinize``: for every seat ``s``, ``state.determinize(s, rng)`` keeps ``view(s)``, the
  spectator view and ``to_move`` (and the legal actions when ``s`` is to move), so what ``s`` sees does not
  change when only what is hidden from ``s`` changes; and the sample depends only on what ``s`` knows:
  resampling a resample with the same seed gives the same full state as resampling the truth (every seat's
  view, then a few random actions ahead with their full events);
* events: ``Event`` objects whose private parts go only to valid seats in ``to``, JSON-serialisable;
* the same seed and actions give the same trajectory (a second game in this process, and one in a separate
  process with another ``PYTHONHASHSEED``); ``record()`` through JSON and ``game.replay`` gives identical
  views and result (also part-way, with ``upto``); a tampered record raises ``BadRecord``;
* the kind of game its spec declares (``Game.kind()``): no random playout with the default options takes
  more than ``max_game_length`` decisions; without ``has_chance``, the same actions from another seed give
  the same game; without ``hidden_info``, no determinization changes what any seat sees;
* the result: winners are seats, ranks are competition ranks with the winners first, payoffs in [0, 1];
  ``heuristic`` is in [0, 1] and changes nothing; ``info()`` and the options are JSON-serialisable.

What it cannot see: a ``determinize`` that keeps some hidden part of the truth in every sample passes the
consistency checks. :attr:`ConformanceReport.determinize_varied` records whether samples ever differed from
the truth; a game with hidden information should assert it.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from monsterlair.core import (
    BadAction,
    BadOptions,
    BadRecord,
    Event,
    Game,
    GameOver,
    IllegalAction,
    MonsterLairError,
    Result,
    Rng,
    Seat,
    State,
)
from monsterlair.core.observation import flat_floats

DEFAULT_SEEDS = range(3)
"""Seeds per player count: enough to cover the rules' branches cheaply; raise it in a slow test."""

DEFAULT_MAX_ACTIONS = 5000
"""A random playout longer than this fails (games end through their rules or their safety caps)."""

LOOKAHEAD = 3
"""Random actions played on two resamples to check they hold the same hidden cards and chance stream."""

ILLEGAL_PER_STEP = 2
"""Actions legal elsewhere tried at each decision."""

REQUIRED_VIEW_KEYS = ("game", "seat", "to_move", "over", "result", "players")

GARBAGE = ("", "   ", "§ no such action §", "\x00", "?!")
"""Texts that are the form of no action of any game: ``game.parse_action`` must raise ``BadAction``."""

ODD_TEXTS = ("play 999999", "attack -1", "pick 1 1", "done done", "draw 3 4 5 6 7 8", "1e309", "push x=nan")
"""Texts a forgiving parser might accept: any of ``BadAction``/``IllegalAction``, or a legal action."""


# --- snapshots ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything observable about a state: whose move, legal action texts, result, record and every view."""

    to_move: Seat | None
    over: bool
    result: dict[str, Any] | None
    legal: tuple[str, ...]
    record: dict[str, Any]
    views: dict[Seat | None, dict[str, Any]]

    def difference(self, other: Snapshot) -> str | None:
        """A sentence naming the first difference from ``other``, or ``None`` if they are equal."""
        for name in ("to_move", "over", "result", "legal"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine != theirs:
                return f"{name} was {_short(mine)}, then {_short(theirs)}"
        if self.record != other.record:
            return f"record() was {_short(self.record)}, then {_short(other.record)}"
        for seat, view in self.views.items():
            if other.views.get(seat) != view:
                return f"{_seat_name(seat)}'s view differs: {_dict_difference(view, other.views.get(seat))}"
        return None


def snapshot(state: State) -> Snapshot:
    """Everything observable about ``state`` (for before/after comparisons)."""
    result = state.result
    views: dict[Seat | None, dict[str, Any]] = {seat: state.view(seat) for seat in range(state.players)}
    views[None] = state.view(None)
    return Snapshot(
        to_move=state.to_move,
        over=state.over,
        result=None if result is None else result.to_json(),
        legal=tuple(str(a) for a in state.legal_actions()),
        record=state.record(),
        views=views,
    )


@contextmanager
def assert_state_unchanged(state: State, what: str = "the block") -> Iterator[Snapshot]:
    """Check that ``state`` is observably the same after the ``with`` block, even if the block raised.

    Use it around calls that must not change anything, such as a rejected action::

        with pytest.raises(IllegalAction), assert_state_unchanged(state, "an illegal attack"):
            state.apply(attack)

    Raises:
        AssertionError: naming the first difference (record, legal actions, or which seat's view).
    """
    before = snapshot(state)
    try:
        yield before
    finally:
        problem = before.difference(snapshot(state))
        if problem is not None:
            raise AssertionError(f"{what} changed the state: {problem}")


# --- playouts ----------------------------------------------------------------------------------


def _playout_rng(seed: int) -> Rng:
    """The generator that picks actions in :func:`random_playout` (and the suite's walk) for ``seed``."""
    return Rng(seed).fork(0xC0FFEE)


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> State:
    """A game of ``players`` started with ``seed`` and played to the end with uniformly random legal actions.

    The actions are drawn from a generator derived from ``seed``, so the whole trajectory is a function of
    ``(game, players, seed, options)``; :func:`check_game` walks exactly these trajectories, so a failure it
    reports at action ``n`` can be reproduced by replaying this playout's first ``n`` actions.

    Raises:
        AssertionError: if the game has not ended after ``max_actions`` actions.
    """
    state = game.new(players, seed, options)
    rng = _playout_rng(seed)
    for _ in range(max_actions):
        legal = state.legal_actions()
        if not legal:
            return state
        state.apply(legal[rng.below(len(legal))])
    if state.legal_actions():
        raise AssertionError(
            f"{game.id} with {players} players, seed {seed}: a random game did not end within {max_actions} "
            "actions (is a safety cap missing?)"
        )
    return state


# --- the suite ---------------------------------------------------------------------------------


@dataclass(slots=True)
class ConformanceReport:
    """What :func:`check_game` covered."""

    game: str
    player_counts: list[int] = field(default_factory=list)
    games: int = 0
    actions: int = 0
    determinizations: int = 0
    determinize_varied: bool = False
    """True if some determinization differed from the truth in a view of a seat other than the sampler."""
    capped: int = 0
    """Games that a safety cap ended."""


def check_game(
    game: Game,
    seeds: Iterable[int] = DEFAULT_SEEDS,
    players: Iterable[int] | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    subprocess_check: bool = True,
) -> ConformanceReport:
    """Run every conformance check on random games of ``game``: each seed at each player count.

    ``players`` defaults to every count the game accepts (see :func:`player_counts`). ``subprocess_check``
    replays the seeds' trajectories in a fresh interpreter with another ``PYTHONHASHSEED`` (catching set-order
    and ``id()`` dependence); it needs the game importable there (registered, or a module-level object).

    Raises:
        AssertionError: on the first violation, naming the game, player count, seed and action number.
    """
    seeds = list(seeds)
    counts = player_counts(game, options) if players is None else list(players)
    report = ConformanceReport(game.id, counts)
    with _context(f"{game.id}: metadata"):
        _check_metadata(game, counts, options)
    other = None
    if subprocess_check and seeds:
        with _context(f"{game.id}: starting a fresh interpreter"):
            other = _start_other_process(game, counts, seeds, options, max_actions)  # runs while we check
    try:
        digests: list[str] = []
        for n in counts:
            references: dict[int, State] = {}
            for seed in seeds:
                with _context(f"{game.id} with {n} players, seed {seed}, random playout"):
                    references[seed] = random_playout(game, n, seed, options, max_actions=max_actions)
                    digests.append(_digest(references[seed]))
            with _context(f"{game.id} with {n} players, replaying the random playouts"):
                pool = _action_pool(game, n, seeds, options, references)
            for seed in seeds:
                _Walk(game, n, seed, options, pool, references[seed], report).run()
            if seeds:
                with _context(f"{game.id} with {n} players, tampered records"):
                    _check_bad_records(game, references[seeds[0]])
            with _context(f"{game.id} with {n} players: what its spec declares"):
                _check_kind(game, n, options, [references[seed] for seed in seeds])
        if not game.kind()["hidden_info"]:
            _require(
                not report.determinize_varied,
                f"{game.id}: its spec declares no hidden information, but determinize changed what a seat sees",
            )
        if other is not None:
            with _context(f"{game.id}: in a fresh interpreter"):
                _finish_other_process(other, counts, seeds, digests)
    finally:
        if other is not None and other.poll() is None:
            other.kill()
            other.wait()
    return report


def player_counts(game: Game, options: Mapping[str, Any] | None = None) -> list[int]:
    """The player counts from ``min_players`` to ``max_players`` that the game accepts with ``options``.

    A game may have gaps (a mode for 1, 2 and 4 players, none for 3): ``new`` rejects those with
    ``BadOptions``, and they are left out.

    Raises:
        AssertionError: if the game accepts no player count at all.
    """
    counts = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.new(n, 0, options)
        except BadOptions:
            continue
        counts.append(n)
    _require(counts, f"{game.id} accepts no player count from {game.min_players} to {game.max_players}")
    return counts


@contextmanager
def _context(where: str) -> Iterator[None]:
    """Prefix failures with ``where``; turn a crash of the game into a failure that says where it happened."""
    try:
        yield
    except AssertionError as exc:
        raise AssertionError(f"{where}: {exc}") from None
    except Exception as exc:
        raise AssertionError(f"{where}: {type(exc).__name__}: {exc}") from exc


def _check_metadata(game: Game, counts: Sequence[int], options: Mapping[str, Any] | None) -> None:
    """Metadata, options and player-count validation."""
    _require(isinstance(game.id, str) and game.id == game.id.strip().lower() and game.id, "game.id must be lower-case")
    _require(1 <= game.min_players <= game.max_players, "min_players must be between 1 and max_players")
    _json_ok(game.info(), "game.info()")
    _json_ok(game.options.schema(), "game.options.schema()")
    for bad in (game.min_players - 1, game.max_players + 1):
        try:
            game.new(bad, 0, options)
        except BadOptions:
            pass
        else:
            raise AssertionError(f"game.new({bad} players) was accepted; it must raise BadOptions")
    resolved = game.options.resolve(options)
    for n in counts:
        _require(game.min_players <= n <= game.max_players, f"{n} players is outside the game's range")
        _require(game.num_actions(n, resolved) > 0, f"num_actions({n} players) must be positive")
        _require(game.observation_size(n, resolved) > 0, f"observation_size({n} players) must be positive")


def _check_kind(game: Game, players: int, options: Mapping[str, Any] | None, playouts: Sequence[State]) -> None:
    """The game is of the kind its spec declares (``Game.kind``): no random playout with the default options
    outlasts ``max_game_length`` decisions, and a game without chance plays the same from another seed."""
    kind = game.kind()
    bound = kind["max_game_length"]
    if bound is not None and game.options.resolve(options) == game.options.defaults():
        for state in playouts:
            _require(
                len(state.history) <= bound,
                f"a random game took {len(state.history)} decisions; the spec's max_game_length is {bound}",
            )
    if not kind["has_chance"]:
        what = "its spec declares no chance, but the same actions from another seed gave another game"
        for state in playouts:
            other = game.new(players, state.seed + 1, options)
            for i, action in enumerate(state.history):
                try:
                    other.apply(other.parse_action(str(action)))
                except MonsterLairError as exc:
                    raise AssertionError(f"{what} (action {i + 1}, {str(action)!r}: {exc})") from None
            _require(snapshot(other).views == snapshot(state).views, what)


def _action_pool(
    game: Game, players: int, seeds: Sequence[int], options: Mapping[str, Any] | None, refs: Mapping[int, State]
) -> list[str]:
    """Every action text legal somewhere in the reference games (for trying them where they are not)."""
    seen: dict[str, None] = {}
    for seed in seeds:
        replay = game.new(players, seed, options)
        for i, action in enumerate(refs[seed].history):
            legal = replay.legal_actions()
            seen.update((str(a), None) for a in legal)
            _require(
                action in legal,
                f"seed {seed}: action {i} ({str(action)!r}) of the random playout is not legal in a second game "
                "started with the same seed (the same seed must give the same game)",
            )
            replay.apply_unchecked(action)
        _same(snapshot(refs[seed]), snapshot(replay), f"seed {seed}: a second game with the same seed and actions")
    return list(seen)


@dataclass(eq=False)
class _Walk:
    """One checked random game: the trajectory of ``random_playout(game, players, seed)``."""

    game: Game
    players: int
    seed: int
    options: Mapping[str, Any] | None
    pool: list[str]
    reference: State
    report: ConformanceReport

    def __post_init__(self) -> None:
        self.side = Rng(self.seed).fork(0x51DE)  # illegal-action picks and determinization seeds
        self.step = 0

    def run(self) -> None:
        try:
            self._run()
        except AssertionError as exc:
            raise AssertionError(f"{self._where()}: {exc}") from None
        except Exception as exc:  # the game crashed: report where, keep the traceback
            raise AssertionError(f"{self._where()}: {type(exc).__name__}: {exc}") from exc

    def _where(self) -> str:
        where = f"{self.game.id} with {self.players} players, seed {self.seed}, at action {self.step}"
        return f"{where} (the position after random_playout(game, {self.players}, {self.seed}).history[:{self.step}])"

    def _run(self) -> None:
        game, players = self.game, self.players
        state = game.new(players, self.seed, self.options)
        _require(not state.history, "a new state's history must be empty")
        rng = _playout_rng(self.seed)
        expected_texts = self.reference.record()["actions"]
        total = len(expected_texts)
        mid = total // 2
        mid_snap: Snapshot | None = None
        snap = snapshot(state)
        while True:
            _check_views(state, snap)
            if self.step == 0:
                self._check_render(state, snap)
            check_decision(state)
            check_result(state)
            if self.step == mid:
                mid_snap = snap
            if state.over:
                break
            _require(self.step < total, f"the game goes on past the {total} actions of the same seed's playout")
            # clone equal to the original
            clone = state.clone()
            _require(clone is not state, "clone() returned the state itself")
            _same(snap, snapshot(clone), "clone()")
            # checks that must leave the state alone; one comparison at the end (snapshots can be costly)
            pristine = state.clone()
            ops: list[tuple[str, Callable[[State], object]]] = []
            legal = state.legal_actions()
            probe = legal[self.side.below(len(legal))]
            state.clone().apply_unchecked(probe)  # first: a clone sharing parts would confuse every later check
            _same(snap, snapshot(state), f"playing {str(probe)!r} on a clone changed the original:")
            self._check_redaction(state, snap, ops)  # next: the others' side effects would show in the samples
            self._check_illegal(state, snap, ops)
            self._check_heuristic(state, ops)
            _unchanged(state, snap, pristine, ops)
            action = legal[rng.below(len(legal))]
            _require(
                str(action) == expected_texts[self.step],
                f"the same seed chose {str(action)!r} but the reference playout played "
                f"{expected_texts[self.step]!r} (is the game deterministic?)",
            )
            events = state.apply(action)
            self.step += 1
            check_events(events, players)
            check_words(self.game, events, players, state.options)
            # the clone did not move with the original, and playing on it gives the same
            _same(snap, snapshot(clone), f"playing {str(action)!r} on the original changed a clone:")
            quiet = clone.clone()
            quiet.apply_quiet(action)
            clone_events = clone.apply(action)
            _require(
                _full(clone_events) == _full(events),
                f"{str(action)!r} caused other events on a clone: {_short(_full(clone_events))} "
                f"vs {_short(_full(events))}",
            )
            snap = snapshot(state)
            _same(snap, snapshot(clone), f"after {str(action)!r}, the clone and the original")
            _same(snap, snapshot(quiet), f"after {str(action)!r}, apply_quiet() and apply()")
            _require(
                _generator_state(quiet) == _generator_state(state),
                f"after {str(action)!r}, apply_quiet() left the generator elsewhere than apply()",
            )
            _require(
                len(state.history) == self.step and state.history[-1] == action,
                "history must hold every applied action, in order",
            )
        self.report.games += 1
        self.report.actions += self.step
        result = state.result
        assert result is not None
        self.report.capped += int(result.capped)
        self._check_render(state, snap)
        _same(snapshot(self.reference), snap, "the reference playout with the same seed")
        pristine = state.clone()
        ops = []
        self._check_illegal(state, snap, ops)
        _unchanged(state, snap, pristine, ops)
        check_replay(state, expected=snap)
        if mid_snap is not None:
            check_replay(state, upto=mid, expected=mid_snap)

    # --- per-decision checks -------------------------------------------------------------
    def _check_render(self, state: State, snap: Snapshot) -> None:
        for seat, view in snap.views.items():
            text = self.game.render(view, seat)
            _require(isinstance(text, str) and text != "", f"render({_seat_name(seat)}'s view) must be text")
        for action in state.legal_actions():
            _require(isinstance(self.game.describe_action(action), str), "describe_action() must return text")

    def _check_illegal(self, state: State, snap: Snapshot, ops: list[tuple[str, Callable[[State], object]]]) -> None:
        legal_texts = set(snap.legal)
        candidates = [t for t in self.pool if t not in legal_texts]
        picks = [candidates[self.side.below(len(candidates))] for _ in range(ILLEGAL_PER_STEP)] if candidates else []
        for text in picks:
            action = self.game.parse_action(text)
            _rejected(state, ops, f"applying {text!r} (legal elsewhere)", _op_apply(action))
            _rejected(state, ops, f"state.parse_action({text!r})", _op_parse(text))
        garbage = GARBAGE[self.step % len(GARBAGE)]
        try:
            self.game.parse_action(garbage)
        except BadAction:
            pass
        else:
            raise AssertionError(f"game.parse_action({garbage!r}) must raise BadAction")
        _rejected(state, ops, f"state.parse_action({garbage!r})", _op_parse(garbage), BadAction)
        _rejected(state, ops, "applying a foreign object", _op_apply(object()))
        odd = ODD_TEXTS[self.step % len(ODD_TEXTS)]
        try:
            parsed = self.game.parse_action(odd)
        except BadAction:
            return
        except Exception as exc:
            raise AssertionError(f"game.parse_action({odd!r}) raised {type(exc).__name__}, not BadAction") from exc
        if str(parsed) not in legal_texts:
            _rejected(state, ops, f"applying {odd!r} (parsed as {str(parsed)!r})", _op_apply(parsed))

    def _check_redaction(self, state: State, snap: Snapshot, ops: list[tuple[str, Callable[[State], object]]]) -> None:
        players = self.players
        rotating = self.step % players
        for seat in range(players):
            seed = self.side.next64()
            varied = check_determinize(state, seat, seed, expected=snap, independence=seat == rotating)
            ops.append((f"determinize({seat})", _op_determinize(seat, seed)))
            self.report.determinizations += 1
            self.report.determinize_varied |= varied

    def _check_heuristic(self, state: State, ops: list[tuple[str, Callable[[State], object]]]) -> None:
        for seat in range(self.players):
            h = _run(state, ops, f"heuristic(state, {seat})", _op_heuristic(seat))
            _require(
                isinstance(h, int | float) and 0.0 <= h <= 1.0,
                f"heuristic(state, {seat}) is {h!r}, not a number in [0, 1]",
            )


# --- reusable checks ---------------------------------------------------------------------------


def check_decision(state: State) -> None:
    """The decision at hand is well formed (see the module docstring).

    Raises:
        AssertionError: naming the problem.
    """
    game = state.game
    legal = state.legal_actions()
    over = state.over
    _require(bool(legal) != over, f"over is {over} but there are {len(legal)} legal actions")
    _require((state.to_move is None) == over, f"over is {over} but to_move is {state.to_move!r}")
    _require((state.result is None) != over, f"over is {over} but result is {state.result!r}")
    if over:
        return
    to_move = state.to_move
    _require(
        isinstance(to_move, int) and 0 <= to_move < state.players, f"to_move {to_move!r} is not a seat of this game"
    )
    texts = [str(a) for a in legal]
    _require(len(set(texts)) == len(texts), f"action texts are not unique: {_duplicates(texts)}")
    _require(len(set(legal)) == len(legal), "legal actions hold equal actions twice")
    options = state.options
    size = game.num_actions(state.players, options)
    indices: set[int] = set()
    for action, text in zip(legal, texts, strict=True):
        _require(text == text.strip() and text != "", f"action text {text!r} is empty or padded")
        parsed = game.parse_action(text)
        _require(parsed == action, f"game.parse_action({text!r}) gave {parsed!r}, not {action!r}")
        _require(state.parse_action(text) == action, f"state.parse_action({text!r}) is not the legal action")
        _require(game.parse_action(f"  {text.upper()}  ") == action, f"parsing {text!r} must forgive case and spaces")
        index = game.action_index(action, state.players, options)
        _require(
            isinstance(index, int) and 0 <= index < size, f"action_index({text!r}) = {index!r} is outside [0, {size})"
        )
        _require(index not in indices, f"two legal actions share index {index}")
        try:
            by_text: object = game.action_index(text, state.players, options)
        except BadAction as exc:
            by_text = f"BadAction ({exc})"
        _require(by_text == index, f"action_index({text!r}) as text gave {by_text!r}, not the action's {index}")
        indices.add(index)
    for action, text in zip(legal, texts, strict=True):
        index = game.action_index(action, state.players, options)
        back = game.action_from_index(index, state.players, options)
        _require(back == action, f"action_from_index({index}) gave {back!r}, not {text!r}")


def check_result(state: State) -> None:
    """A finished game's result is consistent: seats, competition ranks, payoffs in [0, 1].

    Raises:
        AssertionError: naming the problem.
    """
    result = state.result
    if result is None:
        return
    n = state.players
    _require(isinstance(result, Result), f"result must be a Result, not {type(result).__name__}")
    winners = result.winners
    _require(all(isinstance(w, int) and 0 <= w < n for w in winners), f"winners {winners} are not all seats")
    _require(len(set(winners)) == len(winners), f"winners {winners} repeat a seat")
    _require(len(result.ranks) == n, f"ranks {result.ranks} must give one rank per seat")
    _require(len(result.scores) == n, f"scores {result.scores} must give one score per seat")
    for seat, rank in enumerate(result.ranks):
        better = sum(1 for r in result.ranks if r < rank)
        _require(rank == better + 1, f"ranks {result.ranks} are not competition ranks (1 = best; ties share)")
        _require(state.payoff(seat) == result.payoff(seat), "state.payoff() must be the result's payoff")
        _require(0.0 <= result.payoff(seat) <= 1.0, f"payoff of seat {seat} is outside [0, 1]")
    if winners:
        firsts = {s for s, r in enumerate(result.ranks) if r == 1}
        _require(firsts == set(winners), f"winners {winners} must be exactly the seats ranked 1 ({sorted(firsts)})")
    _require(all(isinstance(s, int | float) and math.isfinite(s) for s in result.scores), "scores must be finite")
    _require(isinstance(result.termination, str) and result.termination != "", "termination must name a reason")
    _require(isinstance(result.capped, bool), "capped must be True or False")
    _json_ok(result.to_json(), "result.to_json()")


_NOT_PROSE = ("=", "{", "[", "None", "True", "False")


def check_words(game: Game, events: Sequence[Event], players: int, options: Mapping[str, Any]) -> None:
    """Every event reads as a sentence for every seat and a spectator (``Game.describe_event``): text,
    not a dump of fields, codes or Python reprs.

    Raises:
        AssertionError: naming the event and the reader.
    """
    names = [f"Player {s + 1}" for s in range(players)]
    for event in events:
        for seat in [*range(players), None]:
            text = game.describe_event(event.for_seat(seat), seat, names, options)
            _require(isinstance(text, str) and text.strip() != "", f"event {event.type!r}: describe_event gave no text")
            bad = [mark for mark in _NOT_PROSE if mark in text]
            if bad:
                raise AssertionError(
                    f"event {event.type!r} reads {text!r} to {_seat_name(seat)}: not prose ({bad[0]!r})"
                )


def check_events(events: Sequence[Event], players: int) -> None:
    """Events are well formed, JSON-ready, and their private parts reach only the seats in ``to``.

    Raises:
        AssertionError: naming the event.
    """
    _require(isinstance(events, list), f"apply() must return a list of events, not {type(events).__name__}")
    for event in events:
        _require(isinstance(event, Event), f"apply() returned {event!r}, not an Event")
        _require(isinstance(event.type, str) and event.type != "", f"event {event!r} has no type")
        _require(isinstance(event.to, tuple), f"event {event.type!r}: 'to' must be a tuple of seats")
        _require(all(isinstance(s, int) and 0 <= s < players for s in event.to), f"event {event!r}: bad 'to' seats")
        _require("type" not in event.data, f"event {event.type!r}: data must not hold a 'type' key")
        _json_ok(event.full(), f"event {event.type!r}")
        private = event.private or {}
        clash = set(private) & (set(event.data) | {"type"})
        _require(not clash, f"event {event.type!r}: private keys {sorted(clash)} are also public")
        for seat in [*range(players), None]:
            seen = event.for_seat(seat)
            if seat not in event.to:
                leaked = set(private) & set(seen)
                _require(not leaked, f"event {event.type!r} shows {_seat_name(seat)} private {sorted(leaked)}")


def check_determinize(
    state: State, seat: Seat, seed: int, *, expected: Snapshot | None = None, independence: bool = True
) -> bool:
    """``state.determinize(seat, Rng(seed))`` is consistent with what ``seat`` knows, and only with that.

    Checks that the sample keeps ``view(seat)``, the spectator view, ``to_move`` and (when ``seat`` is to move)
    the legal actions; with ``independence``, that resampling the sample gives the same full state as
    resampling the truth with the same seed (every seat's view, then :data:`LOOKAHEAD` random actions with
    their full events). Returns True if the sample differs from the truth in some other seat's view.

    Raises:
        AssertionError: naming the problem.
    """
    snap = expected if expected is not None else snapshot(state)
    name = _seat_name(seat)
    sample = state.determinize(seat, Rng(seed))
    _require(sample is not state, f"determinize({seat}) returned the state itself; it must return a clone")
    _require(sample.to_move == snap.to_move, f"determinize({seat}) changed to_move to {sample.to_move!r}")
    for who in (seat, None):
        view = sample.view(who)
        _require(
            view == snap.views[who],
            f"determinize({seat}) changed {_seat_name(who)}'s view, so it leaks or loses what {name} sees: "
            f"{_dict_difference(snap.views[who], view)}",
        )
    if seat == snap.to_move:
        texts = tuple(str(a) for a in sample.legal_actions())
        _require(texts == snap.legal, f"determinize({seat}) changed the legal actions of the seat to move")
    varied = False
    if independence and not state.over:
        varied = any(sample.view(s) != snap.views[s] for s in range(state.players) if s != seat)
        again = Rng(seed).fork(1).next64()
        from_truth = state.determinize(seat, Rng(again))
        from_sample = sample.determinize(seat, Rng(again))
        what = (
            f"determinize({seat}) depends on the hidden truth: resampling the truth and resampling a sample with "
            "the same seed gave different states"
        )
        _same(snapshot(from_truth), snapshot(from_sample), what)
        pick = Rng(again).fork(2)
        for _ in range(LOOKAHEAD):
            legal_a, legal_b = from_truth.legal_actions(), from_sample.legal_actions()
            if not legal_a or [str(a) for a in legal_a] != [str(b) for b in legal_b]:
                _require(not legal_a and not legal_b, f"{what} (the legal actions differ a few actions ahead)")
                break
            i = pick.below(len(legal_a))
            ea, eb = from_truth.apply_unchecked(legal_a[i]), from_sample.apply_unchecked(legal_b[i])
            _require(
                _full(ea) == _full(eb),
                f"{what} (after {str(legal_a[i])!r}: {_short(_full(ea))} vs {_short(_full(eb))})",
            )
        _same(snapshot(from_truth), snapshot(from_sample), f"{what} (a few actions ahead)")
    return varied


def check_replay(state: State, *, upto: int | None = None, expected: Snapshot | None = None) -> None:
    """``record()`` survives JSON, and ``game.replay`` of it rebuilds the same views, result and record.

    With ``upto``, the replay of the first ``upto`` actions must match ``expected`` (a snapshot taken then).

    Raises:
        AssertionError: naming the first difference.
    """
    record = state.record()
    _json_ok(record, "record()")
    text = json.dumps(record, allow_nan=False)
    loaded = json.loads(text)
    _require(loaded == record, "record() does not survive a JSON round trip unchanged")
    try:
        rebuilt = state.game.replay(loaded, upto)
    except BadRecord as exc:
        raise AssertionError(f"replaying its own record failed: {exc}") from None
    target = expected if expected is not None else snapshot(state)
    what = "replaying the record" if upto is None else f"replaying the record's first {upto} actions"
    _same(target, snapshot(rebuilt), what)


def _check_bad_records(game: Game, state: State) -> None:
    """Tampered records raise BadRecord."""
    record = state.record()
    tampered: list[tuple[str, dict[str, Any]]] = [
        ("another rules version", {**record, "rules_version": f"{record['rules_version']}-other"}),
        ("another game", {**record, "game": record["game"] + "-other"}),
        ("a garbage action", {**record, "actions": [*record["actions"], GARBAGE[2]]}),
        ("an action after the end", {**record, "actions": [*record["actions"], *record["actions"][:1]]}),
        ("no actions list", {k: v for k, v in record.items() if k != "actions"}),
    ]
    for what, bad in tampered:
        try:
            game.replay(bad)
        except BadRecord:
            continue
        raise AssertionError(f"game.replay() of a record with {what} must raise BadRecord")


# --- another interpreter ----------------------------------------------------------------------


def _locate(game: Game) -> str:
    """``module:attribute`` naming ``game`` for a fresh interpreter (the registry id for registered games)."""
    from monsterlair import games

    try:
        if games.get(game.id) is game:
            return f"registry:{game.id}"
    except Exception:  # an unregistered game, or a registration that does not load: find the object instead
        pass
    module = sys.modules.get(type(game).__module__)
    for name, value in vars(module).items() if module is not None else ():
        if value is game:
            return f"{module.__name__}:{name}"  # type: ignore[union-attr]
    raise ValueError(
        f"check_game(subprocess_check=True) needs {game.id!r} importable in a fresh interpreter: register it, or "
        "keep it in a module-level variable of its class's module, or pass subprocess_check=False."
    )


def _digest(state: State) -> str:
    """A hash of a finished game's record, result and every view."""
    snap = snapshot(state)
    views = [snap.views[s] for s in [*range(state.players), None]]
    text = json.dumps([snap.record, snap.result, views], sort_keys=True, default=repr)  # the walk reports non-JSON
    return hashlib.sha256(text.encode()).hexdigest()


def _digests(game: Game, counts: Sequence[int], seeds: Sequence[int], options: Any, max_actions: int) -> list[str]:
    return [_digest(random_playout(game, n, seed, options, max_actions=max_actions)) for n in counts for seed in seeds]


def _main_digests() -> None:
    """Entry point of the fresh interpreter: the job is its first argument; prints the games' digests."""
    job = json.loads(sys.argv[1])
    where, _, attr = job["game"].partition(":")
    if where == "registry":
        from monsterlair import games

        game = games.get(attr)
    else:
        import importlib

        game = getattr(importlib.import_module(where), attr)
    sys.stdout.write(
        json.dumps(_digests(game, job["counts"], job["seeds"], job["options"], job["max_actions"]), allow_nan=False)
    )


def _start_other_process(
    game: Game, counts: Sequence[int], seeds: Sequence[int], options: Mapping[str, Any] | None, max_actions: int
) -> subprocess.Popen[str]:
    """Start playing the same trajectories in another interpreter, with another hash seed."""
    job: dict[str, Any] = {
        "game": _locate(game),
        "counts": list(counts),
        "seeds": list(seeds),
        "options": dict(options or {}),
        "max_actions": max_actions,
    }
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "1" if env.get("PYTHONHASHSEED") == "0" else "0"
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    code = "from monsterlair.testing.conformance import _main_digests; _main_digests()"
    return subprocess.Popen(
        [sys.executable, "-c", code, json.dumps(job, allow_nan=False)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _finish_other_process(
    proc: subprocess.Popen[str], counts: Sequence[int], seeds: Sequence[int], mine: Sequence[str]
) -> None:
    """The other interpreter's games equal ours (``mine``: digests in ``counts`` × ``seeds`` order)."""
    try:
        out, err = proc.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        raise AssertionError("the fresh interpreter did not finish within 600 s") from None
    _require(proc.returncode == 0, f"the game failed in a fresh interpreter: {err.strip()[-2000:]}")
    theirs = json.loads(out)
    runs = [(n, seed) for n in counts for seed in seeds]
    for (n, seed), a, b in zip(runs, mine, theirs, strict=True):
        _require(
            a == b,
            f"{n} players, seed {seed}: another interpreter (another PYTHONHASHSEED) played a different game "
            "from the same seed and actions; does the game iterate a set or use id()?",
        )


# --- helpers -----------------------------------------------------------------------------------


def _check_views(state: State, snap: Snapshot) -> None:
    """Every view is JSON-native, has the common keys, agrees with the state, and encodes for RL."""
    game = state.game
    n = state.players
    result_json = snap.result
    size = game.observation_size(n, state.options)
    for seat, view in snap.views.items():
        name = f"{_seat_name(seat)}'s view"
        _require(isinstance(view, dict), f"{name} must be a dict")
        _json_ok(view, name)
        missing = [k for k in REQUIRED_VIEW_KEYS if k not in view]
        _require(not missing, f"{name} lacks {missing}")
        _require("log" not in view, f"{name} must not hold a 'log' (the server and CLI keep event logs)")
        _require(view["game"] == game.id, f"{name}['game'] is {view['game']!r}, not {game.id!r}")
        _require(view["seat"] == seat, f"{name}['seat'] is {view['seat']!r}")
        _require(view["to_move"] == state.to_move, f"{name}['to_move'] is {view['to_move']!r}, not {state.to_move!r}")
        _require(view["over"] == state.over, f"{name}['over'] is {view['over']!r}")
        _require(view["result"] == result_json, f"{name}['result'] is not result.to_json()")
        players = view["players"]
        _require(
            players == n if isinstance(players, int) else isinstance(players, list) and len(players) == n,
            f"{name}['players'] must be the player count or a list with one entry per seat",
        )
        if seat is None:
            continue
        encoded = game.encode_view(view, n, state.options)
        _require(len(encoded) == size, f"encode_view({name}) has {len(encoded)} numbers, observation_size {size}")
        _require(
            all(isinstance(x, int | float) and math.isfinite(x) for x in encoded),
            f"encode_view({name}) holds a non-finite or non-numeric value",
        )
        if type(game).encode_state_sparse is not Game.encode_state_sparse:
            _check_sparse(game.encode_state_sparse(state, seat, n, state.options), encoded, size, name)
        if type(game).observation_writer is not Game.observation_writer:
            _check_writer(state, seat, encoded, size, name)


def _check_writer(state: State, seat: int, encoded: list[float], size: int, name: str) -> None:
    """The game's observation writer, writing into a fresh row, gives ``encode_view``'s numbers as float32."""
    row = array("f", bytes(4 * size))
    writer = state.game.observation_writer(state.players, state.options, flat_floats(row), 1)
    if writer is None:
        return
    writer.write(0, state, seat)
    expected = array("f", encoded)
    wrong = [i for i in range(size) if row[i] != expected[i]]
    _require(
        not wrong,
        f"observation_writer({name}) differs from encode_view at {wrong[:8]}"
        + (f": {row[wrong[0]]!r} instead of {expected[wrong[0]]!r}" if wrong else ""),
    )


def _check_sparse(sparse: tuple[list[int], list[float]] | None, encoded: list[float], size: int, name: str) -> None:
    """The sparse fast path's entries, added up per index from 0.0, are exactly ``encode_view``'s numbers."""
    if sparse is None:
        return
    index, values = sparse
    _require(len(index) == len(values), f"encode_state_sparse({name}) gives {len(index)} indices, {len(values)} values")
    summed = [0.0] * size
    for i, v in zip(index, values, strict=True):
        _require(
            isinstance(i, int) and 0 <= i < size, f"encode_state_sparse({name}) has index {i!r} outside 0..{size - 1}"
        )
        summed[i] += v
    wrong = [i for i in range(size) if summed[i] != encoded[i]]
    _require(
        not wrong,
        f"encode_state_sparse({name}) differs from encode_view at {wrong[:8]}"
        + (f": {summed[wrong[0]]!r} instead of {encoded[wrong[0]]!r}" if wrong else ""),
    )


Op = Callable[[State], object]
"""A call on a state that must leave it unchanged (kept so a change can be traced to the call that made it)."""


def _op_apply(action: Any) -> Op:
    return lambda s: s.apply(action)


def _op_parse(text: str) -> Op:
    return lambda s: s.parse_action(text)


def _op_determinize(seat: Seat, seed: int) -> Op:
    return lambda s: s.determinize(seat, Rng(seed))


def _op_heuristic(seat: Seat) -> Op:
    return lambda s: s.game.heuristic(s, seat)


def _run(state: State, ops: list[tuple[str, Op]], what: str, op: Op) -> object:
    """Call ``op(state)`` and remember it for :func:`_unchanged`."""
    ops.append((what, op))
    return op(state)


def _rejected(
    state: State,
    ops: list[tuple[str, Op]],
    what: str,
    attempt: Op,
    expected: type[Exception] | tuple[type[Exception], ...] = (IllegalAction, BadAction),
) -> None:
    """``attempt(state)`` raises ``expected`` (or GameOver once the game has ended); it must change nothing."""
    allowed = expected if isinstance(expected, tuple) else (expected,)
    if state.over:
        allowed = (*allowed, GameOver)
    ops.append((f"{what}, though rejected,", attempt))
    try:
        attempt(state)
    except allowed:
        pass
    except Exception as exc:  # any other exception is the failure being reported
        raise AssertionError(f"{what} raised {type(exc).__name__}: {exc}; expected one of {_names(allowed)}") from exc
    else:
        raise AssertionError(f"{what} was accepted; expected one of {_names(allowed)}")


def _unchanged(state: State, snap: Snapshot, pristine: State, ops: list[tuple[str, Op]]) -> None:
    """``state`` still matches ``snap`` after ``ops``; if not, replay them on copies of ``pristine`` to name one."""
    problem = snap.difference(snapshot(state))
    if problem is None:
        return
    for what, op in ops:
        trial = pristine.clone()
        before = snapshot(trial)
        try:
            op(trial)
        except Exception:  # the rejections themselves are expected here
            pass
        culprit = before.difference(snapshot(trial))
        if culprit is not None:
            raise AssertionError(f"{what} changed the state: {culprit}")
    raise AssertionError(f"calls that must not change the state changed it: {problem}")


def _same(before: Snapshot, after: Snapshot, what: str) -> None:
    problem = before.difference(after)
    if problem is not None:
        raise AssertionError(f"{what} does not match: {problem}")


def _generator_state(state: State) -> int | None:
    """The state of the game's seeded generator, kept as ``rng`` or ``_rng`` (``None`` for a game without)."""
    rng = getattr(state, "rng", None) or getattr(state, "_rng", None)
    return rng.getstate() if isinstance(rng, Rng) else None


def _require(condition: object, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def _full(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [e.full() for e in events]


def _json_ok(value: Any, what: str) -> None:
    problem = _json_problem(value, what)
    if problem is not None:
        raise AssertionError(f"{problem}; views, events, records and info must be plain JSON")


def _json_problem(value: Any, path: str) -> str | None:
    """The first part of ``value`` that is not plain JSON (str keys, finite numbers), or ``None``."""
    if value is None or isinstance(value, bool | str | int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value!r}, not a finite number"
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            problem = _json_problem(item, f"{path}[{i}]")
            if problem is not None:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{path} has the non-text key {key!r}"
            problem = _json_problem(item, f"{path}[{key!r}]")
            if problem is not None:
                return problem
        return None
    return f"{path} holds a {type(value).__name__} ({_short(value)})"


def _dict_difference(a: Any, b: Any) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if a.get(key, "<absent>") != b.get(key, "<absent>"):
                return f"[{key!r}] was {_short(a.get(key, '<absent>'))}, then {_short(b.get(key, '<absent>'))}"
    return f"{_short(a)} vs {_short(b)}"


def _seat_name(seat: Seat | None) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


def _short(value: Any, limit: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _duplicates(texts: Sequence[str]) -> list[str]:
    return sorted(t for t, k in Counter(texts).items() if k > 1)


def _names(kinds: tuple[type[Exception], ...]) -> str:
    return ", ".join(k.__name__ for k in kinds)
