"""Hints at tables against bots: what the strongest bot would play in the asker's place, and why, in one line.

A hint is a search by the IS-MCTS bot (the strongest kind offered) from the asker's own view
(``Perspective``), so it knows nothing the asker does not. Who may ask is decided here, on the server: a
person seated at a game under way, on their own turn, at a table where every other seat is played by a bot
(so the table can never count for ratings). Rated tables never show hints; the browser only hides the
button, this module refuses.

A hint's search runs in the bot worker processes, in the same fair queue as the bots (the asker's fair share),
never in the server's own process; :class:`HintDesk` keeps each person to one hint being worked out at a time
(asking again for the same position shares it).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from monsterlair.bots.ismcts import ActionStats, ISMCTSBot, SearchReport
from monsterlair.core import Action, Game, Perspective, Rng, State
from monsterlair.core.words import capitalise, plural
from monsterlair.server.storage.base import TableData

HINT_BUSY = "A hint is already being worked out for you; wait for it before asking for another."


class HintBusy(Exception):
    """The person's hint under way is for another table or position (the message: :data:`HINT_BUSY`)."""


#: The search budget of one hint: at most this many sampled games, and at most this many seconds.
HINT_ITERATIONS = 400
HINT_SECONDS = 1.5


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action (its text and the words the board shows for it) and the reason."""

    action: str
    label: str
    why: str

    def to_json(self) -> dict[str, str]:
        return {"action": self.action, "label": self.label, "why": self.why}


def _played_by_a_person(meta: TableData, seat: int) -> bool:
    s = meta.seats[seat]
    return s.user_id is not None and s.bot is None and not s.bot_account


def tables_hints(meta: TableData) -> bool:
    """Whether this table offers hints at all: a game against bots only, which can never be rated."""
    people = [i for i in range(len(meta.seats)) if _played_by_a_person(meta, i)]
    return len(people) == 1


def hint_refusal(meta: TableData, seat: int | None, to_move: int | None, under_way: bool) -> str | None:
    """Why the person in ``seat`` may not have a hint now (``to_move``: the seat to move; ``under_way``: the
    game is being played), or ``None`` when they may."""
    if seat is None or not _played_by_a_person(meta, seat):
        return "Only a person playing at this table can ask for a hint."
    if not tables_hints(meta):
        if meta.rated:
            return "Rated tables never show hints."
        return "Hints are only for games against bots."
    if not under_way:
        return "The game is not under way."
    if to_move != seat:
        return "Hints are for your own turn."
    return None


def _percent(mean: float) -> str:
    return f"{round(mean * 100)}%"


def _tell_apart(a: ActionStats, b: ActionStats) -> bool:
    """Whether the search's games tell two moves' results apart: their win rates differ by more than twice the
    standard error of that difference (the pooled rate's), so a lead of a few lucky games is no reason."""
    if a.visits == 0 or b.visits == 0:
        return False
    pooled = min(1.0, max(0.0, (a.mean * a.visits + b.mean * b.visits) / (a.visits + b.visits)))
    error = math.sqrt(pooled * (1 - pooled) * (1 / a.visits + 1 / b.visits))
    return abs(a.mean - b.mean) > 2 * error


def explain(game: Game, report: SearchReport, label: Callable[[Action], str] | None = None) -> str:
    """The reason for the chosen action, in one sentence, from the search's statistics. Moves the search cannot
    tell apart from it (as good, or too few games to say) are told as such, never as a reason to prefer it;
    a quoted move starts with a capital, as the menu's lines do."""
    if report.iterations == 0 or len(report.stats) < 2:
        return "It is the only move here."
    ranked = sorted(report.stats, key=lambda s: s.visits, reverse=True)
    best = next(s for s in ranked if s.action == report.action)
    runner = next(s for s in ranked if s.action != report.action)
    played = (
        f"In {report.iterations} games the bot played out from here, this move won {_percent(best.mean)} of the time"
    )

    def quoted(stats: ActionStats) -> str:
        return f"“{capitalise((label or game.describe_action)(stats.action))}”"

    level = [s for s in ranked if s.action != report.action and s.mean >= best.mean]
    if level:
        others = plural(len(level), "other move")
        return f"{played}, and {others} did as well, such as {quoted(level[0])}: any of them is as good a choice."
    if not _tell_apart(best, runner):
        return (
            f"{played}; the next best, {quoted(runner)}, won {_percent(runner.mean)}: too few games to tell them "
            "apart, so either is a fair choice."
        )
    return f"{played}; the next best, {quoted(runner)}, won {_percent(runner.mean)}."


def compute_hint(game: Game, state: State, seat: int, seed: int, names: Sequence[str] | None = None) -> Hint:
    """The hint for ``seat`` (the seat to move in ``state``), searched from that seat's view only; its moves are
    worded as the seat's menu words them (``Game.action_label``, with the players' ``names``)."""
    # Playouts to the end, no heuristic prior: the explanation's "won X% of the time" is then literally true.
    bot = ISMCTSBot(iterations=HINT_ITERATIONS, seconds=HINT_SECONDS, depth=0, prior=0, playout="random")
    report = bot.search(Perspective(state, seat), Rng(seed))

    def label(action: Action) -> str:
        return game.action_label(state, action, names)

    return Hint(str(report.action), label(report.action), explain(game, report, label))


class HintDesk:
    """The hints being worked out, at most one per person: asking again for the same table and position shares
    the one under way, asking for another is refused (:class:`HintBusy`) until it is done."""

    def __init__(self) -> None:
        self._working: dict[int, tuple[tuple[str, int], asyncio.Task[Hint]]] = {}

    def current(self, user_id: int, table_id: str, state_id: int) -> asyncio.Task[Hint] | None:
        """The person's hint under way for this table and position (to share), or ``None`` if none is.

        Raises:
            HintBusy: if the person's hint under way is for another table or position.
        """
        entry = self._working.get(user_id)
        if entry is None:
            return None
        where, task = entry
        if where != (table_id, state_id):
            raise HintBusy(HINT_BUSY)
        return task

    def start(
        self, user_id: int, table_id: str, state_id: int, work: Callable[[], Awaitable[Hint]]
    ) -> asyncio.Task[Hint]:
        """The person's hint for this position: the one under way, or ``work()`` started now (it runs to its end
        even if the asker goes away, so a second asker can share it).

        Raises:
            HintBusy: as :meth:`current`.
        """
        task = self.current(user_id, table_id, state_id)
        if task is not None:
            return task

        async def run() -> Hint:
            return await work()

        task = asyncio.get_running_loop().create_task(run())
        self._working[user_id] = ((table_id, state_id), task)

        def done(finished: asyncio.Task[Hint]) -> None:
            entry = self._working.get(user_id)
            if entry is not None and entry[1] is finished:
                del self._working[user_id]
            if not finished.cancelled():
                finished.exception()  # retrieved here, so an answer nobody waited for is not logged as lost

        task.add_done_callback(done)
        return task

    def busy(self) -> int:
        """How many hints are being worked out."""
        return len(self._working)
