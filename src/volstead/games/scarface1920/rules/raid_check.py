"""A Raid check usable from modules that `raid` itself imports (avoids an import cycle)."""

from volstead.engine.step import Step

from ..state import ScarfaceState


class CheckRaidLazy(Step[ScarfaceState]):
    __slots__ = ()
    auto = True
    kind = "check_raid"

    def run(self, s: ScarfaceState) -> None:
        if s.raid_pending:
            from .raid import push_raid

            s.raid_pending = False
            push_raid(s)
