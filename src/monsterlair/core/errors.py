"""Errors raised through the game contract.

Every message is a sentence a person can act on. None of them ever names a hidden card.

A refusal of an action text (:class:`BadAction`, :class:`IllegalAction`) is worded for the players
(``str(exc)``: the terminal's and the browser's words, seats counted from 1, menus and names). Where those
words would mislead a program, the raise site also gives ``notation=``: the same refusal in the action
notation's own terms (the texts of the legal list, seats and monster ids counted from 0, as
``docs/engine-protocol.md`` numbers them), which the engine protocol sends (:meth:`MonsterLairError.in_notation`).
"""

from __future__ import annotations


class MonsterLairError(Exception):
    """Base class of every error the contract raises.

    Args:
        notation: the message in the action notation's terms, for programs (the engine protocol), where it
            differs from the players' words (the first argument); ``None``: the same words serve both.
    """

    def __init__(self, *args: object, notation: str | None = None) -> None:
        super().__init__(*args)
        self.notation = notation

    def in_notation(self) -> str:
        """The message for a program that speaks the action notation (``notation``, else the message)."""
        return self.notation if self.notation is not None else str(self)


class BadOptions(MonsterLairError, ValueError):
    """A game was asked for with options (or a player count) it does not accept."""


class UnknownGame(MonsterLairError, ValueError):
    """No registered game has that id."""


class BadAction(MonsterLairError, ValueError):
    """A text is not the form of any action of this game (a typo, not a rules question)."""


class IllegalAction(MonsterLairError, ValueError):
    """A well-formed action that the rules do not allow now. The state is left unchanged."""


class NotLegalNow(IllegalAction):
    """The contract's own refusal of a well-formed action that is not among the legal ones, when the game gives
    no reason of its own: ``reason`` ("'attack 2' is not legal now.") and ``decision``
    (:meth:`State.describe_decision`: who is to move and the legal actions, in the notation's words) apart; the
    message says both. A terminal, whose menu shows the choices, says ``reason`` alone; so does a program
    (:meth:`in_notation`), which asks for the legal actions when it wants them (they can show the mover's hand).

    Args:
        text: the refused action's text, as it is quoted back.
        decision: the decision at hand (:meth:`State.describe_decision`).
    """

    def __init__(self, text: str, decision: str, *, notation: str | None = None) -> None:
        self.text = text
        self.reason = f"'{text}' is not legal now."
        self.decision = decision
        super().__init__(f"{self.reason} {decision}", notation=notation)

    def __reduce__(self) -> tuple[object, ...]:
        return _not_legal_now, (self.text, self.decision, self.notation)

    def in_notation(self) -> str:
        """``notation`` if given, else ``reason`` (never the legal list)."""
        return self.notation if self.notation is not None else self.reason


def _not_legal_now(text: str, decision: str, notation: str | None) -> NotLegalNow:
    """A :class:`NotLegalNow` again (for ``pickle``: its arguments are not its message)."""
    return NotLegalNow(text, decision, notation=notation)


class GameOver(IllegalAction):
    """An action was sent to a game that has ended."""


class BadRecord(MonsterLairError, ValueError):
    """A record cannot be replayed: malformed, from another rules version, or with an illegal action."""
