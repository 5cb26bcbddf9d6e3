"""Monster Club's state: the turn flow, the legal actions and their effects.

Phases (MC-2): ``PLAY`` (the player to move plays, stacks, moves and flips), ``ATTACK`` (after the first
attack only attacks or ``end``), ``REVEAL`` (the opponent of a player who showed a hand without monsters
may destroy one of its cards, MC-6.2), ``TARGET`` (a card effect's player picks its target, MC-8.5) and
``OVER``. Each phase has its own legal-action builder and the actions its own handler (a dispatch on the
action kind), so the flow reads as a table rather than nested conditions.

Speed: the legal actions are built once per decision and cached until the next change (so the checked
``apply`` costs one membership test on interned actions), hands are sorted code lists, and ``clone``
copies lists and :class:`board.Stack` objects by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from monsterlair.core import BaseState, Event, GameOver, NotLegalNow, Rng
from monsterlair.core.options import OptionValue
from monsterlair.games.monster_club import effects, turns
from monsterlair.games.monster_club.actions import (
    ATTACK,
    ATTACK_ACT,
    ATTACK_TABLE,
    DESTROY,
    DESTROY_ACT,
    END,
    END_ACT,
    FLIP,
    FLIP_TABLE,
    LEFT,
    MOVE,
    MOVE_TABLE,
    PLAY,
    PLAY_TABLE,
    SKIP,
    SPARE,
    SPARE_ACT,
    STACK,
    STACK_TABLE,
    Action,
)
from monsterlair.games.monster_club.board import CODE_CARD, CODE_ID, CODE_LIMIT, CODE_MONSTER, Stack, code_of
from monsterlair.games.monster_club.cards import Effect
from monsterlair.games.monster_club.decks import build_deck, deck_label
from monsterlair.games.monster_club.spec import MAX_HAND, SPACES, TURN_ACTION_CAP
from monsterlair.games.monster_club.turns import (
    NO_ACTIONS,
    P_ATTACK,
    P_OVER,
    P_PLAY,
    P_REVEAL,
    P_TARGET,
    PHASE_NAMES,
)

if TYPE_CHECKING:
    from monsterlair.core.game import Game

_NO_ACTIONS = NO_ACTIONS
_TAILS: dict[int, tuple[Action, ...]] = {}
"""The play phase's moves, flips, attacks and ``end`` by the bit masks that decide them (filled as met)."""


_TURN_KINDS = frozenset({PLAY, STACK, MOVE, FLIP, ATTACK, END})
"""The moves of a player's own turn (MC-2), which another decision at hand (a target, a shown hand) waits out."""


class ClubState(BaseState):
    """One position of a Monster Club game (see the module docstring for the phases)."""

    __slots__ = (
        "deck_lists",
        "deck_labels",
        "hands",
        "decks",
        "graves",
        "board",
        "destroys",
        "active",
        "first",
        "phase",
        "turn",
        "stall",
        "turn_destroys",
        "turn_actions",
        "queue",
        "choice",
        "choice_acts",
        "ret_phase",
        "revealed",
        "_legal",
        "target",
        "reveal_penalty",
        "stall_turns",
        "max_turns",
        "stuck_redraw",
        "first_round_attacks",
        "hand_limit",
        "reveal_reason",
        "_opening",
    )

    deck_lists: tuple[tuple[int, ...], tuple[int, ...]]
    deck_labels: tuple[str, str]
    hands: list[list[int]]
    decks: list[list[int]]
    graves: list[list[int]]
    board: list[list[Stack | None]]
    destroys: list[int]
    active: int
    first: int
    phase: int
    turn: int
    stall: int
    turn_destroys: int
    turn_actions: int
    queue: list[effects.Trigger]
    choice: effects.Trigger | None
    choice_acts: tuple[Action, ...]
    ret_phase: int
    revealed: tuple[int, ...]
    _legal: tuple[Action, ...] | None
    target: int
    reveal_penalty: bool
    stall_turns: int
    max_turns: int
    stuck_redraw: bool
    first_round_attacks: bool
    hand_limit: int
    reveal_reason: str
    _opening: tuple[Event, ...]
    """The first turn's events as the game opens: its heading and the first player's draw (``opening_events``)."""

    # ------------------------------------------------------------------------------------ set-up
    @classmethod
    def start(cls, game: Game, seed: int, options: Mapping[str, OptionValue]) -> ClubState:
        """A new game: decks built and shuffled, the first player chosen, and the first turn begun (MC-1)."""
        s = cls()
        s._begin(game, 2, seed, dict(options))
        lists = []
        for seat in (0, 1):
            cards = build_deck(str(options[f"deck{seat}"]), s.rng)
            lists.append(tuple(code_of(i, seat) for i in cards))
        s.deck_lists = (lists[0], lists[1])
        s.deck_labels = (deck_label(str(options["deck0"])), deck_label(str(options["deck1"])))
        s.decks = [list(lists[0]), list(lists[1])]
        s.rng.shuffle(s.decks[0])
        s.rng.shuffle(s.decks[1])
        s.hands = [[], []]
        s.graves = [[], []]
        s.board = [[None] * SPACES, [None] * SPACES]
        s.destroys = [0, 0]
        first = int(options["first_player"])
        s.first = first if first >= 0 else s.rng.below(2)
        s.active = s.first
        s.phase = P_PLAY
        s.turn = 0
        s.stall = 0
        s.turn_destroys = 0
        s.turn_actions = 0
        s.queue = []
        s.choice = None
        s.choice_acts = _NO_ACTIONS
        s.ret_phase = P_PLAY
        s.revealed = ()
        s._to_move = s.first
        s._result = None
        s._legal = None
        s.target = int(options["destroys_to_win"])
        s.reveal_penalty = bool(options["reveal_penalty"])
        s.stall_turns = int(options["stall_turns"])
        s.max_turns = int(options["max_turns"])
        s.stuck_redraw = bool(options["stuck_redraw"])
        s.first_round_attacks = bool(options["first_round_attacks"])
        s.hand_limit = int(options["hand_cap"]) or MAX_HAND
        s.reveal_reason = ""
        opening: list[Event] = []
        turns.begin_turn(s, s.first, opening)
        s._opening = tuple(opening)
        return s

    def clone(self) -> ClubState:
        """An independent copy (generator included); cards, actions and effects are shared immutables. Written
        out, as a compiled class must (``core/copying.py``); a test checks that it copies every slot."""
        c = ClubState()
        self._copy_common(c)
        c.deck_lists = self.deck_lists
        c.deck_labels = self.deck_labels
        c.active = self.active
        c.first = self.first
        c.phase = self.phase
        c.turn = self.turn
        c.stall = self.stall
        c.turn_destroys = self.turn_destroys
        c.turn_actions = self.turn_actions
        c.choice = self.choice
        c.choice_acts = self.choice_acts
        c.ret_phase = self.ret_phase
        c.revealed = self.revealed
        c._legal = self._legal
        c.target = self.target
        c.reveal_penalty = self.reveal_penalty
        c.stall_turns = self.stall_turns
        c.max_turns = self.max_turns
        c.stuck_redraw = self.stuck_redraw
        c.first_round_attacks = self.first_round_attacks
        c.hand_limit = self.hand_limit
        c.reveal_reason = self.reveal_reason
        c._opening = self._opening
        c.destroys = self.destroys[:]
        c.queue = self.queue[:]
        c.hands = [self.hands[0][:], self.hands[1][:]]
        c.decks = [self.decks[0][:], self.decks[1][:]]
        c.graves = [self.graves[0][:], self.graves[1][:]]
        c.board = [[st.copy() if st is not None else None for st in row] for row in self.board]
        return c

    # ------------------------------------------------------------------------------------ contract
    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == P_OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, in this order (MC-12): plays and stacks by hand position then space (face up
        before face down), moves (space, left before right), flips, attacks, then ``end``; or the reveal
        choices (``destroy H`` by position, then ``spare``); or an effect's targets then ``skip``.
        """
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == P_PLAY:
                legal = self._legal_play()
            elif phase == P_ATTACK:
                legal = self._legal_attack()
            elif phase == P_TARGET:
                legal = self.choice_acts
            elif phase == P_REVEAL:
                seen: set[int] = set()
                acts = []
                for i, code in enumerate(self.revealed):
                    if code not in seen:
                        seen.add(code)
                        acts.append(DESTROY_ACT[i])
                acts.append(SPARE_ACT)
                legal = tuple(acts)
            else:
                legal = _NO_ACTIONS
            self._legal = legal
        return legal

    def _legal_play(self) -> tuple[Action, ...]:
        p = self.active
        attacks_ok = self.turn > 2 or self.first_round_attacks
        occupied = slots = face_up = unmoved = flippable = attackers = 0
        bit = 1
        for st, other in zip(self.board[p], self.board[1 - p], strict=True):
            if st is not None:
                occupied |= bit
                pup = st.pup
                if len(pup) < CODE_LIMIT[st.m]:
                    slots |= bit
                if st.mup:
                    face_up |= bit
                    if False in pup:
                        flippable |= bit
                else:
                    flippable |= bit
                if not st.moved:
                    unmoved |= bit
                    if attacks_ok and other is not None and not st.attacked:
                        attackers |= bit
                elif attacks_ok and other is not None and not st.attacked and st.swift():
                    attackers |= bit
            bit <<= 1
        free = 7 & ~occupied
        acts: list[Action] = []
        if free or slots:
            prev = -1
            for i, code in enumerate(self.hands[p]):
                if code == prev:
                    continue
                prev = code
                if CODE_MONSTER[code]:
                    if free:
                        acts += PLAY_TABLE[i][free]
                elif slots:
                    acts += STACK_TABLE[i][slots][face_up]
        if not occupied:
            return tuple(acts)  # MC-6.1: a monster must be played before anything else
        key = occupied | unmoved << 3 | flippable << 6 | attackers << 9
        tail = _TAILS.get(key)
        if tail is None:
            tail = _TAILS[key] = (
                MOVE_TABLE[occupied][unmoved] + FLIP_TABLE[flippable] + ATTACK_TABLE[attackers] + (END_ACT,)
            )
        if not acts:
            return tail
        acts += tail
        return tuple(acts)

    def _append_attacks(self, p: int, append: Any) -> None:
        for s in range(SPACES):
            if self.board[p][s] is not None and self.attack_block(p, s) is None:
                append(ATTACK_ACT[s])

    def attack_block(self, p: int, s: int) -> str | None:
        """Why seat ``p``'s stack on space ``s`` (0-based) cannot initiate an attack now, or ``None`` if it
        can (MC-2.6, MC-7.2, MC-7.1): ``first_round``, ``attacked``, ``moved`` or ``no_target``, the first that
        holds (a stack's own reason before the empty space across from it)."""
        if self.turn <= 2 and not self.first_round_attacks:
            return "first_round"
        st = self.board[p][s]
        assert st is not None
        if st.attacked:
            return "attacked"
        if st.moved and not st.swift():
            return "moved"
        if self.board[1 - p][s] is None:
            return "no_target"
        return None

    def end_block(self) -> str | None:
        """Why the player to move cannot end the turn now, read off the legal actions, or ``None``:
        ``monster_first`` in a play phase whose legal actions hold no ``end`` (MC-6.1: an empty board must
        get a monster first). Other phases have their own decision (a target, a shown hand)."""
        if self.phase == P_PLAY and END_ACT not in self.legal_actions():
            return "monster_first"
        return None

    def action_block(self, action: Action) -> str | None:
        """Why the player to move cannot play ``action`` now, as a code, or ``None`` when it is legal or no
        reason below fits (the words: ``words.refusal_text``). The step's reason comes first, then the card's
        or the stack's: ``choosing_target`` / ``choosing_shown`` (another decision is at hand), ``monster_first``
        (MC-6.1, ``end_block``), ``after_attack`` (MC-2.3: only attacks and ``end`` after an attack); for a
        card, ``no_card``, ``same_card`` (an equal card earlier in the hand is the one the moves name, MC-12),
        ``power_card`` / ``monster_card`` (played or stacked the wrong way, MC-5.2, MC-5.3), ``taken``,
        ``no_stack``, ``full`` (MC-5.1), ``down_monster`` (a face-up power on a face-down monster, MC-5.3);
        for a stack, ``no_stack``, :meth:`attack_block`'s codes, ``all_up`` (nothing to flip, MC-5.5),
        ``moved``, ``edge`` or ``taken`` (MC-5.6). Every reason reads only the mover's own cards and the
        public board."""
        if self.phase == P_OVER or action in self.legal_actions():
            return None
        kind = action.kind
        if self.phase == P_TARGET:
            return "choosing_target" if kind in _TURN_KINDS else None
        if self.phase == P_REVEAL:
            return "choosing_shown" if kind in _TURN_KINDS else None
        if kind not in _TURN_KINDS:
            return None
        if kind == END:
            return self.end_block()
        if kind != PLAY and self.end_block() == "monster_first":
            return "monster_first"
        if self.phase == P_ATTACK and kind != ATTACK:
            return "after_attack"
        p, s = self.active, action.space
        if kind in (PLAY, STACK):
            hand = self.hands[p]
            if action.hand >= len(hand):
                return "no_card"
            code = hand[action.hand]
            if action.hand > 0 and hand[action.hand - 1] == code:
                return "same_card"
            if CODE_MONSTER[code] != (kind == PLAY):
                return "power_card" if kind == PLAY else "monster_card"
            target = self.board[p][s]
            if kind == PLAY:
                return "taken" if target is not None else None
            if target is None:
                return "no_stack"
            if target.free_slots() <= 0:
                return "full"
            return "down_monster" if not action.down and not target.mup else None
        st = self.board[p][s]
        if st is None:
            return "no_stack"
        if kind == ATTACK:
            return self.attack_block(p, s)
        if kind == FLIP:
            return "all_up" if st.first_face_down() == -2 else None
        dest = s - 1 if action.dir == LEFT else s + 1
        if st.moved:
            return "moved"
        if not 0 <= dest < SPACES:
            return "edge"
        return "taken" if self.board[p][dest] is not None else None

    def _can_attack(self, p: int) -> bool:
        found: list[Action] = []
        self._append_attacks(p, found.append)
        return bool(found)

    def _legal_attack(self) -> tuple[Action, ...]:
        acts: list[Action] = []
        self._append_attacks(self.active, acts.append)
        acts.append(END_ACT)
        return tuple(acts)

    def opening_events(self) -> list[Event]:
        """Turn 1 as the game opens: its heading and the first player's draw to five (MC-2.1), which happen
        before any move (the second player's draw is logged with the move that ends turn 1)."""
        return list(self._opening)

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move and return its events (checked; the contract's ``apply``
        with the cached legal actions read directly, as random playouts call it once per decision).

        Raises:
            GameOver: if the game has ended.
            IllegalAction: if the rules do not allow ``action`` now; the state is unchanged.
        """
        if self.phase == P_OVER:
            raise GameOver("The game is over; no more actions can be played.")
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise NotLegalNow(str(action), self.describe_decision())
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply a legal action (from :meth:`legal_actions`) and return its events."""
        ev: list[Event] = []
        self._apply(action, ev)
        return ev

    def apply_quiet(self, action: Action) -> None:
        """As :meth:`apply_unchecked`, building no events (for searches and playouts)."""
        self._apply(action, None)

    def _apply(self, action: Action, ev: list[Event] | None) -> None:
        self.history.append(action)
        self._legal = None
        kind = action.kind
        p = self.active
        if kind == PLAY:
            self._play(p, action, ev)
        elif kind == STACK:
            self._stack(p, action, ev)
        elif kind == END:
            if ev is not None:
                ev.append(Event("end", {"seat": p}))
            turns.end_turn(self, ev)
        elif kind == ATTACK:
            self.phase = P_ATTACK
            if ev is not None:
                ev.append(Event("attack", {"seat": p, "space": action.space + 1}))
            effects.resolve_conflict(self, p, action.space, ev)
            turns.after(self, P_ATTACK, ev)
        elif kind == MOVE:
            row = self.board[p]
            s = action.space
            dest = s - 1 if action.dir == LEFT else s + 1
            st = row[s]
            assert st is not None
            row[dest] = st
            row[s] = None
            st.moved = True
            if ev is not None:
                ev.append(Event("move", {"seat": p, "from": s + 1, "to": dest + 1}))
        elif kind == FLIP:
            self._flip(p, action.space, ev)
        elif kind == DESTROY or kind == SPARE:
            self._answer_reveal(action, ev)
        elif kind == SKIP:
            assert self.choice is not None
            if ev is not None:
                ev.append(Event("skip", {"seat": self.choice[0], "card": CODE_ID[self.choice[1]]}))
            self.choice = None
            turns.drain(self, ev)
        else:
            seat, code, effect = self.choice  # type: ignore[misc]
            self.choice = None
            effects.resolve_target(self, seat, code, effect, action, ev)
            turns.check_win(self, ev)
            turns.drain(self, ev)
        if self.phase != P_OVER:
            self.turn_actions += 1
            if self.turn_actions >= TURN_ACTION_CAP:
                turns.finish_by_destroys(self, "action_cap", True, ev)

    # ------------------------------------------------------------------------------------ handlers
    def _play(self, p: int, action: Action, ev: list[Event] | None) -> None:
        code = self.hands[p].pop(action.hand)
        up = not action.down
        self.board[p][action.space] = Stack(code, up)
        self._played("play", p, code, up, action.space, ev)

    def _stack(self, p: int, action: Action, ev: list[Event] | None) -> None:
        code = self.hands[p].pop(action.hand)
        up = not action.down
        st = self.board[p][action.space]
        assert st is not None
        st.p.append(code)
        st.pup.append(up)
        st.pknown.append(up)
        self._played("stack", p, code, up, action.space, ev)

    def _played(self, what: str, p: int, code: int, up: bool, space: int, ev: list[Event] | None) -> None:
        """After a card is played or stacked (``what``): its event (a face-down card shown to its owner only)
        and, face up, its on-play effects."""
        if up:
            if ev is not None:
                ev.append(Event(what, {"seat": p, "card": CODE_ID[code], "space": space + 1, "down": False}))
            if CODE_CARD[code].on_play:
                self.queue.extend((p, code, e) for e in CODE_CARD[code].on_play)
                turns.after(self, P_PLAY, ev)
        elif ev is not None:
            ev.append(Event(what, {"seat": p, "space": space + 1, "down": True}, {"card": CODE_ID[code]}, (p,)))

    def _flip(self, p: int, s: int, ev: list[Event] | None) -> None:
        st = self.board[p][s]
        assert st is not None
        i = st.first_face_down()
        if i == -1:
            code = st.m
            st.mup = True
            st.mknown = True
        else:
            code = st.p[i]
            st.pup[i] = True
            st.pknown[i] = True
        if ev is not None:
            ev.append(Event("flip", {"seat": p, "space": s + 1, "card": CODE_ID[code]}))
        if CODE_CARD[code].on_play:
            self.queue.extend((p, code, e) for e in CODE_CARD[code].on_play)
            turns.after(self, P_PLAY, ev)

    def _answer_reveal(self, action: Action, ev: list[Event] | None) -> None:
        p = self.active
        if action.kind == DESTROY:
            code = self.hands[p].pop(action.hand)
            self.graves[code & 1].append(code)
            if ev is not None:
                ev.append(Event("penalty", {"seat": 1 - p, "card": CODE_ID[code]}))
        else:
            if ev is not None:
                ev.append(Event("spare", {"seat": 1 - p}))
        self.revealed = ()
        self.reveal_reason = ""
        self.phase = P_PLAY
        self._to_move = p
        turns.redraw(self, p, ev)
        turns.check_one_monster(self, p, ev)

    def draw(self, p: int, n: int, ev: list[Event] | None, cause: str) -> None:
        """Seat ``p`` draws up to ``n`` cards (see :func:`turns.draw`); card effects call this."""
        turns.draw(self, p, n, ev, cause)

    # ------------------------------------------------------------------------------------ information
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator). See ``view.py``."""
        from monsterlair.games.monster_club.view import build_view

        return build_view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> ClubState:
        """A clone with everything hidden from ``seat`` resampled (see ``view.py``)."""
        from monsterlair.games.monster_club.view import determinize

        return determinize(self, seat, rng)

    def decision_phase(self) -> str | None:
        return f"the {PHASE_NAMES[self.phase]} phase"

    @property
    def pending(self) -> tuple[int, int, Effect] | None:
        """The effect whose target is being chosen (its player, card code, effect), if any."""
        return self.choice
