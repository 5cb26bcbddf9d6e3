"""How a finished game ended."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    ``winners`` holds every winning seat (several on a shared victory, none on a draw);
    ``ranks`` gives each seat's place, 1 being best, equal places for ties;
    ``scores`` is the game's own per-seat measure (cards held, line length, knockouts…);
    ``termination`` names why the game ended, from the game's documented list;
    ``capped`` is true when a safety cap ended the game rather than a rule;
    ``payoffs`` is what each seat earned: a game passes them where its own rule differs (team and
    co-operative games: partners who win together each get 1, a co-operative loss gives everyone 0);
    otherwise they are filled in by the default rule (1 for a sole win, 1/k each for k winners, ½ each in
    a draw, 0 for a loss), so a finished game's ``payoffs`` are never missing.
    """

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    termination: str
    capped: bool = False
    detail: dict[str, Any] = field(default_factory=dict)
    payoffs: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if self.payoffs is None:  # the default rule, written out (frozen: set once, here)
            filled = tuple(self.payoff(s) for s in range(len(self.ranks)))  # payoff's rule, while payoffs is None
            object.__setattr__(self, "payoffs", filled)

    @property
    def everyone_lost(self) -> bool:
        """No winner and nobody paid: a lost co-operative game, which is not a draw."""
        return not self.winners and self.payoffs is not None and all(p == 0 for p in self.payoffs)

    def payoff(self, seat: int) -> float:
        """``payoffs[seat]`` if given; else 1 for a sole win, 1/k for a victory shared by k seats, 0 otherwise
        (draws give 0.5 to all)."""
        if self.payoffs is not None and 0 <= seat < len(self.payoffs):
            return self.payoffs[seat]
        if not self.winners:
            return 0.5
        if seat in self.winners:
            return 1.0 / len(self.winners)
        return 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        out: dict[str, Any] = {
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "termination": self.termination,
            "capped": self.capped,
        }
        if self.detail:
            out["detail"] = self.detail
        if self.payoffs is not None:
            out["payoffs"] = list(self.payoffs)
        return out


def ranks_from_scores(scores: list[float] | tuple[float, ...]) -> tuple[int, ...]:
    """Competition ranks (1 = best; equal scores share a rank) from higher-is-better scores."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


def result_from_json(data: Mapping[str, Any]) -> Result:
    """A :class:`Result` from its JSON form (:meth:`Result.to_json`), as tables store it."""
    payoffs = data.get("payoffs")
    return Result(
        winners=tuple(int(s) for s in data.get("winners") or ()),
        ranks=tuple(int(r) for r in data.get("ranks") or ()),
        scores=tuple(float(x) for x in data.get("scores") or ()),
        termination=str(data.get("termination", "")),
        capped=bool(data.get("capped", False)),
        detail=dict(data.get("detail") or {}),
        payoffs=None if payoffs is None else tuple(float(p) for p in payoffs),
    )
