"""Information-set Monte Carlo tree search by determinization (single-observer ISMCTS).

After Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 4(2), 2012).
One tree is grown over the searching seat's information set. Each iteration:

1. draws a fresh determinization (``perspective.sample(rng)``: hidden cards and the future chance stream
   resampled consistently with what the seat knows), so the search can never read the real hidden cards;
2. descends the tree, restricted to the actions legal in that determinization, choosing by UCB1 where a
   child's exploration term uses its *availability* count (how often it was legal when its parent was
   visited) instead of the parent's visit count;
3. expands one untried legal action (with the heuristic ``prior``, the new node starts with a few virtual
   visits worth the game's heuristic of the position that action leads to), then plays out with
   ``apply_quiet`` (uniformly random, or "greedy-lite": the better of a few random candidates by the
   game's heuristic), cut after ``depth`` actions (4 by default; 0 plays to the end) and scored by the
   game's heuristic;
4. backs up, crediting each edge with the payoff (``state.payoff``) of the seat that chose it.

The move played is the most visited root action. Opponents' decisions appear in the tree as the actions they
took in each determinization (the single-observer simplification); chance is resampled every iteration.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from monsterlair.bots.base import BadBotOptions, Bot, legal_or_raise
from monsterlair.core import Action, BadOptions, Game, Option, OptionSet, OptionValue, Perspective, Rng, State

DEFAULT_SECONDS = 1.0
"""The time budget used when neither ``iterations`` nor ``seconds`` is set."""

MAX_ITERATIONS = 1_000_000
"""The most iterations a move may be given (the documented cap; about a minute to hours, by game)."""

MAX_SECONDS = 3600.0
"""The longest thinking time a move may be given, in seconds (the documented cap)."""

MAX_PLAYOUT = 5000
"""Playouts longer than this are cut and scored by the heuristic (a guard; games have their own caps)."""

DEFAULT_DEPTH = 4
"""Playouts are cut after this many actions and scored by the game's heuristic (docs/bots.md measures why)."""

DEFAULT_PRIOR = 5
"""Virtual visits a new node starts with, valued at the game's heuristic (docs/bots.md)."""

MAX_PRIOR = 1000
"""The most virtual visits the heuristic prior may give a new node."""

_TUNING = ("c", "playout", "candidates", "depth", "prior", "reuse")
"""The settings that shape a search (not its budget or workers): what a helper's tree is grown with."""

CHECK_EVERY = 16
"""Iterations between budget and early-stop checks."""

MAX_WORKERS = 64
"""The most processes one search may use (``workers``)."""


class _Node:
    """A tree node: the edge statistics of the action leading here, and the decisions that follow.

    ``chooser`` is the seat that took the action leading here (its payoff is what ``reward`` sums);
    ``mover`` is the seat deciding at this node. If some determinization reaches the same action history
    with another seat to move (a hidden-information or chance consequence), that seat's decisions live in
    a sibling decision node in ``alt``, so statistics of different deciders never mix.
    """

    __slots__ = ("children", "visits", "reward", "avail", "chooser", "mover", "alt")

    def __init__(self, chooser: int, mover: int = -1) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.chooser = chooser
        self.mover = mover
        self.alt: dict[int, _Node] | None = None

    def decision_for(self, mover: int) -> _Node:
        """The decision node for ``mover`` at this history (this node itself for its own mover)."""
        if self.mover == mover:
            return self
        if self.mover < 0:
            self.mover = mover
            return self
        if self.alt is None:
            self.alt = {}
        node = self.alt.get(mover)
        if node is None:
            node = self.alt[mover] = _Node(-1, mover)
        return node


@dataclass(slots=True)
class ActionStats:
    """What the search learnt about one root action."""

    action: Action
    visits: int
    mean: float


@dataclass(slots=True)
class SearchReport:
    """The outcome of one search: the chosen action and the statistics behind it."""

    action: Action
    iterations: int
    seconds: float
    stats: list[ActionStats] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (action texts, visits, mean payoffs)."""
        return {
            "action": str(self.action),
            "iterations": self.iterations,
            "seconds": round(self.seconds, 6),
            "stats": [{"action": str(s.action), "visits": s.visits, "mean": round(s.mean, 4)} for s in self.stats],
        }


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (monsterlair.compiled); a bot may build on it
class ISMCTSBot(Bot):
    """Single-observer information-set MCTS over determinized samples of the seat's information set."""

    name = "ismcts"
    summary = "Information-set Monte Carlo tree search over sampled hidden cards (Cowling et al. 2012)."
    options = OptionSet(
        [
            Option(
                "iterations",
                0,
                "Iterations per move (0 = no iteration limit). Set it, and not 'seconds', for reproducible play: "
                "the same seed and position then always give the same move.",
                minimum=0,
                maximum=MAX_ITERATIONS,
            ),
            Option(
                "seconds",
                0.0,
                "Thinking time per move in seconds (0 = no time limit). With neither budget set, 1 second. "
                "The search stops early once the most visited action cannot be overtaken.",
                minimum=0.0,
                maximum=MAX_SECONDS,
            ),
            Option("c", 0.7, "UCB1 exploration constant (payoffs are in [0, 1]).", minimum=0.0, maximum=10.0),
            Option(
                "playout",
                "random",
                "Playout policy: 'random' (uniform legal actions), 'greedy-lite' (the better of a few random "
                "legal actions by the game's heuristic; slower, more realistic), or 'none' (no playout: the new "
                "leaf is scored by the game's heuristic).",
                choices=("random", "greedy-lite", "none"),
            ),
            Option(
                "candidates",
                2,
                "greedy-lite only: random legal actions compared at each playout step.",
                minimum=2,
                maximum=64,
            ),
            Option(
                "depth",
                DEFAULT_DEPTH,
                "Playout length cap in actions (0 = play to the end); a cut playout is scored by the game's "
                "heuristic for every seat.",
                minimum=0,
                maximum=MAX_PLAYOUT,
            ),
            Option(
                "prior",
                DEFAULT_PRIOR,
                "Heuristic prior: a new tree node starts with this many virtual visits valued at the game's "
                "heuristic of the position its action leads to (0 = off).",
                minimum=0,
                maximum=MAX_PRIOR,
            ),
            Option(
                "reuse",
                1,
                "Iterations per determinization: each sample of the hidden cards and the chance to come is "
                "searched this many times, on fresh copies (drawing a sample costs much more than a copy).",
                minimum=1,
                maximum=64,
            ),
            Option(
                "workers",
                1,
                "Processes searching at once (root parallelism): each grows its own tree over its own samples for "
                "the whole time, an iteration budget is shared out, and their root statistics are added up. More "
                "than 1 uses more cores, never more time.",
                minimum=1,
                maximum=MAX_WORKERS,
            ),
        ]
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.iterations = int(self.settings["iterations"])
        seconds = float(self.settings["seconds"])
        self.seconds = DEFAULT_SECONDS if self.iterations == 0 and seconds == 0.0 else seconds
        self.workers = int(self.settings["workers"])
        self._given = frozenset(options)
        self._tuned: dict[str, dict[str, OptionValue]] = {}
        self._game = ""
        self._use(self.settings)

    def _use(self, settings: Mapping[str, OptionValue]) -> None:
        """Put the search's tuning settings in force."""
        self.c = float(settings["c"])
        self.playout = str(settings["playout"])
        self.candidates = int(settings["candidates"])
        self.depth = int(settings["depth"])
        self.prior = int(settings["prior"])
        self.reuse = int(settings["reuse"])

    def _tune_for(self, game: Game) -> None:
        """Use ``game``'s own search settings (:attr:`Game.search_settings`) for what the spec left unnamed.

        Only the tuning settings may come from a game: never the budget (``iterations``, ``seconds``).

        Raises:
            BadBotOptions: if a game's settings are not valid ``ismcts`` settings (a game's mistake).
        """
        if game.id == self._game:
            return
        tuned = self._tuned.get(game.id)
        if tuned is None:
            own = {k: v for k, v in game.search_settings.items() if k not in self._given}
            if game.search_settings.keys() & {"iterations", "seconds"}:
                raise BadBotOptions(f"Game '{game.id}': search settings may not set the search's budget.")
            try:
                tuned = self.options.resolve({**{k: self.settings[k] for k in self._given}, **own})
            except BadOptions as exc:
                raise BadBotOptions(f"Game '{game.id}': bad search settings: {exc}") from None
            self._tuned[game.id] = tuned
        self._use(tuned)
        self._game = game.id

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        """The most visited root action after the search budget is spent (a forced move at once).

        Raises:
            GameOver: if the game has ended.
            ValueError: if the perspective's seat is not the seat to move.
        """
        return self.search(perspective, rng).action

    def search(self, perspective: Perspective, rng: Rng) -> SearchReport:
        """Run the search and report the chosen action with per-action visits and mean payoffs.

        With ``workers`` above 1, that many trees are grown at once (:mod:`monsterlair.bots.parallel`), each
        with a generator forked from ``rng`` and its share of an ``iterations`` budget, and their root
        statistics are added up: the same seed and budget give the same move whether the trees grew in
        helper processes or one after another.

        Raises:
            GameOver: if the game has ended.
            ValueError: if the perspective's seat is not the seat to move.
        """
        legal = legal_or_raise(perspective)
        if len(legal) == 1:
            return SearchReport(legal[0], 0, 0.0, [ActionStats(legal[0], 0, 0.0)])
        self._tune_for(perspective.game)
        start = time.perf_counter()
        if self.workers == 1:
            rows, done = self._grow(perspective, rng, self.iterations, self.seconds)
            return _report(legal, rows, done, time.perf_counter() - start)
        from monsterlair.bots import parallel

        settings = {key: getattr(self, key) for key in _TUNING}  # as tuned for this game
        shares = []
        deadline = time.time() + self.seconds if self.seconds > 0 else 0.0
        for i in range(self.workers):
            share = self.iterations // self.workers + (i < self.iterations % self.workers)
            if self.iterations and not share:
                break
            shares.append((settings, perspective, rng.fork(i).getstate(), share, deadline))
        grown = parallel.run_shares(grow_share, shares)
        rows = [
            (sum(r[0] for r in same), sum(r[1] for r in same), sum(r[2] for r in same))
            for same in zip(*[tree for tree, _ in grown], strict=True)
        ]
        return _report(legal, rows, sum(done for _, done in grown), time.perf_counter() - start)

    def _grow(
        self, perspective: Perspective, rng: Rng, iterations: int, seconds: float
    ) -> tuple[list[tuple[int, int, float]], int]:
        """Grow one tree within the budget; every legal action's root statistics and the iterations run."""
        seat = perspective.seat
        root = _Node(-1, seat)
        start = time.perf_counter()
        deadline = start + seconds if seconds > 0 else math.inf
        limit = iterations if iterations > 0 else math.inf
        done = 0
        reuse = self.reuse
        sample: State | None = None
        while done < limit:
            if reuse == 1:
                world = perspective.sample(rng)
            else:
                if done % reuse == 0:
                    sample = perspective.sample(rng)
                assert sample is not None
                world = sample.clone()
            if done == 0 and world.to_move != seat:
                raise ValueError(f"ismcts was asked to move for seat {seat}, but seat {world.to_move} is to move.")
            self._iterate(root, world, rng)
            done += 1
            if done % CHECK_EVERY == 0:
                now = time.perf_counter()
                if now >= deadline:
                    break
                remaining = limit - done
                if deadline != math.inf:
                    remaining = min(remaining, (deadline - now) * done / max(now - start, 1e-9))
                if _decided(root, remaining):
                    break
        return _root_stats(root, perspective.legal_actions(), self.prior), done

    # --- one iteration ------------------------------------------------------------------------
    def _iterate(self, root: _Node, world: State, rng: Rng) -> None:
        """Select, expand, play out and back up on one determinization."""
        c = self.c
        log = math.log
        sqrt = math.sqrt
        node = root
        path: list[_Node] = []
        leaf: list[float] | None = None
        while True:
            mover = world.to_move
            if mover is None:
                break
            if node.mover != mover:
                node = node.decision_for(mover)
            children = node.children
            untried: list[Action] | None = None
            best: _Node | None = None
            best_action: Action = None
            best_score = -1.0
            for action in world.legal_actions():
                child = children.get(action)
                if child is None:
                    if untried is None:
                        untried = [action]
                    else:
                        untried.append(action)
                    continue
                child.avail += 1
                if untried is None:
                    visits = child.visits
                    score = child.reward / visits + c * sqrt(log(child.avail) / visits)
                    if score > best_score:
                        best_score = score
                        best = child
                        best_action = action
            if untried is not None:
                action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(mover)
                children[action] = child
                world.apply_quiet(action)
                path.append(child)
                if self.playout == "none":
                    # the leaf's values serve both as the playout's result and as the prior's value
                    leaf = _values(world)
                    if self.prior:
                        child.visits = self.prior
                        child.reward = self.prior * leaf[mover]
                elif self.prior:
                    _seed_prior(child, world, mover, self.prior)
                break
            assert best is not None
            world.apply_quiet(best_action)
            path.append(best)
            node = best
        rewards = leaf if leaf is not None else self._playout(world, rng)
        for child in path:
            child.visits += 1
            child.reward += rewards[child.chooser]

    def _playout(self, world: State, rng: Rng) -> list[float]:
        """Play ``world`` forward and return every seat's reward (payoff, or heuristic if cut)."""
        cap = self.depth if self.depth > 0 else MAX_PLAYOUT
        steps = 0
        if self.playout == "none":
            pass
        elif self.playout == "random":
            legal = world.legal_actions
            play = world.apply_quiet
            below = rng.below
            while not world.over and steps < cap:
                actions = legal()
                n = len(actions)
                play(actions[below(n)] if n > 1 else actions[0])
                steps += 1
        else:
            world = self._greedy_lite(world, rng, cap)
        return _values(world)

    def _greedy_lite(self, world: State, rng: Rng, cap: int) -> State:
        """Each step: compare a few random legal actions by the mover's heuristic after them; play the best."""
        heuristic = world.game.heuristic
        k = self.candidates
        steps = 0
        while not world.over and steps < cap:
            actions = world.legal_actions()
            n = len(actions)
            steps += 1
            if n == 1:
                world.apply_quiet(actions[0])
                continue
            mover = world.to_move
            assert mover is not None
            picks = _distinct(rng, n, k)
            best: State | None = None
            best_value = -1.0
            for i in picks:
                after = world.clone()
                after.apply_quiet(actions[i])
                value = after.payoff(mover) if after.over else heuristic(after, mover)
                if value > best_value:
                    best_value = value
                    best = after
            assert best is not None
            world = best
        return world


def _values(world: State) -> list[float]:
    """Every seat's payoff of a finished ``world``, else every seat's ``game.heuristic`` of it."""
    players = world.players
    if world.over:
        return [world.payoff(s) for s in range(players)]
    heuristic = world.game.heuristic
    return [heuristic(world, s) for s in range(players)]


def _distinct(rng: Rng, n: int, k: int) -> list[int]:
    """``min(k, n)`` distinct indices below ``n`` in random order (a partial Fisher–Yates)."""
    if k >= n:
        idx = list(range(n))
        rng.shuffle(idx)
        return idx
    if k == 2:
        i = rng.below(n)
        j = rng.below(n - 1)
        return [i, j + 1 if j >= i else j]
    return rng.sample(range(n), k)


def _decided(root: _Node, remaining: float) -> bool:
    """True when the most visited root action cannot be overtaken in ``remaining`` more iterations."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


def _seed_prior(child: _Node, world: State, mover: int, prior: int) -> None:
    """Start ``child`` with ``prior`` virtual visits worth the mover's heuristic of ``world`` (its payoff if over)."""
    value = world.payoff(mover) if world.over else world.game.heuristic(world, mover)
    child.visits = prior
    child.reward = prior * value


def _root_stats(root: _Node, legal: Sequence[Action], prior: int) -> list[tuple[int, int, float]]:
    """Every legal action's (real visits, visits with the prior's virtual ones, summed reward) at ``root``."""
    rows = []
    for action in legal:
        child = root.children.get(action)
        rows.append((0, 0, 0.0) if child is None else (child.visits - prior, child.visits, child.reward))
    return rows


def grow_share(
    settings: dict[str, OptionValue], perspective: Perspective, seed: int, iterations: int, deadline: float
) -> tuple[list[tuple[int, int, float]], int]:
    """One tree of a search with several workers (run in a helper process, or in the caller): grown by an
    ``ismcts`` bot of those tuning ``settings`` with ``Rng(seed)``, for ``iterations`` (0: no limit) and until
    the wall-clock ``deadline`` (``time.time()``; 0: none). Its root statistics and iterations, as ``_grow``."""
    bot = ISMCTSBot(**settings, iterations=iterations)
    seconds = max(deadline - time.time(), 1e-6) if deadline else 0.0
    return bot._grow(perspective, Rng(seed), iterations, seconds)


def _report(
    legal: Sequence[Action], rows: Sequence[tuple[int, int, float]], iterations: int, seconds: float
) -> SearchReport:
    """The most visited root action (ties: higher mean payoff, then legal order) and every action's stats.

    ``rows`` are :func:`_root_stats`' (summed over the trees of a search with several workers). Visits count
    real iterations only (the heuristic prior's virtual visits are taken off); the mean is the value the
    search used, which blends in the prior's virtual visits when there are any.
    """
    stats: list[ActionStats] = []
    best: ActionStats | None = None
    for action, (visits, weight, reward) in zip(legal, rows, strict=True):
        st = ActionStats(action, visits, reward / weight if weight else 0.0)
        stats.append(st)
        if best is None or (visits, st.mean) > (best.visits, best.mean):
            best = st
    assert best is not None
    return SearchReport(best.action, iterations, seconds, stats)
