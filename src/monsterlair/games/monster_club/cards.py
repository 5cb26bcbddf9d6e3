"""Monster Club cards: the card model, the effect vocabulary, and the pool read from ``data/*.toml``.

A card is a frozen :class:`Card`; its effects are frozen :class:`Effect` values in a small vocabulary
(``score``, ``destroy``, ``return``, ``move``, ``flip``, ``draw``, ``discard``) that ``effects.py``
interprets. There is no code per card: a new card is a new entry in a data file. Every card text shown
to people is generated here from the same fields the engine reads, so text and behaviour cannot drift.

The pool is built once, at import. ``CARDS[i]`` is card ``i``; positions in the pool are stable for one
rules version (they index RL encodings), and ``BY_ID`` finds a card by its slug.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from monsterlair.core.data import read_data
from monsterlair.core.words import closest

ROCK, PAPER, SCISSORS = 0, 1, 2
TYPES: tuple[str, ...] = ("rock", "paper", "scissors")
TYPE_INDEX: dict[str, int] = {t: i for i, t in enumerate(TYPES)}
BEATS: tuple[int, ...] = (SCISSORS, ROCK, PAPER)
"""``BEATS[t]`` is the type that ``t`` dominates: rock > scissors, scissors > paper, paper > rock (MC-7.4)."""

# Triggers (when an effect applies).
PLAY, DESTROYED, WIN, CONFLICT = "play", "destroyed", "win", "conflict"
TRIGGERS = (PLAY, DESTROYED, WIN, CONFLICT)

# Scopes, relative to the card's player (MC-8.2, MC-8.3): 0 = yours, 1 = your opponent's, 2 = any.
YOUR, OPPONENT, ANY = 0, 1, 2
SCOPES: dict[str, int] = {"your": YOUR, "opponent": OPPONENT, "any": ANY}
SCOPE_WORDS: tuple[str, ...] = ("your", "opponent", "any")

OPS = ("score", "destroy", "return", "move", "flip", "draw", "discard")
TARGETED_OPS = frozenset({"destroy", "return", "move", "flip"})
"""Ops that make their player choose a target (MC-8.5); the others resolve at once."""

MONSTER_KEYWORDS = frozenset({"swift", "sturdy", "immune"})
POWER_KEYWORDS = frozenset({"swift", "trap", "clash"})

# Per op: the keys it accepts beyond `when` and `op`, with their defaults (None = required).
_OP_KEYS: dict[str, dict[str, Any]] = {
    "score": {"amount": None, "cond": "always", "vs": "", "per": "", "side": "self"},
    "destroy": {"what": None, "board": None, "max_score": -1},
    "return": {"what": None, "grave": None, "to": None},
    "move": {"board": None},
    "flip": {"dir": None, "board": None},
    "draw": {"n": None, "who": "you"},
    "discard": {"n": None, "who": "opponent"},
}
_CHOICES: dict[str, tuple[str, ...]] = {
    "cond": ("always", "attacking", "defending"),
    "vs": TYPES,
    "per": ("power", "grave_monster", "adjacent"),
    "side": ("self", "opponent"),
    "what": ("monster", "power", "any"),
    "board": SCOPE_WORDS,
    "grave": SCOPE_WORDS,
    "to": ("hand", "board"),
    "dir": ("up", "down"),
    "who": ("you", "opponent"),
}


class CardDataError(ValueError):
    """A data file describes a card the engine cannot play (named, with the field at fault)."""


def _rebuilt_from_fields(value: Effect | Card) -> tuple[Any, tuple[Any, ...]]:
    """How ``pickle`` and ``copy.deepcopy`` rebuild a card or an effect: its class called with its fields.

    (Compiled with mypyc, a frozen dataclass is otherwise rebuilt by setting its fields one by one, which its
    frozenness refuses: a Monster Club state holding a pending effect could not be pickled, so neither could a vector
    environment with one nor a game sent to another process.)
    """
    return type(value), tuple(getattr(value, f.name) for f in fields(value))


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card, in the interpreted vocabulary (see ``effects.py`` and MC-8).

    Scopes (``board``, ``grave``) are ints: ``YOUR``, ``OPPONENT`` or ``ANY``, relative to the player of
    the card (the side it is on, MC-8.1). ``vs`` is a type index or -1; ``max_score`` is -1 for none.
    """

    when: str
    op: str
    amount: int = 0
    cond: str = "always"
    vs: int = -1
    per: str = ""
    side: str = "self"
    what: str = ""
    board: int = ANY
    grave: int = YOUR
    to: str = ""
    dir: str = ""
    who: str = "you"
    n: int = 0
    max_score: int = -1

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt_from_fields(self)

    @property
    def targeted(self) -> bool:
        """True when resolving it needs its player to choose a target."""
        return self.op in TARGETED_OPS

    def describe(self) -> str:
        """The effect as a sentence for a card text (generated, so it always matches the engine)."""
        board = ("your board", "your opponent's board", "any board")[self.board]
        grave = ("your grave", "your opponent's grave", "any grave")[self.grave]
        op = self.op
        if op == "score":
            amount = f"{self.amount:+d}"
            if self.per == "power":
                amount += " for each face-up power card on this stack"
            elif self.per == "grave_monster":
                amount += " for each monster in your grave"
            elif self.per == "adjacent":
                amount += " for each other monster on your board"
            who = "this stack scores" if self.side == "self" else "the conflicting stack scores"
            tail = {"always": "", "attacking": " when attacking", "defending": " when defending"}[self.cond]
            if self.vs >= 0:
                tail += f" against {TYPES[self.vs]}"
            return f"In a conflict, {who} {amount}{tail}."
        if op == "destroy":
            if self.what == "power":
                return f"Destroy the top power card of a stack on {board}."
            limit = f" with a printed score of {self.max_score} or less" if self.max_score >= 0 else ""
            return f"Destroy a monster{limit} on {board}, with its whole stack."
        if op == "return":
            thing = {"monster": "a monster", "power": "a power card", "any": "a card"}[self.what]
            dest = "your hand" if self.to == "hand" else "a free space on your board, face up"
            return f"Return {thing} from {grave} to {dest}."
        if op == "move":
            return f"Move a stack on {board} one space left or right into a free space."
        if op == "flip":
            if self.dir == "up":
                return f"Flip a face-down monster on {board} face up."
            return f"Flip a face-up stack on {board} face down."
        if op == "draw":
            cards = f"{self.n} card" + ("s" if self.n != 1 else "")
            return f"Draw {cards}." if self.who == "you" else f"Your opponent draws {cards}."
        if op == "discard":
            cards = f"{self.n} card" + ("s" if self.n != 1 else "")
            who = "Discard" if self.who == "you" else "Your opponent discards"
            return f"{who} {cards} at random."
        raise AssertionError(op)


@dataclass(frozen=True, slots=True)
class Card:
    """A monster or power card of the pool (fields of MC-3 and MC-4)."""

    index: int
    id: str
    name: str
    monster: bool
    type: int
    score: int = 0
    limit: int = 0
    add: int = 0
    mul: int = 1
    opp: int = 0
    copies: int = 1
    swift: bool = False
    sturdy: bool = False
    immune: bool = False
    trap: bool = False
    clash: bool = False
    on_play: tuple[Effect, ...] = ()
    on_destroyed: tuple[Effect, ...] = ()
    on_win: tuple[Effect, ...] = ()
    mods: tuple[Effect, ...] = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _rebuilt_from_fields(self)

    @property
    def kind(self) -> str:
        """``monster`` or ``power``."""
        return "monster" if self.monster else "power"

    @property
    def type_name(self) -> str:
        """``rock``, ``paper`` or ``scissors``."""
        return TYPES[self.type]

    @property
    def calc(self) -> str:
        """A power card's printed calculation (``+2``, ``x2``, ``-2 opp``; empty if none)."""
        parts = []
        if self.add:
            parts.append(f"{self.add:+d}")
        if self.mul != 1:
            parts.append(f"x{self.mul}")
        if self.opp:
            parts.append(f"{self.opp:+d} opp")
        return " ".join(parts)

    @property
    def keywords(self) -> tuple[str, ...]:
        """The card's keywords, in a fixed order."""
        names = ("swift", "sturdy", "immune", "trap", "clash")
        flags = (self.swift, self.sturdy, self.immune, self.trap, self.clash)
        return tuple(n for n, f in zip(names, flags, strict=True) if f)

    def effects(self) -> tuple[Effect, ...]:
        """Every effect, in trigger order."""
        return self.on_play + self.on_destroyed + self.on_win + self.mods

    def text(self) -> str:
        """The card's rules text in play (keywords and effects), generated from its fields."""
        lines = [KEYWORD_TEXT[k] for k in self.keywords]
        prefix = {PLAY: "When played: ", DESTROYED: "When destroyed: ", WIN: "When its stack wins: ", CONFLICT: ""}
        for e in self.effects():
            lines.append(prefix[e.when] + e.describe())
        # How many copies a deck may hold is deck building's business (the deck picker shows it, from
        # ``copies``), not the card's text in play.
        return " ".join(lines)

    def summary(self) -> str:
        """One line: name, type and numbers (score and limit, or the calculation)."""
        if self.monster:
            return f"{self.name} ({self.type_name}, score {self.score}, limit {self.limit})"
        calc = f", {self.calc}" if self.calc else ""
        return f"{self.name} ({self.type_name} power{calc})"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description (for the card list in UIs and docs)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "kind": self.kind, "type": self.type_name}
        if self.monster:
            out["score"] = self.score
            out["limit"] = self.limit
        else:
            out["calc"] = self.calc
        out["text"] = self.text()
        # each keyword with its rule, for a tag on the card's face whose help tells the rule
        out["keywords"] = [{"name": k, "text": KEYWORD_TEXT[k]} for k in self.keywords]
        out["copies"] = self.copies
        return out


KEYWORD_TEXT: dict[str, str] = {
    "swift": "Swift: its stack may attack in a turn it moved.",
    "sturdy": "Sturdy: wins a conflict of equal scores whatever the types.",
    "immune": "Immune: your opponent's card effects cannot target it.",
    "trap": "Trap: flips face up by itself when its stack is attacked.",
    "clash": "Clash: before scoring, clashes with the top face-up power card of the conflicting stack.",
}


def _fail(where: str, message: str) -> CardDataError:
    return CardDataError(f"{where}: {message}")


def parse_effect(raw: Any, where: str) -> Effect:
    """One effect from its data-file table.

    Raises:
        CardDataError: naming the card and the field at fault.
    """
    if not isinstance(raw, Mapping):
        raise _fail(where, 'an effect must be a table like { when = "play", op = "draw", n = 1 }.')
    when = raw.get("when")
    op = raw.get("op")
    if when not in TRIGGERS:
        raise _fail(where, f"effect 'when' must be one of {', '.join(TRIGGERS)}, not {when!r}.")
    if op not in _OP_KEYS:
        raise _fail(where, f"effect 'op' must be one of {', '.join(OPS)}, not {op!r}.")
    spec = _OP_KEYS[op]
    unknown = sorted(set(raw) - set(spec) - {"when", "op"})
    if unknown:
        raise _fail(where, f"effect {op!r} does not take {', '.join(unknown)} (it takes {', '.join(spec)}).")
    values: dict[str, Any] = {}
    for key, default in spec.items():
        value = raw.get(key, default)
        if value is None:
            raise _fail(where, f"effect {op!r} needs '{key}'.")
        if key in _CHOICES and value not in _CHOICES[key] and not (value == "" and key in ("vs", "per")):
            raise _fail(where, f"effect '{key}' must be one of {', '.join(_CHOICES[key])}, not {value!r}.")
        if key in ("amount", "n", "max_score") and (isinstance(value, bool) or not isinstance(value, int)):
            raise _fail(where, f"effect '{key}' must be a whole number, not {value!r}.")
        values[key] = value
    if (op == "score") != (when == CONFLICT):
        raise _fail(where, "a 'score' effect applies in conflicts: it goes with when = \"conflict\" and only there.")
    if op in ("draw", "discard") and not 1 <= values["n"] <= 3:
        raise _fail(where, f"'{op}' takes n from 1 to 3, not {values['n']}.")
    if op == "return":
        if values["to"] == "hand" and values["grave"] != "your":
            raise _fail(where, "a card only returns to its owner's hand: 'to = \"hand\"' needs 'grave = \"your\"'.")
        if values["to"] == "board" and values["what"] != "monster":
            raise _fail(where, "only a monster can return to the board (power cards never stand alone, MC-4.5).")
    kwargs: dict[str, Any] = {"when": when, "op": op}
    for key, value in values.items():
        if key in ("board", "grave"):
            kwargs[key] = SCOPES[value]
        elif key == "vs":
            kwargs[key] = TYPE_INDEX[value] if value else -1
        else:
            kwargs[key] = value
    return Effect(**kwargs)


def _int_field(raw: Mapping[str, Any], key: str, where: str, lo: int, hi: int, default: int | None = None) -> int:
    value = raw.get(key, default)
    if value is None:
        raise _fail(where, f"'{key}' is required.")
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(where, f"'{key}' must be a whole number from {lo} to {hi}, not {value!r}.")
    return value


def parse_card(raw: Any, index: int, monster: bool) -> Card:
    """One card from its data-file table.

    Raises:
        CardDataError: naming the card and the field at fault.
    """
    kind = "monster" if monster else "power"
    if not isinstance(raw, Mapping):
        raise CardDataError(f"{kind} #{index + 1}: a card must be a table.")
    cid = raw.get("id")
    where = f"{kind} {cid!r}"
    if not isinstance(cid, str) or not cid or cid != cid.strip().lower() or " " in cid:
        raise _fail(where, "'id' must be a lower-case slug without spaces.")
    allowed = {"id", "name", "type", "copies", "keywords", "effects"}
    allowed |= {"score", "limit"} if monster else {"add", "mul", "opp"}
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise _fail(where, f"unknown field(s) {', '.join(unknown)}; a {kind} card takes {', '.join(sorted(allowed))}.")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip() or "," in name:
        raise _fail(where, "'name' must be a non-empty text without commas.")
    ctype = raw.get("type")
    if ctype not in TYPE_INDEX:
        raise _fail(where, f"'type' must be rock, paper or scissors, not {ctype!r}.")
    keywords = raw.get("keywords", [])
    allowed_kw = MONSTER_KEYWORDS if monster else POWER_KEYWORDS
    if not isinstance(keywords, list) or any(k not in allowed_kw for k in keywords):
        raise _fail(where, f"'keywords' must be a list drawn from {', '.join(sorted(allowed_kw))}.")
    raw_effects = raw.get("effects", [])
    if not isinstance(raw_effects, list):
        raise _fail(where, "'effects' must be a list of tables.")
    effects = [parse_effect(e, where) for e in raw_effects]
    fields: dict[str, Any] = {
        "index": index,
        "id": cid,
        "name": name.strip(),
        "monster": monster,
        "type": TYPE_INDEX[ctype],
        "copies": _int_field(raw, "copies", where, 1, 25, 1),
        "on_play": tuple(e for e in effects if e.when == PLAY),
        "on_destroyed": tuple(e for e in effects if e.when == DESTROYED),
        "on_win": tuple(e for e in effects if e.when == WIN),
        "mods": tuple(e for e in effects if e.when == CONFLICT),
    }
    for k in keywords:
        fields[k] = True
    if monster:
        fields["score"] = _int_field(raw, "score", where, 0, 20)
        fields["limit"] = _int_field(raw, "limit", where, 0, MAX_LIMIT)
    else:
        fields["add"] = _int_field(raw, "add", where, -9, 9, 0)
        fields["mul"] = _int_field(raw, "mul", where, 1, 3, 1)
        fields["opp"] = _int_field(raw, "opp", where, -9, 0, 0)
    return Card(**fields)


MAX_LIMIT = 3
"""The largest power card limit a monster may print (the board shows at most three power cards a stack)."""


def parse_pool(monsters: Any, powers: Any) -> tuple[Card, ...]:
    """The card pool from the two data tables (monsters first, then power cards).

    Raises:
        CardDataError: for a malformed card, a repeated id or a repeated name.
    """
    if not isinstance(monsters, list) or not isinstance(powers, list):
        raise CardDataError("monsters.toml needs [[monster]] tables and powers.toml [[power]] tables.")
    cards = [parse_card(raw, i, True) for i, raw in enumerate(monsters)]
    cards += [parse_card(raw, len(cards) + i, False) for i, raw in enumerate(powers)]
    seen_ids: set[str] = set()
    seen_names: set[str] = set()
    for c in cards:
        if c.id in seen_ids:
            raise CardDataError(f"card id {c.id!r} is used twice.")
        if c.name.lower() in seen_names:
            raise CardDataError(f"card name {c.name!r} is used twice.")
        seen_ids.add(c.id)
        seen_names.add(c.name.lower())
    return tuple(cards)


def _read(name: str) -> dict[str, Any]:
    return read_data("monsterlair.games.monster_club", name)


CARDS: tuple[Card, ...] = parse_pool(_read("monsters.toml").get("monster"), _read("powers.toml").get("power"))
"""The card pool: ``CARDS[i]`` is card ``i`` (monsters first)."""
NUM_CARDS = len(CARDS)
BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
BY_NAME: dict[str, Card] = {c.name.lower(): c for c in CARDS}
MONSTERS: tuple[Card, ...] = tuple(c for c in CARDS if c.monster)
POWERS: tuple[Card, ...] = tuple(c for c in CARDS if not c.monster)

# Flat per-card tables for the hot paths (a tuple index is cheaper than an attribute on a dataclass).
IS_MONSTER: tuple[bool, ...] = tuple(c.monster for c in CARDS)
LIMIT: tuple[int, ...] = tuple(c.limit for c in CARDS)
SCORE: tuple[int, ...] = tuple(c.score for c in CARDS)


def find_card(key: str) -> Card:
    """A card by id or name (any case).

    Raises:
        KeyError: with a sentence naming the closest card.
    """
    k = key.strip().lower()
    card = BY_ID.get(k) or BY_NAME.get(k)
    if card is None:
        near = closest(k, [*BY_ID, *BY_NAME])
        hint = f" Did you mean {near!r}?" if near else ""
        raise KeyError(f"No card is called {key.strip()!r}.{hint}")
    return card
