"""Hints at tables against bots: what the strongest bot would play in the asker's place, and why, in one line.

A hint is a search by the IS-MCTS bot (the strongest kind offered) from the asker's own view
(``Perspective``), so it knows nothing the asker does not. Who may ask is decided here, on the server: a
person seated at a game under way, on their own turn, at a table where every other seat is played by a bot
(so the table can never count for ratings). Rated tables never show hints; the browser only hides the
button, this module refuses.
"""

from __future__ import annotations

from dataclasses import dataclass

from monsterlair.bots.ismcts import ISMCTSBot, SearchReport
from monsterlair.core import Game, Perspective, Rng, State
from monsterlair.server.storage.base import TableData

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


def explain(game: Game, report: SearchReport) -> str:
    """The reason for the chosen action, in one sentence, from the search's statistics."""
    if report.iterations == 0 or len(report.stats) < 2:
        return "It is the only move here."
    ranked = sorted(report.stats, key=lambda s: s.visits, reverse=True)
    best = next(s for s in ranked if s.action == report.action)
    runner = next(s for s in ranked if s.action != report.action)
    return (
        f"In {report.iterations} games the bot played out from here, this move won {_percent(best.mean)} of the "
        f"time; the next best, “{game.describe_action(runner.action)}”, won {_percent(runner.mean)}."
    )


def compute_hint(game: Game, state: State, seat: int, seed: int) -> Hint:
    """The hint for ``seat`` (the seat to move in ``state``), searched from that seat's view only."""
    # Playouts to the end, no heuristic prior: the explanation's "won X% of the time" is then literally true.
    bot = ISMCTSBot(iterations=HINT_ITERATIONS, seconds=HINT_SECONDS, depth=0, prior=0, playout="random")
    report = bot.search(Perspective(state, seat), Rng(seed))
    return Hint(str(report.action), game.describe_action(report.action), explain(game, report))
