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

from .rules.moves import ChooseTarget, move_outcomes
from .rules.scoring import CONDITIONS
from .state import MOVE_NAMES, SMUGGLE, WON_MOVES, MafiaState

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


# The decisions the simulator's report asks `play_note` about (Game.play_note_kinds).
PLAY_NOTE_KINDS = frozenset({"move", "target"})
LONG_SHOT = 0.25  # a move with less chance than this to succeed is a long shot


def play_note(state: GameState, decision: Decision, index: int) -> str | None:
    """How the report counts a syndicate's choice: each move by its kind ("move: steal", "move:
    pass", "move: out"), and a move made at a long shot (below 25 % to succeed, the exact odds the
    game shows people: `rules.moves.move_outcomes`)."""
    s = cast(MafiaState, state)
    step, code = decision.step, decision.codes[index]
    if decision.kind == "move":
        if code[0] in ("pass", "out"):
            return f"move: {code[0]}"
        col, move = code
        if move == SMUGGLE and move_outcomes(s, decision.seat, col, SMUGGLE, ()).success < LONG_SHOT:
            return "long-shot move"
        return "move: " + step.option_id(state, code).partition(":")[0]
    if isinstance(step, ChooseTarget) and step.option_id(s, code) != "back":
        if move_outcomes(s, decision.seat, step.col, step.move, code).success < LONG_SHOT:
            return "long-shot move"
    return None
