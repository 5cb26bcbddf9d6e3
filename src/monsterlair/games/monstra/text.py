"""Terminal rendering of MONSTRA views and log lines (rich markup).

It reads only a view (or a redacted event), so it can never show more than the reader may know. Shown:
the round and the first-team marker, the round's SPD order (done, acting, to come), both teams' active
creatures with HP, Shield and conditions, energy, knockouts, hand (one's own), replacements, and in a
mission the Guardian with its revealed behaviour. The log itself is kept and shown by the CLI.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from monsterlair.core.words import Voice, capitalise
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
from monsterlair.games.monstra.words import cost_words, creature_name, decision_text

_WHO = {
    "target": "the target",
    "self": "this creature",
    "enemies": "each enemy",
    "allies": "each ally",
    "team": "your team",
    "foes": "the other team",
    "strongest": "the living enemy with the highest HP",
    "weakest": "the living enemy with the lowest HP",
    "none": "",
    "one_ally": "one ally",
}
_IT = {"enemies": "them", "allies": "them"}
"""The pronoun for a creature (or creatures) named already in the sentence: "it" unless listed here."""

_EFFECT_WORDS = {
    "damage": "deal {n} damage to {who}",
    "heal": "heal {who} {n} HP",
    "shield": "give {who} +{n} Shield",
    "condition": "inflict {condition} on {who}",
    "cleanse": "cleanse {who}",
    "strip": "remove up to {n} Shield from {who}",
    "pierce": "first removes up to {n} Shield from each creature it damages",
    "draw": "draw {n} tactic{plural}",
    "energy": "{who} {gains} {n} EN",
    "bonus": "deals +{n} damage with each hit",
    "revive": "return a knocked-out creature to your other slot at half HP",
}
"""An effect in words, by its operation (``spec.OPS``): an instruction to a creature ("deal 5 damage to the
target"), or what the move (pierce, bonus) or a team (energy) does, the subject said before it."""
_MOVE_OPS = frozenset({"pierce", "bonus"})
"""Effects on the acting creature's move this action: said with the move as their subject."""
_WHEN = {1: "if an ally has Burn, Poison or Slow", 2: "if no ally has Burn, Poison or Slow"}
"""A tactic's condition on its effect (``when``, rules MO-7)."""


def effect_text(effects: tuple[Effect, ...], *, guardian: bool = False, tactic: bool = False) -> str:
    """Card text for an effect list, in sentences (menus, help, the browser's cards and the rules document's
    card tables): "Deal 5 damage to the target and inflict Burn on it." Effects on the same creatures share a
    sentence; a tactic's effects reach the acting creature (``tactic``), a Guardian behaviour's the Rift Guardian
    (``guardian``), whose text never says what a player's energy drain does in a mission (MO-10.12)."""
    me = "the Rift Guardian" if guardian else "the acting creature" if tactic else "this creature"
    move = "the acting creature's move" if tactic else "this move"
    sentences: list[str] = []
    key: tuple[str, int] | None = None  # what the sentence being written is about, and its condition
    last = ""  # the effect said last
    for op, n, to, kind, when in effects:
        verb, whom = _OPS[op], _TOS[to]
        about = (
            ("move", when) if verb in _MOVE_OPS else (whom, when) if verb not in ("draw", "revive", "energy") else None
        )
        same = about is not None and about == key
        who = _IT.get(whom, "it") if same else me if whom == "self" else _WHO[whom]
        s = _EFFECT_WORDS[verb].format(
            n=abs(n),
            who=who,
            condition=_CONDS[kind].capitalize() if verb == "condition" else "",
            plural="s" if n > 1 else "",
            gains="gains" if n > 0 else "loses",
        )
        if verb == "energy" and n < 0 and whom == "foes" and not guardian:
            s += f" (in a mission: {-n} damage to the Rift Guardian instead)"
        if same and verb == "condition" and last == "condition":  # "inflict Poison and Slow on it"
            head, _, tail = sentences[-1].rpartition(" on ")
            sentences[-1] = f"{head} and {_CONDS[kind].capitalize()} on {tail}"
        elif same:
            sentences[-1] += f" and {s}"
        elif when == 2 and key is not None and key[1] == 1:
            sentences[-1] += f"; otherwise, {s}"
        else:
            subject = f"{move} " if verb in _MOVE_OPS else ""
            sentences.append(f"{_WHEN[when]}, {subject}{s}" if when in _WHEN else f"{subject}{s}")
        key, last = (about if when != 2 else None), verb
    return " ".join(capitalise(t) + "." for t in sentences)


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


def _unit_line(u: Mapping[str, Any] | None, acting: str | None, v: Voice | None = None, owner: bool = True) -> str:
    """A creature's row; ``owner``: name the player controlling it (when its team is not all one player's)."""
    if u is None:
        return "  (empty)"
    mark = "[bold reverse] ▶ [/]" if u["unit"] == acting else "   "
    if u["creature"] == "guardian":
        name = "[bold magenta]Rift Guardian[/]"
        extra = ""
    else:
        c = CREATURES[CREATURE_INDEX[u["creature"]]]
        name = f"[bold {SIGN_COLOURS[c.sign]}]{c.name}[/]"
        cost = cost_words(c.cost, TARGET_RULES[c.target])
        extra = f" Strike {c.strike} · {c.move} ({cost}): {effect_text(c.effects)}"
    place = "" if u["unit"] == "g" else f"{str(u['unit']).upper()} "  # as the order and the log label it
    fresh = " [dim](entered this round)[/]" if u.get("entered_this_round") else ""
    who = (v or Voice()).name(u["controller"]) if owner and u.get("controller") is not None else ""
    ctl = f" [dim]({escape(who)})[/]" if who else ""
    return (
        f"{mark}{place}{name} {_bar(u['hp'], u['max_hp'])} {u['hp']}/{u['max_hp']} HP "
        f"SPD {u['spd']} {_conds(u)}{extra}{fresh}{ctl}"
    )


def _signature_cost(team: Mapping[str, Any], acting: str | None) -> tuple[str, int] | None:
    """The acting creature's signature move and cost, when the creature is on this team."""
    for slot in team["slots"]:
        if slot is not None and slot["unit"] == acting and slot["creature"] in CREATURE_INDEX:
            c = CREATURES[CREATURE_INDEX[slot["creature"]]]
            return c.move, c.cost
    return None


def render(view: Mapping[str, Any], seat: int | None, names: Sequence[str] | None = None) -> str:
    """The board as a seat sees it: creatures with what their signature moves do, tactics in hand with their
    cost in EN and what they do (and a warning when one would leave too little EN for the acting creature's
    signature move), and in a mission the Guardian's revealed behaviour and how to win."""
    v = Voice(names, seat)
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
            # places as the board labels them (A1 … B2); KO for a creature knocked out this round
            place = {"-": "KO ", "g": ""}.get(str(o["unit"]), f"{str(o['unit']).upper()} ")
            label = f"{place}{capitalise(creature_name(o['creature']))} (SPD {o['spd']})"
            if o["unit"] == view.get("acting") and not o["done"]:
                bits.append(f"[bold reverse]{label}[/]")
            elif o["done"]:
                bits.append(f"[dim strike]{label}[/]")
            else:
                bits.append(label)
        lines.append("Order: " + " → ".join(bits))
    for team in view["teams"]:
        me = " (you)" if view.get("team") == team["team"] else ""
        # one player's team (a duel) is named once in its heading, a shared team's creatures one by one
        controllers = {slot["controller"] for slot in team["slots"] if slot is not None} - {None}
        whose = f" · {escape(v.name(next(iter(controllers))))}" if len(controllers) == 1 and not me else ""
        used = " · tactic used" if team["tactic_used"] else ""
        lines.append(
            f"[bold]Team {team['team']}{me}[/]{whose} · EN {team['energy']}/5 · creatures lost {team['knockouts']}/3"
            f" · hand {team['hand_count']} · tactic deck {team['deck_count']} · replacements {team['reserve_count']}"
            f"{used}"
        )
        for slot in team["slots"]:
            lines.append(_unit_line(slot, view.get("acting"), v, owner=len(controllers) > 1))
        if team.get("hand") is not None:
            lines.append("   Hand:" + ("" if team["hand"] else " —"))
            need = _signature_cost(team, view.get("acting"))
            for t in team["hand"]:
                tactic = TACTICS[TACTIC_INDEX[t]]
                warn = ""
                energy = team["energy"]
                # Only when this tactic is what takes the move out of reach: affordable before, not after.
                if need is not None and tactic.cost <= energy and energy - tactic.cost < need[1] <= energy:
                    warn = f" [yellow](leaves too little EN for {need[0]}, {need[1]} EN)[/]"
                cost = cost_words(tactic.cost, TARGET_RULES[tactic.target])
                lines.append(f"     {tactic.name} ({cost}): {effect_text(tactic.effects, tactic=True)}{warn}")
        if team["fallen"]:
            lines.append(f"   Knocked out: {', '.join(creature_name(c) for c in team['fallen'])}")
        if team["reserve_bottom"]:
            lines.append(
                "   Known at the bottom: "
                + ", ".join(f"{creature_name(r['creature'])} {r['hp']} HP" for r in team["reserve_bottom"])
            )
    g = view.get("guardian")
    if g is not None:
        lines.append(f"[bold magenta]Rift Guardian ({g['version']})[/] · behaviours left {g['deck_count']}")
        lines.append(_unit_line(g["unit"], view.get("acting")))
        if g["behaviour"]:
            b = next(x for x in BEHAVIOURS if x.id == g["behaviour"] and x.version == g["version"])
            lines.append(f"   This round: [bold]{b.name}[/] — {effect_text(b.effects, guardian=True)}")
        if g.get("win_at_or_below"):
            lines.append(f"   Win: defeat it, or end the last round with it at {g['win_at_or_below']} HP or less.")
        else:
            lines.append("   Win: defeat it before the last round ends (HP left at the end is not enough).")
    if view.get("damage_bonus"):
        lines.append(f"Damage bonus for this action: +{view['damage_bonus']}")
    if view.get("cleansing"):
        lines.append(f"Cleanse: choose which condition to remove from {' or '.join(view['cleansing'])}.")
    if not view["over"]:
        decision = decision_text(view, v)
        if decision is not None:
            lines.append(escape(decision))
    return "\n".join(lines)


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
        out.append(
            f"| `{t.id}` | {t.name} | {t.cost} EN | {TARGET_RULES[t.target]} | {effect_text(t.effects, tactic=True)} |"
        )
    for v in ("standard", "expert"):
        g = GUARDIANS[v]
        out += ["", f"### Rift Guardian, {g.name} ({g.hp} HP, SPD {g.spd})", "", "| id | name | effects |"]
        out.append("|---|---|---|")
        for i in g.behaviours:
            b = BEHAVIOURS[i]
            out.append(f"| `{b.id}` | {b.name} | {effect_text(b.effects, guardian=True)} |")
    out += ["", "### Preset decks", ""]
    for d in PRESETS.values():
        out.append(
            f"* `{d.name}` — {PRESET_ABOUT[d.name]} Creatures: {', '.join(CREATURES[i].id for i in d.creatures)}. "
            f"Tactics: {', '.join(TACTICS[i].id for i in d.tactics)}."
        )
    return "\n".join(out)
