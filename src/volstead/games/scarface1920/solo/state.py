"""The solo game state: a 2-gang board where seat 1, the Enforcer, never decides.

Every decision the rules put to his seat is answered at once by his priority rules
(`turn.decide`) inside `_advance`, so records hold the human's decisions only and the
engine-facing seat count is 1."""

from __future__ import annotations

from volstead.engine.state import GameState

from ..state import ScarfaceState
from .enforcer import ENFORCER


class SoloState(ScarfaceState):
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

    def stat(self, seat: int, stat: int) -> int:
        if seat == ENFORCER:
            from .enforcer import solo_stat

            return solo_stat(self, stat)
        return super().stat(seat, stat)

    def record(self) -> dict:
        rec = ScarfaceState.record(self)
        rec["seats"] = 1
        return rec
