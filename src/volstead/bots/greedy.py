"""Greedy: one decision of lookahead, scored by the game's evaluation.

For each option of its decision the bot:

1. draws one determinization of its seat's view (`sampler(rng)`; the same one
   for every option, so options are compared on the same hidden cards);
2. clones it and applies the option;
3. plays forward while the next decision belongs to another seat (rivals'
   replies, random with a generator seeded once per choice, the same for
   every option: the engine's `Lcg`, cheap to seed), at most `horizon` decisions (default 8), and through
   forced decisions (a single option, anyone's: not counted in `horizon`,
   the game takes them without asking); automatic steps (income, draws,
   Raids) run as part of each decision;
4. scores the result with the game's `evaluate(state, seat)` hook: its own
   value minus the best rival's value (the final scores once the game ends).

When an option leads straight to another decision of its own of a different
kind (choosing an order, then which card it hires; `follow_through`, on by
default), the option is worth the best of that follow-up's options, each
scored as above: an order is judged by what it brings, not by what it costs
before its result is there (without this, greedy never takes an action
whose price is paid before its choice is made).

The best score wins; ties are broken by the bot's own generator. With
`samples` > 1 the scores are averaged over that many determinizations.
Without a sampler (a harness that gives none) it plays like `random`.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from typing import Any

from volstead.engine.rng import Lcg
from volstead.engine.state import GameState  # typed: compiled, its methods are called directly

from .base import BotDecision, GamePolicy, evaluator, greedy_horizon, policy_answer, policy_of

HORIZON = 8  # rivals' decisions played on, for a game that does not set its own (`greedy_horizon`)


def relative_value(evaluate: Callable[..., Any], state: Any, seat: int) -> float:
    values = evaluate(state)
    best_rival = 0.0
    first = True
    for r in range(len(values)):  # a loop, not max() over a generator: both generic calls compiled
        if r != seat and (first or values[r] > best_rival):
            best_rival = float(values[r])  # a game may score in ints
            first = False
    return float(values[seat]) - best_rival


def root_indices(det, decision: BotDecision) -> list[int]:
    """Index in the determinization's decision of each option of `decision`."""
    d = det.decision()
    if tuple(d.codes) == tuple(decision.codes):
        return list(range(len(decision.codes)))
    ids = d.option_ids
    pos = {oid: i for i, oid in enumerate(ids)}
    return [pos.get(oid, -1) for oid in decision.option_ids]


class GreedyBot:
    name = "greedy"
    instant = False
    reads_view = False  # decides from determinizations (the sampler) alone

    def __init__(self, seed: int | str | None = None, horizon: int | None = None, samples: int = 1, follow_through: bool = True):
        self.seed = seed
        self.rng = random.Random(seed)
        self.horizon = horizon
        self.samples = samples
        self.follow_through = follow_through

    def _score(
        self,
        s: GameState,
        seat: int,
        evaluate: Callable[..., Any],
        reply_draws: Lcg,
        policy: GamePolicy | None,
        horizon: int,
    ) -> float:
        """Rivals' replies (the game's policy where it has one, else random with the same draws for
        every option) up to `horizon`, then the relative value."""
        replies = reply_draws.copy()
        k = 0
        while k < horizon and not s.is_over():
            d = s.decision()
            m = len(d.codes)
            if m == 1:  # forced: no choice to make, for anyone
                s.apply_index(0)
                continue
            if d.seat == seat:
                break
            j = policy.choose(s) if policy is not None and d.kind in policy.kinds else None
            s.apply_index(replies.randrange(m) if j is None else j)
            k += 1
        value = relative_value(evaluate, s, seat)
        s.release()  # dropped by every caller: freed now, not by the cycle collector
        return value

    def _option_value(
        self,
        s: GameState,
        seat: int,
        root_kind: str,
        evaluate: Callable[..., Any],
        reply_draws: Lcg,
        policy: GamePolicy | None,
        horizon: int,
    ) -> float:
        """The value of `s`, just after an option of a `root_kind` decision was applied."""
        if self.follow_through:
            while not s.is_over() and len(s.decision().codes) == 1:  # forced steps first
                s.apply_index(0)
            if not s.is_over():
                d = s.decision()
                # its own follow-up: the best of it (one the game's policy decides is valued as it
                # stands: the evaluation knows what the policy will make of it)
                if d.seat == seat and d.kind != root_kind and (policy is None or d.kind not in policy.kinds):
                    values = []
                    for k in range(len(d.codes)):
                        t = s.clone()
                        t.apply_index(k)
                        values.append(self._score(t, seat, evaluate, reply_draws, policy, horizon))
                    s.release()
                    return max(values)
        return self._score(s, seat, evaluate, reply_draws, policy, horizon)

    def choose(self, view: dict[str, Any], decision, sampler=None) -> int:
        n = len(decision)
        if n <= 0:
            raise ValueError("the decision has no options to choose from")
        if n == 1:
            return 0
        if sampler is None:
            return self.rng.randrange(n)
        seat = decision.seat
        totals = [0.0] * n
        # Every state looked at is released when dropped (a state and its pending decision point
        # at each other), so the cycle collector is paused while the bot looks ahead: its passes
        # over the short-lived states were a tenth of a greedy game.
        collecting = gc.isenabled()
        gc.disable()
        try:
            for _ in range(self.samples):
                det = sampler(self.rng)
                evaluate = evaluator(det)
                where = root_indices(det, decision)
                policy = policy_of(det)
                answer = policy_answer(det, decision, policy)
                if answer is not None:  # the game's choice: no look-ahead
                    det.release()
                    return answer
                horizon = self.horizon if self.horizon is not None else greedy_horizon(det, HORIZON)
                # not random.Random: seeding one per option cost more than the replies themselves
                reply_draws = Lcg(self.rng.getrandbits(64))
                for i, j in enumerate(where):
                    if j < 0:
                        totals[i] = float("-inf")
                        continue
                    s = det.clone()
                    s.apply_index(j)
                    totals[i] += self._option_value(s, seat, decision.kind, evaluate, reply_draws, policy, horizon)
                det.release()
        finally:
            if collecting:
                gc.enable()
        best = max(totals)
        ties = [i for i, v in enumerate(totals) if v == best]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed!r}, horizon={self.horizon}, samples={self.samples})"
