"""The components as tables for `volstead cards mafia_chronicles` (the `card_tables` hook)."""

from __future__ import annotations

from volstead.engine.contract import CardTable

from .content.loader import default_content
from .content.models import Bonus

NARROW = frozenset({"id", "level", "S/G", "price", "income", "copies", "kind"})


def _bonus(bonus: list[Bonus]) -> str:
    return ", ".join(f"+{b.amount} {'both moves' if b.to == 'moves' else b.to}" for b in bonus)


def card_tables(damage_bands: str = "rules-text", data_dir: str = "") -> list[CardTable]:
    """`damage_bands`: the variant the Damage reference card shows (the game's option); `data_dir`:
    another card set's folder ("" the embedded set)."""
    from .catalog import reference_cards

    c = default_content(data_dir)
    gangsters = tuple(
        (
            g.id,
            g.name,
            str(g.level),
            f"{g.smarts}/{g.grit}",
            ", ".join(f"{m.move} {m.rating}" for m in g.moves),
            f"${g.price}K",
            f"${g.income}K" if g.income else "",
            g.ability.text if g.ability else "",
        )
        for g in sorted(c.gangsters, key=lambda g: (g.level, g.name))
    )
    businesses = tuple(
        (b.id, b.name, b.kind, str(b.count), f"${b.price}K", f"${b.income}K", _bonus(b.bonus), b.text) for b in c.businesses
    )
    assets = tuple(
        (
            a.id,
            a.name,
            a.kind,
            str(a.count),
            f"${a.price}K",
            f"${a.income}K" if a.income else "",
            _bonus(a.bonus),
            a.perk.text if a.perk else "",
            a.text,
        )
        for a in c.assets
    )
    events = tuple((e.id, e.name, str(e.count), e.effect, e.text) for e in c.events)
    refs = tuple((rid, name, "\n".join(lines)) for rid, name, lines in reference_cards(damage_bands))
    return [
        CardTable(
            "gangsters",
            "Gangsters",
            ("id", "name", "level", "S/G", "moves", "price", "income", "ability"),
            gangsters,
            narrow=NARROW,
        ),
        CardTable(
            "businesses",
            "Businesses",
            ("id", "name", "kind", "copies", "price", "income", "bonus", "text"),
            businesses,
            total=len(c.business_deck),
            narrow=NARROW,
        ),
        CardTable(
            "assets",
            "Assets",
            ("id", "name", "kind", "copies", "price", "income", "bonus", "perk", "text"),
            assets,
            total=len(c.asset_deck),
            narrow=NARROW,
        ),
        CardTable("events", "Events", ("id", "name", "copies", "effect", "text"), events, total=len(c.event_deck), narrow=NARROW),
        CardTable("reference", "Reference cards", ("id", "name", "lines"), refs, narrow=NARROW),
    ]
