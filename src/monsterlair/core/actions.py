"""A game's fixed action space, declared once: text parsing, stable indices and their error messages.

Every game has a fixed, ordered set of actions built at import (an RL mask's layout), each with a
canonical text (``str(action)``). :class:`ActionSpace` turns that tuple into the four contract methods
every game needs the same way — ``parse`` (text to action, case and spacing forgiven), ``index``
(action *or its text* to its stable index), ``from_index`` and ``len`` — so games only declare their
actions, the words their players may shorten (``key``) and, for actions outside the fixed set (Push a
Monster's free-form pushes), their own parser (``parse``). :class:`~monsterlair.core.Game` uses a
game's ``action_space`` for its default ``parse_action``, ``num_actions``, ``action_index`` and
``action_from_index``.

The promise every game keeps (tested for every game in ``tests/core/test_actions.py``):
``action_index(text(a)) == action_index(a)`` and ``parse_action(str(a)) == a`` for every legal action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from monsterlair.core.errors import BadAction

A = TypeVar("A")


class FixedAction:
    """The base of a game's action made once, at import, into its fixed table: immutable, ``str`` its canonical
    ``text``, equal only to itself and copied as itself, with its stable ``index``. A subclass lists its own
    fields in ``__slots__``, sets every field with ``object.__setattr__`` and keeps itself interned through
    pickling with ``__reduce__``. The hash is the identity's (C speed, for the bots' trees); a game may hash
    by ``index`` instead, so that its sets of actions iterate alike on every run."""

    __slots__ = ("index", "text")

    index: int
    text: str

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable.")

    def __str__(self) -> str:
        return self.text

    # Equality is identity (the default), which is exact because every action is made once.

    def __copy__(self) -> FixedAction:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FixedAction:
        return self


def fold(text: str) -> str:
    """The default parsing key: lower case, runs of white space as one space."""
    return " ".join(text.lower().split())


class ActionSpace(Generic[A]):
    """The fixed, ordered actions of a game and the texts that name them.

    Args:
        title: the game's title, for error messages ("… is not a Monster Club action").
        actions: every action of the fixed set, in index order; equal actions must not repeat.
        forms: the text forms players may write, for the error message ("'draw' or 'play V'").
        key: turns a text into its look-up key (forgiving case, spaces, filler words); two actions may not
            share a key.
        parse: the game's own parser, tried when no action of the set has the text's key (free-form
            actions, or a message naming the out-of-range number). It raises :class:`BadAction`.
        types: the classes of every action of the game, where free-form actions have classes the fixed set
            does not hold (default: the classes of the fixed set).
    """

    __slots__ = ("title", "actions", "forms", "types", "_key", "_parse", "_index", "_by_key")

    def __init__(
        self,
        title: str,
        actions: Sequence[A],
        *,
        forms: str = "",
        key: Callable[[str], str] = fold,
        parse: Callable[[str], A] | None = None,
        types: tuple[type, ...] | None = None,
    ) -> None:
        self.title = title
        self.actions: tuple[A, ...] = tuple(actions)
        self.types = types if types is not None else tuple(dict.fromkeys(type(a) for a in self.actions))
        self.forms = forms
        self._key = key
        self._parse = parse
        self._index: dict[A, int] = {}
        self._by_key: dict[str, A] = {}
        for i, action in enumerate(self.actions):
            if action in self._index:
                raise ValueError(f"{title}: the action {action} is listed twice.")
            self._index[action] = i
            k = key(str(action))
            if k in self._by_key:
                raise ValueError(f"{title}: the actions {self._by_key[k]} and {action} share the text key {k!r}.")
            self._by_key[k] = action

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[A]:
        return iter(self.actions)

    def parse(self, text: str) -> A:
        """The action whose text is ``text``.

        Raises:
            BadAction: if no action has that form (with the forms that exist).
        """
        if not isinstance(text, str):
            raise BadAction(f"An action is given as text, not {type(text).__name__}.")
        found = self._by_key.get(self._key(text))
        if found is not None:
            return found
        if self._parse is not None:
            return self._parse(text)
        said = f"'{text.strip()}' is not {self._article()} action."
        # The forms are the notation's ('play H to S'): for programs, not for players, who go by the menu.
        raise BadAction(said, notation=said + (f" Forms: {self.forms}." if self.forms else ""))

    def index(self, action: A | str) -> int:
        """The stable index of an action or of its text.

        Raises:
            BadAction: if it is not an action of this game, or one outside the fixed set (it has no index).
        """
        if isinstance(action, str):
            action = self.parse(action)
        try:
            found = self._index.get(action)
        except TypeError:  # unhashable: not an action of any game
            found = None
        if found is None:
            if self._parse is not None and self.holds(action):
                raise BadAction(f"'{action}' is a free-form action outside the candidate set; it has no index.")
            raise BadAction(f"{action!r} is not {self._article()} action.")
        return found

    def from_index(self, index: int) -> A:
        """The action with that index.

        Raises:
            BadAction: if the index is out of range.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.actions):
            raise BadAction(f"{self.title} action indices run from 0 to {len(self.actions) - 1}, not {index!r}.")
        return self.actions[index]

    def holds(self, value: Any) -> bool:
        """Whether ``value`` is an action of this game: of one of the types the fixed set holds (a free-form
        action outside the set too)."""
        return isinstance(value, self.types)

    def _article(self) -> str:
        return f"an {self.title}" if self.title[:1].upper() in "AEIOU" else f"a {self.title}"
