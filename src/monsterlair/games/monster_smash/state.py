"""Monster Smash state and transitions (rules in ``docs/rules/monster-smash.md``; rule numbers cited inline).

Representation, chosen for speed (a random playout must run well above 250,000 decisions a second):

* ``hands[s]`` is a sorted list of seat ``s``'s *local* kinds (see ``spec``): own suit first, so "own-suit
  card" is ``k < NUM_VALUES`` and positions in the list are the hand positions of the action texts.
* ``deck`` (top = end of the list) and ``discard`` (top = end) hold global kinds.
* ``picks`` is the tuple of local kinds picked so far in the current multi-card choice (burn, attack
  or defence) by the seat to move; picked cards leave the hand at once and are public (rule MS-11.4).
* ``atk`` is the committed attack (global kinds) while the defender chooses.
* ``alive`` and ``first_done`` are bit masks over seats; history is a linked chain of tuples so that
  :meth:`clone` does not copy it.
* The legal actions of the decision at hand are computed once and cached in ``legal``; :meth:`apply`
  checks membership in that tuple (identity comparisons, as actions are canonical objects).

Phases (explicit): ``FIRST`` (first-turn mulligan/keep), ``BURN``, ``TARGET`` (attack someone or pass),
``ATTACK`` (pick attack cards), ``DEFEND`` (the defender picks), ``OVER``. :meth:`legal_actions` tests the
phase in one method (a call fewer per decision than a per-phase table); :meth:`apply` dispatches on the
action's verb with an ``if`` chain, most frequent verb first (compiled, each branch is a direct call).

The module is compiled with mypyc by ``make install`` (:mod:`monsterlair.compiled`), which is why a new game
comes from :meth:`SmashState.deal` rather than ``__init__`` and :meth:`SmashState.clone` is written out.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from monsterlair.core import BadAction, Event, GameOver, IllegalAction, NotLegalNow, Result, Rng, State
from monsterlair.core.actions import fold
from monsterlair.core.options import OptionValue
from monsterlair.core.words import hand_cards, number_span, plural
from monsterlair.games.monster_smash.actions import (
    ATTACK,
    ATTACK_V,
    BURN,
    BURN_V,
    DONE,
    DONE_V,
    KEEP,
    KEEP_V,
    MULLIGAN,
    PASS,
    PASS_V,
    PLAY,
    PLAY_V,
    SmashAction,
    not_an_action,
)
from monsterlair.games.monster_smash.deal import new_deal, redeal_hidden, shuffle
from monsterlair.games.monster_smash.scoring import final_result
from monsterlair.games.monster_smash.spec import (
    ATTACK_OFFSUIT_MAX,
    CODE_KIND,
    DEAL,
    DEFENCE_MAX,
    DRAW_NORMAL,
    DRAW_SMALL_HAND,
    KIND_CODE,
    KIND_VALUE,
    LOCAL_CODE,
    MAX_HAND,
    MAX_PLAYERS,
    MULLIGAN_DRAW,
    NUM_VALUES,
    PHASE_NAMES,
    SMALL_HAND,
    STEAL_CAP,
    SUIT_INDEX,
    TO_GLOBAL,
    TO_LOCAL,
    WIN_SUIT,
    WIN_TOTAL,
    Phase,
)

if TYPE_CHECKING:
    from monsterlair.core import Game


_FIRST: Final = int(Phase.FIRST)
_BURN: Final = int(Phase.BURN)
_TARGET: Final = int(Phase.TARGET)
_ATTACK: Final = int(Phase.ATTACK)
_DEFEND: Final = int(Phase.DEFEND)
_OVER: Final = int(Phase.OVER)
_PLAY_CODE: Final = PLAY_V
_DONE_CODE: Final = DONE_V
_BURN_CODE: Final = BURN_V
_PASS_CODE: Final = PASS_V
_ATTACK_CODE: Final = ATTACK_V
_KEEP_CODE: Final = KEEP_V
_NUMBERED = {"burn": "burn cards", "play": "play cards for an attack or a defence", "attack": "attack"}
"""The verbs that take a number, with what a player does by them (for "you can't … now")."""
_DOES = {"mulligan": "mulligan", "keep": "keep your hand", "pass": "pass", "done": "confirm picked cards", **_NUMBERED}
"""Every verb, with what a player does by it (for "you can't … now")."""
_STEP_WORDS = {
    _FIRST: "it is your first turn: mulligan or keep",
    _BURN: "this is the burn step",
    _TARGET: "this is the attack step",
    _ATTACK: "you are choosing attack cards",
    _DEFEND: "you are choosing your defence",
    _OVER: "the game is over",
}
_STEP_VERBS: dict[int, tuple[str, ...]] = {
    _FIRST: ("mulligan", "keep"),
    _BURN: ("pass", "done", "burn"),
    _TARGET: ("pass", "attack"),
    _ATTACK: ("done", "play"),
    _DEFEND: ("pass", "done", "play"),
    _OVER: (),
}
"""The verbs each step takes (whether the mover's hand or picks allow one is the legal list's business)."""
_WHOLE = re.compile(r"-?[0-9]+")
NV: Final = NUM_VALUES
_FIRST_LEGAL: tuple[SmashAction, ...] = (MULLIGAN, KEEP)
_PASS_ONLY: tuple[SmashAction, ...] = (PASS,)
_DONE_ONLY: tuple[SmashAction, ...] = (DONE,)


def _target_table() -> tuple[tuple[tuple[SmashAction, ...], ...], ...]:
    """``table[seat][alive_mask]``: ``pass`` then ``attack T`` for every living seat T other than ``seat``."""
    out = []
    for seat in range(MAX_PLAYERS):
        row = []
        for mask in range(1 << MAX_PLAYERS):
            row.append((PASS,) + tuple(ATTACK[t] for t in range(MAX_PLAYERS) if t != seat and mask >> t & 1))
        out.append(tuple(row))
    return tuple(out)


_TARGETS = _target_table()

_NEXT_SEAT: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(
        tuple(
            next(((seat + i) % n for i in range(1, n + 1) if alive >> (seat + i) % n & 1), seat)
            for alive in range(1 << n)
        )
        for seat in range(n)
    )
    for n in range(1, MAX_PLAYERS + 1)
}
"""``_NEXT_SEAT[players][seat][alive mask]``: the next living seat clockwise after ``seat`` (rule MS-3.5)."""


class _Config:
    """What never changes during one game, shared by every clone."""

    __slots__ = (
        "suits",
        "removed",
        "require_offsuit",
        "empty_attacker",
        "empty_burner",
        "stalemate",
        "max_turns",
        "to_local",
        "to_global",
        "codes",
        "next_seat",
    )

    suits: tuple[int, ...]
    removed: int
    require_offsuit: bool
    empty_attacker: bool
    empty_burner: bool
    stalemate: bool
    max_turns: int
    to_local: tuple[tuple[int, ...], ...]
    to_global: tuple[tuple[int, ...], ...]
    codes: tuple[tuple[str, ...], ...]
    next_seat: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, suits: tuple[int, ...], removed: int, options: Mapping[str, OptionValue]) -> _Config:
        """The configuration of a game with these monsters (``suits``, by seat), removed suit and options. (A
        class method, not ``__init__``: unpickling makes a compiled class with no arguments.)"""
        c = cls()
        c.suits = suits
        c.removed = removed
        c.require_offsuit = bool(options["attack_requires_offsuit"])
        c.empty_attacker = bool(options["eliminate_empty_attacker"])
        c.empty_burner = bool(options["eliminate_empty_burner"])
        c.stalemate = bool(options["stalemate_draw"])
        c.max_turns = int(options["max_turns"])
        c.to_local = tuple(TO_LOCAL[s] for s in suits)
        c.to_global = tuple(TO_GLOBAL[s] for s in suits)
        c.codes = tuple(LOCAL_CODE[s] for s in suits)  # codes[seat][local kind]: the card's text
        c.next_seat = _NEXT_SEAT[len(suits)]
        return c


_CODE_OF = KIND_CODE.__getitem__


class SmashState(State):
    """One position of a Monster Smash game."""

    __slots__ = (
        "game",
        "players",
        "seed",
        "options",
        "cfg",
        "rng",
        "hands",
        "deck",
        "discard",
        "picks",
        "atk",
        "phase",
        "seat",
        "to_move",
        "over",
        "target",
        "alive",
        "first_done",
        "turns",
        "idle",
        "quiet",
        "res",
        "legal",
        "hist",
        "elim",
        "opening",
    )

    game: Game
    players: int
    seed: int
    options: Mapping[str, OptionValue]
    cfg: _Config
    rng: Rng
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    picks: tuple[int, ...]
    atk: tuple[int, ...]
    phase: int
    seat: int
    to_move: int | None
    """The seat whose decision it is (the defender while a defence is chosen); ``None`` once over."""
    over: bool
    """True once the game has ended."""
    target: int
    alive: int
    first_done: int
    turns: int
    idle: int
    """Consecutive turns that began and ended with the deck and the discard pile both empty (rule MS-12.2)."""
    quiet: bool
    """Whether the turn under way began with the deck and the discard pile both empty."""
    res: Result | None
    legal: tuple[SmashAction, ...] | None
    hist: tuple[Any, SmashAction] | None
    elim: tuple[int, ...]
    opening: tuple[Event, ...]
    """What happens as the game opens, before any move: turn 1's heading (or a win dealt at once, MS-2.5)."""

    @classmethod
    def deal(cls, game: Game, players: int, seed: int, options: Mapping[str, OptionValue]) -> SmashState:
        """A new game, set up by the rules (MS-2.1 to MS-2.4) from ``seed``, with the first turn started."""
        rng = Rng(seed)
        suits, removed, start, deck = new_deal(rng, players)
        cfg = _Config.of(suits, removed, options)
        hands: list[list[int]] = [[] for _ in range(players)]
        for i in range(players):  # MS-2.3: six cards each from the top, starting with the starting player
            s = (start + i) % players
            hands[s] = sorted(map(cfg.to_local[s].__getitem__, deck[-DEAL:]))
            del deck[-DEAL:]
        state = cls()
        state._setup(game, players, seed, options, cfg, rng, hands, deck, [])
        dealt = tuple(s for s in range(players) if state.own_suit_count(s) >= WIN_SUIT)
        opening: list[Event] = []
        if dealt:  # MS-2.5: a hand dealt six of its own suit wins at once (all such hands share the win)
            state._finish(dealt, "six_of_suit", opening, in_turn=False)
        else:
            state._begin_turn(start, opening)
        state.opening = tuple(opening)
        return state

    def _setup(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        cfg: _Config,
        rng: Rng,
        hands: list[list[int]],
        deck: list[int],
        discard: list[int],
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.cfg = cfg
        self.rng = rng
        self.hands = hands
        self.deck = deck
        self.discard = discard
        self.picks = ()
        self.atk = ()
        self.phase = _FIRST
        self.seat = 0
        self.to_move = 0
        self.over = False
        self.target = -1
        self.alive = (1 << players) - 1
        self.first_done = 0
        self.turns = 0
        self.idle = 0
        self.quiet = False
        self.res = None
        self.legal = None
        self.hist = None
        self.elim = ()

    @classmethod
    def from_setup(
        cls,
        game: Game,
        *,
        monsters: Sequence[str],
        hands: Sequence[Iterable[str]],
        deck: Iterable[str] = (),
        discard: Iterable[str] = (),
        turn: int = 0,
        first_turn_done: bool | Iterable[int] = True,
        eliminated: Iterable[int] = (),
        removed_suit: str | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> SmashState:
        """A scenario for tests and examples: given monsters, hands and piles, at the start of ``turn``'s turn.

        ``deck`` is listed top first (its first card is drawn first); ``discard`` bottom first. Cards are
        codes such as ``"ember-3"``. ``first_turn_done`` is True (every seat has had its first turn), False,
        or the seats that have. The start of the turn is played as in a game: the automatic draw happens
        (rule MS-3.2) unless it is the seat's first turn. The result's :meth:`record` does not replay
        (a record holds only a seed); use it for rules tests only.

        Raises:
            BadOptions: for bad options or a bad player count.
            ValueError: for an unknown monster or card code.
        """
        players = len(monsters)
        resolved = game.options.resolve(options)
        if not game.min_players <= players <= game.max_players:
            from monsterlair.core import BadOptions

            raise BadOptions(game.wrong_player_count(players))
        try:
            suits = tuple(SUIT_INDEX[m] for m in monsters)
            removed = -1 if removed_suit is None else SUIT_INDEX[removed_suit]
            global_hands = [[CODE_KIND[c] for c in h] for h in hands]
            deck_kinds = [CODE_KIND[c] for c in deck]
            discard_kinds = [CODE_KIND[c] for c in discard]
        except KeyError as exc:
            raise ValueError(f"Unknown monster or card {exc.args[0]!r}; cards look like 'ember-3'.") from None
        if len(set(suits)) != players:
            raise ValueError("Each seat needs its own monster.")
        if len(global_hands) != players:
            raise ValueError(f"Give one hand per seat ({players}), not {len(global_hands)}.")
        cfg = _Config.of(suits, removed, resolved)
        local = [sorted(cfg.to_local[s][k] for k in h) for s, h in enumerate(global_hands)]
        deck_kinds.reverse()
        state = cls()
        state._setup(game, players, seed, resolved, cfg, Rng(seed), local, deck_kinds, discard_kinds)
        if first_turn_done is True:
            state.first_done = (1 << players) - 1
        elif first_turn_done is not False:
            for s in first_turn_done:
                state.first_done |= 1 << s
        for s in eliminated:
            state.alive &= ~(1 << s)
            state.elim += (s,)
            state.hands[s] = []
        opening: list[Event] = []
        state._begin_turn(turn, opening)
        state.opening = tuple(opening)
        return state

    # --- the contract ----------------------------------------------------------------------
    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None``."""
        return self.res

    @property
    def history(self) -> list[Any]:
        """Every action applied so far, oldest first."""
        out: list[Any] = []
        node = self.hist
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    @history.setter
    def history(self, actions: list[Any]) -> None:
        node: tuple[Any, SmashAction] | None = None
        for a in actions:
            node = (node, a)
        self.hist = node

    def __getstate__(self) -> dict[str, Any]:
        """For pickling (process pools): every field, with the history chain flattened to a list (a long game's
        chain of nested pairs would go past pickle's recursion limit)."""
        out = super().__getstate__()
        out.pop("hist", None)
        out["history"] = self.history
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            if name != "history":
                setattr(self, name, value)
        self.history = state["history"]

    def parse_action(self, text: str) -> SmashAction:
        """As :meth:`State.parse_action`, with refusals of a numbered action that say what is wrong: a verb
        that cannot be played in this step ("you can't attack now"), an attack on a seat this table does not
        have, a hand position the mover's hand does not have (its size is public).

        The players' words say how a player chooses whom to attack (the menu's number or the name) and never
        count seats from 0; the notation's words (``notation``, for the engine protocol) name seats from 0 and
        the phase as views name it, and the public hand size.
        """
        parts = fold(text).split(" ") if isinstance(text, str) else []
        if len(parts) == 1 and parts[0] in _DOES and parts[0] not in _NUMBERED and not self.over:
            why = self.step_refusal(parts[0])
            if why is not None:
                raise IllegalAction(
                    f"'{text.strip()}': {why}.",
                    notation=f"'{text.strip()}' is not legal now ({self.notation_decision()}).",
                )
        if len(parts) == 2 and parts[0] in _NUMBERED and _WHOLE.fullmatch(parts[1]) and not self.over:
            verb, number, shown = parts[0], int(parts[1]), text.strip()
            mover = self.to_move
            assert mover is not None
            why = self.step_refusal(verb)
            if why is not None:  # by the step, which is public (not by the hand)
                raise IllegalAction(
                    f"'{shown}': {why}.",
                    notation=f"'{shown}' is not legal now: seat {mover} is to move in phase "
                    f"'{PHASE_NAMES[self.phase]}', where no '{verb} N' action is legal.",
                )
            if verb == "attack" and not 0 <= number < self.players:
                raise IllegalAction(
                    f"'{shown}': this table has only {self.players} players. Choose whom to attack by the "
                    "attack's number in the menu or by the player's name.",
                    notation=f"'{shown}': this table's seats are numbered 0 to {self.players - 1}; "
                    f"there is no seat {number}.",
                )
            size = len(self.hands[mover])
            if verb != "attack" and not 1 <= number <= size:
                # a position no hand can have is a malformed action; one this hand lacks, an illegal one
                refusal = BadAction if not 1 <= number <= MAX_HAND else IllegalAction
                raise refusal(
                    f"'{shown}': {hand_cards(size)}; there is no card {number}.",
                    notation=f"'{shown}': hand positions count from 1 and seat {mover}'s hand holds "
                    f"{plural(size, 'card')}{f' (positions {number_span(1, size)})' if size else ''}; "
                    f"there is no position {number}.",
                )
        try:
            action: SmashAction = super().parse_action(text)
        except BadAction:
            if self.over or self.to_move is None or not isinstance(text, str):
                raise
            # no action has this form: say so with the card numbers the mover's hand has (its size is public)
            raise not_an_action(text, len(self.hands[self.to_move])) from None
        return action

    def step_refusal(self, verb: str) -> str | None:
        """Why no action of ``verb`` can be played in the step at hand, in players' words ("you can't attack
        now (it is your first turn: mulligan or keep)"); ``None`` when the step takes the verb (the legal list
        then says whether the hand allows it). The step is public, so this tells nothing hidden."""
        if verb in _STEP_VERBS[self.phase] or verb not in _DOES:
            return None
        return f"you can't {_DOES[verb]} now ({_STEP_WORDS[self.phase]})"

    def notation_decision(self) -> str:
        """The seat to move (from 0) and the phase as views name it ("seat 2 is to move in phase 'burn'")."""
        if self.over or self.to_move is None:
            return "the game is over"
        return f"seat {self.to_move} is to move in phase '{PHASE_NAMES[self.phase]}'"

    def legal_actions(self) -> tuple[SmashAction, ...]:
        """The legal actions in ascending action index (``pass``/``done`` first, then positions, then seats).

        Computed once per decision (``legal`` caches them), the phases tested in the order of their share of
        a game's decisions (burn, attack cards, target, defence). Positions go by rule MS-13.3: at or after
        the last pick, the first of equal cards only.
        """
        legal = self.legal
        if legal is not None:
            return legal
        phase = self.phase
        if phase == _BURN:
            picks = self.picks
            if picks:
                out = [DONE]
                last = picks[-1]
            else:
                out = [PASS]
                last = -1
            prev = -1
            i = 0
            for k in self.hands[self.seat]:
                if k != prev:
                    prev = k
                    if k >= last:
                        out.append(BURN[i])
                i += 1
            legal = tuple(out)
        elif phase == _ATTACK:
            picks = self.picks
            prev = -1
            i = 0
            if picks:
                last = picks[-1]
                if last >= NV and sum(1 for k in picks if k >= NV) >= ATTACK_OFFSUIT_MAX:
                    legal = _DONE_ONLY  # off-suit cards come last; deck.toml's attack_offsuit_max close the attack
                else:
                    out = [DONE] if last >= NV or not self.cfg.require_offsuit else []
                    for k in self.hands[self.seat]:
                        if k != prev:
                            prev = k
                            if k >= last:
                                out.append(PLAY[i])
                        i += 1
                    legal = tuple(out)
            else:
                out = []
                for k in self.hands[self.seat]:
                    if k >= NV:
                        break
                    if k != prev:
                        prev = k
                        out.append(PLAY[i])
                    i += 1
                legal = tuple(out)
        elif phase == _TARGET:
            hand = self.hands[self.seat]
            if not hand or hand[0] >= NV or (self.cfg.require_offsuit and hand[-1] < NV):
                legal = _PASS_ONLY
            else:
                legal = _TARGETS[self.seat][self.alive]
        elif phase == _DEFEND:
            picks = self.picks
            n = len(picks)
            if n >= DEFENCE_MAX:
                legal = _DONE_ONLY
            else:
                prev = -1
                i = 0
                if n == 0:
                    out = [PASS]
                    for k in self.hands[self.target]:
                        if k >= NV:
                            break
                        if k != prev:
                            prev = k
                            out.append(PLAY[i])
                        i += 1
                else:
                    out = [DONE]
                    last = picks[-1]
                    for k in self.hands[self.target]:
                        if k != prev:
                            prev = k
                            if k >= last:
                                out.append(PLAY[i])
                        i += 1
                legal = tuple(out)
        elif phase == _FIRST:
            legal = _FIRST_LEGAL
        else:
            legal = ()
        self.legal = legal
        return legal

    def apply(self, action: Any) -> list[Event]:
        """Play ``action`` for the seat to move; returns the events it caused.

        Raises:
            GameOver: if the game has ended.
            IllegalAction: if ``action`` is not legal now; the state is unchanged.
        """
        legal = self.legal
        if legal is None:
            legal = self.legal_actions()
        if action in legal:
            self.legal = None
            self.hist = (self.hist, action)
            events: list[Event] = []
            self._dispatch(action.code, action.arg, events)
            return events
        if self.res is not None:
            raise GameOver("The game is over; no more actions can be played.")
        raise NotLegalNow(str(action), self.describe_decision())

    def apply_unchecked(self, action: Any) -> list[Event]:
        """Apply an action taken from :meth:`legal_actions` (unchecked fast path)."""
        self.legal = None
        self.hist = (self.hist, action)
        events: list[Event] = []
        self._dispatch(action.code, action.arg, events)
        return events

    def apply_quiet(self, action: Any) -> None:
        """As :meth:`apply_unchecked`, building no events (for searches and playouts)."""
        self.legal = None
        self.hist = (self.hist, action)
        self._dispatch(action.code, action.arg, None)

    def _dispatch(self, code: int, arg: int, events: list[Event] | None) -> None:
        """Carry out an action by its verb's code (``actions.py``); the phase gives pass/done/play their meaning."""
        if code == _PLAY_CODE:
            self._do_play(arg, events)
        elif code == _DONE_CODE:
            self._do_done(arg, events)
        elif code == _BURN_CODE:
            self._do_burn(arg, events)
        elif code == _PASS_CODE:
            self._do_pass(arg, events)
        elif code == _ATTACK_CODE:
            self._do_attack(arg, events)
        elif code == _KEEP_CODE:
            self._do_keep(arg, events)
        else:
            self._do_mulligan(arg, events)

    def clone(self) -> SmashState:
        """An independent copy: the piles and hands copied, the generator cloned, everything else shared (never
        changed in place). Written out, as a compiled class must (``core/copying.py``); a test checks that it
        copies every field."""
        c = SmashState()
        c.game = self.game
        c.players = self.players
        c.seed = self.seed
        c.options = self.options
        c.cfg = self.cfg
        c.rng = self.rng.clone()
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.picks = self.picks
        c.atk = self.atk
        c.phase = self.phase
        c.seat = self.seat
        c.to_move = self.to_move
        c.over = self.over
        c.target = self.target
        c.alive = self.alive
        c.first_done = self.first_done
        c.turns = self.turns
        c.idle = self.idle
        c.quiet = self.quiet
        c.res = self.res
        c.legal = self.legal
        c.hist = self.hist
        c.elim = self.elim
        c.opening = self.opening
        return c

    def opening_events(self) -> list[Event]:
        """Turn 1's heading as the game opens, before any move (or the win of a hand dealt six of its own
        suit, MS-2.5)."""
        return list(self.opening)

    def view(self, seat: object) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator). See ``view.build_view``.

        ``seat`` is typed ``object`` because a compiled method would refuse a value of another type with its own
        ``TypeError`` before the check of ``build_view`` could say what is wrong.

        Raises:
            ValueError: if ``seat`` is not a seat of this game.
        """
        from monsterlair.games.monster_smash.view import build_view

        return build_view(self, seat)

    def determinize(self, seat: object, rng: Rng) -> SmashState:
        """A clone whose hidden cards (the deck and the other hands) are redealt at random with ``rng``.

        The hidden cards are pooled in sorted order before shuffling, so the sample depends only on what
        ``seat`` knows; the clone's own generator is re-seeded from ``rng``. While another seat is picking
        attack cards, its redealt hand must still allow the attack it declared (an own-suit card, and an
        off-suit one when the option asks for it): such samples are drawn by rejection, which keeps them
        uniform among the consistent deals (see ``deal.redeal_hidden``).

        Raises:
            ValueError: if ``seat`` is not a seat of this game.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"Seats run from 0 to {self.players - 1}; there is no seat {seat!r}.")
        c = self.clone()
        to_global = self.cfg.to_global
        others = [s for s in range(self.players) if s != seat]
        pool = list(self.deck)
        for s in others:
            tg = to_global[s]
            pool.extend(tg[k] for k in self.hands[s])
        pool.sort()
        sizes = [len(self.hands[s]) for s in others]
        # While another seat picks attack cards, its hand must keep the attack possible (see docstring).
        actor = self.to_move if self.phase == _ATTACK and self.to_move != seat else None
        if actor is None:
            shares = redeal_hidden(pool, sizes, rng)
        else:
            shares = redeal_hidden(
                pool,
                sizes,
                rng,
                others.index(actor),
                self.cfg.suits[actor],
                need_own=not self.picks,
                need_off=self.cfg.require_offsuit and not (self.picks and self.picks[-1] >= NV),
            )
        to_local = self.cfg.to_local
        for s, share in zip(others, shares, strict=False):
            c.hands[s] = sorted(map(to_local[s].__getitem__, share))
        c.deck = shares[-1]
        c.rng = Rng(rng.next64())
        c.legal = None
        return c

    # --- helpers for views, tests and tools -----------------------------------------------------
    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that determines the future of this state (hidden parts included), for equality tests."""
        return (
            self.players,
            self.seed,
            tuple(sorted(self.options.items())),
            self.cfg.suits,
            self.cfg.removed,
            self.rng.getstate(),
            tuple(tuple(h) for h in self.hands),
            tuple(self.deck),
            tuple(self.discard),
            self.picks,
            self.atk,
            self.phase,
            self.seat,
            self.to_move,
            self.target,
            self.alive,
            self.first_done,
            self.turns,
            self.idle,
            self.quiet,
            None if self.res is None else self.res.to_json(),
            self.elim,
            tuple(str(a) for a in self.history),
        )

    def hand_codes(self, seat: int) -> list[str]:
        """Seat ``seat``'s hand as card codes, in hand-position order (the truth: not for other players)."""
        tg = self.cfg.to_global[seat]
        return [KIND_CODE[tg[k]] for k in self.hands[seat]]

    def own_suit_count(self, seat: int) -> int:
        """How many cards of its own suit ``seat`` holds (toward the rule MS-9.1 win)."""
        return bisect_left(self.hands[seat], NV)

    def is_first_turn(self) -> bool:
        """Whether the turn under way is its player's first (rule MS-4.1)."""
        return not self.first_done >> self.seat & 1

    # --- turn flow ----------------------------------------------------------------------------
    def _begin_turn(self, seat: int, events: list[Event] | None) -> None:
        """Start ``seat``'s turn: the first-turn choice, or the automatic draw (rules MS-3.2, MS-4.1)."""
        self.seat = seat
        self.to_move = seat
        self.picks = ()
        self.atk = ()
        self.target = -1
        self.quiet = not self.deck and not self.discard
        first = not self.first_done >> seat & 1
        if events is not None:
            events.append(Event("turn", {"seat": seat, "turn": self.turns + 1, "first": first}))
        if first:
            self.phase = _FIRST
            return
        self.phase = _BURN
        n = DRAW_SMALL_HAND if len(self.hands[seat]) <= SMALL_HAND else DRAW_NORMAL
        self._draw(seat, n, events)

    def _draw(self, seat: int, n: int, events: list[Event] | None, reason: str = "") -> None:
        """Seat ``seat`` draws ``n`` cards (rules MS-10.1, MS-10.2), then the win check (rule MS-9.4).

        ``reason`` is what a draw other than the turn's own is for (``"burn"``: rule MS-3.3's half as many;
        ``"mulligan"``: rule MS-4.2's new hand): its event records it, so the log tells that draw once, in one
        line. Without events (``apply_quiet``) it costs nothing."""
        if n <= 0:
            return
        deck = self.deck
        if n == 1 and deck:  # the most common draw, kept short
            g = deck.pop()
            hand = self.hands[seat]
            insort(hand, self.cfg.to_local[seat][g])
            if events is not None:
                events.append(Event("draw", _drawn(seat, 1, len(deck), reason), {"cards": [KIND_CODE[g]]}, (seat,)))
            if len(hand) >= WIN_SUIT and (hand[WIN_SUIT - 1] < NV or len(hand) >= WIN_TOTAL):
                self._check_win(seat, events)
            return
        if len(deck) >= n:  # no reshuffle needed
            got = deck[-n:]
            del deck[-n:]
            got.reverse()  # the top card (end of the list) is drawn first
        else:
            got = []
            for _ in range(n):
                if not deck:
                    discard = self.discard
                    if not discard:
                        break
                    deck.extend(discard)
                    discard.clear()
                    shuffle(self.rng, deck)
                    if events is not None:
                        events.append(Event("reshuffle", {"deck_size": len(deck)}))
                got.append(deck.pop())
            if not got:
                if events is not None:
                    events.append(Event("draw", _drawn(seat, 0, len(deck), reason)))
                return
        hand = self.hands[seat]
        tl = self.cfg.to_local[seat]
        for g in got:
            hand.append(tl[g])
        hand.sort()
        if events is not None:
            events.append(
                Event("draw", _drawn(seat, len(got), len(deck), reason), {"cards": list(map(_CODE_OF, got))}, (seat,))
            )
        if len(hand) >= WIN_SUIT and (hand[WIN_SUIT - 1] < NV or len(hand) >= WIN_TOTAL):
            self._check_win(seat, events)

    def _check_win(self, seat: int, events: list[Event] | None) -> None:
        """Rules MS-9.1 and MS-9.2, for the seat that just gained cards."""
        hand = self.hands[seat]
        if WIN_SUIT <= len(hand) and hand[WIN_SUIT - 1] < NV:
            self._finish((seat,), "six_of_suit", events)
        elif len(hand) >= WIN_TOTAL:
            self._finish((seat,), "fifteen_cards", events)

    def _eliminate(self, seat: int, events: list[Event] | None) -> None:
        """Rule MS-8.5; then rule MS-9.3 (the last one standing wins at once)."""
        self.alive &= ~(1 << seat)
        self.elim += (seat,)
        if events is not None:
            events.append(Event("eliminated", {"seat": seat}))
        alive = self.alive
        if alive & (alive - 1) == 0:
            self._finish((alive.bit_length() - 1,), "last_standing", events)

    def _end_turn(self, events: list[Event] | None) -> None:
        """Close the turn; stalemate (rule MS-12.2) and turn cap (MS-12.1); the next living seat plays (MS-3.5)."""
        seat = self.seat
        self.first_done |= 1 << seat
        self.turns += 1
        if self.quiet and not self.deck and not self.discard:
            self.idle += 1
            if self.cfg.stalemate and self.idle >= self.alive.bit_count():
                self._finish((), "stalemate", events, in_turn=False)
                return
        else:
            self.idle = 0
        max_turns = self.cfg.max_turns
        if max_turns and self.turns >= max_turns:
            self._finish((), "turn_cap", events, capped=True, in_turn=False)
            return
        self._begin_turn(self.cfg.next_seat[seat][self.alive], events)

    def _finish(
        self,
        winners: tuple[int, ...],
        termination: str,
        events: list[Event] | None,
        capped: bool = False,
        in_turn: bool = True,
    ) -> None:
        """End the game (rule MS-9.5 for ranks and scores). ``in_turn``: it ends during a turn, which counts
        among the game's turns as the log numbers them (a win on a turn's draw ends turn 9: 9 turns), not
        between turns (at the deal, or once a turn has closed)."""
        result = final_result(
            winners,
            termination,
            [len(h) for h in self.hands],
            self.alive,
            self.elim,
            self.cfg.suits,
            self.turns + (1 if in_turn else 0),
            capped,
        )
        self.res = result
        ranks = result.ranks
        self.phase = _OVER
        self.to_move = None
        self.over = True
        self.legal = ()
        self.picks = ()
        if events is not None:
            events.append(
                Event(
                    "game_over",
                    {"winners": list(winners), "termination": termination, "capped": capped, "ranks": list(ranks)},
                )
            )

    def _after_burn(self, events: list[Event] | None) -> None:
        """After the burn step: the attack step, or the end of a first turn (rule MS-4.3)."""
        if self.first_done >> self.seat & 1:
            self.phase = _TARGET
        else:
            self._end_turn(events)

    def _resolve(self, events: list[Event] | None) -> None:
        """Resolve the attack (rules MS-7.1 to MS-7.4), then eliminations (rules MS-8.1, MS-8.3, MS-8.4)."""
        att = self.seat
        dfd = self.target
        dcards = list(map(self.cfg.to_global[dfd].__getitem__, self.picks))
        atk = self.atk
        a_total = 0
        for g in atk:
            a_total += KIND_VALUE[g]
        d_total = 0
        for g in dcards:
            d_total += KIND_VALUE[g]
        discard = self.discard
        discard.extend(atk)
        discard.extend(dcards)
        if events is not None:
            events.append(Event("defence", {"defender": dfd, "cards": list(map(_CODE_OF, dcards)), "total": d_total}))
        self.atk = ()
        self.picks = ()
        self.target = -1
        dhand = self.hands[dfd]
        if a_total > d_total:
            k = min(a_total - d_total, STEAL_CAP, len(dhand))
            rng = self.rng
            dtg = self.cfg.to_global[dfd]
            stolen = [dtg[dhand.pop(rng.below(len(dhand)))] for _ in range(k)]
            if events is not None:
                events.append(
                    Event(
                        "steal",
                        {"attacker": att, "defender": dfd, "attack": a_total, "defence": d_total, "count": k},
                        {"cards": list(map(_CODE_OF, stolen))},
                        (att, dfd),
                    )
                )
            if stolen:
                hand = self.hands[att]
                tl = self.cfg.to_local[att]
                for g in stolen:
                    hand.append(tl[g])
                hand.sort()
                if len(hand) >= WIN_SUIT and (hand[WIN_SUIT - 1] < NV or len(hand) >= WIN_TOTAL):
                    self._check_win(att, events)
                    if self.res is not None:
                        return
        else:
            if events is not None:
                events.append(
                    Event("attack_failed", {"attacker": att, "defender": dfd, "attack": a_total, "defence": d_total})
                )
        if not dhand:
            self._eliminate(dfd, events)
            if self.res is not None:
                return
        if self.cfg.empty_attacker and not self.hands[att]:
            self._eliminate(att, events)
            if self.res is not None:
                return
        self._end_turn(events)

    # --- applying actions (by verb; the phase gives pass/done/play their meaning) -------------------
    def _do_mulligan(self, arg: int, events: list[Event] | None) -> None:
        seat = self.seat
        hand = self.hands[seat]
        tg = self.cfg.to_global[seat]
        cards = list(map(tg.__getitem__, hand))
        self.discard.extend(cards)
        hand.clear()
        if events is not None:
            events.append(Event("mulligan", {"seat": seat, "discarded": list(map(_CODE_OF, cards))}))
        self._draw(seat, MULLIGAN_DRAW, events, "mulligan")
        if self.res is None:
            self._end_turn(events)

    def _do_keep(self, arg: int, events: list[Event] | None) -> None:
        seat = self.seat
        if events is not None:
            events.append(Event("keep", {"seat": seat}))
        n = DRAW_SMALL_HAND if len(self.hands[seat]) <= SMALL_HAND else DRAW_NORMAL
        self.phase = _BURN
        self._draw(seat, n, events)

    def _do_pass(self, arg: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == _BURN:
            if events is not None:
                events.append(Event("burn", {"seat": self.seat, "cards": [], "count": 0}))
            self._after_burn(events)
        elif phase == _TARGET:
            if events is not None:
                events.append(Event("no_attack", {"seat": self.seat}))
            self._end_turn(events)
        else:  # DEFEND with no cards
            self._resolve(events)

    def _do_done(self, arg: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == _BURN:
            seat = self.seat
            cfg = self.cfg
            picks = self.picks
            self.picks = ()
            self.discard.extend(map(cfg.to_global[seat].__getitem__, picks))
            if events is not None:
                events.append(
                    Event(
                        "burn",
                        {"seat": seat, "cards": list(map(cfg.codes[seat].__getitem__, picks)), "count": len(picks)},
                    )
                )
            if len(picks) >= 2:
                self._draw(seat, len(picks) // 2, events, "burn")
                if self.res is not None:
                    return
            if cfg.empty_burner and not self.hands[seat]:
                self._eliminate(seat, events)
                if self.res is None:
                    self._end_turn(events)
                return
            self._after_burn(events)
        elif phase == _ATTACK:
            tg = self.cfg.to_global[self.seat]
            atk = tuple(map(tg.__getitem__, self.picks))
            self.atk = atk
            self.picks = ()
            total = 0
            for g in atk:
                total += KIND_VALUE[g]
            if events is not None:
                events.append(
                    Event(
                        "attack",
                        {
                            "attacker": self.seat,
                            "defender": self.target,
                            "cards": list(map(_CODE_OF, atk)),
                            "total": total,
                        },
                    )
                )
            self.phase = _DEFEND
            self.to_move = self.target
        else:
            self._resolve(events)

    def _do_burn(self, arg: int, events: list[Event] | None) -> None:
        seat = self.seat
        k = self.hands[seat].pop(arg - 1)
        self.picks += (k,)
        if events is not None:
            events.append(Event("burn_pick", {"seat": seat, "card": self.cfg.codes[seat][k]}))

    def _do_play(self, arg: int, events: list[Event] | None) -> None:
        defend = self.phase == _DEFEND
        seat = self.target if defend else self.seat
        k = self.hands[seat].pop(arg - 1)
        self.picks += (k,)
        if events is not None:
            events.append(
                Event("defence_pick" if defend else "attack_pick", {"seat": seat, "card": self.cfg.codes[seat][k]})
            )

    def _do_attack(self, arg: int, events: list[Event] | None) -> None:
        self.target = arg
        self.phase = _ATTACK
        self.picks = ()
        if events is not None:
            events.append(Event("attack_declared", {"attacker": self.seat, "defender": arg}))


def _drawn(seat: int, count: int, deck_size: int, reason: str) -> dict[str, Any]:
    """A draw event's public fields; ``reason`` last, and only for a draw that has one (see ``_draw``)."""
    data: dict[str, Any] = {"seat": seat, "count": count, "deck_size": deck_size}
    if reason:
        data["reason"] = reason
    return data
