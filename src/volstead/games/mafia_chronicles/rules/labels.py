"""How cards, money and places read for people (labels are made only when someone asks)."""

from __future__ import annotations

from typing import Final

from ..content.loader import B0
from ..content.models import Asset, Business
from ..state import DEBT_LIMIT, MOVE_TITLES, MafiaState, Mob, Syndicate

# The columns as the board names them (§3.2: the Boss slot heads column 1, the Underboss slot column 2).
COLUMN_NAMES: Final[tuple[str, ...]] = ("Boss column", "Underboss column", "column 3", "column 4")
# "in the Boss column", "in column 3"
THE_COLUMN: Final[tuple[str, ...]] = tuple(("the " if n.endswith("column") else "") + n for n in COLUMN_NAMES)
NEGATIVE_STASH_VP: Final = 5  # §8: "-5 points: go into a negative stash balance"


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


def debt_label(y: Syndicate, cost: int) -> str:
    """What a payment more than the stash does, for an option's label: "" when the stash covers it."""
    after = y.stash - cost
    if cost <= 0 or after >= 0:
        return ""
    vp = "" if y.went_negative else f", −{NEGATIVE_STASH_VP} VP"
    return f" — into debt: stash {money(after)}{vp}"


def debt_help(y: Syndicate, cost: int) -> str:
    """What a payment more than the stash does, in full (§3.3, §8), for an option's help."""
    after = y.stash - cost
    if cost <= 0 or after >= 0:
        return ""
    text = f"It costs {money(cost)}, more than your stash of {money(y.stash)}: your stash goes to {money(after)}. "
    if y.went_negative:
        text += "Your stash has been negative before: the −5 VP is already counted (§8)."
    else:
        text += (
            f"Going into a negative stash costs −{NEGATIVE_STASH_VP} victory points at the end of the game, "
            "even if you pay the debt back (§8)."
        )
    if after <= -DEBT_LIMIT:
        text += f" With a debt of {money(DEBT_LIMIT)} or more you cannot buy cards until it is smaller (§3.3)."
    return text
