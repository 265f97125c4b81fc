"""Names and texts of the components, for clients (all public knowledge)."""

from __future__ import annotations

from typing import Any

from .content.loader import default_content


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
        "reference_cards": {r.id: {"name": r.name, "lines": list(r.lines)} for r in c.setting.reference_cards},
    }
