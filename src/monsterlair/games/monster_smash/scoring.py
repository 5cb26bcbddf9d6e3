"""The result of a finished game (rule MS-9.5)."""

from __future__ import annotations

from collections.abc import Sequence

from monsterlair.core import Result
from monsterlair.games.monster_smash.spec import SUIT_IDS


def final_result(
    winners: tuple[int, ...],
    termination: str,
    hand_sizes: Sequence[int],
    alive: int,
    eliminated: tuple[int, ...],
    suits: tuple[int, ...],
    turns: int,
    capped: bool = False,
) -> Result:
    """Winners first; other living players by cards in hand (all equal in a draw); then the eliminated,
    later eliminations ranking better. ``scores`` are the cards in hand; ``alive`` is a mask over seats;
    ``turns`` the turns the game lasted, as the log numbers them (the one it ended in included).
    """
    order = {s: i for i, s in enumerate(eliminated)}
    keys: list[float] = []
    for s, size in enumerate(hand_sizes):
        if s in winners:
            keys.append(3_000_000.0)
        elif alive >> s & 1:
            keys.append(1_000_000.0 + (size if winners else 0.0))
        else:
            keys.append(float(order.get(s, 0)))
    ranks = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
    detail = {"monsters": [SUIT_IDS[s] for s in suits], "eliminated": list(eliminated), "turns": turns}
    return Result(winners, ranks, tuple(float(n) for n in hand_sizes), termination, capped, detail)
