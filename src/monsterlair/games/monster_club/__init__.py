"""Monster Club: a two-player card game of monster stacks in conflict (rules: ``docs/rules/monster-club.md``)."""

from monsterlair.games.monster_club.game import GAME, MonsterClubGame

__all__ = ["GAME", "MonsterClubGame"]
