"""The greedy bot: one-ply lookahead scored by the game's heuristic over a few determinized samples.

For each legal action it averages ``game.heuristic(state_after_action, seat)`` (the payoff if the action
ends the game) over ``samples`` determinizations of its information set. Every action is scored on the
same samples (common random numbers), so the comparison between actions is not drowned in sampling noise.
"""

from __future__ import annotations

from typing import Any

from monsterlair.bots.base import Bot, legal_or_raise
from monsterlair.core import Action, Option, OptionSet, Perspective, Rng

TIE = 1e-9
"""Scores closer than this are ties, broken by the generator."""


class GreedyBot(Bot):
    """One-ply lookahead on the game's heuristic, averaged over determinized samples."""

    name = "greedy"
    summary = "Best action by the game's heuristic one move ahead, averaged over sampled hidden cards."
    options = OptionSet(
        [
            Option(
                "samples",
                4,
                "Determinized samples per move: more smooths the hidden-card guess, each costs one "
                "clone and apply per legal action.",
                minimum=1,
                maximum=1000,
            ),
        ]
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.samples = int(self.settings["samples"])

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        """The action with the best average heuristic one move ahead (ties broken by ``rng``).

        Raises:
            GameOver: if the game has ended.
        """
        legal = legal_or_raise(perspective)
        if len(legal) == 1:
            return legal[0]
        seat = perspective.seat
        heuristic = perspective.game.heuristic
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = perspective.sample(rng)
            for i, action in enumerate(legal):
                after = world.clone()
                after.apply_quiet(action)
                totals[i] += after.payoff(seat) if after.over else heuristic(after, seat)
        best = max(totals)
        ties = [a for a, t in zip(legal, totals, strict=True) if t >= best - TIE]
        return ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
