"""Raids and the End of the Round (rulebook: End of the round; Raid!).

A Raid happens at each end of round and as soon as the effect that moved a
Crime Rate marker to 11 has been completed (`CheckRaid` sits under every
effect on the stack). Jobs may be fulfilled just before each Raid resolves.
"""

from __future__ import annotations

from typing import Final

from volstead.engine.step import SeatStep, Step

from ..effects import run_effect
from ..state import RAID_LEVEL, ScarfaceState
from . import jobs as job_rules
from .modifiers import MOD_RAID_REDUCTION
from .raid_check import CheckRaidLazy as CheckRaid  # noqa: F401  (re-exported)

# Raid effects that act once on the whole game rather than on each player.
GLOBAL_RAID_EFFECTS: Final = frozenset({"ness_up", "police_to_busiest", "crime_all", "nothing"})


def push_raid(s: ScarfaceState) -> None:
    s.stack.append(ResolveRaid())
    job_rules.push_windows(s, s.active, "before the Raid")


def crime_band(crime: int) -> int:
    """Colour band of a Crime Rate: 0 = 1–4, 1 = 5–6, 2 = 7–8, 3 = 9–11."""
    if crime <= 4:
        return 0
    if crime <= 6:
        return 1
    if crime <= 8:
        return 2
    return 3


class ResolveRaid(Step[ScarfaceState]):
    __slots__ = ()
    auto = True
    kind = "raid"

    def run(self, s: ScarfaceState) -> None:
        s.in_raid = True
        s.raids_done += 1
        for p in s.players:  # 1. Underworld thugs to Prison
            p.prison += p.underworld
            p.underworld = 0
        if not s.raid_deck:  # never expected in 3 rounds; reshuffle rather than stall
            s.raid_deck = s.shuffle(s.raid_discard)
            s.raid_discard = ()
        card = s.raid_deck[0]
        s.raid_deck = s.raid_deck[1:]
        s.raid_card = card
        raid = s.content.raids[card]
        if s.story is not None:
            s.tell(f"Raid! {raid.name}: Underworld thugs go to Prison. {raid.overall.text}")
        order = s.clockwise_from(s.active)
        # Pushed in reverse: overall effect first, then each player's colour band, then reductions.
        s.stack.append(FinishRaid(card))
        s.stack.extend(RaidEffect(card, 2, seat) for seat in reversed(order))
        s.stack.extend(RaidEffect(card, 1, seat) for seat in reversed(order))
        if raid.overall.effect in GLOBAL_RAID_EFFECTS:
            s.stack.append(RaidEffect(card, 0, s.active))
        else:
            s.stack.extend(RaidEffect(card, 0, seat) for seat in reversed(order))


class RaidEffect(SeatStep[ScarfaceState]):
    """part 0: overall effect, 1: colour band, 2: Crime Rate reduction.

    The colour band is read when the player's turn in the Raid comes, after the
    overall effect (a Ness rise there can push a marker into a harsher band).
    """

    __slots__ = ("card", "part")
    auto = True
    kind = "raid_effect"

    def __init__(self, card: int, part: int, seat: int):
        self.card, self.part, self.seat_ = card, part, seat

    def run(self, s: ScarfaceState) -> None:
        raid = s.content.raids[self.card]
        if self.part == 0:
            run_effect(s, self.seat_, raid.overall)
        elif self.part == 1:
            band = raid.bands[crime_band(s.players[self.seat_].crime)]
            money = s.players[self.seat_].money
            run_effect(s, self.seat_, band)
            if s.story is not None:
                seat = self.seat_
                s.tell(f"{s.gang_name(seat)} (Crime Rate {s.players[seat].crime}): {band.text}")
                paid = money - s.players[seat].money
                if paid:  # money is behind the screen: what it cost is told to its owner alone
                    text = f"The Raid cost you ${paid}." if paid > 0 else f"The Raid brought you ${-paid}."
                    s.tell(text, to=None if s.enforcer >= 0 else seat)  # solo: no screen
        else:
            if raid.reduction == "lawyers":
                from ..state import LAWYERS

                amount = s.stat(self.seat_, LAWYERS)
            else:
                amount = raid.reduction
            amount += s.mod(self.seat_, MOD_RAID_REDUCTION)
            if amount > 0:
                s.change_crime(self.seat_, -amount)


class FinishRaid(Step[ScarfaceState]):
    __slots__ = ("card",)
    auto = True
    kind = "raid_end"

    def __init__(self, card: int):
        self.card = card

    def run(self, s: ScarfaceState) -> None:
        s.raid_discard = s.raid_discard + (self.card,)
        s.in_raid = False
        # Someone still at 11 (a band raised them) does not chain Raids: the marker
        # must leave 11 and come back to trigger again.
        for p in s.players:
            if p.crime > RAID_LEVEL:
                p.crime = RAID_LEVEL


class EndOfRound(Step[ScarfaceState]):
    """Raid, Ness +1, refresh the Market, reveal a News card, time marker back."""

    __slots__ = ()
    auto = True
    kind = "end_of_round"

    def run(self, s: ScarfaceState) -> None:
        s.stack.append(RoundAftermath())
        push_raid(s)


class RoundAftermath(Step[ScarfaceState]):
    __slots__ = ()
    auto = True
    kind = "round_aftermath"

    def run(self, s: ScarfaceState) -> None:
        from .market import refresh_market

        s.raise_ness(1)
        refresh_market(s)
        card = s.news_deck[0]
        s.news_deck = s.news_deck[1:]
        if s.story is not None:
            news = s.content.news[card]
            s.tell(f"Extra! Extra! Eliot Ness rises to {s.ness}; the Market is refreshed. News: {news.name} — {news.text}")
        s.set_news(card)
        s.news_revealed += 1
        s.round += 1
        s.time = 0
        if card == s.content.news_last:
            from .scoring import end_game

            end_game(s)
