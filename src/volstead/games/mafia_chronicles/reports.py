"""What the simulator's reports read of a game: the card a decision plays (`Game.card_played`) and
a finished game's figures (`Game.stats`).

Compiled with the rules (compile.toml): the simulator asks at every decision of every game, and as
an interpreted method the question cost a random game as much as a fifth of its rules; the figures
are read once a game, and interpreted they were a twentieth of a short random game's cost in the
simulator."""

from __future__ import annotations

from typing import Final, cast

from volstead.engine.decision import Decision
from volstead.engine.state import GameState

from .rules.scoring import CONDITIONS
from .state import MOVE_NAMES, WON_MOVES, MafiaState

MOVE_STATS: Final[tuple[str, ...]] = tuple(f"{MOVE_NAMES[m]}s" for m in range(WON_MOVES))
CONDITION_STATS: Final[tuple[tuple[str, str], ...]] = tuple((key, f"vp_{key}") for key, _, _ in CONDITIONS)


def card_played(decision: Decision, index: int) -> str | None:
    """The card a Market purchase buys, or `boss:ID` for the Gangster a syndicate picks as its free
    Boss (§3: a Boss is searched out of its own deck, so the best Bosses are seldom left in a market
    to buy)."""
    kind = decision.kind
    if kind == "market":
        code = decision.codes[index]
        if code[0] != "buy":
            return None
        return cast(MafiaState, decision._state).content.card_id(code[1])  # the game's own card set
    if kind == "pick_boss":
        return decision.option_ids[index]
    return None


def stats(state: GameState) -> dict[str, float]:
    """Successful moves of each kind, summed over the syndicates, and how many went negative; once
    the game is over, for balance (docs/mafia-chronicles-balance.md): how many syndicates scored
    each victory condition (`vp_<condition>`), whether the first player won (a share when tied)
    and the winner's total."""
    s = cast(MafiaState, state)
    out: dict[str, float] = {}
    for m in range(WON_MOVES):
        won = 0
        for y in s.syn:
            won += y.wins[m]
        out[MOVE_STATS[m]] = float(won)
    negative = 0
    for y in s.syn:
        if y.went_negative:
            negative += 1
    out["went_negative"] = float(negative)
    if s.is_over():
        result = s.result()  # its rows are each syndicate's points
        rows = result.details
        for key, stat in CONDITION_STATS:
            scored = 0
            for row in rows:
                if row[key] != 0:
                    scored += 1
            out[stat] = float(scored)
        winners = result.winners
        out["first_player_won"] = 1.0 / len(winners) if s.first in winners else 0.0
        out["winning_total"] = float(max(row["total"] for row in rows))
    return out
