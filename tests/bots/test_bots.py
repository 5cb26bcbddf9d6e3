"""Every bot on every game: legal moves, reproducibility, no peeking at hidden cards, and strength.

The strength tests use fixed seeds, so they are deterministic; their margins sit far below the measured
rates (noted beside each) so that a harmless change in a game's rules cannot make them fail.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monsterlair import bots, games
from monsterlair.bots import Bot, ISMCTSBot
from monsterlair.core import Game, GameOver, Perspective, Rng, State
from monsterlair.testing.conformance import player_counts
from tests.utils.tiny_game import TINY, new_tiny

GAME_IDS = [TINY.id, *games.ids()]
FAST_SPECS = [
    "random",
    "greedy:samples=1",
    "ismcts:iterations=12,depth=10",
    "ismcts:iterations=12,playout=greedy-lite,depth=4",
]
"""Small budgets and short playouts: these tests are about legality on every game (some games cost a physics
simulation per action), not strength. Full playouts are exercised on Tiny Cards and in the strength tests."""


def _game(game_id: str) -> Game:
    return TINY if game_id == TINY.id else games.get(game_id)


def play(game: Game, specs: list[str], seed: int) -> State:
    """A full game between bots (checked moves), every bot's generator derived from ``seed``."""
    state = game.new(len(specs), seed)
    players = [bots.from_spec(s) for s in specs]
    rngs = [Rng(seed).fork(seat) for seat in range(len(specs))]
    while not state.over:
        seat = state.to_move
        assert seat is not None
        action = players[seat].choose(Perspective(state, seat), rngs[seat])
        assert action in state.legal_actions()
        state.apply(action)
    return state


def positions(game: Game, players: int, seed: int, every: int = 3, most: int = 8) -> Iterator[State]:
    """At most ``most`` decision points along a random game, every ``every`` actions."""
    state = game.new(players, seed)
    rng = Rng(seed).fork(99)
    step = 0
    given = 0
    while not state.over and given < most:
        if step % every == 0:
            yield state.clone()
            given += 1
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1


def win_rate(game: Game, hero: str, villain: str, games_played: int, seed: int) -> float:
    """``hero``'s mean payoff over two-player games with the seats swapped every game."""
    total = 0.0
    for g in range(games_played):
        seat = g % 2
        specs = [hero, villain] if seat == 0 else [villain, hero]
        total += play(game, specs, seed + g).payoff(seat)
    return total / games_played


# --- legality and reproducibility ---------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_bot_plays_legal_moves_at_every_player_count(game_id: str) -> None:
    game = _game(game_id)
    for players in player_counts(game):
        specs = [FAST_SPECS[(players + i) % len(FAST_SPECS)] for i in range(players)]
        state = play(game, specs, seed=players)
        assert state.over and state.result is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(
    "spec", ["random", "greedy", "ismcts:iterations=25,depth=8", "ismcts:iterations=25,playout=greedy-lite,depth=8"]
)
def test_same_seed_same_choice(game_id: str, spec: str) -> None:
    game = _game(game_id)
    bot = bots.from_spec(spec)
    for i, state in enumerate(positions(game, player_counts(game)[0], seed=3, every=7, most=4)):
        assert state.to_move is not None
        p = Perspective(state, state.to_move)
        first = bot.choose(p, Rng(i))
        assert bot.choose(p, Rng(i)) == first
        assert bots.from_spec(spec).choose(Perspective(state.clone(), state.to_move), Rng(i)) == first


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=5"])
def test_no_choice_once_the_game_is_over(spec: str) -> None:
    state = play(TINY, ["random", "random"], seed=1)
    with pytest.raises(GameOver):
        bots.from_spec(spec).choose(Perspective(state, 0), Rng(0))


def test_ismcts_refuses_to_move_for_a_seat_that_is_not_to_move() -> None:
    state = new_tiny(2, 4)
    with pytest.raises(ValueError, match="seat 1, but seat 0 is to move"):
        bots.make("ismcts", iterations=10).choose(Perspective(state, 1), Rng(0))


def test_ismcts_returns_a_forced_move_without_searching() -> None:
    state = new_tiny(2, 0, {"rounds": 1, "hand": 1, "hand_limit": 1})
    assert len(state.legal_actions()) == 1
    report = ISMCTSBot(iterations=1000).search(Perspective(state, 0), Rng(0))
    assert report.iterations == 0 and report.action == state.legal_actions()[0]


def test_ismcts_report_accounts_for_every_iteration() -> None:
    state = new_tiny(3, 8)
    report = ISMCTSBot(iterations=300).search(Perspective(state, 0), Rng(1))
    assert 0 < report.iterations <= 300
    assert sum(s.visits for s in report.stats) == report.iterations
    assert [str(s.action) for s in report.stats] == [str(a) for a in state.legal_actions()]
    best = max(report.stats, key=lambda s: s.visits)
    assert report.action == best.action
    assert report.to_json()["action"] == str(best.action)


def test_ismcts_stops_early_once_the_choice_cannot_change() -> None:
    """Playing the 9 wins outright here, so the search settles long before its budget."""
    state = new_tiny(2, 0, {"rounds": 1, "hand": 2, "hand_limit": 2, "copies": 2})
    state.hands = [[1, 9], [1, 2]]
    report = ISMCTSBot(iterations=20_000, c=0.3).search(Perspective(state, 0), Rng(2))
    assert str(report.action) == "play 9"
    assert report.iterations < 20_000


# --- no peeking -----------------------------------------------------------------------------------


class _Peeking(Perspective):
    """A perspective whose samples are the truth (with fresh chance): what a cheating search would see."""

    __slots__ = ()

    def sample(self, rng: Rng) -> State:
        world = self._state.clone()
        rng.next64()
        return world


def _search_stats(bot: ISMCTSBot, p: Perspective, seed: int) -> list[tuple[str, int, float]]:
    report = bot.search(p, Rng(seed))
    return [(str(s.action), s.visits, round(s.mean, 9)) for s in report.stats]


def _hidden_twins(game: Game, players: int, seed: int, most: int = 4) -> Iterator[tuple[State, State, int]]:
    """Up to ``most`` pairs of positions that differ only in what the seat to move cannot see (and really do)."""
    found = 0
    for i, state in enumerate(positions(game, players, seed, most=4 * most)):
        if found == most:
            return
        seat = state.to_move
        assert seat is not None
        if len(state.legal_actions()) < 2:
            continue
        twin = state.determinize(seat, Rng(1000 + i))
        assert twin.view(seat) == state.view(seat)
        if _really_differ(state, twin, seat):
            found += 1
            yield state, twin, seat


def _really_differ(a: State, b: State, seat: int) -> bool:
    """True if ``a`` and ``b`` differ in another seat's view, or in what the same few actions would reveal."""
    if any(a.view(s) != b.view(s) for s in range(a.players) if s != seat):
        return True
    a, b = a.clone(), b.clone()
    rng = Rng(seat)
    for _ in range(6):
        legal_a, legal_b = a.legal_actions(), b.legal_actions()
        if [str(x) for x in legal_a] != [str(x) for x in legal_b]:
            return True
        if not legal_a:
            return False
        i = rng.below(len(legal_a))
        if [e.full() for e in a.apply_unchecked(legal_a[i])] != [e.full() for e in b.apply_unchecked(legal_b[i])]:
            return True
    return False


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_ismcts_never_reads_hidden_information(game_id: str) -> None:
    """THE key property: its whole search (every root action's visits and mean) ignores cards it cannot see.

    The twin positions hold the same information for the seat to move, but other seats' hidden cards (and the
    deck) are permuted; the search with the same seed must be identical, move for move.
    """
    game = _game(game_id)
    bot = ISMCTSBot(iterations=40, depth=8)  # short playouts keep physics games affordable; cut ones use heuristics
    checked = 0
    for players in player_counts(game):
        for state, twin, seat in _hidden_twins(game, players, seed=players, most=3):
            a = _search_stats(bot, Perspective(state, seat), seed=checked)
            b = _search_stats(bot, Perspective(twin, seat), seed=checked)
            assert a == b, f"{game_id}: ismcts searched differently when only hidden cards changed"
            checked += 1
    assert checked >= 3, f"{game_id}: too few positions with hidden information to test"


def test_the_no_peeking_test_would_catch_a_search_that_peeks() -> None:
    """The same comparison on a perspective that hands out the truth finds differences (so the test can fail)."""
    bot = ISMCTSBot(iterations=60)
    differing = 0
    for state, twin, seat in _hidden_twins(TINY, 2, seed=2):
        a = _search_stats(bot, _Peeking(state, seat), seed=0)
        b = _search_stats(bot, _Peeking(twin, seat), seed=0)
        differing += a != b
    assert differing >= 2


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_greedy_never_reads_hidden_information(game_id: str) -> None:
    game = _game(game_id)
    bot = bots.make("greedy", samples=2)
    checked = 0
    for state, twin, seat in _hidden_twins(game, player_counts(game)[-1], seed=5, most=3):
        assert bot.choose(Perspective(state, seat), Rng(checked)) == bot.choose(Perspective(twin, seat), Rng(checked))
        checked += 1
    assert checked >= 3


# --- strength ---------------------------------------------------------------------------------------


def test_greedy_beats_random_on_tiny_cards() -> None:
    assert win_rate(TINY, "greedy", "random", 200, seed=100) > 0.7  # measured 0.87


def test_ismcts_beats_random_on_tiny_cards() -> None:
    assert win_rate(TINY, "ismcts:iterations=100", "random", 60, seed=200) > 0.7  # measured 0.87


@pytest.mark.slow
def test_strength_ladder_on_monster_smash() -> None:
    """greedy beats random, ismcts beats both, at small budgets (docs/bots.md measures the real targets)."""
    game = games.get("monster-smash")
    assert win_rate(game, "greedy", "random", 60, seed=300) > 0.6  # measured 0.78 over 100 games
    assert win_rate(game, "ismcts:iterations=100", "random", 20, seed=400) > 0.75  # 200 iterations: 1.0
    assert win_rate(game, "ismcts:iterations=100", "greedy", 20, seed=500) > 0.6  # 200 iterations: 0.9


def test_every_bot_is_a_bot() -> None:
    for name in bots.names():
        assert issubclass(bots.bot_class(name), Bot)
