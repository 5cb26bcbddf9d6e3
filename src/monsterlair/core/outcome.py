"""How a finished game reads to one person: the outcome kind, a headline, sentences and the standings.

:func:`result_text` is the one place every end screen (terminal, browser, replay, lobby, profile) takes its
words from. A game adds only what it knows through :class:`ResultWords`: the sentence for each way its
games end, what its scores mean, and lines of its own (a mission's Guardian HP).

Outcome kinds, for the reader (a spectator gets the game's own kind):

* ``win`` — the reader's side won (alone, with partners, or a co-operative mission accomplished);
* ``shared_win`` — a victory shared by seats that played against each other (a tie the rules leave
  standing, such as a 0–0 Push a Monster game);
* ``loss`` — someone else won;
* ``draw`` — nobody won and nobody lost;
* ``mission_lost`` — a co-operative game the game itself won (MONSTRA's Guardian);
* ``capped`` — a safety cap, not a rule, stopped the game without a winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from monsterlair.core.result import Result
from monsterlair.core.words import Voice, capitalise, plural

OUTCOMES = ("win", "loss", "draw", "shared_win", "mission_lost", "capped")


class ResultWords(Protocol):
    """What a game tells :func:`result_text` (``Game`` implements it with defaults)."""

    @property
    def won_by(self) -> Mapping[str, str]:
        """The endings that decide the winner themselves, with the word joining them to "Won" (``Game.won_by``)."""
        ...

    def termination_text(self, termination: str) -> str:
        """The way the game ended, as a noun phrase: "six cards of one suit", "the turn limit"."""
        ...

    def termination_for(self, termination: str, voice: Voice, winners: Sequence[int]) -> str:
        """The way the game ended, in ``voice``'s person ("six cards of your own monster's suit")."""
        ...

    def termination_of(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> str:
        """How this finished game ended, as a noun phrase that may use its numbers ("reaching 5 destroys")."""
        ...

    def score_text(self, score: float, result: Result, options: Mapping[str, Any]) -> str:
        """A score with its meaning: "6 cards in hand", "12 damage dealt to the Guardian"."""
        ...

    def score_label(self, result: Result, options: Mapping[str, Any]) -> str:
        """What the scores mean: "cards in hand"."""
        ...

    def result_lines(self, result: Result, voice: Voice, options: Mapping[str, Any]) -> list[str]:
        """Sentences of the game's own about the finish (may be empty)."""
        ...

    def result_headline(self, result: Result, voice: Voice, outcome: str, options: Mapping[str, Any]) -> str | None:
        """A headline of the game's own, or ``None`` for the common one."""
        ...

    def teams(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...] | None:
        """Sides, as :meth:`Game.teams`."""
        ...

    def standing_details(
        self, result: Result, voice: Voice, options: Mapping[str, Any]
    ) -> tuple[str, list[str]] | None:
        """What decided the game when the scores do not show it, as a column of the standings: its label
        and each seat's text, or ``None`` (no such column)."""
        ...


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's line in the standings."""

    seat: int
    name: str
    you: bool
    rank: int
    score: float
    score_text: str
    winner: bool
    out: int | None
    detail: str = ""
    """What decided the game for this seat when the score does not show it ("20 HP left"), else empty."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        score: float | int = int(self.score) if float(self.score).is_integer() else self.score
        return {
            "seat": self.seat,
            "name": self.name,
            "you": self.you,
            "rank": self.rank,
            "score": score,
            "score_text": self.score_text,
            "winner": self.winner,
            "out": self.out,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class ResultText:
    """A finished game in words, for one reader."""

    outcome: str
    headline: str
    lines: tuple[str, ...]
    termination: str
    score_label: str
    standings: tuple[Standing, ...]
    eliminated: tuple[int, ...] = field(default=())
    detail_label: str = ""
    """The label of the standings' ``detail`` column (what decided the game), or empty when there is none."""

    def to_json(self) -> dict[str, Any]:
        """The shape the server sends (``words-contract.md``)."""
        return {
            "outcome": self.outcome,
            "headline": self.headline,
            "lines": list(self.lines),
            "termination": self.termination,
            "score_label": self.score_label,
            "standings": [s.to_json() for s in self.standings],
            "eliminated": list(self.eliminated),
            "detail_label": self.detail_label,
        }

    def place(self, s: Standing) -> str:
        """A standing's place for a table ("#2"), or "—" when the game itself won (a failed mission): nobody
        is placed then, not even first."""
        return "—" if self.outcome == "mission_lost" else f"#{s.rank}"

    def note(self, s: Standing) -> str:
        """A standing's note: "winner", "out 2nd", "lost" (a failed mission) or nothing."""
        if s.winner:
            return "winner"
        if s.out is not None:
            return f"out {ordinal(s.out)}"
        return "lost" if self.outcome == "mission_lost" else ""

    def plain(self) -> str:
        """The whole text as plain lines, for a terminal."""
        out = [self.headline, *self.lines]
        for s in self.standings:
            mark = " (you)" if s.you else ""
            note = self.note(s)
            out.append(f"  {self.place(s)} {s.name}{mark}: {s.score_text}{', ' + note if note else ''}")
        return "\n".join(out)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def outcome_of(result: Result, reader: int | None, sides: tuple[int, ...] | None) -> str:
    """The outcome kind for ``reader`` (``None``: the game's own kind, as a spectator sees it)."""
    winners = result.winners
    if not winners:
        if result.everyone_lost:
            return "mission_lost"
        return "capped" if result.capped else "draw"
    shared = sides is not None and len({sides[s] for s in winners if s < len(sides)}) > 1
    if reader is None or reader in winners:
        return "shared_win" if shared else "win"
    return "loss"


def result_text(
    game: ResultWords,
    result: Result,
    reader: int | None = None,
    names: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> ResultText:
    """The finished game in words for ``reader`` (``None``: a spectator, or a replay)."""
    opts = dict(options or {})
    players = len(result.ranks)
    voice = Voice(names, reader)
    sides = game.teams(players, opts)
    outcome = outcome_of(result, reader, sides)
    winners = list(result.winners)
    how = game.termination_of(result, voice, opts)
    headline = game.result_headline(result, voice, outcome, opts) or _headline(voice, outcome, winners, how)
    lines: list[str] = []
    if winners and outcome != "shared_win":
        joint = game.won_by.get(result.termination)
        lines.append(f"Won {joint} {how}." if joint else f"{capitalise(how)} ended the game.")
    elif outcome == "shared_win":
        lines.append(f"{capitalise(how)} ended the game. Tied at the top: the win is shared.")
    elif outcome in ("draw", "capped"):
        lines.append(f"The game ended at {how}." if outcome == "capped" else f"It ended by {how}, with no winner.")
    lines.extend(game.result_lines(result, voice, opts))
    eliminated = tuple(int(s) for s in result.detail.get("eliminated", ()) if isinstance(s, int))
    out_order = {s: i + 1 for i, s in enumerate(eliminated)}
    lines.extend(_out_lines(eliminated, players, voice))
    details = game.standing_details(result, voice, opts)
    standings = tuple(
        sorted(
            (
                Standing(
                    seat=s,
                    name=voice.name(s),
                    you=voice.is_you(s),
                    rank=result.ranks[s],
                    score=result.scores[s] if s < len(result.scores) else 0.0,
                    score_text=game.score_text(result.scores[s] if s < len(result.scores) else 0.0, result, opts),
                    winner=s in winners,
                    out=out_order.get(s),
                    detail=details[1][s] if details and s < len(details[1]) else "",
                )
                for s in range(players)
            ),
            key=lambda st: (st.rank, st.seat),
        )
    )
    label = game.score_label(result, opts)
    return ResultText(outcome, headline, tuple(lines), how, label, standings, eliminated, details[0] if details else "")


def _out_lines(eliminated: Sequence[int], players: int, voice: Voice) -> list[str]:
    """Who went out of the game, in order: "Out of the game: Bob first, then you.", "Bob went out of the
    game."; nothing in a two-player game, where the one who went out is the one the winner outlasted (the
    win says so)."""
    if not eliminated or (players == 2 and len(eliminated) == 1):
        return []
    if len(eliminated) == 1:
        return [f"{voice.subject(eliminated[0])} went out of the game."]
    first, *rest = (voice.obj(s) for s in eliminated)
    return [f"Out of the game: {first} first, " + ", ".join(f"then {who}" for who in rest) + "."]


def _headline(voice: Voice, outcome: str, winners: list[int], how: str) -> str:
    if outcome == "draw":
        return "A draw"
    if outcome == "capped":
        return f"Stopped at {how}: no winner"
    if outcome == "mission_lost":
        return "Everyone loses"
    if outcome == "shared_win":
        return f"Shared win: {voice.group(winners, start=False)}"
    if outcome == "win" and voice.reader is not None:
        return f"{voice.group_verb(winners, 'win')}!"
    return voice.group_verb(winners, "win")


def default_score_text(score: float, unit: tuple[str, str]) -> str:
    """A score with its unit in the right number ("1 point", "5 points")."""
    return plural(score, unit[0], unit[1])
