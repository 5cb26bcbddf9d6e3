"""MONSTRA in words: one log sentence per (redacted) event, in the reader's person, and the result's terms.

A team is named by its players ("You draw…" in a duel, "You and Cy draw…" in 2v2, "Ann draws…" for the
other side); a creature by its name and whose it is ("your Pebblit", "Ann's Magmaw", "the Guardian");
tactics and moves by their names. Which seat controls which slot follows the mode (``state.CONTROL``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core import BadOptions, Result
from monsterlair.core.words import Voice, capitalise, join_words, plural
from monsterlair.games.monstra.actions import UNITS
from monsterlair.games.monstra.effects import TEAM_NAMES
from monsterlair.games.monstra.spec import (
    CREATURE_INDEX,
    CREATURES,
    ENERGY_CAP,
    GUARDIANS,
    ROUNDS,
    TACTIC_INDEX,
    TACTICS,
    resolve_mode,
)
from monsterlair.games.monstra.state import CONTROL
from monsterlair.games.monstra.turns import round_limit_winner

TERMINATIONS = {
    "knockouts": "three knockouts scored",
    "round-limit": "the round limit",
    "guardian-defeated": "defeating the Rift Guardian",
    "team-defeated": "the team's third creature lost",
    "mission-time": "the mission's last round",
}

WON_BY = {"knockouts": "with", "guardian-defeated": "by"}
"""The endings that decide the winner themselves; at the round limit (or the mission's last round) the numbers
told in the result's lines decide (MO-9.2 to MO-9.4, MO-10.6)."""


TARGET_WORDS = {"none": "", "enemy": "on an enemy", "ally": "on an ally", "fallen": "on a knocked-out creature"}
"""Whom a signature move or a tactic is played on (its target rule, ``spec.TARGET_RULES``; MO-5.4, MO-7.6), in
players' words; nothing for a card with no target."""


def cost_words(cost: int, target: str) -> str:
    """A card's cost and whom it is played on, as the terminal and the browser's pop-ups say them: "1 EN, on an
    enemy", or "2 EN" for a card with no target (``target``: its target rule)."""
    on = TARGET_WORDS[target]
    return f"{cost} EN, {on}" if on else f"{cost} EN"


def creature_name(creature_id: object) -> str:
    """A creature's name ("Pebblit"; "the Rift Guardian" for the Guardian)."""
    if creature_id == "guardian":
        return "the Rift Guardian"
    i = CREATURE_INDEX.get(str(creature_id))
    return str(creature_id) if i is None else CREATURES[i].name


def tactic_name(tactic_id: object) -> str:
    """A tactic's name ("Focus")."""
    i = TACTIC_INDEX.get(str(tactic_id))
    return str(tactic_id) if i is None else TACTICS[i].name


class Table:
    """The seats behind MONSTRA's teams and slots, for one reader."""

    def __init__(self, voice: Voice, options: Mapping[str, Any]) -> None:
        self.v = voice
        players = len(voice.names) or (1 if str(options.get("mode")) == "mission" else 2)
        try:
            mode = resolve_mode(players, options)
        except BadOptions:
            mode = "duel"
        self.control = CONTROL.get((mode, players), CONTROL[("duel", 2)])

    def seats(self, team: object) -> list[int]:
        """The seats playing team "A" or "B"."""
        base = 0 if team == "A" else 2
        return sorted({s for s in self.control[base : base + 2] if s >= 0})

    def says(self, team: object, verb: str, *, start: bool = True) -> str:
        """A team as subject: "You draw", "Ann draws", "You and Cy draw" ("you draw" inside a sentence)."""
        seats = self.seats(team)
        return self.v.group_verb(seats, verb, start=start) if seats else f"Team {team} {verb}s"

    def whose(self, team: object) -> str:
        """A team's possessive: "your", "Ann's", "Ann and Cy's"."""
        seats = self.seats(team)
        if len(seats) == 1:
            return self.v.possessive(seats[0])
        if any(self.v.is_you(s) for s in seats):
            return "your team's"
        return f"{join_words([self.v.name(s) for s in seats])}'s"

    def obj(self, team: object) -> str:
        """A team inside a sentence: "you", "Ann", "you and Cy"."""
        seats = self.seats(team)
        return self.v.group(seats, start=False) if seats else f"Team {team}"

    def lost(self, team: object) -> str:
        """Who lost a team's creatures, after "creatures": "you have lost", "Ann has lost", "you and Cy have
        lost" (a team's recorded knockouts are its creatures lost; "knockouts" are the ones it scored)."""
        seats = self.seats(team)
        if not seats:
            return f"Team {team} has lost"
        return f"{self.v.group_verb(seats, 'have', start=False)} lost"

    def own(self, team: object) -> str:
        """The possessive of a team that is the sentence's subject: "your", "their"."""
        seats = self.seats(team)
        return "your" if any(self.v.is_you(s) for s in seats) else "their"

    def unit(self, unit: object, creature: object) -> str:
        """A creature on the field: "your Pebblit", "Ann's Magmaw", "the Rift Guardian"."""
        if unit == "g" or creature == "guardian":
            return "the Rift Guardian"
        name = creature_name(creature)
        code = UNITS.index(str(unit)) if unit in UNITS else -1
        seat = self.control[code] if code >= 0 else -1
        if seat < 0:
            return name
        return f"{self.v.possessive(seat)} {name}"

    def unit_for(self, team: object, unit: object, creature: object) -> str:
        """A creature after its team as the sentence's subject: "your own Tidewing", "their own Tidewing" when the
        subject is the one player who plays it; otherwise as :meth:`unit` ("Bob's Tidewing", in 2v2 "Cy's")."""
        code = UNITS.index(str(unit)) if unit in UNITS and unit != "g" else -1
        if code < 0 or creature == "guardian" or self.seats(team) != [self.control[code]]:
            return self.unit(unit, creature)
        return f"{self.own(team)} own {creature_name(creature)}"

    def slot(self, unit: object) -> str:
        """A place for the round's order, by the board's own label: "your A1", "Ann's B2", or "Bob" when Bob
        plays that place alone (2v2), "the Rift Guardian"."""
        code = UNITS.index(str(unit)) if unit in UNITS else -1
        if code < 0 or unit == "g":
            return "the Rift Guardian"
        seat = self.control[code]
        partner = self.control[code ^ 1]
        if seat != partner:
            return self.v.obj(seat)
        return f"{self.v.possessive(seat)} {UNITS[code].upper()}"

    def team_of_unit(self, unit: object) -> str:
        """ "A" or "B" for a creature's unit code."""
        return "A" if str(unit).startswith("a") else "B"


def decision_text(view: Mapping[str, Any], v: Voice) -> str | None:
    """The decision at hand in one sentence, worded as the browser's banner words it: "Your move: Pebblit (A1)
    acts.", "Ann to move: Astrafox (B2) acts.", "Your move: discard a tactic, down to five." None when the
    game is over. It names the player to move, so a replay adds no "… to move" line of its own."""
    seat = view.get("to_move")
    if view.get("over") or seat is None:
        return None
    you = v.is_you(seat)
    who = "Your move" if you else f"{v.name(seat)} to move"
    phase = view.get("phase")
    if phase == "discard":
        what = "discard a tactic, down to five" if you else "discarding a tactic, down to five"
    elif phase == "order":
        what = (
            "your creatures tie on SPD; choose which acts first"
            if you
            else "choosing which of their creatures that tie on SPD acts first"
        )
    elif phase == "cleanse":
        what = "choose the condition the Cleanse removes" if you else "choosing the condition the Cleanse removes"
    else:
        acting = view.get("acting")
        if _on_field(view, acting) is None:
            return f"{who}."
        what = f"{unit_label(view, acting)} acts"
    return f"{who}: {what}."


def _on_field(view: Mapping[str, Any], unit: object) -> Mapping[str, Any] | None:
    """The view's creature in a team's slot with unit code ``unit`` (``None``: no creature there)."""
    return next((u for t in view.get("teams", []) for u in t.get("slots", []) if u and u.get("unit") == unit), None)


def unit_label(view: Mapping[str, Any], unit: object) -> str:
    """A unit as the board labels it, for menus and the decision line: "Quakeling (B2)", "the Rift Guardian";
    an empty slot by its label alone ("B2")."""
    slot = _on_field(view, unit)
    return unit_name(unit, None if slot is None else str(slot["creature"]))


def unit_name(unit: object, creature: str | None) -> str:
    """:func:`unit_label` of the unit in slot ``unit`` when ``creature`` (its id; ``None``: none) is there."""
    if unit == "g":
        return "the Rift Guardian"
    place = str(unit).upper()
    return place if creature is None else f"{creature_name(creature)} ({place})"


def order_text(order: Sequence[object], tb: Table) -> str:
    """The round's settled order: "Order this round: your A1, then Ann's B2, …" (2v2: "…, then you, then Cy")."""
    return "Order this round: " + ", then ".join(tb.slot(u) for u in order) + "."


def tie_text(ties: Sequence[object], choosers: Sequence[int] | None, tb: Table) -> str:
    """A round whose order waits on a tie: "Your creatures tie on SPD: choose which acts first this round."
    (others: "Ann's creatures tie on SPD: Ann chooses which …"; both teams: "Both teams' creatures tie on SPD:
    you and Ann choose which …"; in 2v2 the seat that chooses for its team, ``choosers``)."""
    if len(ties) == 1:
        whose = f"{capitalise(tb.whose(ties[0]))} creatures"
    else:
        whose = "Both teams' creatures"
    if choosers and len(choosers) == len(ties):
        you = len(choosers) == 1 and tb.v.is_you(choosers[0])
        who = tb.v.group_verb(choosers, "choose", start=False)
    else:  # an event stored before it named the choosers
        named = [tb.obj(team) for team in ties]
        you = named == ["you"]
        who = f"{join_words(named)} {'choose' if len(named) > 1 else 'chooses'}"
    return f"{whose} tie on SPD: {'choose' if you else who} which acts first this round."


def first_text(e: Mapping[str, Any], tb: Table) -> str:
    """A broken tie, the creature by name as the buttons name it: "You put your Hexmoth first.", in 2v2 "You
    put Grumble's Flaro first."; once no tie is left, the order it settles follows."""
    seat, unit, creature = e.get("seat"), e.get("unit"), e.get("creature")
    if creature is None:  # an event stored before events named the creature
        chosen = f"{tb.own(e['team'])} {str(unit).upper()}"
    elif isinstance(seat, int) and tb.control[UNITS.index(str(unit))] == seat:
        chosen = f"{tb.v.own(seat)} {creature_name(creature)}"
    else:
        chosen = tb.unit(unit, creature)
    who = tb.v.says(seat, "put") if isinstance(seat, int) else tb.says(e["team"], "put")
    text = f"{who} {chosen} first."
    if e.get("order") and "ties" in e and not e["ties"]:
        text += " " + order_text(e["order"], tb)
    return text


def event_text(e: Mapping[str, Any], v: Voice, options: Mapping[str, Any]) -> str | None:
    """The sentence for one event (``None`` for a type it does not know)."""
    tb = Table(v, options)
    t = e.get("type")
    unit = e.get("unit")
    who = capitalise(tb.unit(unit, e.get("creature"))) if unit is not None else ""

    def target(prep: str = " on ") -> str:
        if not e.get("target"):
            return ""
        if e.get("target") == "g":
            return f"{prep}the Rift Guardian"
        if e.get("target_creature") and t == "tactic":  # the team's own creature: "on their own Tidewing"
            return f"{prep}{tb.unit_for(e.get('team'), e['target'], e['target_creature'])}"
        if e.get("target_creature"):
            return f"{prep}{tb.unit(e['target'], e['target_creature'])}"
        return f"{prep}{creature_name(e['target'])}" if str(e["target"]) in CREATURE_INDEX else ""

    if t == "round":
        marker = e.get("marker")
        first = f" ({tb.says(marker, 'hold', start=False)} the first-team marker)" if marker else ""
        return f"Round {e['round']}{first}"
    if t == "energy":
        return energy_text(e, tb)
    if t == "draw":
        if not e.get("count"):
            return f"{capitalise(tb.whose(e['team']))} tactic deck is empty: no draw."
        cards = e.get("cards")
        shown = f": {join_words([tactic_name(c) for c in cards])}" if cards else ""
        return f"{tb.says(e['team'], 'draw')} {plural(int(e['count']), 'tactic')}{shown}."
    if t == "behaviour":
        return f"The Rift Guardian reveals its behaviour for this round: {e['name']}."
    if t == "order":
        if e.get("ties"):  # the order is not settled until each tie is broken (MO-4.11): no order yet
            return tie_text(e["ties"], e.get("choosers"), tb)
        return order_text(e.get("order") or [], tb)
    if t == "first":
        return first_text(e, tb)
    if t == "discard":
        return f"{tb.says(e['team'], 'discard')} {tactic_name(e['tactic'])}."
    if t == "tactic":
        return f"{tb.says(e['team'], 'play')} {e['name']}{target()}, leaving {e['energy']} EN."
    if t == "strike":
        return f"{who} strikes{target(' ')}."
    if t == "signature":
        return f"{who} uses {e['name']} ({e['cost']} EN){target()}."
    if t == "guard":
        return f"{who} guards: Shield {e['shield']}."
    if t == "guardian":
        return f"The Rift Guardian uses {e['name']}."
    if t == "damage":
        lost, absorbed = int(e["hp_lost"]), int(e.get("shield_lost") or 0)
        if not lost:
            shield = f": its Shield absorbs all {absorbed}" if absorbed else ""
            return f"{who} takes no damage{shield}; still {e['hp']} HP."
        sh = f" ({absorbed} more absorbed by Shield)" if absorbed else ""
        return f"{who} takes {lost} damage{sh}, down to {e['hp']} HP."
    if t == "tick":
        return f"{who} loses {e['hp_lost']} HP to {str(e['condition']).capitalize()}, down to {e['hp']} HP."
    if t == "heal":
        if not e.get("hp_gained"):
            return f"{who} heals nothing: already at its full {e['hp']} HP."
        return f"{who} heals {e['hp_gained']} HP, up to {e['hp']} HP."
    if t == "shield":
        return f"{who} has Shield {e['shield']}."
    if t == "condition":
        return f"{who} gets {str(e['condition']).capitalize()}."
    if t == "cleanse":
        how = "wears off" if e.get("expired") else "is cleansed"
        return f"{str(e['condition']).capitalize()} on {tb.unit(unit, e.get('creature'))} {how}."
    if t == "strip":
        if e.get("creature") or unit == "g":
            owner = who
        else:  # an event recorded before strips named their creature
            owner = capitalise(f"{tb.whose(tb.team_of_unit(unit))} creature at {str(unit).upper()}")
        left = e.get("shield")
        return f"{owner} loses {e['shield_lost']} Shield" + (f" ({left} left)." if left is not None else ".")
    if t == "bonus":
        return f"The next damage this action deals gets +{e['damage_bonus']}."
    if t == "bonus_expired":
        return f"The unused damage bonus (+{e['damage_bonus']}) expires."
    if t == "knockout":
        team = e.get("team")
        tally = f" (creatures {tb.lost(team)}: {e['knockouts']} of 3)" if team else ""
        return f"{who} is knocked out{tally}."
    if t == "replace":
        return (
            f"{creature_name(e['creature'])} comes in for {tb.whose(e['team'])} side with {e['hp']} HP "
            "(it acts from the next round)."
        )
    if t == "revive":
        return (
            f"{creature_name(e['creature'])} returns with {e['hp']} HP; "
            f"{creature_name(e['benched'])} goes to the bottom of the pile."
        )
    if t == "end":
        how = TERMINATIONS.get(str(e.get("termination")), str(e.get("termination", "")))
        winner = e.get("winner")
        if e.get("termination") == "round-limit" and "hp" in e:
            why = round_limit_words([int(x) for x in e["lost"]], [int(x) for x in e["hp"]], tb, in_log=True)
            return f"The last round is over. {why}"
        if winner == "guardian":
            return f"The Rift Guardian wins ({how}): the mission failed."
        if winner is None:
            return f"The game ends in a draw ({how})."
        if winner == "A" and tb.control[2] < 0:
            return f"The mission is accomplished ({how})!"
        return f"{tb.says(winner, 'win')} ({how})!"
    return None


def round_limit_words(lost: Sequence[int], hp: Sequence[int], tb: Table, *, in_log: bool) -> str:
    """What decided a duel at the end of the last round, with its numbers (MO-9.2 to MO-9.4): fewer creatures
    lost, else more HP left on the active creatures, else a draw. ``lost`` and ``hp`` are teams A's and B's,
    as the end event holds them and the result's detail too (:func:`duel_numbers`). ``in_log``: the end's
    log line, which says who won ("You win with fewer creatures lost (1 against 2)!"); else the result's
    line, which names both sides ("Fewer creatures lost wins: you 1, Tumble 2.")."""
    w = round_limit_winner(lost, hp)
    a, b = _sides(tb)
    equal = f"Creatures lost were equal ({lost[0]} each)"  # the result's line, when they decided nothing
    if w is None:
        if in_log:
            return f"A draw: {plural(lost[0], 'creature')} lost each, and {hp[0]} HP left on the active creatures each."
        return f"{equal}, and so was the HP left on the active creatures ({hp[0]} each)."
    wins = tb.says(TEAM_NAMES[w], "win")
    if lost[0] != lost[1]:
        if in_log:
            return f"{wins} with fewer creatures lost ({lost[w]} against {lost[1 - w]})!"
        return f"Fewer creatures lost wins: {a} {lost[0]}, {b} {lost[1]}."
    if in_log:
        return (
            f"{wins}: as many creatures lost ({lost[w]} each), "
            f"and more HP left on the active creatures ({hp[w]} against {hp[1 - w]})!"
        )
    return f"{equal}, so more HP left on the active creatures wins: {a} {hp[0]}, {b} {hp[1]}."


def duel_numbers(result: Result) -> tuple[list[int], list[int]]:
    """A duel's creatures lost and HP left on the active creatures, teams A's and B's, from its result."""
    d = result.detail
    kos: Mapping[str, int] = d.get("knockouts") or {}
    hp: Mapping[str, int] = d.get("active_hp") or {}
    return [kos.get(t, 0) for t in TEAM_NAMES], [hp.get(t, 0) for t in TEAM_NAMES]


def _sides(tb: Table) -> tuple[str, str]:
    """Teams A and B inside a sentence, each by its seats ("you", "Ann and Cy")."""
    a, b = (join_words([tb.v.obj(s) for s in tb.seats(team)]) for team in TEAM_NAMES)
    return a, b


def energy_text(e: Mapping[str, Any], tb: Table) -> str:
    """A team's energy changing: a round's gain or a card's (never above the cap of 5, MO-6.3), or energy a
    card of the other side drains (never below 0, MO-5.6), each by the amount that really changed."""
    team = e["team"]
    change = int(e["change"])
    asked = int(e.get("asked", change))
    now = e["energy"]
    if asked < 0 or change < 0:
        cause = e.get("cause")
        if not cause:  # an event recorded before energy events named their cause
            return f"{tb.says(team, 'lose')} {-change} EN, now {now} EN."
        if not change:
            return f"{cause} finds no EN to drain from {tb.obj(team)}."
        all_of_it = ": all there was" if change > asked else ""
        return f"{cause} drains {-change} EN from {tb.obj(team)}{all_of_it}, now {now} EN."
    if asked and not change:
        return f"{tb.says(team, 'gain')} nothing: already at the cap of {ENERGY_CAP} EN."
    if change < asked:
        return f"{tb.says(team, 'gain')} {change} EN, up to the cap of {ENERGY_CAP} EN."
    return f"{tb.says(team, 'gain')} {change} EN, now {now} EN."


def round_limit_lines(result: Result, v: Voice, options: Mapping[str, Any]) -> list[str]:
    """A duel decided at the end of the last round: what decided it, in one sentence with its numbers."""
    lost, hp = duel_numbers(result)
    return [round_limit_words(lost, hp, Table(v, options), in_log=False)]


def round_limit_details(
    result: Result, v: Voice, options: Mapping[str, Any], players: int
) -> tuple[str, list[str]] | None:
    """The standings' column for a duel decided at the end of the last round by the HP left on the active
    creatures (MO-9.3): each seat's team's HP left. ``None`` when fewer creatures lost decided it: the
    knockouts scored (the other team's creatures lost) show that already."""
    lost, hp = duel_numbers(result)
    if lost[0] != lost[1]:
        return None
    tb = Table(v, options)
    team_of = {s: t for t, team in enumerate(TEAM_NAMES) for s in tb.seats(team)}
    return "HP left on the active creatures", [f"{hp[team_of.get(seat, 0)]} HP" for seat in range(players)]


def mission(result: Result) -> bool:
    """True for a finished mission (its detail names the Guardian)."""
    return "guardian" in result.detail


def result_headline(result: Result, outcome: str) -> str | None:
    """A mission's headline; duels use the common one."""
    if not mission(result):
        return None
    if outcome == "mission_lost":
        return "The Rift Guardian wins: the mission failed"
    return "Mission accomplished: the Rift Guardian is beaten"


def result_lines(result: Result, v: Voice, options: Mapping[str, Any]) -> list[str]:
    """What a mission achieved; nothing for a duel won by knockouts (the third knockout alone decided it, and
    the standings show each side's knockouts scored; a duel at the round limit has ``round_limit_lines``)."""
    if mission(result):
        return mission_lines(result, options)
    return []


def mission_lines(result: Result, options: Mapping[str, Any]) -> list[str]:
    """A finished mission: why a failed one ended (a won one's "… decided it." comes first), what it achieved,
    and what winning needed (MO-10.6 to MO-10.8): after a loss, or a win on the Guardian's HP at the end."""
    d = result.detail
    kos: Mapping[str, int] = d.get("knockouts") or {}
    g = GUARDIANS.get(str(d.get("guardian")))
    left = int(d.get("guardian_hp", 0))
    total = g.hp if g is not None else left
    when = f" in round {d['round']}" if d.get("round") else ""
    lines = []
    if not result.winners and result.termination == "team-defeated":
        lines.append(f"The mission ended{when}, when the team lost its third creature.")
    elif not result.winners and result.termination == "mission-time":
        last_round = f"round {d['round']}, its last" if d.get("round") else "its last round"
        lines.append(f"The mission ended after {last_round}, with the Guardian still at {left} HP.")
    lines += [
        f"Damage dealt to the Guardian: {total - left} of {total} HP; it has {left} HP left.",
        f"Creatures the team lost: {kos.get('A', 0)} of 3.",
    ]
    if g is not None and not result.winners:
        last = f"round {int(options.get('rounds') or ROUNDS)}"
        if g.must_defeat:
            need = f"the Guardian defeated by the end of {last}"
        else:
            need = f"the Guardian defeated, or at {g.win_at_or_below} HP or less after {last}"
        lines.append(f"Winning needed {need}, before the team lost a third creature.")
    elif g is not None and result.termination == "mission-time":
        lines.append(f"The Guardian ended the last round at {left} HP; {g.win_at_or_below} HP or less wins.")
    return lines


def score_words(result: Result) -> tuple[str, tuple[str, str]]:
    """The score's label and unit: damage to the Guardian in a mission, knockouts scored in a duel."""
    if mission(result):
        return "damage dealt to the Guardian", ("damage dealt to the Guardian", "damage dealt to the Guardian")
    return "knockouts scored", ("knockout scored", "knockouts scored")
