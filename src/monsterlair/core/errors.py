"""Errors raised through the game contract.

Every message is a sentence a person can act on. None of them ever names a hidden card.
"""

from __future__ import annotations


class MonsterLairError(Exception):
    """Base class of every error the contract raises."""


class BadOptions(MonsterLairError, ValueError):
    """A game was asked for with options (or a player count) it does not accept."""


class UnknownGame(MonsterLairError, ValueError):
    """No registered game has that id."""


class BadAction(MonsterLairError, ValueError):
    """A text is not the form of any action of this game (a typo, not a rules question)."""


class IllegalAction(MonsterLairError, ValueError):
    """A well-formed action that the rules do not allow now. The state is left unchanged."""


class GameOver(IllegalAction):
    """An action was sent to a game that has ended."""


class BadRecord(MonsterLairError, ValueError):
    """A record cannot be replayed: malformed, from another rules version, or with an illegal action."""
