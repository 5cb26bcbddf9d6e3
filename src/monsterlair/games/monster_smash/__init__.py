"""Monster Smash (Iconiq Studios; 2-5 players): draw, burn and smash other monsters to steal their cards.

Rules as implemented: ``docs/rules/monster-smash.md``. The deck is data (``data/deck.toml``, designed for
this project). ``GAME`` is the registered :class:`~monsterlair.core.Game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from monsterlair.core import Event, Game, IllegalAction, ObservationWriter, State
from monsterlair.core.actions import fold
from monsterlair.core.options import OptionValue
from monsterlair.core.words import Voice, hand_cards
from monsterlair.games.monster_smash import actions as _actions
from monsterlair.games.monster_smash import usage as _usage
from monsterlair.games.monster_smash import words as _words
from monsterlair.games.monster_smash.actions import SmashAction
from monsterlair.games.monster_smash.heuristic import evaluate
from monsterlair.games.monster_smash.observation import SmashObservationWriter
from monsterlair.games.monster_smash.observation import encode_sparse as _encode_sparse
from monsterlair.games.monster_smash.spec import (
    ATTACK_OFFSUIT_MAX,
    MULLIGAN_DRAW,
    SPEC,
    SUIT_IDS,
    Phase,
)
from monsterlair.games.monster_smash.state import SmashState
from monsterlair.games.monster_smash.text import render as _render
from monsterlair.games.monster_smash.view import OBSERVATION_SIZE
from monsterlair.games.monster_smash.view import encode_view as _encode_view
from monsterlair.games.monster_smash.view import observation_bounds as _observation_bounds

_CHOICES = {"burn": "to burn", "attack_cards": "for your attack", "defend": "for your defence"}
_PASS_WORDS = {"burn": "Don't burn", "attack": "End turn", "defend": "No defence"}
"""``pass``'s button, by the step it is taken in: burn nothing, attack no one, defend with no cards (rules MS-3.3,
MS-3.4 and MS-6.1)."""
_PICK_WORDS = {"burn": "Burn", "attack_cards": "Attack with", "defend": "Defend with"}
"""What choosing a hand card does, by step: the first words of the card's name in the browser."""
_OFFSUIT_RULE = SPEC.options["attack_requires_offsuit"].label
_OFFSUIT_CARDS = "one card" if ATTACK_OFFSUIT_MAX == 1 else f"{ATTACK_OFFSUIT_MAX} cards"
_CHOICE_RULES = {  # in players' words: rules MS-5.2 and MS-6.1
    "burn": "Those cards cannot be burned together.",
    "attack_cards": "An attack is one or more cards of your own monster's suit plus at most "
    + f"{_OFFSUIT_CARDS} of another suit.",
    "defend": "A defence is at most 2 cards, and at least one of them of your own monster's suit.",
}
_OFFSUIT_ATTACK_RULE = (  # MS-5.2 when the table plays the option, named by its label
    "An attack is one or more cards of your own monster's suit plus "
    + ("exactly one card" if ATTACK_OFFSUIT_MAX == 1 else f"at least one and at most {_OFFSUIT_CARDS}")
    + f" of another suit (the table plays '{_OFFSUIT_RULE}')."
)


def _choice_rule(phase: str, options: Mapping[str, Any]) -> str:
    """The rule a refused choice of cards breaks, as the table plays it (the off-suit option only when on)."""
    if phase == "attack_cards" and options.get("attack_requires_offsuit"):
        return _OFFSUIT_ATTACK_RULE
    return _CHOICE_RULES[phase]


_ATTACK_HELP = (
    "To attack, type the attack's number in the menu, or 'attack' and the player's name as the menu shows it "
    "(for example 'attack Tumble')."
)


class MonsterSmash(Game):
    """Monster Smash: metadata, options, action texts and indices, encoding, rendering."""

    spec = SPEC
    action_space = _actions.SPACE
    terminations = _words.TERMINATIONS
    won_by = _words.WON_BY
    score_meaning = "cards in hand at the end"
    evaluator = staticmethod(evaluate)
    renderer = staticmethod(_render)

    def help_text(self) -> str:
        """How to choose whom to attack at the prompt: by the menu's number or by name."""
        return _ATTACK_HELP

    def termination_for(self, termination: str, voice: Voice, winners: Sequence[int]) -> str:
        """How the game ended, in the reader's person ("six cards of your own monster's suit")."""
        return _words.termination_words(termination, voice, winners)

    def new(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> SmashState:
        """A new game (see :meth:`Game.new`), typed as a :class:`SmashState`.

        Raises:
            BadOptions: if ``players`` is out of range or an option is unknown or bad.
        """
        state = super().new(players, seed, options)
        assert isinstance(state, SmashState)
        return state

    def create(self, players: int, seed: int, options: Mapping[str, OptionValue]) -> SmashState:
        """The starting state (monsters, removed suit, deal and starting player all drawn from ``seed``)."""
        return SmashState.deal(self, players, seed, options)

    def observation_size(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """The length of :meth:`encode_view` (the same for every player count)."""
        return OBSERVATION_SIZE

    def encode_view(self, view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
        """The view as ``OBSERVATION_SIZE`` floats in [0, 1] (layout in ``view.OBSERVATION_SIZE``)."""
        return _encode_view(view, players, options)

    def encode_state_sparse(
        self, state: State, seat: int, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[list[int], list[float]] | None:
        """The entries of :meth:`encode_view` of ``state.view(seat)``, read from the state (``sparse``)."""
        if not isinstance(state, SmashState):
            return None
        return _encode_sparse(state, seat, options)

    def observation_writer(
        self, players: int, options: Mapping[str, OptionValue], out: memoryview[float], rows: int
    ) -> ObservationWriter | None:
        """A writer of :meth:`encode_view`'s numbers straight from states into rows of ``out`` (``view``)."""
        return SmashObservationWriter(out, rows, options)

    def observation_bounds(self, players: int, options: Mapping[str, OptionValue]) -> tuple[list[float], list[float]]:
        """Every feature in [0, 1] (``view.observation_bounds``)."""
        return _observation_bounds()

    def report_factors(self, state: State) -> dict[int, list[str]]:
        """Per seat: its monster (``monster:<suit>``) and its place in the turn order (``order:1`` starts)."""
        if not isinstance(state, SmashState):
            return {}
        first = state.to_move if state.to_move is not None else 0
        return {
            seat: [f"monster:{SUIT_IDS[suit]}", f"order:{(seat - first) % state.players + 1}"]
            for seat, suit in enumerate(state.cfg.suits)
        }

    report_factor_kinds = {"monster": "monster", "order": "place in the turn order"}

    score_unit = ("card in hand", "cards in hand")
    minor_events = frozenset({"burn_pick", "attack_pick", "defence_pick"})

    def turn_of_event(self, event: Mapping[str, Any]) -> int | None:
        """The game's own turn numbers open its turns in the log and in replays."""
        return int(event["turn"]) if event.get("type") == "turn" else None

    def event_text(self, event: Mapping[str, Any], voice: Voice, options: Mapping[str, Any]) -> str | None:
        """A log sentence in the reader's person (``words.py``)."""
        return _words.event_text(event, voice)

    def undo_unit(self, actions: Sequence[str]) -> int:
        """A choice of cards and the ``done`` that confirms it are one unit (a person's one decision); an
        attack — its target, cards and ``done`` — is one unit too, and once its target is named it cannot be
        taken back (MS-5.2: no backing out). 0 means the rules let nothing be taken back."""
        if not actions:
            return 1
        verb = actions[-1].split(" ")[0]
        if verb in ("attack", "play"):
            return 0
        if verb != "done":
            return 1
        n = 1
        while n < len(actions) and actions[-1 - n].split(" ")[0] in ("burn", "play"):
            n += 1
        if n < len(actions) and actions[-1 - n].startswith("attack"):
            return 0
        return n

    def action_label(self, state: State, action: Any, names: Sequence[str] | None = None) -> str:
        """The words of the browser's button or card for an action ("Don't burn", "Burn Flarefang 3",
        "Attack Bob", "Defend with Sootling 1", "Confirm attack · 5"): the browser shows these labels, and a hint
        or the terminal's menu words a move as the buttons do."""
        text = str(action)
        verb, _, arg = text.partition(" ")
        seat = state.to_move
        if seat is None:
            return self.describe_action(action)
        if verb == "attack" and arg.isdigit():
            return f"Attack {Voice(names).name(int(arg))}"
        if verb == "keep":
            return "Keep hand"
        if verb == "mulligan":
            return f"Mulligan (draw {MULLIGAN_DRAW})"
        view = state.view(seat)  # the other labels read the step and the mover's cards
        phase, hand = str(view.get("phase")), list(view.get("hand") or [])
        if verb in ("burn", "play") and arg.isdigit() and int(arg) <= len(hand) and phase in _PICK_WORDS:
            return f"{_PICK_WORDS[phase]} {_words.card_name(hand[int(arg) - 1])}"
        if verb == "pass" and phase in _PASS_WORDS:
            return _PASS_WORDS[phase]
        if verb == "done":
            burning = len(view.get("burning") or [])
            attack, defence = view.get("attack") or {}, view.get("defence") or {}
            if phase == "burn":
                return f"Burn {burning} · draw {burning // 2}"
            if phase == "attack_cards":
                return f"Confirm attack · {attack.get('total', 0)}"
            if phase == "defend":
                return f"Defend · {defence['total']}" if defence.get("cards") else _PASS_WORDS[phase]
        return self.describe_action(action)

    def refusal(self, state: State, text: str, names: Sequence[str] | None = None) -> str | None:
        """Why a text names an action that cannot be played now: a step's refusal ("you can't attack now (this
        is the burn step)"), and an attack typed by the player's name ("attack Tumble") on someone who cannot
        be attacked now (yourself, someone out of the game, or in a step with no attack)."""
        said = super().refusal(state, text, names)
        words = fold(text).split(" ")
        if said is not None or words[0] != "attack" or len(words) < 2 or not isinstance(state, SmashState):
            return said
        voice, wanted = Voice(names), " ".join(words[1:])
        seats = [s for s in range(state.players) if fold(voice.name(s)).startswith(wanted)]
        if len(seats) != 1 or state.over:
            return None
        seat = seats[0]
        why = state.step_refusal("attack")
        if why is None and seat == state.to_move:
            why = "you can't attack yourself"
        elif why is None and not state.alive >> seat & 1:  # out of the game (MS-8.5)
            why = f"{voice.name(seat)} is out of the game"
        return None if why is None else f"'{text.strip()}': {why}."

    def card_choice(self, state: State) -> tuple[str, list[str]] | None:
        """A burn, an attack's cards or a defence: the purpose and the mover's hand by name."""
        seat = state.to_move
        if seat is None:
            return None
        view = state.view(seat)
        purpose = _CHOICES.get(str(view.get("phase")))
        if purpose is None or not any(str(a).split(" ")[0] in ("burn", "play", "done") for a in state.legal_actions()):
            return None
        return purpose, [_words.card_name(c) for c in view.get("hand") or []]

    def choose_cards(self, state: State, positions: Sequence[int]) -> list[str]:
        """The picks (in the canonical order, MS-13.3) and ``done`` for the hand cards at ``positions``.

        Raises:
            IllegalAction: naming the rule the choice breaks.
        """
        seat = state.to_move
        choice = self.card_choice(state)
        if seat is None or choice is None:
            raise IllegalAction("This decision is not a choice of cards.")
        hand = list(state.view(seat).get("hand") or [])
        wanted = sorted(set(positions))
        if any(not 1 <= p <= len(hand) for p in wanted):
            raise IllegalAction(f"{hand_cards(len(hand))}.")
        phase = str(state.view(seat).get("phase"))
        work = state.clone()
        texts: list[str] = []
        for code in (hand[p - 1] for p in wanted):
            for action in work.legal_actions():
                if str(action).split(" ")[0] not in ("burn", "play"):
                    continue
                trial = work.clone()
                if any(e.data.get("card") == code for e in trial.apply(action)):
                    work, texts = trial, [*texts, str(action)]
                    break
            else:
                raise IllegalAction(_choice_rule(phase, state.options))
        if "done" in {str(a) for a in work.legal_actions()}:
            return [*texts, "done"]
        if not texts and "pass" in {str(a) for a in work.legal_actions()}:
            return ["pass"]
        raise IllegalAction(_choice_rule(phase, state.options))

    def card_choice_problem(self, state: State, positions: Sequence[int]) -> str | None:
        """``None`` when some legal choice holds the hand cards at ``positions`` (more may be added), else the
        rule it breaks in players' words. Asked of the engine: its legal picks (MS-13.3) are walked, taking
        these cards in hand order and any others before them, until ``done`` is legal."""
        seat = state.to_move
        if seat is None or self.card_choice(state) is None:
            return "This decision is not a choice of cards."
        view = state.view(seat)
        hand = list(view.get("hand") or [])
        wanted = sorted(set(positions))
        if any(not 1 <= p <= len(hand) for p in wanted):
            return f"{hand_cards(len(hand))}."
        if not wanted:
            return None
        order = {code: hand.index(code) for code in hand}  # a card's place in hand order (MS-13.2)
        seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()

        def reachable(work: State, picked: tuple[str, ...], need: tuple[str, ...]) -> bool:
            if (picked, need) in seen:
                return False
            seen.add((picked, need))
            legal = work.legal_actions()
            if not need and "done" in {str(a) for a in legal}:
                return True
            for action in legal:
                if str(action).split(" ")[0] not in ("burn", "play"):
                    continue
                trial = work.clone()
                card = next((str(e.data["card"]) for e in trial.apply(action) if "card" in e.data), None)
                if card is None:
                    continue
                if need and card == need[0]:
                    if reachable(trial, (*picked, card), need[1:]):
                        return True
                elif not need or order[card] < order[need[0]]:  # another card, before the next wanted one
                    if reachable(trial, (*picked, card), need):
                        return True
            return False

        if reachable(state.clone(), (), tuple(hand[p - 1] for p in wanted)):
            return None
        return _choice_rule(str(view.get("phase")), state.options)

    def report_label(self, kind: str, value: str) -> str:
        """Cards by name ("Flarefang 3") and monsters by their Squad Leader; other values as they are."""
        if kind in ("card", "burned"):
            return _words.card_name(value)
        return _words.leader_name(value) if kind == "monster" else value

    def report_usage(self, seat: int, action: Any, events: Sequence[Event]) -> list[tuple[int | None, str]]:
        """Cards played in attacks and defences (``card:<id>``) and burned (``burned:<id>``)."""
        return _usage.report_usage(events)

    report_kinds = _usage.KINDS

    def report_move_kind(self, action: Any, events: Sequence[Event]) -> str:
        """Burn, no burn, attack (target named), attack (cards played), no attack, defence, no defence, keep the hand,
        mulligan: a choice of cards counts once, with the ``done`` or ``pass`` that completes it."""
        return _usage.move_kind(events)

    def action_phrase(self, action: SmashAction) -> str:
        """A menu phrase for an action."""
        return _actions.describe(action)


GAME = MonsterSmash()

__all__ = ["GAME", "MonsterSmash", "Phase", "SmashAction", "SmashState"]
