"""MONSTRA: constants, the card set read from ``data/*.toml``, compiled effect tables, options and decks.

Everything a rule needs as a number lives here or in the data files; rules code reads these tables.
Cards become small integers at import (creature, tactic and behaviour indices in data-file order), and
every effect becomes a plain tuple ``(op, n, to, kind, when)`` that :mod:`.effects` interprets. That keeps
the hot path free of dictionaries and string comparisons, and lets a real card list replace the data
files without touching the engine.

Deck specifications (option ``decks``) are checked here, with errors that name the broken rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from monsterlair.core import BadOptions, Option, OptionSet, OptionValue, Rng
from monsterlair.core.data import read_data
from monsterlair.core.spec import GameKind, GameSpec
from monsterlair.core.words import join_words, plural

GAME_ID = "monstra"
TITLE = "MONSTRA"
ALIASES = ("monstra",)
MIN_PLAYERS = 1
MAX_PLAYERS = 4
PLAYER_COUNTS = (1, 2, 4)
"""MONSTRA has no three-player mode (MO-1.2)."""
RULES_VERSION = 2
SUMMARY = (
    "Teams of creatures fight two at a time, the fastest first each round: strike, guard, use a special move or "
    "play a tactic card. Knock out three enemy creatures to win a duel (one against one or two against two), or "
    "team up against the Rift Guardian in a mission (alone or with a friend)."
)

# --- numbers from the rules source (docs/rules/monstra.md) ---------------------------------------
# (``Final``: the compiled rules and observation writer read each as a C constant, not a look-up by name.)
DECK_CREATURES: Final = 12
"""Creatures per team deck (MO-2.2)."""
DECK_TACTICS: Final = 12
"""Tactics per team deck (MO-2.3)."""
MAX_PREMIUM: Final = 1
ACTIVE_SLOTS: Final = 2
START_HAND: Final = 3
HAND_LIMIT: Final = 5
ENERGY_GAIN: Final = 2
ENERGY_CAP: Final = 5
SHIELD_CAP: Final = 6
GUARD_SHIELD: Final = 2
"""Shield a Guard gives (MO-5.5, decided here)."""
KNOCKOUTS_TO_LOSE: Final = 3
ROUNDS: Final = 12
BEHAVIOURS_PER_VERSION: Final = 12
POISON_COUNTERS: Final = 2
SLOW_NEXT: Final = 1
"""Bit of ``state.slow``: a Slow that will count in the next order set (MO-8.4)."""
SLOW_NOW: Final = 2
"""Bit of ``state.slow``: a Slow counted in this round's order; it goes after the creature's next action."""
MIN_SPD: Final = 1

# --- effect vocabulary ----------------------------------------------------------------------------
OP_DAMAGE, OP_HEAL, OP_SHIELD, OP_CONDITION, OP_CLEANSE, OP_STRIP, OP_PIERCE, OP_DRAW, OP_ENERGY = range(9)
OP_BONUS, OP_REVIVE = 9, 10
OPS: tuple[str, ...] = (
    "damage",
    "heal",
    "shield",
    "condition",
    "cleanse",
    "strip",
    "pierce",
    "draw",
    "energy",
    "bonus",
    "revive",
)
TO_TARGET, TO_SELF, TO_ENEMIES, TO_ALLIES, TO_TEAM, TO_FOES, TO_STRONGEST, TO_WEAKEST, TO_NONE, TO_ONE_ALLY = range(10)
TOS: tuple[str, ...] = (
    "target",
    "self",
    "enemies",
    "allies",
    "team",
    "foes",
    "strongest",
    "weakest",
    "none",
    "one_ally",
)
"""Who an effect reaches; ``one_ally`` (cleanse only) is one living ally with a condition, chosen by the
card's player as the card resolves (MO-8.5)."""
COND_NONE, COND_BURN, COND_POISON, COND_SLOW = range(4)
CONDITIONS: tuple[str, ...] = ("", "burn", "poison", "slow")
WHEN_ALWAYS, WHEN_ALLY_CONDITION, WHEN_NO_ALLY_CONDITION = range(3)
WHENS: tuple[str, ...] = ("always", "ally_condition", "no_ally_condition")
TARGET_NONE, TARGET_ENEMY, TARGET_ALLY, TARGET_FALLEN = range(4)
TARGET_RULES: tuple[str, ...] = ("none", "enemy", "ally", "fallen")

_UNIT_OPS = {OP_DAMAGE, OP_HEAL, OP_SHIELD, OP_CONDITION, OP_CLEANSE, OP_STRIP}
_TEAM_OPS = {OP_DRAW, OP_ENERGY}
_MODIFIER_OPS = {OP_PIERCE, OP_BONUS, OP_REVIVE}

Effect = tuple[int, int, int, int, int]
"""``(op, n, to, kind, when)``: one step of a card's text, interpreted by :mod:`.effects`."""

SIGNS: tuple[str, ...] = ("Fire", "Earth", "Water", "Air", "Mythic")
SIGN_COLOURS: dict[str, str] = {
    "Fire": "red",
    "Earth": "yellow",
    "Water": "blue",
    "Air": "cyan",
    "Mythic": "magenta",
}


class DataError(ValueError):
    """A data file breaks a rule of the card format (raised at import, naming the file and card)."""


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature card: sign and EVO are shown but have no battle effect (MO-2.1)."""

    index: int
    id: str
    name: str
    sign: str
    evo: int
    spd: int
    hp: int
    strike: int
    premium: bool
    move: str
    move_id: str
    cost: int
    target: int
    effects: tuple[Effect, ...]
    damaging: bool


@dataclass(frozen=True, slots=True)
class Tactic:
    """A tactic card (MO-6)."""

    index: int
    id: str
    name: str
    cost: int
    target: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Behaviour:
    """A Rift Guardian behaviour card (MO-10)."""

    index: int
    version: str
    id: str
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class GuardianVersion:
    """A Rift Guardian version: HP, SPD and its win rule (MO-10.1, MO-10.7, MO-10.8)."""

    id: str
    name: str
    hp: int
    spd: int
    win_at_or_below: int
    must_defeat: bool
    behaviours: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Deck:
    """A team deck: twelve creature indices and twelve tactic indices, both ascending."""

    creatures: tuple[int, ...]
    tactics: tuple[int, ...]
    name: str = "custom"


def _read(name: str) -> dict[str, Any]:
    return read_data("monsterlair.games.monstra", name)


def slug(text: str) -> str:
    """The id form of a name: lower case, words joined by hyphens (``Flame Spiral`` -> ``flame-spiral``)."""
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split())


def _int(raw: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(f"{where}: '{key}' must be a whole number from {low} to {high}, not {value!r}.")
    return value


CREATURE_FIELDS = ("id", "name", "sign", "evo", "spd", "hp", "strike", "premium", "signature")
SIGNATURE_FIELDS = ("name", "cost", "target", "effects")
TACTIC_FIELDS = ("id", "name", "cost", "target", "effects")
BEHAVIOUR_FIELDS = ("id", "name", "version", "effects")
VERSION_FIELDS = ("name", "hp", "spd", "win_at_or_below", "must_defeat")
"""The fields a data file's creature, signature move, tactic, Guardian behaviour and Guardian version take: any
other is refused, so a misspelt field (or one written outside its table) cannot be silently ignored."""


def _check_fields(
    raw: Mapping[str, Any],
    allowed: Sequence[str],
    where: str,
    kind: str,
    inner: tuple[str, Sequence[str]] | None = None,
) -> None:
    """Refuse fields a ``kind`` does not take, naming those it does (and the table a field belongs in, when
    ``inner`` names a nested table whose field it is: ``cost`` goes inside a creature's ``signature``)."""
    unknown = sorted(set(raw) - set(allowed))
    if not unknown:
        return
    hint = ""
    if inner is not None:
        misplaced = [k for k in unknown if k in inner[1]]
        if misplaced:
            which = "it belongs" if len(misplaced) == 1 else "they belong"
            hint = f" ({', '.join(repr(k) for k in misplaced)}: {which} inside '{inner[0]}')"
    raise DataError(f"{where}: unknown field(s) {', '.join(unknown)}{hint}; a {kind} takes {', '.join(allowed)}.")


def _choice(value: Any, allowed: Sequence[str], where: str, key: str) -> int:
    if value not in allowed:
        raise DataError(f"{where}: '{key}' must be one of {', '.join(allowed)}, not {value!r}.")
    return list(allowed).index(value)


def compile_effects(raw: Any, where: str, *, allow_modifiers: bool, allow_revive: bool) -> tuple[Effect, ...]:
    """Turn a data file's effect list into effect tuples.

    Raises:
        DataError: naming the card, for an unknown word, a missing amount or a target an effect cannot take.
    """
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{where}: 'effects' must be a non-empty list.")
    out: list[Effect] = []
    for i, item in enumerate(raw):
        at = f"{where}, effect {i + 1}"
        if not isinstance(item, Mapping):
            raise DataError(f'{at}: each effect is a table such as {{ do = "damage", n = 3, to = "target" }}.')
        unknown = set(item) - {"do", "n", "to", "kind", "when"}
        if unknown:
            raise DataError(f"{at}: unknown key(s) {', '.join(sorted(unknown))}.")
        op = _choice(item.get("do"), OPS, at, "do")
        to = _choice(item.get("to", "none"), TOS, at, "to")
        when = _choice(item.get("when", "always"), WHENS, at, "when")
        kind = COND_NONE
        n = 0
        if op == OP_CONDITION:
            kind = _choice(item.get("kind"), CONDITIONS[1:], at, "kind") + 1
        elif op not in (OP_CLEANSE, OP_REVIVE):
            n = _int(item, "n", at, -5, 10)
            if n == 0:
                raise DataError(f"{at}: '{OPS[op]}' needs a non-zero 'n'.")
        if op in _UNIT_OPS and to in (TO_TEAM, TO_FOES, TO_NONE):
            raise DataError(f"{at}: '{OPS[op]}' acts on creatures; 'to' cannot be {TOS[to]!r}.")
        if op in _TEAM_OPS and to not in (TO_TEAM, TO_FOES):
            raise DataError(f"{at}: '{OPS[op]}' acts on a team; 'to' must be 'team' or 'foes'.")
        if op == OP_DRAW and (to != TO_TEAM or n < 0):
            raise DataError(f"{at}: 'draw' gives cards to the acting team ('to' = 'team', n > 0).")
        if op in _MODIFIER_OPS and to != TO_NONE:
            raise DataError(f"{at}: '{OPS[op]}' takes no 'to'.")
        if op in (OP_BONUS, OP_REVIVE) and not allow_modifiers:
            raise DataError(f"{at}: '{OPS[op]}' is only for tactics.")
        if op == OP_REVIVE and not allow_revive:
            raise DataError(f"{at}: 'revive' needs target = 'fallen'.")
        if op == OP_CONDITION and to in (TO_SELF, TO_ALLIES):
            raise DataError(f"{at}: a card may not put a condition on its own side (MO-8.8).")
        if op == OP_CLEANSE and i:
            raise DataError(f"{at}: 'cleanse' must be the card's first effect (its choice is made first, MO-8.5).")
        if to == TO_ONE_ALLY and op != OP_CLEANSE:
            raise DataError(f"{at}: 'one_ally' is only for 'cleanse'.")
        if op in (OP_DAMAGE, OP_HEAL, OP_SHIELD, OP_STRIP) and n < 0:
            raise DataError(f"{at}: '{OPS[op]}' needs a positive 'n'.")
        out.append((op, n, to, kind, when))
    return tuple(out)


def _check_targets(effects: tuple[Effect, ...], target: int, where: str) -> None:
    uses_target = any(e[2] == TO_TARGET for e in effects)
    if target in (TARGET_ENEMY, TARGET_ALLY) and not uses_target:
        raise DataError(f"{where}: it chooses a target but no effect uses 'to = \"target\"'.")
    if target in (TARGET_NONE, TARGET_FALLEN) and uses_target:
        raise DataError(f"{where}: an effect says 'to = \"target\"' but the card chooses none.")
    if target == TARGET_ENEMY:
        for op, _n, to, _k, _w in effects:
            if to == TO_TARGET and op in (OP_HEAL, OP_SHIELD, OP_CLEANSE):
                raise DataError(f"{where}: it would heal, shield or cleanse an enemy.")
    if target == TARGET_ALLY:
        for op, _n, to, _k, _w in effects:
            if to == TO_TARGET and op in (OP_DAMAGE, OP_CONDITION, OP_STRIP):
                raise DataError(f"{where}: it would hurt an ally.")


def _load_creatures(raw: list[Any]) -> tuple[Creature, ...]:
    out: list[Creature] = []
    seen: set[str] = set()
    for i, c in enumerate(raw):
        where = f"creature {c.get('id', i + 1)!r}"
        cid = c.get("id")
        if not isinstance(cid, str) or cid != slug(cid) or cid in seen:
            raise DataError(f"{where}: 'id' must be a unique lower-case word.")
        seen.add(cid)
        _check_fields(c, CREATURE_FIELDS, where, "creature", ("signature", SIGNATURE_FIELDS))
        sign = c.get("sign")
        if sign not in SIGNS:
            raise DataError(f"{where}: 'sign' must be one of {', '.join(SIGNS)}.")
        sig = c.get("signature")
        if not isinstance(sig, Mapping) or not isinstance(sig.get("name"), str):
            raise DataError(f"{where}: it needs a signature table with a name.")
        _check_fields(sig, SIGNATURE_FIELDS, f"{where}, signature", "signature move")
        target = _choice(sig.get("target"), TARGET_RULES[:3], where + " signature", "target")
        effects = compile_effects(sig.get("effects"), where, allow_modifiers=False, allow_revive=False)
        _check_targets(effects, target, where)
        out.append(
            Creature(
                index=i,
                id=cid,
                name=str(c.get("name", cid)),
                sign=str(sign),
                evo=_int(c, "evo", where, 1, 5),
                spd=_int(c, "spd", where, 1, 9),
                hp=_int(c, "hp", where, 1, 40),
                strike=_int(c, "strike", where, 0, 9),
                premium=bool(c.get("premium", False)),
                move=str(sig["name"]),
                move_id=slug(str(sig["name"])),
                cost=_int(sig, "cost", where + " signature", 0, ENERGY_CAP),
                target=target,
                effects=effects,
                damaging=any(e[0] == OP_DAMAGE for e in effects),
            )
        )
    return tuple(out)


def _load_tactics(raw: list[Any]) -> tuple[Tactic, ...]:
    out: list[Tactic] = []
    seen: set[str] = set()
    for i, t in enumerate(raw):
        where = f"tactic {t.get('id', i + 1)!r}"
        tid = t.get("id")
        if not isinstance(tid, str) or tid != slug(tid) or tid in seen:
            raise DataError(f"{where}: 'id' must be a unique lower-case hyphenated name.")
        seen.add(tid)
        _check_fields(t, TACTIC_FIELDS, where, "tactic")
        target = _choice(t.get("target"), TARGET_RULES, where, "target")
        effects = compile_effects(t.get("effects"), where, allow_modifiers=True, allow_revive=target == TARGET_FALLEN)
        _check_targets(effects, target, where)
        if target == TARGET_FALLEN and effects != ((OP_REVIVE, 0, TO_NONE, COND_NONE, WHEN_ALWAYS),):
            raise DataError(f"{where}: a 'fallen' target goes with the single effect 'revive'.")
        out.append(
            Tactic(
                index=i,
                id=tid,
                name=str(t.get("name", tid)),
                cost=_int(t, "cost", where, 0, ENERGY_CAP),
                target=target,
                effects=effects,
            )
        )
    return tuple(out)


def _load_guardian(raw: dict[str, Any]) -> tuple[tuple[Behaviour, ...], dict[str, GuardianVersion]]:
    behaviours: list[Behaviour] = []
    versions_raw = raw.get("version", {})
    per: dict[str, list[int]] = {v: [] for v in versions_raw}
    for i, b in enumerate(raw.get("behaviour", [])):
        where = f"Guardian behaviour {b.get('id', i + 1)!r} ({b.get('version')})"
        _check_fields(b, BEHAVIOUR_FIELDS, where, "Guardian behaviour")
        version = b.get("version")
        if version not in per:
            raise DataError(f"{where}: 'version' must be one of {', '.join(per)}.")
        bid = b.get("id")
        if not isinstance(bid, str) or bid != slug(bid):
            raise DataError(f"{where}: 'id' must be a lower-case hyphenated name.")
        if any(behaviours[j].id == bid for j in per[version]):
            raise DataError(f"{where}: a version holds twelve *different* behaviours (MO-10.2).")
        effects = compile_effects(b.get("effects"), where, allow_modifiers=False, allow_revive=False)
        _check_targets(effects, TARGET_NONE, where)
        per[version].append(i)
        behaviours.append(Behaviour(index=i, version=version, id=bid, name=str(b.get("name", bid)), effects=effects))
    versions: dict[str, GuardianVersion] = {}
    for vid, v in versions_raw.items():
        where = f"Guardian version {vid!r}"
        _check_fields(v, VERSION_FIELDS, where, "Guardian version")
        if len(per[vid]) != BEHAVIOURS_PER_VERSION:
            raise DataError(f"{where}: it needs exactly {BEHAVIOURS_PER_VERSION} behaviours, not {len(per[vid])}.")
        versions[vid] = GuardianVersion(
            id=vid,
            name=str(v.get("name", vid)),
            hp=_int(v, "hp", where, 1, 200),
            spd=_int(v, "spd", where, 1, 9),
            win_at_or_below=_int(v, "win_at_or_below", where, 0, 200),
            must_defeat=bool(v.get("must_defeat", False)),
            behaviours=tuple(per[vid]),
        )
    return tuple(behaviours), versions


CREATURES: tuple[Creature, ...] = _load_creatures(_read("creatures.toml")["creature"])
TACTICS: tuple[Tactic, ...] = _load_tactics(_read("tactics.toml")["tactic"])
BEHAVIOURS, GUARDIANS = _load_guardian(_read("guardian.toml"))
NUM_CREATURES = len(CREATURES)
NUM_TACTICS = len(TACTICS)
NUM_BEHAVIOURS = len(BEHAVIOURS)
CREATURE_INDEX: dict[str, int] = {c.id: c.index for c in CREATURES}
TACTIC_INDEX: dict[str, int] = {t.id: t.index for t in TACTICS}
PREMIUMS: frozenset[int] = frozenset(c.index for c in CREATURES if c.premium)
NON_PREMIUMS: tuple[int, ...] = tuple(c.index for c in CREATURES if not c.premium)

# Per-index columns for the hot path (tuple indexing beats attribute access on a dataclass).
C_SPD: tuple[int, ...] = tuple(c.spd for c in CREATURES)
C_HP: tuple[int, ...] = tuple(c.hp for c in CREATURES)
C_STRIKE: tuple[int, ...] = tuple(c.strike for c in CREATURES)
C_COST: tuple[int, ...] = tuple(c.cost for c in CREATURES)
C_TARGET: tuple[int, ...] = tuple(c.target for c in CREATURES)
C_EFFECTS: tuple[tuple[Effect, ...], ...] = tuple(c.effects for c in CREATURES)
C_DAMAGING: tuple[bool, ...] = tuple(c.damaging for c in CREATURES)
T_COST: tuple[int, ...] = tuple(t.cost for t in TACTICS)
T_TARGET: tuple[int, ...] = tuple(t.target for t in TACTICS)
T_EFFECTS: tuple[tuple[Effect, ...], ...] = tuple(t.effects for t in TACTICS)
B_EFFECTS: tuple[tuple[Effect, ...], ...] = tuple(b.effects for b in BEHAVIOURS)

SOURCE_TACTICS: tuple[str, ...] = (
    "spark-reserve",
    "riftbreaker",
    "battle-insight",
    "rally",
    "purifying-mist",
    "rift-snare",
    "cleanse",
)
"""The tactics (and the Cleanse effect, made a tactic here) that the rules source names."""
SOURCE_PREMIUMS: tuple[str, ...] = ("fenara", "aurelith", "vharax", "umbrael", "veloryn")


def _check_card_set() -> None:
    """The promises the issue and the rules make about the card set, checked at import."""
    if NUM_CREATURES < 30:
        raise DataError(f"The game needs at least 30 creatures, not {NUM_CREATURES}: add one for each you remove.")
    missing_signs = set(SIGNS) - {c.sign for c in CREATURES}
    if missing_signs:
        raise DataError(f"Every sign needs a creature; none is left of {join_words(sorted(missing_signs))}.")
    if {CREATURES[i].id for i in PREMIUMS} != set(SOURCE_PREMIUMS):
        raise DataError(
            f"The premium creatures are the five the rules name, {join_words(SOURCE_PREMIUMS)}: none of them can be "
            "removed or made ordinary, and no other creature made premium."
        )
    flaro = CREATURES[CREATURE_INDEX["flaro"]] if "flaro" in CREATURE_INDEX else None
    spiral = ((OP_DAMAGE, 5, TO_TARGET, COND_NONE, WHEN_ALWAYS), (OP_CONDITION, 0, TO_TARGET, COND_BURN, WHEN_ALWAYS))
    if flaro is None or flaro.move != "Flame Spiral" or flaro.cost != 2 or flaro.effects != spiral:
        raise DataError(
            "Flaro's Flame Spiral must cost 2 EN and deal 5 damage and Burn, as the rules give it: Flaro cannot be "
            "removed, nor its move changed."
        )
    if NUM_TACTICS < 18:
        raise DataError(f"The game needs at least 18 tactics, not {NUM_TACTICS}: add one for each you remove.")
    if NUM_TACTICS < DECK_TACTICS or len(NON_PREMIUMS) < DECK_CREATURES:
        raise DataError("Too few cards to build a legal deck.")
    for tid in SOURCE_TACTICS:
        if tid not in TACTIC_INDEX:
            raise DataError(f"The tactic {tid!r} cannot be removed: the rules name it.")
    if set(GUARDIANS) != {"standard", "expert"}:
        raise DataError("The Guardian's versions must be 'standard' and 'expert'.")
    for v in GUARDIANS.values():
        if "cinder-rift" not in {BEHAVIOURS[i].id for i in v.behaviours}:
            raise DataError(
                f"The Guardian behaviour 'cinder-rift' cannot be removed from version {v.id!r}: the rules name it."
            )


_check_card_set()


# --- decks ---------------------------------------------------------------------------------------
def _lookup(names: Sequence[str], index: Mapping[str, int], kind: str, who: str) -> list[int]:
    out = []
    for name in names:
        key = slug(name)
        if key not in index:
            raise BadOptions(f"{who}: there is no {kind} called {name!r}.")
        out.append(index[key])
    return out


def validate_deck(creatures: Sequence[str], tactics: Sequence[str], who: str = "The deck") -> Deck:
    """A checked deck from creature and tactic names (any case; spaces or hyphens).

    Raises:
        BadOptions: naming the rule broken (MO-2.2 creatures, MO-2.3 tactics) or the unknown card.
    """
    cs = _lookup(creatures, CREATURE_INDEX, "creature", who)
    ts = _lookup(tactics, TACTIC_INDEX, "tactic", who)
    if len(set(cs)) != len(cs):
        dup = sorted({CREATURES[i].name for i in cs if cs.count(i) > 1})
        raise BadOptions(f"{who} breaks rule MO-2.2: its creatures must all be different ({', '.join(dup)} repeats).")
    if len(cs) != DECK_CREATURES:
        raise BadOptions(
            f"{who} breaks rule MO-2.2: it has {len(cs)} creatures; a deck has exactly {DECK_CREATURES} different ones."
        )
    prem = [CREATURES[i].name for i in cs if i in PREMIUMS]
    if len(prem) > MAX_PREMIUM:
        raise BadOptions(f"{who} breaks rule MO-2.2: at most one premium creature is allowed, not {', '.join(prem)}.")
    if len(set(ts)) != len(ts):
        dup = sorted({TACTICS[i].name for i in ts if ts.count(i) > 1})
        raise BadOptions(f"{who} breaks rule MO-2.3: its tactics must all be different ({', '.join(dup)} repeats).")
    if len(ts) != DECK_TACTICS:
        raise BadOptions(
            f"{who} breaks rule MO-2.3: it has {len(ts)} tactics; a deck has exactly {DECK_TACTICS} different ones."
        )
    return Deck(tuple(sorted(cs)), tuple(sorted(ts)))


def _load_presets() -> dict[str, Deck]:
    """The preset decks; a card one of them uses cannot be removed (the error names every deck that uses it, so a
    card-data override can give those decks other cards in ``[[deck]]`` entries of its own)."""
    raw = _read("decks.toml")["deck"]
    for kind, index in (("creature", CREATURE_INDEX), ("tactic", TACTIC_INDEX)):
        users: dict[str, list[str]] = {}
        for d in raw:
            for card in d[f"{kind}s"]:
                if slug(str(card)) not in index:
                    users.setdefault(str(card), []).append(str(d.get("name", d["id"])))
        for card, decks in users.items():
            which = f"the preset deck {decks[0]}" if len(decks) == 1 else f"the preset decks {join_words(decks)}"
            raise DataError(
                f"There is no {kind} {card!r}, and {which} {'uses' if len(decks) == 1 else 'use'} it: a card a preset "
                f"deck uses cannot be removed unless the deck is given another (a [[deck]] entry with its {kind}s)."
            )
    out: dict[str, Deck] = {}
    for d in raw:
        did = str(d["id"])
        try:
            deck = validate_deck(d["creatures"], d["tactics"], f"Preset deck {did!r}")
        except BadOptions as exc:
            raise DataError(str(exc)) from None
        out[did] = Deck(deck.creatures, deck.tactics, did)
    return out


PRESETS: dict[str, Deck] = _load_presets()
PRESET_ABOUT: dict[str, str] = {str(d["id"]): str(d.get("about", "")) for d in _read("decks.toml")["deck"]}
PRESET_NAMES: dict[str, str] = {str(d["id"]): str(d.get("name", d["id"])) for d in _read("decks.toml")["deck"]}
RANDOM_DECK = "random"


def random_deck(rng: Rng) -> Deck:
    """A random legal deck: twelve different creatures, at most one premium, and twelve different tactics.

    A premium is included with the probability it would have if twelve creatures were drawn from the whole
    set and extra premiums thrown back, so random decks look like real collections.
    """
    pool = list(range(NUM_CREATURES))
    chosen: list[int] = []
    have_premium = False
    while len(chosen) < DECK_CREATURES:
        c = pool.pop(rng.below(len(pool)))
        if c in PREMIUMS:
            if have_premium:
                continue
            have_premium = True
        chosen.append(c)
    tactics = rng.sample(range(NUM_TACTICS), DECK_TACTICS)
    return Deck(tuple(sorted(chosen)), tuple(sorted(tactics)), RANDOM_DECK)


def parse_deck_spec(spec: str, who: str) -> Deck | None:
    """One team's deck from its text: ``random`` (``None``: drawn at set-up), a preset id, or a custom list
    ``creature, creature, ... | tactic, tactic, ...``.

    Raises:
        BadOptions: for an unknown preset or card, or a list that breaks a deck rule.
    """
    text = spec.strip()
    if slug(text) == RANDOM_DECK:
        return None
    if "|" in text:
        left, _, right = text.partition("|")
        creatures = [p for p in (s.strip() for s in left.split(",")) if p]
        tactics = [p for p in (s.strip() for s in right.split(",")) if p]
        return validate_deck(creatures, tactics, who)
    key = slug(text)
    if key in PRESETS:
        return PRESETS[key]
    known = ", ".join([RANDOM_DECK, *PRESETS])
    raise BadOptions(
        f"{who}: {text!r} is not a deck. Use one of {known}, or list twelve creatures and twelve tactics "
        "as 'creature, creature, … | tactic, tactic, …'."
    )


@lru_cache(maxsize=256)
def parse_decks_option(value: str, teams: int) -> tuple[Deck | None, ...]:
    """The decks option: one spec for every team, or one per team separated by ``/`` (cached: decks are
    immutable, and every new game of a simulation asks again).

    Raises:
        BadOptions: for a wrong number of specs or any bad deck.
    """
    parts = value.split("/")
    if len(parts) == 1:
        parts = parts * teams
    if len(parts) != teams:
        raise BadOptions(
            f"Option 'decks' gives {len(parts)} decks separated by '/', but this game has {teams} team(s)."
        )
    return tuple(parse_deck_spec(p, f"Team {'AB'[i]}'s deck") for i, p in enumerate(parts))


# --- options -------------------------------------------------------------------------------------
MODES = ("auto", "duel", "2v2", "mission")
MODE_LABELS = ("Automatic", "Duel", "2 against 2", "Mission against the Rift Guardian")
MODE_PLAYERS = ((1, 2, 4), (2,), (4,), (1, 2))
"""The player counts each mode is offered for (MO-1.1). A duel of 4 players is 2 against 2, which is offered
by that name; ``duel`` with 4 players is still accepted and means the same."""
OPTIONS = OptionSet(
    [
        Option(
            "mode",
            "auto",
            "Duel: two players, one team each. 2 against 2: four players, two a team. Mission: 1 or 2 players "
            "team up against the Rift Guardian. Automatic: a mission for 1 player, a duel for 2, 2 against 2 for "
            "4. Rule MO-1.1.",
            choices=MODES,
            choice_labels=MODE_LABELS,
            choice_players=MODE_PLAYERS,
            label="Mode",
        ),
        Option(
            "guardian",
            "standard",
            "For missions. Standard: 44 HP; you win by defeating it or by leaving it at 8 HP or less after the "
            "last round. Expert: 48 HP, and it must be defeated. Rule MO-10.1.",
            choices=("standard", "expert"),
            choice_labels=("Standard", "Expert"),
            label="Rift Guardian",
        ),
        Option(
            "decks",
            RANDOM_DECK,
            "Each team's twelve creatures and twelve tactics: a random deck, a ready-made one ("
            + ", ".join(PRESETS)
            + "), or your own as 'creature, … | tactic, …'; one for every team, or one per team as 'A/B'. "
            "Rule MO-2.5.",
            label="Decks",
            picker="deck",
        ),
        Option(
            "rounds",
            ROUNDS,
            "The game ends after this many rounds (12 in the rules); a mission lasts at most 12. Rule MO-1.4.",
            minimum=1,
            maximum=30,
            label="Rounds",
        ),
    ]
)


def resolve_mode(players: int, options: Mapping[str, OptionValue]) -> str:
    """``duel``, ``2v2`` or ``mission`` for this player count and options.

    Raises:
        BadOptions: with a sentence saying which modes this player count allows.
    """
    mode = str(options.get("mode", "auto"))
    if players == 3:
        raise BadOptions(
            "MONSTRA has no three-player mode: play 1 (solo mission), 2 (duel or co-operative mission) or 4 (2v2)."
        )
    if mode == "auto":
        return "mission" if players == 1 else ("2v2" if players == 4 else "duel")
    if players == 4 and mode == "duel":
        return "2v2"
    counts = dict(zip(MODES, MODE_PLAYERS, strict=True))
    if players not in counts.get(mode, ()):
        labels = dict(zip(MODES, MODE_LABELS, strict=True))
        fits = [labels[m] for m in MODES if players in counts[m]]
        raise BadOptions(
            f"“{labels.get(mode, mode)}” needs {join_words([str(n) for n in counts.get(mode, ())], 'or')} "
            f"players; with {plural(players, 'player')} choose {join_words(fits, 'or')}."
        )
    return mode


def check_options(players: int, options: Mapping[str, OptionValue]) -> tuple[str, tuple[Deck | None, ...]]:
    """The resolved mode and the parsed decks.

    Raises:
        BadOptions: for a bad player count, mode, deck or round number.
    """
    mode = resolve_mode(players, options)
    teams = 1 if mode == "mission" else 2
    decks = parse_decks_option(str(options.get("decks", RANDOM_DECK)), teams)
    rounds = int(options.get("rounds", ROUNDS))
    if mode == "mission" and rounds > BEHAVIOURS_PER_VERSION:
        raise BadOptions(
            f"A mission lasts at most {BEHAVIOURS_PER_VERSION} rounds (one Guardian behaviour per round), not {rounds}."
        )
    return mode, decks


KIND = GameKind()
"""Shuffles and hidden hands; no bound in decisions (rounds are bounded, decisions in a round are not)."""
SPEC = GameSpec(GAME_ID, TITLE, MIN_PLAYERS, MAX_PLAYERS, RULES_VERSION, SUMMARY, OPTIONS, ALIASES, KIND)
