"""Small helpers every rules module uses."""

from __future__ import annotations

from typing import Any

from volstead.engine.step import Step

from ..state import ProhibitionState


def push(s: ProhibitionState, *steps: Step[Any]) -> None:
    """Push steps so that the first given runs first."""
    stack = s.stack
    for k in range(len(steps) - 1, -1, -1):  # not `extend(reversed(...))`: generic calls, compiled
        stack.append(steps[k])


def gs(n: int) -> str:
    return f"{n} Gs"


# ------------------------------------------------------------- words for people
# Labels, refs and log sentences: computed only when a person's page or a log asks (never by the
# bots' search), so they may take their time.
def block_ref(s: ProhibitionState, b: int) -> str:
    """The board's data-ref of Block b (web/board.js draws each Block with it)."""
    return "block:" + s.block_name(b)


def whose(s: ProhibitionState, seat: int) -> str:
    """The gang's name in the possessive: "Tammany Regulars'", "Rum Row Syndicate's"."""
    name = s.gang_name(seat)
    return name + ("'" if name.endswith("s") else "'s")


def goons_text(n: int) -> str:
    return f"{n} Goon{'' if n == 1 else 's'}" if n else "no Goons"


def units_text(goons: int, guards: int) -> str:
    """ "2 Goons and a Guard", "no Units"."""
    parts = []
    if goons:
        parts.append(goons_text(goons))
    if guards:
        parts.append("a Guard" if guards == 1 else f"{guards} Guards")
    return " and ".join(parts) or "no Units"


def fed_cards_owed(s: ProhibitionState, seat: int, delta: int) -> int:
    """The Fed cards a Heat change of `delta` would draw (badges and the marks from 70 reached for
    the first time: `ProhibitionState.add_heat`, without changing anything)."""
    g = s.gangs[seat]
    new = max(1, g.heat + delta)
    if new <= g.peak:
        return 0
    heat = s.content.board.heat
    owed = sum(1 for x in s.content.badges if g.peak < x <= new)
    if new >= heat.extra_from:
        lo = max(g.peak + 1, heat.extra_from)
        first = heat.extra_from + -(-(lo - heat.extra_from) // heat.extra_every) * heat.extra_every
        if first <= new:
            owed += heat.extra_cards * ((new - first) // heat.extra_every + 1)
    return owed


def heat_text(s: ProhibitionState, seat: int, delta: int) -> str:
    """ "+2 Heat (to 21: a badge, you draw a Fed card §heat)": the change and its penalty."""
    g = s.gangs[seat]
    new = max(1, g.heat + delta)
    if new == g.heat:
        return f"no Heat (it stays {new})"
    out = f"{delta:+d} Heat (to {new}"
    owed = fed_cards_owed(s, seat, delta)
    if owed:
        out += f": you draw {'a Fed card' if owed == 1 else f'{owed} Fed cards'} §heat"
    return out + ")"
