"""Monster Club decks: the preset decks of ``data/decks.toml``, random legal decks, and deck validation.

A deck is a sorted tuple of card indices into :data:`cards.CARDS`. The deck options (``deck0``,
``deck1``) take a preset id, ``random``, or a list of 25 card ids or names separated by commas; every
list is validated against the deck-building rules MC-9.1 .. MC-9.3, and an error names the rule it breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from monsterlair.core.data import read_data
from monsterlair.core.rng import Rng
from monsterlair.games.monster_club.cards import CARDS, MONSTERS, POWERS, CardDataError, find_card

RANDOM = "random"


class DeckError(ValueError):
    """A deck breaks a deck-building rule; the message names the rule (MC-9.x) and the cards at fault."""


def _read() -> dict[str, Any]:
    return read_data("monsterlair.games.monster_club", "decks.toml")


_DATA = _read()
DECK_SIZE: int = int(_DATA["rules"]["deck_size"])
MIN_MONSTERS: int = int(_DATA["rules"]["min_monsters"])
RANDOM_MONSTERS: int = int(_DATA["rules"]["random_monsters"])


def deck_problems(cards: Sequence[int]) -> list[str]:
    """Every deck-building rule the deck breaks, one sentence each (empty when the deck is legal)."""
    problems = []
    if len(cards) != DECK_SIZE:
        problems.append(f"MC-9.1: a deck holds exactly {DECK_SIZE} cards; this one holds {len(cards)}.")
    counts = Counter(cards)
    for index, n in sorted(counts.items()):
        card = CARDS[index]
        if n > card.copies:
            allowed = "only one card" if card.copies == 1 else f"at most {card.copies} cards"
            problems.append(f"MC-9.2: a deck may hold {allowed} named {card.name!r}; this one holds {n}.")
    monsters = sum(1 for c in cards if CARDS[c].monster)
    if monsters < MIN_MONSTERS:
        problems.append(
            f"MC-9.3: a deck needs at least {MIN_MONSTERS} monster card(s) (the one-monster rule, MC-6.1); "
            f"this one has {monsters}."
        )
    return problems


def validate_deck(cards: Sequence[int], label: str = "The deck") -> tuple[int, ...]:
    """The deck as a sorted tuple, if it is legal.

    Raises:
        DeckError: naming every rule the deck breaks.
    """
    problems = deck_problems(cards)
    if problems:
        raise DeckError(f"{label} is not legal: " + " ".join(problems))
    return tuple(sorted(cards))


@dataclass(frozen=True, slots=True)
class Preset:
    """A themed preset deck of ``data/decks.toml``."""

    id: str
    name: str
    theme: str
    cards: tuple[int, ...]


def _load_presets() -> dict[str, Preset]:
    out: dict[str, Preset] = {}
    for raw in _DATA.get("deck", []):
        pid = str(raw["id"])
        if pid == RANDOM or pid in out:
            raise CardDataError(f"decks.toml: deck id {pid!r} is reserved or used twice.")
        try:
            cards = [find_card(str(c)).index for c in raw["cards"]]
        except KeyError as exc:
            raise CardDataError(f"decks.toml: deck {pid!r}: {exc.args[0]}") from None
        try:
            validated = validate_deck(cards, f"Preset deck {pid!r}")
        except DeckError as exc:
            raise CardDataError(f"decks.toml: {exc}") from None
        out[pid] = Preset(pid, str(raw["name"]), str(raw["theme"]), validated)
    return out


PRESETS: dict[str, Preset] = _load_presets()
"""The preset decks by id, in file order."""

DECK_LABELS: dict[str, str] = {**{p.id: p.name for p in PRESETS.values()}, RANDOM: "Random", "custom": "Custom"}
"""A deck's public label by its id (what :func:`deck_id` gives)."""


_MONSTER_INDICES = tuple(c.index for c in MONSTERS)
_POWER_INDICES = tuple(c.index for c in POWERS)


def random_deck(rng: Rng) -> tuple[int, ...]:
    """A random legal deck: ``RANDOM_MONSTERS`` distinct monsters and distinct power cards for the rest (MC-9.5).

    Legal by construction (distinct cards of a pool with enough of each kind), so it skips validation: it
    is built for every game of a simulation.
    """
    monsters = rng.sample(_MONSTER_INDICES, RANDOM_MONSTERS)
    powers = rng.sample(_POWER_INDICES, DECK_SIZE - RANDOM_MONSTERS)
    return tuple(sorted(monsters + powers))


def parse_deck_list(text: str) -> tuple[int, ...]:
    """A deck from a list of card ids or names separated by commas (``"2x snip-sprite"`` repeats a card).

    Raises:
        DeckError: for an unknown card or a deck that breaks a deck-building rule.
    """
    cards: list[int] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        count = 1
        head, _, rest = item.partition(" ")
        if rest and head.lower().endswith("x") and head[:-1].isdigit():
            count, item = int(head[:-1]), rest.strip()
        try:
            card = find_card(item)
        except KeyError as exc:
            raise DeckError(str(exc.args[0])) from None
        cards.extend([card.index] * count)
    return validate_deck(cards)


def preset_id(value: str) -> str | None:
    """The preset deck a value names by its id or its name, in any case (``"Grave Choir"`` and
    ``"graveyard"`` both give ``"graveyard"``); ``None`` if it names no preset."""
    key = value.strip().lower()
    if key in PRESETS:
        return key
    return next((p.id for p in PRESETS.values() if p.name.lower() == key), None)


def deck_id(value: str) -> str:
    """The id of the deck an option value names: a preset's id, ``random``, or ``custom`` for a list."""
    key = value.strip().lower()
    if key == RANDOM:
        return RANDOM
    return preset_id(value) or "custom"


def check_deck_option(value: str, name: str) -> None:
    """Check a ``deck0``/``deck1`` option value without building the deck.

    Raises:
        DeckError: naming the problem and the accepted values.
    """
    key = value.strip().lower()
    if key == RANDOM or preset_id(value) is not None:
        return
    if "," not in value:
        known = ", ".join([RANDOM, *(p.name for p in PRESETS.values())])
        raise DeckError(
            f"Option '{name}' must be a preset deck ({known}) or a list of {DECK_SIZE} card names "
            f"separated by commas, not {value!r}."
        )
    try:
        parse_deck_list(value)
    except DeckError as exc:
        raise DeckError(f"Option '{name}': {exc}") from None


def build_deck(value: str, rng: Rng) -> tuple[int, ...]:
    """The deck an option value names (a random deck draws from ``rng``).

    Raises:
        DeckError: if the value names no legal deck.
    """
    key = value.strip().lower()
    if key == RANDOM:
        return random_deck(rng)
    preset = preset_id(value)
    if preset is not None:
        return PRESETS[preset].cards
    return parse_deck_list(value)


def deck_label(value: str) -> str:
    """A short public label for a deck option value (the preset's name, ``Random`` or ``Custom``)."""
    return DECK_LABELS[deck_id(value)]
