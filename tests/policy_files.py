"""Policy files for tests (bots/learned.py's format): random weights of the right shapes for a game,
seats and options — a learned bot whose choice follows from its seat's view alone."""

from __future__ import annotations

import numpy as np

from volstead.bots.learned import save_policy


def write_random_policy(path, game, seats, options, hidden=16):
    options = game.resolve_options(options)
    sizes = [sum(f.size for f in game.observation_fields(seats, options)), hidden, game.action_count(seats, options)]
    rng = np.random.default_rng(0)
    layers = [(rng.normal(0, 0.5, (a, b)), rng.normal(0, 0.1, b)) for a, b in zip(sizes, sizes[1:], strict=False)]
    meta = {"game": game.name, "seats": seats, "options": options.to_json(), "observation_size": sizes[0]}
    meta |= {"action_count": sizes[-1], "activation": "tanh", "command": "test", "seed": 0, "steps": 0}
    return save_policy(path, layers, meta)
