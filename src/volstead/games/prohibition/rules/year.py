"""Year order (rulebook: Year Order, Gameplay): Operations (not in 1921), Action, Production;
Scoring after 1926."""

from __future__ import annotations

from typing import Any

from volstead.engine.step import Step

from ..state import FIRST_YEAR, LAST_YEAR, ProhibitionState
from .common import push


class Year(Step[ProhibitionState]):
    __slots__ = ("year",)
    auto = True
    kind = "year"

    def __init__(self, year: int):
        self.year = year

    def run(self, s: ProhibitionState) -> None:
        from . import actions, feds, operations, production, schemes

        s.year = self.year
        if s.story is not None:
            s.tell(f"{self.year} begins.")
        steps: list[Step[Any]] = []
        if self.year > FIRST_YEAR:  # "You skip the Operations Phase in the first Year"
            steps += [
                operations.Collect(),
                operations.DefendAll(),
                operations.StockAll(),
                operations.Warehouse(),
                operations.GenerateHeat(),
                feds.ResolveFeds(),
                schemes.Windows(),
            ]
        steps += [actions.StartActions(), production.Production(), schemes.Windows(), EndYear()]
        push(s, *steps)


class EndYear(Step[ProhibitionState]):
    """Advance the Year Marker (the overlay comes with 1926), or score after 1926."""

    __slots__ = ()
    auto = True
    kind = "end_year"

    def run(self, s: ProhibitionState) -> None:
        if s.year >= LAST_YEAR:
            from .scoring import score

            score(s)
            return
        push(s, Year(s.year + 1))
