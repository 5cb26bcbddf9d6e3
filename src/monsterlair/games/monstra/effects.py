"""The effect interpreter: damage, healing, Shield, conditions, knockouts and the small card vocabulary.

Every card (signature move, tactic, Guardian behaviour) is a tuple of ``(op, n, to, kind, when)`` effects
(see :mod:`.spec`); :func:`resolve` runs them in order. The functions here mutate a
:class:`~monsterlair.games.monstra.state.MonstraState` in place and append the events they cause; they are
the whole of the battle arithmetic (rules MO-5 to MO-8), written once for every card.

Units are ``uid`` integers: team ``t`` owns ``t * 12 .. t * 12 + 11`` (deck positions), the Guardian is
:data:`BOSS`. ``state.active`` maps unit codes (``a1 a2 b1 b2 g`` = 0..4) to uids.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from monsterlair.core import Event
from monsterlair.games.monstra.actions import UNITS
from monsterlair.games.monstra.spec import (
    C_HP,
    COND_BURN,
    COND_NONE,
    COND_POISON,
    COND_SLOW,
    CONDITIONS,
    CREATURES,
    DECK_CREATURES,
    ENERGY_CAP,
    HAND_LIMIT,
    KNOCKOUTS_TO_LOSE,
    OP_BONUS,
    OP_CLEANSE,
    OP_CONDITION,
    OP_DAMAGE,
    OP_DRAW,
    OP_ENERGY,
    OP_HEAL,
    OP_PIERCE,
    OP_SHIELD,
    OP_STRIP,
    POISON_COUNTERS,
    SHIELD_CAP,
    SLOW_NEXT,
    SLOW_NOW,
    TACTICS,
    TO_ALLIES,
    TO_ENEMIES,
    TO_ONE_ALLY,
    TO_SELF,
    TO_STRONGEST,
    TO_TARGET,
    TO_TEAM,
    WHEN_ALLY_CONDITION,
    Effect,
)

if TYPE_CHECKING:
    from monsterlair.games.monstra.state import MonstraState

BOSS = 2 * DECK_CREATURES
"""The Guardian's uid."""
NUM_UIDS = BOSS + 1
BOSS_TEAM = 1
"""In a mission the Guardian plays the role of team 1 (its enemies are team A's creatures)."""

MODE_TACTIC, MODE_MOVE, MODE_BEHAVIOUR = range(3)

DUEL_FOES = ((2, 3), (0, 1))
DUEL_ALLIES = ((0, 1), (2, 3))
MISSION_FOES = ((4,), (0, 1))
MISSION_ALLIES = ((0, 1), (4,))

TEAM_NAMES = ("A", "B")


def name_of(s: MonstraState, uid: int) -> str:
    """The creature id of a uid (``guardian`` for the Guardian)."""
    return "guardian" if uid == BOSS else CREATURES[s.card[uid]].id


def code_of(s: MonstraState, uid: int) -> str:
    """The slot label (``a1`` … ``g``) where ``uid`` stands, or ``-`` if it is not active."""
    active = s.active
    return UNITS[active.index(uid)] if uid in active else "-"


def living(s: MonstraState, codes: tuple[int, ...]) -> list[int]:
    """The living uids standing in these unit codes, in code order."""
    active = s.active
    hp = s.hp
    out = []
    for c in codes:
        u = active[c]
        if u >= 0 and hp[u] > 0:
            out.append(u)
    return out


def has_condition(s: MonstraState, uid: int) -> bool:
    """Whether the unit has Burn, Poison or Slow."""
    return bool(s.burn[uid] or s.poison[uid] or s.slow[uid])


def conditions_of(s: MonstraState, uid: int) -> list[int]:
    """The condition types the unit has, as ``COND_*`` kinds, in the order Burn, Poison, Slow."""
    out = []
    if s.burn[uid]:
        out.append(COND_BURN)
    if s.poison[uid]:
        out.append(COND_POISON)
    if s.slow[uid]:
        out.append(COND_SLOW)
    return out


def _conditioned_allies(s: MonstraState, team: int) -> list[int]:
    return [u for u in living(s, s.allies[team]) if has_condition(s, u)]


def cleanse_choices(
    s: MonstraState, effects: tuple[Effect, ...], actor: int, team: int, target: int
) -> list[tuple[int, ...]]:
    """The choices a card's Cleanse asks of its player before the card resolves (MO-8.5), one per cleansed
    creature that has more than one condition type: each a tuple of the creatures it may name (one, or for
    ``one_ally`` every ally with a condition). Empty when nothing is left to choose. A Cleanse is always a
    card's first effect (checked when the data is read), so what is chosen here is what it meets."""
    op, _n, to, _kind, when = effects[0]
    if op != OP_CLEANSE:
        return []
    if when and (when == WHEN_ALLY_CONDITION) != bool(_conditioned_allies(s, team)):
        return []
    if to == TO_ONE_ALLY:
        units = _conditioned_allies(s, team)
        options = sum(len(conditions_of(s, u)) for u in units)
        return [tuple(units)] if options > 1 else []
    return [(u,) for u in _pick(s, to, actor, team, target) if len(conditions_of(s, u)) > 1]


# --- damage, knockouts ------------------------------------------------------------------------
def hurt(s: MonstraState, uid: int, amount: int, ev: list[Event] | None) -> None:
    """Deal damage: Shield absorbs first, the rest comes off HP (MO-7.1); a knockout follows at 0 HP."""
    sh = s.shield[uid]
    absorbed = 0
    if sh:
        absorbed = sh if sh < amount else amount
        s.shield[uid] = sh - absorbed
        amount -= absorbed
    hp = s.hp[uid] - amount
    s.hp[uid] = hp
    if ev is not None:
        ev.append(
            Event(
                "damage",
                {
                    "unit": code_of(s, uid),
                    "creature": name_of(s, uid),
                    "hp_lost": amount,
                    "shield_lost": absorbed,
                    "hp": max(hp, 0),
                },
            )
        )
    if hp <= 0:
        knockout(s, uid, ev)


def lose(s: MonstraState, uid: int, amount: int, why: str, ev: list[Event] | None) -> None:
    """Condition damage: ignores Shield (MO-8.6)."""
    hp = s.hp[uid] - amount
    s.hp[uid] = hp
    if ev is not None:
        ev.append(
            Event(
                "tick",
                {
                    "unit": code_of(s, uid),
                    "creature": name_of(s, uid),
                    "condition": why,
                    "hp_lost": amount,
                    "hp": max(hp, 0),
                },
            )
        )
    if hp <= 0:
        knockout(s, uid, ev)


def knockout(s: MonstraState, uid: int, ev: list[Event] | None) -> None:
    """A creature at 0 HP or less is knocked out: Shield and conditions go, the knockout is recorded, and
    the next face-down creature takes the slot at once (MO-7.3, MO-7.4); the third ends the game (MO-9.1,
    MO-10.6). The Guardian's knockout wins the mission (MO-10.7)."""
    from monsterlair.games.monstra import turns

    code = s.active.index(uid)
    s.hp[uid] = 0
    s.shield[uid] = 0
    s.burn[uid] = 0
    s.poison[uid] = 0
    s.slow[uid] = 0
    if uid == BOSS:
        if ev is not None:
            ev.append(Event("knockout", {"unit": "g", "creature": "guardian"}))
        turns.finish_mission(s, won=True, termination="guardian-defeated", ev=ev)
        return
    team = uid // DECK_CREATURES
    s.kos[team] += 1
    s.fallen[team].append(uid)
    if ev is not None:
        ev.append(
            Event(
                "knockout",
                {"unit": UNITS[code], "creature": name_of(s, uid), "team": TEAM_NAMES[team], "knockouts": s.kos[team]},
            )
        )
    if s.kos[team] >= KNOCKOUTS_TO_LOSE:
        if s.mission:
            turns.finish_mission(s, won=False, termination="team-defeated", ev=ev)
        else:
            turns.finish_duel(s, 1 - team, "knockouts", ev)
        return
    reserve = s.reserve[team]
    if not reserve:  # cannot happen with 12 creatures and 3 knockouts; kept so a variant cannot crash
        s.active[code] = -1
        return
    new = reserve.pop()
    if s.bottom[team] > len(reserve):
        s.bottom[team] = len(reserve)
    s.active[code] = new
    s.entered[new] = s.round
    if ev is not None:
        ev.append(
            Event(
                "replace",
                {
                    "unit": UNITS[code],
                    "creature": name_of(s, new),
                    "hp": s.hp[new],
                    "team": TEAM_NAMES[team],
                    "reserve": len(reserve),
                },
            )
        )


def revive(s: MonstraState, team: int, creature: int, actor: int, ev: list[Event] | None) -> None:
    """Return a knocked-out creature to the team's other active slot at half its printed HP (rounded up);
    the creature standing there goes face down to the bottom of the replacements, keeping its HP but not
    its Shield or conditions. The knockout stays recorded; the revived creature acts from next round
    (MO-7.6)."""
    uid = next(u for u in s.fallen[team] if s.card[u] == creature)
    s.fallen[team].remove(uid)
    base = 2 * team
    code = base + 1 if s.active[base] == actor else base
    out = s.active[code]
    s.shield[out] = 0
    s.burn[out] = 0
    s.poison[out] = 0
    s.slow[out] = 0
    s.reserve[team].insert(0, out)
    s.bottom[team] += 1
    s.hp[uid] = (C_HP[creature] + 1) // 2
    s.active[code] = uid
    s.entered[uid] = s.round
    if ev is not None:
        ev.append(
            Event(
                "revive",
                {
                    "unit": UNITS[code],
                    "creature": name_of(s, uid),
                    "hp": s.hp[uid],
                    "benched": name_of(s, out),
                    "benched_hp": s.hp[out],
                    "team": TEAM_NAMES[team],
                },
            )
        )


# --- team resources ------------------------------------------------------------------------------
def draw(s: MonstraState, team: int, n: int, ev: list[Event] | None) -> int:
    """Draw up to ``n`` tactics (an empty deck is never reshuffled, MO-4.4); returns how many were drawn."""
    deck = s.tdeck[team]
    hand = s.hand[team]
    got = []
    for _ in range(n):
        if not deck:
            break
        card = deck.pop()
        insort(hand, card)
        got.append(card)
    if ev is not None:
        ev.append(
            Event(
                "draw",
                {"team": TEAM_NAMES[team], "count": len(got), "hand": len(hand), "deck": len(deck)},
                private={"cards": [TACTICS[card].id for card in got]},
                to=s.team_seats[team],
            )
        )
    return len(got)


def gain_energy(s: MonstraState, team: int, n: int, ev: list[Event] | None, cause: str = "") -> None:
    """Change a team's energy by ``n``, kept within 0..5 at all times (MO-5.6, MO-6.3). The event says what
    really changed (``change``; ``asked`` is ``n``: at the cap a gain adds less, or nothing) and, for a card's
    effect, its name (``cause``); a round's gain has none."""
    before = s.energy[team]
    e = before + n
    e = 0 if e < 0 else (ENERGY_CAP if e > ENERGY_CAP else e)
    s.energy[team] = e
    if ev is not None:
        data: dict[str, object] = {"team": TEAM_NAMES[team], "change": e - before, "asked": n, "energy": e}
        if cause:
            data["cause"] = cause
        ev.append(Event("energy", data))


def _strip_event(s: MonstraState, uid: int, cut: int, left: int) -> Event:
    """Shield removed from a creature (or the Guardian) before damage or by a card's ``strip``."""
    return Event("strip", {"unit": code_of(s, uid), "creature": name_of(s, uid), "shield_lost": cut, "shield": left})


# --- the interpreter -------------------------------------------------------------------------------
def _pick(s: MonstraState, to: int, actor: int, team: int, target: int) -> list[int]:
    if to == TO_TARGET:
        return [target] if target >= 0 and s.hp[target] > 0 and target in s.active else []
    if to == TO_SELF:
        return [actor] if s.hp[actor] > 0 else []
    if to == TO_ENEMIES:
        return living(s, s.foes[team])
    if to == TO_ALLIES:
        return living(s, s.allies[team])
    if to == TO_ONE_ALLY:
        allies = _conditioned_allies(s, team)
        chosen = [u for u in allies if u in s.cpicks]
        return chosen or allies[:1]
    units = living(s, s.foes[team])
    if not units:
        return units
    hp = s.hp
    best = units[0]
    for u in units[1:]:
        if (hp[u] > hp[best]) if to == TO_STRONGEST else (hp[u] < hp[best]):
            best = u
    return [best]


def resolve(
    s: MonstraState,
    effects: tuple[Effect, ...],
    actor: int,
    team: int,
    target: int,
    mode: int,
    ev: list[Event] | None,
    cause: str = "",
) -> None:
    """Run a card's effects in order for ``actor`` of ``team`` with the chosen ``target`` uid (or -1);
    ``cause`` is the card's name, for the events that name what changed a team's energy.

    ``mode`` is :data:`MODE_TACTIC`, :data:`MODE_MOVE` (the acting creature's Strike or signature: the
    pending damage bonus applies to each damage instance, MO-6.4) or :data:`MODE_BEHAVIOUR`. Pierce (from
    Riftbreaker or a move's own text) removes Shield once from each creature the move damages, just before
    the damage. Stops at once if the game ends.
    """
    ally_condition = -1
    pierced: list[int] = []
    for op, n, to, kind, when in effects:
        if when:
            if ally_condition < 0:
                ally_condition = int(any(has_condition(s, u) for u in living(s, s.allies[team])))
            if (when == WHEN_ALLY_CONDITION) != bool(ally_condition):
                continue
        if op == OP_BONUS:
            s.bonus += n
            if ev is not None:
                ev.append(Event("bonus", {"damage_bonus": s.bonus}))
            continue
        if op == OP_PIERCE:
            s.pierce += n
            continue
        if op == OP_DRAW:
            if not (s.mission and team == BOSS_TEAM):
                draw(s, team, n, ev)
                if len(s.hand[team]) > HAND_LIMIT:
                    s.dteam = team
                    s.dseat = s._to_move if s._to_move is not None else s.team_seats[team][0]
            continue
        if op == OP_ENERGY:
            t = team if to == TO_TEAM else 1 - team
            if not (s.mission and t == BOSS_TEAM):
                gain_energy(s, t, n, ev, cause)
            elif n < 0 and s.hp[BOSS] > 0:
                # MO-10.12: the Guardian has no energy; each EN taken from it is 1 damage instead
                hurt(s, BOSS, -n, ev)
                if s._result is not None:
                    return
            continue
        for u in _pick(s, to, actor, team, target):
            if op == OP_DAMAGE:
                amount = n + s.bonus if mode == MODE_MOVE else n
                if s.pierce and mode != MODE_TACTIC and u not in pierced:
                    pierced.append(u)
                    sh = s.shield[u]
                    if sh:
                        cut = sh if sh < s.pierce else s.pierce
                        s.shield[u] = sh - cut
                        if ev is not None:
                            ev.append(_strip_event(s, u, cut, sh - cut))
                hurt(s, u, amount, ev)
                if s._result is not None:
                    return
            elif op == OP_HEAL:
                mx = s.maxhp(u)
                hp = s.hp[u]
                new = hp + n if hp + n < mx else mx
                s.hp[u] = new
                if ev is not None:
                    ev.append(
                        Event(
                            "heal", {"unit": code_of(s, u), "creature": name_of(s, u), "hp_gained": new - hp, "hp": new}
                        )
                    )
            elif op == OP_SHIELD:
                sh = s.shield[u] + n
                s.shield[u] = sh if sh < SHIELD_CAP else SHIELD_CAP
                if ev is not None:
                    ev.append(
                        Event("shield", {"unit": code_of(s, u), "creature": name_of(s, u), "shield": s.shield[u]})
                    )
            elif op == OP_CONDITION:
                if kind == COND_BURN:
                    s.burn[u] = 1
                elif kind == COND_POISON:
                    s.poison[u] = POISON_COUNTERS
                else:  # MO-8.4: counts in the next order, even if a Slow counts in this round's one
                    s.slow[u] |= SLOW_NEXT
                if ev is not None:
                    ev.append(
                        Event(
                            "condition",
                            {"unit": code_of(s, u), "creature": name_of(s, u), "condition": CONDITIONS[kind]},
                        )
                    )
            elif op == OP_CLEANSE:
                if u not in s.cpicks:  # a creature its player chose for was cleansed at the choice
                    cleanse_unit(s, u, COND_NONE, ev)
            elif op == OP_STRIP:
                sh = s.shield[u]
                cut = sh if sh < n else n
                s.shield[u] = sh - cut
                if ev is not None:
                    ev.append(_strip_event(s, u, cut, sh - cut))


def cleanse_unit(s: MonstraState, uid: int, kind: int, ev: list[Event] | None) -> None:
    """Cleanse one creature (see :func:`cleanse`) and say what went."""
    gone = cleanse(s, uid, kind)
    if gone:
        if ev is not None:
            ev.append(Event("cleanse", {"unit": code_of(s, uid), "creature": name_of(s, uid), "condition": gone}))


def cleanse(s: MonstraState, uid: int, kind: int = COND_NONE) -> str:
    """Remove one condition type (MO-8.5): ``kind`` as the card's player chose it. With no choice to make (a
    creature with one condition type) or none made (the Guardian's own behaviour): Poison (all counters)
    first, else Burn, else Slow. Returns which went ("" if none)."""
    kinds = conditions_of(s, uid)
    if not kinds:
        return ""
    if kind not in kinds:
        kind = COND_POISON if COND_POISON in kinds else kinds[0]
    if kind == COND_POISON:
        s.poison[uid] = 0
    elif kind == COND_BURN:
        s.burn[uid] = 0
    else:
        s.slow[uid] = 0
    return CONDITIONS[kind]


def after_action(s: MonstraState, uid: int, damaging: bool, ev: list[Event] | None) -> None:
    """What follows every action of a creature or the Guardian (MO-8.2 to MO-8.4, MO-8.8): Burn costs 1 HP
    and goes; Poison costs 1 HP and loses a counter; Slow that set this round's order goes. A damage bonus
    never outlives the action: a damaging move used it, Guard or a non-damaging move lets it expire
    (MO-6.5)."""
    if s.bonus:
        if not damaging:
            if ev is not None:
                ev.append(Event("bonus_expired", {"damage_bonus": s.bonus}))
        s.bonus = 0
    s.pierce = 0
    s.actor = -1
    if s.burn[uid]:
        s.burn[uid] = 0
        lose(s, uid, 1, "burn", ev)
        if s._result is not None or s.hp[uid] <= 0:
            return
    if s.poison[uid]:
        s.poison[uid] -= 1
        lose(s, uid, 1, "poison", ev)
        if s._result is not None or s.hp[uid] <= 0:
            return
    if s.slow[uid] & SLOW_NOW:
        s.slow[uid] &= SLOW_NEXT  # a Slow applied again before this action stays for the next order
        if s.slow[uid]:
            return
        if ev is not None:
            ev.append(
                Event(
                    "cleanse",
                    {"unit": code_of(s, uid), "creature": name_of(s, uid), "condition": "slow", "expired": True},
                )
            )
