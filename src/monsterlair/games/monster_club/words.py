"""Monster Club in words: one log sentence per (redacted) event, in the reader's person, and the result's
terms. Cards are named ("Blade Harpy"), never by id; a face-down card the reader may not know stays "a
face-down card".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from monsterlair.core.words import Voice, capitalise, game_over_text, hand_cards, join_words, plural
from monsterlair.games.monster_club.actions import ATTACK, END, FLIP, MOVE, PLAY, STACK, Action
from monsterlair.games.monster_club.board import CODE_ID, CODE_LIMIT
from monsterlair.games.monster_club.cards import ANY, BY_ID, YOUR, Effect

if TYPE_CHECKING:
    from monsterlair.games.monster_club.state import ClubState

TERMINATIONS = {
    "destroys": "reaching the destroys needed to win",
    "no_monster": "leaving the other player no monster",
    "stalled": "the anti-stalling limit",
    "turn_cap": "the turn limit",
    "action_cap": "the action limit",
}

WON_BY = {"destroys": "by", "no_monster": "by"}
"""The endings that decide the winner themselves; the limits only stop the game, and the destroys decide (MC-11)."""

_DECIDED = {
    "score": "the higher score",
    "sturdy": "a Sturdy monster",
    "same type": "equal scores of the same type (both stacks are destroyed)",
    "type": "type (rock beats scissors, scissors beat paper, paper beats rock)",
}


def _destroys(result: Mapping[str, Any], winners: Sequence[int]) -> int:
    """The destroys that ended the game: the winner's, or (a draw, MC-11.3) the equal count both reached."""
    scores = list(result.get("scores") or [])
    seats = list(winners) or list(range(len(scores)))
    return int(max((scores[s] for s in seats if s < len(scores)), default=0))


def termination_of(result: Mapping[str, Any]) -> str:
    """How a finished game ended, as a noun phrase with its numbers where the rules give one: "reaching 5
    destroys" (MC-11.2), "both players reaching 5 destroys at once" (a draw, MC-11.3)."""
    termination = str(result.get("termination"))
    winners = list(result.get("winners") or [])
    if termination == "destroys":
        n = plural(_destroys(result, winners), "destroy")
        return f"reaching {n}" if winners else f"both players reaching {n} at once"
    return TERMINATIONS.get(termination, termination.replace("_", " "))


def end_text(result: Mapping[str, Any], v: Voice) -> str:
    """The game's end as players say it, without the closing mark: "Pip wins with 5 destroys", "A draw:
    both players reach 5 destroys at once", "Ann wins: Pip has no monster left" (MC-11)."""
    termination = str(result.get("termination"))
    winners = list(result.get("winners") or [])
    players = len(result.get("ranks") or result.get("scores") or [0, 0])
    if termination == "destroys":
        n = plural(_destroys(result, winners), "destroy")
        if winners:
            return game_over_text(v, winners, n, joint="with", closed=False)
        return f"A draw: both players reach {n} at once"
    if termination == "no_monster" and len(winners) == 1:
        losers = [s for s in range(players) if s not in winners]
        if len(losers) == 1:
            return f"{v.group_verb(winners, 'win')}: {v.says(losers[0], 'have', start=False)} no monster left"
    return game_over_text(v, winners, TERMINATIONS.get(termination, "the end of the game"), closed=False)


ATTACK_BLOCK_WORDS = {
    "first_round": "not in the first round",
    "attacked": "it already attacked this turn",
    "moved": "it moved this turn",
    "no_target": "there is no stack opposite it",
}
"""Why a stack cannot attack (``ClubState.attack_block``), after "stack 2 can't attack: " (MC-2.6, MC-7.1,
MC-7.2); the board says the same beside the stack (:func:`attack_block_text`, in the game's display data)."""


def attack_block_text(code: str) -> str:
    """Why a stack cannot attack, as the board says it beside the stack: "Can't attack: it moved this turn"."""
    return f"Can't attack: {ATTACK_BLOCK_WORDS[code]}"


_DOING = {
    END: "end your turn",
    ATTACK: "attack",
    FLIP: "flip a card",
    MOVE: "move a stack",
    PLAY: "play a card",
    STACK: "stack a card",
}
"""What a turn's move does, after "you can't " in a refusal."""


def refusal_text(state: ClubState, action: Action) -> str | None:
    """Why the player to move cannot play ``action`` now, in players' words ("you can't end your turn yet: play
    a monster first (an empty board needs one)", "stack 2 can't attack: it moved this turn"), from the state's
    reason (``ClubState.action_block``); ``None`` when it has none. Stacks and spaces count from 1."""
    code = state.action_block(action)
    if code is None:
        return None
    doing = _DOING.get(action.kind, "do that")
    space = action.space + 1
    if code == "monster_first":
        return f"you can't {doing} yet: play a monster first (an empty board needs one)"
    if code == "after_attack":
        return f"you can't {doing} now: after an attack you can only attack with another stack or end your turn"
    if code == "choosing_target":
        pending = state.pending
        card = f" for {card_name(CODE_ID[pending[1]])}" if pending is not None else ""
        return f"you can't {doing} now: first choose a target{card}, or skip"
    if code == "choosing_shown":
        return f"you can't {doing} now: first choose which shown card to destroy, or spare them all"
    if code == "no_stack":
        return f"you have no stack on space {space}"
    hand = state.hands[state.active]
    if code == "no_card":
        said = hand_cards(len(hand))
        return said[:1].lower() + said[1:]
    if action.kind in (PLAY, STACK):
        name = card_name(CODE_ID[hand[action.hand]])
        st = state.board[state.active][action.space]
        if code == "same_card":
            first = action.hand
            while first > 0 and hand[first - 1] == hand[action.hand]:
                first -= 1
            return f"card {action.hand + 1} is another {name}: use card {first + 1}"
        if code == "full" and st is not None:
            return f"stack {space} is full ({card_name(CODE_ID[st.m])} takes {_power_cards(CODE_LIMIT[st.m])})"
        return {
            "power_card": f"{name} is a power card: stack it on one of your stacks",
            "monster_card": f"{name} is a monster: play it to a free space",
            "taken": f"space {space} is taken",
            "down_monster": "a face-up power card can't go on a face-down monster: stack it face down, or flip the "
            "monster first",
        }.get(code)
    if action.kind == ATTACK and code in ATTACK_BLOCK_WORDS:
        return f"stack {space} can't attack: {ATTACK_BLOCK_WORDS[code]}"
    if code == "all_up":
        return f"stack {space} has no face-down card to flip"
    way = "left" if action.dir == 0 else "right"
    return {
        "moved": f"stack {space} can't move: it moved this turn already",
        "edge": f"stack {space} can't move {way}: it is at the edge of your board",
        "taken": f"stack {space} can't move {way}: space {space - 1 if way == 'left' else space + 1} is taken",
    }.get(code)


def _power_cards(n: int) -> str:
    return "no power cards" if n == 0 else plural(n, "power card")


def card_name(card_id: object) -> str:
    """A card's name for people ("Blade Harpy")."""
    card = BY_ID.get(str(card_id))
    return card.name if card is not None else "a card"


def card_possessive(card_id: object) -> str:
    """A card's name as a possessive: "Blade Harpy's", "Origami Wings'" (a name ending in s gets only an
    apostrophe, as ``Voice.possessive`` does for a player)."""
    name = card_name(card_id)
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def cards_text(ids: Sequence[str]) -> str:
    """Several cards by name: "Blade Harpy and Whittle"."""
    return join_words([card_name(c) for c in ids])


def _by(e: Mapping[str, Any]) -> str:
    """The card whose effect caused an event, in brackets (" (Thorn Witch's effect)"); nothing for any other cause."""
    return f" ({card_possessive(e['by'])} effect)" if str(e.get("by")) in BY_ID else ""


def _signed(value: object) -> str:
    """A score's addition as the board shows it: "+3", "−2" (a true minus sign)."""
    if isinstance(value, int) and value < 0:
        return f"\u2212{-value}"
    return f"+{value}"


def _sum(parts: Sequence[Mapping[str, Any]], side: int, v: Voice) -> str:
    """A conflict score's breakdown when the event carries one, for the stack of ``side``:
    " (Fang Wolf 6, Fire Charm +3, +2 from its own effect, your Tremor −2, ×2 Twin Blades)".

    A part from a card already named is that card's own effect, not a second card; a calculation that comes
    from the other side's stack (its owner is not ``side``) names whose card it is.
    """
    shown = []
    seen: list[object] = []
    for part in parts:
        card, kind, value = part.get("card"), part.get("kind"), part.get("value")
        name = card_name(card)
        if kind == "printed":
            shown.append(f"{name} {value}")
        elif card in seen:
            number = f"×{value}" if kind == "times" else _signed(value)
            source = "its own effect" if seen[-1] == card else f"{name}'s own effect"
            shown.append(f"{number} from {source}")
        else:
            owner = part.get("owner")
            if isinstance(owner, int) and owner != side:
                name = f"{v.possessive(owner)} {name}"
            shown.append(f"×{value} {name}" if kind == "times" else f"{name} {_signed(value)}")
        seen.append(card)
    return f" ({', '.join(shown)})" if shown else ""


def _from_reader(effect: str, seat: int, v: Voice) -> str:
    """A card's rules text, written to its player ("your opponent's board"), retold to this reader in a
    sentence whose subject is that player: "your" is theirs ("from their grave to their hand"), so a name is
    not said twice."""
    other = v.possessive(1 - seat)
    own = v.own(seat)
    effect = effect.replace("your opponent's", "\0").replace("Your opponent's", "\1")
    effect = effect.replace("your ", f"{own} ").replace("Your ", f"{capitalise(own)} ")
    return effect.replace("\0", other).replace("\1", capitalise(other))


def _scope(scope: int, seat: int, v: Voice, what: str) -> str:
    """A board or grave scope of a card (MC-8.2, MC-8.3) for this reader: "your board", "Ann's grave",
    "either board"."""
    if scope == ANY:
        return f"either {what}"
    return f"{v.possessive(seat if scope == YOUR else 1 - seat)} {what}"


def _no_target(e: Mapping[str, Any], v: Voice) -> str:
    """Why a card's targeted effect found nothing to target (``effects.why_no_target``), in the card's terms:
    "there is no power card on Tumble's board", "your hand is full"."""
    seat = int(e.get("seat") or 0)
    card = BY_ID.get(str(e.get("card")))
    when = e.get("when")
    effect: Effect | None = next(
        (x for x in (card.effects() if card else ()) if x.targeted and x.when == when),
        None,
    )
    why = e.get("why")
    if effect is None:
        return "it has nothing to target"
    board = _scope(effect.board, seat, v, "board")
    if why == "hand_full":
        return f"{v.possessive(seat)} hand is full"
    if why == "no_space":
        return f"there is no free space on {v.possessive(seat)} board"
    if why == "immune":  # only the other player's monsters are immune to a card (MC-8.7), whatever its scope
        return f"every stack it could target on {v.possessive(1 - seat)} board is an immune monster's"
    op = effect.op
    if op == "return":
        thing = "monster"  # a return to the board brings back a monster
        if effect.to == "hand":
            thing = {"monster": "monster", "power": "power card"}.get(effect.what, "card")
        return f"there is no {thing} in {_scope(effect.grave, seat, v, 'grave')}"
    if op == "destroy":
        if effect.what == "power":
            return f"there is no power card on {board}"
        if effect.max_score >= 0:
            return f"there is no face-up monster with a printed score of {effect.max_score} or less on {board}"
        return f"there is no monster on {board}"
    if op == "move":
        return f"no stack on {board} has a free space beside it" if why == "stuck" else f"there is no stack on {board}"
    if op == "flip":
        return f"there is no {'face-down monster' if effect.dir == 'up' else 'face-up stack'} on {board}"
    return "it has nothing to target"


def event_text(e: Mapping[str, Any], v: Voice) -> str | None:
    """The sentence for one event (``None`` for a type it does not know)."""
    t = e.get("type")
    seat = e.get("seat")
    if t == "turn":
        return f"Turn {e['turn']}: {'your turn' if v.is_you(seat) else v.name(seat)}"
    if t == "draw":
        n = int(e.get("count", 0))
        shown = f": {cards_text(e['cards'])}" if e.get("cards") else ""
        if e.get("by") == "redraw":  # MC-6.2: the shown hand goes back into the deck for a new one
            own = v.own(seat)
            again = f"{v.verb(seat, 'draw')} {plural(n, 'card')}{shown}"
            return f"{v.says(seat, 'shuffle')} {own} hand into {own} deck and {again}."
        return f"{v.says(seat, 'draw')} {plural(n, 'card')}{shown}{_by(e)}."
    if t in ("play", "stack"):
        what = "a monster" if t == "play" else "a power card"
        where = "to" if t == "play" else "on"
        if e.get("down"):
            card = f"{card_name(e['card'])} face down" if e.get("card") else f"{what} face down"
        else:
            card = f"{card_name(e['card'])} face up"
        verb = "play" if t == "play" else "stack"
        return f"{v.says(seat, verb)} {card} {where} space {e['space']}."
    if t == "flip":
        return f"{v.says(seat, 'turn')} {card_name(e['card'])} face up on space {e['space']}."
    if t == "flipped":
        where = f"{v.possessive(seat)} space {e['space']}"
        if e.get("up"):  # MC-8.6: a face-down monster flipped face up
            name = f": {card_name(e['card'])}" if e.get("card") else ""
            return f"The face-down monster on {where} turns face up{name}{_by(e)}."
        # A face-up stack flipped face down: the cards it turned were face up, so naming them leaks nothing.
        turned = [str(e["card"])] + list(e.get("cards") or []) if e.get("card") else []
        if not turned:  # a log stored before the event named them
            return f"{capitalise(v.possessive(seat))} stack on space {e['space']} turns face down{_by(e)}."
        verb = "turns" if len(turned) == 1 else "turn"
        return f"{capitalise(v.possessive(seat))} {cards_text(turned)} on space {e['space']} {verb} face down{_by(e)}."
    if t == "move":
        return f"{v.says(seat, 'move')} {v.own(seat)} stack from space {e['from']} to space {e['to']}."
    if t == "moved":
        return f"{capitalise(v.possessive(seat))} stack on space {e['from']} is moved to space {e['to']}{_by(e)}."
    if t == "attack":
        return f"{v.says(seat, 'attack')} from space {e['space']}!"
    if t == "revealed":
        return f"{card_name(e['card'])} is revealed on {v.possessive(seat)} space {e['space']}."
    if t == "trap":
        return f"Trap! {card_name(e['card'])} springs on {v.possessive(seat)} space {e['space']}."
    if t == "clash":
        gone = e.get("destroyed") or []
        end = f"; {cards_text(gone)} {'is' if len(gone) == 1 else 'are'} destroyed" if gone else ""
        return f"{card_name(e['card'])} clashes with {card_name(e['against'])}{end}."
    if t == "conflict":
        scores = list(e.get("scores") or [0, 0])
        attacker = int(e["attacker"])
        defender = 1 - attacker
        losers = list(e.get("losers") or [])
        how = _DECIDED.get(str(e.get("decided_by")), str(e.get("decided_by", "")))
        if len(losers) == 2:
            outcome = "both stacks lose"
        elif losers:
            winner = defender if losers[0] == attacker else attacker
            outcome = f"{v.says(winner, 'win', start=False)} it"
        else:
            outcome = "nobody loses"
        parts = e.get("breakdown") or [[], []]
        side = [f"{v.possessive(s)} {scores[s]}{_sum(parts[s], s, v)}" for s in (0, 1)]
        return (
            f"Conflict on space {e['space']}: {side[attacker]} against {side[defender]}, decided by {how}; {outcome}."
        )
    if t == "destroyed":
        cards = e.get("cards") or []
        what = cards_text(cards) if cards else "the stack"
        one = len(cards) <= 1
        whose = f"{capitalise(v.possessive(seat))} {what} on space {e['space']}"
        if e.get("by") == "conflict":  # MC-7: the losing stack of a conflict goes to the grave
            return f"{whose} {'loses' if one else 'lose'} the conflict and {'goes' if one else 'go'} to the grave."
        by = f" by {card_name(e['by'])}" if str(e.get("by")) in BY_ID else ""
        return f"{whose} {'is' if one else 'are'} destroyed{by}."
    if t == "choose_target":
        effect = _from_reader(str(e.get("effect", "")).rstrip("."), int(seat or 0), v)
        return f"{v.says(seat, 'choose')} a target for {card_name(e['card'])}" + (f": {effect}." if effect else ".")
    if t == "skip":
        # MC-8.5: the player declined every target offered (with none to offer, the event is "no_target")
        return f"{v.says(seat, 'choose')} no target for {card_name(e['card'])}: its effect does nothing."
    if t == "no_target":
        # MC-8.5: nothing it could target, so the effect does nothing; whose card it was, and why
        return f"{capitalise(v.possessive(seat))} {card_possessive(e['card'])} effect does nothing: {_no_target(e, v)}."
    if t == "returned":
        source = e.get("from")
        # the same player's grave and hand (or board) are named once: "from Ann's grave to their hand"
        whose = v.own(seat) if source == seat else v.possessive(seat)
        to = "hand" if e.get("to") == "hand" else f"board, space {e.get('space')}"
        return f"{card_name(e['card'])} comes back from {v.possessive(source)} grave to {whose} {to}{_by(e)}."
    if t == "discarded":
        cards = e.get("cards") or []
        if not cards:
            return f"{v.says(seat, 'have')} nothing to discard{_by(e)}."
        return f"{v.says(seat, 'discard')} {cards_text(cards)}{_by(e)}."
    if t == "reveal_hand":
        reason = e.get("reason")
        if reason == "stuck":
            because = " (nothing in it can be played)"
        elif reason == "no_monster":
            because = " (no monster on the board)"
        else:
            because = ""
        shown = cards_text(e.get("cards") or []) or "no cards"
        return f"{v.says(seat, 'show')} {v.own(seat)} hand{because}: {shown}."
    if t == "penalty":
        return f"{v.says(seat, 'destroy')} the shown {card_name(e['card'])}."
    if t == "spare":
        return f"{v.says(seat, 'spare')} the shown hand."
    if t == "no_monster":
        return f"{v.says(seat, 'have')} no monster left anywhere."
    if t == "end":
        return f"{v.says(seat, 'end')} {v.own(seat)} turn."
    if t == "game_over":
        result = e.get("result") or {}
        end = end_text(result, v)
        return f"{end}!" if result.get("winners") else f"{end}."
    return None
