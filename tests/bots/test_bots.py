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
from tests.example_game import GAME as TOY
from tests.example_game import ToyState

GAME_IDS = [TOY.id, *games.ids()]
FAST_SPECS = [
    "random",
    "greedy:samples=1",
    "ismcts:iterations=12,depth=10",
    "ismcts:iterations=12,playout=greedy-lite,depth=4",
]
"""Small budgets and short playouts: these tests are about legality on every game (some games cost a physics
simulation per action), not strength. Full playouts are exercised on Toy Race (the example game) and in the
strength tests."""


def _game(game_id: str) -> Game:
    return TOY if game_id == TOY.id else games.get(game_id)


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
    "spec",
    [
        "random",
        "greedy",
        "ismcts:iterations=25,depth=8",
        "ismcts:iterations=25,playout=greedy-lite,depth=8",
        "ismcts:iterations=25,playout=none,reuse=3",
    ],
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
    state = play(TOY, ["random", "random"], seed=1)
    with pytest.raises(GameOver):
        bots.from_spec(spec).choose(Perspective(state, 0), Rng(0))


def new_toy(players: int, seed: int, options: dict[str, object] | None = None) -> ToyState:
    state = TOY.new(players, seed, options)
    assert isinstance(state, ToyState)
    return state


def test_ismcts_refuses_to_move_for_a_seat_that_is_not_to_move() -> None:
    state = new_toy(2, 4)
    with pytest.raises(ValueError, match="seat 1, but seat 0 is to move"):
        bots.make("ismcts", iterations=10).choose(Perspective(state, 1), Rng(0))


def test_ismcts_returns_a_forced_move_without_searching() -> None:
    state = new_toy(2, 0)
    state.hands[0] = []  # nothing to play: pass is the only move
    assert len(state.legal_actions()) == 1
    report = ISMCTSBot(iterations=1000).search(Perspective(state, 0), Rng(0))
    assert report.iterations == 0 and report.action == state.legal_actions()[0]


@pytest.mark.parametrize("prior", [0, 5])
def test_ismcts_report_accounts_for_every_iteration(prior: int) -> None:
    """Visits count real iterations only: the heuristic prior's virtual visits are not reported."""
    state = new_toy(3, 8)
    report = ISMCTSBot(iterations=300, prior=prior).search(Perspective(state, 0), Rng(1))
    assert 0 < report.iterations <= 300
    assert sum(s.visits for s in report.stats) == report.iterations
    assert [str(s.action) for s in report.stats] == [str(a) for a in state.legal_actions()]
    best = max(report.stats, key=lambda s: s.visits)
    assert report.action == best.action
    assert report.to_json()["action"] == str(best.action)


def test_ismcts_heuristic_prior_steers_the_search() -> None:
    """A heavy prior, without exploration, puts the visits on the move the game's heuristic likes best."""
    game = games.get("monster-smash")
    state = game.new(2, 3)
    perspective = Perspective(state, state.to_move or 0)
    steered = ISMCTSBot(iterations=60, prior=1000, c=0.0, depth=1).search(perspective, Rng(0))
    plain = ISMCTSBot(iterations=60, c=0.0, depth=1, prior=0).search(perspective, Rng(0))
    assert sum(s.visits for s in steered.stats) == steered.iterations
    assert [(s.visits, s.mean) for s in steered.stats] != [(s.visits, s.mean) for s in plain.stats]


class _Counting(Perspective):
    """A perspective that counts the determinizations drawn from it."""

    __slots__ = ("samples",)

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(state, seat)
        self.samples = 0

    def sample(self, rng: Rng) -> State:
        self.samples += 1
        return super().sample(rng)


@pytest.mark.parametrize("reuse", [1, 3, 8])
def test_ismcts_reuse_searches_each_determinization_that_many_times(reuse: int) -> None:
    state = games.get("monstra").new(2, 5)
    assert state.to_move is not None
    p = _Counting(state, state.to_move)
    report = ISMCTSBot(iterations=48, reuse=reuse, depth=2).search(p, Rng(4))
    assert report.iterations == 48
    assert p.samples == 48 // reuse + (48 % reuse > 0)
    assert sum(s.visits for s in report.stats) == 48


def test_ismcts_without_playouts_scores_each_new_leaf_by_the_heuristic() -> None:
    """playout=none: one iteration per root action (a huge prior keeps the search from repeating one) leaves
    each root action's mean at the heuristic of the position it leads to, in that iteration's sample."""
    game = games.get("monstra")
    state = game.new(2, 9)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    bot = ISMCTSBot(iterations=len(legal), playout="none", prior=1, c=0.0, reuse=1)
    report = bot.search(Perspective(state, seat), Rng(6))
    assert all(s.visits == 1 for s in report.stats)
    rng = Rng(6)
    expected: dict[str, float] = {}
    for _ in legal:
        world = state.determinize(seat, rng)
        # the iteration's expansion: an untried action drawn by the generator, applied to the sample
        untried = [a for a in world.legal_actions() if str(a) not in expected]
        action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
        world.apply_quiet(action)
        expected[str(action)] = game.heuristic(world, seat)
    assert {str(s.action): round(s.mean, 12) for s in report.stats} == {k: round(v, 12) for k, v in expected.items()}


def test_ismcts_takes_a_games_own_search_settings_where_its_spec_names_none() -> None:
    monstra, smash = games.get("monstra"), games.get("monster-smash")
    assert monstra.search_settings and not smash.search_settings
    state = monstra.new(2, 5)
    assert state.to_move is not None
    plain = ISMCTSBot(iterations=8)
    plain.search(Perspective(state, state.to_move), Rng(1))
    assert {k: getattr(plain, k) for k in monstra.search_settings} == dict(monstra.search_settings)
    named = ISMCTSBot(iterations=8, c=1.5, playout="random")
    named.search(Perspective(state, state.to_move), Rng(1))
    assert (named.c, named.playout, named.reuse) == (1.5, "random", monstra.search_settings["reuse"])
    # Another game searched by the same bot: the bot's general defaults again.
    other = smash.new(2, 3)
    assert other.to_move is not None
    plain.search(Perspective(other, other.to_move), Rng(1))
    assert (plain.c, plain.playout, plain.reuse) == (0.7, "random", 1)


@pytest.mark.parametrize(
    "settings", [{"seconds": 5.0}, {"iterations": 10}, {"c": -1.0}, {"playout": "psychic"}, {"depth_": 1}]
)
def test_a_games_search_settings_may_tune_the_search_but_not_its_budget(
    settings: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games.get("monstra")
    monkeypatch.setattr(type(game), "search_settings", settings)
    state = game.new(2, 5)
    assert state.to_move is not None
    with pytest.raises(bots.BadBotOptions):
        ISMCTSBot(iterations=8).search(Perspective(state, state.to_move), Rng(1))


def test_ismcts_stops_early_once_the_choice_cannot_change() -> None:
    """Playing the 5 wins outright here, so the search settles long before its budget."""
    state = new_toy(2, 0, {"target": 5})
    state.hands = [[1, 5], [1, 2]]
    report = ISMCTSBot(iterations=20_000, c=0.3).search(Perspective(state, 0), Rng(2))
    assert str(report.action) == "play 5"
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
    """Up to ``most`` pairs of positions that differ only in what the seat to move cannot see (and really do),
    from one random game, or from the next seeds' games where one is too short (Toy Race's)."""
    found = 0
    games_positions = (state for s in range(seed, seed + 8) for state in positions(game, players, s, most=4 * most))
    for i, state in enumerate(games_positions):
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
    # Short playouts keep physics games affordable; cut ones, and the prior on every new node, use heuristics;
    # the second bot scores leaves by the heuristic alone, searches each sample several times, and grows two trees
    # (the second in a helper process, handed the same perspective).
    searchers = [
        ISMCTSBot(iterations=40, depth=8, prior=5),
        ISMCTSBot(iterations=40, playout="none", reuse=4, workers=2),
    ]
    checked = 0
    counts = player_counts(game)
    for players in sorted({counts[0], counts[-1]}):  # the fewest and the most seats
        for state, twin, seat in _hidden_twins(game, players, seed=players, most=3):
            for bot in searchers:
                a = _search_stats(bot, Perspective(state, seat), seed=checked)
                b = _search_stats(bot, Perspective(twin, seat), seed=checked)
                assert a == b, f"{game_id}: ismcts ({bot.spec()}) searched differently when only hidden cards changed"
            checked += 1
    assert checked >= 3, f"{game_id}: too few positions with hidden information to test"


def test_the_no_peeking_test_would_catch_a_search_that_peeks() -> None:
    """The same comparison on a perspective that hands out the truth finds differences (so the test can fail)."""
    bot = ISMCTSBot(iterations=60)
    differing = 0
    for state, twin, seat in _hidden_twins(TOY, 2, seed=2):
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


def test_greedy_beats_random_on_toy_race() -> None:
    assert win_rate(TOY, "greedy", "random", 200, seed=100) > 0.7  # measured 0.865


def test_ismcts_beats_random_on_toy_race() -> None:
    assert win_rate(TOY, "ismcts:iterations=100", "random", 60, seed=200) > 0.7  # measured 0.93


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
