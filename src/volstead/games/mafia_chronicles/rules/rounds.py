"""The round: Market, Events, Moves, Income, four times (§3), and the secret phases' lanes."""

from __future__ import annotations

from typing import Any

from volstead.engine.lanes import open_lanes
from volstead.engine.step import Step
from volstead.engine.tuples import replaced

from ..state import BOSS_COL, ROUNDS, ROW, UNDERBOSS_COL, MafiaState, RoundMods


def open_phase(s: MafiaState, phase: str, steps_by_seat: dict[int, list[Step[Any]]]) -> None:
    """Open a secret simultaneous phase (engine lanes): remember every syndicate as it is now
    (rivals see that until the phase ends; determinizations restore it) and each seat's first
    steps, and push the phase's close beneath its lanes."""
    s.phase = phase
    s.lane_start = tuple(y.copy() for y in s.syn)
    s.lane_init = tuple(tuple(steps_by_seat[k]) for k in range(s.seats))
    s.stack.append(ClosePhase())
    lanes: dict[int, list[Step[Any]] | tuple[Step[Any], ...]] = dict(steps_by_seat)
    s.stack.append(open_lanes(s, lanes))


class ClosePhase(Step[MafiaState]):
    """Every syndicate pressed done: the phase's choices are now public."""

    __slots__ = ()
    auto = True
    kind = "close_phase"

    def run(self, s: MafiaState) -> None:
        s.lane_start = None
        s.lane_init = ()


class NextRound(Step[MafiaState]):
    """Start the next of the 4 rounds, or end the game after the fourth."""

    __slots__ = ()
    auto = True
    kind = "next_round"

    def run(self, s: MafiaState) -> None:
        if s.round >= ROUNDS:
            s.phase = "over"
            return
        from .events import OpenEvents
        from .income import OpenIncome
        from .moves import OpenMoves

        s.round += 1
        # bottom first: the Market opens first
        s.stack += [NextRound(), EndRound(), OpenIncome(), OpenMoves(), OpenEvents(), OpenMarket()]


class OpenMarket(Step[MafiaState]):
    """§4, §6.11: succession, energize, then the secret Market."""

    __slots__ = ()
    auto = True
    kind = "open_market"

    def run(self, s: MafiaState) -> None:
        from .market import MarketMenu

        for y in s.syn:
            promote_underboss(y)
            y.mobs = tuple(replaced(m, exhausted=False) if m is not None and not m.jailed and m.exhausted else m for m in y.mobs)
            y.buys = (0, 0, 0)
            y.rearranged = 0
        open_phase(s, "market", {k: [MarketMenu(k)] for k in range(s.seats)})


def promote_underboss(y: Any) -> bool:
    """§6.11: with the Boss slot empty, the Underboss (the Gangster in the Underboss slot when the
    Market opens, i.e. the one that ended the last round there) is made Boss."""
    if y.mobs[BOSS_COL] is None and y.mobs[UNDERBOSS_COL] is not None:
        y.set_mob(BOSS_COL, y.mobs[UNDERBOSS_COL])
        y.set_mob(UNDERBOSS_COL, None)
        return True
    return False


class EndRound(Step[MafiaState]):
    """After Income: flags of the round cleared; markets refreshed (§4) unless the game ends."""

    __slots__ = ()
    auto = True
    kind = "end_round"

    def run(self, s: MafiaState) -> None:
        s.mods = RoundMods()
        s.turn = -1
        for y in s.syn:
            y.mobs = tuple(
                replaced(m, flipped_from=-1, talked=False) if m is not None and (m.flipped_from >= 0 or m.talked) else m
                for m in y.mobs
            )
            if s.round < ROUNDS:
                refresh_market(y)


def refresh_market(y: Any) -> None:
    """§4 "markets are refreshed": the face-up cards left are discarded, 5 new ones turned up."""
    y.dropped = y.dropped + y.g_row + y.b_row + y.a_row
    y.g_row, y.g_deck = y.g_deck[:ROW], y.g_deck[ROW:]
    y.b_row, y.b_deck = y.b_deck[:ROW], y.b_deck[ROW:]
    y.a_row, y.a_deck = y.a_deck[:ROW], y.a_deck[ROW:]
