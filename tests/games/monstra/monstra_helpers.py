"""Scenario helpers for the MONSTRA tests: rewrite a fresh state's table, then replay the round's set-up."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from monsterlair.core import Event, Rng
from monsterlair.games import get
from monsterlair.games.monstra import turns
from monsterlair.games.monstra.actions import UNITS
from monsterlair.games.monstra.effects import BOSS
from monsterlair.games.monstra.spec import BEHAVIOURS, C_HP, CREATURE_INDEX, SLOW_NEXT, SLOW_NOW, TACTIC_INDEX
from monsterlair.games.monstra.state import MonstraState
from tests.games.playing import play as play
from tests.games.playing import texts as texts

GAME = get("monstra")


def new(players: int = 2, seed: int = 1, **options: Any) -> MonstraState:
    """A new game (options as keywords)."""
    s = GAME.new(players, seed=seed, options=options)
    assert isinstance(s, MonstraState)
    return s


def uid(s: MonstraState, unit: str) -> int:
    """The uid standing in a unit code."""
    return s.active[UNITS.index(unit)]


def arrange(
    s: MonstraState,
    units: Mapping[str, str] | None = None,
    hands: Mapping[str, Iterable[str]] | None = None,
    energy: Mapping[str, int] | None = None,
    hp: Mapping[str, int] | None = None,
    shield: Mapping[str, int] | None = None,
    marker: str | None = None,
    behaviour: str | None = None,
    deck_top: Mapping[str, Iterable[str]] | None = None,
) -> MonstraState:
    """Put chosen creatures in slots, chosen tactics in hands and so on, then set the round's order again.

    ``units`` maps slot codes to creature ids (a creature already elsewhere in that team's deck swaps
    places with the slot's one, so decks stay twelve different cards). ``hands`` maps team letters to
    tactic ids. ``deck_top`` maps team letters to tactic ids to put on top of the tactic deck (first drawn
    first). Everything happens at the current decision, which must be the start of a round's turns.
    """
    for unit, cid in (units or {}).items():
        u = uid(s, unit)
        c = CREATURE_INDEX[cid]
        team = u // 12
        for other in range(team * 12, team * 12 + 12):
            if s.card[other] == c and other != u:
                s.card[other] = s.card[u]
                s.hp[other] = C_HP[s.card[u]]
        s.card[u] = c
        s.hp[u] = C_HP[c]
        s.deck_c[team] = tuple(sorted(s.card[i] for i in range(team * 12, team * 12 + 12)))
    for letter, ids in (hands or {}).items():
        t = "AB".index(letter)
        cards = sorted(TACTIC_INDEX[i] for i in ids)
        pool = [c for c in s.deck_t[t] if c not in cards]
        deck = pool[: max(0, 12 - len(cards))]
        s.deck_t[t] = tuple(sorted(cards + deck))
        s.hand[t] = cards
        s.tdeck[t] = deck
        s.tdiscard[t] = []
    for letter, ids in (deck_top or {}).items():
        t = "AB".index(letter)
        for i in ids:
            c = TACTIC_INDEX[i]
            if c in s.tdeck[t]:
                s.tdeck[t].remove(c)
        s.tdeck[t].extend(TACTIC_INDEX[i] for i in reversed(list(ids)))
    for letter, e in (energy or {}).items():
        s.energy["AB".index(letter)] = e
    for unit, v in (hp or {}).items():
        s.hp[uid(s, unit)] = v
    for unit, v in (shield or {}).items():
        s.shield[uid(s, unit)] = v
    if marker is not None:
        s.marker = "AB".index(marker)
        s.first_marker = s.marker
    if behaviour is not None:
        b = next(x.index for x in BEHAVIOURS if x.id == behaviour and x.version == s.guardian.id)
        if s.behaviour in s.bseen:
            s.bseen.remove(s.behaviour)
        if b in s.bdeck:
            s.bdeck.remove(b)
            s.bdeck.append(s.behaviour)
        s.behaviour = b
        s.bseen.append(b)
    return reorder(s)


def reorder(s: MonstraState, events: list[Event] | None = None) -> MonstraState:
    """Set this round's order again from the current table (as at the start of the round's turns); the
    events it causes (the round's ``order``) go to ``events`` when given."""
    for u in range(25):
        if s.slow[u] & SLOW_NOW:
            s.slow[u] = SLOW_NEXT
    s.order = []
    s.pos = 0
    s.actor = -1
    s.ties = []
    s.dteam = -1
    s.stage = turns.ST_HANDS
    s._legal = None
    turns.advance(s, events if events is not None else [])
    return s


def acting(s: MonstraState) -> str | None:
    """The acting unit's code."""
    return UNITS[s.active.index(s.actor)] if s.actor >= 0 else None


def types(events: list[Event]) -> list[str]:
    """Event types in order."""
    return [e.type for e in events]


def random_playout(s: MonstraState, rng: Rng, limit: int = 10_000) -> MonstraState:
    """Play random legal actions to the end."""
    for _ in range(limit):
        if s.over:
            return s
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    raise AssertionError("the game did not end")


def boss_hp(s: MonstraState) -> int:
    """The Guardian's HP."""
    return s.hp[BOSS]


def settle(s: MonstraState) -> MonstraState:
    """Answer any tied-order question with slot order (the first listed choice)."""
    while s.stage == turns.ST_TIES and not s.over:
        s.apply(s.legal_actions()[0])
    return s
