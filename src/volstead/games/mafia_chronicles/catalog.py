"""Names and texts of the components, for clients (all public knowledge)."""

from __future__ import annotations

from typing import Any

from .content.loader import default_content
from .options import Options
from .rules.dice import DAMAGE_BANDS, MAX_EDGE_DIFFERENCE

DAMAGE_CARD = "damage"
DEFAULT_BANDS: str = Options.model_fields["damage_bands"].default


def damage_lines(variant: str) -> list[str]:
    """The Damage reference card as the game plays it (the `damage_bands` option, §6.9): the bands
    of Edge difference of each result, from the rules' own table (rules/dice.py)."""
    discard_from, damage_from = DAMAGE_BANDS[variant]
    return [
        "Edge difference / effect",
        f"{discard_from}-{MAX_EDGE_DIFFERENCE} = discard",
        f"{damage_from}-{discard_from - 1} = damage to move used",
        f"1-{damage_from - 1} = no effect",
    ]


def reference_cards(variant: str) -> list[tuple[str, str, list[str]]]:
    """(id, name, lines) of the four reference cards (§3), the Damage card with `variant`'s bands."""
    return [
        (r.id, r.name, damage_lines(variant) if r.id == DAMAGE_CARD else list(r.lines))
        for r in default_content().setting.reference_cards
    ]


def catalog() -> dict[str, Any]:
    c = default_content()
    return {
        "gangsters": {
            g.id: {
                "name": g.name,
                "level": g.level,
                "smarts": g.smarts,
                "grit": g.grit,
                "moves": [[m.move, m.rating] for m in g.moves],
                "price": g.price,
                "income": g.income,
                "ability": g.ability.text if g.ability else "",
            }
            for g in c.gangsters
        },
        "businesses": {
            b.id: {
                "name": b.name,
                "kind": b.kind,
                "copies": b.count,
                "price": b.price,
                "income": b.income,
                "bonus": [[x.to, x.amount] for x in b.bonus],
                "text": b.text,
            }
            for b in c.businesses
        },
        "assets": {
            a.id: {
                "name": a.name,
                "kind": a.kind,
                "copies": a.count,
                "price": a.price,
                "income": a.income,
                "bonus": [[x.to, x.amount] for x in a.bonus],
                "perk": a.perk.text if a.perk else "",
                "text": a.text,
            }
            for a in c.assets
        },
        "events": {e.id: {"name": e.name, "copies": e.count, "text": e.text} for e in c.events},
        "syndicates": {x.id: {"name": x.name, "color": x.color} for x in c.setting.syndicates},
        # The Damage card's lines are the default game's bands; "variants" gives each variant's
        # (the table shows the one the game's options play: view "damage_bands").
        "reference_cards": {
            rid: {"name": name, "lines": lines}
            | ({"variants": {v: damage_lines(v) for v in DAMAGE_BANDS}} if rid == DAMAGE_CARD else {})
            for rid, name, lines in reference_cards(DEFAULT_BANDS)
        },
    }
