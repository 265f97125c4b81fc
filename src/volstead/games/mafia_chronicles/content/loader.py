"""Load and validate the Mafia Chronicles data files into one indexed `Content`.

It runs once per data folder; the rules then use the plain tuples built here,
never the TOML or the pydantic models on the hot path. A defect is a
`ContentError` naming the file, the card and the field.

Card instances (what the state holds) are ints: Gangsters 0–99 are the Gangster
cards themselves (each is unique, §3); each syndicate's copy of the Business
deck is `B0 + 20 × seat + k` and of the Asset deck `A0 + 20 × seat + k`, where
`k` indexes `business_deck` / `asset_deck` (the card list with copies repeated).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel

from volstead.engine.content import content_folder, load_file, unique, unique_across
from volstead.engine.errors import ContentError

from .models import (
    BONUS_TARGETS,
    MOVES,
    Asset,
    Assets,
    Business,
    Businesses,
    Event,
    Events,
    Gangster,
    Gangsters,
    Perk,
    Setting,
)
from .tables import A0, B0, DECK, GANGSTERS, INSTANCES, LEVELS, PER_LEVEL, SEATS, Content  # noqa: F401 (the rules import them from here)

DATA_DIR: Final = Path(__file__).resolve().parent.parent / "data"

PERKS: Final[tuple[str, ...]] = (
    "roll",
    "defense_roll",
    "cool_head",
    "thick_skin",
    "loyal",
    "connected",
    "payout",
    "mastermind",
    "menace",
)
BUSINESS_KINDS: Final[tuple[str, ...]] = ("candy_factory", "airstrip", "street", "other")
ASSET_KINDS: Final[tuple[str, ...]] = ("plans", "spotter", "insider", "other")
# Cards the rulebook names, kept with what it shows (§3 card anatomy, §6.5 Shipment and Heist chains).
NAMED_BUSINESSES: Final = {"candy_factory": "candy_factory", "airstrip": "airstrip", "street": "street"}
NAMED_ASSETS: Final = {"plans": "plans", "spotter": "spotter", "insider": "insider"}
COMPOUND: Final = {"id": "compound", "price": 250, "income": 200, "bonus": [("moves", 1)]}  # §3: "★ to both, $250K, $200K"
MIN_EVENTS: Final = 4  # one a round

FILES: dict[str, type[BaseModel]] = {
    "setting.toml": Setting,
    "gangsters.toml": Gangsters,
    "businesses.toml": Businesses,
    "assets.toml": Assets,
    "events.toml": Events,
}


def _perk(p: Perk | None) -> tuple[int, int, int] | None:
    """(perk number, move number or -1, amount)."""
    if p is None:
        return None
    return PERKS.index(p.effect), (MOVES.index(p.move) if p.move else -1), p.amount


def _bonus(card: Business | Asset) -> tuple[int, ...]:
    vec = [0] * len(BONUS_TARGETS)
    for b in card.bonus:
        vec[BONUS_TARGETS.index(b.to)] += b.amount
    return tuple(vec)


def _check_event(e: Event, registry: Mapping[str, Callable[..., Any]] | None) -> None:
    if registry is None:
        return
    fn = registry.get(e.effect)
    if fn is None:
        raise ContentError(f"events.toml: event {e.id!r}: unknown effect {e.effect!r}; known: {', '.join(sorted(registry))}")
    try:
        inspect.signature(fn).bind(None, **e.args)
    except TypeError as err:
        raise ContentError(f"events.toml: event {e.id!r}: effect {e.effect!r} does not take args {e.args}: {err}") from None
    if "move" in e.args and e.args["move"] not in MOVES:
        raise ContentError(f"events.toml: event {e.id!r}: unknown move {e.args['move']!r}")


def build_content(
    data_dir: Path = DATA_DIR, events: Mapping[str, Callable[..., Any]] | None = None, require_complete: bool = False
) -> Content:
    data_dir = Path(data_dir)
    loaded: dict[str, Any] = {name: load_file(data_dir / name, model) for name, model in FILES.items()}
    setting: Setting = loaded["setting.toml"]
    gangsters = tuple(loaded["gangsters.toml"].gangsters)
    businesses = tuple(loaded["businesses.toml"].businesses)
    assets = tuple(loaded["assets.toml"].assets)
    event_cards = tuple(loaded["events.toml"].events)

    unique("setting.toml", "syndicate", [s.id for s in setting.syndicates])
    unique("gangsters.toml", "gangster", [g.id for g in gangsters])
    unique("businesses.toml", "business", [b.id for b in businesses])
    unique("assets.toml", "asset", [a.id for a in assets])
    unique("events.toml", "event", [e.id for e in event_cards])
    unique_across(
        "card",
        [
            ("gangsters.toml", [g.id for g in gangsters]),
            ("businesses.toml", [b.id for b in businesses]),
            ("assets.toml", [a.id for a in assets]),
        ],
    )
    for e in event_cards:
        _check_event(e, events)

    business_deck = tuple(i for i, b in enumerate(businesses) for _ in range(b.count))
    asset_deck = tuple(i for i, a in enumerate(assets) for _ in range(a.count))
    event_deck = tuple(i for i, e in enumerate(event_cards) for _ in range(e.count))
    if require_complete:
        _check_complete(gangsters, businesses, assets, business_deck, asset_deck, event_deck)

    return Content(
        setting=setting,
        gangsters=gangsters,
        businesses=businesses,
        assets=assets,
        events=event_cards,
        g_index={g.id: i for i, g in enumerate(gangsters)},
        g_level=tuple(g.level for g in gangsters),
        g_base=tuple((g.smarts, g.grit, g.moves[0].rating, g.moves[1].rating) for g in gangsters),
        g_moves=tuple((MOVES.index(g.moves[0].move), MOVES.index(g.moves[1].move)) for g in gangsters),
        g_price=tuple(g.price for g in gangsters),
        g_income=tuple(g.income for g in gangsters),
        g_perk=tuple(_perk(g.ability) for g in gangsters),
        b_index={b.id: i for i, b in enumerate(businesses)},
        a_index={a.id: i for i, a in enumerate(assets)},
        business_deck=business_deck,
        asset_deck=asset_deck,
        b_kind=tuple(BUSINESS_KINDS.index(b.kind) for b in businesses),
        a_kind=tuple(ASSET_KINDS.index(a.kind) for a in assets),
        b_bonus=tuple(_bonus(b) for b in businesses),
        a_bonus=tuple(_bonus(a) for a in assets),
        a_perk=tuple(_perk(a.perk) for a in assets),
        e_index={e.id: i for i, e in enumerate(event_cards)},
        event_deck=event_deck,
    )


def _check_complete(
    gangsters: tuple[Gangster, ...],
    businesses: tuple[Business, ...],
    assets: tuple[Asset, ...],
    business_deck: tuple[int, ...],
    asset_deck: tuple[int, ...],
    event_deck: tuple[int, ...],
) -> None:
    """The component counts of the game (§3, §4) and the cards the rulebook names."""
    if len(gangsters) != GANGSTERS:
        raise ContentError(
            f"gangsters.toml: the complete set has {GANGSTERS} Gangsters (4 decks of 25), this file has {len(gangsters)}"
        )
    for level in range(1, LEVELS + 1):
        n = sum(1 for g in gangsters if g.level == level)
        if n != PER_LEVEL:
            raise ContentError(f"gangsters.toml: level {level} has {n} Gangsters; the decks need {PER_LEVEL} (5 per deck, §3)")
    for fname, deck in (("businesses.toml", business_deck), ("assets.toml", asset_deck)):
        if len(deck) != DECK:
            raise ContentError(f"{fname}: the deck has {DECK} cards (§4), this file has {len(deck)} with copies")
    for fname, cards, named in (("businesses.toml", businesses, NAMED_BUSINESSES), ("assets.toml", assets, NAMED_ASSETS)):
        by_id = {c.id: c for c in cards}
        for cid, kind in named.items():
            if cid not in by_id:
                raise ContentError(f"{fname}: the rulebook's {cid!r} card is missing")
            if by_id[cid].kind != kind:
                raise ContentError(f"{fname}: {cid!r} must be of kind {kind!r}, not {by_id[cid].kind!r}")
        for c in cards:
            if c.kind != "other" and named.get(c.id) != c.kind:
                raise ContentError(
                    f"{fname}: {c.id!r} has the chain kind {c.kind!r}, which only the rulebook's {c.kind!r} card has"
                )
    compound = next((b for b in businesses if b.id == COMPOUND["id"]), None)
    if compound is None:
        raise ContentError("businesses.toml: the rulebook's 'compound' card is missing")
    shown = (compound.price, compound.income, [(b.to, b.amount) for b in compound.bonus])
    if shown != (COMPOUND["price"], COMPOUND["income"], COMPOUND["bonus"]):
        raise ContentError(
            "businesses.toml: 'compound' must be as the rulebook shows it: price 250, income 200, bonus +1 to both moves"
        )
    if len(event_deck) < MIN_EVENTS:
        raise ContentError(f"events.toml: a game turns {MIN_EVENTS} Event cards, this deck has {len(event_deck)}")


@lru_cache(maxsize=8)
def default_content(data_dir: str = "") -> Content:
    """The embedded set (or the complete set in `data_dir`), validated against the real Event
    effects. Built once per folder."""
    from ..rules.events import EVENT_EFFECTS

    return build_content(content_folder(data_dir, DATA_DIR), events=EVENT_EFFECTS, require_complete=True)


__all__ = ["A0", "B0", "DATA_DIR", "DECK", "INSTANCES", "Content", "build_content", "default_content"]
