"""What on the board an option names (`Step.option_refs`): the `data-ref` of what web/board.js
draws. One place spells every kind, so the steps, the tests and the browser module agree:

- ``card:<instance>``: a card (content/loader.py's instance number) wherever it is drawn — a
  Boss/Gangster, Business or Asset in a syndicate's area, a card of your market's face-up rows, a
  Gangster of your deck while you choose your Boss;
- ``slot:<seat>:<row>:<k>``: an empty slot of a syndicate's area, `row` "mob" (the Boss/Gangster
  slot of column k), "biz" (the Business slot of column k) or "asset" (Asset slot k: 0-3 the
  upper row, 4-7 the lower one);
- ``stash:<seat>``: a syndicate's stash (a Steal's target);
- ``discard:<seat>``: your discard pile (a Market discard is the card, then the pile).

A move onto an occupied slot (a rearrangement that swaps, the Boss swap) names the card there.
Options that name nothing drawn (done, out of moves, back, an offer, a fee) have none. Only
people's pages ask (`Decision.options`): nothing here is on a hot path.
"""

from __future__ import annotations

from typing import Final

from .state import MafiaState

NONE: Final[tuple[str, ...]] = ()
ROW_NAMES: Final[tuple[str, ...]] = ("mob", "biz", "asset")  # the area's rows: 0, 1, 2


def card(inst: int) -> str:
    return f"card:{inst}"


def slot(seat: int, row: int, k: int) -> str:
    return f"slot:{seat}:{ROW_NAMES[row]}:{k}"


def stash(seat: int) -> str:
    return f"stash:{seat}"


def discard(seat: int) -> str:
    return f"discard:{seat}"


def in_slot(s: MafiaState, seat: int, row: int, k: int) -> str:
    """The card in slot k of `row` (0 Boss/Gangster, 1 Business, 2 Asset), or the slot when empty."""
    y = s.syn[seat]
    if row == 0:
        mob = y.mobs[k]
        return card(mob.card) if mob is not None else slot(seat, 0, k)
    inst = y.biz[k] if row == 1 else y.assets[k]
    return card(inst) if inst >= 0 else slot(seat, row, k)


def mob(s: MafiaState, seat: int, col: int) -> tuple[str, ...]:
    """The Boss/Gangster in a column (nothing when the slot is empty)."""
    m = s.syn[seat].mobs[col]
    return (card(m.card),) if m is not None else NONE
