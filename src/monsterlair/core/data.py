"""A game's data files (cards, creatures, shapes, numbers), with a designer's override file laid over them.

Every game reads its ``data/*.toml`` through :func:`read_data`. When the environment names an override file
(``MONSTERLAIR_CARD_DATA``, which ``monsterlair sim --cards FILE`` sets for the processes that play the
edited cards), its tables are laid over the shipped ones before the game checks them:

* an array of tables (``[[monster]]``, ``[[creature]]``, ``[[tactic]]``…) is matched entry by entry on
  ``id``: the fields an override entry gives replace the shipped entry's fields; an entry with a new ``id``
  is added; ``remove = true`` in an entry takes that card out;
* any other table (``[rules]``) is merged key by key; any other value replaces the shipped one.

Each game then checks the result with its own loader, whose errors name the card and the field; the
override file is named by :func:`check_override` and the simulation command. Only top-level keys that one of
the game's data files has are allowed, so a typo cannot be silently ignored.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from monsterlair.core.errors import BadOptions
from monsterlair.core.words import closest, join_words

OVERRIDE_ENV = "MONSTERLAIR_CARD_DATA"
"""The environment variable naming an override file of card data (unset: the shipped data)."""


class BadCardData(BadOptions):
    """An override file of card data that cannot be used; the message names the file, card and field."""


def shipped(package: str, name: str) -> dict[str, Any]:
    """The shipped data file ``data/<name>`` of a game package, as parsed TOML."""
    text = resources.files(package).joinpath(f"data/{name}").read_text(encoding="utf-8")
    return tomllib.loads(text)


def load_override(path: Path) -> dict[str, Any]:
    """An override file, parsed.

    Raises:
        BadCardData: if it cannot be read or is not TOML.
    """
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadCardData(f"Cannot read the card data file {path}: {exc.strerror or exc}.") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadCardData(f"{path} is not valid TOML: {exc}.") from None


def read_data(package: str, name: str) -> dict[str, Any]:
    """``data/<name>`` of ``package``, with the override file of ``MONSTERLAIR_CARD_DATA`` laid over it."""
    data = shipped(package, name)
    where = os.environ.get(OVERRIDE_ENV)
    if not where:
        return data
    override = load_override(Path(where))
    return merge(data, {k: v for k, v in override.items() if k in data}, Path(where))


def merge(base: Mapping[str, Any], override: Mapping[str, Any], source: Path) -> dict[str, Any]:
    """``override`` laid over ``base`` (see the module docstring).

    Raises:
        BadCardData: for an override entry of an array of tables without an ``id``, or of the wrong kind.
    """
    out = dict(base)
    for key, value in override.items():
        shipped_value = base.get(key)
        if isinstance(shipped_value, list) and shipped_value and isinstance(shipped_value[0], dict):
            out[key] = _merge_entries(key, shipped_value, value, source)
        elif isinstance(shipped_value, dict) and isinstance(value, dict):
            out[key] = {**shipped_value, **value}
        else:
            out[key] = value
    return out


def _merge_entries(key: str, entries: list[dict[str, Any]], changes: Any, source: Path) -> list[dict[str, Any]]:
    if not isinstance(changes, list) or not all(isinstance(c, dict) for c in changes):
        raise BadCardData(f"{source}: '{key}' must be written as [[{key}]] tables, one per card.")
    merged = [dict(e) for e in entries]
    index = {e.get("id"): i for i, e in enumerate(merged)}
    removed: set[int] = set()
    for number, change in enumerate(changes, 1):
        card = change.get("id")
        if not isinstance(card, str) or not card:
            raise BadCardData(f"{source}: [[{key}]] #{number} needs an 'id' naming the card it changes or adds.")
        fields = {k: v for k, v in change.items() if k != "remove"}
        if card in index:
            if change.get("remove") is True:
                removed.add(index[card])
            else:
                merged[index[card]].update(fields)
        elif change.get("remove") is True:
            raise BadCardData(f"{source}: [[{key}]] {card!r} is removed, but there is no such card to remove.")
        else:
            merged.append(fields)
            index[card] = len(merged) - 1
    return [e for i, e in enumerate(merged) if i not in removed]


def check_override(package: str, path: Path) -> dict[str, Any]:
    """The override file at ``path`` for the game in ``package``, checked against the game's data files.

    Raises:
        BadCardData: if the file cannot be read, or names a top-level table no data file of the game has.
    """
    override = load_override(path)
    known: dict[str, Any] = {}
    for entry in resources.files(package).joinpath("data").iterdir():
        if entry.name.endswith(".toml"):
            known.update(shipped(package, entry.name))
    unknown = sorted(set(override) - set(known))
    if unknown:
        raise BadCardData(
            f"{path}: unknown table(s) {', '.join(unknown)}; this game's card data has {', '.join(sorted(known))}."
        )
    if not override:
        raise BadCardData(f"{path} changes nothing: it holds no tables.")
    for key, changes in override.items():
        entries = known[key]
        if isinstance(entries, list) and entries and isinstance(entries[0], dict) and isinstance(changes, list):
            _check_new_cards(key, entries, changes, path)
    return override


def _check_new_cards(key: str, entries: list[dict[str, Any]], changes: list[Any], path: Path) -> None:
    """An entry with an id the shipped data lacks adds a card, so it must give every field each shipped card
    has; one that does not is most likely a misspelt id, and is refused naming the closest id.

    Raises:
        BadCardData: naming the card, the closest shipped id and the fields a new card needs.
    """
    ids = [str(e.get("id")) for e in entries]
    needed = sorted(set.intersection(*(set(e) for e in entries)) - {"id"})
    for change in changes:
        card = change.get("id") if isinstance(change, dict) else None
        if not isinstance(card, str) or card in ids:
            continue
        near = closest(card, ids)
        hint = f" (did you mean {near!r}?)" if near else ""
        if change.get("remove") is True:
            raise BadCardData(f"{path}: there is no {key} {card!r}{hint} to remove.")
        missing = [f for f in needed if f not in change]
        if missing:
            raise BadCardData(
                f"{path}: there is no {key} {card!r}{hint}; a new {key} needs {join_words(needed)}, "
                f"and this one lacks {join_words(missing)}."
            )
