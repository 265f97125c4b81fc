"""The game log's sentences (issue 36 §4): what a gang did, read after its name ("The Seven Gems:
Seized Cicero (defense 2)."), and what rivals read of a choice the rules keep hidden.

Option labels are what a player is offered ("Seize Cicero"); the log tells what was done, in the
past tense (`said`, for `Step.option_said`). `HIDDEN` is `Step.hidden_said` for the kinds that
are not on the table (PUBLIC_DECISION_KINDS in __init__.py): it names the question, never the
answer. Only logs ask: nothing here is on a hot path.
"""

from __future__ import annotations

from typing import Final

# An option label's first word(s) -> the same in the past tense.
_PAST: Final[tuple[tuple[str, str], ...]] = (
    ("Store it", "Stored it"),
    ("Control ", "Took control of "),
    ("Seize ", "Seized "),
    ("Send ", "Sent "),
    ("Move ", "Moved "),
    ("Play ", "Played "),
    ("Keep ", "Kept "),
    ("Hire ", "Hired "),
    ("Fulfil ", "Fulfilled "),
    ("Activate ", "Activated "),
    ("Sell ", "Sold "),
    ("Spend ", "Spent "),
    ("Add ", "Added "),
    ("Remove ", "Removed "),
    ("Upgrade ", "Upgraded "),
    ("Place ", "Placed "),
    ("Open ", "Opened "),
    ("Lose ", "Lost "),
    ("Bring ", "Brought "),
    ("Hit ", "Hit "),
    ("Kill ", "Killed "),
    ("Start ", "Started "),
    ("Return ", "Returned "),
    ("Skip ", "Waived "),
    ("Stop", "Stopped"),
    ("Finish the Plan", "Finished the Plan"),
    ("End your turn", "Ended the turn"),
    ("Pass", "Passed on fulfilling a Job"),
)

# Labels that are not verb phrases, by kind: the sentence around them.
_AROUND: Final[dict[str, str]] = {
    "right_hand": "Took {} as a Right-hand",
    "choose_rival": "Chose {}",
    "starting_goods": "Put {} on the starting Dealers",
    "extra_goods": "Took {} as the Dealers Supply bonus",
}

# What rivals read of a hidden choice: the question, never the answer.
HIDDEN: Final[dict[str, str]] = {
    "draft_job": "Kept one Job of the draft and passed the rest on",
    "return_job": "Returned one of the drafted Jobs to the Job deck",
    "keep_job": "Kept one of the Jobs drawn (the rest went to the bottom of the deck)",
    "keep_dealer": "Kept one of the Dealers drawn",
    "job_window": "Answered the chance to fulfil a Job",
    "card_to_hand": "Chose where the new card goes: hand or discard pile",
    "extra_goods": "Chose the goods of the Dealers Supply bonus",
    "truck_discount": "Chose which goods the trucks waive",
    "starting_hood": "Chose the starting Neighborhood",
    "remove_control": "Chose which control marker to remove",
    "enforcer_tie": "Broke a tie for the Enforcer",
}


def said(kind: str, label: str) -> str:
    """The log's sentence for an option of `kind` labelled `label`."""
    if kind == "recruit":
        return {
            "Recruits → Safehouses": "Recruited a thug from the Recruits to the Safehouses",
            "Safehouses → Headquarters": "Brought a thug from the Safehouses to Headquarters",
        }.get(label, "Stopped recruiting")
    if kind == "card_to_hand":
        return (
            "Took the new card to hand" + label[len("To your hand") :]
            if label.startswith("To your hand")
            else "Put the new card on the discard pile"
        )
    if kind == "hit":  # "Hit a The Seven Gems thug" -> "Hit a Seven Gems thug"
        label = label.replace(" a The ", " a ")
    if kind == "move_from":
        return "Chose to move pieces " + label[len("Move ") :]
    if kind == "enforcer_tie" and label.startswith("The Enforcer: "):
        return "Chose for the Enforcer: " + label[len("The Enforcer: ") :]
    if kind in _AROUND:
        return _AROUND[kind].format(label)
    for verb, past in _PAST:
        if label.startswith(verb):
            return past + label[len(verb) :]
    return label
