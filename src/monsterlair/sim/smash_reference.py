"""A tight, hand-written Monster Smash engine: the yardstick ``monsterlair bench`` measures the real one against.

**Not used to play.** No table, bot, simulation or record ever runs this module; the game is
``monsterlair.games.monster_smash``. This is what a single-purpose engine of the same rules
(``docs/rules/monster-smash.md``) looks like when it does only what a random playout needs: the legal
actions, applying one, whether the game is over and who won. It has no events, views, records, history,
checked ``apply``, action objects or clone: actions are their indices (rule MS-13.4, the real engine's
``SmashAction.index``), cards the real engine's integer kinds, hands sorted lists of each seat's local
kinds, and the turn flow a few straight-line methods. ``bench`` times random playouts of both engines
side by side, the same way (``legal_actions()``, a uniform choice, ``apply()``, games back to back), and
reports the real engine's decisions/s as a ratio of this one's: the price of the general engine's
contract (checked actions, events, views, records).

"The same rules" is a test (``tests/sim/test_smash_reference.py``): from the same deal both engines offer
the same legal actions at every step of random games and end with the same result. Chance is the real
engine's too: the same :class:`~monsterlair.core.Rng` stream, the deal of ``deal.new_deal`` and the
reshuffles of ``deal.shuffle``, so a seed gives the same game in both. The card data and rule numbers are
``data/deck.toml``'s, read through ``spec``.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from monsterlair.core import Rng
from monsterlair.games.monster_smash.actions import ATTACK_BASE, BURN_BASE, PLAY_BASE
from monsterlair.games.monster_smash.deal import new_deal, shuffle
from monsterlair.games.monster_smash.spec import (
    ATTACK_OFFSUIT_MAX,
    DEAL,
    DEFENCE_MAX,
    DRAW_NORMAL,
    DRAW_SMALL_HAND,
    LOCAL_VALUE,
    MAX_PLAYERS,
    MULLIGAN_DRAW,
    NUM_VALUES,
    OPTIONS,
    SMALL_HAND,
    STEAL_CAP,
    TO_GLOBAL,
    TO_LOCAL,
    WIN_SUIT,
    WIN_TOTAL,
    Phase,
)

if TYPE_CHECKING:
    from monsterlair.games.monster_smash.state import SmashState

MULLIGAN, KEEP, PASS, DONE = 0, 1, 2, 3
"""The action indices without a number (rule MS-13.4)."""

FIRST, BURN, TARGET, ATTACK, DEFEND, OVER = (int(p) for p in Phase)
NV = NUM_VALUES
_FIRST_LEGAL = (MULLIGAN, KEEP)
_PASS_ONLY = (PASS,)
_DONE_ONLY = (DONE,)
_TARGETS = tuple(
    tuple(
        (PASS, *(ATTACK_BASE + t for t in range(MAX_PLAYERS) if t != seat and alive >> t & 1))
        for alive in range(1 << MAX_PLAYERS)
    )
    for seat in range(MAX_PLAYERS)
)
"""``_TARGETS[seat][alive mask]``: ``pass``, then ``attack T`` for every other living seat."""


class SmashReference:
    """One Monster Smash game, for random playouts only (see the module docstring)."""

    __slots__ = (
        "players",
        "rng",
        "tl",
        "tg",
        "offsuit",
        "empty_attacker",
        "empty_burner",
        "stalemate",
        "max_turns",
        "hands",
        "deck",
        "discard",
        "picks",
        "atk",
        "atk_total",
        "phase",
        "seat",
        "to_move",
        "target",
        "alive",
        "first_done",
        "turns",
        "idle",
        "quiet",
        "over",
        "winners",
        "termination",
        "elim",
    )

    def __init__(self, players: int, rng: Rng, suits: tuple[int, ...], options: Mapping[str, Any]) -> None:
        """An empty table (no cards dealt): use :meth:`new` or :meth:`from_state`."""
        self.players = players
        self.rng = rng
        self.tl = tuple(TO_LOCAL[s] for s in suits)
        self.tg = tuple(TO_GLOBAL[s] for s in suits)
        self.offsuit = bool(options["attack_requires_offsuit"])
        self.empty_attacker = bool(options["eliminate_empty_attacker"])
        self.empty_burner = bool(options["eliminate_empty_burner"])
        self.stalemate = bool(options["stalemate_draw"])
        self.max_turns = int(options["max_turns"])
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.picks: list[int] = []
        self.atk: list[int] = []
        self.atk_total = 0
        self.phase = FIRST
        self.seat = 0
        self.to_move: int | None = 0
        self.target = -1
        self.alive = (1 << players) - 1
        self.first_done = 0
        self.turns = 0
        self.idle = 0
        self.quiet = False
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.termination = ""
        self.elim: list[int] = []

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any] | None = None) -> SmashReference:
        """A new game from ``seed``: the same deal as ``monster-smash``'s (rules MS-2.1 to MS-2.5)."""
        rng = Rng(seed)
        suits, _removed, start, deck = new_deal(rng, players)
        self = cls(players, rng, suits, OPTIONS.resolve(options))
        hands = self.hands
        tl = self.tl
        for i in range(players):
            s = (start + i) % players
            hands[s] = sorted([tl[s][g] for g in deck[-DEAL:]])
            del deck[-DEAL:]
        self.deck = deck
        dealt = tuple(s for s in range(players) if len(hands[s]) >= WIN_SUIT and hands[s][WIN_SUIT - 1] < NV)
        if dealt:
            self._finish(dealt, "six_of_suit")
        else:
            self._begin_turn(start)
        return self

    @classmethod
    def from_state(cls, state: SmashState) -> SmashReference:
        """The same position as a real engine's state (its generator cloned): for the equivalence test."""
        self = cls(state.players, state.rng.clone(), state.cfg.suits, state.options)
        self.hands = [list(h) for h in state.hands]
        self.deck = list(state.deck)
        self.discard = list(state.discard)
        self.picks = list(state.picks)
        self.atk = list(state.atk)
        self.atk_total = sum(LOCAL_VALUE[g] for g in state.atk)  # a value is the same in every numbering
        self.phase = state.phase
        self.seat = state.seat
        self.to_move = state.to_move
        self.target = state.target
        self.alive = state.alive
        self.first_done = state.first_done
        self.turns = state.turns
        self.idle = state.idle
        self.quiet = state.quiet
        self.over = state.over
        self.elim = list(state.elim)
        if state.res is not None:
            self.winners = tuple(state.res.winners)
            self.termination = state.res.termination
        return self

    def scores(self) -> list[int]:
        """Cards in each hand (the result's scores, rule MS-9.5)."""
        return [len(h) for h in self.hands]

    # --- the two calls of a playout ------------------------------------------------------------
    def legal_actions(self) -> tuple[int, ...] | list[int]:
        """The legal action indices, ascending (rule MS-13.6); empty once the game is over."""
        phase = self.phase
        if phase == BURN:
            picks = self.picks
            if picks:
                out = [DONE]
                last = picks[-1]
            else:
                out = [PASS]
                last = -1
            prev = -1
            i = BURN_BASE
            for k in self.hands[self.seat]:
                if k != prev:
                    prev = k
                    if k >= last:
                        out.append(i)
                i += 1
            return out
        if phase == TARGET:
            hand = self.hands[self.seat]
            if not hand or hand[0] >= NV or (self.offsuit and hand[-1] < NV):
                return _PASS_ONLY
            return _TARGETS[self.seat][self.alive]
        if phase == ATTACK:
            picks = self.picks
            if not picks:
                out = []
                prev = -1
                i = PLAY_BASE
                for k in self.hands[self.seat]:
                    if k >= NV:
                        break
                    if k != prev:
                        prev = k
                        out.append(i)
                    i += 1
                return out
            last = picks[-1]
            if last >= NV:
                if sum(1 for k in picks if k >= NV) >= ATTACK_OFFSUIT_MAX:
                    return _DONE_ONLY
                out = [DONE]
            else:
                out = [] if self.offsuit else [DONE]
            prev = -1
            i = PLAY_BASE
            for k in self.hands[self.seat]:
                if k != prev:
                    prev = k
                    if k >= last:
                        out.append(i)
                i += 1
            return out
        if phase == DEFEND:
            picks = self.picks
            if not picks:
                out = [PASS]
                prev = -1
                i = PLAY_BASE
                for k in self.hands[self.target]:
                    if k >= NV:
                        break
                    if k != prev:
                        prev = k
                        out.append(i)
                    i += 1
                return out
            if len(picks) >= DEFENCE_MAX:
                return _DONE_ONLY
            out = [DONE]
            last = picks[-1]
            prev = -1
            i = PLAY_BASE
            for k in self.hands[self.target]:
                if k != prev:
                    prev = k
                    if k >= last:
                        out.append(i)
                i += 1
            return out
        if phase == FIRST:
            return _FIRST_LEGAL
        return ()

    def apply(self, a: int) -> None:
        """Play action index ``a``, which must be one of :meth:`legal_actions` (not checked)."""
        if a >= BURN_BASE:
            if a >= ATTACK_BASE:  # attack S (MS-3.4)
                self.target = a - ATTACK_BASE
                self.phase = ATTACK
            elif a >= PLAY_BASE:  # play N: an attack or defence card (MS-13.3)
                self.picks.append(self.hands[self.target if self.phase == DEFEND else self.seat].pop(a - PLAY_BASE))
            else:  # burn N
                self.picks.append(self.hands[self.seat].pop(a - BURN_BASE))
            return
        phase = self.phase
        if a == PASS:
            if phase == BURN:
                self._after_burn()
            elif phase == TARGET:
                self._end_turn()
            else:
                self._resolve()
        elif a == DONE:
            if phase == BURN:  # MS-3.3
                seat = self.seat
                tg = self.tg[seat]
                picks = self.picks
                self.discard += [tg[k] for k in picks]
                self.picks = []
                self._draw(seat, len(picks) // 2)
                if self.over:
                    return
                if self.empty_burner and not self.hands[seat]:  # MS-8.4
                    self._eliminate(seat)
                    if not self.over:
                        self._end_turn()
                    return
                self._after_burn()
            elif phase == ATTACK:  # MS-5.3
                tg = self.tg[self.seat]
                total = 0
                for k in self.picks:
                    total += LOCAL_VALUE[k]
                self.atk = [tg[k] for k in self.picks]
                self.atk_total = total
                self.picks = []
                self.phase = DEFEND
                self.to_move = self.target
            else:
                self._resolve()
        elif a == KEEP:  # MS-4.3
            seat = self.seat
            self.phase = BURN
            self._draw(seat, DRAW_SMALL_HAND if len(self.hands[seat]) <= SMALL_HAND else DRAW_NORMAL)
        else:  # mulligan (MS-4.2)
            seat = self.seat
            hand = self.hands[seat]
            tg = self.tg[seat]
            self.discard += [tg[k] for k in hand]
            hand.clear()
            self._draw(seat, MULLIGAN_DRAW)
            if not self.over:
                self._end_turn()

    # --- turn flow -----------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        """MS-4.1 (the first-turn choice) or MS-3.2 (the automatic draw)."""
        self.seat = seat
        self.to_move = seat
        self.target = -1
        self.quiet = not self.deck and not self.discard
        if not self.first_done >> seat & 1:
            self.phase = FIRST
            return
        self.phase = BURN
        hand = self.hands[seat]
        n = DRAW_SMALL_HAND if len(hand) <= SMALL_HAND else DRAW_NORMAL
        deck = self.deck
        if n == 1 and deck:  # the usual draw, written out
            insort(hand, self.tl[seat][deck.pop()])
            if len(hand) >= WIN_SUIT:
                if hand[WIN_SUIT - 1] < NV:
                    self._finish((seat,), "six_of_suit")
                elif len(hand) >= WIN_TOTAL:
                    self._finish((seat,), "fifteen_cards")
        else:
            self._draw(seat, n)

    def _draw(self, seat: int, n: int) -> None:
        """MS-10.1, MS-10.2, then the card wins of MS-9.4."""
        if n <= 0:
            return
        deck = self.deck
        hand = self.hands[seat]
        tl = self.tl[seat]
        if n == 1 and deck:
            insort(hand, tl[deck.pop()])
        elif len(deck) >= n:
            hand += [tl[g] for g in deck[-n:]]
            del deck[-n:]
            hand.sort()
        else:
            got = 0
            for _ in range(n):
                if not deck:
                    if not self.discard:
                        break
                    deck += self.discard
                    self.discard = []
                    shuffle(self.rng, deck)
                hand.append(tl[deck.pop()])
                got += 1
            if not got:
                return
            hand.sort()
        if len(hand) >= WIN_SUIT:
            if hand[WIN_SUIT - 1] < NV:
                self._finish((seat,), "six_of_suit")
            elif len(hand) >= WIN_TOTAL:
                self._finish((seat,), "fifteen_cards")

    def _after_burn(self) -> None:
        """The attack step, or the end of a first turn (MS-4.3)."""
        if self.first_done >> self.seat & 1:
            self.phase = TARGET
        else:
            self._end_turn()

    def _resolve(self) -> None:
        """MS-7.1 to MS-7.4, then the eliminations of MS-8.1 and MS-8.3."""
        att = self.seat
        dfd = self.target
        tg = self.tg[dfd]
        picks = self.picks
        d_total = 0
        for k in picks:
            d_total += LOCAL_VALUE[k]
        discard = self.discard
        discard += self.atk
        discard += [tg[k] for k in picks]
        self.picks = []
        self.atk = []
        self.target = -1
        dhand = self.hands[dfd]
        diff = self.atk_total - d_total
        if diff > 0 and dhand:
            below = self.rng.below
            tl = self.tl[att]
            hand = self.hands[att]
            for _ in range(min(diff, STEAL_CAP, len(dhand))):
                hand.append(tl[tg[dhand.pop(below(len(dhand)))]])
            hand.sort()
            if len(hand) >= WIN_SUIT:
                if hand[WIN_SUIT - 1] < NV:
                    self._finish((att,), "six_of_suit")
                    return
                if len(hand) >= WIN_TOTAL:
                    self._finish((att,), "fifteen_cards")
                    return
        if not dhand:
            self._eliminate(dfd)
            if self.over:
                return
        if self.empty_attacker and not self.hands[att]:
            self._eliminate(att)
            if self.over:
                return
        self._end_turn()

    def _eliminate(self, seat: int) -> None:
        """MS-8.5, then MS-9.3 (the last one standing wins)."""
        alive = self.alive & ~(1 << seat)
        self.alive = alive
        self.elim.append(seat)
        if alive & (alive - 1) == 0:
            self._finish((alive.bit_length() - 1,), "last_standing")

    def _end_turn(self) -> None:
        """MS-12.2 (stalemate, if on), MS-12.1 (turn limit), then the next living seat (MS-3.5)."""
        seat = self.seat
        self.first_done |= 1 << seat
        turns = self.turns = self.turns + 1
        if self.quiet and not self.deck and not self.discard:
            self.idle += 1
            if self.stalemate and self.idle >= self.alive.bit_count():
                self._finish((), "stalemate")
                return
        else:
            self.idle = 0
        if turns >= self.max_turns > 0:
            self._finish((), "turn_cap")
            return
        players = self.players
        alive = self.alive
        nxt = (seat + 1) % players
        while not alive >> nxt & 1:
            nxt = (nxt + 1) % players
        self._begin_turn(nxt)

    def _finish(self, winners: tuple[int, ...], termination: str) -> None:
        self.winners = winners
        self.termination = termination
        self.phase = OVER
        self.to_move = None
        self.over = True
        self.picks = []
