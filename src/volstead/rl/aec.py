"""A game as a PettingZoo AEC environment: every seat an agent ("seat_0", ...), as PettingZoo's
classic games are made (`env()` wrapped, `raw_env` bare; docs/learning.md).

`agent_selection` is the seat asked now. In a secret simultaneous phase several seats are asked at
once; the environment asks them one at a time in seat order, each to the end of its part, and no
seat's observation shows another seat's pending secret choice (the game's encoder sees to that:
tests/rl check it). An action is a number of the game's Discrete(N), legal in the agent's
`action_mask` (all zeros for an agent that is not selected, as in the classic games); an illegal one
raises an IllegalActionError and changes nothing. When the game ends every agent is terminated with
its reward (the winners share +1, the others -1) and "scores"/"winners" in its info.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from volstead.engine.contract import SEED_LIMIT, Game, GameOptions
from volstead.engine.errors import VolsteadError
from volstead.engine.state import GameState

from .encoding import encode, final_rewards, index_in, layout_of, make_spaces, numbers_of
from .env import resolve_game, resolve_seats, view_text


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """The unwrapped AEC environment of `game` (a registered game's name) with `seats` (None: the
    most the game takes with `options`) and `options` (the game's, as JSON or its Options)."""

    metadata = {"render_modes": ["ansi"], "name": "volstead_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        seats: int | None = None,
        options: GameOptions | dict[str, Any] | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        self.game = resolve_game(game)
        self.game_options = self.game.resolve_options(options)
        self.seats = resolve_seats(self.game, seats, self.game_options)
        self.layout = layout_of(self.game, self.seats, self.game_options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise VolsteadError(f"render_mode: one of {self.metadata['render_modes']} or None, not {render_mode!r}"[:120])
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"volstead/{self.game.name}_v0"}
        self.possible_agents = [agent_name(s) for s in range(self.seats)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, Any] = {}
        self.action_spaces: dict[str, Any] = {}
        for a in self.possible_agents:
            self.observation_spaces[a], self.action_spaces[a] = make_spaces(self.layout)
        self._np_random: np.random.Generator | None = None
        self.state: GameState | None = None

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game with `seed` as its seed (None: one drawn from the environment's generator,
        itself seeded by the last seed given). `options` is PettingZoo's, unused: the game's options
        are the constructor's."""
        if seed is not None:
            if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
                raise VolsteadError(f"seed: a whole number from 0 to {SEED_LIMIT - 1} or None, not {seed!r}"[:120])
            self._np_random, _ = seeding.np_random(seed)
            game_seed = seed
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(None)
            game_seed = int(self._np_random.integers(SEED_LIMIT))
        self.state = self.game.new_game(game_seed, self.seats, self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """agent_selection: the seat asked now (in a secret phase, the first pending seat)."""
        state = self.state
        assert state is not None
        if state.stack:
            self.agent_selection = self.possible_agents[state.decision().seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state
        if state is None:
            raise VolsteadError("call reset() before observe()")
        return encode(self.layout, state, self._seat_of[agent], asked=agent == self.agent_selection and bool(state.stack))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        seat = self._seat_of[agent]
        d = state.decision(seat)
        index = index_in(self.layout, state, d, action, numbers_of(self.layout, state, d))  # raises before any change
        self._cumulative_rewards[agent] = 0.0
        state.apply_index(index, seat)
        for a in self.agents:
            self.rewards[a] = 0.0
        if state.stack:
            self._select()
        else:
            result = state.result()
            final = final_rewards(result.winners, self.seats)
            for a in self.agents:
                s = self._seat_of[a]
                self.rewards[a] = final[s]
                self.terminations[a] = True
                self.infos[a] = {"scores": list(result.scores), "winners": list(result.winners)}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The public view as text (render_mode "ansi"): the game's `render_text`, else its JSON."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode (the AEC environment takes 'ansi')")
            return None
        if self.state is None:
            return ""
        return view_text(self.game, self.state.view(None))

    def close(self) -> None:
        self.state = None


def env(
    game: str | Game,
    seats: int | None = None,
    options: GameOptions | dict[str, Any] | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC environment of `game`, wrapped as PettingZoo's classic games are: actions checked
    against the space (AssertOutOfBounds) and the API's order enforced (OrderEnforcing). An illegal
    action in range raises the game's IllegalActionError (no TerminateIllegal wrapper: a learner
    that takes one has a bug to see, not a lost game)."""
    wrapped: AECEnv = raw_env(game, seats, options, render_mode)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped
