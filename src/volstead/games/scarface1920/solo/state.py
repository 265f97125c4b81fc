"""The solo game state: a 2-gang board where seat 1, the Enforcer, never decides.

Every decision the rules put to his seat is answered at once by his priority rules
(`turn.decide`) inside `_advance`, so records hold the human's decisions only and the
engine-facing seat count is 1. The base rules know nothing of him: they call the
hooks of `ScarfaceState` (`automa_turn`, `hit_targets`, `stat`) that this class overrides."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from volstead.engine.state import GameState

from ..state import ScarfaceState
from .content import SoloContent
from .enforcer import ENFORCER


class SoloState(ScarfaceState):
    __slots__ = (
        "solo",
        "district_no",
        "enf_deck",
        "enf_deck_b",
        "enf_deck_c",
        "enf_plan",
        "enf_discard",
        "enf_cubes",
        "enf_jobs",
        "enf_associates",
        "enf_district",
        "enf_last_plan",
        "enf_last_cubes",
    )
    solo: SoloContent
    district_no: tuple[int, ...]  # each district's number token (1–7)
    enf_deck: tuple[int, ...]  # his play-deck (solo cards), index 0 on top
    enf_deck_b: tuple[int, ...]
    enf_deck_c: tuple[int, ...]
    enf_plan: tuple[int, ...]
    enf_discard: tuple[int, ...]
    enf_cubes: tuple[tuple[int, int], ...]  # (action line, plan position) done this turn
    enf_jobs: tuple[int, ...]
    enf_associates: tuple[int, ...]
    enf_district: int  # where his token stands
    # his previous turn's Plan and the actions his cubes took there (shown between his turns)
    enf_last_plan: tuple[int, ...]
    enf_last_cubes: tuple[tuple[int, int], ...]

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.solo = self.solo
        new.district_no = self.district_no
        new.enf_deck = self.enf_deck
        new.enf_deck_b = self.enf_deck_b
        new.enf_deck_c = self.enf_deck_c
        new.enf_plan = self.enf_plan
        new.enf_discard = self.enf_discard
        new.enf_cubes = self.enf_cubes
        new.enf_jobs = self.enf_jobs
        new.enf_associates = self.enf_associates
        new.enf_district = self.enf_district
        new.enf_last_plan = self.enf_last_plan
        new.enf_last_cubes = self.enf_last_cubes

    def _advance(self) -> None:
        from .turn import decide

        while True:
            GameState._advance(self)
            d = self._decision
            if d is None or d.seat != ENFORCER:
                return
            step = self.stack.pop()
            self._decision = None
            decide(self, step, d.codes)

    # ------------------------------------------------------ the base rules' hooks
    def automa_turn(self, seat: int) -> bool:
        if seat != ENFORCER:
            return False
        from .turn import start_enforcer_turn

        start_enforcer_turn(self)
        return True

    def hit_targets(self, districts: Iterable[int], targets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        from .enforcer import hit_district

        d = hit_district(self, districts)
        return tuple(c for c in targets if c[0] != ENFORCER or c[1] == d)

    def aside_associates(self, seat: int) -> tuple[int, ...]:
        return self.enf_associates if seat == ENFORCER else ()  # solo: Game end

    def stat(self, seat: int, stat: int) -> int:
        if seat == ENFORCER:
            from .enforcer import solo_stat

            return solo_stat(self, stat)
        return super().stat(seat, stat)

    def record(self) -> dict[str, Any]:
        rec = ScarfaceState.record(self)
        rec["seats"] = 1
        return rec
