"""The Mafia Chronicles' card set as the rules read it: one indexed `Content`, built once by
`loader.py` from the data files, and the numbering of card instances.

Compiled with the rules (compile.toml): the rules read its tables on every decision, and a
compiled class's fields are read without a dictionary lookup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .models import Asset, Business, Event, Gangster, Setting

SEATS: Final = 4
GANGSTERS: Final = 100
PER_LEVEL: Final = 20
LEVELS: Final = 5
DECK: Final = 20  # Business and Asset decks (§4)
B0: Final = GANGSTERS  # first Business instance
A0: Final = B0 + SEATS * DECK  # first Asset instance
INSTANCES: Final = A0 + SEATS * DECK


@dataclass(frozen=True, eq=False)
class Content:
    """Every authored fact, indexed for the rules. Built once, shared by every state."""

    setting: Setting
    gangsters: tuple[Gangster, ...]
    businesses: tuple[Business, ...]
    assets: tuple[Asset, ...]
    events: tuple[Event, ...]
    # Gangsters, by index (= instance)
    g_index: dict[str, int]
    g_level: tuple[int, ...]
    g_base: tuple[tuple[int, int, int, int], ...]  # (Smarts, Grit, move 1 rating, move 2 rating)
    g_moves: tuple[tuple[int, int], ...]  # move numbers (MOVES) of moves 1 and 2
    g_price: tuple[int, ...]
    g_income: tuple[int, ...]
    g_perk: tuple[tuple[int, int, int] | None, ...]
    # Business / Asset types, by type index; decks list type indices with copies repeated
    b_index: dict[str, int]
    a_index: dict[str, int]
    business_deck: tuple[int, ...]
    asset_deck: tuple[int, ...]
    b_kind: tuple[int, ...]
    a_kind: tuple[int, ...]
    b_bonus: tuple[tuple[int, ...], ...]
    a_bonus: tuple[tuple[int, ...], ...]
    a_perk: tuple[tuple[int, int, int] | None, ...]
    # Events
    e_index: dict[str, int]
    event_deck: tuple[int, ...]

    # ------------------------------------------------------------ instances
    def type_of(self, inst: int) -> int:
        """The card type index of an instance (a Gangster's index is its instance)."""
        if inst < B0:
            return inst
        if inst < A0:
            return self.business_deck[(inst - B0) % DECK]
        return self.asset_deck[(inst - A0) % DECK]

    def card(self, inst: int) -> Gangster | Business | Asset:
        if inst < B0:
            return self.gangsters[inst]
        if inst < A0:
            return self.businesses[self.type_of(inst)]
        return self.assets[self.type_of(inst)]

    def name(self, inst: int) -> str:
        return self.card(inst).name

    def price(self, inst: int) -> int:
        return self.card(inst).price

    def card_id(self, inst: int) -> str:
        return self.card(inst).id
