"""Push a Monster in words: one log sentence per event, in the reader's person, and the result's terms.
Monsters are named by kind and the number printed on them ("the blue Wisp #7", rule PM-10.3); a push's numbers
stay in the record.
The number is the one drawn on the monster, counted from 1 (``core.words.shown_number``): the monster whose
id is 6 in actions, views, events and records (which count from 0) reads "#7".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core.words import Voice, capitalise, join_words, plural, shown_number, with_article
from monsterlair.games.push_a_monster.spec import KIND_INDEX, KINDS, MONSTER_KIND

TERMINATIONS = {
    "kind_exhausted": "a roll of a kind when none was left in the supply",
    "supply_empty": "an empty supply",
}


def kind_exhausted(face: object) -> str:
    """How a game ended by rule PM-9.1, naming the kind the die showed when the result records it: "a roll of the
    orange Mammoth when none was left in the supply" (a result stored before it did: ``TERMINATIONS``)."""
    if str(face) not in KIND_INDEX:
        return TERMINATIONS["kind_exhausted"]
    return f"a roll of the {kind_name(face)} when none was left in the supply"


EMPTY_KIND = "none left (if the die shows it, the game ends)"
"""A die kind with no monster left in the supply, where the supply is shown (rule PM-9.1): the terminal's supply
line and the browser's (``supplyWords`` in ``web/src/components/push/push.ts``, tested to match)."""


def supply_words(count: int, over: bool = False) -> str:
    """A die kind's monsters left in the supply: "3 in the supply", or that rolling it ends the game (PM-9.1), or
    only "none left" once the game is over."""
    if count:
        return f"{count} in the supply"
    return "none left" if over else EMPTY_KIND


def tries_words(left: int) -> str:
    """The tries left in a turn before the monster is placed for its player (rule PM-6.6): "12 tries left to get it
    fully on the arena, then it is placed for you". The browser's ``tries`` (``push.ts``) says the same."""
    return f"{plural(left, 'try')} left to get it fully on the arena, then it is placed for you"


_FALL = {
    "fell off": "falls off",
    "knocked off": "is knocked off",
    "still sticking out after the last nudge": "still sticks out after the last nudge and is out",
    "missed the arena too often": "missed the arena too often and is out",
}

_STATUS = {
    "placed": "it lies fully on the arena",
    "overhang": "it sticks out over the edge",
    "fell": "it falls off",
    "missed": "it slips off the pusher",
}


def kind_name(kind: object) -> str:
    """A kind for people: "blue Wisp"."""
    k = KIND_INDEX.get(str(kind))
    return str(kind) if k is None else f"{KINDS[k].id} {KINDS[k].name}"


def cm(dm: float) -> str:
    """A length in the game's unit (decimetres, rules PM-1) as players read it, in centimetres to the millimetre:
    "7 cm", "2.5 cm", "-2 cm". Every length a player reads (menus, hints, the terminal, refusals) comes from here,
    in the unit the browser's controls and its ``cm`` (``web/src/components/push/aim.ts``) use; the action
    notation keeps decimetres. An action's lengths are hundredths of a dm: ``cm(action.depth / 100)``."""
    return f"{round(dm * 100) / 10:g} cm"


COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
"""The compass words for the headings 0°, 45°, 90°, … (degrees counter-clockwise from east, north up the
picture: rules doc, PM-1). The browser looks every whole degree's words up in the game's display data
(``display.py``: ``direction`` and ``compass`` of 0° to 359°), so it speaks these words by this rule."""


def compass(degrees: float) -> str:
    """The compass word nearest a heading in degrees: "east" for 0, "north" for 90, "north-west" for 130."""
    return COMPASS[round((degrees % 360) / 45) % len(COMPASS)]


def direction(degrees: float) -> str:
    """A heading as players read it, its number and its compass word together (as the browser's direction fields
    show them): "90° (north)", "0° (east)"."""
    return f"{round(degrees) % 360}° ({compass(degrees)})"


def line_words(length: float) -> str:
    """A player's line of tokens for people, its length in the rules' token units (rule PM-9.4; each token as
    long as the board's "token 2 long"): "a line of tokens 27 units long", or "no tokens"."""
    if not length:
        return "no tokens"
    return f"a line of tokens {plural(length, 'unit')} long"


def result_lines(scores: Sequence[float], winners: Sequence[int], v: Voice) -> list[str]:
    """What decided a sole winner (the die or the supply only ended the game, rule PM-9.4): "The longest line
    of tokens wins: Tumble 8, you 4.", longest first. A shared win says nothing more (the tie is told already)."""
    if len(winners) != 1:
        return []
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return ["The longest line of tokens wins: " + ", ".join(f"{v.obj(s)} {scores[s]:g}" for s in order) + "."]


def token_widths() -> str:
    """Each kind's token width in token units (rule PM-1.3): "green 2, blue 3, … and purple 8"."""
    return join_words(f"{k.id} {k.token_width}" for k in KINDS)


def _monster_id(monster: object) -> int | None:
    try:
        m = int(str(monster))
    except ValueError:
        return None
    return m if 0 <= m < len(MONSTER_KIND) else None


def monster_number(monster: object) -> str:
    """The number people read for a monster id (ids count from 0): "7" for id 6, as the arena draws it."""
    m = _monster_id(monster)
    return str(monster) if m is None else str(shown_number(m))


def monster_name(monster: object, kind: object = None) -> str:
    """A monster for people by its id (ids count from 0): "the blue Wisp #7" for id 6 (the number printed on it,
    as the log, the menus, the refusals and the arena all show it; "monster #7" without a kind). Its kind is
    looked up when not given."""
    m = _monster_id(monster)
    if kind is None and m is not None:
        kind = KINDS[MONSTER_KIND[m]].id
    number = monster_number(monster)
    return f"monster #{number}" if kind is None else f"the {kind_name(kind)} #{number}"


def _left(e: Mapping[str, Any], what: str) -> str:
    """How many tries are left, whichever count the event carries."""
    for key, word in (("tries_left", "try"), (f"{what}s_left", what)):
        if key in e:
            return f"{plural(int(e[key]), word)} left"
    return "no tries left"


def event_text(e: Mapping[str, Any], v: Voice) -> str | None:
    """The sentence for one event (``None`` for a type it does not know)."""
    t = e.get("type")
    seat = e.get("seat")
    if t == "roll":
        face = "the question mark" if e.get("face") == "?" else with_article(kind_name(e.get("face")))
        return f"{v.says(seat, 'roll')} {face}."
    if t == "take":
        why = {
            "rolled": "as rolled",
            "chosen": "as chosen",
            "most in the supply": "the kind with most monsters in the supply",
        }.get(str(e.get("why")), str(e.get("why", "")))
        return f"{v.says(seat, 'take')} {monster_name(e['monster'], e.get('kind'))}, {why}."
    if t == "tie":
        kinds = join_words([kind_name(k) for k in e.get("kinds") or []])
        return f"{capitalise(kinds)} tie for most in the supply: {v.says(seat, 'choose', start=False)} which to take."
    if t == "choose":
        return f"{v.says(seat, 'choose')} the {kind_name(e.get('kind'))}."
    if t == "place":
        return f"{v.says(seat, 'set')} {monster_name(e['monster'], e.get('kind'))} down to start the arena."
    if t == "shove":
        fallen = [m for m in e.get("fallen") or [] if m != e.get("target")]
        knocked = f"; {plural(len(fallen), 'other monster')} knocked off" if fallen else ""
        shoved = monster_name(e.get("target", e["monster"]), e.get("target_kind", e.get("kind")))
        return f"{v.says(seat, 'shove')} {shoved}{knocked}."
    if t in ("push", "nudge"):
        verb = t
        status = _STATUS.get(str(e.get("status")), "")
        fallen = [m for m in e.get("fallen") or [] if m != e.get("monster")]
        knocked = f"; {plural(len(fallen), 'other monster')} knocked off" if fallen else ""
        return f"{v.says(seat, verb)} {monster_name(e['monster'], e.get('kind'))}: {status}{knocked}."
    if t == "fall":
        takers = list(e.get("tokens_to") or [])
        if not takers:
            to = ""
        elif len(takers) == 1:
            to = f"; {v.says(takers[0], 'take', start=False)} a token"
        else:
            to = f"; {v.group_verb(takers, 'take', start=False)} a token each"
        return (
            f"{capitalise(monster_name(e['monster'], e.get('kind')))} {_FALL.get(str(e.get('why')), 'falls off')}{to}."
        )
    if t in ("placed", "overhang", "missed", "shoved"):
        named = capitalise(monster_name(e["monster"], e.get("kind")))
        return {
            "placed": f"{named} lies fully on the arena.",
            "overhang": f"{named} must still come fully onto the arena: {_left(e, 'nudge')}.",
            "missed": f"{named} goes back on the pusher: {_left(e, 'attempt')}.",
            "shoved": f"{named} was shoved: {_left(e, 'attempt')}.",
        }[t]
    if t == "set_down":  # rule PM-6.6: the tries ran out, or no push could start
        why = f" ({e['why']})" if e.get("why") else ""
        named = capitalise(monster_name(e["monster"], e.get("kind")))
        return f"{named} is placed on the arena for {v.obj(seat)}{why}; nobody takes a token."
    if t == "set_aside":
        why = f" ({e['why']})" if e.get("why") else ""
        return (
            f"{capitalise(monster_name(e['monster'], e.get('kind')))} finds no free place and leaves the game{why}; "
            "nobody takes a token."
        )
    if t == "game_over":
        result = e.get("result") or {}
        winners = list(result.get("winners") or [])
        termination = str(result.get("termination"))
        if termination == "kind_exhausted":
            how = kind_exhausted((result.get("detail") or {}).get("face"))
        else:
            how = TERMINATIONS.get(termination, "the end of the game")
        if len(winners) > 1:
            return f"The game ends by {how}: {v.group(winners, start=False)} share the win with equal lines."
        if winners:
            return f"The game ends by {how}: {v.says(winners[0], 'win', start=False)} with the longest line."
        return f"The game ends by {how}."
    return None
