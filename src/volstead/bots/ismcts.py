"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley & Whitehouse (2012). One tree for the bot's own information
set; every iteration:

1. takes a determinization of the seat's view (`sampler(rng)`, the bot's own
   `random.Random`, so thinking never touches the game's dice or decks). One
   determinization serves `reuse` consecutive iterations (default the game's
   `search_reuse`, else 4; each on its own clone, the root's options computed
   once): a quarter of the sampling cost, at the price of averaging over fewer
   hidden deals (50 instead of 200 per decision at the default budget);
2. descends the tree in that determinization: at each decision (any seat's)
   the options legal there are the node's available children; an untried one
   is expanded, else UCB1 picks among them using availability counts
   (`w/n + c·sqrt(ln(avail)/n)`, `c = exploration`, default 0.35), each node
   scored from the point of view of the seat that chose it. Below the root,
   progressive widening: a node passed n times has at most
   ceil(widen_c · n^widen) children of a kind (default 1 · n^0.5), so its
   tried options are revisited instead of every option of a rival's large
   menu being tried once (each scored after one random reply) before any is
   tried again (`widen=None`: the old rule). Decisions with a
   single option are applied without a node. When the bot's own decision is
   one the game's policy plays (`Game.policy_kinds`/`policy_choice`: the
   option of highest expected value by the game's own odds, where its dice
   decide; greedy follows it too), the policy's answer is played without a
   search. Below the root such decisions are searched like any other: asking
   the policy there, or stopping the descent at them (the evaluation values
   a position pending there), cost 8.8 and 4.1 times the instructions of an
   iteration in Prohibition (its Attack appraisal at every visit). Options are keyed by
   decision kind, then option code (`Node.children`). In a secret simultaneous phase each seat's
   private decisions get a bandit of their own (a subtree per seat under the
   node where the phase opened), so a seat's statistics never depend on what
   its rivals chose in private; the phase's outcomes then merge into one node;
3. plays a random rollout of at most `rollout_depth` decisions (default 0:
   the expanded position is scored at once; the game's evaluation already
   values a turn in progress, and random playouts mostly add noise);
4. scores the position for every seat: the real result once the game is
   over (1 shared among the winners), else a softmax of the game's
   `evaluate(state, seat)` (temperature `temperature` in units of the game's
   `evaluation_scale`, default 1: a game scored in dollars might set $25 —
   with $8, a $30 lead already scored ~0.98 and the search could no longer
   tell moves apart), and backs the rewards up the path.

At the root, where the game ships a learned policy that fits the table (issue 37's
`data/policy.npz`), each option's UCB1 value gains a progressive bias of
`prior` × the policy's probability of it / (its visits + 1) (default: the
game's `search_prior`, else 0 — none): the policy, a network distilled from
this search (and fine-tuned against greedy), steers the first visits, the
search's values the later ones.

It plays the most visited root option (ties: the bot's generator). The
budget is `iterations` (default 200, reproducible) or `ms` (wall clock per
decision; then results depend on the machine's speed). A wall-clock search
stops as soon as its answer is settled: when the most visited option leads the
next by more visits than the time left could give at the rate so far (`settle`,
on by default for `ms` budgets only, so iteration budgets replay exactly as
before). The pick is the one the full budget would give, a tenth or so sooner
(UCB keeps the runner-up close, so a search seldom settles early by much).
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable
from typing import Any, Final

from volstead.engine.decision import Decision
from volstead.engine.state import GameState

from .base import BotDecision, clone_deciding, game_of, policy_answer, policy_of, search_prior, search_reuse, search_root_weight
from .learned import OptionPrior

DEFAULT_ITERATIONS: Final = 200
DEFAULT_ROLLOUT_DEPTH: Final = 0  # evaluate the expanded position at once (no random playout)
DEFAULT_REUSE: Final = 4  # iterations per determinization
DEFAULT_WIDEN: Final = 0.5  # progressive widening's exponent below the root (see _select)
DEFAULT_WIDEN_C: Final = 1.0  # and its factor
DEFAULT_ROOT_WEIGHT: Final = 0  # extra visits credited to a root option's first evaluation (see _iterate)
DEFAULT_PRIOR: Final = 0.0  # weight of the shipped policy's progressive bias at the root (see _select)
GC_EVERY: Final = 5000  # iterations between two young-generation collections in a search (see choose)
SETTLE_EVERY: Final = 16  # iterations between two looks at whether a search's answer is settled


# ln(n) for the availability counts UCB1 reads, computed once each: `math.log` parses its
# arguments as a tuple (it takes an optional base), and a search took one for every option at
# every node it passed (with the call, 15 % of a search's instructions). The same values as
# `math.log(n)`, so the same choices. Counts beyond the table (searches of hundreds of thousands
# of iterations) call it directly.
_LOGS: Final[list[float]] = [0.0, 0.0]
_LOG_TABLE_SIZE: Final = 1 << 16


def log_count(n: int) -> float:
    """`math.log(n)` for a count n >= 1, from a table grown on demand."""
    if n < len(_LOGS):
        return _LOGS[n]
    if n >= _LOG_TABLE_SIZE:
        return math.log(n)
    for k in range(len(_LOGS), n + 1):
        _LOGS.append(math.log(k))
    return _LOGS[n]


# The key, in `Node.children`, of the nodes a simultaneous phase hangs below the one where it
# opened (`("phase",)`, `("lane", seat)`, `("after",)`): no decision kind, which is a string.
PHASE: Final = None


class Node:
    __slots__ = ("children", "visits", "reward", "avail", "by_position", "position_codes", "position_kind")

    def __init__(self) -> None:
        # decision kind -> option code -> child. Two levels, not one dict on (kind, code): a search
        # looks up every option at every node it passes, and the pair was a tuple built, hashed and
        # compared at each lookup (8 % of a search).
        self.children: dict[str | None, dict[Any, Node]] = {}
        # The children of the options the node was last passed with (`position_kind`, `position_codes`),
        # by position (None: untried): the next pass with the same options (most, and every one at the
        # root) reads them from this list, not by a dict lookup each; kept with `children` by `_select`.
        self.by_position: list[Node | None] = []
        self.position_codes: tuple[Any, ...] | None = None
        self.position_kind: str | None = None
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


def _phase_node(parent: Node, key: tuple) -> Node:
    """The node `key` below `parent` that a simultaneous phase uses (made on first use)."""
    below = parent.children.get(PHASE)
    if below is None:
        below = parent.children[PHASE] = {}
    child = below.get(key)
    if child is None:
        child = below[key] = Node()
    return child


class ISMCTSBot:
    name = "ismcts"
    instant = False
    reads_view = False  # decides from determinizations (the sampler) alone

    def __init__(
        self,
        seed: int | str | None = None,
        iterations: int | None = None,
        ms: float | None = None,
        rollout_depth: int = DEFAULT_ROLLOUT_DEPTH,
        exploration: float = 0.35,
        temperature: float = 1.0,
        reuse: int | None = None,
        max_seconds: float | None = None,
        follow_policy: bool = True,
        widen: float | None = DEFAULT_WIDEN,
        widen_c: float = DEFAULT_WIDEN_C,
        root_weight: int | None = None,
        prior: float | None = None,
        settle: bool | None = None,
    ):
        if iterations is not None and ms is not None:
            raise ValueError("give a budget in iterations or in ms, not both")
        if iterations is None and ms is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if ms is not None and ms <= 0:
            raise ValueError("ms must be positive")
        if reuse is not None and reuse < 1:
            raise ValueError("reuse must be at least 1")
        if widen is not None and not 0.0 <= widen <= 1.0:
            raise ValueError("widen must be between 0 and 1 (or None: no progressive widening)")
        if widen_c <= 0.0:
            raise ValueError("widen_c must be positive")
        if root_weight is not None and root_weight < 0:
            raise ValueError("root_weight must be at least 0")
        if prior is not None and prior < 0.0:
            raise ValueError("prior must be at least 0")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.ms = ms
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.temperature = temperature
        self.reuse = reuse
        self.follow_policy = follow_policy  # the game's policy answers its own decisions (see choose)
        # progressive widening below the root: a node visited n times has at most ceil(widen_c · n^widen)
        # children of a kind (None: every option is tried before any is revisited)
        self.widen = widen
        self.widen_c = widen_c
        # extra visits a root option's first evaluation counts for (None: the game's search_root_weight)
        self.root_weight = root_weight
        # the weight of the game's shipped policy as a bias at the root (0: none; None: the game's
        # search_prior; see _select)
        self.prior = prior
        # stop once the most visited root option cannot be overtaken in the budget left (None: for
        # wall-clock budgets only; see _search)
        self.settle = ms is not None if settle is None else settle
        self._option_prior = OptionPrior()
        self.max_seconds = max_seconds  # a hard cap on any search, whatever the budget (a server's think time)
        self.last_iterations = 0  # iterations run by the last search (for budgets and benchmarks)
        self.last_settled = False  # the last search stopped early, its answer settled (see _search)
        self.keep_tree = False  # keep the last search's tree in `last_tree` (tests read it)
        self.last_tree: Node | None = None
        self.clock: Callable[[], float] = time.perf_counter  # the budget's clock (tests give a fake one)
        # (game name, the game's evaluation hook, its temperature), looked up once. Typed: this module
        # is compiled (setup.py), and a compiled attribute keeps the type it is declared with.
        self._evaluate: tuple[str, Callable[..., Any], float] | None = None

    # ---------------------------------------------------------------- search
    def choose(self, view: dict[str, Any], decision, sampler=None) -> int:
        n = len(decision)
        if n <= 0:
            raise ValueError("the decision has no options to choose from")
        self.last_iterations = 0
        self.last_settled = False
        if n == 1:
            return 0
        if sampler is None:
            return self.rng.randrange(n)
        # The search allocates states, steps and nodes by the hundred an iteration, and each dies by
        # reference counting (each iteration releases its played-out state, whose pending decision
        # points back at it); the cycle collector's passes over them were 7 % of a search. It is
        # paused while the search runs; a young-generation pass every GC_EVERY iterations bounds
        # what a cycle that slips through could hold.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(decision, sampler, collecting)
        finally:
            if collecting:
                gc.enable()

    def _search(self, decision: BotDecision, sampler: Callable[[random.Random], Any], collecting: bool) -> int:
        root_keys = {c: i for i, c in enumerate(decision.codes)}  # code -> index, of the root's kind
        rng = self.rng
        seat = decision.seat
        clock = self.clock
        start = clock()
        det = sampler(rng)
        # Where the game has a policy (the option of highest expected value by its own odds, at the
        # decisions its dice decide), its answer is the bot's, as greedy's: no iterations spent
        # learning odds the game knows exactly.
        if self.follow_policy:
            answer = policy_answer(det, decision, policy_of(det))
            if answer is not None:
                det.release()
                return answer
        root = Node()
        done = 0
        # The shipped policy's probabilities of the root's options, times the weight (None: the game
        # ships no policy that fits this table, or the weight is 0). One forward pass a decision: the
        # observation is the seat's own, the same for every determinization.
        prior: dict[Any, float] | None = None
        weight = self.prior if self.prior is not None else search_prior(det, DEFAULT_PRIOR)
        if weight > 0.0:
            probabilities = self._option_prior.probabilities(det, seat)
            if probabilities is not None:
                prior = {code: weight * p for code, p in probabilities.items()}
        reuse = self.reuse if self.reuse is not None else search_reuse(det, DEFAULT_REUSE)
        root_weight = self.root_weight if self.root_weight is not None else search_root_weight(det, DEFAULT_ROOT_WEIGHT)
        limits = [s for s in (None if self.ms is None else self.ms / 1000.0, self.max_seconds) if s is not None]
        deadline = start + min(limits) if limits else None
        budget = self.iterations
        settle = self.settle
        looping = clock()  # the rate the time left is judged by leaves out the set-up above
        out_of_time = False
        while not out_of_time:
            if det is None:
                det = sampler(rng)
            d0 = det.decision(seat)  # the root's options, computed once per determinization
            for k in range(reuse):
                self._iterate(
                    root, decision.kind, root_keys, det if k == reuse - 1 else clone_deciding(det, d0), seat, root_weight, prior
                )
                done += 1
                if collecting and done % GC_EVERY == 0:
                    gc.collect(0)
                now = clock() if deadline is not None else 0.0
                out_of_time = (budget is not None and done >= budget) or (deadline is not None and now >= deadline)
                if not out_of_time and settle and done % SETTLE_EVERY == 0:
                    left = math.inf if budget is None else float(budget - done)
                    if deadline is not None:
                        # the iterations the time left would give at the rate so far (a search's later
                        # iterations, in a deeper tree, are no faster: an over-estimate, so a safe one)
                        left = min(left, done * (deadline - now) / max(now - looping, 1e-9))
                    if _settled(root, decision.kind, root_keys, left + root_weight):
                        out_of_time = self.last_settled = True
                if out_of_time:
                    break
            det = None
        self.last_iterations = done
        if self.keep_tree:
            self.last_tree = root
        return self._best(root, root_keys, decision)

    def _best(self, root: Node, root_keys: dict[Any, int], decision: BotDecision) -> int:
        best, picks = -1, []
        for code, child in root.children.get(decision.kind, {}).items():
            i = root_keys.get(code)
            if i is None:
                continue
            if child.visits > best:
                best, picks = child.visits, [i]
            elif child.visits == best:
                picks.append(i)
        if not picks:
            return self.rng.randrange(len(decision))
        picks.sort()
        return picks[0] if len(picks) == 1 else self.rng.choice(picks)

    def _iterate(
        self,
        root: Node,
        root_kind: str,
        root_keys: dict[Any, int],
        s: GameState,
        seat: int,
        root_weight: int,
        prior: dict[Any, float] | None,
    ) -> None:
        rng = self.rng
        c = self.exploration
        widen = -1.0 if self.widen is None else self.widen  # a float for the compiled _select (< 0: off)
        widen_c = self.widen_c
        node = root
        path: list[tuple[Node, int]] = []
        d = s.decision(seat)  # the root: the bot's own decision (in a simultaneous phase, one of several)
        # In a simultaneous phase: the node where it opened, and each seat's own cursor below it.
        phase: Node | None = None
        cursors: dict[int, Node] = {}
        if d.lane:  # rivals' private decisions of this phase hang under one node beside the root's options
            phase, cursors = _phase_node(root, ("phase",)), {seat: root}
        while True:
            codes = d.codes
            if len(codes) == 1:
                s.apply_index(0, d.seat)
            else:
                if d.lane:
                    if phase is None:
                        phase, cursors = node, {}
                    cursor = cursors.get(d.seat)
                    if cursor is None:
                        cursor = cursors[d.seat] = _phase_node(phase, ("lane", d.seat))
                    node = cursor
                elif phase is not None:  # the phase is over: its outcomes merge into one node
                    node = _phase_node(phase, ("after",))
                    phase = None
                expanded, picked = self._select(node, d, root, root_kind, root_keys, s, path, rng, c, widen, widen_c, prior)
                if picked is None:  # nothing legal from this node
                    break
                node = picked
                if d.lane:
                    cursors[d.seat] = node
                if expanded:
                    break
            if s.is_over():
                break
            d = s.decision()
        depth = 0
        random_ = rng.random
        while depth < self.rollout_depth and not s.is_over():
            d = s.decision()
            s.apply_index(int(random_() * len(d.codes)), d.seat)
            depth += 1
        rewards = self._rewards(s)
        for child, mover in path:
            child.visits += 1
            child.reward += rewards[mover]
        # A root option's first evaluation (the position its option leads to, scored as greedy
        # would at a horizon of 0) counts as 1 + root_weight visits: a prior the search's later,
        # noisier visits (each after random replies below) must outweigh to change the choice.
        if root_weight > 0 and len(path) == 1 and path[0][0].visits == 1:
            first, mover = path[0]
            first.visits += root_weight
            first.reward += root_weight * rewards[mover]
        s.release()  # the played-out state is dropped: freed now, not by the cycle collector

    @staticmethod
    def _select(
        node: Node,
        d: Decision,
        root: Node,
        root_kind: str,
        root_keys: dict[Any, int],
        s: GameState,
        path: list[tuple[Node, int]],
        rng: random.Random,
        c: float,
        widen: float,
        widen_c: float,
        prior: dict[Any, float] | None,
    ) -> tuple[bool, Node | None]:
        """Pick an option of `d` at `node` (UCB1, or expand an untried one) and apply it;
        (expanded, the child node) — the child is None when nothing is legal from `node`.
        At the root, `prior` (option code -> weight × the shipped policy's probability) adds a
        progressive bias (Chaslot et al. 2008), prior / (visits + 1): the policy steers the early
        visits, the search's values the later ones.
        Compiled, `children.get` and `math.sqrt` are direct C calls (bound to locals they were
        generic calls: a sixth of a search); the logarithms come from a table (`log_count`)."""
        codes = d.codes
        kind = d.kind
        children = node.children.get(kind)
        if children is None:
            children = node.children[kind] = {}
        untried: list[int] = []  # positions in `codes` (not (position, code) pairs: a tuple each)
        best_i, best_u, best_child = -1, -1.0, None
        # The root's children are options of the real decision only, so only an untried option needs
        # the check that it is one (an option of this determinization alone is not).
        check_root = node is root
        bias = prior if check_root else None
        foreign_kind = check_root and kind != root_kind
        kids = node.by_position
        if node.position_kind != kind or (node.position_codes is not codes and node.position_codes != codes):
            kids = [children.get(code) for code in codes]
            node.by_position, node.position_codes, node.position_kind = kids, codes, kind
        for i in range(len(codes)):
            child = kids[i]
            if child is None:
                if check_root and (foreign_kind or codes[i] not in root_keys):
                    continue
                untried.append(i)
                continue
            avail = child.avail + 1
            child.avail = avail
            visits = child.visits
            log_avail = _LOGS[avail] if avail < len(_LOGS) else log_count(avail)  # `log_count`, its table read here
            u = child.reward / visits + c * math.sqrt(log_avail / visits)
            if bias is not None:
                u += bias.get(codes[i], 0.0) / (visits + 1)
            if u > best_u:
                best_i, best_u, best_child = i, u, child
        mover = d.seat
        # Progressive widening (Coulom 2007; Chaslot et al. 2008), below the root: a node passed n
        # times has at most ceil(widen_c · n^widen) children of this kind; past that its tried options
        # are revisited by UCB1 instead. Without it every option of a node is tried once before any
        # is tried again, so at a rival's menu of 20 a branch's first 20 visits each scored a random
        # reply. An option tried in another determinization counts; a node none of whose children
        # is legal here expands one all the same. The root tries every option (it is the bot's
        # choice), and so do the nodes a secret phase hangs its lanes under (never on a path: no
        # visits counted).
        if (
            untried
            and best_child is not None
            and widen >= 0.0
            and not check_root
            and node.visits > 0
            and len(children) >= widen_c * math.pow(float(node.visits), widen)  # `**`: typed Any, a generic compare
        ):
            untried = []
        if untried:
            i = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
            child = Node()
            code = codes[i]
            children[code] = child
            for j in range(len(codes)):  # every position of the code (were one listed twice)
                if codes[j] == code:
                    kids[j] = child
            s.apply_index(i, mover)
            path.append((child, mover))
            return True, child
        if best_child is None:  # nothing legal from this node (cannot happen at the root)
            return False, None
        s.apply_index(best_i, mover)
        path.append((best_child, mover))
        return False, best_child

    def _rewards(self, s: GameState) -> list[float]:
        seats = s.seats
        if s.is_over():
            winners = s.result().winners
            share = 1.0 / len(winners) if winners else 0.0
            return [share if k in winners else 0.0 for k in range(seats)]
        cached = self._evaluate
        if cached is None or cached[0] != s.game_name:
            game = game_of(s.game_name)
            cached = self._evaluate = (s.game_name, game.evaluate, self.temperature * game.evaluation_scale)
        values = [float(v) for v in cached[1](s)]  # a game may score in ints
        t: float = cached[2]
        # Loops, not max()/sum() (generic calls compiled): a softmax of the values at temperature t.
        top: float = values[0]
        for v in values:
            if v > top:
                top = v
        weights = []
        total = 0.0
        for v in values:
            w = math.exp((v - top) / t)
            weights.append(w)
            total += w
        return [w / total for w in weights]

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else f"ms={self.ms}"
        return f"ISMCTSBot(seed={self.seed!r}, {budget}, rollout_depth={self.rollout_depth})"


def _settled(root: Node, kind: str, root_keys: dict[Any, int], left: float) -> bool:
    """Whether the root's most visited option (the one `_best` plays) leads every other by more
    than `left` visits: the iterations still to come cannot change the answer."""
    first = second = 0
    for code, child in root.children.get(kind, {}).items():
        if code in root_keys:
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
    return first - second > left
