"""Victory points (§8) and the winner (tie-break: docs/mafia-chronicles-rules.md)."""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.contract import Result
from volstead.engine.errors import VolsteadError

from ..state import BOSS_COL, FIX, FLIP, FRAME, GANGSTER_COLS, MURDER, SMUGGLE, STEAL, TORCH, MafiaState

# key, points, what the rulebook says (§8)
CONDITIONS: tuple[tuple[str, int, str], ...] = (
    ("never_murdered", 5, "go through the game without having a Boss or Gangster murdered"),
    ("only_boss", 5, "have the only active Boss at game end"),
    ("murdered_boss", 4, "successfully murder a Boss"),
    ("frames", 4, "successfully Frame 5 times"),
    ("gangsters", 3, "have 3 active Gangsters at game end (excluding Boss)"),
    ("murders_torches", 3, "successfully Murder or Torch 5 times"),
    ("flips_fixes", 2, "successfully Flip or Fix 5 times"),
    ("steals_smuggles", 2, "successfully Steal or Smuggle 5 times (including Heists & Shipments)"),
    ("stash", 1, "for every $100K in the syndicate's end game stash (rounded down)"),
    ("jail", -2, "if 2 or more of your syndicate are in Jail at game end"),
    ("negative", -5, "go into a negative stash balance"),
)
TIMES: Final = 5


def points(s: MafiaState, seat: int) -> dict[str, int]:
    """Each condition's points for `seat` as if the game ended now, and the total."""
    y = s.syn[seat]
    w = y.wins
    bosses = [k for k in range(s.seats) if s.syn[k].active(BOSS_COL)]
    jailed = sum(1 for m in y.mobs if m is not None and m.jailed)
    met = {
        "never_murdered": not y.lost_murder,
        "only_boss": bosses == [seat],
        "murdered_boss": y.murdered_boss,
        "frames": w[FRAME] >= TIMES,
        "gangsters": sum(1 for c in GANGSTER_COLS if y.active(c)) >= 3,
        "murders_torches": w[MURDER] + w[TORCH] >= TIMES,
        "flips_fixes": w[FLIP] + w[FIX] >= TIMES,
        "steals_smuggles": w[STEAL] + w[SMUGGLE] >= TIMES,
        "jail": jailed >= 2,
        "negative": y.went_negative,
    }
    out = {key: (pts if met[key] else 0) for key, pts, _ in CONDITIONS if key != "stash"}
    out["stash"] = max(0, y.stash // 100)  # a debt holds no $100K: its cost is the −5
    out["total"] = sum(out.values())
    return out


def winners(totals: list[int], stashes: list[int]) -> tuple[int, ...]:
    """The highest total; tied: the larger end stash; still tied: shared."""
    best = max(totals)
    tied = [k for k, t in enumerate(totals) if t == best]
    richest = max(stashes[k] for k in tied)
    return tuple(k for k in tied if stashes[k] == richest)


def result(s: MafiaState) -> Result:
    if not s.is_over():
        raise VolsteadError("the game is not over: there is no result yet")
    rows: list[dict[str, Any]] = []
    for seat in range(s.seats):
        row: dict[str, Any] = dict(points(s, seat))
        row["end_stash"] = s.syn[seat].stash
        rows.append(row)
    totals = [r["total"] for r in rows]
    ids = s.syndicate_ids()
    return Result(
        scores=tuple(float(t) for t in totals),
        winners=winners(totals, [r["end_stash"] for r in rows]),
        factions=tuple(s.content.setting.syndicates[i].id for i in ids),
        details=tuple(rows),
    )
