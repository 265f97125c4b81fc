"""Take-back points: where a seat's decisions stop being its own to take back.

A seat may take back a decision while nothing new became known since it was made: no chance
(the state's random stream moved — a die, a shuffle, a card drawn at random — or, in a secret
phase, the seat's lane's stream), no reveal the game marks (a card turned from a pile shuffled
earlier, which draws no number: `GameState.hidden_piles`), no secret phase closed, and no other
seat's decision after it (the server keeps that part: it sees the order of everyone's decisions).

Nothing here runs on the hot path (apply, clone, options): the server compares a state's marks
before and after a person's decision (`marks`, `closed_by`), and asks, for a person's pending
decision, which options would end the window before they are clicked (`final_options`, a clone
per option, cached by the caller per decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .lanes import Lanes


@dataclass(frozen=True)
class Reason:
    """Why a decision cannot be taken back: `final` says it before the click (what follows the
    option), `since` after it (a refused take-back). `private`: only the deciding seat learnt
    something (its own lane's draw in a secret phase), so other seats' windows stay open."""

    key: str
    final: str
    since: str
    private: bool = False


CHANCE = Reason("chance", "dice are rolled or a card is drawn", "a die was rolled or a card drawn since")
LANE_CHANCE = Reason("chance", "dice are rolled or a card is drawn", "a die was rolled or a card drawn since", True)
REVEAL = Reason("reveal", "a card is drawn or turned", "a card was drawn or turned since")
PHASE = Reason("phase", "the secret phase closes", "the secret phase closed since")
# Said before the click on an option that ends the seat's part of a secret phase, whether or not its
# rivals are done: a warning that appeared when the last rival finished would change (and move) the
# seat's decision while it reads it.
LANE_DONE = Reason(
    "phase", "ends your part of the secret phase, which closes when every seat is done", "the secret phase closed since"
)
# kept by the server, which sees the order of every seat's decisions
RIVAL = Reason("rival", "", "another seat has decided since")
NOTHING = Reason("nothing", "", "nothing to take back")


_CHANCES: dict[tuple[type, bool], Reason] = {}


def chance(state: Any, private: bool) -> Reason:
    """CHANCE (LANE_CHANCE when `private`) in the game's words where its state class says what its
    chance is (`chance_words`: what follows, what happened since; e.g. a game with no dice whose
    chance is its shuffles)."""
    key = (type(state), private)
    reason = _CHANCES.get(key)
    if reason is None:
        words = getattr(type(state), "chance_words", None)
        base = LANE_CHANCE if private else CHANCE
        reason = _CHANCES[key] = base if words is None else Reason("chance", words[0], words[1], private)
    return reason


class Marks(NamedTuple):
    """What `closed_by` compares: the main stream, the seat's lane stream (None outside a secret
    phase or without a lane), whether a secret phase is open, the game's hidden piles."""

    rng: int
    lane_rng: int | None
    in_lanes: bool
    piles: tuple[Any, ...]


def _lane_rng(state: Any, seat: int) -> int | None:
    if not state.in_lanes():
        return None
    lanes = state.stack[-1]
    assert isinstance(lanes, Lanes)
    return lanes.rngs[lanes.seats.index(seat)] if seat in lanes.seats else None


def marks(state: Any, seat: int) -> Marks:
    """`state`'s marks, taken just before `seat` decides."""
    return Marks(state.rng, _lane_rng(state, seat), state.in_lanes(), state.hidden_piles())


def closed_by(before: Marks, state: Any, seat: int) -> Reason | None:
    """Why `seat`'s decision (taken when the state had the marks `before`; `state` is after it)
    cannot be taken back, or None when it can."""
    if before.in_lanes and (not state.in_lanes() or state.rng != before.rng):
        return PHASE  # the barrier lifted (a new phase opening draws from the main stream)
    if state.rng != before.rng:
        return chance(state, False)
    if before.lane_rng is not None and _lane_rng(state, seat) not in (None, before.lane_rng):
        return chance(state, True)
    if state.hidden_piles() != before.piles:
        return REVEAL
    return None


TIMED_OUT = Reason("timeout", "", "the time ran out since")
GAME_OVER = Reason("over", "", "the game is over")


class Windows:
    """Every seat's take-back window over a game's decisions, in the order they were applied (the
    server's stored decisions; the terminal's): `decided` is told each one (`take` applies one and
    tells it), `target` answers what one take-back of a seat removes, `removed` follows a take-back.

    A seat's decisions before `open_from[seat]` are firm (`why[seat]` says why). A public decision
    closes every other seat's window (they have seen it); what a decision made known (`closed_by`)
    closes every seat's, or only its own seat's when only it learnt it (its lane's draw, a card
    turned in its lane); a rival's private step in a secret phase closes nobody's (it is not
    known, and a window closing on it would tell). A take-back removes the seat's last decision of
    its own and the forced ones the server took for it after it (`auto`)."""

    __slots__ = ("open_from", "why", "seats", "auto", "lane", "last_own")

    def __init__(self, seats: int):
        self.open_from = [0] * seats
        self.why = [NOTHING] * seats
        self.seats: list[int] = []  # the seat of each decision
        self.auto: list[bool] = []  # taken by the server (a forced single option, a time-out), not the seat
        self.lane: list[bool] = []  # a private step of a secret phase
        self.last_own = [-1] * seats  # each seat's last decision of its own (-1: none)

    def __len__(self) -> int:
        return len(self.seats)

    def decided(self, seat: int, lane: bool, reason: Reason | None, auto: bool = False) -> None:
        """Note the next decision: `seat`'s, private (`lane`) or not, and what it made known."""
        i = len(self.seats)
        open_from = self.open_from
        if not lane:
            for u in range(len(open_from)):
                if u != seat and open_from[u] < i:
                    open_from[u], self.why[u] = i, RIVAL
        if reason is not None:
            if lane and reason is not PHASE:
                open_from[seat], self.why[seat] = i + 1, reason
            else:
                for u in range(len(open_from)):
                    open_from[u], self.why[u] = i + 1, reason
        self.seats.append(seat)
        self.auto.append(auto)
        self.lane.append(lane)
        if not auto:
            self.last_own[seat] = i

    def take(self, state: Any, index: int, seat: int, auto: bool = False) -> None:
        """Apply option `index` of `seat`'s pending decision to `state` and note it."""
        lane = state.decision(seat).lane
        before = marks(state, seat)
        state.apply_index(index, seat)
        self.decided(seat, lane, closed_by(before, state, seat), auto)

    def close(self, seat: int, reason: Reason) -> None:
        """Make every decision of `seat` so far firm (the server decided for it: a time-out)."""
        self.open_from[seat], self.why[seat] = len(self.seats), reason

    def target(self, seat: int) -> list[int] | Reason:
        """The decisions one take-back of `seat` removes (ascending: its last own decision, then the
        forced ones after it), or why there are none."""
        j = self.last_own[seat]
        if j < 0:
            return NOTHING
        if j < self.open_from[seat]:
            return self.why[seat]
        return [k for k in range(j, len(self.seats)) if self.seats[k] == seat]

    def count(self, seat: int) -> int:
        """How many decisions of its own `seat` may take back, one after the other, now."""
        return sum(1 for k in range(self.open_from[seat], len(self.seats)) if self.seats[k] == seat and not self.auto[k])

    def removed(self, gone: list[int]) -> None:
        """The decisions at `gone` (a `target`) were taken back: later ones move down."""
        drop = set(gone)
        keep = [k for k in range(len(self.seats)) if k not in drop]
        self.seats = [self.seats[k] for k in keep]
        self.auto = [self.auto[k] for k in keep]
        self.lane = [self.lane[k] for k in keep]
        self.open_from = [i - sum(1 for k in gone if k < i) for i in self.open_from]
        self.last_own = [-1] * len(self.last_own)
        for k, seat in enumerate(self.seats):
            if not self.auto[k]:
                self.last_own[seat] = k


def final_options(state: Any, seat: int, follow_forced: bool = True) -> dict[int, Reason]:
    """The options of `seat`'s pending decision that cannot be taken back once taken, by index,
    with the reason. Each is applied to a clone; with `follow_forced`, the seat's own decisions
    with a single option that follow are taken too (the server takes them at once). For people's
    decisions only (a clone per option; the caller caches the answer per decision)."""
    d = state.decision(seat)
    out: dict[int, Reason] = {}
    in_lanes = state.in_lanes()
    for index in range(len(d.codes)):
        before = marks(state, seat)
        trial = state.clone()
        trial.apply_index(index, seat)
        reason = closed_by(before, trial, seat)
        while reason is None and follow_forced and seat in trial.pending_seats():
            nxt = trial.decision(seat)
            if len(nxt.codes) != 1:
                break
            before = marks(trial, seat)
            trial.apply_index(0, seat)
            reason = closed_by(before, trial, seat)
        if in_lanes and (reason is PHASE or (reason is None and seat not in trial.pending_seats())):
            reason = LANE_DONE  # the last seat's closing step and another's look alike before the click
        if reason is not None:
            out[index] = reason
    return out
