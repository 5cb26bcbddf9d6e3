"""Terminal rendering of MONSTRA views and log lines (rich markup).

It reads only a view (or a redacted event), so it can never show more than the reader may know. Shown:
the round and the first-team marker, the round's SPD order (done, acting, to come), both teams' active
creatures with HP, Shield and conditions, energy, knockouts, hand (one's own), replacements, and in a
mission the Guardian with its revealed behaviour. The log itself is kept and shown by the CLI.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monsterlair.games.monstra.spec import (
    BEHAVIOURS,
    CREATURE_INDEX,
    CREATURES,
    SIGN_COLOURS,
    TACTIC_INDEX,
    TACTICS,
    TARGET_RULES,
    Creature,
    Effect,
)
from monsterlair.games.monstra.spec import (
    CONDITIONS as _CONDS,
)
from monsterlair.games.monstra.spec import (
    OPS as _OPS,
)
from monsterlair.games.monstra.spec import (
    TOS as _TOS,
)

_WHO = {
    "target": "the target",
    "self": "itself",
    "enemies": "each enemy",
    "allies": "each ally",
    "team": "your team",
    "foes": "the other team",
    "strongest": "the living enemy with the highest HP",
    "weakest": "the living enemy with the lowest HP",
    "none": "",
}


def effect_text(effects: tuple[Effect, ...]) -> str:
    """Plain words for an effect list (used in menus, help and the rules document's card tables)."""
    parts = []
    for op, n, to, kind, when in effects:
        verb = _OPS[op]
        who = _WHO[_TOS[to]]
        if verb == "damage":
            s = f"{n} damage to {who}"
        elif verb == "heal":
            s = f"heal {who} {n}"
        elif verb == "shield":
            s = f"+{n} Shield to {who}"
        elif verb == "condition":
            s = f"{_CONDS[kind].capitalize()} on {who}"
        elif verb == "cleanse":
            s = f"Cleanse {who}"
        elif verb == "strip":
            s = f"remove up to {n} Shield from {who}"
        elif verb == "pierce":
            s = f"first remove up to {n} Shield from each creature the move damages"
        elif verb == "draw":
            s = f"draw {n} tactic{'s' if n > 1 else ''}"
        elif verb == "energy":
            s = f"{'+' if n > 0 else ''}{n} EN to {who}"
        elif verb == "bonus":
            s = f"+{n} damage to each damage the acting creature's move deals"
        else:
            s = "return a knocked-out creature at half HP to your other slot"
        if when == 1:
            s = "if an ally has Burn, Poison or Slow: " + s
        elif when == 2:
            s = "if no ally has Burn, Poison or Slow: " + s
        parts.append(s)
    return "; ".join(parts)


def creature_text(c: Creature) -> str:
    """One line describing a creature card."""
    prem = " ★premium" if c.premium else ""
    return (
        f"{c.name} ({c.sign}, EVO {c.evo}{prem}) SPD {c.spd} HP {c.hp} Strike {c.strike} — {c.move} "
        f"({c.cost} EN, target {TARGET_RULES[c.target]}): {effect_text(c.effects)}"
    )


def _conds(u: Mapping[str, Any]) -> str:
    bits = []
    if u["shield"]:
        bits.append(f"[bold white]🛡{u['shield']}[/]")
    if u["burn"]:
        bits.append("[red]Burn[/]")
    if u["poison"]:
        bits.append(f"[green]Poison×{u['poison']}[/]")
    if u["slow"]:
        bits.append("[blue]Slow[/]")
    return " ".join(bits)


def _bar(hp: int, mx: int, width: int = 10) -> str:
    filled = 0 if mx <= 0 else round(width * max(hp, 0) / mx)
    colour = "green" if hp * 2 > mx else ("yellow" if hp * 4 > mx else "red")
    return f"[{colour}]{'█' * filled}[/][dim]{'░' * (width - filled)}[/]"


def _unit_line(u: Mapping[str, Any] | None, acting: str | None) -> str:
    if u is None:
        return "  (empty)"
    mark = "[bold reverse] ▶ [/]" if u["unit"] == acting else "   "
    if u["creature"] == "guardian":
        name = "[bold magenta]Rift Guardian[/]"
        extra = ""
    else:
        c = CREATURES[CREATURE_INDEX[u["creature"]]]
        name = f"[bold {SIGN_COLOURS[c.sign]}]{c.name}[/]"
        extra = f" Strike {c.strike} · {c.move} {c.cost} EN"
    fresh = " [dim](entered this round)[/]" if u.get("entered_this_round") else ""
    ctl = f" [dim]seat {u['controller']}[/]" if u.get("controller") is not None else ""
    return (
        f"{mark}{u['unit']} {name} {_bar(u['hp'], u['max_hp'])} {u['hp']}/{u['max_hp']} HP "
        f"SPD {u['spd']} {_conds(u)}{extra}{fresh}{ctl}"
    )


def render(view: Mapping[str, Any], seat: int | None) -> str:
    """The board as a seat sees it."""
    lines = []
    mode = view["mode"]
    head = f"[bold]MONSTRA[/] · {mode} · round {view['round']}/{view['rounds']}"
    if view.get("marker"):
        head += f" · first-team marker: team {view['marker']}"
    lines.append(head)
    order = view.get("order") or []
    if order:
        bits = []
        for o in order:
            label = f"{o['unit']} {o['creature']}({o['spd']})"
            if o["unit"] == view.get("acting") and not o["done"]:
                bits.append(f"[bold reverse]{label}[/]")
            elif o["done"]:
                bits.append(f"[dim strike]{label}[/]")
            else:
                bits.append(label)
        lines.append("Order: " + " → ".join(bits))
    for team in view["teams"]:
        me = " (you)" if view.get("team") == team["team"] else ""
        used = " · tactic used" if team["tactic_used"] else ""
        lines.append(
            f"[bold]Team {team['team']}{me}[/] · EN {team['energy']}/5 · knockouts {team['knockouts']}/3 · "
            f"hand {team['hand_count']} · tactic deck {team['deck_count']} · replacements {team['reserve_count']}"
            f"{used}"
        )
        for slot in team["slots"]:
            lines.append(_unit_line(slot, view.get("acting")))
        if team.get("hand") is not None:
            hand = ", ".join(f"{TACTICS[TACTIC_INDEX[t]].name} ({TACTICS[TACTIC_INDEX[t]].cost})" for t in team["hand"])
            lines.append(f"   Hand: {hand or '—'}")
        if team["fallen"]:
            lines.append(f"   Knocked out: {', '.join(team['fallen'])}")
        if team["reserve_bottom"]:
            lines.append(
                "   Known at the bottom: " + ", ".join(f"{r['creature']} {r['hp']} HP" for r in team["reserve_bottom"])
            )
    g = view.get("guardian")
    if g is not None:
        lines.append(f"[bold magenta]Rift Guardian ({g['version']})[/] · behaviours left {g['deck_count']}")
        lines.append(_unit_line(g["unit"], view.get("acting")))
        if g["behaviour"]:
            b = next(x for x in BEHAVIOURS if x.id == g["behaviour"] and x.version == g["version"])
            lines.append(f"   This round: [bold]{b.name}[/] — {effect_text(b.effects)}")
        if g.get("win_at_or_below"):
            lines.append(f"   Win: defeat it, or end the last round with it at {g['win_at_or_below']} HP or less.")
    if view.get("damage_bonus"):
        lines.append(f"Damage bonus for this action: +{view['damage_bonus']}")
    if view["over"] and view.get("result"):
        r = view["result"]
        lost = not r["winners"] and r.get("payoffs") and not any(r["payoffs"])
        nobody = "none: the Guardian wins" if lost else "none (draw)"
        lines.append(f"[bold]Game over[/]: {r['termination']} · winners {r['winners'] or nobody}")
    elif view.get("to_move") is not None:
        lines.append(f"Seat {view['to_move']} to decide ({view['phase']}).")
    return "\n".join(lines)


def describe_event(e: Mapping[str, Any]) -> str:
    """One log line for a redacted event."""
    t = e.get("type")
    unit = e.get("unit", "")
    who = f"{unit} {e.get('creature', '')}".strip()
    if t == "round":
        return f"— Round {e['round']} —" + (
            f" (team {e['marker']} holds the first-team marker)" if e.get("marker") else ""
        )
    if t == "energy":
        return f"Team {e['team']}: {'+' if e['change'] > 0 else ''}{e['change']} EN → {e['energy']}"
    if t == "draw":
        if not e["count"]:
            return f"Team {e['team']}'s tactic deck is empty: no draw"
        cards = e.get("cards")
        shown = f": {', '.join(cards)}" if cards else ""
        return f"Team {e['team']} draws {e['count']} tactic(s){shown}"
    if t == "behaviour":
        return f"The Guardian reveals {e['name']}"
    if t == "order":
        return "Order: " + " → ".join(e["order"])
    if t == "first":
        return f"Team {e['team']} puts {e['unit']} first: " + " → ".join(e["order"])
    if t == "discard":
        return f"Team {e['team']} discards {e['tactic']}"
    if t == "tactic":
        target = f" on {e['target']}" if e.get("target") else ""
        return f"Team {e['team']} plays {e['name']}{target} before {e['unit']} acts (EN {e['energy']})"
    if t == "strike":
        return f"{who} strikes {e['target']}"
    if t == "signature":
        target = f" on {e['target']}" if e.get("target") else ""
        return f"{who} uses {e['name']} ({e['cost']} EN){target}"
    if t == "guard":
        return f"{who} guards (Shield {e['shield']})"
    if t == "guardian":
        return f"The Guardian uses {e['name']}"
    if t == "damage":
        sh = f" ({e['shield_lost']} absorbed by Shield)" if e.get("shield_lost") else ""
        return f"{who} takes {e['hp_lost']} damage{sh} → {e['hp']} HP"
    if t == "tick":
        return f"{who} loses {e['hp_lost']} HP to {e['condition'].capitalize()} → {e['hp']} HP"
    if t == "heal":
        return f"{who} heals {e['hp_gained']} → {e['hp']} HP"
    if t == "shield":
        return f"{who} has {e['shield']} Shield"
    if t == "condition":
        return f"{who} gets {e['condition'].capitalize()}"
    if t == "cleanse":
        how = "wears off" if e.get("expired") else "is cleansed"
        return f"{who}: {e['condition'].capitalize()} {how}"
    if t == "strip":
        return f"{unit} loses {e['shield_lost']} Shield"
    if t == "bonus":
        return f"Damage bonus +{e['damage_bonus']} for this action"
    if t == "bonus_expired":
        return f"The unused damage bonus (+{e['damage_bonus']}) expires"
    if t == "knockout":
        return f"{who} is knocked out" + (f" (team {e['team']}: {e['knockouts']}/3)" if e.get("team") else "")
    if t == "replace":
        return f"{e['creature']} enters {unit} for team {e['team']} ({e['hp']} HP; acts from next round)"
    if t == "revive":
        return f"{e['creature']} returns to {unit} with {e['hp']} HP; {e['benched']} goes to the bottom of the pile"
    if t == "end":
        return f"Game over: {e['termination']} (winner: {e['winner'] or 'none, a draw'})"
    rest = ", ".join(f"{k}={v}" for k, v in e.items() if k != "type")
    return f"{t}: {rest}"


def card_tables() -> str:
    """The card set as Markdown tables: the appendix of docs/rules/monstra.md (a test keeps them equal).

    Regenerate after a data change with
    ``python -c "from monsterlair.games.monstra.text import card_tables; print(card_tables())"``.
    """
    from monsterlair.games.monstra.spec import GUARDIANS, PRESET_ABOUT, PRESETS

    out = ["### Creatures", "", "| id | name | sign | EVO | SPD | HP | Strike | signature (cost, target): effects |"]
    out.append("|---|---|---|---|---|---|---|---|")
    for c in CREATURES:
        prem = " (premium)" if c.premium else ""
        out.append(
            f"| `{c.id}` | {c.name}{prem} | {c.sign} | {c.evo} | {c.spd} | {c.hp} | {c.strike} | "
            f"{c.move} ({c.cost} EN, {TARGET_RULES[c.target]}): {effect_text(c.effects)} |"
        )
    out += ["", "### Tactics", "", "| id | name | cost | target | effects |", "|---|---|---|---|---|"]
    for t in TACTICS:
        out.append(f"| `{t.id}` | {t.name} | {t.cost} EN | {TARGET_RULES[t.target]} | {effect_text(t.effects)} |")
    for v in ("standard", "expert"):
        g = GUARDIANS[v]
        out += ["", f"### Rift Guardian, {g.name} ({g.hp} HP, SPD {g.spd})", "", "| id | name | effects |"]
        out.append("|---|---|---|")
        for i in g.behaviours:
            b = BEHAVIOURS[i]
            out.append(f"| `{b.id}` | {b.name} | {effect_text(b.effects)} |")
    out += ["", "### Preset decks", ""]
    for d in PRESETS.values():
        out.append(
            f"* `{d.name}` — {PRESET_ABOUT[d.name]} Creatures: {', '.join(CREATURES[i].id for i in d.creatures)}. "
            f"Tactics: {', '.join(TACTICS[i].id for i in d.tactics)}."
        )
    return "\n".join(out)
