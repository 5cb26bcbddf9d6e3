"""Monster Club's effect interpreter: scores, conflicts, destruction, and the card-effect vocabulary.

Card effects are data (:class:`cards.Effect`); this module is the only code that gives them meaning:

* ``score`` (trigger ``conflict``): a score modifier, read while a conflict is scored (MC-7.4);
* ``destroy`` a monster (its whole stack) or the top power card of a stack, on a board scope (MC-8.6);
* ``return`` a card from a grave scope to its owner's hand, or a monster to a free space of your board;
* ``move`` a stack on a board scope one space into a free space;
* ``flip`` a face-down monster face up, or a face-up stack face down;
* ``draw`` and ``discard`` (at random) for you or your opponent.

Targeted effects (destroy, return, move, flip) list their candidate targets as actions for the effect's
player, who picks one or ``skip``s (MC-8.5). Candidates depend only on public information (face-up cards,
counts, graves), so showing them to everyone never leaks a hidden card.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from monsterlair.core import Event
from monsterlair.games.monster_club.actions import (
    LEFT,
    RIGHT,
    T_GRAVE,
    T_GRAVE_ACT,
    T_GRAVE_TO,
    T_GRAVE_TO_ACT,
    T_MOVE,
    T_MOVE_ACT,
    T_STACK,
    T_STACK_ACT,
    Action,
)
from monsterlair.games.monster_club.board import CODE_CARD, CODE_ID, CODE_MONSTER, Stack
from monsterlair.games.monster_club.cards import BEATS, OPPONENT, YOUR, Effect
from monsterlair.games.monster_club.spec import SPACES

if TYPE_CHECKING:
    from monsterlair.games.monster_club.state import ClubState

Trigger = tuple[int, int, Effect]
"""A queued effect: (its player's seat, the card's code, the effect)."""


# ------------------------------------------------------------------------------------------- scores
def _modifier(state: ClubState, e: Effect, side: int, holder: Stack, attacking: bool, other: Stack | None) -> int:
    """The value of one ``score`` effect held by ``holder`` (on ``side``), whose stack is ``attacking`` or not."""
    cond = e.cond
    if (cond == "attacking" and not attacking) or (cond == "defending" and attacking):
        return 0
    if e.vs >= 0 and (other is None or CODE_CARD[other.m].type != e.vs):
        return 0
    per = e.per
    if not per:
        return e.amount
    if per == "power":
        n = sum(holder.pup)
    elif per == "grave_monster":
        n = sum(1 for c in state.graves[side] if CODE_MONSTER[c])
    else:  # adjacent: the other monsters on the holder's board
        n = sum(1 for st in state.board[side] if st is not None and st is not holder)
    return e.amount * n


ScorePart = dict[str, object]
"""One line of a conflict score's breakdown: ``{"card": id, "owner": seat, "kind": k, "value": n}``, where
``kind`` is ``printed`` (the monster's score), ``add`` (a power card's calculation or a score effect, on
this stack or aimed at it from the conflicting stack) or ``times`` (a multiplier, listed after every
addition, as it applies). Only face-up cards appear, so a breakdown holds nothing hidden."""


def conflict_score(
    state: ClubState, side: int, space: int, attacking: bool, parts: list[ScorePart] | None = None
) -> int:
    """The score of the stack on ``side`` at ``space`` in a conflict (MC-7.4).

    The monster's printed score, plus every addition (face-up power calculations on the stack, face-up
    ``score`` effects of the stack, the conflicting stack's ``opp`` calculations and its ``score`` effects
    aimed at this stack), then times every face-up multiplier; never below 0. Face-down cards add nothing.
    With ``parts``, each number that went into the score is appended to it (see :data:`ScorePart`).
    """
    st = state.board[side][space]
    assert st is not None
    other = state.board[1 - side][space]
    card = CODE_CARD[st.m]
    total = card.score
    mul = 1
    times: list[ScorePart] = []
    if parts is not None:
        parts.append({"card": CODE_ID[st.m], "owner": st.m & 1, "kind": "printed", "value": card.score})
    if st.mup:
        for e in card.mods:
            if e.side == "self":
                v = _modifier(state, e, side, st, attacking, other)
                total += v
                if parts is not None:
                    _note(parts, times, st.m, "add", v)
    for code, up in zip(st.p, st.pup, strict=True):
        if up:
            c = CODE_CARD[code]
            total += c.add
            if parts is not None:
                _note(parts, times, code, "add", c.add)
            if c.mul > 1:
                mul *= c.mul
                if parts is not None:
                    _note(parts, times, code, "times", c.mul)
            for e in c.mods:
                if e.side == "self":
                    v = _modifier(state, e, side, st, attacking, other)
                    total += v
                    if parts is not None:
                        _note(parts, times, code, "add", v)
    if other is not None:
        ocard = CODE_CARD[other.m]
        if other.mup:
            for e in ocard.mods:
                if e.side == "opponent":
                    v = _modifier(state, e, 1 - side, other, not attacking, st)
                    total += v
                    if parts is not None:
                        _note(parts, times, other.m, "add", v)
        for code, up in zip(other.p, other.pup, strict=True):
            if up:
                c = CODE_CARD[code]
                total += c.opp
                if parts is not None:
                    _note(parts, times, code, "add", c.opp)
                for e in c.mods:
                    if e.side == "opponent":
                        v = _modifier(state, e, 1 - side, other, not attacking, st)
                        total += v
                        if parts is not None:
                            _note(parts, times, code, "add", v)
    if parts is not None:
        parts.extend(times)
    return max(0, total) * mul


def _note(parts: list[ScorePart], times: list[ScorePart], code: int, kind: str, value: int) -> None:
    """One number of a score's breakdown (multipliers go to ``times``, listed after every addition)."""
    if value:
        (times if kind == "times" else parts).append(
            {"card": CODE_ID[code], "owner": code & 1, "kind": kind, "value": value}
        )


def shown_score(st: Stack) -> int | None:
    """The score a face-up stack shows outside a conflict (printed score and face-up calculations only)."""
    return stack_score(st) if st.mup else None


def stack_score(st: Stack) -> int:
    """The monster's printed score with the stack's face-up calculations, whether the monster is face up or
    not (what ``shown_score`` shows, and what the greedy bot counts for a face-down one)."""
    total = CODE_CARD[st.m].score
    mul = 1
    for code, up in zip(st.p, st.pup, strict=True):
        if up:
            c = CODE_CARD[code]
            total += c.add
            mul *= c.mul
    return max(0, total) * mul


# ------------------------------------------------------------------------------------------- destruction
def destroy_stack(state: ClubState, side: int, space: int, ev: list[Event] | None, cause: str) -> None:
    """Send the stack at (``side``, ``space``) to the graves (each card to its owner's, MC-10.1).

    The monster counts one destroy for ``side``'s opponent (MC-11.1); the face-up cards' ``destroyed``
    effects are queued for ``side`` (MC-8.4).
    """
    st = state.board[side][space]
    assert st is not None
    state.board[side][space] = None
    graves = state.graves
    graves[st.m & 1].append(st.m)
    for code in st.p:
        graves[code & 1].append(code)
    state.destroys[1 - side] += 1
    if ev is not None:
        ev.append(
            Event(
                "destroyed", {"seat": side, "space": space + 1, "cards": [CODE_ID[c] for c in st.cards()], "by": cause}
            )
        )
    queue = state.queue
    if st.mup:
        for e in CODE_CARD[st.m].on_destroyed:
            queue.append((side, st.m, e))
    for code, up in zip(st.p, st.pup, strict=True):
        if up:
            for e in CODE_CARD[code].on_destroyed:
                queue.append((side, code, e))


def _remove_power(state: ClubState, side: int, st: Stack, index: int) -> int:
    """Destroy one power card of a stack on ``side``; a face-up one's "when destroyed" effects are queued."""
    code = st.p.pop(index)
    st.pknown.pop(index)
    if st.pup.pop(index):
        for e in CODE_CARD[code].on_destroyed:
            state.queue.append((side, code, e))
    state.graves[code & 1].append(code)
    return code


def _top_face_up(st: Stack) -> int:
    for i in range(len(st.p) - 1, -1, -1):
        if st.pup[i]:
            return i
    return -1


def _clash(state: ClubState, side: int, st: Stack, other: Stack, ev: list[Event] | None) -> None:
    """Each face-up clash card of ``st`` clashes with the top face-up power of ``other`` (MC-7.6)."""
    for code in [c for c, up in zip(st.p, st.pup, strict=True) if up and CODE_CARD[c].clash]:
        if code not in st.p:
            continue
        j = _top_face_up(other)
        if j < 0:
            return
        ocode = other.p[j]
        mine, theirs = CODE_CARD[code].type, CODE_CARD[ocode].type
        lose_theirs = mine == theirs or BEATS[mine] == theirs
        lose_mine = mine == theirs or BEATS[theirs] == mine
        lost = []
        if lose_theirs:
            lost.append(CODE_ID[_remove_power(state, 1 - side, other, j)])
        if lose_mine:
            lost.append(CODE_ID[_remove_power(state, side, st, st.p.index(code))])
        if ev is not None:
            ev.append(
                Event("clash", {"seat": side, "card": CODE_ID[code], "against": CODE_ID[ocode], "destroyed": lost})
            )


def _clashes(state: ClubState, p: int, a: Stack, d: Stack, ev: list[Event] | None) -> None:
    """Before scoring, the attacking stack's clash cards clash first, then the defending stack's (MC-7.6)."""
    _clash(state, p, a, d, ev)
    _clash(state, 1 - p, d, a, ev)


def clash_preview(state: ClubState, p: int, s: int) -> list[dict[str, object]]:
    """The clash events an attack by seat ``p``'s stack on space ``s`` (0-based) would bring now (MC-7.6), worked
    out on a copy from the face-up cards alone, so it holds nothing hidden: the same for every reader. A trap of
    the defending stack springs face up when attacked (MC-7.3) and may change it; that stack's face-down cards
    are public as a count, so a reader can be told so."""
    a, d = state.board[p][s], state.board[1 - p][s]
    if a is None or d is None:
        return []
    if not any(up and CODE_CARD[c].clash for st in (a, d) for c, up in zip(st.p, st.pup, strict=True)):
        return []
    scratch = state.clone()
    sa, sd = scratch.board[p][s], scratch.board[1 - p][s]
    assert sa is not None and sd is not None
    ev: list[Event] = []
    _clashes(scratch, p, sa, sd, ev)
    return [e.for_seat(None) for e in ev]


def resolve_conflict(state: ClubState, p: int, s: int, ev: list[Event] | None) -> None:
    """Seat ``p``'s stack at space ``s`` attacks the conflicting stack (MC-7)."""
    q = 1 - p
    a = state.board[p][s]
    d = state.board[q][s]
    assert a is not None and d is not None
    for side, st in ((p, a), (q, d)):
        if not st.mup:
            st.mup = True
            st.mknown = True
            if ev is not None:
                ev.append(Event("revealed", {"seat": side, "space": s + 1, "card": CODE_ID[st.m]}))
    for i, code in enumerate(d.p):
        if not d.pup[i] and CODE_CARD[code].trap:
            d.pup[i] = True
            d.pknown[i] = True
            if ev is not None:
                ev.append(Event("trap", {"seat": q, "space": s + 1, "card": CODE_ID[code]}))
    _clashes(state, p, a, d, ev)
    breakdown: list[list[ScorePart]] = [[], []]
    sa = conflict_score(state, p, s, True, breakdown[p] if ev is not None else None)
    sd = conflict_score(state, q, s, False, breakdown[q] if ev is not None else None)
    ca, cd = CODE_CARD[a.m], CODE_CARD[d.m]
    if sa > sd:
        losers: tuple[int, ...] = (q,)
        reason = "score"
    elif sd > sa:
        losers = (p,)
        reason = "score"
    elif ca.sturdy != cd.sturdy:
        losers = (q,) if ca.sturdy else (p,)
        reason = "sturdy"
    elif ca.type == cd.type:
        losers = (p, q)
        reason = "same type"
    else:
        losers = (q,) if BEATS[ca.type] == cd.type else (p,)
        reason = "type"
    a.attacked = True
    scores = [0, 0]
    scores[p], scores[q] = sa, sd
    if ev is not None:
        ev.append(
            Event(
                "conflict",
                {
                    "attacker": p,
                    "space": s + 1,
                    "scores": scores,
                    "breakdown": breakdown,
                    "losers": list(losers),
                    "decided_by": reason,
                },
            )
        )
    survivor = a if losers == (q,) else d if losers == (p,) else None
    winner_side = p if losers == (q,) else q
    for side in losers:
        destroy_stack(state, side, s, ev, "conflict")
    if survivor is not None:
        queue = state.queue
        for e in CODE_CARD[survivor.m].on_win:
            queue.append((winner_side, survivor.m, e))
        for code, up in zip(survivor.p, survivor.pup, strict=True):
            if up:
                for e in CODE_CARD[code].on_win:
                    queue.append((winner_side, code, e))


# ------------------------------------------------------------------------------------------- targets
def _sides(seat: int, scope: int) -> tuple[tuple[int, int], ...]:
    """(relative side, absolute seat) pairs of a scope, own side first."""
    if scope == YOUR:
        return ((0, seat),)
    if scope == OPPONENT:
        return ((1, 1 - seat),)
    return ((0, seat), (1, 1 - seat))


def _shielded(st: Stack, rel: int) -> bool:
    """An immune face-up monster's stack cannot be targeted by the other player's effects (MC-8.7)."""
    return rel == 1 and st.mup and CODE_CARD[st.m].immune


def candidates(state: ClubState, seat: int, e: Effect, *, immune_too: bool = False) -> list[Action]:
    """The targets of a targeted effect, as actions, in a fixed order (own side first, spaces ascending);
    ``immune_too``: as if no stack were immune (to tell why an effect has no target, :func:`why_no_target`)."""
    out: list[Action] = []
    op = e.op
    board = state.board
    if op == "return":
        if e.to == "hand":
            if len(state.hands[seat]) >= state.hand_limit:
                return out
            want_monster = e.what == "monster"
            seen: set[int] = set()
            for pos, code in enumerate(state.graves[seat]):
                if code in seen or (e.what != "any" and CODE_MONSTER[code] != want_monster):
                    continue
                seen.add(code)
                out.append(T_GRAVE_ACT[0][pos])
            return out
        free = [s for s in range(SPACES) if board[seat][s] is None]
        if not free:
            return out
        for rel, grave_seat in _sides(seat, e.grave):
            seen = set()
            for pos, code in enumerate(state.graves[grave_seat]):
                if code in seen or not CODE_MONSTER[code]:
                    continue
                seen.add(code)
                for s in free:
                    out.append(T_GRAVE_TO_ACT[rel][pos][s])
        return out
    for rel, side in _sides(seat, e.board):
        row = board[side]
        for s in range(SPACES):
            st = row[s]
            if st is None or (_shielded(st, rel) and not immune_too):
                continue
            if op == "destroy":
                if e.what == "power":
                    if st.p:
                        out.append(T_STACK_ACT[rel][s])
                elif e.max_score < 0 or (st.mup and CODE_CARD[st.m].score <= e.max_score):
                    out.append(T_STACK_ACT[rel][s])
            elif op == "move":
                if s > 0 and row[s - 1] is None:
                    out.append(T_MOVE_ACT[rel][s][LEFT])
                if s < SPACES - 1 and row[s + 1] is None:
                    out.append(T_MOVE_ACT[rel][s][RIGHT])
            elif op == "flip":
                if st.mup == (e.dir == "down"):
                    out.append(T_STACK_ACT[rel][s])
    return out


NO_TARGET_WHY = ("hand_full", "no_space", "immune", "stuck", "none")
"""Why a targeted effect has no legal target (MC-8.5), the first that holds: a return to a full hand, a return
to a board with no free space, only immune stacks to target (MC-8.7), stacks to move but none beside a free
space, or nothing of the kind the effect names."""


def why_no_target(state: ClubState, seat: int, e: Effect) -> str:
    """Why :func:`candidates` is empty for this effect (one of :data:`NO_TARGET_WHY`); the log says it."""
    if e.op == "return":
        if e.to == "hand":
            return "hand_full" if len(state.hands[seat]) >= state.hand_limit else "none"
        return "no_space" if all(st is not None for st in state.board[seat]) else "none"
    if candidates(state, seat, e, immune_too=True):
        return "immune"
    if e.op == "move" and any(st is not None for _, side in _sides(seat, e.board) for st in state.board[side]):
        return "stuck"
    return "none"


def resolve_target(state: ClubState, seat: int, code: int, e: Effect, action: Action, ev: list[Event] | None) -> None:
    """Carry out a targeted effect on the chosen target (an action from :func:`candidates`)."""
    kind = action.kind
    card = CODE_ID[code]
    if kind == T_GRAVE:  # return to hand (only from your own grave)
        got = state.graves[seat].pop(action.pos)
        insort(state.hands[seat], got)
        if ev is not None:
            ev.append(Event("returned", {"seat": seat, "card": CODE_ID[got], "from": seat, "to": "hand", "by": card}))
        return
    if kind == T_GRAVE_TO:
        grave_seat = seat if action.side == 0 else 1 - seat
        got = state.graves[grave_seat].pop(action.pos)
        state.board[seat][action.dest] = Stack(got, True)
        if ev is not None:
            ev.append(
                Event(
                    "returned",
                    {"seat": seat, "card": CODE_ID[got], "from": grave_seat, "to": "board", "space": action.dest + 1},
                )
            )
        return
    side = seat if action.side == 0 else 1 - seat
    s = action.space
    row = state.board[side]
    st = row[s]
    assert st is not None
    if kind == T_MOVE:
        dest = s - 1 if action.dir == LEFT else s + 1
        row[dest] = st
        row[s] = None
        st.moved = True  # MC-5.6: moved by a card, it has used its move and cannot attack this turn (MC-7.2)
        if ev is not None:
            ev.append(Event("moved", {"seat": side, "from": s + 1, "to": dest + 1, "by": card}))
        return
    assert kind == T_STACK
    if e.op == "destroy":
        if e.what == "power":
            lost = _remove_power(state, side, st, len(st.p) - 1)
            if ev is not None:
                ev.append(Event("destroyed", {"seat": side, "space": s + 1, "cards": [CODE_ID[lost]], "by": card}))
        else:
            destroy_stack(state, side, s, ev, card)
        return
    if e.dir == "up":
        st.mup = True
        st.mknown = True
        if ev is not None:
            ev.append(Event("flipped", {"seat": side, "space": s + 1, "card": CODE_ID[st.m], "up": True, "by": card}))
        return
    st.mup = False
    st.mknown = True
    turned = []
    for i, up in enumerate(st.pup):
        if up:
            st.pup[i] = False
            st.pknown[i] = True
            turned.append(CODE_ID[st.p[i]])
    if ev is not None:
        # The monster and the power cards it turned were face up (public); a face-down power card stays unnamed.
        ev.append(
            Event(
                "flipped",
                {"seat": side, "space": s + 1, "card": CODE_ID[st.m], "cards": turned, "up": False, "by": card},
            )
        )


def resolve_untargeted(state: ClubState, seat: int, code: int, e: Effect, ev: list[Event] | None) -> None:
    """Carry out an effect without a target: ``draw`` or ``discard`` (MC-8.6)."""
    who = seat if e.who == "you" else 1 - seat
    if e.op == "draw":
        state.draw(who, e.n, ev, CODE_ID[code])
        return
    hand = state.hands[who]
    lost = []
    for _ in range(min(e.n, len(hand))):
        got = hand.pop(state.rng.below(len(hand)))
        state.graves[got & 1].append(got)
        lost.append(CODE_ID[got])
    if ev is not None:
        ev.append(Event("discarded", {"seat": who, "cards": lost, "by": CODE_ID[code]}))


__all__ = [
    "Trigger",
    "candidates",
    "clash_preview",
    "ScorePart",
    "conflict_score",
    "destroy_stack",
    "resolve_conflict",
    "resolve_target",
    "resolve_untargeted",
    "shown_score",
]
