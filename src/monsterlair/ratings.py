"""Elo ratings from finished games: duels, free-for-alls by final rank, and team games.

Pure arithmetic, no IO and no game code: the server decides which games count and who played on which
side (``server/accounts/ratings.py``), this module says how much each rating moves.

* Everyone starts at :data:`START` (1500).
* The expected score of A against B is ``E = 1 / (1 + 10 ** ((R_B - R_A) / 400))``.
* Each pair of players on different sides is one comparison by final rank: the better rank scores 1,
  equal ranks ½ each, the worse rank 0. Partners (same side) are not compared with each other.
* A player's change is ``K / m · Σ (S − E)`` over their ``m`` opponents. Dividing by ``m`` makes a
  four-player game (three comparisons) move a rating about as much as one duel; in a 2v2 each player
  meets both opponents, each worth half a duel.
* ``K`` is the player's own: :data:`K_NEW` (32) while they have played fewer than
  :data:`SETTLED_AFTER` (30) rated games of that game, then :data:`K_SETTLED` (16). New players find
  their level quickly; settled ratings stop swinging on one result. With different ``K`` on the two
  sides a game is not exactly zero-sum, as in chess federations' lists.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

START = 1500.0
"""Everyone's first rating in every game."""

K_NEW = 32.0
"""The K-factor while a player has fewer than :data:`SETTLED_AFTER` rated games of a game."""

K_SETTLED = 16.0
"""The K-factor once a player has :data:`SETTLED_AFTER` rated games of a game."""

SETTLED_AFTER = 30
"""Rated games after which a player's K-factor drops to :data:`K_SETTLED`."""

SCALE = 400.0
"""A rating gap of this many points means the stronger player is expected to score 10 : 1."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player of a rated game: who (``key``), on which side, their final rank (1 = best), and their
    rating and number of rated games of this game before it."""

    key: int
    side: int
    rank: int
    rating: float = START
    games: int = 0


@dataclass(frozen=True, slots=True)
class Change:
    """How one player's rating moved: ``score`` and ``expected`` are their averages over their opponents."""

    key: int
    before: float
    after: float
    score: float
    expected: float

    @property
    def delta(self) -> float:
        """``after − before``."""
        return self.after - self.before


def k_factor(games: int) -> float:
    """The K-factor for a player with ``games`` rated games of this game before this one."""
    return K_NEW if games < SETTLED_AFTER else K_SETTLED


def expected(rating: float, opponent: float) -> float:
    """The expected score (0 to 1) of a player rated ``rating`` against one rated ``opponent``."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / SCALE))


def pair_score(rank: int, opponent_rank: int) -> float:
    """1 for the better (lower) rank, ½ for equal ranks, 0 for the worse."""
    if rank < opponent_rank:
        return 1.0
    return 0.5 if rank == opponent_rank else 0.0


def rate(entrants: Sequence[Entrant]) -> list[Change]:
    """Every entrant's new rating, in the order given (all computed from the ratings before the game).

    Raises:
        ValueError: if a key appears twice, or some entrant has no opponent (fewer than two sides).
    """
    keys = [e.key for e in entrants]
    if len(keys) != len(set(keys)):
        raise ValueError("A player can be rated only once per game.")
    if len({e.side for e in entrants}) < 2:
        raise ValueError("A rated game needs at least two sides; everyone here plays together.")
    changes: list[Change] = []
    for me in entrants:
        opponents = [o for o in entrants if o.side != me.side]
        score = sum(pair_score(me.rank, o.rank) for o in opponents)
        expect = sum(expected(me.rating, o.rating) for o in opponents)
        m = len(opponents)
        after = me.rating + k_factor(me.games) / m * (score - expect)
        changes.append(Change(me.key, me.rating, after, score / m, expect / m))
    return changes
