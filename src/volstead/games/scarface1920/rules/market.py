"""The Associate Market (rulebook: Hire 1 Associate; Refresh the Market).

Each row is the face-up spaces, leftmost first, plus the revealed top card
of its deck (also hireable). Hiring shifts the cards left of the hired one a
space right and the revealed deck top fills the leftmost space.
"""

from __future__ import annotations

from typing import Final

from ..state import ScarfaceState

# the 1–3★ and 4–5★ rows
LOW: Final = 0
HIGH: Final = 1
ROW_SPACES: Final[tuple[int, ...]] = (3, 1)


def row(s: ScarfaceState, which: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (s.market_low, s.deck_low) if which == LOW else (s.market_high, s.deck_high)


def _set(s: ScarfaceState, which: int, spaces: tuple, deck: tuple) -> None:
    if which == LOW:
        s.market_low, s.deck_low = spaces, deck
    else:
        s.market_high, s.deck_high = spaces, deck


def hireable(s: ScarfaceState) -> list[tuple[int, int, int]]:
    """(row, position, card): position -1 is the revealed deck top."""
    out = []
    for which in (LOW, HIGH):
        spaces, deck = row(s, which)
        if deck:
            out.append((which, -1, deck[0]))
        out.extend((which, i, c) for i, c in enumerate(spaces))
    return out


def can_hire(s: ScarfaceState, influence: int) -> bool:
    """Some hireable card (`hireable`) has at most `influence` stars: what the Hire order's
    legality asks at every action menu, without building the list."""
    stars = s.content.card_stars
    for which in (LOW, HIGH):
        spaces, deck = row(s, which)
        if deck and stars[deck[0]] <= influence:
            return True
        for card in spaces:
            if stars[card] <= influence:
                return True
    return False


def take(s: ScarfaceState, which: int, pos: int) -> int:
    spaces, deck = row(s, which)
    if pos == -1:
        card = deck[0]
        _set(s, which, spaces, deck[1:])
        return card
    card = spaces[pos]
    rest = spaces[:pos] + spaces[pos + 1 :]
    if deck:
        _set(s, which, (deck[0],) + rest, deck[1:])
    else:
        _set(s, which, rest, deck)
    return card


def refresh_market(s: ScarfaceState) -> None:
    """Rightmost (trash-can) card of each row to the bottom of its deck; shift right; reveal."""
    for which in (LOW, HIGH):
        spaces, deck = row(s, which)
        if len(spaces) == ROW_SPACES[which]:
            deck = deck + (spaces[-1],)
            spaces = spaces[:-1]
        if deck and len(spaces) < ROW_SPACES[which]:
            spaces = (deck[0],) + spaces
            deck = deck[1:]
        _set(s, which, spaces, deck)
