"""What the simulator's reports read of a decision: the card it plays (`Game.card_played`).

Compiled with the rules (compile.toml): the simulator asks at every decision of every game, and as
an interpreted method the question cost a random game as much as a fifth of its rules."""

from __future__ import annotations

from typing import cast

from volstead.engine.decision import Decision

from .state import MafiaState


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
