"""What a skill, a Boss skill or a Job did, told for people once it has run to its end.

A skill may push choices (which rival, which Neighborhood), so its outcome is known only when
those are done: `tell_outcome` takes a snapshot and pushes `TellOutcome` *under* the effect's
steps; when it comes up it tells the differences. Only a state someone listens to pays for
this (`s.story is not None`); playouts and bots never see the step.

Money is behind the screen: each seat whose money changed reads it alone; everything else
(Crime Rate, thugs, cards drawn, goods, Neighborhoods, businesses) is on the table.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from volstead.engine.step import SeatStep

from ..state import ScarfaceState


class SeatCounts(NamedTuple):
    money: int
    crime: int
    hand: int
    streets: int
    underworld: int
    prison: int
    authorities: int
    alcohol: int
    guns: int
    neighborhoods: int
    businesses: int
    muscle: int  # of the Plan on the table: the active gang's only
    influence: int


def _counts(s: ScarfaceState, seat: int) -> SeatCounts:
    p = s.players[seat]
    owned = [h for h in s.hoods if h.owner == seat]
    return SeatCounts(
        p.money,
        p.crime,
        len(p.hand),
        sum(p.thugs),
        p.underworld,
        p.prison,
        p.authorities,
        sum(d.alcohol for d in p.deals) + sum(h.alcohol for h in owned),
        sum(d.guns for d in p.deals) + sum(h.guns for h in owned),
        len(owned),
        sum(h.speakeasy + h.casino + h.brothel for h in owned),
        s.muscle(seat) if seat == s.active else 0,
        s.influence(seat) if seat == s.active else 0,
    )


def _signed(n: int, one: str, many: str) -> str:
    word = one if abs(n) == 1 else many
    return f"{n:+d} {word}"


# (field, singular, plural) of the public counts, in the order they are told.
_PUBLIC: Final = (
    ("crime", "Crime Rate", "Crime Rate"),
    ("hand", "card in hand", "cards in hand"),
    ("streets", "thug on the streets", "thugs on the streets"),
    ("underworld", "thug in the Underworld", "thugs in the Underworld"),
    ("prison", "thug in Prison", "thugs in Prison"),
    ("authorities", "thug with the Authorities", "thugs with the Authorities"),
    ("alcohol", "alcohol", "alcohol"),
    ("guns", "gun", "guns"),
    ("neighborhoods", "Neighborhood", "Neighborhoods"),
    ("businesses", "business", "businesses"),
    ("muscle", "Muscle", "Muscle"),
    ("influence", "Influence", "Influence"),
)


class TellOutcome(SeatStep[ScarfaceState]):
    """Automatic: tells what changed since `before` (one SeatCounts per seat) under the name `what`."""

    __slots__ = ("what", "before")
    auto = True
    kind = "tell_outcome"

    def __init__(self, seat: int, what: str, before: tuple[SeatCounts, ...]):
        self.seat_, self.what, self.before = seat, what, before

    def run(self, s: ScarfaceState) -> None:
        if s.story is None:
            return
        changes, money = [], []
        for seat, was in enumerate(self.before):
            now = _counts(s, seat)
            parts = [
                _signed(getattr(now, f) - getattr(was, f), one, many)
                for f, one, many in _PUBLIC
                if getattr(now, f) != getattr(was, f)
            ]
            if parts:
                changes.append(f"{s.gang_name(seat)} {', '.join(parts)}")
            if now.money != was.money:
                money.append((seat, now.money - was.money, now.money))
        if changes:
            s.tell(f"{self.what}: {'; '.join(changes)}.")
        elif money:
            s.tell(f"{self.what}: money only (amounts stay behind the screens).")
        else:
            s.tell(f"{self.what}: no effect.")
        for seat, delta, now_money in money:
            verb = "brought you" if delta > 0 else "cost you"
            s.tell(f"That {verb} ${abs(delta)} (you have ${now_money}).", to=seat)


def possessive(name: str) -> str:
    """ "The Seven Gems" -> "The Seven Gems'", "Frank" -> "Frank's"."""
    return name + ("'" if name.endswith("s") else "'s")


def tell_outcome(s: ScarfaceState, seat: int, what: str) -> None:
    """Call before running an effect: its outcome is told once it and its choices are done."""
    if s.story is not None:
        s.stack.append(TellOutcome(seat, what, tuple(_counts(s, i) for i in range(len(s.players)))))
