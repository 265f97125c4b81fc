"""How cards, money and places read for people (labels are made only when someone asks)."""

from __future__ import annotations

from typing import Final

from ..content.loader import B0
from ..content.models import Asset, Business
from ..state import MOVE_TITLES, MafiaState, Mob

COLUMN_NAMES: Final[tuple[str, ...]] = ("Boss column", "column 2", "column 3", "column 4")


def money(k: int) -> str:
    """$1K units as people write them: $250K, $1.2M, −$50K."""
    sign = "−" if k < 0 else ""
    k = abs(k)
    if k >= 1000:
        return f"{sign}${k / 1000:.2f}".rstrip("0").rstrip(".") + "M"
    return f"{sign}${k}K"


def gangster_text(s: MafiaState, g: int) -> str:
    c = s.content
    card = c.gangsters[g]
    moves = ", ".join(f"{m.move.capitalize()} {m.rating}" for m in card.moves)
    extra = f", income {money(card.income)}" if card.income else ""
    ability = f" — {card.ability.text}" if card.ability else ""
    return (
        f"{card.name} (level {card.level}: Smarts {card.smarts}, Grit {card.grit}, {moves}; {money(card.price)}{extra}){ability}"
    )


def card_text(s: MafiaState, inst: int) -> str:
    """A market card as a shop shows it: name, price, income, bonus."""
    c = s.content
    if inst < B0:
        return gangster_text(s, inst)
    card = c.card(inst)
    assert isinstance(card, (Business, Asset))
    bits = [money(card.price)]
    if card.income:
        bits.append(f"income {money(card.income)}")
    for b in card.bonus:
        bits.append(f"+{b.amount} {'both moves' if b.to == 'moves' else b.to.capitalize()}")
    perk = getattr(card, "perk", None)
    if perk is not None:
        bits.append(perk.text)
    return f"{card.name} ({'; '.join(bits)})"


def mob_text(s: MafiaState, seat: int, col: int) -> str:
    """ "Vito Marino (Boss of The Valenti Family)"."""
    y = s.syn[seat]
    mob = y.mobs[col]
    if mob is None:
        return f"nobody ({s.syndicate_name(seat)}, {COLUMN_NAMES[col]})"
    role = "Boss" if col == 0 else "Underboss" if col == 1 else "Gangster"
    return f"{s.card_name(mob.card)} ({role} of {s.syndicate_name(seat)})"


def markers(mob: Mob) -> str:
    bits = []
    if mob.jailed:
        bits.append("in Jail")
    elif mob.heat:
        bits.append(f"Heat {mob.heat}")
    if mob.damage:
        bits.append(f"damage {mob.damage}")
    return f" [{', '.join(bits)}]" if bits else ""


def move_title(move: int) -> str:
    return MOVE_TITLES[move]
