"""The RL observation fast path a game may offer: a writer that puts seats' encodings straight into rows of a buffer.

``Game.encode_view`` of ``state.view(seat)`` stays the definition of an observation. A game whose
encoding is costly next to its engine (the vector environment encodes one observation per agent step) can
also return an :class:`ObservationWriter` from ``Game.observation_writer``: it reads the state for one seat
(only what that seat's view holds) and writes the very same numbers, as float32, into one row of a flat
buffer that the caller allocated once — no view dict, no list of floats, no array per step. Because it owns
its rows, it may keep per-row caches and rewrite only the blocks that changed since its last write to the row.

Compiled with the card games' writers (:mod:`monsterlair.compiled`); ``allow_interpreted_subclasses`` lets any
other game's writer subclass it as an ordinary Python class.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from mypy_extensions import mypyc_attr

from monsterlair.core.state import State, state_fields


def flat_floats(buffer: Any) -> memoryview[float]:
    """A flat float32 view of a buffer's memory (a contiguous float32 array of any shape), as a writer takes it."""
    return memoryview(buffer).cast("B").cast("f")


@mypyc_attr(allow_interpreted_subclasses=True)
class ObservationWriter(ABC):
    """Writes seats' encoded views into the rows of ``out``, a flat float32 buffer of ``rows * size`` values.

    After ``write(row, state, seat)``, ``out[row * size:(row + 1) * size]`` holds exactly
    ``float32(encode_view(state.view(seat), players, options))`` (the players and options the writer was made
    for). The writer may remember what it wrote to a row, so nothing else may write into its rows; a row whose
    contents were changed from outside must be given to :meth:`forget` before its next ``write``. The state may
    change in place between two writes (its moves played), or be another state altogether.
    """

    def __init__(self, out: memoryview[float], rows: int, size: int) -> None:
        """Bind the writer to ``out`` (format ``"f"``, one dimension, ``rows * size`` values, writable).

        Raises:
            ValueError: if ``out`` is not such a buffer.
        """
        if out.format != "f" or out.ndim != 1 or len(out) != rows * size or out.readonly:
            raise ValueError(f"An observation writer needs a writable flat float32 buffer of {rows} x {size} values.")
        self.out = out
        self.rows = rows
        self.size = size

    def __getstate__(self) -> dict[str, Any]:
        """For ``pickle`` and ``copy.deepcopy`` (which cannot copy a ``memoryview``): the buffer's owner instead of
        the view, so that an environment copied with its array and its writer gets a writer of the copied array.
        Every field: a compiled class's (it has no ``__dict__``) and a Python subclass's."""
        state = {name: getattr(self, name) for name in state_fields(type(self)) if hasattr(self, name)}
        state.update(getattr(self, "__dict__", {}))
        state["out"] = self.out.obj
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The view of the (copied) owner's buffer, as ``__init__`` was given it: flat float32. (A compiled writer
        is made with its constructor's defaults first: a compiled class's ``__new__`` runs ``__init__``.)"""
        for name, value in state.items():
            if name != "out":
                setattr(self, name, value)
        self.out = flat_floats(state["out"])
        if len(self.out) != self.rows * self.size:
            raise ValueError("An observation writer must be given a view of the whole buffer to be copied.")

    @abstractmethod
    def write(self, row: int, state: State, seat: int) -> None:
        """Write the encoding of ``state.view(seat)`` into row ``row`` of ``out``."""

    def write_rows(self, states: list[State | None], seats: list[int]) -> None:
        """``write(i, states[i], seats[i])`` for every row ``i`` (the vector environment's batch: one call from
        Python, the loop compiled).

        Raises:
            ValueError: if a row has no state, or ``states`` and ``seats`` are not one per row (checked before any row
                is written, so a refused batch leaves every row as it was).
        """
        if len(states) != self.rows or len(seats) != self.rows:
            raise ValueError(f"write_rows takes one state and one seat for each of the {self.rows} rows.")
        if None in states:
            raise ValueError(f"Row {states.index(None)} has no state to write.")
        for row in range(self.rows):
            state = states[row]
            assert state is not None
            self.write(row, state, seats[row])

    @abstractmethod
    def forget(self, row: int) -> None:
        """Drop what the writer remembers of row ``row``: its next ``write`` rewrites the whole row."""
