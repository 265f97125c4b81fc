"""The table's outcomes calculator (§6.4), before the roll: each move's exact chance of success with
its Heat on success and damage on failure, in words, for the help of the move and target choices.

Made only when a person asks (option help is lazy); exact (`dice.outcomes`: every pair of dice,
ties re-rolled), then rounded to whole percents for reading ("<1%" for a chance that is not 0).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from ..state import FIX, HEIST, MOVE_TITLES, SHIPMENT, SMUGGLE, STEAL, MafiaState
from .dice import DAMAGED, DISCARDED, NO_EFFECT, Outcomes, counted, edge
from .labels import money
from .ratings import MASTERMIND, ROLL, THICK_SKIN, move_rating, perk_total, smarts

HALF: Final = Fraction(1, 2)


def pct(p: Fraction) -> str:
    """A chance as a whole percent, rounded half up; "<1%" / ">99%" for chances that are not 0 / 1."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    v = p * 100
    if v < 1:
        return "<1%"
    if v > 99:
        return ">99%"
    return f"{int(v + HALF)}%"


def heat_after(s: MafiaState, seat: int, col: int, move: int, e: int) -> int:
    """Heat the mover gains after a success with Edge `e` (§6.7; Cool Head, the Event's extra)."""
    from .moves import HEAT_MOVES, success_heat

    return success_heat(s, s.syn[seat], col, e) if move in HEAT_MOVES else 0


def heat_words(s: MafiaState, seat: int, col: int, heats: dict[int, Fraction]) -> str:
    """ "+2 Heat 41%, +1 Heat 21%" (largest first), "→ Jail" where it reaches 5."""
    mob = s.syn[seat].mobs[col]
    now = mob.heat if mob is not None else 0
    bits = []
    for h in sorted(heats, reverse=True):
        jail = " (Jail)" if h and now + h >= 5 else ""
        bits.append(f"{'no Heat' if h == 0 else f'+{h} Heat'}{jail} {pct(heats[h])}")
    return ", ".join(bits)


def fail_words(s: MafiaState, seat: int, col: int, move: int, fail: dict[int, Fraction]) -> str:
    """ "no effect 25%, −1 Murder 13%, discarded 2%" (§6.9; a failed Fix or Smuggle never damages;
    Thick Skin turns a discard into damage)."""
    merged: dict[int, Fraction] = {}
    thick = perk_total(s, s.syn[seat], col, THICK_SKIN)
    for r, p in fail.items():
        if move in (FIX, SMUGGLE):
            r = NO_EFFECT
        elif r == DISCARDED and thick:
            r = DAMAGED
        merged[r] = merged.get(r, Fraction(0)) + p
    names = {NO_EFFECT: "no effect", DAMAGED: f"−1 {MOVE_TITLES[move]}", DISCARDED: "discarded"}
    return ", ".join(f"{names[r]} {pct(merged[r])}" for r in sorted(merged))


def odds_words(s: MafiaState, seat: int, col: int, move: int, oc: Outcomes) -> str:
    """The whole distribution: "62% to succeed: +2 Heat 41%, +1 Heat 21%. Fails 38%: no effect 25%, −1 Murder 13%."."""
    if not oc.win and not oc.fail:
        return "Cannot succeed: every roll ties (a tie is thrown again, for ever)."
    heats: dict[int, Fraction] = {}
    for e, p in oc.win.items():
        h = heat_after(s, seat, col, move, e)
        heats[h] = heats.get(h, Fraction(0)) + p
    win = oc.success
    lose = 1 - win
    if win == 1:
        head = "Always succeeds"
    else:
        head = f"{pct(win)} to succeed"
    text = head + (f": {heat_words(s, seat, col, heats)}." if win else ".")
    if lose:
        text += f" Fails {pct(lose)}: {fail_words(s, seat, col, move, oc.fail)}."
    return text


def average_edge(oc: Outcomes) -> Fraction:
    """The attacker's mean Edge when the move succeeds."""
    win = oc.success
    return sum((e * p for e, p in oc.win.items()), Fraction(0)) / win if win else Fraction(0)


def target_help(s: MafiaState, seat: int, col: int, move: int, target: tuple[Any, ...]) -> str:
    """The help of a target: the exact odds, then what success brings."""
    from .moves import move_outcomes, payout

    oc = move_outcomes(s, seat, col, move, target)
    extra = payout(s, s.syn[seat], col, move)
    if move == STEAL and target[0] == "stash":
        mean = average_edge(oc) * 20 + extra
        win = f"Steal Edge × $20K from the stash, {money(int(mean + HALF))} on average"
    else:
        win = {
            0: "the target is discarded" + ("" if target[2] == 0 else ", $100K"),
            1: "the Business is discarded, $100K, −1 Grit to its column",
            2: "the Asset is yours, −1 Grit to its column",
            3: "the card joins you, energized",
            4: "+3 Heat to the target, $100K",
            5: "Jail, Heat and damage removed",
        }.get(move, "")
        if extra:
            win += f", {money(extra)} more"
    return f"{odds_words(s, seat, col, move, oc)} Success: {win}."


def smuggle_help(s: MafiaState, seat: int, col: int) -> str:
    from .moves import move_outcomes, payout

    oc = move_outcomes(s, seat, col, SMUGGLE, ())
    mean = average_edge(oc) * 25 + payout(s, s.syn[seat], col, SMUGGLE)
    return f"{odds_words(s, seat, col, SMUGGLE, oc)} Pays Smuggle Edge × $25K, {money(int(mean + HALF))} on average."


def menu_help(s: MafiaState, seat: int, col: int, move: int) -> str:
    """The help of a move in the Moves menu: exact for a Smuggle; for a move with targets, the
    range of chances over its legal targets and the full odds against the likeliest one."""
    from .moves import move_outcomes, target_text, targets

    if move == SMUGGLE:
        return smuggle_help(s, seat, col)
    if move in (SHIPMENT, HEIST):
        return chain_help(s, seat, col, move, ())
    found = targets(s, seat, col, move)
    if not found:
        return ""
    scored = [(move_outcomes(s, seat, col, move, t), t) for t in found]
    ranked = sorted(range(len(scored)), key=lambda i: (-scored[i][0].success, i))
    best_oc, best = scored[ranked[0]]
    low = scored[ranked[-1]][0].success
    span = pct(best_oc.success) if low == best_oc.success else f"{pct(low)} to {pct(best_oc.success)}"
    n = len(found)
    return (
        f"{n} target{'s' if n > 1 else ''}, {span} to succeed. Likeliest: {target_text(s, best)} — "
        f"{odds_words(s, seat, col, move, best_oc)}"
    )


def chain_help(s: MafiaState, seat: int, col: int, kind: int, links: tuple[tuple[int, int], ...]) -> str:
    """A Shipment/Heist (§6.5): the initiator's roll of 1 fails it (+2/+3 Heat); otherwise it succeeds,
    with Heat by the initiator's Edge; with both links chosen, the mean total return."""
    from .chains import BASE_MOVE, ONE_HEAT, PER_EDGE

    y = s.syn[seat]
    move = BASE_MOVE[kind]
    rating = move_rating(s, y, col, move)
    bonus = perk_total(s, y, col, ROLL, move)
    fifth = Fraction(1, 5)
    heats: dict[int, Fraction] = {}
    edges = Fraction(0)
    for r in range(2, 6):
        e = edge(rating, counted(r, bonus))
        edges += e * fifth
        h = heat_after(s, seat, col, move, e)
        heats[h] = heats.get(h, Fraction(0)) + fifth
    mob = y.mobs[col]
    one = ONE_HEAT[kind]
    jail = " (Jail)" if mob is not None and mob.heat + one >= 5 else ""
    text = (
        f"{pct(Fraction(4, 5))} to succeed: {heat_words(s, seat, col, heats)}. "
        f"Fails 20% (a roll of 1): +{one} Heat{jail}. Each link's roll of 1 (20%): +{one} Heat to that card."
    )
    if len(links) == 2:
        link_mean = sum((Fraction(sum(edge(smarts(s, s.syn[t], c), r) for r in range(1, 6)), 5) for t, c in links), Fraction(0))
        mean = (edges / Fraction(4, 5) + link_mean + perk_total(s, y, col, MASTERMIND)) * PER_EDGE[kind]
        text += f" Returns total Edge × {money(PER_EDGE[kind])}, {money(int(mean + HALF))} on average when it succeeds."
    else:
        text += f" Returns total Edge × {money(PER_EDGE[kind])}, split as agreed."
    return text
