"""A PettingZoo AEC environment for any registered game: one agent per seat, turn by turn.

Conventions (docs/rl.md):

* agents are ``seat_0 .. seat_{N-1}``; ``agent_selection`` is always the seat the game says is to
  move (the same seat may act several times in a row, as when a multi-card choice is made one card
  at a time);
* an observation is ``{"observation": float32[observation_size], "action_mask": int8[num_actions]}``:
  the encoding of that seat's view and, for the seat to move, a 1 at each legal action's index (all
  zeros for any other seat and once the game is over);
* rewards are 0 until the game ends, then ``2 * payoff - 1`` for each seat: +1 win, -1 loss, 0 draw
  (:func:`monsterlair.rl.encoding.outcome_reward` covers shared, team and cooperative results);
* a game ended by its safety cap (``Result.capped``) ends in truncation rather than termination;
* an action whose mask entry is 0 raises :class:`~monsterlair.core.IllegalAction` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from monsterlair.core import Action, BadOptions, GameOver, IllegalAction, Rng, State, fresh_seed
from monsterlair.rl.encoding import GameEncoding, outcome_reward, result_info
from monsterlair.rl.text import render_text

AgentID = str
ObsDict = dict[str, Any]


def agent_name(seat: int) -> AgentID:
    """The agent id of a seat."""
    return f"seat_{seat}"


class MonsterLairAEC(AECEnv[AgentID, ObsDict, int]):  # type: ignore[misc]  # pettingzoo ships no type hints
    """Every seat of one game as a PettingZoo agent (see the module docstring for the conventions).

    The current game is ``env.game_state`` (a contract :class:`~monsterlair.core.State`); its
    ``record()`` replays the episode anywhere (``game.replay``).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """Set up spaces for ``players`` seats of the game with those options.

        Raises:
            UnknownGame: if no game has that id.
            BadOptions: if the player count, an option or the render mode is not accepted.
        """
        super().__init__()
        self.enc = GameEncoding(game_id, players, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadOptions(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}.")
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"monsterlair_{self.enc.game.id.replace('-', '_')}_v0"}
        self.possible_agents: list[AgentID] = [agent_name(s) for s in range(self.enc.players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        observation_space = spaces.Dict({"observation": self.enc.observation_box(), "action_mask": self.enc.mask_box()})
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = {a: self.enc.action_space() for a in self.possible_agents}
        self._initial_seed = seed
        self._seeds: Rng | None = None
        self.game_state: State | None = None
        self._legal: dict[int, Action] = {}
        self.agents: list[AgentID] = []
        self.rewards: dict[AgentID, float] = {}
        self._cumulative_rewards: dict[AgentID, float] = {}
        self.terminations: dict[AgentID, bool] = {}
        self.truncations: dict[AgentID, bool] = {}
        self.infos: dict[AgentID, dict[str, Any]] = {}
        self.agent_selection: AgentID = self.possible_agents[0]

    # --- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: AgentID) -> spaces.Space[Any]:
        """The same Dict space object for every call (PettingZoo seeds spaces in place)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentID) -> spaces.Space[Any]:
        """``Discrete(num_actions)``, the same object for every call."""
        return self.action_spaces[agent]

    # --- episode --------------------------------------------------------------------------------
    def _next_game_seed(self, seed: int | None) -> int:
        """``reset(seed=s)`` plays game seed ``s``; later unseeded resets draw their seeds from it."""
        if seed is None and self._seeds is None and self._initial_seed is not None:
            seed = self._initial_seed
        if seed is not None:
            self._seeds = Rng(seed)
            return int(seed)
        if self._seeds is None:
            return fresh_seed()
        return self._seeds.next64() >> 16

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``options`` is accepted for the PettingZoo signature and not used.

        ``reset(seed=s)`` plays exactly ``game.new(players, seed=s, options)``; a later ``reset()``
        without a seed continues a reproducible sequence drawn from ``s``; with no seed ever given,
        games are seeded from the operating system.
        """
        self.game_state = self.enc.new_state(self._next_game_seed(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        """Point ``agent_selection`` at the seat to move, or end the episode for everyone."""
        state = self.game_state
        assert state is not None
        if state.over:
            result = state.result
            assert result is not None
            self._legal = {}
            for agent in self.agents:
                seat = self._seat_of[agent]
                self.rewards[agent] = outcome_reward(result, seat)
                if result.capped:
                    self.truncations[agent] = True
                else:
                    self.terminations[agent] = True
                self.infos[agent] = result_info(result, seat)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        to_move = state.to_move
        assert to_move is not None
        self._legal = self.enc.legal_by_index(state)
        self.agent_selection = agent_name(to_move)

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index with mask 1) for ``agent_selection``; ``None`` for a finished agent.

        Raises:
            GameOver: if called before ``reset()`` or after every agent has left the finished game.
            IllegalAction: if the index is outside the space or not legal now; nothing changes.
        """
        if self.game_state is None:
            raise GameOver("Call reset() before step().")
        if not self.agents:
            raise GameOver("The game is over and every agent has left it; call reset().")
        agent = self.agent_selection
        if self.terminations.get(agent, False) or self.truncations.get(agent, False):
            self._was_dead_step(action)
            return
        index = self.enc.check_index(action)
        chosen = self._legal.get(index)
        if chosen is None:
            raise IllegalAction(self.enc.illegal_message(index, self.game_state, self._legal))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game_state.apply_quiet(chosen)  # the same state as apply_unchecked, without events nobody reads
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: AgentID) -> ObsDict:
        """That seat's encoded view and its action mask (zeros unless it is to move)."""
        if self.game_state is None:
            raise GameOver("Call reset() before observe().")
        seat = self._seat_of[agent]
        state = self.game_state
        mask = self.enc.mask(self._legal) if state.to_move == seat else self.enc.empty_mask()
        return {"observation": self.enc.observe(state, seat), "action_mask": mask}

    def action_mask(self, agent: AgentID) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The mask alone (as in the observation)."""
        seat = self._seat_of[agent]
        state = self.game_state
        if state is None or state.to_move != seat:
            return self.enc.empty_mask()
        return self.enc.mask(self._legal)

    # --- text -----------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The spectator's view as the game renders it (it shows no seat's hidden cards).

        ``"ansi"`` returns the text; ``"human"`` prints it; with no render mode it returns ``None``.
        """
        if self.render_mode is None or self.game_state is None:
            return None
        return render_text(self.enc.game, self.game_state, None, self.render_mode)

    def close(self) -> None:
        """Nothing to release (no windows, no processes)."""
        return None
