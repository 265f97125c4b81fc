"""Every game with an observation encoder as a learning environment (docs/learning.md).

- `VolsteadEnv(game, seats, options, learner, opponents, seed)`: Gymnasium, one learning seat, the
  others Volstead bots; registered as `volstead/<game>-v0` for `gymnasium.make`.
- `aec_env(game, seats, options)` / `raw_env(...)`: PettingZoo AEC, every seat an agent.
- `make_vector(game, n, ..., asynchronous=False)`: n VolsteadEnv stepped as a batch.
- `observe`, `option_index` (volstead.rl.encoding): a seat's arrays, an action number's option.

No game is named here: the environments are made from the game contract's learning hooks
(`Game.observation_fields`, `encode_observation`, `action_count`, `action_numbers`), for every game
the registry knows. `volstead.rl.encoding` needs numpy only; the environments need the `rl` extra
(gymnasium, pettingzoo), imported when first used. Importing this package registers the Gymnasium
ids when gymnasium is installed.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any

from .encoding import IllegalActionError, Layout, final_rewards, layout_of, observe, option_index

if TYPE_CHECKING:
    from .aec import env as aec_env
    from .aec import raw_env
    from .env import VolsteadEnv, make_vector

ENV_NAMESPACE = "volstead"
ENV_VERSION = 0
log = logging.getLogger(__name__)
_LAZY = {"VolsteadEnv": "env", "make_vector": "env", "raw_env": "aec", "aec_env": "aec"}


def env_id(game_name: str) -> str:
    """The Gymnasium id of a game's environment: volstead/<game>-v0."""
    return f"{ENV_NAMESPACE}/{game_name}-v{ENV_VERSION}"


def has_encoder(game: Any) -> bool:
    """Does `game` implement the learning hooks (a non-empty `observation_fields` with its most seats
    and default options)?"""
    try:
        options = game.Options()
        return bool(game.observation_fields(game.seat_range(options)[-1], options))
    except Exception as e:  # one broken game's hook hides no other game's environment
        log.warning("%s is not registered as an environment: observation_fields raised %s: %s", game.name, type(e).__name__, e)
        return False


def register_envs() -> list[str]:
    """Register `volstead/<game>-v0` with Gymnasium for every registered game that has an encoder
    (again for games found since: an id already registered is kept); the ids, sorted."""
    import gymnasium

    from volstead.games import game_names, get_game

    ids = []
    for name in game_names():
        try:
            game = get_game(name)
        except KeyError:
            continue
        if not has_encoder(game):
            continue
        gid = env_id(name)
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point="volstead.rl.env:VolsteadEnv", kwargs={"game": name})
        ids.append(gid)
    return sorted(ids)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'volstead.rl' has no attribute {name!r}")
    try:
        loaded = importlib.import_module(f".{module}", __name__)
    except ImportError as e:
        raise ImportError(f"volstead.rl.{name} needs the rl extra (pip install 'volstead[rl]'): {e}") from e
    value = getattr(loaded, "env" if name == "aec_env" else name)
    globals()[name] = value
    return value


try:
    import gymnasium  # noqa: F401 (the rl extra: without it, encoding still serves a plain install)
except ImportError:
    pass
else:
    register_envs()

__all__ = [
    "ENV_NAMESPACE",
    "IllegalActionError",
    "Layout",
    "VolsteadEnv",
    "aec_env",
    "env_id",
    "final_rewards",
    "has_encoder",
    "layout_of",
    "make_vector",
    "observe",
    "option_index",
    "raw_env",
    "register_envs",
]
