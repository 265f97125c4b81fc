"""The Event phase (§5): one card a round, resolved, then each syndicate chooses in secret (if the
card offers a choice) and presses done. Effects are named in events.toml and checked at load."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from volstead.engine.step import SeatStep, Step
from volstead.engine.tuples import replaced

from .. import refs
from ..content.models import MOVES
from ..state import COLUMNS, MafiaState, RoundMods
from .labels import debt_help, debt_label, mob_text, money
from .market import release_cost
from .rounds import open_phase

NONE: Final[tuple[str, ...]] = ("none",)


# --------------------------------------------------------------- immediate effects
def heat_all(s: MafiaState, min_heat: int, amount: int) -> None:
    """Every Boss/Gangster with at least `min_heat` Heat gains `amount` (Jail at 5)."""
    from .moves import add_heat

    for y in s.syn:
        for c in range(COLUMNS):
            m = y.mobs[c]
            if m is not None and not m.jailed and m.heat >= min_heat:
                add_heat(y, c, amount)


def cool_down(s: MafiaState, amount: int) -> None:
    """Every Boss/Gangster not in Jail loses `amount` Heat."""
    for y in s.syn:
        y.mobs = tuple(
            replaced(m, heat=max(0, m.heat - amount)) if m is not None and not m.jailed and m.heat else m for m in y.mobs
        )


def bank_all(s: MafiaState, amount: int) -> None:
    for y in s.syn:
        y.stash += amount


def tax(s: MafiaState, percent: int) -> None:
    for y in s.syn:
        if y.stash > 0:
            y.pay(y.stash * percent // 100)


# --------------------------------------------------------------- this round's rules
def income_mod(s: MafiaState, business: str, percent: int) -> None:
    """`business`: a Business id, or "any"."""
    t = -1 if business == "any" else s.content.b_index[business]
    s.mods = replaced(s.mods, income_business=t, income_percent=percent)


def payout_mod(s: MafiaState, move: str, amount: int) -> None:
    s.mods = replaced(s.mods, payout_move=MOVES.index(move), payout=amount)


def ban_move(s: MafiaState, move: str) -> None:
    s.mods = replaced(s.mods, banned_move=MOVES.index(move))


def heat_mod(s: MafiaState, amount: int) -> None:
    s.mods = replaced(s.mods, heat=amount)


# --------------------------------------------------------------- choices (in each lane)
def offer_bail(s: MafiaState, per_heat: int) -> None:
    """Each syndicate may release jailed cards now for `per_heat` × Heat (a choice: BailChoice)."""


def offer_bribe(s: MafiaState, cost: int, amount: int) -> None:
    """Each syndicate may pay `cost` to take `amount` Heat off one card not in Jail (BribeChoice)."""


def offer_heal(s: MafiaState, cost: int) -> None:
    """Each syndicate may pay `cost` to remove all damage from one card (HealChoice)."""


EVENT_EFFECTS: dict[str, Callable[..., None]] = {
    f.__name__: f
    for f in (heat_all, cool_down, bank_all, tax, income_mod, payout_mod, ban_move, heat_mod, offer_bail, offer_bribe, offer_heal)
}


class OpenEvents(Step[MafiaState]):
    """Turn the Event card, resolve it, then the secret choices and everyone's done."""

    __slots__ = ()
    auto = True
    kind = "open_events"

    def run(self, s: MafiaState) -> None:
        s.mods = RoundMods()
        steps: dict[int, list[Step[Any]]] = {k: [EventDone(k)] for k in range(s.seats)}
        if s.event_deck:
            e = s.event_deck[0]
            s.event_deck = s.event_deck[1:]
            s.event, s.events_seen = e, s.events_seen + (e,)
            card = s.content.events[e]
            EVENT_EFFECTS[card.effect](s, **card.args)
            if s.story is not None:
                s.tell(f"Event: {card.name}. {card.text}")
            choice = CHOICES.get(card.effect)
            if choice is not None:
                for k in range(s.seats):
                    step = choice(k, **card.args)
                    if step.options(s) != (NONE,):
                        steps[k].append(step)
        open_phase(s, "events", steps)


class EventDone(SeatStep[MafiaState]):
    """'Event phase complete'."""

    __slots__ = ()
    kind = "event_done"

    def prompt(self, s: MafiaState) -> str:
        return f"Event: {s.content.events[s.event].name}" if s.event >= 0 else "Event phase"

    def options(self, s: MafiaState) -> tuple[str, ...]:
        return ("done",)

    def choose(self, s: MafiaState, code: str) -> None:
        pass

    def option_label(self, s: MafiaState, code: str) -> str:
        return "Event phase complete"

    def option_said(self, s: MafiaState, code: str) -> str:
        return "finishes the Event phase."

    def hidden_said(self, s: MafiaState) -> str:
        return "finishes the Event phase."


def event_prompt(s: MafiaState, question: str) -> str:
    name = s.content.events[s.event].name if s.event >= 0 else "the Event"
    return f"{name}: {question}"


class BailChoice(SeatStep[MafiaState]):
    """Release any of your jailed cards at the Event's price (one at a time), or stop."""

    __slots__ = ("per_heat",)
    kind = "event_choice"

    def __init__(self, seat: int, per_heat: int):
        super().__init__(seat)
        self.per_heat = per_heat

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        y = s.syn[self.seat_]
        return (*(("release", c) for c in range(COLUMNS) if y.mobs[c] is not None and y.mobs[c].jailed), NONE)  # type: ignore[union-attr]

    def cost(self, s: MafiaState, col: int) -> int:
        mob = s.syn[self.seat_].mobs[col]
        assert mob is not None
        return min(self.per_heat * mob.heat, release_cost(s, s.syn[self.seat_], col))

    def choose(self, s: MafiaState, code: tuple[Any, ...]) -> None:
        if code == NONE:
            return
        y = s.syn[self.seat_]
        mob = y.mobs[code[1]]
        assert mob is not None
        y.pay(self.cost(s, code[1]))
        y.set_mob(code[1], replaced(mob, heat=0, jailed=False, exhausted=False))
        s.stack.append(BailChoice(self.seat_, self.per_heat))

    def option_id(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return "none" if code == NONE else f"release:{code[1]}"

    def prompt(self, s: MafiaState) -> str:
        return event_prompt(s, f"release a jailed card for {money(self.per_heat)} per Heat?")

    def option_label(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == NONE:
            return "No more releases"
        cost = self.cost(s, code[1])
        return f"Release {mob_text(s, self.seat_, code[1])} for {money(cost)}{debt_label(s.syn[self.seat_], cost)}"

    def option_help(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return "" if code == NONE else debt_help(s.syn[self.seat_], self.cost(s, code[1]))

    def option_refs(self, s: MafiaState, code: tuple[Any, ...]) -> tuple[str, ...]:
        return refs.NONE if code == NONE else refs.mob(s, self.seat_, code[1])

    def option_said(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == NONE:
            return "releases no more cards."
        return f"releases {mob_text(s, self.seat_, code[1])} from Jail for {money(self.cost(s, code[1]))}."

    def hidden_said(self, s: MafiaState) -> str:
        return "answers the Event in secret."


class BribeChoice(SeatStep[MafiaState]):
    """Pay the Event's price to take Heat off one card not in Jail, or not."""

    __slots__ = ("cost", "amount")
    kind = "event_choice"

    def __init__(self, seat: int, cost: int, amount: int):
        super().__init__(seat)
        self.cost = cost
        self.amount = amount

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        y = s.syn[self.seat_]
        mobs = y.mobs
        return (*(("bribe", c) for c in range(COLUMNS) if (m := mobs[c]) is not None and not m.jailed and m.heat), NONE)

    def choose(self, s: MafiaState, code: tuple[Any, ...]) -> None:
        if code == NONE:
            return
        y = s.syn[self.seat_]
        mob = y.mobs[code[1]]
        assert mob is not None
        y.pay(self.cost)
        y.set_mob(code[1], replaced(mob, heat=max(0, mob.heat - self.amount)))

    def option_id(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return "none" if code == NONE else f"bribe:{code[1]}"

    def prompt(self, s: MafiaState) -> str:
        return event_prompt(s, f"pay {money(self.cost)} to take {self.amount} Heat off one card?")

    def option_label(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == NONE:
            return "No bribe"
        debt = debt_label(s.syn[self.seat_], self.cost)
        return f"Pay {money(self.cost)}: {mob_text(s, self.seat_, code[1])} loses {self.amount} Heat{debt}"

    def option_help(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return "" if code == NONE else debt_help(s.syn[self.seat_], self.cost)

    def option_refs(self, s: MafiaState, code: tuple[Any, ...]) -> tuple[str, ...]:
        return refs.NONE if code == NONE else refs.mob(s, self.seat_, code[1])

    def option_said(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == NONE:
            return "pays no bribe."
        return f"pays {money(self.cost)}: {mob_text(s, self.seat_, code[1])} loses {self.amount} Heat."

    def hidden_said(self, s: MafiaState) -> str:
        return "answers the Event in secret."


class HealChoice(SeatStep[MafiaState]):
    """Pay the Event's price to remove all damage from one card, or not."""

    __slots__ = ("cost",)
    kind = "event_choice"

    def __init__(self, seat: int, cost: int):
        super().__init__(seat)
        self.cost = cost

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        y = s.syn[self.seat_]
        return (*(("heal", c) for c in range(COLUMNS) if y.mobs[c] is not None and y.mobs[c].damage), NONE)  # type: ignore[union-attr]

    def choose(self, s: MafiaState, code: tuple[Any, ...]) -> None:
        if code == NONE:
            return
        y = s.syn[self.seat_]
        mob = y.mobs[code[1]]
        assert mob is not None
        y.pay(self.cost)
        y.set_mob(code[1], replaced(mob, d_smarts=0, d_grit=0, d_move1=0, d_move2=0))

    def option_id(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return "none" if code == NONE else f"heal:{code[1]}"

    def prompt(self, s: MafiaState) -> str:
        return event_prompt(s, f"pay {money(self.cost)} to remove all damage from one card?")

    def option_label(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == NONE:
            return "No doctor"
        debt = debt_label(s.syn[self.seat_], self.cost)
        return f"Pay {money(self.cost)}: {mob_text(s, self.seat_, code[1])} loses all damage{debt}"

    def option_help(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return "" if code == NONE else debt_help(s.syn[self.seat_], self.cost)

    def option_refs(self, s: MafiaState, code: tuple[Any, ...]) -> tuple[str, ...]:
        return refs.NONE if code == NONE else refs.mob(s, self.seat_, code[1])

    def option_said(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        if code == NONE:
            return "calls no doctor."
        return f"pays {money(self.cost)}: {mob_text(s, self.seat_, code[1])} loses all damage."

    def hidden_said(self, s: MafiaState) -> str:
        return "answers the Event in secret."


CHOICES: dict[str, Callable[..., SeatStep[MafiaState]]] = {
    "offer_bail": BailChoice,
    "offer_bribe": BribeChoice,
    "offer_heal": HealChoice,
}
