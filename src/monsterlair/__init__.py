"""Monster Lair: rules engines, bots, a platform and study tools for four monster tabletop games."""

__version__ = "0.1.0"
