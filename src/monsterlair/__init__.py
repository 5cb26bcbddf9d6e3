"""Monster Lair: rules engines, bots, a platform and study tools for four monster tabletop games."""

__version__ = "0.1.0"

from monsterlair.compiled import guard as _guard

_guard()  # before any compiled module is imported: use the compiled rules only if they match their sources
