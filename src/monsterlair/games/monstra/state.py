"""The MONSTRA state: set-up, legal actions, apply, clone and determinize.

Layout (all plain ints and lists, so :meth:`MonstraState.clone` is a handful of slice copies):

* a *uid* names a creature card in play: team ``t``'s deck position ``i`` is ``t * 12 + i``; the Guardian
  is ``24``. ``card``, ``hp``, ``shield``, ``burn`` (0/1), ``poison`` (0..2), ``slow`` (bits: ``SLOW_NEXT``
  counts in the next order set, ``SLOW_NOW`` was counted in this round's order; both can be on) and
  ``entered`` (round it came into play) are lists indexed by uid;
* ``active`` maps the five unit codes ``a1 a2 b1 b2 g`` (0..4) to uids (-1 if empty);
* ``reserve[t]`` is the face-down replacement pile, top at the end; its first ``bottom[t]`` cards are
  public (creatures a revive sent back, MO-7.6); ``fallen[t]`` the knocked-out ones;
* ``hand``, ``tdeck`` (top at the end), ``tdiscard`` are tactic indices per team; hands stay sorted.

The round flow lives in :mod:`.turns`, the card arithmetic in :mod:`.effects`, the views in :mod:`.view`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from monsterlair.core import BaseState, Event, OptionValue, Rng
from monsterlair.games.monstra import turns
from monsterlair.games.monstra.actions import (
    CLEANSE,
    DISCARD,
    FIRST,
    GUARD,
    REVIVE,
    SIGNATURE,
    SIGNATURE_NONE,
    STRIKE,
    TACTIC,
    TACTIC_NONE,
    Action,
)
from monsterlair.games.monstra.effects import (
    BOSS,
    DUEL_ALLIES,
    DUEL_FOES,
    MISSION_ALLIES,
    MISSION_FOES,
    NUM_UIDS,
    TEAM_NAMES,
    conditions_of,
)
from monsterlair.games.monstra.spec import (
    C_COST,
    C_HP,
    C_TARGET,
    CREATURES,
    DECK_CREATURES,
    GUARDIANS,
    NON_PREMIUMS,
    NUM_CREATURES,
    NUM_TACTICS,
    PREMIUMS,
    START_HAND,
    T_COST,
    T_TARGET,
    TACTICS,
    TARGET_ALLY,
    TARGET_ENEMY,
    TARGET_NONE,
    Deck,
    GuardianVersion,
    random_deck,
)

if TYPE_CHECKING:
    from monsterlair.games.monstra.game import MonstraGame

CONTROL = {
    ("duel", 2): (0, 0, 1, 1, -1),
    ("2v2", 4): (0, 2, 1, 3, -1),
    ("mission", 1): (0, 0, -1, -1, -1),
    ("mission", 2): (0, 1, -1, -1, -1),
}
"""Which seat controls each unit code: 2v2 partners sit opposite (seats 0 and 2 are team A, MO-11.2);
in a co-operative mission seat 0 has slot a1 and seat 1 slot a2."""


class MonstraState(BaseState):
    """One MONSTRA position (see the module docstring for the layout)."""

    __slots__ = (
        "mode",
        "mission",
        "guardian",
        "rounds",
        "ctrl",
        "seat_team",
        "team_seats",
        "nteams",
        "foes",
        "allies",
        "deck_public",
        "deck_c",
        "deck_t",
        "round",
        "marker",
        "first_marker",
        "energy",
        "hand",
        "tdeck",
        "tdiscard",
        "used",
        "kos",
        "active",
        "reserve",
        "bottom",
        "fallen",
        "card",
        "hp",
        "shield",
        "burn",
        "poison",
        "slow",
        "entered",
        "bdeck",
        "bseen",
        "behaviour",
        "order",
        "spd_now",
        "pos",
        "stage",
        "actor",
        "bonus",
        "pierce",
        "dteam",
        "dseat",
        "ties",
        "cplay",
        "cwait",
        "cpicks",
        "_legal",
        "_opening",
    )

    rng: Rng
    mode: str
    mission: bool
    guardian: GuardianVersion
    rounds: int
    ctrl: tuple[int, ...]
    seat_team: tuple[int, ...]
    team_seats: tuple[tuple[int, ...], ...]
    nteams: int
    foes: tuple[tuple[int, ...], ...]
    allies: tuple[tuple[int, ...], ...]
    deck_public: tuple[bool, ...]
    deck_c: list[tuple[int, ...]]
    deck_t: list[tuple[int, ...]]
    round: int
    marker: int
    first_marker: int
    energy: list[int]
    hand: list[list[int]]
    tdeck: list[list[int]]
    tdiscard: list[list[int]]
    used: list[bool]
    kos: list[int]
    active: list[int]
    reserve: list[list[int]]
    bottom: list[int]
    fallen: list[list[int]]
    card: list[int]
    hp: list[int]
    shield: list[int]
    burn: list[int]
    poison: list[int]
    slow: list[int]
    entered: list[int]
    bdeck: list[int]
    bseen: list[int]
    behaviour: int
    order: list[int]
    spd_now: dict[int, int]
    pos: int
    stage: int
    actor: int
    bonus: int
    pierce: int
    dteam: int
    dseat: int
    ties: list[int]
    cplay: Action | None
    cwait: list[tuple[int, ...]]
    cpicks: dict[int, int]
    _legal: tuple[Action, ...] | None
    _opening: tuple[Event, ...]

    # --- set-up -------------------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        game: MonstraGame,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        mode: str,
        decks: Sequence[Deck | None],
    ) -> MonstraState:
        """A new game, set up by the rules (MO-3) from the state's own generator."""
        s = cls()
        s._begin(game, players, seed, dict(options))
        s.mode = mode
        s.mission = mode == "mission"
        s.guardian = GUARDIANS[str(options.get("guardian", "standard"))]
        s.rounds = int(options.get("rounds", 12))
        s.ctrl = CONTROL[(mode, players)]
        s.nteams = 1 if s.mission else 2
        s.seat_team = tuple(0 if s.mission else (seat % 2 if players == 4 else seat) for seat in range(players))
        s.team_seats = tuple(tuple(seat for seat in range(players) if s.seat_team[seat] == t) for t in range(2))
        s.foes = MISSION_FOES if s.mission else DUEL_FOES
        s.allies = MISSION_ALLIES if s.mission else DUEL_ALLIES
        rng = s.rng
        s.marker = 0 if s.mission else rng.below(2)
        s.first_marker = s.marker
        chosen = [d if d is not None else random_deck(rng) for d in decks]
        s.deck_public = tuple(d is not None for d in decks) + (True,) * (2 - len(decks))
        s.deck_c = [d.creatures for d in chosen] + [()] * (2 - len(chosen))
        s.deck_t = [d.tactics for d in chosen] + [()] * (2 - len(chosen))
        s.round = 0
        s.energy = [0, 0]
        s.hand = [[], []]
        s.tdeck = [[], []]
        s.tdiscard = [[], []]
        s.used = [False, False]
        s.kos = [0, 0]
        s.active = [-1] * 5
        s.reserve = [[], []]
        s.bottom = [0, 0]
        s.fallen = [[], []]
        s.card = [-1] * NUM_UIDS
        s.hp = [0] * NUM_UIDS
        s.shield = [0] * NUM_UIDS
        s.burn = [0] * NUM_UIDS
        s.poison = [0] * NUM_UIDS
        s.slow = [0] * NUM_UIDS
        s.entered = [0] * NUM_UIDS
        s.bdeck = []
        s.bseen = []
        s.behaviour = -1
        s.order = []
        s.spd_now = {}
        s.pos = 0
        s.stage = turns.ST_BEGIN
        s.actor = -1
        s.bonus = 0
        s.pierce = 0
        s.dteam = -1
        s.dseat = -1
        s.ties = []
        s.cplay = None
        s.cwait = []
        s.cpicks = {}
        s._to_move = None
        s._legal = None
        s._result = None
        for t, deck in enumerate(chosen):
            cards = list(deck.creatures)
            rng.shuffle(cards)
            base = t * DECK_CREATURES
            for i, c in enumerate(cards):
                s.card[base + i] = c
                s.hp[base + i] = C_HP[c]
            s.active[2 * t] = base
            s.active[2 * t + 1] = base + 1
            s.reserve[t] = list(range(base + DECK_CREATURES - 1, base + 1, -1))
            tactics = list(deck.tactics)
            rng.shuffle(tactics)
            s.tdeck[t] = tactics
            s.hand[t] = sorted(tactics.pop() for _ in range(START_HAND))
        if s.mission:
            s.active[4] = BOSS
            s.hp[BOSS] = s.guardian.hp
            behaviours = list(s.guardian.behaviours)
            rng.shuffle(behaviours)
            s.bdeck = behaviours
        opening: list[Event] = []
        turns.advance(s, opening)
        s._opening = tuple(opening)
        return s

    # --- the contract -------------------------------------------------------------------------------
    def opening_events(self) -> list[Event]:
        """Round 1 as it opens: energy, and in a mission the Guardian's revealed behaviour (issue 13)."""
        return list(self._opening)

    def maxhp(self, uid: int) -> int:
        """Printed maximum HP (the Guardian's from its version)."""
        return self.guardian.hp if uid == BOSS else C_HP[self.card[uid]]

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions (rule MO-12.3 gives the order); empty once the game is over.

        At a creature's turn: Strikes (by target code), the signature if affordable (by target), Guard,
        then — if the team has not played a tactic this round — each affordable tactic in hand in card
        order, by target. A discard lists the hand; a tie lists the team's two tied creatures.
        """
        legal = self._legal
        if legal is not None:
            return legal
        if self._result is not None:
            legal = ()
        elif self.cplay is not None:
            slot = self.cwait[0]
            legal = tuple(CLEANSE[self.active.index(u)][k - 1] for u in slot for k in conditions_of(self, u))
        elif self.dteam >= 0:
            legal = tuple(DISCARD[t] for t in self.hand[self.dteam])
        elif self.stage == turns.ST_TIES:
            t = self.ties[0]
            legal = (FIRST[2 * t], FIRST[2 * t + 1])
        else:
            legal = self._turn_actions()
        self._legal = legal
        return legal

    def _targets(self, codes: tuple[int, ...]) -> list[int]:
        active = self.active
        hp = self.hp
        return [c for c in codes if active[c] >= 0 and hp[active[c]] > 0]

    def _turn_actions(self) -> tuple[Action, ...]:
        u = self.actor
        team = u // DECK_CREATURES
        c = self.card[u]
        energy = self.energy[team]
        foes = self._targets(self.foes[team])
        out = [STRIKE[e] for e in foes]
        if C_COST[c] <= energy:
            rule = C_TARGET[c]
            if rule == TARGET_ENEMY:
                out += [SIGNATURE[e] for e in foes]
            elif rule == TARGET_ALLY:
                out += [SIGNATURE[a] for a in self._targets(self.allies[team])]
            else:
                out.append(SIGNATURE_NONE)
        out.append(GUARD)
        if not self.used[team]:
            allies: list[int] | None = None
            for ti in self.hand[team]:
                if T_COST[ti] > energy:
                    continue
                rule = T_TARGET[ti]
                if rule == TARGET_NONE:
                    out.append(TACTIC_NONE[ti])
                elif rule == TARGET_ENEMY:
                    row = TACTIC[ti]
                    out += [row[e] for e in foes]
                elif rule == TARGET_ALLY:
                    if allies is None:
                        allies = self._targets(self.allies[team])
                    row = TACTIC[ti]
                    out += [row[a] for a in allies]
                else:
                    row = REVIVE[ti]
                    out += [row[f] for f in sorted([self.card[x] for x in self.fallen[team]])]
        return tuple(out)

    def apply(self, action: Action) -> list[Event]:
        """Play a legal action (checked; see :meth:`State.apply`).

        Raises:
            GameOver: if the game has ended.
            IllegalAction: if ``action`` is not legal now; the state is unchanged.
        """
        return BaseState.apply(self, action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply an action taken from :meth:`legal_actions` and run the game on to the next decision."""
        self._legal = None
        self.history.append(action)
        ev: list[Event] = []
        turns.apply_decision(self, action, ev)
        return ev

    def apply_quiet(self, action: Action) -> None:
        """As :meth:`apply_unchecked`, building no events (for searches and playouts)."""
        self._legal = None
        self.history.append(action)
        turns.apply_decision(self, action, None)

    def clone(self) -> MonstraState:
        """An independent copy: lists copied, the generator cloned, immutable parts shared. Written out, as a
        compiled class must (``core/copying.py``); a test checks that it copies every slot."""
        c = MonstraState()
        self._copy_common(c)
        c.mode = self.mode
        c.mission = self.mission
        c.guardian = self.guardian
        c.rounds = self.rounds
        c.ctrl = self.ctrl
        c.seat_team = self.seat_team
        c.team_seats = self.team_seats
        c.nteams = self.nteams
        c.foes = self.foes
        c.allies = self.allies
        c.deck_public = self.deck_public
        c.round = self.round
        c.marker = self.marker
        c.first_marker = self.first_marker
        c.behaviour = self.behaviour
        c.spd_now = self.spd_now
        c.pos = self.pos
        c.stage = self.stage
        c.actor = self.actor
        c.bonus = self.bonus
        c.pierce = self.pierce
        c.dteam = self.dteam
        c.dseat = self.dseat
        c.cplay = self.cplay
        c._legal = self._legal
        c._opening = self._opening
        c.deck_c = self.deck_c[:]
        c.deck_t = self.deck_t[:]
        c.energy = self.energy[:]
        c.used = self.used[:]
        c.kos = self.kos[:]
        c.active = self.active[:]
        c.bottom = self.bottom[:]
        c.card = self.card[:]
        c.hp = self.hp[:]
        c.shield = self.shield[:]
        c.burn = self.burn[:]
        c.poison = self.poison[:]
        c.slow = self.slow[:]
        c.entered = self.entered[:]
        c.bdeck = self.bdeck[:]
        c.bseen = self.bseen[:]
        c.order = self.order[:]
        c.ties = self.ties[:]
        c.cwait = self.cwait[:]
        c.hand = [self.hand[0][:], self.hand[1][:]]
        c.tdeck = [self.tdeck[0][:], self.tdeck[1][:]]
        c.tdiscard = [self.tdiscard[0][:], self.tdiscard[1][:]]
        c.reserve = [self.reserve[0][:], self.reserve[1][:]]
        c.fallen = [self.fallen[0][:], self.fallen[1][:]]
        c.cpicks = dict(self.cpicks)
        return c

    # --- information ----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator); see :func:`.view.build_view`."""
        from monsterlair.games.monstra.view import build_view

        return build_view(self, seat)

    def knows_deck(self, seat: int | None, team: int) -> bool:
        """Whether ``seat`` knows which cards make up ``team``'s deck: its own team always; any team whose
        deck came from the options (a preset or a list), since options are public (MO-13.3)."""
        return self.deck_public[team] or (seat is not None and self.seat_team[seat] == team)

    def determinize(self, seat: int, rng: Rng) -> MonstraState:
        """A clone with everything ``seat`` cannot see resampled from ``rng`` (MO-13.5).

        Hidden: the order of every tactic deck and replacement pile, the Guardian's behaviour order, and —
        for a team whose deck the seat does not know — which cards its hand, tactic deck and face-down
        replacements hold. Each hidden pool is put in sorted order before it is shuffled, so the sample
        depends only on what the seat knows. The clone's own generator is reseeded from ``rng``.
        """
        c = self.clone()
        c._legal = None
        for t in range(self.nteams):
            known = self.knows_deck(seat, t)
            own = self.seat_team[seat] == t
            # tactics: the seat's own hand is known; otherwise hand and deck are one hidden pool
            if own:
                pool = sorted(c.tdeck[t])
                rng.shuffle(pool)
                c.tdeck[t] = pool
            else:
                n_hand = len(c.hand[t])
                n_deck = len(c.tdeck[t])
                if known:
                    pool = sorted(c.hand[t] + c.tdeck[t])
                    rng.shuffle(pool)
                else:
                    seen = set(c.tdiscard[t])
                    pool = rng.sample([i for i in range(NUM_TACTICS) if i not in seen], n_hand + n_deck)
                c.hand[t] = sorted(pool[:n_hand])
                c.tdeck[t] = pool[n_hand:]
                if not known:
                    c.deck_t[t] = tuple(sorted(set(c.tdiscard[t]) | set(pool)))
            # replacements: the face-down part of the pile (above the public bottom cards)
            reserve = c.reserve[t]
            hidden = reserve[c.bottom[t] :]
            if not hidden:
                continue
            cards = [c.card[u] for u in hidden]
            if known:
                cards.sort()
                rng.shuffle(cards)
            else:
                shown = {c.card[u] for u in range(t * DECK_CREATURES, (t + 1) * DECK_CREATURES)} - set(cards)
                cards = _sample_creatures(rng, len(cards), shown)
                c.deck_c[t] = tuple(sorted(shown | set(cards)))
            uids = sorted(hidden)
            for u, card in zip(uids, cards, strict=True):
                c.card[u] = card
                c.hp[u] = C_HP[card]
            c.reserve[t] = reserve[: c.bottom[t]] + uids[::-1]
        if self.mission:
            pool = sorted(c.bdeck)
            rng.shuffle(pool)
            c.bdeck = pool
        c.rng = Rng(rng.next64())
        return c


def _sample_creatures(rng: Rng, k: int, shown: set[int]) -> list[int]:
    """``k`` creatures a team could hold face down, given the ones it has shown (at most one premium).

    Drawn one at a time without replacement; once a premium is drawn the other premiums leave the pool.
    """
    premium_left = not (shown & PREMIUMS)
    pool = [i for i in range(NUM_CREATURES) if i not in shown and (premium_left or i not in PREMIUMS)]
    out: list[int] = []
    below = rng.below
    while len(out) < k and pool:
        j = below(len(pool))
        i = pool[j]
        pool[j] = pool[-1]
        pool.pop()
        if premium_left and i in PREMIUMS:
            premium_left = False
            pool = [x for x in pool if x not in PREMIUMS]
        out.append(i)
    return out


__all__ = ["CONTROL", "MonstraState", "NON_PREMIUMS", "TEAM_NAMES", "CREATURES", "TACTICS"]
