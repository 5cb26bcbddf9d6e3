"""MONSTRA: duels (1v1 and 2v2) and Rift Guardian missions (solo and co-op). Rules: docs/rules/monstra.md."""

from monsterlair.games.monstra.game import GAME, MonstraGame

__all__ = ["GAME", "MonstraGame"]
