"""A seat's observation and action mask as arrays, from the game contract's learning hooks.

A game that implements `Game.observation_fields`, `encode_observation`, `action_count` and
`action_numbers` (engine/contract.py; docs/learning.md) is an environment: this module turns its
hooks into what PettingZoo's classic games give, `{"observation": float32 (D,), "action_mask":
int8 (N,)}` over the action space Discrete(N), and an action number back into the index of an
option. It needs numpy only (no Gymnasium, except `make_spaces`): the learned bot encodes its seat
with it in a plain install.

What depends only on the game, its seats and options (the layout: D, N, the bounds) is computed once
per (game, seats, options) and cached (`layout_of`); each observation is then one call of the game's
encoder, one array from its list and one mask, both new arrays on every call (the callers keep them:
Gymnasium's checker refuses returned data that a later call changes).
"""

from __future__ import annotations

import importlib.machinery
import operator
from typing import TYPE_CHECKING, Any

import numpy as np

from volstead.engine import observation as packing
from volstead.engine.contract import Game, GameOptions
from volstead.engine.decision import Decision
from volstead.engine.errors import IllegalOptionError, VolsteadError
from volstead.engine.state import GameState

if TYPE_CHECKING:
    from gymnasium import spaces

OBSERVATION_DTYPE = np.float32
MASK_DTYPE = np.int8
# The compiled packer reads an encoder's list ~5x faster than numpy does; interpreted, numpy is faster.
PACKED = (packing.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


class IllegalActionError(IllegalOptionError):
    """An action number that is not one of the pending decision's options (or no action number)."""


class Layout:
    """What one (game, seats, options) fixes: the observation's fields, length and bounds, and N."""

    __slots__ = ("game", "seats", "options", "fields", "size", "action_count", "low", "high", "last")

    def __init__(self, game: Game, seats: int, options: GameOptions):
        fields = game.observation_fields(seats, options)
        if not fields:
            raise VolsteadError(f"{game.title} has no observation encoder (Game.observation_fields is empty)")
        n = game.action_count(seats, options)
        if n <= 0:
            raise VolsteadError(f"{game.title} has no action numbering (Game.action_count is {n})")
        low: list[float] = []
        high: list[float] = []
        for f in fields:
            if f.size <= 0 or not f.low <= f.high:
                raise VolsteadError(f"{game.title}'s observation field {f.name!r} has size {f.size}, [{f.low}, {f.high}]")
            low += [f.low] * f.size
            high += [f.high] * f.size
        self.game = game
        self.seats = seats
        self.options = options
        self.fields = fields
        self.size = len(low)
        self.action_count = n
        self.low = np.array(low, dtype=OBSERVATION_DTYPE)
        self.high = np.array(high, dtype=OBSERVATION_DTYPE)
        self.low.flags.writeable = False  # shared by every env of the layout: copied into spaces
        self.high.flags.writeable = False
        # The last decision numbered and its numbers (`numbers_of`): the mask of an observation and
        # the step that follows it number the same decision once.
        self.last: tuple[Decision | None, tuple[int, ...]] = (None, ())

    def field_slices(self) -> dict[str, slice]:
        """Each field's part of the observation array, by name."""
        out: dict[str, slice] = {}
        at = 0
        for f in self.fields:
            out[f.name] = slice(at, at + f.size)
            at += f.size
        return out

    def __repr__(self) -> str:
        return f"Layout({self.game.name}, seats={self.seats}, D={self.size}, N={self.action_count})"


_LAYOUTS: dict[tuple[str, int, GameOptions], Layout] = {}  # by value: (game name, seats, options)
# The hot path's look-up, by the identity of the game and of the state's options object (shared by
# a game's clones): no hashing of options per observation. Each entry holds its options, so an id is
# not reused while cached; cleared when it grows (a new Options object per game created without options).
_BY_ID: dict[tuple[int, int, int], tuple[Layout, GameOptions]] = {}
_BY_ID_LIMIT = 256


def layout_of(game: Game, seats: int, options: GameOptions | dict[str, Any] | None = None) -> Layout:
    """The cached layout of `game` with `seats` and `options` (the game's Options, their JSON, or
    None for the defaults); a VolsteadError if the game has no encoder."""
    resolved = game.resolve_options(options)
    key = (game.name, seats, resolved)
    found = _LAYOUTS.get(key)
    if found is None or found.game is not game:
        found = _LAYOUTS[key] = Layout(game, seats, resolved)
    return found


def state_layout(game: Game, state: GameState) -> Layout:
    """The layout of the game `state` is a position of (cached by identity: the hot path's)."""
    key = (id(game), state.seats, id(state.options))
    found = _BY_ID.get(key)
    if found is not None:
        return found[0]
    if len(_BY_ID) >= _BY_ID_LIMIT:
        _BY_ID.clear()
    layout = layout_of(game, state.seats, state.options)
    _BY_ID[key] = (layout, state.options)  # holds the options: their id is not reused while cached
    return layout


def pending_decision(state: GameState, seat: int) -> Decision | None:
    """`seat`'s pending decision, or None when it is not asked now (or the game is over)."""
    if not state.stack:
        return None
    for d in state.decisions():
        if d.seat == seat:
            return d
    return None


def numbers_of(layout: Layout, state: GameState, decision: Decision) -> tuple[int, ...]:
    """`game.action_numbers(state, decision)`, remembered for the last decision asked about. A
    Decision belongs to one position of its state (the state makes new ones when it moves on; a
    secret phase keeps a seat's while only its rivals move, and its options with it), and the cache
    holds it, so its identity is not reused while cached."""
    last = layout.last
    if last[0] is decision:
        return last[1]
    numbers = layout.game.action_numbers(state, decision)
    layout.last = (decision, numbers)
    return numbers


def encode(layout: Layout, state: GameState, seat: int, asked: bool = True) -> dict[str, np.ndarray]:
    """`observe` with the layout already at hand (the environments'): the observation of `seat`, and
    the mask of its pending decision (all zeros when it has none, or when `asked` is False: an AEC
    environment's seat that is not the one selected, as PettingZoo's classic games do)."""
    values = layout.game.encode_observation(state, seat)
    if len(values) != layout.size:
        raise VolsteadError(f"{layout.game.title}'s encode_observation gave {len(values)} numbers; its fields have {layout.size}")
    mask = np.zeros(layout.action_count, dtype=MASK_DTYPE)
    if asked:
        d = pending_decision(state, seat)
        if d is not None:
            mask[list(numbers_of(layout, state, d))] = 1
    return {"observation": float32_array(values), "action_mask": mask}


def float32_array(values: list[float]) -> np.ndarray:
    """An encoder's numbers as a new, writable float32 array."""
    if PACKED and type(values) is list:
        return np.frombuffer(packing.float32_bytes(values), dtype=OBSERVATION_DTYPE).copy()
    return np.array(values, dtype=OBSERVATION_DTYPE)


def observe(game: Game, state: GameState, seat: int) -> dict[str, np.ndarray]:
    """What `seat` observes of `state`: {"observation": float32 (D,), "action_mask": int8 (N,)}, the
    mask 1 at the number of each option of the seat's pending decision (all zeros if it has none).
    Both arrays are new on every call."""
    return encode(state_layout(game, state), state, seat)


def action_number(action: object) -> int:
    """`action` as an int (a Python or numpy integer, not a bool); an IllegalActionError otherwise."""
    if isinstance(action, bool | np.bool_):
        raise IllegalActionError(f"an action is a whole number, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        shown = repr(action) if len(repr(action)) <= 40 else repr(action)[:37] + "..."
        raise IllegalActionError(f"an action is a whole number, not {shown} ({type(action).__name__})") from None


def option_index(game: Game, state: GameState, decision: Decision, action: object) -> int:
    """The index in `decision` (a pending decision of `state`) of the option numbered `action`; an
    IllegalActionError (a VolsteadError) naming the action when it is not one of them."""
    layout = state_layout(game, state)
    return index_in(layout, state, decision, action, numbers_of(layout, state, decision))


def index_in(layout: Layout, state: GameState, decision: Decision, action: object, numbers: tuple[int, ...]) -> int:
    """`option_index` with the layout and the decision's numbers at hand (the environments')."""
    number = action_number(action)
    try:
        return numbers.index(number)
    except ValueError:
        pass
    game = layout.game
    if not 0 <= number < layout.action_count:
        raise IllegalActionError(
            f"action {number} is out of range: {game.title}'s actions are 0–{layout.action_count - 1}"
        ) from None
    name = game.action_name(number, state.seats, state.options)
    legal = sorted(numbers)
    shown = ", ".join(map(str, legal[:12])) + ("" if len(legal) <= 12 else f", … ({len(legal)} in all)")
    raise IllegalActionError(
        f"action {number} ({name[:60]}) is not legal now: seat {decision.seat}'s {decision.kind} decision takes {shown}"
    ) from None


def make_spaces(layout: Layout) -> tuple[spaces.Dict, spaces.Discrete]:
    """New Gymnasium spaces of a layout (an environment seeds its own: never shared):
    Dict(observation=Box(low, high, float32), action_mask=Box(0, 1, int8)) and Discrete(N)."""
    from gymnasium import spaces

    observation = spaces.Dict(
        {
            "observation": spaces.Box(low=layout.low.copy(), high=layout.high.copy(), dtype=OBSERVATION_DTYPE),
            "action_mask": spaces.Box(low=0, high=1, shape=(layout.action_count,), dtype=MASK_DTYPE),
        }
    )
    return observation, spaces.Discrete(layout.action_count)


def final_rewards(winners: tuple[int, ...] | list[int], seats: int) -> list[float]:
    """Each seat's reward at the end of a game: the winners share +1, the others share -1 (a solo
    game: +1 for a win, -1 for a loss)."""
    won = set(winners)
    losers = seats - len(won)
    return [1.0 / len(won) if s in won else -1.0 / losers for s in range(seats)]
