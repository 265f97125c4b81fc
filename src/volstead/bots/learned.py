"""The learned bot: a policy network trained by `volstead train`, run forward in numpy.

`learned` plays the policy the game ships (`Game.learned_policy`: the game's
`data/policy.npz`); `learned:PATH` plays the policy in the file PATH. Like the
searching bots it reads no view (`reads_view = False`): at each decision it
draws one determinization from its sampler, encodes it for its seat with the
game's `encode_observation` (the encoder gives the same numbers for every
determinization of a seat, so the draw changes nothing), numbers the options
with `action_numbers`, runs the network and takes the legal action with the
highest logit (argmax: the same position, the same choice). The bot learns which
game it plays from the determinization (`state.game_name` and the registry):
it names no game.

A policy file is an .npz of float32 arrays `w0, b0, w1, b1, ...` (layer k maps
`layers[k]` numbers to `layers[k + 1]`: `x @ wk + bk`, the activation between
layers, none after the last: logits over the game's `action_count` actions) and
`metadata`, a JSON string: FORMAT, the game, seats and options it was trained
with, `observation_size`, `action_count`, `layers`, `activation`, and how it was
made (`command`, `seed`, `steps`, `date`, `volstead_version`). docs/learning.md
("The learned bot") describes it and how a game ships one.

Inference needs numpy only: no PyTorch is imported on this path.
"""

from __future__ import annotations

import functools
import json
import random
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .base import BotDecision, game_of, policy_answer, policy_of
from .errors import BotError

FORMAT = "volstead-policy/1"
ACTIVATIONS = ("tanh", "relu")
REQUIRED = ("format", "game", "seats", "observation_size", "action_count", "layers", "activation")
MAX_FILE_BYTES = 64 << 20  # a policy is small (≤ 5 MB shipped); a bigger file is no policy of ours


class Policy:
    """A loaded policy: its layers' weights and its metadata (checked against each other)."""

    __slots__ = ("weights", "biases", "meta", "source", "relu", "_rows")

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray], meta: dict[str, Any], source: str):
        self.weights = weights
        self.biases = biases
        self._rows = [np.ascontiguousarray(w.T) for w in weights]  # (out, in): einsum reads them in order
        self.meta = meta
        self.source = source
        self.relu = meta["activation"] == "relu"

    @property
    def game(self) -> str:
        return str(self.meta["game"])

    @property
    def observation_size(self) -> int:
        return int(self.meta["observation_size"])

    @property
    def action_count(self) -> int:
        return int(self.meta["action_count"])

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """The network's output for one observation (or a batch, one row each)."""
        # einsum, not `x @ w`: a matrix-vector product goes to the BLAS, whose threads, on a busy
        # machine, took 40 ms for what one core does in 1 (a network of 2979-256-256-2385)
        x = observation
        last = len(self._rows) - 1
        for k in range(len(self._rows)):
            x = np.einsum("...i,ji->...j", x, self._rows[k]) + self.biases[k]
            if k < last:
                x = np.maximum(x, 0.0) if self.relu else np.tanh(x)
        return x

    def seat_logits(self, game: Any, state: Any, seat: int) -> np.ndarray:
        """The logits of every action for what `seat` sees of `state` (the game's observation)."""
        return self.logits(np.asarray(game.encode_observation(state, seat), dtype=np.float32))

    def check_fits(self, game: Any, seats: int, options: Any) -> None:
        """BotError unless this policy plays `game` with `seats` and `options` (same game, same
        observation size and action count)."""
        if game.name != self.game:
            raise BotError(f"the policy {self.source} plays {self.game}, not {game.name}")
        size = sum(f.size for f in game.observation_fields(seats, options))
        count = game.action_count(seats, options)
        if size != self.observation_size or count != self.action_count:
            raise BotError(
                f"the policy {self.source} was trained for {self.meta['seats']} seats of {self.game} "
                f"(observations of {self.observation_size}, {self.action_count} actions); a game of {seats} "
                f"seats with these options has {size} and {count}"
            )


def save_policy(path: str | Path, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, Any]) -> Path:
    """Write a policy file: `layers` is [(weight (in, out), bias (out,)), ...]; `meta` the
    metadata without the parts read from the layers (format, layers), which are added."""
    meta = {**meta, "format": FORMAT, "layers": [int(layers[0][0].shape[0])] + [int(w.shape[1]) for w, _ in layers]}
    arrays: dict[str, Any] = {"metadata": np.array(json.dumps(meta, sort_keys=True))}
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{k}"] = np.asarray(b, dtype=np.float32)
    path = Path(path)
    tmp = path.with_name(path.name + ".part.npz")  # np.savez adds .npz to a name without it
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)  # never a half-written policy where a bot or a resume would read it
    return path


def load_policy(path: str | Path) -> Policy:
    """The policy in the file `path`, checked: a BotError naming the problem when it is not a
    readable policy file (not an .npz, no metadata, layers that do not match it)."""
    p = Path(path)
    name = p.name
    try:
        if p.stat().st_size > MAX_FILE_BYTES:
            raise BotError(f"{name} is not a policy file: larger than {MAX_FILE_BYTES >> 20} MB")
        with np.load(p, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except BotError:
        raise
    except FileNotFoundError:
        raise BotError(f"no policy file {str(path)[:200]}") from None
    except IsADirectoryError:
        raise BotError(f"{name} is a folder, not a policy file") from None
    except (OSError, ValueError, zipfile.BadZipFile, EOFError):
        raise BotError(f"{name} is not a policy file (an .npz written by volstead train)") from None
    return _checked(arrays, name)


def _checked(arrays: dict[str, np.ndarray], name: str) -> Policy:
    raw = arrays.get("metadata")
    if raw is None or raw.shape != () or raw.dtype.kind != "U":
        raise BotError(f"{name} is not a policy file: it has no metadata")
    try:
        meta = json.loads(str(raw))
    except ValueError:
        raise BotError(f"{name} is not a policy file: its metadata is not JSON") from None
    if not isinstance(meta, dict):
        raise BotError(f"{name} is not a policy file: its metadata is not a JSON object")
    missing = [k for k in REQUIRED if k not in meta]
    if missing:
        raise BotError(f"{name}: its metadata lacks {', '.join(missing)}")
    if meta["format"] != FORMAT:
        raise BotError(f"{name}: format {str(meta['format'])[:40]!r}, not {FORMAT!r}")
    if meta["activation"] not in ACTIVATIONS:
        raise BotError(f"{name}: unknown activation {str(meta['activation'])[:20]!r} (use {' or '.join(ACTIVATIONS)})")
    layers = meta["layers"]
    if (
        not isinstance(layers, list)
        or len(layers) < 2
        or not all(type(n) is int and n > 0 for n in layers)
        or layers[0] != meta["observation_size"]
        or layers[-1] != meta["action_count"]
    ):
        raise BotError(f"{name}: layers {str(layers)[:60]} do not go from observation_size to action_count")
    weights, biases = [], []
    for k in range(len(layers) - 1):
        w, b = arrays.get(f"w{k}"), arrays.get(f"b{k}")
        if w is None or b is None:
            raise BotError(f"{name}: layer {k}'s weights are missing (w{k}, b{k})")
        if w.shape != (layers[k], layers[k + 1]) or b.shape != (layers[k + 1],):
            raise BotError(f"{name}: layer {k} is {w.shape} + {b.shape}, not ({layers[k]}, {layers[k + 1]}) + ({layers[k + 1]},)")
        if w.dtype.kind != "f" or b.dtype.kind != "f" or not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise BotError(f"{name}: layer {k} holds values that are not finite numbers")
        weights.append(w.astype(np.float32))
        biases.append(b.astype(np.float32))
    if f"w{len(layers) - 1}" in arrays:
        raise BotError(f"{name}: it has more layers than its metadata names")
    return Policy(weights, biases, meta, name)


@functools.lru_cache(maxsize=16)
def _cached_policy(path: str, mtime_ns: int, size: int) -> Policy:
    return load_policy(path)


def shared_policy(path: str | Path) -> Policy:
    """`load_policy`, read once a process while the file is unchanged (every table's learned bot
    shares it: the arrays are only read)."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError:
        return load_policy(p)  # the error, named
    return _cached_policy(str(p), st.st_mtime_ns, st.st_size)


def shipped_policy(game: Any) -> Policy:
    """The policy `game` ships, or a BotError saying that it ships none."""
    path = game.learned_policy
    if path is None:
        raise BotError(
            f"{game.title} ships no learned policy (its data/policy.npz): seat learned:PATH with a "
            f"policy from `volstead train {game.name}`, or another bot"
        )
    return shared_policy(path)


class FittedPolicy:
    """A policy checked against the table it plays at, remembered while the table stays the same
    (the game, its seats and the same options object): one check a table, not one a decision."""

    __slots__ = ("_key", "_answer")

    def __init__(self) -> None:
        self._key: tuple[Any, ...] = ()  # (game name, seats, options) last checked
        self._answer: Policy | str | None = None  # the policy, or why it does not fit

    def policy(self, game: Any, state: Any, find: Callable[[], Policy]) -> Policy:
        """`find()`'s policy if it fits `state`'s table (`Policy.check_fits`), else its BotError."""
        key = self._key
        if not (key and key[0] == game.name and key[1] == state.seats and key[2] is state.options):
            try:
                found = find()
                found.check_fits(game, state.seats, state.options)
                self._answer = found
            except BotError as e:
                self._answer = str(e)  # raised anew each time (one instance would gather tracebacks)
            self._key = (game.name, state.seats, state.options)
        answer = self._answer
        if isinstance(answer, str):
            raise BotError(answer)
        assert answer is not None
        return answer


class LearnedBot:
    name = "learned"
    instant = False
    reads_view = False  # decides from one determinization (the sampler) alone

    def __init__(
        self,
        seed: int | str | None = None,
        path: str | None = None,
        policy: Policy | None = None,
        follow_policy: bool = True,
    ):
        """`learned:PATH` (a policy file, read and checked now), a `policy` already loaded (the
        trainer's past selves), or neither: the policy of the game it is seated at.
        `follow_policy`: where the game has its own policy (`Game.policy_kinds`), its answer is
        played, as greedy and ISMCTS play it; False: the network decides those too."""
        self.seed = seed
        self.follow_policy = follow_policy
        self.rng = random.Random(seed)
        self.path = path
        self.policy = policy if policy is not None else (shared_policy(path) if path else None)
        self._fitted = FittedPolicy()

    def policy_for(self, game: Any) -> Policy:
        if self.policy is not None:
            return self.policy
        return shipped_policy(game)

    def check_table(self, game: Any, seats: int, options: Any) -> None:
        """BotError unless this bot can play `game` with `seats` and `options` (the CLI and the
        server ask before they seat it)."""
        self.policy_for(game).check_fits(game, seats, options)

    def choose(self, view: dict[str, Any], decision: BotDecision, sampler: Any = None) -> int:
        """The index of the legal option whose action the network rates highest."""
        if sampler is None:  # a harness without a sampler: play like random (as greedy does)
            return self.rng.randrange(len(decision))
        det = sampler(self.rng)
        game = game_of(det.game_name)
        policy = self._fitted.policy(game, det, lambda: self.policy_for(game))
        seat = decision.seat
        d = det.decision(seat)
        if self.follow_policy:
            # The game's exact odds at the decisions its dice decide (a Conflict's Goons, Tactics,
            # spoils...), as the searching expert the policy imitated plays them.
            answer = policy_answer(det, decision, policy_of(det))
            if answer is not None:
                det.release()
                return answer
        numbers = game.action_numbers(det, d)
        if tuple(d.codes) != tuple(decision.codes):  # the draw ordered the options otherwise: match ids
            by_id = dict(zip(d.option_ids, numbers, strict=True))
            numbers = tuple(by_id.get(oid, -1) for oid in decision.option_ids)
        logits = policy.seat_logits(game, det, seat)
        if min(numbers) < 0:  # an option the draw does not have: never taken while another is
            return max(range(len(numbers)), key=lambda i: logits[numbers[i]] if numbers[i] >= 0 else -np.inf)
        return int(np.argmax(logits[list(numbers)]))  # the first of equal best: deterministic

    def __repr__(self) -> str:
        return f"LearnedBot(seed={self.seed!r}, path={self.path!r})"


class OptionPrior:
    """The game's shipped policy as a prior over a decision's options, for a search (ISMCTS's root,
    docs/bots.md): the softmax of the network's logits over the legal options, by option code. None
    where the game ships no policy or its policy does not fit the table (another number of seats,
    options that change the observation). The observation is its seat's, so it is the same for
    every determinization of that seat: one forward pass a decision."""

    __slots__ = ("_fitted",)

    def __init__(self) -> None:
        self._fitted = FittedPolicy()

    def probabilities(self, state: Any, seat: int) -> dict[Any, float] | None:
        """{option code: probability} of `seat`'s pending decision in `state` (a determinization of
        that seat's view), or None without a fitting policy."""
        game = game_of(state.game_name)
        try:
            policy = self._fitted.policy(game, state, lambda: shipped_policy(game))
        except BotError:  # no policy shipped, or none for this table
            return None
        d = state.decision(seat)
        logits = policy.seat_logits(game, state, seat)
        chosen = logits[list(game.action_numbers(state, d))].astype(np.float64)
        weights = np.exp(chosen - chosen.max())
        weights /= weights.sum()
        return {code: float(w) for code, w in zip(d.codes, weights, strict=True)}
