"""Views (what a seat may know, rule MO-13) and their fixed-length numeric encoding for RL.

A view is built by whitelisting: every field is chosen here, and hidden parts (another team's hand, the
identity and order of face-down replacements, any deck order, the Guardian's coming behaviours) are simply
never copied. ``encode_view`` reads only a view, so it cannot hold more than the seat may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from monsterlair.games.monstra.actions import UNITS
from monsterlair.games.monstra.effects import BOSS, TEAM_NAMES
from monsterlair.games.monstra.spec import (
    BEHAVIOURS,
    C_HP,
    CREATURE_INDEX,
    CREATURES,
    DECK_CREATURES,
    ENERGY_CAP,
    HAND_LIMIT,
    KNOCKOUTS_TO_LOSE,
    NUM_BEHAVIOURS,
    NUM_CREATURES,
    NUM_TACTICS,
    OP_DAMAGE,
    OP_PIERCE,
    SHIELD_CAP,
    TACTIC_INDEX,
    TACTICS,
    TO_NONE,
    Effect,
)
from monsterlair.games.monstra.text import effect_text
from monsterlair.games.monstra.turns import ST_TIES, acts_this_round, spd_of

if TYPE_CHECKING:
    from monsterlair.games.monstra.state import MonstraState


def phase(s: MonstraState) -> str:
    """``act``, ``cleanse`` (a card's Cleanse waits for its player's choice), ``discard``, ``order`` or
    ``over``."""
    if s._result is not None:
        return "over"
    if s.cplay is not None:
        return "cleanse"
    if s.dteam >= 0:
        return "discard"
    if s.stage == ST_TIES:
        return "order"
    return "act"


def creature_at(s: MonstraState, code: int) -> str | None:
    """The id of the creature in slot ``code`` (``"guardian"`` for the Rift Guardian), as views show it; ``None``
    when the slot is empty. Every creature on the field is public."""
    u = s.active[code]
    if u < 0:
        return None
    return "guardian" if u == BOSS else CREATURES[s.card[u]].id


def _unit(s: MonstraState, code: int) -> dict[str, Any] | None:
    creature = creature_at(s, code)
    if creature is None:
        return None
    u = s.active[code]
    boss = u == BOSS
    out: dict[str, Any] = {
        "unit": UNITS[code],
        "creature": creature,
        "hp": max(s.hp[u], 0),
        "max_hp": s.maxhp(u),
        "shield": s.shield[u],
        "burn": bool(s.burn[u]),
        "poison": s.poison[u],
        "slow": bool(s.slow[u]),
        "spd": spd_of(s, u),
        "acts_this_round": acts_this_round(s, u),
        "entered_this_round": s.entered[u] == s.round and s.round > 0,
        "controller": None if boss else s.ctrl[code],
        "boost": None if boss else _boost(s, u),
    }
    return out


def _boost(s: MonstraState, u: int) -> dict[str, Any] | None:
    """The acting creature's moves as they stand once this action's tactics apply (MO-6.4), else ``None``.

    A damage bonus adds to each damage its Strike or signature deals; pierce first strips Shield from each
    creature the move damages. Both are public (the tactic was played face up), and both last only for
    this creature's action, so only the acting creature has a boost.
    """
    if u != s.actor or not (s.bonus or s.pierce):
        return None
    card = CREATURES[s.card[u]]
    effects: list[Effect] = []
    pierce = s.pierce
    for op, n, to, kind, when in card.effects:
        if op == OP_DAMAGE:
            n += s.bonus
        elif op == OP_PIERCE:
            n, pierce = n + pierce, 0
        effects.append((op, n, to, kind, when))
    if pierce and card.damaging:
        effects.insert(0, (OP_PIERCE, pierce, TO_NONE, 0, 0))
    return {
        "damage_bonus": s.bonus,
        "pierce": s.pierce,
        "strike": card.strike + s.bonus,
        "move_text": effect_text(tuple(effects)),
    }


def build_view(s: MonstraState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator, who sees no hand)."""
    my_team = None if seat is None else s.seat_team[seat]
    teams = []
    for t in range(s.nteams):
        own = my_team == t
        knows = s.knows_deck(seat, t)
        reserve = s.reserve[t]
        bottom = s.bottom[t]
        hidden_uids = reserve[bottom:]
        entry: dict[str, Any] = {
            "team": TEAM_NAMES[t],
            "seats": list(s.team_seats[t]),
            "energy": s.energy[t],
            "knockouts": s.kos[t],
            "tactic_used": s.used[t],
            "hand_count": len(s.hand[t]),
            "hand": [TACTICS[i].id for i in s.hand[t]] if own else None,
            "deck_count": len(s.tdeck[t]),
            "discard": [TACTICS[i].id for i in s.tdiscard[t]],
            "reserve_count": len(reserve),
            "reserve_bottom": [
                {"creature": CREATURES[s.card[u]].id, "hp": s.hp[u]} for u in reversed(reserve[:bottom])
            ],
            "reserve_unseen": sorted(CREATURES[s.card[u]].id for u in hidden_uids) if knows else None,
            "fallen": [CREATURES[s.card[u]].id for u in s.fallen[t]],
            "deck_creatures": [CREATURES[i].id for i in s.deck_c[t]] if knows else None,
            "deck_tactics": [TACTICS[i].id for i in s.deck_t[t]] if knows else None,
            "slots": [_unit(s, 2 * t), _unit(s, 2 * t + 1)],
        }
        teams.append(entry)
    guardian = None
    if s.mission:
        g = s.guardian
        guardian = {
            "version": g.id,
            "unit": _unit(s, 4),
            "behaviour": BEHAVIOURS[s.behaviour].id if s.behaviour >= 0 else None,
            "revealed": [BEHAVIOURS[b].id for b in s.bseen],
            "deck_count": len(s.bdeck),
            "win_at_or_below": None if g.must_defeat else g.win_at_or_below,
        }
    result = s._result
    return {
        "game": s.game.id,
        "seat": seat,
        "to_move": s._to_move,
        "over": result is not None,
        "result": result.to_json() if result is not None else None,
        "players": s.players,
        "mode": s.mode,
        "team": None if my_team is None else TEAM_NAMES[my_team],
        "controls": [UNITS[c] for c in range(4) if seat is not None and s.ctrl[c] == seat],
        "round": s.round,
        "rounds": s.rounds,
        "marker": None if s.mission else TEAM_NAMES[s.marker],
        "phase": phase(s),
        "acting": UNITS[s.active.index(s.actor)] if s.actor >= 0 and s.actor in s.active else None,
        "deciding_team": _deciding_team(s),
        "order": [
            {
                "unit": UNITS[s.active.index(u)] if u in s.active else "-",
                "creature": _name(s, u),
                "spd": s.spd_now.get(u, 0),
                "done": i < s.pos and u != s.actor,
            }
            for i, u in enumerate(s.order)
            if result is None  # a game over has no order ahead: the round's, set before it, went stale mid-round
        ],
        "damage_bonus": s.bonus,
        "pierce": s.pierce,
        "cleansing": [UNITS[s.active.index(u)] for u in s.cwait[0]] if s.cplay is not None else None,
        "teams": teams,
        "guardian": guardian,
    }


def _name(s: MonstraState, u: int) -> str:
    return "guardian" if u == BOSS else CREATURES[s.card[u]].id


def _deciding_team(s: MonstraState) -> str | None:
    if s._result is not None:
        return None
    if s.dteam >= 0:
        return TEAM_NAMES[s.dteam]
    if s.stage == ST_TIES and s.ties:
        return TEAM_NAMES[s.ties[0]]
    if s.actor >= 0:
        return TEAM_NAMES[s.actor // DECK_CREATURES]
    return None


# --- numeric encoding -----------------------------------------------------------------------------------
_UNIT_FEATURES = 9 + NUM_CREATURES
_TEAM_FEATURES = 6 + 2 * NUM_TACTICS + 2 * _UNIT_FEATURES
_GUARDIAN_FEATURES = 9 + NUM_BEHAVIOURS
_HEADER = 4 + 5 + 4
OBSERVATION_SIZE = _HEADER + 2 * _TEAM_FEATURES + _GUARDIAN_FEATURES


def _clamp(x: float) -> float:
    """``x`` clamped to [0, 1]: the scale of a count the rules do not cap (a round past 12, a big bonus)."""
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def observation_bounds() -> tuple[list[float], list[float]]:
    """The bounds of every feature of :func:`encode_view`: each lies in [0, 1] (flags, one-hots, amounts divided by
    their cap, and counts the rules do not cap clamped at 1)."""
    return [0.0] * OBSERVATION_SIZE, [1.0] * OBSERVATION_SIZE


def _encode_unit(out: list[float], unit: Mapping[str, Any] | None, max_hp: float) -> None:
    if unit is None:
        out.extend([0.0] * (_UNIT_FEATURES if max_hp else _GUARDIAN_FEATURES - NUM_BEHAVIOURS))
        return
    out.append(1.0)
    out.append(_clamp(unit["hp"] / (max_hp or unit["max_hp"] or 1)))
    out.append(_clamp(unit["max_hp"] / 50.0))
    out.append(_clamp(unit["shield"] / SHIELD_CAP))
    out.append(1.0 if unit["burn"] else 0.0)
    out.append(_clamp(unit["poison"] / 2.0))
    out.append(1.0 if unit["slow"] else 0.0)
    out.append(_clamp(unit["spd"] / 9.0))
    out.append(1.0 if unit["acts_this_round"] else 0.0)
    if max_hp:
        onehot = [0.0] * NUM_CREATURES
        onehot[CREATURE_INDEX[unit["creature"]]] = 1.0
        out.extend(onehot)


def encode_view(view: Mapping[str, Any]) -> list[float]:
    """A fixed-length vector of the view, from the seat's side: its own team first (MO-13.6)."""
    out: list[float] = []
    my = view.get("team") or "A"
    out.append(_clamp(view["round"] / 12.0))
    out.append(1.0 if view.get("marker") == my else 0.0)
    out.append(_clamp(view["damage_bonus"] / 5.0))
    out.append(_clamp(view["pierce"] / 5.0))
    ph = view["phase"]
    out.extend(1.0 if ph == p else 0.0 for p in ("act", "cleanse", "discard", "order", "over"))
    mode = view["mode"]
    out.extend(1.0 if mode == m else 0.0 for m in ("duel", "2v2", "mission"))
    out.append(1.0 if view.get("deciding_team") == my else 0.0)
    teams = sorted(view["teams"], key=lambda e: 0 if e["team"] == my else 1)
    for i in range(2):
        if i >= len(teams):
            out.extend([0.0] * _TEAM_FEATURES)
            continue
        e = teams[i]
        out.append(1.0)
        out.append(_clamp(e["energy"] / ENERGY_CAP))
        out.append(_clamp(e["knockouts"] / KNOCKOUTS_TO_LOSE))
        out.append(1.0 if e["tactic_used"] else 0.0)
        out.append(_clamp(e["hand_count"] / (HAND_LIMIT + 1)))
        out.append(_clamp(e["reserve_count"] / DECK_CREATURES))
        hand = [0.0] * NUM_TACTICS
        for tid in e["hand"] or ():
            hand[TACTIC_INDEX[tid]] = 1.0
        out.extend(hand)
        gone = [0.0] * NUM_TACTICS
        for tid in e["discard"]:
            gone[TACTIC_INDEX[tid]] = 1.0
        out.extend(gone)
        for slot in e["slots"]:
            _encode_unit(out, slot, float(C_HP[CREATURE_INDEX[slot["creature"]]]) if slot else 1.0)
    g = view.get("guardian")
    if g is None:
        out.extend([0.0] * _GUARDIAN_FEATURES)
    else:
        _encode_unit(out, g["unit"], 0.0)
        onehot = [0.0] * NUM_BEHAVIOURS
        if g["behaviour"] is not None:
            version = g["version"]
            for b in BEHAVIOURS:
                if b.version == version and b.id == g["behaviour"]:
                    onehot[b.index] = 1.0
        out.extend(onehot)
    if len(out) != OBSERVATION_SIZE:  # a programming error, never a user's
        raise AssertionError(f"encoding has {len(out)} values, expected {OBSERVATION_SIZE}")
    return out
