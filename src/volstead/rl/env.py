"""`VolsteadEnv`: a game as a Gymnasium environment with one learning seat, the others Volstead bots.

`reset(seed=...)` starts the game with that seed and plays the bots until the learner is asked;
`step(action)` takes the learner's action (a number of the game's Discrete(N), legal in the mask)
and plays the bots again until the learner is asked or the game ends. Each bot sees only its own
seat (`volstead.bots.ask_bot`). The reward is 0 until the end; then the winners share +1 and the
others -1 (`encoding.final_rewards`), and `info` has the final "scores" and "winners". docs/learning.md.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial
from typing import Any

import gymnasium
import numpy as np

from volstead.bots import ask_bot, get_bot
from volstead.engine.contract import SEED_LIMIT, Game, GameOptions
from volstead.engine.errors import VolsteadError
from volstead.engine.state import GameState
from volstead.games import get_game

from .encoding import (
    IllegalActionError,
    Layout,
    encode,
    final_rewards,
    index_in,
    layout_of,
    make_spaces,
    numbers_of,
    pending_decision,
)

BotSpec = Any  # a registered bot's spec ("random", "greedy", "ismcts:200ms") or a bot object


def resolve_game(game: str | Game) -> Game:
    """A game by its registry name (or the Game itself); a VolsteadError naming the known ones."""
    if isinstance(game, Game):
        return game
    try:
        return get_game(game)
    except KeyError as e:
        raise VolsteadError(str(e.args[0])) from None


def resolve_seats(game: Game, seats: int | None, options: GameOptions) -> int:
    """`seats` checked against the game (None: the most seats it takes with `options`)."""
    if seats is None:
        return game.seat_range(options)[-1]
    game.check_seats(seats, options)  # a SetupError naming the range
    return seats


def check_bot(spec: BotSpec) -> None:
    """A SetupError unless `spec` names a registered bot or is a bot object (choose/pick, instant)."""
    if isinstance(spec, str):
        try:
            get_bot(spec, 0)
        except KeyError as e:
            raise VolsteadError(f"opponents: {e.args[0]}") from None
    elif not (hasattr(spec, "choose") and hasattr(spec, "instant")):
        raise VolsteadError(
            f"opponents: a bot is a registered bot's name or an object with the bots' interface "
            f"(choose, instant: volstead.bots), not a {type(spec).__name__}"
        )


class VolsteadEnv(gymnasium.Env):
    """A Volstead game as a single-agent Gymnasium environment (docs/learning.md).

    game: a registered game's name; seats: how many (None: the most the game takes with the
    options); options: the game's options (JSON or its Options); learner: the learning seat (None:
    drawn from each reset's seed); opponents: the other seats' bots, in seat order, repeated when
    fewer (a bot spec for `volstead.bots.get_bot`, seeded from the reset's seed, or a bot object,
    used as it is); seed: the seed of the first `reset()` given none; illegal_reward: None (an
    illegal action raises an IllegalActionError and changes nothing), or the reward of a step that
    takes an illegal action and changes nothing else (info "illegal_action": True), for tools that
    step unmasked random actions (gymnasium's env checker)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        seats: int | None = None,
        options: GameOptions | dict[str, Any] | None = None,
        learner: int | None = 0,
        opponents: Sequence[BotSpec] = ("random",),
        seed: int | None = None,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
    ):
        self.game = resolve_game(game)
        self.game_options = self.game.resolve_options(options)
        self.seats = resolve_seats(self.game, seats, self.game_options)
        self.layout: Layout = layout_of(self.game, self.seats, self.game_options)
        if learner is not None and (type(learner) is not int or not 0 <= learner < self.seats):
            raise VolsteadError(f"learner: a seat of {self.seats} (0–{self.seats - 1}) or None, not {learner!r}"[:120])
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            raise VolsteadError("opponents: a list of bots (names or bot objects), e.g. ('greedy',)")
        if self.seats > 1 and not opponents:
            raise VolsteadError("opponents: at least one bot for the other seats")
        for spec in opponents:
            check_bot(spec)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise VolsteadError(f"render_mode: one of {self.metadata['render_modes']} or None, not {render_mode!r}"[:120])
        if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
            raise VolsteadError(f"seed: a whole number from 0 to {SEED_LIMIT - 1} or None, not {seed!r}"[:120])
        self.fixed_learner = learner
        self.opponents = tuple(opponents)
        self.first_seed = seed
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.observation_space, self.action_space = make_spaces(self.layout)
        self.learner = learner if learner is not None else 0
        self.bots: dict[int, Any] = {}
        self.state: GameState | None = None

    # ----------------------------------------------------------------- episodes
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """A new game: with `seed` as its seed (None: the constructor's seed the first time, then a
        seed drawn from the environment's generator). `options` is Gymnasium's, unused: a game's
        options are the constructor's."""
        if seed is None and self.first_seed is not None and self._np_random is None:
            seed = self.first_seed
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = seed if seed is not None else int(rng.integers(SEED_LIMIT))
        self.learner = self.fixed_learner if self.fixed_learner is not None else int(rng.integers(self.seats))
        others = [s for s in range(self.seats) if s != self.learner]
        self.bots = {}
        for i, s in enumerate(others):
            spec = self.opponents[i % len(self.opponents)]
            bot_seed = int(rng.integers(2**62))  # drawn for an object too: the specs' seeds do not shift
            self.bots[s] = get_bot(spec, bot_seed) if isinstance(spec, str) else spec
        self.state = self.game.new_game(game_seed, self.seats, self.game_options)
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action):
        state = self.state
        if state is None:
            raise VolsteadError("call reset() before step()")
        if not state.stack:
            raise VolsteadError("the episode is over: call reset() to start another")
        d = pending_decision(state, self.learner)
        assert d is not None  # _play_bots stops only where the learner is asked or at the end
        try:
            index = index_in(self.layout, state, d, action, numbers_of(self.layout, state, d))
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            return self._observation(), float(self.illegal_reward), False, False, {**self._info(), "illegal_action": True}
        state.apply_index(index, self.learner)
        self._play_bots()
        if state.stack:
            return self._observation(), 0.0, False, False, self._info()
        result = state.result()
        reward = final_rewards(result.winners, self.seats)[self.learner]
        info = {**self._info(), "scores": list(result.scores), "winners": list(result.winners)}
        return self._observation(), reward, True, False, info

    def _play_bots(self) -> None:
        """Ask the bots until the learner is asked or the game ends. In a secret phase the pending
        seats are asked in seat order, each to the end of its part (as the AEC environment does)."""
        state = self.state
        assert state is not None
        learner, bots = self.learner, self.bots
        while state.stack:
            seat = state.decision().seat  # in a secret phase: the first pending seat
            if seat == learner:
                return
            state.apply_index(ask_bot(bots[seat], state, skip_forced=True, seat=seat), seat)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO asks for this method)."""
        assert self.state is not None
        return self._observation()["action_mask"].astype(bool)

    def _observation(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return encode(self.layout, self.state, self.learner)

    def _info(self) -> dict[str, Any]:
        return {"seat": self.learner}

    # ------------------------------------------------------------------ render
    def render(self) -> str | None:
        """The learner's view as text (render_mode "ansi"): the game's `render_text`, else its JSON."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (VolsteadEnv takes 'ansi')")
            return None
        if self.state is None:
            return ""
        return view_text(self.game, self.state.view(self.learner))

    def close(self) -> None:
        self.state = None


def view_text(game: Game, view: dict[str, Any]) -> str:
    """A seat's view as text: the game's own picture (`Game.render_text`), else the view's JSON."""
    text = game.render_text(view)
    return text if text is not None else json.dumps(view, indent=1, default=str)


def make_vector(game: str, n: int, *, asynchronous: bool = False, seed: int | None = None, **kwargs: Any):
    """A Gymnasium vector environment of `n` VolsteadEnv(game, **kwargs) (SyncVectorEnv, or
    AsyncVectorEnv with `asynchronous`: one process each), stepped as a batch; with `seed`, the
    sub-environments' first resets have seeds seed, seed + 1, ..."""
    if type(n) is not int or n < 1:
        raise VolsteadError(f"n: a number of environments, at least 1, not {n!r}"[:80])
    if seed is not None and (type(seed) is not int or not 0 <= seed <= SEED_LIMIT - n):
        raise VolsteadError(f"seed: a whole number from 0 to {SEED_LIMIT - n} or None, not {seed!r}"[:120])
    fns = [partial(VolsteadEnv, game, seed=None if seed is None else seed + i, **kwargs) for i in range(n)]
    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv(fns)
    return gymnasium.vector.SyncVectorEnv(fns)
