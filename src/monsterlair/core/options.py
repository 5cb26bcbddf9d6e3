"""Typed, documented game options.

A game declares its options once; the same declaration validates what a caller passes, fills in
defaults, documents itself for ``monsterlair engine`` (``games``), and renders the create-table form.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from monsterlair.core.errors import BadOptions
from monsterlair.core.words import closest

OptionValue = bool | int | float | str


def _number(value: float) -> str:
    """A limit as people write it: ``1,000,000``, ``3600``, ``0.5``."""
    return f"{int(value):,}" if float(value).is_integer() and abs(value) >= 10_000 else f"{value:g}"


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its name, default (whose type is the option's type), a one-line doc and limits."""

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    label: str = ""
    #: A player's words for each of ``choices``, in the same order (forms show these, not the values).
    choice_labels: tuple[str, ...] | None = None
    #: A form's special control for the value: ``"deck"`` (a deck picker with a custom deck builder).
    picker: str = ""
    #: For each of ``choices``, the player counts a form offers it for (``None``: every count the game takes).
    choice_players: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
        if self.choice_labels is not None and (self.choices is None or len(self.choice_labels) != len(self.choices)):
            raise ValueError(f"Option {self.name!r}: choice_labels needs one label per choice.")
        if self.choice_players is not None and (self.choices is None or len(self.choice_players) != len(self.choices)):
            raise ValueError(f"Option {self.name!r}: choice_players needs the player counts of each choice.")

    @property
    def kind(self) -> str:
        """``bool``, ``int``, ``float`` or ``str``."""
        return type(self.default).__name__

    def check(self, value: Any) -> OptionValue:
        """The value, coerced to the option's type.

        Raises:
            BadOptions: with a sentence that says what the option accepts.
        """
        kind = type(self.default)
        value = self._by_label(value)
        if kind is bool:
            if isinstance(value, bool):
                out: OptionValue = value
            elif isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "on", "off", "1", "0"):
                out = value.lower() in ("true", "yes", "on", "1")
            else:
                raise BadOptions(f"Option '{self.name}' is true or false, not {value!r}.")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int | str):
                raise BadOptions(f"Option '{self.name}' takes a whole number, not {value!r}.")
            try:
                out = int(value)
            except (ValueError, OverflowError):
                raise BadOptions(f"Option '{self.name}' takes a whole number, not {value!r}.") from None
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float | str):
                raise BadOptions(f"Option '{self.name}' takes a number, not {value!r}.")
            try:
                out = float(value)
            except (ValueError, OverflowError):
                raise BadOptions(f"Option '{self.name}' takes a number, not {value!r}.") from None
            if not math.isfinite(out):  # NaN passes every comparison, infinity every limit: neither is a setting
                raise BadOptions(f"Option '{self.name}' takes a finite number, not {value!r}.")
        else:
            if not isinstance(value, str):
                raise BadOptions(f"Option '{self.name}' takes a text value, not {value!r}.")
            out = value
        if self.choices is not None and out not in self.choices:
            if self.choice_labels is not None:  # the words a form shows, each with the value it stands for
                pairs = zip(self.choice_labels, self.choices, strict=True)
                allowed = ", ".join(f"{label} ({choice!r})" for label, choice in pairs)
            else:
                allowed = ", ".join(repr(c) for c in self.choices)
            raise BadOptions(f"Option '{self.name}' must be one of {allowed}, not {value!r}.")
        if isinstance(out, int | float) and not isinstance(out, bool):
            if self.minimum is not None and out < self.minimum:
                raise BadOptions(f"Option '{self.name}' must be at least {_number(self.minimum)}, not {out!r}.")
            if self.maximum is not None and out > self.maximum:
                raise BadOptions(f"Option '{self.name}' must be at most {_number(self.maximum)}, not {out!r}.")
        return out

    def _by_label(self, value: Any) -> Any:
        """The choice a text names by its label (``first_player=Seat 2``, as a form words it; any case),
        else ``value`` itself. A value that is already a choice keeps its meaning before any label."""
        if self.choice_labels is None or self.choices is None or not isinstance(value, str):
            return value
        if value in (str(c) for c in self.choices):
            return value
        wanted = " ".join(value.split()).casefold()
        for label, choice in zip(self.choice_labels, self.choices, strict=True):
            if " ".join(label.split()).casefold() == wanted:
                return choice
        return value

    def schema(self) -> dict[str, Any]:
        """A JSON-ready description (used by the protocol and the create-table form)."""
        out: dict[str, Any] = {"default": self.default, "doc": self.doc, "type": self.kind}
        if self.label:
            out["label"] = self.label
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.choice_labels is not None:
            out["choice_labels"] = list(self.choice_labels)
        if self.picker:
            out["picker"] = self.picker
        if self.choice_players is not None:
            out["choice_players"] = [list(counts) for counts in self.choice_players]
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


class OptionSet(Mapping[str, Option]):
    """The options of one game, in declaration order."""

    __slots__ = ("_options",)

    def __init__(self, options: Iterable[Option] = ()) -> None:
        self._options = {o.name: o for o in options}

    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._options)

    def __len__(self) -> int:
        return len(self._options)

    def defaults(self) -> dict[str, OptionValue]:
        """Every option at its default."""
        return {name: o.default for name, o in self._options.items()}

    def resolve(self, given: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Defaults overlaid with ``given``, every value checked.

        Raises:
            BadOptions: for an unknown name (suggesting the closest one) or a bad value.
        """
        out = self.defaults()
        if given is None:
            return out
        if not isinstance(given, Mapping):
            raise BadOptions("Options must be given as a mapping of option names to values.")
        for name, value in given.items():
            if name not in self._options:
                known = ", ".join(self._options) or "none"
                near = closest(str(name), self._options)
                hint = f" Did you mean '{near}'?" if near else ""
                raise BadOptions(f"Unknown option '{name}'.{hint} Known options: {known}.")
            out[name] = self._options[name].check(value)
        return out

    def schema(self) -> dict[str, dict[str, Any]]:
        """Every option's JSON description, by name."""
        return {name: o.schema() for name, o in self._options.items()}
