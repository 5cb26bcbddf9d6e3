"""Monster Club's turn flow: turns, the one-monster rule, effect resolution and the end of the game.

Functions of a :class:`~monsterlair.games.monster_club.state.ClubState`, split out of ``state.py`` (which
keeps the legal actions and their handlers) the way ``effects.py`` holds the card interpreter. Rule numbers
(MC-x.y) refer to ``docs/rules/monster-club.md``.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from monsterlair.core import Event, Result
from monsterlair.core.result import ranks_from_scores
from monsterlair.games.monster_club import effects
from monsterlair.games.monster_club.actions import SKIP_ACT, Action
from monsterlair.games.monster_club.board import CODE_ID, CODE_LIMIT, CODE_MONSTER
from monsterlair.games.monster_club.spec import HAND_TARGET

if TYPE_CHECKING:
    from monsterlair.games.monster_club.state import ClubState

P_PLAY, P_ATTACK, P_REVEAL, P_TARGET, P_OVER = range(5)
PHASE_NAMES = ("play", "attack", "reveal", "target", "over")

TERMINATIONS = ("destroys", "no_monster", "stalled", "turn_cap", "action_cap")
"""Why a game ends: a player reached the destroys to win (MC-11.2), a player could never again have a
monster (MC-6.3), the anti-stall rule (MC-11.5), or a safety cap (MC-11.6; ``Result.capped``)."""

NO_ACTIONS: tuple[Action, ...] = ()


def after(state: ClubState, phase: int, ev: list[Event] | None) -> None:
    """After an action of the active player: win check, then the queued effects, then the phase's checks."""
    state.ret_phase = phase
    check_win(state, ev)
    drain(state, ev)


def drain(state: ClubState, ev: list[Event] | None) -> None:
    """Resolve queued effects in order (MC-8.9); stop at the first that needs a target chosen."""
    queue = state.queue
    while queue and state.phase != P_OVER:
        seat, code, effect = queue.pop(0)
        if effect.targeted:
            acts = effects.candidates(state, seat, effect)
            if not acts:
                if ev is not None:
                    why = effects.why_no_target(state, seat, effect)
                    data = {"seat": seat, "card": CODE_ID[code], "when": effect.when, "why": why}
                    ev.append(Event("no_target", data))
                continue
            acts.append(SKIP_ACT)
            state.choice = (seat, code, effect)
            state.choice_acts = tuple(acts)
            state.phase = P_TARGET
            state._to_move = seat
            if ev is not None:
                ev.append(Event("choose_target", {"seat": seat, "card": CODE_ID[code], "effect": effect.describe()}))
            return
        effects.resolve_untargeted(state, seat, code, effect, ev)
        check_win(state, ev)
    if state.phase == P_OVER:
        queue.clear()
        return
    state.choice_acts = NO_ACTIONS
    state.phase = state.ret_phase
    p = state.active
    state._to_move = p
    if state.phase == P_PLAY:
        check_one_monster(state, p, ev)
    elif not state._can_attack(p):
        end_turn(state, ev)


def begin_turn(state: ClubState, p: int, ev: list[Event] | None) -> None:
    """Seat ``p``'s turn: caps first (MC-11.5, MC-11.6), then draw to five (MC-2.1), the stuck-hand redraw
    (MC-6.5) and the one-monster rule (MC-6.1)."""
    # A cap ends the game before the next turn begins, so the result counts the turns played.
    if state.max_turns and state.turn >= state.max_turns:
        finish_by_destroys(state, "turn_cap", True, ev)
        return
    if state.stall_turns and state.stall >= state.stall_turns:
        finish_by_destroys(state, "stalled", False, ev)
        return
    state.turn += 1
    state.active = p
    state.phase = P_PLAY
    state._to_move = p
    state.turn_actions = 0
    state.turn_destroys = state.destroys[0] + state.destroys[1]
    for st in state.board[p]:
        if st is not None:
            st.moved = False
            st.attacked = False
    if ev is not None:
        ev.append(Event("turn", {"seat": p, "turn": state.turn}))
    need = HAND_TARGET - len(state.hands[p])
    if need > 0:
        draw(state, p, need, ev, "")
    if state.stuck_redraw and stuck(state, p):
        start_reveal(state, p, "stuck", ev)
        return
    check_one_monster(state, p, ev)


def stuck(state: ClubState, p: int) -> bool:
    """MC-6.5: a monster on the board, cards in hand and deck, yet no card of the hand can be played."""
    row = state.board[p]
    hand = state.hands[p]
    if not hand or not state.decks[p] or (row[0] is None and row[1] is None and row[2] is None):
        return False
    free_space = row[0] is None or row[1] is None or row[2] is None
    free_slot = any(st is not None and len(st.p) < CODE_LIMIT[st.m] for st in row)
    return not any(free_space if CODE_MONSTER[c] else free_slot for c in hand)


def start_reveal(state: ClubState, p: int, reason: str, ev: list[Event] | None) -> bool:
    """Show the hand (MC-6.2); returns True if the opponent now chooses a card to destroy."""
    hand = state.hands[p]
    if ev is not None:
        ev.append(Event("reveal_hand", {"seat": p, "cards": [CODE_ID[c] for c in hand], "reason": reason}))
    if state.reveal_penalty and hand:
        state.phase = P_REVEAL
        state.revealed = tuple(hand)
        state.reveal_reason = reason
        state._to_move = 1 - p
        return True
    redraw(state, p, ev)
    if reason == "stuck":
        check_one_monster(state, p, ev)
    return False


def end_turn(state: ClubState, ev: list[Event] | None) -> None:
    """End the active player's turn (MC-2.4), counting turns without a destroy for MC-11.5."""
    if state.destroys[0] + state.destroys[1] == state.turn_destroys:
        state.stall += 1
    else:
        state.stall = 0
    begin_turn(state, 1 - state.active, ev)


def check_one_monster(state: ClubState, p: int, ev: list[Event] | None) -> None:
    """MC-6: in the play phase a player needs a monster on the board, or one in hand to play at once."""
    hand = state.hands[p]
    while True:
        row = state.board[p]
        if row[0] is not None or row[1] is not None or row[2] is not None:
            return
        if any(CODE_MONSTER[c] for c in hand):
            return
        if not any(CODE_MONSTER[c] for c in state.decks[p]):
            if ev is not None:
                ev.append(Event("no_monster", {"seat": p}))
            finish(state, (1 - p,), "no_monster", False, ev)
            return
        if start_reveal(state, p, "no_monster", ev):
            return


def redraw(state: ClubState, p: int, ev: list[Event] | None) -> None:
    """MC-6.2: the hand goes back into the deck, the deck is shuffled, and five cards are drawn."""
    deck = state.decks[p]
    deck.extend(state.hands[p])
    state.hands[p].clear()
    state.rng.shuffle(deck)
    draw(state, p, HAND_TARGET, ev, "redraw")


def draw(state: ClubState, p: int, n: int, ev: list[Event] | None, cause: str) -> None:
    """Seat ``p`` draws up to ``n`` cards: fewer if the deck runs out (MC-2.1) or, with the safety option
    ``hand_cap``, the hand is full (MC-2.5)."""
    deck = state.decks[p]
    hand = state.hands[p]
    n = max(0, min(n, len(deck), state.hand_limit - len(hand)))
    got = []
    for _ in range(n):
        code = deck.pop()
        insort(hand, code)
        got.append(code)
    if ev is not None:
        ev.append(Event("draw", {"seat": p, "count": n, "by": cause}, {"cards": [CODE_ID[c] for c in got]}, (p,)))


def check_win(state: ClubState, ev: list[Event] | None) -> None:
    """End the game once a player has the destroys to win (MC-11.2, MC-11.3)."""
    d0, d1 = state.destroys
    if state.phase != P_OVER and (d0 >= state.target or d1 >= state.target):
        finish_by_destroys(state, "destroys", False, ev)


def finish_by_destroys(state: ClubState, termination: str, capped: bool, ev: list[Event] | None) -> None:
    """End the game: more destroys wins, equal destroys are a draw."""
    d0, d1 = state.destroys
    winners: tuple[int, ...] = () if d0 == d1 else ((0,) if d0 > d1 else (1,))
    finish(state, winners, termination, capped, ev)


def finish(state: ClubState, winners: tuple[int, ...], termination: str, capped: bool, ev: list[Event] | None) -> None:
    """Record the result (scores are the destroys) and stop every decision."""
    scores = (float(state.destroys[0]), float(state.destroys[1]))
    if winners:
        ranks = tuple(1 if s in winners else 2 for s in (0, 1))
    else:
        ranks = ranks_from_scores([0.0, 0.0])
    state._result = Result(
        winners=winners,
        ranks=ranks,
        scores=scores,
        termination=termination,
        capped=capped,
        detail={"turns": state.turn, "first": state.first},
    )
    state.phase = P_OVER
    state._to_move = None
    state._legal = None
    state.queue.clear()
    state.choice = None
    state.choice_acts = NO_ACTIONS
    if ev is not None:
        ev.append(Event("game_over", {"result": state._result.to_json()}))
