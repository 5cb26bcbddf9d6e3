"""A Gymnasium single-agent environment: one seat of any registered game against bots.

Conventions (docs/rl.md):

* the observation is the float32 encoding of the agent seat's view; the action is an index in
  ``Discrete(num_actions)``;
* the legal actions are given as ``info["action_mask"]`` (int8, for ``action_space.sample(mask=...)``)
  and by :meth:`MonsterLairGym.action_masks` (bool, the sb3-contrib ``MaskablePPO`` convention);
* between two agent decisions the opponents (``monsterlair.bots``) play every seat they hold, so each
  ``step`` returns at the agent's next decision or at the end of the game;
* the reward is 0 until the end, then ``2 * payoff - 1``: +1 win, -1 loss, 0 draw (see ``outcome_reward``);
* a game cut by its safety cap (``Result.capped``) ends with ``truncated=True``;
* an illegal action is, by default, refused with a penalty: reward ``illegal_penalty`` (-1), the game
  unchanged, ``info["illegal_action"] = True``, the same decision asked again. With
  ``illegal="raise"`` it raises :class:`~monsterlair.core.IllegalAction` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from monsterlair import bots
from monsterlair.bots.base import Bot
from monsterlair.core import Action, BadOptions, GameOver, IllegalAction, Rng, State
from monsterlair.rl.encoding import GameEncoding, Observation, outcome_reward, result_info
from monsterlair.rl.stepping import play_opponents
from monsterlair.rl.text import render_text

OpponentSpec = str | Bot
ILLEGAL_MODES = ("penalty", "raise")
MAX_REDEALS = 100


def make_bot(spec: OpponentSpec) -> Bot:
    """A bot from a ``monsterlair.bots`` spec (``"greedy"``, ``"ismcts:seconds=0.1"``) or a ready :class:`Bot`.

    Raises:
        UnknownBot: if the spec names no bot.
        BadOptions: if the spec's options are not accepted, or it is neither a string nor a Bot.
    """
    if isinstance(spec, Bot):
        return spec
    if not isinstance(spec, str):
        raise BadOptions(f"An opponent is a bot spec such as 'greedy' or a Bot, not {spec!r}.")
    return bots.from_spec(spec)


def table_bots(
    players: int, seat: int | str, opponents: OpponentSpec | Sequence[OpponentSpec], illegal: str
) -> list[Bot]:
    """The opponents' bots, after checking the agent's seat, the opponent list and the illegal-action mode.

    Raises:
        BadOptions: for a seat that is neither ``"random"`` nor a seat number, the wrong number of
            opponents, a bad opponent, or an unknown illegal-action mode.
    """
    n = players
    if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < n):
        raise BadOptions(f"seat must be 'random' or a seat number in 0..{n - 1}, not {seat!r}.")
    specs: list[OpponentSpec] = [opponents] * (n - 1) if isinstance(opponents, str | Bot) else list(opponents)
    if len(specs) != n - 1:
        raise BadOptions(f"A {n}-player game needs {n - 1} opponents (one spec, or one per other seat).")
    if illegal not in ILLEGAL_MODES:
        raise BadOptions(f"illegal must be one of {ILLEGAL_MODES}, not {illegal!r}.")
    return [make_bot(s) for s in specs]


class Episode:
    """A game dealt for the agent: the state at its first decision, its seat, the bots and their generator."""

    __slots__ = ("state", "seat", "bots", "bot_rng", "redeals")

    def __init__(self, state: State, seat: int, bots_by_seat: dict[int, Bot], bot_rng: Rng, redeals: int) -> None:
        self.state = state
        self.seat = seat
        self.bots = bots_by_seat
        self.bot_rng = bot_rng
        self.redeals = redeals


def deal(
    enc: GameEncoding,
    np_random: np.random.Generator,
    seed: int | None,
    seat_choice: int | str,
    opponents: Sequence[Bot],
) -> Episode:
    """Deal a game and let the bots play up to the agent's first decision (both Gymnasium environments' reset).

    The game seed is ``seed``, or one drawn from ``np_random``; with ``seat_choice == "random"`` the seat
    is drawn next. The bots' generator is derived from the game seed, so a seeded episode replays
    identically, opponents included. A game that ends before the agent can move is dealt again with the
    next drawn seed (counted in ``Episode.redeals``).

    Raises:
        GameOver: if ``MAX_REDEALS`` games in a row end before the agent's first decision (all redealt).
    """
    seat = 0
    for redeals in range(MAX_REDEALS):
        game_seed = int(seed) if seed is not None else int(np_random.integers(0, 2**48))
        seed = None
        seat = int(np_random.integers(0, enc.players)) if seat_choice == "random" else int(seat_choice)
        others = [s for s in range(enc.players) if s != seat]
        bots_by_seat = dict(zip(others, opponents, strict=True))
        bot_rng = Rng(game_seed).fork(0xB07)
        state = enc.new_state(game_seed)
        play_opponents(state, seat, bots_by_seat, bot_rng)
        if not state.over:
            return Episode(state, seat, bots_by_seat, bot_rng, redeals)
    raise GameOver(f"{MAX_REDEALS} games in a row ended before seat {seat} could move.")


class MonsterLairGym(gymnasium.Env[Observation, np.int64]):
    """One seat of one game, the other seats played by bots (see the module docstring for the conventions).

    ``env.game_state`` is the current game (its ``record()`` replays it); ``env.seat`` the agent's seat
    in it.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game_id: str,
        seat: int | str = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "greedy",
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        illegal: str = "penalty",
        illegal_penalty: float = -1.0,
        **options: Any,
    ) -> None:
        """Set up the agent's seat, its opponents and the spaces.

        ``seat`` is a seat number or ``"random"`` (a new seat each episode). ``opponents`` is a
        ``monsterlair.bots`` spec (``"random"``, ``"greedy"``, ``"ismcts:seconds=0.1"``) or a
        :class:`~monsterlair.bots.base.Bot`, for every other seat, or a list with one per other seat in seat
        order. ``illegal`` is ``"penalty"`` (reward ``illegal_penalty``, nothing changes) or ``"raise"``.

        Raises:
            UnknownGame: if no game has that id.
            BadOptions: for a bad player count, game option, seat, opponent list, render or illegal mode.
        """
        super().__init__()
        self.enc = GameEncoding(game_id, players, options)
        self.opponents: list[Bot] = table_bots(self.enc.players, seat, opponents, illegal)
        self._seat_choice = seat
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadOptions(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}.")
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.observation_space = cast("gymnasium.spaces.Space[Observation]", self.enc.observation_box())
        self.action_space = self.enc.action_space()
        self._initial_seed = seed
        self._seeded = False
        self.seat = 0 if seat == "random" else int(seat)
        self.game_state: State | None = None
        self._bots: dict[int, Bot] = {}
        self._bot_rng = Rng(0)
        self._legal: dict[int, Action] = {}
        self.redeals = 0

    # --- episode --------------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a game and let the bots play up to the agent's first decision.

        ``reset(seed=s)`` plays game seed ``s``; later unseeded resets draw seeds from ``self.np_random``.
        A game that ends before the agent's first decision (possible in some set-ups) is dealt again
        with the next seed (counted in ``self.redeals``). ``options`` is accepted and not used.
        """
        if seed is None and not self._seeded and self._initial_seed is not None:
            seed = self._initial_seed
        super().reset(seed=seed)
        self._seeded = self._seeded or seed is not None
        try:
            episode = deal(self.enc, self.np_random, seed, self._seat_choice, self.opponents)
        except GameOver:
            self.redeals += MAX_REDEALS
            raise
        self.redeals += episode.redeals
        self.seat, self._bots, self._bot_rng = episode.seat, episode.bots, episode.bot_rng
        self.game_state = episode.state
        self._legal = self.enc.legal_by_index(episode.state)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the opponents' turns, up to the agent's next decision or the end.

        Raises:
            GameOver: if the episode has ended (call ``reset()``) or was never started.
            IllegalAction: if the index is outside the action space, or it is illegal and ``illegal="raise"``.
        """
        state = self.game_state
        if state is None or state.over:
            raise GameOver("The episode is over (or not started); call reset().")
        index = self.enc.check_index(action)
        chosen = self._legal.get(index)
        if chosen is None:
            if self.illegal == "raise":
                raise IllegalAction(self.enc.illegal_message(index, state, self._legal))
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_penalty, False, False, info
        state.apply_quiet(chosen)
        play_opponents(state, self.seat, self._bots, self._bot_rng)
        self._legal = {} if state.over else self.enc.legal_by_index(state)
        reward, terminated, truncated = 0.0, False, False
        result = state.result
        if result is not None:
            reward = outcome_reward(result, self.seat)
            truncated = result.capped
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    # --- what the agent sees ----------------------------------------------------------------------
    def _observation(self) -> Observation:
        assert self.game_state is not None
        return self.enc.observe(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.enc.mask(self._legal), "seat": self.seat, "illegal_action": False}
        state = self.game_state
        if state is not None and state.result is not None:
            info.update(result_info(state.result, self.seat))
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True at each legal action's index (all False once the episode is over); sb3-contrib calls this."""
        return self.enc.mask(self._legal).astype(bool)

    def render(self) -> str | None:
        """The agent seat's view as the game renders it: exactly what the agent may know."""
        if self.render_mode is None or self.game_state is None:
            return None
        return render_text(self.enc.game, self.game_state, self.seat, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
        return None
