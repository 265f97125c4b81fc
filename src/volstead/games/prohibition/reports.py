"""What the simulator's reports read of a decision: the card it plays (`Game.card_played`).

Compiled with the rules (compile.toml): the simulator asks at every decision of every game, and as
an interpreted method the question cost a random game as much as a tenth of its rules."""

from __future__ import annotations

from typing import cast

from volstead.engine.decision import Decision
from volstead.engine.state import GameState

from .state import ProhibitionState


def card_played(decision: Decision, index: int) -> str | None:
    """The Tactic a gang plays, the Scheme it completes (`scheme:ID`), or the Fed card that leaves
    it (`fed:ID`: a Bribe, Face, Bit, or a Payoff below Threshold I; once per draw)."""
    kind = decision.kind
    if kind == "tactic" or kind == "complete_scheme":  # option ids built only here
        option_id = decision.option_ids[index]
        if kind == "tactic":
            return option_id if option_id.startswith("tactic:") else None
        return "scheme:" + option_id.partition(":")[2] if option_id.startswith("complete:") else None
    if kind == "fed_card":
        from .rules.feds import FedCard  # here: the rules load with a game, not with its registry entry

        step = decision.step
        if isinstance(step, FedCard) and (decision.codes[index] < 0 or step.level == 0):
            return "fed:" + cast(ProhibitionState, decision._state).content.feds[step.card].id  # the game's own set
    return None


# The decisions the simulator's report asks `play_note` about (Game.play_note_kinds).
PLAY_NOTE_KINDS = frozenset({"action", "attack_target", "spoils"})
LONG_SHOT = 0.25  # an Attack with less chance than this to win is a long shot (issue 34's "hopeless")


def play_note(state: GameState, decision: Decision, index: int) -> str | None:
    """How the report counts a gang's choice: each Gangster placement by its space ("placement:
    attack" for an Attack on a Block), an Attack sent where it has less than `LONG_SHOT` to win
    ("long-shot attack", at the choice of its target: the first decision that knows the odds,
    `evaluation.attack_chance`; a lone target is forced, no choice, and not counted) and a Seize
    left for a withdrawal after winning a Conflict ("seize declined", issue 34: the greedy bot once
    withdrew with nothing where a Seize was free)."""
    step, code = decision.step, decision.codes[index]
    kind = decision.kind
    if kind == "attack_target":
        from .evaluation import attack_chance  # here: the rules load with a game, not with its registry entry
        from .rules.attack import AttackTarget

        assert isinstance(step, AttackTarget)
        s = cast(ProhibitionState, state)
        return "long-shot attack" if attack_chance(s, step.seat_, step.n, code) < LONG_SHOT else None
    option_id = step.option_id(state, code)
    if kind == "action":
        head, _, rest = option_id.partition(":")
        return "placement: attack" if head == "attack" else f"placement: {rest or head}"
    if option_id == "withdraw" and any(step.option_id(state, c) == "seize" for c in decision.codes):
        return "seize declined"
    return None
