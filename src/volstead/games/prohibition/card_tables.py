"""Prohibition's components as tables for `volstead cards` (the `card_tables` hook), read from the
validated content, so what is printed is what the rules play with."""

from __future__ import annotations

from volstead.engine.contract import CardTable

from .content.loader import BIG, default_content

NARROW = frozenset({"id", "no.", "PP", "heat", "stock", "output", "limit", "4 gangs", "picker"})
ROMAN = ("I", "II", "III", "IV")


def _amount(model) -> str:
    return ", ".join(f"{v} {k}" for k, v in model.model_dump().items() if v) or "—"


def fees_text(fees: tuple[tuple[int, int], ...]) -> str:
    """A mat's warehouse fee table as its row reads: "≤6: 5 Gs, …, more: 20 Gs"; one row covers any Booze."""
    if len(fees) == 1:
        return f"any Booze: {fees[0][1]} Gs"
    return ", ".join(f"{'more' if upto == BIG else f'≤{upto}'}: {gs} Gs" for upto, gs in fees)


def card_tables(cards: str = "") -> list[CardTable]:
    """The tables of the embedded set, or of the set in the `cards` folder."""
    c = default_content(cards)
    tables = [
        CardTable(
            "schemes",
            "Schemes",
            ("id", "name", "PP", "requirement", "tactic"),
            tuple((x.id, x.name, str(x.prestige), x.requires_text, f"{x.tactic.name}: {x.tactic.text}") for x in c.schemes),
            narrow=NARROW,
        ),
        CardTable(
            "feds",
            "Fed cards",
            ("no.", "id", "name", "picker", *(f"Threshold {r}" for r in ROMAN)),
            tuple(
                (str(f.number), f.id, f.name, f.picker, *(f"bribe {lv.bribe} / {lv.text} / {lv.months} mo." for lv in f.levels))
                for f in sorted(c.feds, key=lambda f: f.number)
            ),
            narrow=NARROW,
        ),
        CardTable(
            "infamy",
            "Infamy cards",
            ("id", "name", "PP", "condition"),
            tuple((x.id, x.name, str(x.prestige), x.requires_text) for x in c.infamy),
            narrow=NARROW,
        ),
        CardTable(
            "mats",
            "Player mats",
            ("id", "name", "bonuses", "warehouse fees"),
            tuple((m.id, m.name, m.text, fees_text(c.mat_fees[i])) for i, m in enumerate(c.mats)),
            narrow=NARROW,
        ),
        CardTable(
            "buildings",
            "Buildings",
            ("id", "name", "heat", "stock", "output", "limit", "costs"),
            tuple(
                (
                    b.id,
                    b.name,
                    str(b.heat),
                    _amount(b.stock),
                    _amount(b.produce),
                    str(b.per_neighborhood or "—"),
                    " ".join(map(str, b.costs)),
                )
                for b in c.buildings.buildings
            ),
            total=7 * len(c.buildings.buildings),
            narrow=NARROW,
        ),
        CardTable(
            "neighborhoods",
            "Neighborhoods",
            ("id", "name", "4 gangs"),
            tuple((n.id, n.name, "only" if n.four_gangs_only else "") for n in c.board.neighborhoods),
            narrow=NARROW,
        ),
    ]
    return tables
