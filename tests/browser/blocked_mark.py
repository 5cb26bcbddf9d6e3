"""Push a Monster from one fixed position, in place of the real game for a test server: a blue Wisp sticks out
over entry mark A (so no push can start there) and the first seat has the green Gloop on its pusher.

A server started with ``MONSTERLAIR_GAMES=tests.browser.blocked_mark`` (:data:`ENV`) plays every new Push a
Monster table from here (the registry's entry for the id is replaced), so a browser test meets a blocked
mark, the default aim and a refused push without playing up to one.
"""

from __future__ import annotations

from collections.abc import Mapping

from monsterlair.core import OptionValue
from monsterlair.games.push_a_monster import PushAMonster
from monsterlair.games.push_a_monster.geometry import ARENA
from monsterlair.games.push_a_monster.spec import KIND_INDEX, KIND_MONSTERS
from monsterlair.games.push_a_monster.state import PushState

ENV = {"MONSTERLAIR_GAMES": __name__}
BLUE = KIND_MONSTERS[KIND_INDEX["blue"]][0]
GREEN = KIND_MONSTERS[KIND_INDEX["green"]][0]
_PLAIN = PushAMonster()


class BlockedMarkA(PushAMonster):
    """Push a Monster whose every game starts with mark A blocked and seat 0 to push."""

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> PushState:
        x, y, heading = ARENA.marks[0]
        state = PushState.from_setup(
            _PLAIN, players, poses=[(BLUE, x, y, heading)], pushing=GREEN, seed=seed, options=options
        )
        state.game = self
        return state


GAME = BlockedMarkA()
