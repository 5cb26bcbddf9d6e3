"""A Gymnasium vector environment: ``num_envs`` games of one seat against bots, stepped as one batch.

The same episodes as :class:`~monsterlair.rl.gym.MonsterLairGym` (the same deal, seat, bots, rewards
and seeding: ``reset(seed=s)`` plays exactly what ``SyncVectorEnv`` of ``MonsterLairGym`` plays with
that seed), without one Python environment object, one info dict and one freshly allocated array
per sub-environment and step:

* observations, masks, rewards and flags live in arrays allocated once; each step writes the
  encoding of every sub-environment straight into the observation array: through the game's
  ``Game.observation_writer`` when it has one (it writes each row from the state, rewriting only what
  changed since the row's last step), else the non-zero entries of the contract's sparse fast path
  ``Game.encode_state_sparse`` in one assignment for the whole batch, else the view's ``encode_view``
  row by row;
* the legal actions are ``infos["action_mask"]`` (int8, ``(num_envs, num_actions)``) and
  :meth:`MonsterLairVectorEnv.action_masks` (bool);
* autoreset follows Gymnasium's vector conventions (``metadata["autoreset_mode"]``): ``NEXT_STEP``
  (the default, as in ``SyncVectorEnv``), ``SAME_STEP`` (the finished game's observation and info in
  ``infos["final_obs"]`` / ``infos["final_info"]``) or ``DISABLED`` (``reset(options={"reset_mask": m})``);
* the other seats are played by ``monsterlair.bots`` (``opponents``), as in the single environment.

Conventions (docs/rl.md, "Vector environment").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from monsterlair.bots.base import Bot
from monsterlair.core import Action, BadOptions, Game, GameOver, IllegalAction, Rng, State
from monsterlair.core.observation import flat_floats
from monsterlair.rl.encoding import GameEncoding, outcome_reward, result_info
from monsterlair.rl.gym import MAX_REDEALS, OpponentSpec, deal, table_bots
from monsterlair.rl.stepping import batch_info, play_batch

Observations = npt.NDArray[np.float32]
Actions = npt.NDArray[np.integer[Any]]
AUTORESET_MODES = {mode.value: mode for mode in AutoresetMode}


def _autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    if isinstance(mode, AutoresetMode):
        return mode
    found = AUTORESET_MODES.get(mode) or next((m for m in AutoresetMode if m.name == str(mode).upper()), None)
    if found is None:
        names = ", ".join(m.name.lower() for m in AutoresetMode)
        raise BadOptions(f"autoreset_mode must be one of {names}, not {mode!r}.")
    return found


class MonsterLairVectorEnv(VectorEnv[Observations, Actions, npt.NDArray[Any]]):
    """``num_envs`` games of one seat against bots, stepped as one batch (see the module docstring).

    ``env.game_states`` are the current games (each one's ``record()`` replays it) and ``env.seats``
    the agent's seat in each.
    """

    metadata: dict[str, Any] = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game_id: str,
        num_envs: int = 8,
        seat: int | str = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "greedy",
        players: int | None = None,
        seed: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal: str = "penalty",
        illegal_penalty: float = -1.0,
        copy: bool = True,
        **options: Any,
    ) -> None:
        """Set up ``num_envs`` sub-environments of the game with those options.

        ``seat``, ``opponents``, ``players``, ``illegal``, ``illegal_penalty`` and the game options mean what
        they mean for :class:`~monsterlair.rl.gym.MonsterLairGym`; ``seed`` seeds the first ``reset()`` given none
        (sub-environment ``i`` gets ``seed + i``). With ``copy=False`` ``reset``/``step`` return the
        environment's own arrays, overwritten by the next step (faster; copy what you keep).
        ``autoreset_mode`` is Gymnasium's (``"NextStep"``, ``"SameStep"`` or ``"Disabled"``, or the enum).

        Raises:
            UnknownGame: if no game has that id.
            BadOptions: for a bad count, player count, game option, seat, opponent list, autoreset or illegal mode.
        """
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer) or num_envs < 1:
            raise BadOptions(f"num_envs must be a whole number of at least 1, not {num_envs!r}.")
        self.enc = GameEncoding(game_id, players, options)
        self.opponents: list[Bot] = table_bots(self.enc.players, seat, opponents, illegal)
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.copy = copy
        self.render_mode = None
        self.num_envs = int(num_envs)
        self._seat_choice = seat
        self._initial_seed = seed

        self.single_observation_space = self.enc.observation_box()
        self.single_action_space = self.enc.action_space()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

        N, size, actions = self.num_envs, self.enc.observation_size, self.enc.num_actions
        self._obs: Observations = np.zeros((N, size), dtype=np.float32)
        self._masks = np.zeros((N, actions), dtype=np.int8)
        self._rewards = np.zeros(N, dtype=np.float64)
        self._terminations = np.zeros(N, dtype=np.bool_)
        self._truncations = np.zeros(N, dtype=np.bool_)
        self._illegal = np.zeros(N, dtype=np.bool_)
        self._autoreset = np.zeros(N, dtype=np.bool_)
        self.seats = np.zeros(N, dtype=np.int64)
        self._row_ids = np.arange(N, dtype=np.intp)
        self.game_states: list[State | None] = [None] * N
        self._legal: list[dict[int, Action]] = [{} for _ in range(N)]
        self._bots: list[dict[int, Bot]] = [{} for _ in range(N)]
        self._bot_rngs: list[Rng] = [Rng(0) for _ in range(N)]
        self._generators: list[np.random.Generator | None] = [None] * N
        self._seeded = False
        self.redeals = 0
        game = self.enc.game
        self._sparse = type(game).encode_state_sparse is not Game.encode_state_sparse
        # The game's observation writer, if it has one, owns these rows (it may rewrite only what changed since
        # its last write to a row, so nothing else writes here); each step copies them into the batch handed out.
        self._written: Observations = np.zeros((N, size), dtype=np.float32)
        self._writer = game.observation_writer(self.enc.players, self.enc.options, flat_floats(self._written), N)

    # --- episodes -------------------------------------------------------------------------------
    def _reset_one(self, i: int, seed: int | None) -> None:
        """Sub-environment ``i`` starts a game (seeded like ``MonsterLairGym.reset``)."""
        generator = self._generators[i]
        if seed is not None or generator is None:
            generator, _ = seeding.np_random(seed)
            self._generators[i] = generator
        try:
            episode = deal(self.enc, generator, seed, self._seat_choice, self.opponents)
        except GameOver:
            self.redeals += MAX_REDEALS
            raise
        self.redeals += episode.redeals
        self.game_states[i] = episode.state
        self.seats[i] = episode.seat
        self._bots[i] = episode.bots
        self._bot_rngs[i] = episode.bot_rng
        self._legal[i] = self.enc.legal_by_index(episode.state)
        self._autoreset[i] = False

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start a game in every sub-environment (or, with ``options={"reset_mask": m}``, in those marked).

        ``seed`` is ``None``, an int ``s`` (sub-environment ``i`` plays game seed ``s + i``, as
        ``SyncVectorEnv`` seeds) or one seed (or ``None``) per sub-environment. Later games in a
        sub-environment draw their seeds from its own generator, so a seeded run replays exactly.

        Raises:
            BadOptions: for a seed list or reset mask of the wrong length or type.
        """
        N = self.num_envs
        if seed is None and not self._seeded and self._initial_seed is not None:
            seed = self._initial_seed
        self._seeded = self._seeded or seed is not None
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seed if isinstance(seed, int) else None)
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * N
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(N)]
        else:
            seeds = list(seed)
            if len(seeds) != N:
                raise BadOptions(f"reset() takes one seed per sub-environment ({N}), not {len(seeds)}.")
        which: Sequence[int] = range(N)
        reset_mask = (options or {}).get("reset_mask")
        if reset_mask is not None:
            if not isinstance(reset_mask, np.ndarray) or reset_mask.dtype != np.bool_ or reset_mask.shape != (N,):
                raise BadOptions(f"options['reset_mask'] must be a bool numpy array of shape ({N},).")
            which = np.flatnonzero(reset_mask).tolist()
        for i in which:
            self._reset_one(i, seeds[i])
            self._rewards[i] = 0.0
            self._terminations[i] = self._truncations[i] = False
        self._illegal[:] = False
        self._write_observations()
        return self._out(self._obs), self._infos(())

    def step(
        self, actions: Actions | Sequence[int]
    ) -> tuple[Observations, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """Play one action in every sub-environment, then the bots' turns up to the agent's next decision.

        With ``NEXT_STEP`` autoreset, a sub-environment whose game ended on the previous step starts a
        new one instead and ignores its action (reward 0, not terminated). With ``SAME_STEP`` it starts
        the new game at once. With ``DISABLED`` stepping a finished sub-environment raises ``GameOver``.

        Raises:
            GameOver: if ``reset()`` was never called, or a finished sub-environment is stepped with
                autoreset disabled.
            IllegalAction: if an index is outside the action space, or illegal and ``illegal="raise"``.
        """
        N = self.num_envs
        chosen_actions = np.asarray(actions)
        if chosen_actions.shape != (N,) or chosen_actions.dtype.kind not in "iu":
            raise IllegalAction(f"step() takes {N} integer actions (one per sub-environment), not {actions!r}.")
        if self.game_states[0] is None:
            raise GameOver("Call reset() before step().")
        indices: list[int] = chosen_actions.tolist()
        num_actions = self.enc.num_actions
        if min(indices) < 0 or max(indices) >= num_actions:
            bad = next(a for a in indices if not 0 <= a < num_actions)
            raise IllegalAction(f"Action {bad} is outside the action space 0..{num_actions - 1}.")
        next_step = self.autoreset_mode is AutoresetMode.NEXT_STEP
        same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        rewards, terminations, truncations = self._rewards, self._terminations, self._truncations
        illegal = self._illegal
        autoreset: list[bool] = self._autoreset.tolist()
        legal_of = self._legal
        if not next_step and not same_step and any(autoreset):  # refused before anything moves
            raise GameOver(f"Sub-environment {autoreset.index(True)}'s game is over; reset it (autoreset is disabled).")
        if self.illegal == "raise":  # likewise: every action is checked before any is played
            for i, index in enumerate(indices):
                if not autoreset[i] and index not in legal_of[i]:
                    state = self.game_states[i]
                    assert state is not None
                    message = self.enc.illegal_message(index, state, legal_of[i])
                    raise IllegalAction(f"Sub-environment {i}: {message}")
        rewards[:] = 0.0
        terminations[:] = False  # (also for games begun by a same-step autoreset on the last step)
        truncations[:] = False
        illegal[:] = False
        seats: list[int] = self.seats.tolist()
        states = self.game_states
        # The moves and the bots' turns, in compiled code (rl/stepping.py); then what they decided, here.
        enc = self.enc
        refused, ended = play_batch(
            states,
            indices,
            autoreset,
            legal_of,
            seats,
            self._bots,
            self._bot_rngs,
            enc.own_index,
            enc.known_indices,
            enc.legal_by_index,
        )
        for i in refused:
            rewards[i] = self.illegal_penalty
            illegal[i] = True
        for i in ended:
            state = states[i]
            assert state is not None and state.result is not None
            result, seat = state.result, seats[i]
            rewards[i] = outcome_reward(result, seat)
            truncations[i] = result.capped
            terminations[i] = not result.capped
            self._autoreset[i] = True
        for i, again in enumerate(autoreset):
            if again:  # NEXT_STEP: the game ended on the last step; a new one starts, the action is ignored
                self._reset_one(i, None)
        extra: dict[str, Any] = {}
        if same_step and ended:
            self._write_observations()
            final_obs = np.empty(N, dtype=object)
            for i in ended:
                final_obs[i] = self._obs[i].copy()
            extra["final_obs"] = final_obs
            extra["_final_obs"] = self._autoreset.copy()
            extra["final_info"] = self._infos(ended)
            extra["_final_info"] = self._autoreset.copy()
            for i in ended:
                self._reset_one(i, None)
            self._write_observations()
            info = self._infos(())
        else:
            self._write_observations()
            info = self._infos(ended)
        info.update(extra)
        out = self._out
        return out(self._obs), out(rewards), out(terminations), out(truncations), info

    # --- what the agent sees ----------------------------------------------------------------------
    def _write_observations(self) -> None:
        """Encode every sub-environment's agent view into the observation array and its legal actions into the masks."""
        obs, masks, enc = self._obs, self._masks, self.enc
        game, players, options = enc.game, enc.players, enc.options
        seats: list[int] = self.seats.tolist()
        mask_cols: list[int] = []
        for legal in self._legal:
            mask_cols += legal
        masks.fill(0)
        if mask_cols:
            mask_rows = np.repeat(self._row_ids, [len(legal) for legal in self._legal])
            masks[mask_rows, np.fromiter(mask_cols, dtype=np.intp, count=len(mask_cols))] = 1
        writer = self._writer
        if writer is not None:
            writer.write_rows(self.game_states, seats)
            np.copyto(obs, self._written)
            return
        rows: list[int] = []
        lengths: list[int] = []
        cols: list[int] = []
        values: list[float] = []
        dense: list[int] = []
        sparse_encoder = game.encode_state_sparse if self._sparse else None
        for i, state in enumerate(self.game_states):
            assert state is not None
            sparse = None if sparse_encoder is None else sparse_encoder(state, seats[i], players, options)
            if sparse is None:
                dense.append(i)
                continue
            index, value = sparse
            rows.append(i)
            lengths.append(len(index))
            cols += index
            values += value
        if rows:
            # One pass for the whole batch: entries at one position add up in order, from 0.0 (bincount's sums).
            size = self.enc.observation_size
            flat = np.repeat(np.asarray(rows, dtype=np.intp) * size, lengths)
            flat += np.fromiter(cols, dtype=np.intp, count=len(cols))
            obs.reshape(-1)[:] = np.bincount(
                flat, weights=np.fromiter(values, np.float64, len(values)), minlength=obs.size
            )
        for i in dense:
            state = self.game_states[i]
            assert state is not None
            obs[i] = game.encode_view(state.view(seats[i]), players, options)

    def _infos(self, ended: Sequence[int]) -> dict[str, Any]:
        """The batch's info: masks, seats and illegal flags always; payoff and result for games that just ended."""
        out = self._out
        everyone = np.ones(self.num_envs, dtype=np.bool_)
        info: dict[str, Any] = {
            "action_mask": out(self._masks),
            "_action_mask": everyone,
            "seat": out(self.seats),
            "_seat": everyone,
            "illegal_action": out(self._illegal),
            "_illegal_action": everyone,
        }
        for i in ended:  # as SyncVectorEnv batches them: payoff and result (a dict of arrays), with "_" masks
            state = self.game_states[i]
            assert state is not None and state.result is not None
            batch_info(info, result_info(state.result, int(self.seats[i])), i, self.num_envs)  # (compiled)
        return info

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self.copy else array

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True at each sub-environment's legal actions (all False for a finished game); sb3-contrib calls this."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (no processes, no windows)."""
        return None

    def __repr__(self) -> str:
        return f"MonsterLairVectorEnv({self.enc.game.id}, num_envs={self.num_envs})"
