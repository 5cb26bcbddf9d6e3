"""Results appended as they come, one JSON line per game, so an interrupted batch resumes where it stopped.

A game is identified by its ``(index, seed)`` within its batch; every line also carries the batch's
fingerprint (``run``, see :func:`~monsterlair.sim.runner.run_id`). When a batch starts on a file that
already holds some of its games, those games are taken from the file and only the others are played.
A line cut short by the interruption is dropped. A file holding games of another batch (other game,
bots, options or seed) is refused rather than mixed in. A game that failed is kept as it is; delete its
line to play it again.

Files written before games were numbered from 1 (results without ``format``: see
:data:`~monsterlair.sim.runner.RESULT_FORMAT`) stay readable: their games, numbered from 0 there, are read as
the games numbered one higher, and given their engine decisions as moves where every action is a move of its
own (a game without ``Game.minor_events``: MONSTRA, Monster Club). An old game of Monster Smash or Push a
Monster, whose moves cannot be told from its line, is played again (the same game: it depends only on its
seed) and appended; the later line is the one read. Lines of format 1 and 2, which named a move's kind by its
action's first word (``end``, ``signature``), are read with the kinds in the game's words ("turn ended",
"signature move"), and with the game's ``detail.turns`` counted as ``turns`` counts them (the turn the game
ended in included).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from monsterlair.core import BadOptions
from monsterlair.sim.runner import GameTask


class ResultLog:
    """A JSONL results file: reads what a batch already has, and appends new results durably."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: IO[str] | None = None

    def load(self, tasks: Sequence[GameTask]) -> dict[int, dict[str, Any]]:
        """The results already in the file for ``tasks``, by task index (a torn last line is cut off).

        Raises:
            BadOptions: if the file holds games of another batch, or a line that is not a game's result.
            OSError: if the file cannot be read or repaired.
        """
        if not self.path.exists():
            return {}
        data = self.path.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) != len(data):
            with self.path.open("r+b") as fh:  # an interrupted write: drop the partial line before appending
                fh.truncate(len(complete))
        wanted = {t.index: t for t in tasks}
        runs = {t.run for t in tasks}
        found: dict[int, dict[str, Any]] = {}
        for number, line in enumerate(complete.decode("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                result = json.loads(line)
                index, seed = int(result["index"]), int(result["seed"])
            except (ValueError, KeyError, TypeError):
                raise BadOptions(f"{self.path} line {number} is not a game result of monsterlair sim.") from None
            if result.get("run") not in runs:
                raise BadOptions(
                    f"{self.path} holds games of another simulation (other game, bots, options or seed); "
                    "write to another file, or delete this one to start afresh."
                )
            if "format" not in result:  # format 1: numbered from 0, no moves
                index += 1
            result = _upgraded(result, index)
            if result is None:
                continue  # its moves are unknown: play it again
            task = wanted.get(index)
            if task is None:
                continue  # a longer earlier run of the same batch: those games are not part of this one
            if seed != task.seed or list(result.get("seats", [])) != list(task.seats):
                raise BadOptions(f"{self.path} line {number}: game {index} does not match this simulation's plan.")
            found[index] = result
        return found

    def append(self, results: Sequence[dict[str, Any]]) -> None:
        """Write ``results`` at the end of the file and flush them to the operating system.

        Raises:
            OSError: if the file cannot be written.
        """
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = self.path.open("a", encoding="utf-8")
        for r in results:
            self._fh.write(json.dumps(r, separators=(",", ":"), default=str, allow_nan=False) + "\n")
        self._fh.flush()

    def close(self) -> None:
        """Close the file (appending again reopens it)."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self) -> ResultLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


TURNS_COMPLETED = frozenset({"monster-smash", "push-a-monster"})
"""Games whose results before format 3 counted ``detail.turns`` as the turns completed."""


def _upgraded(result: dict[str, Any], index: int) -> dict[str, Any] | None:
    """A result of an earlier format brought to the current one as game ``index`` (from 1), or ``None`` when its
    moves cannot be known from it (a format-1 game with silent actions, such as Monster Smash's card picks, or a
    game this installation lacks): then the game is played again. A current result is returned as it is.

    Format 1 (no ``format``) had no moves: where every action is a move of its own, its engine decisions are
    its moves. Formats 1 and 2 named a move's kind by its action's first word where the game had no words of its
    own (``end``, ``signature``): the kinds are read in the game's words (``Game.report_move_words``). A game's
    ``detail.turns`` counted the turns completed in Monster Smash and Push a Monster, one fewer than ``turns``
    when the game ended during a turn: it is read as ``turns``, the count both keep now."""
    from monsterlair import games
    from monsterlair.core import Game, MonsterLairError
    from monsterlair.sim.runner import RESULT_FORMAT

    if result.get("format") == RESULT_FORMAT:
        return result
    try:
        game: Game | None = games.get(str(result.get("game")))
    except MonsterLairError:
        game = None
    if "format" not in result:
        if game is None or game.minor_events or "decisions" not in result:
            return None
        if type(game).report_move_kind is not Game.report_move_kind:  # a move's kind is not its action's first word
            return None
        result = {**result, "index": index, "moves": result["decisions"], "move_kinds": result.get("actions") or []}
    words = game.report_move_words if game is not None else {}
    kinds: list[dict[str, int]] = []
    for seat in result.get("move_kinds") or []:
        named: dict[str, int] = {}
        for word, count in seat.items():
            kind = words.get(word, word)
            named[kind] = named.get(kind, 0) + count
        kinds.append(dict(sorted(named.items())))
    detail = result.get("detail") or {}
    if result.get("game") in TURNS_COMPLETED and "turns" in detail and "turns" in result:
        detail = {**detail, "turns": result["turns"]}  # they counted the turns completed, not the turn it ended in
    return {**result, "format": RESULT_FORMAT, "move_kinds": kinds, "detail": detail}
