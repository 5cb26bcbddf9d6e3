"""A state's ``clone``, declared instead of written out field by field.

Every game copies its state many times a second (search, determinization, undo checks), so ``clone`` must be
straight-line code: one assignment per field, no loop over names (a loop of ``setattr`` is about four times
slower). Written by hand, that is the same twenty to forty lines in every game. Here a game names its fields
by how each is copied, and :func:`copier` writes the function once, when the class is made — the way
:mod:`dataclasses` writes ``__init__``, with the same speed as the hand-written code::

    class PushState(State):
        __slots__ = (...)
        clone = copier(share="game players seed options _phase _seat ...", lists="history _where _anchors",
                       nested="_tokens", clones="_rng", reset="_undo")

How a field is copied:

* ``share``: the same object, for values never changed in place (numbers, strings, tuples, frozen specs);
* ``lists``: a flat list, copied (``x[:]``);
* ``nested``: a list of lists, each inner list copied;
* ``pairs``: a list of exactly two lists (one per side of a two-sided game), each copied — the same result
  as ``nested``, without the loop;
* ``clones``: an object with its own ``clone()`` (the random generator);
* ``dicts``: a flat dict, copied;
* ``reset``: ``None`` in the copy (something that belongs to the original alone, such as an undo record).

A base class's declaration is inherited: ``BaseState`` declares the fields every game keeps (the generator,
the history, ...) with :func:`copy_fields`, so a game's state names only its own. A class compiled with mypyc
(the states of MONSTRA, Monster Club and Monster Smash, see :mod:`monsterlair.compiled`) cannot have a function
set on it after it is made, so it writes its ``clone`` out; a test checks that such a ``clone`` copies every slot.

Every slot of the class must be named exactly once, by the class or a base, unless ``after`` names it (a field
the game's own code copies after calling the generated function): a field added to a state and forgotten here
is an error when the module is imported, not a copy that shares a list it should not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["CopyDeclaration", "copier", "copy_fields"]

_S = TypeVar("_S")

_EXPRESSIONS = {
    "share": "self.{f}",
    "lists": "self.{f}[:]",
    "nested": "[x[:] for x in self.{f}]",
    "pairs": "[self.{f}[0][:], self.{f}[1][:]]",
    "clones": "self.{f}.clone()",
    "dicts": "dict(self.{f})",
    "reset": "None",
}


class _Copier:
    """Stands in the class body until the class exists (``__set_name__``), then puts the written function there."""

    def __init__(self, fields: dict[str, str], after: tuple[str, ...]) -> None:
        self.fields = fields
        self.after = after

    def __set_name__(self, owner: type, name: str) -> None:
        base_fields, base_after = _inherited(owner)
        fields, after = {**base_fields, **self.fields}, (*base_after, *self.after)
        _check_fields(owner, fields, after, set(base_fields) | set(base_after))
        # A subclass's copy is of the subclass; made by the class's own __new__, which for a subclass of a compiled
        # class is the compiled base's (object.__new__ refuses such a class).
        lines = [f"def {name}(self):", "    cls = self.__class__", "    c = cls.__new__(cls)"]
        lines += [f"    c.{f} = {_EXPRESSIONS[how].format(f=f)}" for f, how in fields.items()]
        lines.append("    return c")
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), namespace)  # noqa: S102 - source built above from checked field names only
        function = namespace[name]
        function.__qualname__ = f"{owner.__qualname__}.{name}"
        function.__doc__ = "An independent copy: lists copied, the generator cloned, immutable parts shared."
        setattr(owner, name, function)
        setattr(owner, _DECLARED, (fields, after))


_DECLARED = "_copied_fields"
"""The class attribute that keeps a class's whole declaration (fields, ``after``), for its subclasses'."""


def _inherited(cls: type) -> tuple[dict[str, str], tuple[str, ...]]:
    """What the nearest base of ``cls`` with a copier declared: its fields (with how each is copied) and the
    slots it left to its own code."""
    for base in cls.__mro__[1:]:
        declared: tuple[dict[str, str], tuple[str, ...]] | None = base.__dict__.get(_DECLARED)
        if declared is not None:
            return declared
    return {}, ()


def _slots(cls: type) -> set[str] | None:
    """Every slot of ``cls`` and its bases, or ``None`` if some class in the line has a ``__dict__``."""
    names: set[str] = set()
    for klass in cls.__mro__[:-1]:  # object has no slots to copy
        slots = klass.__dict__.get("__slots__")
        if slots is None:
            return None
        names.update((slots,) if isinstance(slots, str) else slots)
    names.discard("__weakref__")
    return names


def _check_fields(cls: type, fields: dict[str, str], after: tuple[str, ...], inherited: set[str]) -> None:
    """Every slot named, and every name a slot; a name a base declared is trusted (a compiled base shows no
    ``__slots__``)."""
    slots = _slots(cls)
    if slots is None:
        return
    named = set(fields) | set(after)
    missing, unknown = slots - named, named - slots - inherited
    if missing or unknown:
        raise TypeError(
            f"{cls.__qualname__}.clone must copy every slot: not named {sorted(missing)}, not slots {sorted(unknown)}"
        )


def copier(*, after: str = "", **kinds: str) -> Callable[[_S], _S]:
    """A ``clone`` for the class whose body it is assigned in. Each keyword is a way of copying (``share``,
    ``lists``, ``nested``, ``pairs``, ``clones``, ``dicts``, ``reset``) and names its fields, separated by
    spaces; ``after`` names the slots the game's own code copies after calling it.

    Raises:
        TypeError: for an unknown way of copying or a field named twice; when the class is made, for a slot
            not named or a name that is no slot.
    """
    fields, after_names = copy_fields(after=after, **kinds)
    copy: Any = _Copier(fields, after_names)
    return copy  # type: ignore[no-any-return]


CopyDeclaration = tuple[dict[str, str], tuple[str, ...]]
"""A class's copy declaration: each field with how it is copied, and the fields its own code copies after."""


def copy_fields(*, after: str = "", **kinds: str) -> CopyDeclaration:
    """The declaration :func:`copier` reads, for a class that cannot take a generated ``clone`` (a compiled one,
    such as ``BaseState``) but whose Python subclasses' ``copier`` inherits it: set it as the class attribute
    ``_copied_fields``. The keywords are :func:`copier`'s.

    Raises:
        TypeError: for an unknown way of copying or a field named twice.
    """
    fields: dict[str, str] = {}
    for how, names in kinds.items():
        if how not in _EXPRESSIONS:
            raise TypeError(f"clone: no way of copying called {how!r} (ways: {', '.join(_EXPRESSIONS)})")
        for field in names.split():
            if not field.isidentifier() or field in fields:
                raise TypeError(f"clone: {field!r} is not a field name, or it is named twice")
            fields[field] = how
    return fields, tuple(after.split())
