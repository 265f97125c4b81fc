"""What a skill, a Boss skill or a Job did, told for people once it has run to its end.

A skill may push choices (which rival, which Neighborhood), so its outcome is known only when
those are done: `tell_outcome` takes a snapshot and pushes `TellOutcome` *under* the effect's
steps; when it comes up it tells the differences. Only a state someone listens to pays for
this (`s.story is not None`); playouts and bots never see the step.

Money is behind the screen: each seat whose money changed reads it alone (in solo there is no
screen: it is told to all too); everything else is on the table and counted, so that "no effect"
is said only when nothing changed: Crime Rate, cards in hand, thugs in every area (streets,
Headquarters, Safehouses, Recruits, Deals, Jobs, Underworld, Authorities, Prison, removed), pieces
moved between districts, cars and trucks, goods, Neighborhoods, businesses, Deals, Jobs face down
and permanent ones, upgrades, this turn's Muscle, Influence and discounts, the police cars, the
Family Ring, Eliot Ness and, in solo, the Enforcer's Jobs, Associates and cards.
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
    hq: int
    safehouses: int
    recruits: int
    on_deals: int
    on_jobs: int
    removed: int
    cars: int
    trucks: int
    deals: int
    jobs: int  # face down
    done_jobs: int  # fulfilled permanent Jobs: their bonus lasts the game
    upgrades: int
    seize_discount: int  # this turn's bonuses (the active gang's only)
    upgrade_discount: int
    places: tuple[tuple[int, int, int], ...]  # (thugs, cars, trucks) per district: what moved


class BoardCounts(NamedTuple):
    """What belongs to no gang: the police cars, the Family Ring, Eliot Ness."""

    police: tuple[int, ...]  # sorted districts
    family_ring: int
    ness: int
    enforcer_jobs: int  # solo: the Enforcer's Jobs, Associates and cards (his own piles, solo/state.py)
    enforcer_associates: int
    enforcer_cards: int


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
        p.hq,
        p.safehouses,
        p.recruits,
        sum(d.thugs for d in p.deals),
        p.job_thugs,
        p.removed,
        sum(p.cars),
        sum(p.trucks),
        len(p.deals),
        len(p.jobs),
        len(p.done_jobs),
        sum(p.stats) - len(p.stats),
        s.turn_seize_discount if seat == s.active else 0,
        s.turn_upgrade_discount if seat == s.active else 0,
        tuple(zip(p.thugs, p.cars, p.trucks)),
    )


def _board(s: ScarfaceState) -> BoardCounts:
    police = tuple(sorted(s.police))
    if s.enforcer < 0:
        return BoardCounts(police, s.family_ring, s.ness, 0, 0, 0)
    # solo: the SoloState's piles (solo/state.py), which this module, below solo/, does not import
    jobs, associates = len(getattr(s, "enf_jobs")), len(getattr(s, "enf_associates"))  # noqa: B009
    cards = sum(len(getattr(s, pile)) for pile in ("enf_deck", "enf_discard", "enf_plan"))
    return BoardCounts(police, s.family_ring, s.ness, jobs, associates, cards)


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
    ("hq", "thug in Headquarters", "thugs in Headquarters"),
    ("safehouses", "thug in the Safehouses", "thugs in the Safehouses"),
    ("recruits", "thug in the Recruits", "thugs in the Recruits"),
    ("on_deals", "thug on Deals", "thugs on Deals"),
    ("on_jobs", "thug on Jobs", "thugs on Jobs"),
    ("removed", "thug removed from the game", "thugs removed from the game"),
    ("cars", "car on the board", "cars on the board"),
    ("trucks", "truck on the board", "trucks on the board"),
    ("deals", "Deal", "Deals"),
    ("jobs", "Job face down", "Jobs face down"),
    ("done_jobs", "permanent Job in play", "permanent Jobs in play"),
    ("upgrades", "gang upgrade", "gang upgrades"),
    ("seize_discount", "off a Seize's defense this turn", "off a Seize's defense this turn"),
    ("upgrade_discount", "off an upgrade's cost this turn", "off an upgrade's cost this turn"),
)


class TellOutcome(SeatStep[ScarfaceState]):
    """Automatic: tells what changed since `before` (one SeatCounts per seat) under the name `what`."""

    __slots__ = ("what", "before", "board")
    auto = True
    kind = "tell_outcome"

    def __init__(self, seat: int, what: str, before: tuple[SeatCounts, ...], board: BoardCounts):
        self.seat_, self.what, self.before, self.board = seat, what, before, board

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
            if s.enforcer >= 0 and now.money != was.money:  # solo: no screen (Solo mode setup, step 13)
                parts.insert(0, f"{'+' if now.money > was.money else '-'}${abs(now.money - was.money)}")
            moved = now.streets == was.streets and now.cars == was.cars and now.trucks == was.trucks
            if moved and now.places != was.places:
                parts.append("pieces moved between districts")
            if parts:
                changes.append(f"{s.gang_name(seat)} {', '.join(parts)}")
            if now.money != was.money:
                money.append((seat, now.money - was.money, now.money))
        changes.extend(_board_changes(s, self.board, _board(s)))
        if changes:
            s.tell(f"{self.what}: {'; '.join(changes)}.")
        elif money:
            s.tell(f"{self.what}: money only (amounts stay behind the screens).")
        else:
            s.tell(f"{self.what}: no effect.")
        for seat, delta, now_money in money:
            verb = "brought you" if delta > 0 else "cost you"
            s.tell(f"That {verb} ${abs(delta)} (you have ${now_money}).", to=seat)


def _board_changes(s: ScarfaceState, was: BoardCounts, now: BoardCounts) -> list[str]:
    out: list[str] = []
    if now.police != was.police:
        names = s.content.district_names
        gone, came = list(was.police), list(now.police)
        for d in now.police:
            if d in gone:
                gone.remove(d)
                came.remove(d)
        moves = [f"{names[a]} to {names[b]}" for a, b in zip(gone, came)]
        out.append(f"a police car moved from {', '.join(moves)}" if len(moves) == 1 else f"police cars moved: {'; '.join(moves)}")
    if now.family_ring != was.family_ring:
        out.append(
            f"the Family Ring went to {s.gang_name(now.family_ring)}" if now.family_ring >= 0 else "the Family Ring went back"
        )
    if now.ness != was.ness:
        out.append(_signed(now.ness - was.ness, "level of Eliot Ness", "levels of Eliot Ness"))
    enforcer = [
        _signed(n, one, many)
        for n, one, many in (
            (now.enforcer_jobs - was.enforcer_jobs, "Job", "Jobs"),
            (now.enforcer_associates - was.enforcer_associates, "Associate", "Associates"),
            (now.enforcer_cards - was.enforcer_cards, "card in his deck", "cards in his deck"),
        )
        if n
    ]
    if enforcer:
        out.append(f"the Enforcer {', '.join(enforcer)}")
    return out


def possessive(name: str) -> str:
    """ "The Seven Gems" -> "The Seven Gems'", "Frank" -> "Frank's"."""
    return name + ("'" if name.endswith("s") else "'s")


def tell_outcome(s: ScarfaceState, seat: int, what: str) -> None:
    """Call before running an effect: its outcome is told once it and its choices are done."""
    if s.story is not None:
        s.stack.append(TellOutcome(seat, what, tuple(_counts(s, i) for i in range(len(s.players))), _board(s)))
