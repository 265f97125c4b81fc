"""What the game log may say to whom.

The deciding seat reads its own option labels. Everyone else reads the label
only of decisions whose outcome the rules show on the table anyway (moves,
seizures, hires, upgrades, sales...); for the rest they read "decided: <kind>"
— never a rival's hand, Jobs or money.
"""

from __future__ import annotations

PUBLIC_KINDS: dict[str, frozenset[str]] = {
    "scarface1920": frozenset({
        "starting_district", "move_from", "move", "seize", "hit", "send", "send_thugs", "upgrade", "move_police",
        "sell", "sell_goods", "sell_authorities", "add_business", "nightclub", "hire", "right_hand", "choose_rival",
        "place_vehicle", "retrieve_thugs", "remove_thugs", "to_prison", "lose_upgrade", "lose_business",
        "choose_deal", "store_goods", "pay_goods", "starting_goods", "recruit", "plan", "action",
    }),
}


def is_public(game: str, kind: str) -> bool:
    return kind in PUBLIC_KINDS.get(game, frozenset())


def humanize(kind: str) -> str:
    return kind.replace("_", " ")


def entry_text(entry: dict, viewer: int | None, everything: bool = False) -> str:
    """The log line `viewer` (a seat, or None for the public) may read."""
    if entry.get("note"):
        return entry["note"]
    if everything or entry["public"] or viewer == entry["seat"]:
        text = entry["label"]
    else:
        text = f"decided: {humanize(entry['kind'])}"
    if entry.get("auto"):
        text += " (only option)"
    return text
