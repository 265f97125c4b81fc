"""What a bot is given: its seat's view, a public decision, and a sampler.

`BotDecision` is the pending decision without the state behind it (the
engine's `Decision` keeps a reference to the real state, hidden cards and
all). `ask_bot` is the one place that turns a real state into what a bot may
see; the CLI and the simulator both go through it:

- `view`: `state.view(seat)` (an empty dict for a bot with `reads_view = False`:
  the searching bots, which decide from the sampler alone);
- `decision`: a `BotDecision` (seat, kind, codes, option_ids);
- `sampler(rng)`: `state.determinize(seat, rng)`, a full state the seat
  cannot tell apart from the real one, drawn with the bot's own generator.

The sampler is a closure over the real state, but the bot only ever receives
determinizations from it, so searching bots (greedy, ismcts) see exactly what
the seat could know.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from volstead.engine.state import GameState

Sampler = Callable[[Any], Any]


class BotDecision:
    """A pending decision as a bot sees it: no reference to the game state."""

    __slots__ = ("seat", "kind", "codes", "option_ids")

    def __init__(self, seat: int, kind: str, codes: tuple, option_ids: tuple[str, ...]):
        self.seat = seat
        self.kind = kind
        self.codes = codes
        self.option_ids = option_ids

    @classmethod
    def of(cls, decision) -> BotDecision:
        return cls(decision.seat, decision.kind, tuple(decision.codes), tuple(decision.option_ids))

    def __len__(self) -> int:
        return len(self.codes)

    def __repr__(self) -> str:
        return f"BotDecision(seat={self.seat}, kind={self.kind!r}, options={len(self.codes)})"


def public_decision(decision) -> BotDecision:
    return BotDecision.of(decision)


def make_sampler(state, seat: int) -> Sampler:
    return functools.partial(_determinize, state, seat)


def _determinize(state, seat, rng):
    det = state.determinize(seat, rng)
    det.without_rivals_private(seat)  # rivals' secret steps of an open simultaneous phase
    return det


def ask_bot(bot: Any, state: GameState, skip_forced: bool = False, seat: int | None = None) -> int:
    """Ask `bot` for the index of its option in `state`'s pending decision (that of `seat`
    when several seats decide at once, in a simultaneous phase).

    With `skip_forced`, a decision with a single option is taken without
    asking (the simulator does this; the bot's generator is then not drawn).
    """
    d = state.decision(seat)
    if skip_forced and len(d.codes) == 1:
        return 0
    if bot.instant:  # answers from how many options there are: no view, no option ids, no sampler
        return bot.pick(len(d.codes))
    # A bot that decides from its sampler alone says so (`reads_view = False`): the view was a
    # tenth of a four-greedy game, built and never read.
    view = state.view(d.seat) if getattr(bot, "reads_view", True) else {}
    return bot.choose(view, BotDecision.of(d), make_sampler(state, d.seat))


def clone_deciding(state, decision):
    """A clone of `state` that keeps its pending decision(s) instead of recomputing them
    (`GameState.clone_deciding`; `decision`, one of them, is kept for the callers' sake).

    `GameState.clone()` forgets the pending decision (a `Decision` points at its
    state); the options are a function of the state, so a search that clones
    one determinization many times computes them once and rebinds them here,
    a simultaneous phase's several pending decisions included (rebuilding them
    settled every lane again: a twentieth of a Mafia search).
    """
    return state.clone_deciding()


# ------------------------------------------------------------ game hooks
@functools.cache
def game_of(name: str):
    from volstead.games import get_game

    return get_game(name)


def evaluator(state) -> Callable[..., Any]:
    """The game's `evaluate(state, seat=None)` (seat None: a list, every seat's value)."""
    return game_of(state.game_name).evaluate


class GamePolicy:
    """A game's own choice at some decisions (`Game.policy_choice`, for the decision kinds in
    `Game.policy_kinds`): where the game knows the option of highest expected value better than
    a look-ahead through one roll of its dice would (None from `choose`: search it). The game's
    evaluation values a position pending at one of these decisions as it stands."""

    __slots__ = ("kinds", "choose")

    def __init__(self, kinds: frozenset[str], choose: Callable[[Any], int | None]):
        self.kinds = kinds
        self.choose = choose


def policy_of(state) -> GamePolicy | None:
    """The game's `GamePolicy`, or None for a game without `policy_kinds`."""
    game = game_of(state.game_name)
    kinds = getattr(game, "policy_kinds", None)
    if not kinds:
        return None
    return GamePolicy(kinds, game.policy_choice)


def policy_answer(det, decision: BotDecision, policy: GamePolicy | None) -> int | None:
    """The game's own answer at the bot's `decision` (`policy`, the game's `policy_of`), as an
    index of the decision's options, found in the determinization `det`: what every bot plays
    there without looking ahead (greedy, ISMCTS, the learned bot). None where the game has no
    policy for this kind of decision or leaves this one to the bot, in a secret phase's lane, or
    where the answer is none of the decision's options."""
    if policy is None or decision.kind not in policy.kinds:
        return None
    d = det.decision(decision.seat)
    if d.lane:
        return None
    j = policy.choose(det)
    if j is None:
        return None
    code = d.codes[j]
    codes = decision.codes
    for i in range(len(codes)):
        if codes[i] == code:
            return i
    return None


def greedy_horizon(state, default: int) -> int:
    """How many rivals' decisions greedy plays on before it scores: the game's optional
    `greedy_horizon` (0 for a game whose evaluation values a position at a rival's decision, what
    is under way included), else `default`."""
    return getattr(game_of(state.game_name), "greedy_horizon", default)


def search_reuse(state, default: int) -> int:
    """How many consecutive ISMCTS iterations one determinization serves: the game's optional
    `search_reuse` (a game whose determinization costs as much as several iterations sets more),
    else `default`."""
    return getattr(game_of(state.game_name), "search_reuse", default)


def search_root_weight(state, default: int) -> int:
    """How many extra visits ISMCTS credits a root option's first evaluation with: the game's
    optional `search_root_weight` (a game whose evaluation values a position at once, what is under
    way included, sets it), else `default`."""
    return getattr(game_of(state.game_name), "search_root_weight", default)


def search_prior(state, default: float) -> float:
    """The weight ISMCTS gives the game's shipped policy at its root (a progressive bias, weight ×
    the policy's probability of an option / (its visits + 1)): the game's optional `search_prior`
    (a game whose policy was measured to steer the search well sets it), else `default`."""
    return float(getattr(game_of(state.game_name), "search_prior", default))
