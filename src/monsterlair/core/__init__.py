"""The game contract. Knows no game; every other layer speaks to games through it."""

from monsterlair.core.actions import ActionSpace
from monsterlair.core.errors import (
    BadAction,
    BadOptions,
    BadRecord,
    GameOver,
    IllegalAction,
    MonsterLairError,
    NotLegalNow,
    UnknownGame,
)
from monsterlair.core.events import Event, redact
from monsterlair.core.game import RECORD_KEYS, Action, BaseState, Game, Seat, State
from monsterlair.core.observation import ObservationWriter
from monsterlair.core.options import Option, OptionSet, OptionValue
from monsterlair.core.perspective import Perspective
from monsterlair.core.result import Result, ranks_from_scores
from monsterlair.core.rng import Rng, fresh_seed
from monsterlair.core.spec import GameKind, GameSpec

__all__ = [
    "RECORD_KEYS",
    "Action",
    "ActionSpace",
    "BadAction",
    "BadOptions",
    "BadRecord",
    "BaseState",
    "Event",
    "Game",
    "GameKind",
    "GameOver",
    "GameSpec",
    "IllegalAction",
    "MonsterLairError",
    "NotLegalNow",
    "ObservationWriter",
    "Option",
    "OptionSet",
    "OptionValue",
    "Perspective",
    "Result",
    "Rng",
    "Seat",
    "State",
    "UnknownGame",
    "fresh_seed",
    "ranks_from_scores",
    "redact",
]
