"""The batched vector environment: spaces, masks, autoreset, seeding, the sparse encoding fast path."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from monsterlair import games
from monsterlair.core import BadOptions, Game, GameOver, IllegalAction, Rng, State
from monsterlair.rl import MonsterLairGym, MonsterLairVectorEnv, gym_env, gymnasium_id, vector_env
from monsterlair.rl.encoding import GameEncoding
from monsterlair.rl.stepping import play_batch
from tests.example_game import ToyGame
from tests.rl.helpers import GAME_IDS, player_counts, variants

CARD_GAMES = ["monster-smash", "monstra", "monster-club"]
SPARSE_GAMES = [g for g in GAME_IDS if type(games.get(g)).encode_state_sparse is not Game.encode_state_sparse]
WRITER_GAMES = [g for g in GAME_IDS if type(games.get(g)).observation_writer is not Game.observation_writer]


def settings_of(game_id: str) -> Iterator[tuple[int, dict[str, str], dict[str, Any]]]:
    """(players, option setting, resolved options) for every player count and every option variant (alone) the game
    accepts at that count."""
    game = games.get(game_id)
    settings: list[dict[str, str]] = [{}, *({name: value} for g, name, value in variants() if g == game_id)]
    for players in player_counts(game_id):
        for setting in settings:
            options = game.options.resolve(setting)
            try:
                game.new(players, 0, options)
            except BadOptions:
                continue
            yield players, setting, options


def walk(game: Game, players: int, seed: int, options: dict[str, Any], rng: Rng) -> Iterator[State]:
    """Every position of a random game (moves drawn with ``rng``), the finished one last: one state object, moved on
    in place (as the vector environment's games are) after each is yielded."""
    state = game.new(players, seed, options)
    while True:
        yield state
        if state.over:
            return
        legal = state.legal_actions()
        state.apply_quiet(legal[rng.below(len(legal))])


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal index per row (0 for a row with nothing legal)."""
    choices: np.ndarray = np.argmax(rng.random(masks.shape) * masks, axis=1)
    return choices


def same_batched_info(info: dict[str, Any], reference: dict[str, Any]) -> None:
    """Two batched infos hold the same keys in the same order, and arrays of the same type and contents."""
    assert list(info) == list(reference)
    for key, value in info.items():
        if isinstance(value, dict):
            same_batched_info(value, reference[key])
        else:
            assert value.dtype == reference[key].dtype, key
            assert np.array_equal(value, reference[key]), key


def last_legal(masks: np.ndarray) -> np.ndarray:
    """The highest legal index per row (in Toy Race, playing a card: with ``target=1`` it wins)."""
    last: np.ndarray = masks.shape[1] - 1 - np.argmax(masks[:, ::-1], axis=1)
    return last


def test_spaces_shapes_dtypes_and_bounds(toy: ToyGame) -> None:
    env = vector_env("toy-race", num_envs=3, opponents="random", players=3)
    assert env.observation_space.shape == (3, env.enc.observation_size) and env.observation_space.dtype == np.float32
    assert isinstance(env.action_space, gymnasium.spaces.MultiDiscrete)
    assert env.action_space.nvec.tolist() == [env.enc.num_actions] * 3
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert obs.shape == (3, env.enc.observation_size) and obs.dtype == np.float32
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert mask.shape == (3, env.enc.num_actions) and mask.dtype == np.int8 and set(np.unique(mask)) <= {0, 1}
        assert info["_action_mask"].all() and info["seat"].shape == (3,)
        obs, rewards, terminated, truncated, info = env.step(random_actions(mask, rng))
        assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_
        assert ((rewards >= -1) & (rewards <= 1)).all()


@pytest.mark.parametrize("game_id", CARD_GAMES)
@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_the_batch_plays_exactly_what_sync_vector_env_of_the_single_env_plays(
    game_id: str, mode: AutoresetMode
) -> None:
    """Same seeds, same actions: observations, masks, rewards, flags, payoffs and autoresets all agree."""
    n = 3
    batched = vector_env(game_id, num_envs=n, seat="random", opponents="random", autoreset_mode=mode.value)
    reference = SyncVectorEnv(
        [lambda: MonsterLairGym(game_id, seat="random", opponents="random") for _ in range(n)], autoreset_mode=mode
    )
    obs, info = batched.reset(seed=11)
    ref_obs, ref_info = reference.reset(seed=11)
    assert np.array_equal(obs, ref_obs) and np.array_equal(info["action_mask"], ref_info["action_mask"])
    rng = np.random.default_rng(5)
    finished = 0
    for _ in range(250):
        actions = random_actions(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = batched.step(actions)
        ref_obs, ref_rewards, ref_terminated, ref_truncated, ref_info = reference.step(actions)
        assert np.array_equal(obs, ref_obs)
        assert np.array_equal(rewards, ref_rewards)
        assert np.array_equal(terminated, ref_terminated) and np.array_equal(truncated, ref_truncated)
        assert np.array_equal(info["action_mask"], ref_info["action_mask"])
        assert np.array_equal(info["seat"], ref_info["seat"])
        done = terminated | truncated
        if mode is AutoresetMode.NEXT_STEP and done.any():
            assert np.array_equal(info["_payoff"], done)
            assert np.array_equal(info["payoff"][done], ref_info["payoff"][done])
            assert np.array_equal(info["_result"], done)
            assert np.array_equal(info["result"]["capped"][done], ref_info["result"]["capped"][done])
            same_batched_info(info, ref_info)
            assert not info["action_mask"][done].any()  # a finished game has nothing legal
        if mode is AutoresetMode.SAME_STEP and done.any():
            assert np.array_equal(info["_final_obs"], done)
            for i in np.flatnonzero(done):
                assert np.array_equal(info["final_obs"][i], ref_info["final_obs"][i])
            final = info["final_info"]
            assert np.array_equal(final["payoff"][done], ref_info["final_info"]["payoff"][done])
            assert info["action_mask"].any(axis=1).all()  # the new games are ready for a move at once
        finished += int(done.sum())
    assert finished >= 3  # several autoresets happened


def test_next_step_autoreset_ignores_the_action_and_starts_a_new_game(toy: ToyGame) -> None:
    env = vector_env("toy-race", num_envs=2, opponents="random", target=1)
    env.reset(seed=3)
    first = [s.seed for s in env.game_states if s is not None]
    _, rewards, terminated, _, info = env.step(last_legal(env.action_masks()))
    assert terminated.all() and (rewards == 1.0).all() and not info["action_mask"].any()
    _, rewards, terminated, truncated, info = env.step(np.zeros(2, dtype=np.int64))  # ignored: new games start
    assert (
        not terminated.any() and not truncated.any() and (rewards == 0).all() and info["action_mask"].any(axis=1).all()
    )
    assert [s.seed for s in env.game_states if s is not None] != first


def test_disabled_autoreset_refuses_a_finished_game_until_it_is_reset_by_mask(toy: ToyGame) -> None:
    env = vector_env("toy-race", num_envs=2, opponents="random", autoreset_mode="Disabled", target=1)
    assert env.metadata["autoreset_mode"] is AutoresetMode.DISABLED
    env.reset(seed=3)
    env.step(last_legal(env.action_masks()))
    with pytest.raises(GameOver, match="autoreset is disabled"):
        env.step(np.zeros(2, dtype=np.int64))
    kept = env.game_states[1]
    _, info = env.reset(options={"reset_mask": np.array([True, False])})
    assert env.game_states[1] is kept and not env.game_states[0].over  # type: ignore[union-attr]
    assert info["action_mask"][0].any() and not info["action_mask"][1].any()


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_masks_are_the_engines_legal_actions_for_the_agent_seat(game_id: str) -> None:
    env = vector_env(game_id, num_envs=4, seat="random", opponents="random", players=max(player_counts(game_id)))
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(1)
    for _ in range(40):
        for i, state in enumerate(env.game_states):
            assert state is not None
            expected = np.zeros(env.enc.num_actions, dtype=np.int8)
            if not state.over:
                assert state.to_move == info["seat"][i] == env.seats[i]
                expected[[env.enc.index_of(a) for a in state.legal_actions()]] = 1
            assert np.array_equal(info["action_mask"][i], expected)
            assert np.array_equal(env.action_masks()[i], expected.astype(bool))
        _, _, _, _, info = env.step(random_actions(info["action_mask"], rng))


def test_observations_are_the_encoding_of_each_agent_seats_view() -> None:
    env = vector_env("monstra", num_envs=3, seat="random", opponents="random")
    obs, info = env.reset(seed=8)
    rng = np.random.default_rng(2)
    for _ in range(20):
        for i, state in enumerate(env.game_states):
            assert state is not None
            assert np.array_equal(obs[i], env.enc.observe(state, int(env.seats[i])))
        obs, _, _, _, info = env.step(random_actions(info["action_mask"], rng))


def test_seeding_replays_and_the_constructor_seed_serves_the_first_reset() -> None:
    def run(env: MonsterLairVectorEnv, seed: int | None) -> list[Any]:
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [obs.tolist()]
        for _ in range(60):
            obs, rewards, terminated, _, info = env.step(random_actions(info["action_mask"], rng))
            out.append((obs.tolist(), rewards.tolist(), terminated.tolist()))
        return out

    a = run(vector_env("monster-smash", num_envs=2, seat="random", opponents="greedy"), 5)
    b = run(vector_env("monster-smash", num_envs=2, seat="random", opponents="greedy"), 5)
    c = run(vector_env("monster-smash", num_envs=2, seat="random", opponents="greedy", seed=5), None)
    d = run(vector_env("monster-smash", num_envs=2, seat="random", opponents="greedy"), 6)
    assert a == b == c and a != d
    env = vector_env("monster-smash", num_envs=3, opponents="random")
    env.reset(seed=[7, None, 9])
    assert [s.seed for s in env.game_states if s is not None][::2] == [7, 9]


def test_illegal_actions_penalty_raise_and_out_of_range(toy: ToyGame) -> None:
    env = vector_env("toy-race", num_envs=2, opponents="random")
    obs, info = env.reset(seed=1)
    illegal = np.argmin(info["action_mask"], axis=1)
    assert (info["action_mask"][np.arange(2), illegal] == 0).all()
    histories = [len(s.history) for s in env.game_states if s is not None]
    obs2, rewards, terminated, _, info2 = env.step(illegal)
    assert (rewards == -1.0).all() and info2["illegal_action"].all() and not terminated.any()
    assert np.array_equal(obs, obs2) and histories == [len(s.history) for s in env.game_states if s is not None]
    raising = vector_env("toy-race", num_envs=2, opponents="random", illegal="raise")
    raising.reset(seed=1)
    with pytest.raises(IllegalAction, match="Sub-environment 0"):
        raising.step(illegal)
    mixed = np.array([last_legal(raising.action_masks())[0], illegal[1]])
    before = [len(s.history) for s in raising.game_states if s is not None]
    with pytest.raises(IllegalAction, match="Sub-environment 1"):
        raising.step(mixed)
    assert [len(s.history) for s in raising.game_states if s is not None] == before  # nothing was played
    with pytest.raises(IllegalAction, match="outside the action space"):
        env.step(np.array([0, env.enc.num_actions]))
    with pytest.raises(IllegalAction, match="2 integer actions"):
        env.step(np.array([0]))


def test_copy_false_returns_the_environments_own_arrays() -> None:
    shared = vector_env("monster-smash", num_envs=2, opponents="random", copy=False)
    first, _ = shared.reset(seed=1)
    second, *_ = shared.step(random_actions(shared.action_masks(), np.random.default_rng(0)))
    assert first is second
    copied = vector_env("monster-smash", num_envs=2, opponents="random")
    first, _ = copied.reset(seed=1)
    second, *_ = copied.step(random_actions(copied.action_masks(), np.random.default_rng(0)))
    assert first is not second


def test_bad_arguments_are_refused() -> None:
    for kwargs, match in (
        ({"num_envs": 0}, "num_envs"),
        ({"autoreset_mode": "sometimes"}, "autoreset_mode"),
        ({"seat": 5}, "seat"),
        ({"opponents": ["random", "random"]}, "opponents"),
        ({"illegal": "ignore"}, "illegal"),
    ):
        with pytest.raises(BadOptions, match=match):
            vector_env("monster-smash", **kwargs)
    env = vector_env("monster-smash", num_envs=2, opponents="random")
    with pytest.raises(GameOver, match="reset"):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(BadOptions, match="one seed per"):
        env.reset(seed=[1, 2, 3])


def test_make_vec_builds_the_batched_env() -> None:
    env = gymnasium.make_vec(gymnasium_id("monster-smash"), num_envs=3, opponents="random")
    assert isinstance(env, MonsterLairVectorEnv) and env.num_envs == 3
    obs, _ = env.reset(seed=0)
    assert obs.shape == (3, env.enc.observation_size)


@pytest.mark.parametrize("game_id", SPARSE_GAMES)
def test_the_sparse_fast_path_gives_exactly_the_views_encoding(game_id: str) -> None:
    """Every value, summed as the contract says, equals encode_view's (so it holds nothing the view hides)."""
    game = games.get(game_id)
    checked = 0
    for players, setting, options in settings_of(game_id):
        for seed in range(3):
            for state in walk(game, players, seed, options, Rng(seed)):
                for seat in range(players):
                    dense = game.encode_view(state.view(seat), players, options)
                    sparse = game.encode_state_sparse(state, seat, players, options)
                    assert sparse is not None
                    index, values = sparse
                    assert len(index) == len(values)
                    summed = [0.0] * len(dense)
                    for i, v in zip(index, values, strict=True):
                        summed[i] += v
                    assert summed == dense, (
                        setting,
                        players,
                        seat,
                        [i for i, (a, b) in enumerate(zip(summed, dense, strict=True)) if a != b],
                    )
                    checked += 1
    assert checked > 100


def test_the_card_games_have_observation_writers() -> None:
    assert set(WRITER_GAMES) >= {"monster-smash", "monster-club", "monstra"}


@pytest.mark.parametrize("game_id", WRITER_GAMES)
def test_the_observation_writer_writes_exactly_the_views_encoding(game_id: str) -> None:
    """After every move of random games (every player count and option variant), the writer's row for each seat is
    ``encode_view`` of that seat's view as float32, feature for feature. Rows follow their game move by move (so
    the writer's per-row caches carry over), other rows are written only now and then, for a seat drawn anew each
    time (so several moves, or a new game, pass between two writes), and each new game reuses the rows."""
    game = games.get(game_id)
    checked = 0
    for players, setting, options in settings_of(game_id):
        size = game.observation_size(players, options)
        rows = 2 * players
        buffer = np.full((rows, size), np.nan, dtype=np.float32)  # so a value the writer leaves out shows
        writer = game.observation_writer(players, options, memoryview(buffer.reshape(-1)), rows)
        assert writer is not None
        rng = Rng(players)
        for seed in range(12):
            for state in walk(game, players, seed, options, rng):
                expected = [
                    np.asarray(game.encode_view(state.view(seat), players, options), dtype=np.float32)
                    for seat in range(players)
                ]
                for seat in range(players):
                    writer.write(seat, state, seat)
                    if rng.below(3 if seat else 25) == 0:  # a few moves apart, or many (the pile gathered up)
                        seat_now = rng.below(players)
                        writer.write(players + seat, state, seat_now)
                        assert np.array_equal(buffer[players + seat], expected[seat_now]), (setting, players)
                for seat in range(players):
                    wrong = np.flatnonzero(buffer[seat] != expected[seat]).tolist()
                    assert not wrong, (setting, players, seat, wrong, buffer[seat][wrong], expected[seat][wrong])
                    checked += 1
    assert checked > 1000


class WriterRows:
    """A game's observation writer for two players and the default options, over ``rows`` rows filled with NaN (so
    a value the writer leaves out shows)."""

    def __init__(self, game_id: str, rows: int) -> None:
        self.game = games.get(game_id)
        self.options = self.game.options.resolve({})
        self.buffer = np.full((rows, self.game.observation_size(2, self.options)), np.nan, dtype=np.float32)
        writer = self.game.observation_writer(2, self.options, memoryview(self.buffer.reshape(-1)), rows)
        assert writer is not None
        self.writer = writer

    def check(self, row: int, state: State, seat: int) -> None:
        """Write ``seat``'s observation of ``state`` into ``row``: it is ``encode_view`` of the seat's view."""
        self.writer.write(row, state, seat)
        expected = np.asarray(self.game.encode_view(state.view(seat), 2, self.options), dtype=np.float32)
        assert np.flatnonzero(self.buffer[row] != expected).tolist() == []


def test_the_monster_smash_writer_follows_a_pile_gathered_up_and_a_new_attack_between_two_writes() -> None:
    """Rows written far apart: one when the discard pile is short and again once it has been gathered into the deck
    and has grown longer than it was (so the new pile is not the old one with cards added), one only when a defence
    is about to be picked (so the attack differs while the phase, the seats and the picks are the same), and one
    when seat 0 has burned one card and again a turn later when it burns more (the picks look added to, but the
    hand has changed in other ways since)."""
    rows = WriterRows("monster-smash", 3)
    game, options = rows.game, rows.options

    def check(row: int, state: Any) -> None:
        rows.check(row, state, 0)

    regrown = defences = burns = 0
    for seed in range(400):
        state = game.new(2, seed, options)
        rng = Rng(seed)
        written_at: int | None = None  # the pile's length when row 0 was last written (None: not waiting)
        gathered = False  # whether the pile was gathered up since
        burned: tuple[int, ...] | None = None  # seat 0's one burned card when row 2 was written, and its turns then
        while not state.over:
            pile = len(state.discard)
            if state.phase == 1 and state.seat == 0 and state.picks:  # Phase.BURN, seat 0 has picked
                if burned is None and len(state.picks) == 1:
                    check(2, state)
                    burned = (state.picks[0], state.turns)
                elif (
                    burned is not None
                    and state.turns > burned[1]
                    and len(state.picks) > 1
                    and state.picks[0] == burned[0]
                ):
                    check(2, state)
                    burns += 1
                    burned = None
            if written_at is None and 1 <= pile <= 3:
                check(0, state)
                written_at, gathered = pile, False
            elif written_at is not None and gathered and pile > written_at:
                check(0, state)
                regrown += 1
                written_at = None
            if state.phase == 4 and not state.picks:  # Phase.DEFEND, nothing picked yet
                check(1, state)
                defences += 1
            legal = state.legal_actions()
            state.apply_quiet(legal[rng.below(len(legal))])
            gathered = gathered or len(state.discard) < pile
    assert regrown >= 3 and defences >= 20 and burns >= 3


def test_the_monster_club_writer_shows_a_revealed_hand_and_then_forgets_it() -> None:
    """Rows that follow whole games, checked whenever a hand is shown (the reveal procedure, rare in random play)
    and on the move after it."""
    rows = WriterRows("monster-club", 2)
    game, options = rows.game, rows.options
    shown = 0
    for seed in range(150):
        state = game.new(2, seed, options)
        rng = Rng(seed)
        was_shown = False
        while not state.over:
            showing = bool(state.phase == 2 and state.revealed)  # turns.P_REVEAL
            for seat in (0, 1):
                if showing or was_shown:
                    rows.check(seat, state, seat)
                else:
                    rows.writer.write(seat, state, seat)
            shown += showing
            was_shown = showing
            legal = state.legal_actions()
            state.apply_quiet(legal[rng.below(len(legal))])
    assert shown >= 10


@pytest.mark.parametrize(
    "copier", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))], ids=["deepcopy", "pickle"]
)
def test_an_environment_with_a_writer_copies_and_the_copy_writes_its_own_arrays(copier: Any) -> None:
    """A copied vector env (its writer holds a view of its array, which cannot be copied as such) plays on exactly
    as the original, each observing its own games; the original's array is left alone by the copy's steps."""
    env = vector_env("monster-smash", num_envs=3, opponents="random", copy=False)
    env.reset(seed=4)
    twin = copier(env)
    rng = np.random.default_rng(4)
    for _ in range(40):
        actions = random_actions(env._masks, rng)
        before = env._obs.copy()
        twin_obs = twin.step(actions)[0]
        assert np.array_equal(env._obs, before)
        obs = env.step(actions)[0]
        assert np.array_equal(obs, twin_obs)
        for i, state in enumerate(twin.game_states):
            assert state is not None and state is not env.game_states[i]
            expected = twin.enc.game.encode_view(state.view(int(twin.seats[i])), 2, twin.enc.options)
            assert np.array_equal(twin_obs[i], np.asarray(expected, dtype=np.float32))
    single = gym_env("monster-club", opponents="random")
    single.reset(seed=5)
    other = copier(single)
    state = other.game_state
    assert np.array_equal(other.enc.observe(state, other.seat), single.enc.observe(single.game_state, single.seat))


def test_the_observation_writer_refuses_a_buffer_of_the_wrong_shape_or_type() -> None:
    game = games.get("monster-smash")
    size = game.observation_size(2, game.options.resolve({}))
    for buffer in (np.zeros(2 * size + 1, np.float32), np.zeros(2 * size, np.float64)):
        with pytest.raises(ValueError):
            game.observation_writer(2, game.options.resolve({}), memoryview(buffer), 2)


@pytest.mark.parametrize("game_id", WRITER_GAMES)
def test_write_rows_writes_each_row_as_write_does_and_refuses_a_batch_of_the_wrong_size(game_id: str) -> None:
    game = games.get(game_id)
    options = game.options.resolve({})
    size = game.observation_size(2, options)
    states: list[State | None] = [game.new(2, seed, options) for seed in range(3)]
    for state in states[1:]:  # a few moves in, so the rows differ
        assert state is not None
        for _ in range(5):
            if not state.over:
                state.apply(state.legal_actions()[0])
    batch, single = np.full((3, size), np.nan, np.float32), np.full((1, size), np.nan, np.float32)
    writer = game.observation_writer(2, options, memoryview(batch.reshape(-1)), 3)
    one = game.observation_writer(2, options, memoryview(single.reshape(-1)), 1)
    assert writer is not None and one is not None
    writer.write_rows(states, [0, 1, 0])
    for row, (state, seat) in enumerate(zip(states, [0, 1, 0], strict=True)):
        assert state is not None
        one.write(0, state, seat)
        assert np.array_equal(batch[row], single[0])
    written = batch.copy()
    later: list[State | None] = [game.new(2, 9, options), game.new(2, 10, options), None]  # other games, then a gap
    for bad_states, bad_seats in ((states[:2], [0, 1]), (states, [0, 1]), (later, [0, 1, 0])):
        with pytest.raises(ValueError):
            writer.write_rows(bad_states, bad_seats)
        assert np.array_equal(batch, written)  # refused before any row was written


def test_a_game_without_the_fast_path_is_encoded_from_its_view(toy: ToyGame) -> None:
    assert type(toy).encode_state_sparse is Game.encode_state_sparse
    env = vector_env("toy-race", num_envs=2, opponents="random", players=3)
    obs, _ = env.reset(seed=6)
    for i, state in enumerate(env.game_states):
        assert state is not None
        assert np.array_equal(obs[i], env.enc.observe(state, int(env.seats[i])))


def test_options_reach_the_game(toy: ToyGame) -> None:
    env = vector_env("toy-race", num_envs=2, opponents="random", target=1)
    env.reset(seed=1)
    assert all(s is not None and s.options["target"] == 1 for s in env.game_states)


def test_same_step_autoreset_reports_the_end_once_even_when_the_next_action_is_refused(toy: ToyGame) -> None:
    env = vector_env("toy-race", num_envs=2, opponents="random", autoreset_mode="SameStep", target=1)
    env.reset(seed=3)
    _, rewards, terminated, _, info = env.step(last_legal(env.action_masks()))
    assert terminated.all() and (rewards == 1.0).all() and info["_final_obs"].all()
    assert info["action_mask"].any(axis=1).all()  # the new games are already dealt
    _, rewards, terminated, truncated, info = env.step(np.argmin(info["action_mask"], axis=1))  # refused
    assert info["illegal_action"].all() and (rewards == -1.0).all() and not (terminated | truncated).any()


def test_play_batch_asks_the_game_for_the_indices_of_actions_it_has_not_met_or_that_share_one() -> None:
    """``play_batch`` keys the legal actions itself from the indices met before; an action not met yet, or two
    legal actions under one index (a game that breaks the contract), go to ``GameEncoding.legal_by_index``, which
    names the fault."""
    env = MonsterLairVectorEnv("monster-smash", 1, opponents="random", seed=3)
    env.reset()
    state = env.game_states[0]
    assert state is not None
    every_action = env.enc.game.action_space.actions
    asked: list[State] = []

    def ask(s: State) -> dict[int, Any]:
        asked.append(s)
        return env.enc.legal_by_index(s)

    def play(own_index: bool, known: dict[Any, int]) -> None:
        index = max(env._legal[0])
        play_batch(env.game_states, [index], [False], env._legal, [0], env._bots, env._bot_rngs, own_index, known, ask)
        assert not state.over  # (seed 3's game lasts long enough)

    play(True, {})  # Monster Smash's actions carry their index: nothing to ask
    assert asked == []
    play(False, {})  # no index known
    assert asked == [state]
    shared = 0
    for _ in range(12):  # every action under one index: asked whenever two or more are legal
        before = len(asked)
        play(False, dict.fromkeys(every_action, 0))
        legal = state.legal_actions()
        assert len(asked) == before + (len(legal) > 1)
        if len(legal) > 1:
            shared += 1
            assert env._legal[0] == {a.index: a for a in legal}  # the game's own answer
    assert shared
    enc = GameEncoding("monster-smash", 2, {})
    enc.own_index, enc.known_indices = False, dict.fromkeys(every_action, 0)
    with pytest.raises(ValueError, match="share one action index"):
        enc.legal_by_index(state)
