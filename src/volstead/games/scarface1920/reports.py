"""What the simulator's reports read of a decision: the card it plays (`Game.card_played`).

Compiled with the rules (compile.toml): the simulator asks at every decision of every game, and as
an interpreted method the question cost a random game as much as a tenth of its rules."""

from __future__ import annotations

from volstead.engine.decision import Decision
from volstead.engine.state import GameState


def card_played(decision: Decision, index: int) -> str | None:
    """The id of the card option `index` of `decision` plays into a Plan, if it does (ids are built
    only for Plan decisions)."""
    if decision.kind != "plan":
        return None
    option_id = decision.option_ids[index]
    return None if option_id == "plan:done" else option_id.partition(":")[2]


# The decisions the simulator's report asks `play_note` about (Game.play_note_kinds).
PLAY_NOTE_KINDS = frozenset({"action"})


def play_note(state: GameState, decision: Decision, index: int) -> str | None:
    """How the report counts a gang's action: by what it does (`skill`, `match`, `boss`, an order...),
    the head of the chosen option's id."""
    return "action: " + decision.step.option_id(state, decision.codes[index]).partition(":")[0]
