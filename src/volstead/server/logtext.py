"""What the game log may say to whom.

The deciding seat reads its own option's sentence (Step.option_said, else its label). Everyone else reads the label
only of decisions whose outcome the rules show on the table anyway (moves,
seizures, hires, upgrades, sales...); for the rest they read "decided: <kind>"
(or the game's own sentence, Step.hidden_said) — never a rival's hand, Jobs or money.
"""

from __future__ import annotations


def is_public(game: str, kind: str) -> bool:
    """Each game lists the decision kinds whose outcome is public (`public_decision_kinds`)."""
    from volstead.games import get_game

    return kind in get_game(game).public_decision_kinds


def humanize(kind: str) -> str:
    return kind.replace("_", " ")


def shown_to(entry: dict, viewer: int | None, everything: bool = False) -> bool:
    """Whether `viewer` sees the entry at all: a step of a secret simultaneous phase is its own
    seat's business (not even how many steps it took); others read when it is done."""
    return everything or not entry.get("private") or viewer == entry["seat"]


def entry_text(entry: dict, viewer: int | None, everything: bool = False) -> str:
    """The log line `viewer` (a seat, or None for the public) may read."""
    if entry.get("note"):
        return entry["note"]
    if everything or entry["public"] or viewer == entry["seat"]:
        text = entry.get("said") or entry["label"]
    else:
        text = entry.get("hidden") or f"decided: {humanize(entry['kind'])}"
    if entry.get("auto"):
        text += " (only option)"
    return text
