"""The round and turn flow (rules MO-4, MO-9, MO-10), and how each kind of action is applied.

:func:`advance` runs every automatic step (energy, draws, the Guardian's reveal and turn, the order, the
end of a round, the final comparison) until a decision is needed, and leaves ``state._to_move`` set. The
flow is an explicit stage machine kept in the state (``ST_*``), so a clone taken at any decision resumes
exactly where the original would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from monsterlair.core import Event, Result
from monsterlair.games.monstra.actions import (
    K_CLEANSE,
    K_DISCARD,
    K_FIRST,
    K_GUARD,
    K_REVIVE,
    K_SIGNATURE,
    K_STRIKE,
    K_TACTIC,
    UNITS,
    Action,
)
from monsterlair.games.monstra.effects import (
    BOSS,
    MODE_BEHAVIOUR,
    MODE_MOVE,
    MODE_TACTIC,
    TEAM_NAMES,
    after_action,
    cleanse_choices,
    cleanse_unit,
    draw,
    gain_energy,
    name_of,
    resolve,
    revive,
)
from monsterlair.games.monstra.spec import (
    BEHAVIOURS,
    C_COST,
    C_DAMAGING,
    C_EFFECTS,
    C_SPD,
    CREATURES,
    DECK_CREATURES,
    ENERGY_GAIN,
    GUARD_SHIELD,
    HAND_LIMIT,
    MIN_SPD,
    OP_DAMAGE,
    SHIELD_CAP,
    SLOW_NEXT,
    SLOW_NOW,
    T_COST,
    T_EFFECTS,
    TACTICS,
    TO_TARGET,
    Effect,
)

if TYPE_CHECKING:
    from monsterlair.games.monstra.state import MonstraState

# The stages of a round (``state.stage``), ``Final``: compiled, each is a C constant, not a look-up by name.
ST_BEGIN: Final = 0
ST_HANDS: Final = 1
ST_TIES: Final = 2
ST_TURN: Final = 3
ST_END: Final = 4

STRIKE_EFFECTS: tuple[tuple[Effect, ...], ...] = tuple(((OP_DAMAGE, c.strike, TO_TARGET, 0, 0),) for c in CREATURES)
"""A Strike is a one-effect move: its creature's strike damage to the chosen enemy (MO-5.3)."""


def team_order(s: MonstraState) -> tuple[int, ...]:
    """Teams in the order simultaneous steps run: the first-team marker holder first (MO-4.7)."""
    if s.mission:
        return (0,)
    return (s.marker, 1 - s.marker)


def lead_seat(s: MonstraState, team: int) -> int:
    """The seat that makes a team's shared decisions at the start of a round (round-start discards, tied
    order): the partner of slot 1 in odd rounds, of slot 2 in even rounds (MO-11.4)."""
    return s.ctrl[2 * team + (0 if s.round % 2 == 1 else 1)]


# --- the flow -----------------------------------------------------------------------------------------
def advance(s: MonstraState, ev: list[Event] | None) -> None:
    """Run automatic steps until a seat must decide (or the game ends); sets ``s._to_move``."""
    while s._result is None:
        if s.dteam >= 0:
            s._to_move = s.dseat
            return
        stage = s.stage
        if stage == ST_TURN:
            if s.actor >= 0:
                s._to_move = s.ctrl[s.active.index(s.actor)]
                return
            order = s.order
            active = s.active
            hp = s.hp
            entered = s.entered
            rnd = s.round
            pos = s.pos
            n = len(order)
            while pos < n:
                u = order[pos]
                pos += 1
                if hp[u] > 0 and entered[u] < rnd and u in active:
                    s.pos = pos
                    if u == BOSS:
                        guardian_turn(s, ev)
                        break
                    s.actor = u
                    s.bonus = 0
                    s.pierce = 0
                    s._to_move = s.ctrl[active.index(u)]
                    return
            else:
                s.pos = pos
                s.stage = ST_END
        elif stage == ST_BEGIN:
            begin_round(s, ev)
            s.stage = ST_HANDS
        elif stage == ST_HANDS:
            for t in team_order(s):
                if len(s.hand[t]) > HAND_LIMIT:
                    s.dteam = t
                    s.dseat = lead_seat(s, t)
                    break
            else:
                set_order(s, ev)
                s.stage = ST_TIES
        elif stage == ST_TIES:
            if s.ties:
                s._to_move = lead_seat(s, s.ties[0])
                return
            s.stage = ST_TURN
            s.pos = 0
        else:
            end_round(s, ev)
    s._to_move = None


def begin_round(s: MonstraState, ev: list[Event] | None) -> None:
    """A new round: +2 energy (max 5) for each team, a draw from round two, the Guardian's behaviour
    revealed (MO-4.1, MO-4.2, MO-4.5); tactic markers are cleared. The last round's order is gone: until
    this round's is set (after the discards), no creature has acted yet this round."""
    s.round += 1
    s.used[0] = s.used[1] = False
    s.order = []
    s.spd_now = {}
    s.pos = 0
    if ev is not None:
        ev.append(Event("round", {"round": s.round, "marker": None if s.mission else TEAM_NAMES[s.marker]}))
    for t in team_order(s):
        gain_energy(s, t, ENERGY_GAIN, ev)
        if s.round >= 2:
            draw(s, t, 1, ev)
    if s.mission:
        b = s.bdeck.pop()
        s.bseen.append(b)
        s.behaviour = b
        if ev is not None:
            ev.append(
                Event("behaviour", {"behaviour": BEHAVIOURS[b].id, "name": BEHAVIOURS[b].name, "left": len(s.bdeck)})
            )


def acts_this_round(s: MonstraState, uid: int) -> bool:
    """Whether a creature in play (or the Guardian) is acting now or still to act this round (MO-4.10, MO-4.11).
    Before the round's order is set (the discard at its start), that is every living one that did not come in
    this round; then the ones the order has not passed yet."""
    if s.stage <= ST_HANDS:
        return s.hp[uid] > 0 and s.entered[uid] < s.round
    return uid == s.actor or uid in s.order[s.pos :]


def spd_of(s: MonstraState, uid: int) -> int:
    """Printed SPD (the Guardian's from its version)."""
    return s.guardian.spd if uid == BOSS else C_SPD[s.card[uid]]


def set_order(s: MonstraState, ev: list[Event] | None) -> None:
    """Fix the round's action order by SPD, Slow counted (MO-4.6 to MO-4.10, MO-8.4).

    Highest SPD first; on opposing ties the first-team marker holder goes first (the players, in a
    mission); a team whose two creatures tie chooses their order (``first U``), default slot order.
    A Slow that is counted here is marked so it goes after the creature's next action.
    """
    entries = []
    first = 0 if s.mission else s.marker
    active = s.active
    hp = s.hp
    slow = s.slow
    card = s.card
    for code in range(5):
        u = active[code]
        if u < 0 or hp[u] <= 0:
            continue
        spd = s.guardian.spd if u == BOSS else C_SPD[card[u]]
        if slow[u] & SLOW_NEXT:
            spd = spd - 1 if spd - 1 > MIN_SPD else MIN_SPD
            slow[u] = SLOW_NOW
        entries.append((-spd, 0 if (code >> 1 if code < 4 else 1) == first else 1, code, u))
    entries.sort()
    s.order = [e[3] for e in entries]
    s.spd_now = {e[3]: -e[0] for e in entries}
    s.ties = []
    for t in team_order(s):
        a, b = s.active[2 * t], s.active[2 * t + 1]
        if a >= 0 and b >= 0 and a in s.spd_now and b in s.spd_now and s.spd_now[a] == s.spd_now[b]:
            s.ties.append(t)
    if ev is not None:
        ev.append(
            Event(
                "order",
                {
                    "order": [UNITS[s.active.index(u)] for u in s.order],
                    "ties": [TEAM_NAMES[t] for t in s.ties],
                    "choosers": [lead_seat(s, t) for t in s.ties],
                },
            )
        )


def end_round(s: MonstraState, ev: list[Event] | None) -> None:
    """After every action: the game may end on the round limit (MO-9.2, MO-10.7); else the first-team
    marker passes (MO-4.12) and a new round begins."""
    if s.round >= s.rounds:
        if s.mission:
            g = s.guardian
            won = not g.must_defeat and s.hp[BOSS] <= g.win_at_or_below
            finish_mission(s, won=won, termination="mission-time", ev=ev)
        else:
            finish_round_limit(s, ev)
        return
    if not s.mission:
        s.marker = 1 - s.marker
    s.stage = ST_BEGIN


def guardian_turn(s: MonstraState, ev: list[Event] | None) -> None:
    """The Guardian resolves the round's behaviour on its SPD turn, then its conditions tick (MO-10.3)."""
    b = s.behaviour
    if ev is not None:
        ev.append(Event("guardian", {"behaviour": BEHAVIOURS[b].id, "name": BEHAVIOURS[b].name}))
    s.bonus = 0
    s.pierce = 0
    resolve(s, BEHAVIOURS[b].effects, BOSS, 1, -1, MODE_BEHAVIOUR, ev, BEHAVIOURS[b].name)
    if s._result is None:
        after_action(s, BOSS, False, ev)


# --- endings -----------------------------------------------------------------------------------------
def _active_hp(s: MonstraState, team: int) -> int:
    return sum(s.hp[u] for u in (s.active[2 * team], s.active[2 * team + 1]) if u >= 0 and s.hp[u] > 0)


_DECK_IDS: dict[tuple[int, ...], tuple[str, ...]] = {}
"""Creature ids of the decks met so far: every playout of a search ends on the same two decks."""


def _deck_ids(deck: tuple[int, ...]) -> list[str]:
    ids = _DECK_IDS.get(deck)
    if ids is None:
        if len(_DECK_IDS) > 4096:  # many different decks (sampled unknown ones): keep the table small
            _DECK_IDS.clear()
        ids = _DECK_IDS[deck] = tuple(CREATURES[c].id for c in deck)
    return list(ids)


def _detail(s: MonstraState) -> dict[str, object]:
    out: dict[str, object] = {
        "mode": s.mode,
        "round": s.round,
        "knockouts": {TEAM_NAMES[t]: s.kos[t] for t in range(s.nteams)},
        "active_hp": {TEAM_NAMES[t]: _active_hp(s, t) for t in range(s.nteams)},
        "decks": {TEAM_NAMES[t]: _deck_ids(s.deck_c[t]) for t in range(s.nteams)},
    }
    if s.mission:
        out["guardian"] = s.guardian.id
        out["guardian_hp"] = max(s.hp[BOSS], 0)
    else:
        out["first_team"] = TEAM_NAMES[s.first_marker]
    return out


def finish_duel(
    s: MonstraState, winner: int | None, termination: str, ev: list[Event] | None, told: dict[str, Any] | None = None
) -> None:
    """End a duel: ``winner`` is a team index, or ``None`` for a draw. Partners share their team's result.
    ``told`` adds what decided it to the end event (the round limit's creatures lost and HP left)."""
    n = s.players
    team_of = s.seat_team
    scores = tuple(float(s.kos[1 - team_of[seat]]) for seat in range(n))
    if winner is None:
        winners: tuple[int, ...] = ()
        ranks = (1,) * n
        payoffs = (0.5,) * n
    else:
        winners = tuple(seat for seat in range(n) if team_of[seat] == winner)
        ranks = tuple(1 if team_of[seat] == winner else 1 + len(winners) for seat in range(n))
        payoffs = tuple(1.0 if team_of[seat] == winner else 0.0 for seat in range(n))
    s._result = Result(winners, ranks, scores, termination, False, _detail(s), payoffs)
    s._to_move = None
    s._legal = ()
    if ev is not None:
        data = {"termination": termination, "winner": None if winner is None else TEAM_NAMES[winner]}
        ev.append(Event("end", {**data, **(told or {})}))


def round_limit_winner(lost: Sequence[int], hp: Sequence[int]) -> int | None:
    """The team (0 for A, 1 for B) that wins a duel after the last round, from each team's creatures lost and
    HP left on its active creatures: fewer creatures lost wins, then more HP left; else ``None``, a draw
    (MO-9.2 to MO-9.4). The game decides by it, and its words tell what decided it (``words.py``)."""
    if lost[0] != lost[1]:
        return 0 if lost[0] < lost[1] else 1
    if hp[0] == hp[1]:
        return None
    return 0 if hp[0] > hp[1] else 1


def finish_round_limit(s: MonstraState, ev: list[Event] | None) -> None:
    """After the last round: the winner by :func:`round_limit_winner` (MO-9.2 to MO-9.4)."""
    lost, hp = list(s.kos), [_active_hp(s, 0), _active_hp(s, 1)]
    told = {"lost": lost, "hp": hp}  # what the log tells as the reason (the result's detail holds them too)
    finish_duel(s, round_limit_winner(lost, hp), "round-limit", ev, told)


def finish_mission(s: MonstraState, *, won: bool, termination: str, ev: list[Event] | None) -> None:
    """End a mission: every seat shares the outcome (payoff 1 on a win, 0 on a loss)."""
    n = s.players
    damage = float(s.guardian.hp - max(s.hp[BOSS], 0))
    s._result = Result(
        tuple(range(n)) if won else (),
        (1,) * n,
        (damage,) * n,
        termination,
        False,
        _detail(s),
        (1.0 if won else 0.0,) * n,
    )
    s._to_move = None
    s._legal = ()
    if ev is not None:
        ev.append(Event("end", {"termination": termination, "winner": "players" if won else "guardian"}))


# --- applying decisions -----------------------------------------------------------------------------
def apply_decision(s: MonstraState, action: Action, ev: list[Event] | None) -> None:
    """Apply one legal action for the seat to move, then run the flow on to the next decision."""
    kind = action.kind
    if kind == K_STRIKE or kind == K_SIGNATURE or kind == K_GUARD:
        creature_action(s, action, ev)
    elif kind == K_TACTIC or kind == K_REVIVE:
        play_tactic(s, action, ev)
    elif kind == K_CLEANSE:
        choose_cleanse(s, action, ev)
    elif kind == K_DISCARD:
        t = s.dteam
        s.hand[t].remove(action.a)
        s.tdiscard[t].append(action.a)
        if ev is not None:
            ev.append(Event("discard", {"team": TEAM_NAMES[t], "tactic": TACTICS[action.a].id, "hand": len(s.hand[t])}))
        if len(s.hand[t]) <= HAND_LIMIT:
            s.dteam = -1
    elif kind == K_FIRST:
        t = s.ties.pop(0)
        chosen = s.active[action.a]
        i = s.order.index(chosen)
        other = s.active[2 * t + 1 - action.a % 2]
        j = s.order.index(other)
        if j < i:
            s.order[i], s.order[j] = s.order[j], s.order[i]
        if ev is not None:
            ev.append(
                Event(
                    "first",
                    {
                        "team": TEAM_NAMES[t],
                        "seat": lead_seat(s, t),
                        "unit": UNITS[action.a],
                        "creature": name_of(s, chosen),
                        "order": [UNITS[s.active.index(u)] for u in s.order],
                        "ties": [TEAM_NAMES[x] for x in s.ties],
                    },
                )
            )
    advance(s, ev)


def play_tactic(s: MonstraState, action: Action, ev: list[Event] | None) -> None:
    """Pay, resolve and discard a tactic before the acting creature acts; it still acts (MO-6.1, MO-6.2)."""
    actor = s.actor
    team = actor // DECK_CREATURES
    ti = action.a
    s.energy[team] -= T_COST[ti]
    s.used[team] = True
    s.hand[team].remove(ti)
    if ev is not None:
        ev.append(
            Event(
                "tactic",
                {
                    "team": TEAM_NAMES[team],
                    "unit": UNITS[s.active.index(actor)],
                    "tactic": TACTICS[ti].id,
                    "name": TACTICS[ti].name,
                    "target": UNITS[action.b]
                    if action.kind == K_TACTIC and action.b >= 0
                    else (CREATURES[action.b].id if action.kind == K_REVIVE else None),
                    "energy": s.energy[team],
                    "target_creature": name_of(s, s.active[action.b])
                    if action.kind == K_TACTIC and action.b >= 0 and s.active[action.b] >= 0
                    else None,
                },
            )
        )
    if action.kind == K_REVIVE:
        revive(s, team, action.b, actor, ev)
        s.tdiscard[team].append(ti)
        return
    target = s.active[action.b] if action.b >= 0 else -1
    if not ask_cleanse(s, action, T_EFFECTS[ti], actor, team, target):
        finish_card(s, action, ev)


def creature_action(s: MonstraState, action: Action, ev: list[Event] | None) -> None:
    """The acting creature's one action: Strike, signature or Guard (MO-5), then its conditions tick."""
    u = s.actor
    team = u // DECK_CREATURES
    c = s.card[u]
    kind = action.kind
    unit = UNITS[s.active.index(u)] if ev is not None else ""
    if kind == K_GUARD:
        sh = s.shield[u] + GUARD_SHIELD
        s.shield[u] = sh if sh < SHIELD_CAP else SHIELD_CAP
        if ev is not None:
            ev.append(Event("guard", {"unit": unit, "creature": CREATURES[c].id, "shield": s.shield[u]}))
        damaging = False
    elif kind == K_STRIKE:
        if ev is not None:
            tname = UNITS[action.a]
            ev.append(
                Event(
                    "strike",
                    {
                        "unit": unit,
                        "creature": CREATURES[c].id,
                        "target": tname,
                        "target_creature": name_of(s, s.active[action.a]),
                        "damage_bonus": s.bonus,
                    },
                )
            )
        resolve(s, STRIKE_EFFECTS[c], u, team, s.active[action.a], MODE_MOVE, ev)
        damaging = True
    else:
        s.energy[team] -= C_COST[c]
        if ev is not None:
            ev.append(
                Event(
                    "signature",
                    {
                        "unit": unit,
                        "creature": CREATURES[c].id,
                        "move": CREATURES[c].move_id,
                        "name": CREATURES[c].move,
                        "target": UNITS[action.a] if action.a >= 0 else None,
                        "target_creature": name_of(s, s.active[action.a]) if action.a >= 0 else None,
                        "cost": C_COST[c],
                        "energy": s.energy[team],
                        "damage_bonus": s.bonus,
                    },
                )
            )
        target = s.active[action.a] if action.a >= 0 else -1
        if not ask_cleanse(s, action, C_EFFECTS[c], u, team, target):
            finish_card(s, action, ev)
        return
    if s._result is None:
        after_action(s, u, damaging, ev)
    s.actor = -1


def ask_cleanse(
    s: MonstraState, action: Action, effects: tuple[Effect, ...], actor: int, team: int, target: int
) -> bool:
    """If the card's Cleanse leaves a choice (MO-8.5), pause the card after its cost is paid until its player
    has chosen (``cleanse U C`` actions); returns whether it paused."""
    choices = cleanse_choices(s, effects, actor, team, target)
    if not choices:
        return False
    s.cplay = action
    s.cwait = choices
    s.cpicks = {}
    return True


def choose_cleanse(s: MonstraState, action: Action, ev: list[Event] | None) -> None:
    """Carry out one Cleanse choice at once (so every choice has its event); once every choice is made, the
    paused card resolves its other effects."""
    s.cwait.pop(0)
    uid = s.active[action.a]
    s.cpicks[uid] = action.b
    cleanse_unit(s, uid, action.b, ev)
    if not s.cwait:
        play = s.cplay
        assert play is not None
        finish_card(s, play, ev)


def finish_card(s: MonstraState, action: Action, ev: list[Event] | None) -> None:
    """Resolve a paid tactic (then discard it) or signature move (then the creature's conditions tick),
    with the Cleanse choices made for it, if any."""
    u = s.actor
    team = u // DECK_CREATURES
    s.cplay = None
    if action.kind == K_TACTIC:
        ti = action.a
        resolve(
            s, T_EFFECTS[ti], u, team, s.active[action.b] if action.b >= 0 else -1, MODE_TACTIC, ev, TACTICS[ti].name
        )
        s.tdiscard[team].append(ti)
    else:
        c = s.card[u]
        resolve(s, C_EFFECTS[c], u, team, s.active[action.a] if action.a >= 0 else -1, MODE_MOVE, ev, CREATURES[c].move)
        if s._result is None:
            after_action(s, u, C_DAMAGING[c], ev)
        s.actor = -1
    s.cpicks = {}
